/**
 * MCP 2026-07-28 beside 2025-11-25: the revision without sessions, where each request carries the
 * client's version and capabilities in `_meta`, and a server that needs the user or the client's
 * model answers `input_required` and is called again with the answers. It is served by the SDK's
 * v2 package (`@modelcontextprotocol/server`, an optional peer loaded on the first such request),
 * one v2 `Server` per request, whose handlers are the very handlers of the endpoint's
 * `createMcpServer` (lib/mcp/server.ts): tools, prompts, resources and completion answer the same
 * on both revisions, and a rule stays in one place.
 *
 * Questions (`ctx.elicit`, approvals, `ctx.sample`) are asked by replay: the call runs; a question
 * whose answer came with the request (`inputResponses` to a question the round before asked, or an
 * earlier round's answers kept in the signed `requestState`) is answered at once; the first question without one stops the call (its
 * signal aborts) and the request is answered `input_required` with every question asked so far in
 * the same turn, and a `requestState` that carries the answers used, bound to the method, the
 * caller, the tool (or prompt, or resource) and a digest of its arguments. The call then runs again
 * from the start: code before a question runs once per round (docs/mcp.md says so).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { ServerContext, ServerEventBus, Server as ModernServer } from '@modelcontextprotocol/server';
import { ToolContextError, type ToolClient, type ElicitationReply, type ClientRoot } from '../invoke/calling/context';
import { MCP_TEXTS } from '../diagnostics';
import { canonicalJson } from '../json';
import { principalOf as principal } from './principal';
import { SpentStates } from './spent-states';
import { LEVELS, LOG_LEVEL_META, ownLevel, type CallAsks, type CallScope, type Row } from './call';
import type { McpTable, McpToolSource } from './table';
import { samplingParams } from './sampling';
import { listedByCaller } from './listen';
import { tracedRow, type McpTracing } from './tracing';
import { holdPublisher, MemoryEventBus, type McpBusOptions, type McpEvent, type McpEventBus } from './event-bus';
import type { ToolDefinition } from '../invoke/tools/bound-tool';
import { TaskRuntime, TASKS_EXTENSION, type DetachHooks, type McpTasksOptions } from './tasks/runtime';

/** The protocol revisions this module serves. */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];

/** Methods answered by the endpoint's `createMcpServer` handlers on both revisions. */
const SHARED_METHODS = [
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'completion/complete',
];
/** Methods that may answer `input_required` (the protocol's list, without tasks). */
const INPUT_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** Rounds of questions one request may take; the round beyond is refused. */
export const MAX_INPUT_ROUNDS = 16;
/** The largest `requestState` the server mints, in characters; answers beyond it are refused. */
export const MAX_REQUEST_STATE_CHARS = 64 * 1024;

/** What the HTTP endpoint knows of a request that the SDK's context does not say. */
export interface ModernRequestInfo {
  /** The Node request's headers (as a 2025 request's `requestInfo.headers`). */
  readonly headers: Record<string, string | string[] | undefined>;
  /** Who sends it (the rate limit's and the sessions' principal). */
  readonly principal: string;
  /** The verified token's holder, for a request the endpoint serves before the SDK's context exists (a listen stream's filter). */
  readonly authInfo?: AuthInfo;
  /**
   * Whether its answer may be an SSE stream; when false, what a call sends before its result
   * (progress, log messages) is dropped and the answer is JSON. @default true
   */
  readonly streaming?: boolean;
}

/** Options of the 2026-07-28 serving. */
export interface ModernOptions extends McpBusOptions {
  /**
   * The secret that signs `requestState` (at least 32 bytes). Every replica that may receive a
   * retry must have the same. A list rotates keys without downtime: the first signs, every one
   * verifies (add the new key second, then first once every replica has it, then drop the old).
   * @default a random key per process
   */
  requestStateKey?: string | Uint8Array | readonly (string | Uint8Array)[];
  /** How long a client may take to answer a round of questions, in seconds. @default 600 */
  requestStateTtlSeconds?: number;
  /** MCP tasks (the `io.modelcontextprotocol/tasks` extension: lib/mcp/tasks/runtime.ts). @default tasks in this process's memory */
  tasks?: McpTasksOptions;
}

/** The signed state of a request that asked questions: what it was, and the answers so far. */
interface RoundState {
  /** Its own id (random), by which it is spent. */
  readonly i: string;
  /** When it was minted (ms since the epoch). */
  readonly t: number;
  /** The request it belongs to: the tool, prompt or resource, and a digest of its arguments. */
  readonly r: string;
  /** Rounds so far. */
  readonly n: number;
  /** Answers used so far, by question key. */
  readonly a: Record<string, unknown>;
  /** The questions this round asked: the only keys of `inputResponses` the next request may answer. */
  readonly q: readonly string[];
  /** The keys of the approval questions asked so far (answered or not). */
  readonly p: readonly string[];
}

/** How a request's state is minted and spent. */
interface States {
  mint(payload: RoundState, ctx?: ServerContext): Promise<string>;
  readonly ttlMs: number;
}

/** The states spent in this process (every endpoint's: their ids are random). */
const spentStates = new SpentStates();

type Sdk = typeof import('@modelcontextprotocol/server');
type NodeSdk = typeof import('@modelcontextprotocol/node');

/** An optional peer, loaded once: the module, or undefined when it is not installed. */
function optionalPeer<T>(load: () => T): () => T | undefined {
  let loaded: T | null | undefined;
  return () => {
    if (loaded === undefined) {
      try {
        loaded = load();
      } catch {
        loaded = null;
      }
    }
    return loaded ?? undefined;
  };
}

/** The v2 SDK, or undefined when it is not installed (the endpoints then serve 2025 only). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const modernSdk = optionalPeer(() => require('@modelcontextprotocol/server') as Sdk);
/** The v2 SDK's Node adapter, or undefined when it is not installed (the HTTP endpoint then serves 2025 only). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const modernNodeSdk = optionalPeer(() => require('@modelcontextprotocol/node') as NodeSdk);

/**
 * The factory of the v2 servers that answer 2026-07-28 requests with the rows of `table` (the
 * table the 2025 servers of the same tools bind: lib/mcp/table.ts), each set with the v2 server's
 * public `setRequestHandler`. `infoOf` gives what the HTTP endpoint knows of the request being
 * served; `tracing` wraps each row in its request's span.
 */
export function modernServerFactory(
  sdk: Sdk,
  table: McpTable,
  tools: McpToolSource,
  info: { name: string; version: string },
  options: ModernOptions,
  infoOf: () => ModernRequestInfo | undefined,
  tracing?: McpTracing,
): ModernFactory {
  const capabilities = table.capabilities;
  const ttlSeconds = options.requestStateTtlSeconds ?? 600;
  const codec = rotatingCodec(sdk, keysOf(options.requestStateKey), ttlSeconds, (ctx) => `${ctx.mcpReq.method}\0${principalOf(ctx, infoOf())}`);
  const states: States = { mint: (payload, ctx) => codec.mint(payload, ctx), ttlMs: ttlSeconds * 1000 };
  const rows = new Map<string, Row<CallScope>>();
  for (const method of SHARED_METHODS) {
    const row = table.rows.get(method);
    if (row === undefined) continue;
    rows.set(method, tracing === undefined ? row : tracedRow(tracing, method, row, (scope) => ({ id: scope.requestId, version: MODERN_VERSIONS[0]! })));
  }
  // Whether lists vary by caller is fixed when the set is made: the hints are worked out once.
  const byCaller = listedByCaller(tools);
  const cacheHints = cacheHintsOf(byCaller);
  // Tasks hook (lib/mcp/tasks/runtime.ts): the endpoint's tasks; the extension is advertised while a tool runs as one.
  const tasks = new TaskRuntime(sdk, options.tasks);
  const factory = () => {
    const advertised = tasks.serves(Array.isArray(tools) ? (tools as readonly ToolDefinition[]) : (tools as { list(): readonly ToolDefinition[] }).list());
    const served = advertised ? { ...capabilities, extensions: { ...(capabilities.extensions as object | undefined), [TASKS_EXTENSION]: {} } } : capabilities;
    const server = new sdk.Server(info, { capabilities: served as never, requestState: { verify: codec.verify }, cacheHints });
    for (const [method, row] of rows) {
      server.setRequestHandler(
        method as 'tools/call',
        ((request: { method: string; params?: Record<string, unknown> }, ctx: ServerContext) =>
          method === 'tools/call'
            ? tasks.call(taskCall(tasks, sdk, states, table, tools, row, request, ctx, infoOf()))
            : INPUT_METHODS.has(method)
              ? withQuestions(sdk, states, row, request, ctx, infoOf())
              : row(request.params ?? {}, requestScope(ctx, infoOf(), ctx.mcpReq.signal, {}))) as never,
      );
    }
    tasks.register(server, (ctx: ServerContext) => ({ principal: principalOf(ctx, infoOf()), capabilities: capabilitiesOf(ctx) }));
    return server;
  };
  return Object.assign(factory, {
    paramHeaderMismatch: (message: { method?: unknown; params?: unknown }, request: ModernCaller) =>
      paramHeaderMismatch(tools, (name) => table.listedTo(callerScope(request)).some((t) => t.name === name), message, request.headers),
    // With a bus, the source's changes are published there, and the listen streams hear them from it.
    watch: (notify: ListenNotifier) => (options.bus !== undefined ? holdPublisher(tools, options.bus) : watch(tools, notify)),
    listenBody: (message: { id?: unknown; params?: unknown }, maxResources: number) => listenBody(table, message, maxResources, infoOf()),
    listenEnd: (id: string | number) =>
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { [sdk.SUBSCRIPTION_ID_META_KEY]: id, [sdk.SERVER_INFO_META_KEY]: info } } })}\n\n`,
    bus: () => callerBus(table.rows, byCaller, infoOf, options.bus ?? new MemoryEventBus()),
  });
}

/** The `requestStateKey` option as a list (the first signs), or one random key. */
function keysOf(key: ModernOptions['requestStateKey']): readonly (string | Uint8Array)[] {
  if (key === undefined) return [randomBytes(32)];
  if (typeof key === 'string' || key instanceof Uint8Array) return [key];
  if (key.length === 0) throw new RangeError('requestStateKey: give at least one key');
  return key;
}

/** One codec per key: minted with the first, verified by the first that accepts (a rejected state is rejected with the first key's reason). */
function rotatingCodec(sdk: Sdk, keys: readonly (string | Uint8Array)[], ttlSeconds: number, bind: (ctx: ServerContext) => string) {
  const codecs = keys.map((key) => sdk.createRequestStateCodec<RoundState>({ key, ttlSeconds, bind }));
  const first = codecs[0]!;
  return {
    mint: (payload: RoundState, ctx?: ServerContext) => first.mint(payload, ctx),
    async verify(state: string, ctx: ServerContext): Promise<RoundState> {
      let reason: unknown;
      for (const codec of codecs) {
        try {
          return await codec.verify(state, ctx);
        } catch (e) {
          reason ??= e;
        }
      }
      throw reason;
    },
  };
}

/**
 * Tasks hook (lib/mcp/tasks/runtime.ts): a `tools/call` as the tasks runtime serves it: the tool
 * (when it has a task mode and its caller is shown it), the caller, and how to serve it otherwise.
 */
function taskCall(
  tasks: TaskRuntime,
  sdk: Sdk,
  states: States,
  table: McpTable,
  tools: McpToolSource,
  row: Row<CallScope>,
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
  info: ModernRequestInfo | undefined,
): Parameters<TaskRuntime['call']>[0] {
  const name = request.params?.name;
  const tool = typeof name === 'string' ? toolNamed(tools, name) : undefined;
  const shown = tasks.taskOf(tool) !== undefined && table.listedTo(requestScope(ctx, info, ctx.mcpReq.signal, {})).some((t) => t.name === name);
  return {
    tool: shown ? tool : undefined,
    principal: principalOf(ctx, info),
    capabilities: capabilitiesOf(ctx) as Record<string, unknown>,
    inline: (hooks) => withQuestions(sdk, states, row, request, ctx, info, hooks),
    // In the background, what the call would send on its request's stream goes nowhere: the request is answered.
    run: async (signal, asks) => row(request.params ?? {}, requestScope(ctx, info === undefined ? undefined : { ...info, streaming: false }, signal, asks)),
  };
}

/** What the SDK's handler sends to the `subscriptions/listen` streams (its `notify`). */
interface ListenNotifier {
  toolsChanged(): void;
  promptsChanged(): void;
  resourcesChanged(): void;
  resourceUpdated(uri: string): void;
}

/** Sends a live source's changes (a `ToolSet`'s `add`, `notifyResourceUpdated`) to the listening clients; returns how to stop. */
function watch(tools: McpToolSource, notify: ListenNotifier): () => void {
  const source = tools as {
    onChange?(listener: () => void): () => void;
    onServedChange?(listener: (changed: 'prompts' | 'resources') => void): () => void;
    onResourceUpdated?(listener: (uri: string) => void): () => void;
  };
  if (Array.isArray(tools)) return () => undefined;
  const offs = [
    source.onChange?.(() => notify.toolsChanged()),
    source.onServedChange?.((changed) => (changed === 'prompts' ? notify.promptsChanged() : notify.resourcesChanged())),
    source.onResourceUpdated?.((uri) => notify.resourceUpdated(uri)),
  ];
  return () => {
    for (const off of offs) off?.();
  };
}

/** The list methods whose answer a list change may change, by the change's kind. */
const LISTS_OF: Readonly<Record<string, readonly string[]>> = {
  tools_list_changed: ['tools/list'],
  prompts_list_changed: ['prompts/list'],
  resources_list_changed: ['resources/list', 'resources/templates/list'],
};

/**
 * The bus on which the SDK's listen streams hear of changes. A list change reaches a stream only
 * when what its caller is listed changed: where a `visible` or `visibleServed` rule decides the
 * list, a change a caller cannot see (a tool only admins are shown, added) would tell it that
 * something hidden from it exists and changed. Each stream keeps what its caller was last listed
 * (its text), taken as it subscribes (inside its listen request, whose caller `infoOf` gives) with
 * the very handlers that answer `tools/list` and the others.
 */
function callerBus(
  handlers: ReadonlyMap<string, Row<CallScope>>,
  byCaller: { tools: boolean; served: boolean },
  infoOf: () => ModernRequestInfo | undefined,
  base: McpEventBus,
): ServerEventBus {
  const varies = (kind: string): boolean => (kind === 'tools_list_changed' ? byCaller.tools : kind in LISTS_OF && byCaller.served);
  return {
    publish(event) {
      base.publish(event);
    },
    subscribe(listener) {
      let heard = listener;
      if (byCaller.tools || byCaller.served) {
        const scope = callerScope(infoOf());
        // Asked at once (the handlers list synchronously), so that each change is compared with the list as it was.
        const ask = (method: string): Promise<unknown> => {
          try {
            return Promise.resolve(handlers.get(method)!({}, scope));
          } catch (e) {
            return Promise.reject(e);
          }
        };
        const listed = (kind: string): Promise<string> =>
          Promise.all(LISTS_OF[kind]!.filter((m) => handlers.has(m)).map(ask)).then(
            (lists) => JSON.stringify(lists),
            // A list that cannot be made says nothing of a change.
            () => '',
          );
        const last = new Map<string, Promise<string>>();
        for (const kind of Object.keys(LISTS_OF)) if (varies(kind)) last.set(kind, listed(kind));
        // Events reach the stream in the order they were published, each once its list is compared.
        let tail = Promise.resolve();
        heard = (event) => {
          const before = last.get(event.kind);
          const now = before === undefined ? undefined : listed(event.kind);
          if (now !== undefined) last.set(event.kind, now);
          tail = tail
            .then(async () => {
              if (before === undefined || (await before) !== (await now)) listener(event);
            })
            .catch(() => undefined);
        };
      }
      return base.subscribe(heard as (event: McpEvent) => void);
    },
  };
}

/**
 * The body a `subscriptions/listen` is served with: its `resourceSubscriptions` cut to the URIs its
 * caller may read, by the rule `resources/subscribe` applies (lib/mcp/prompts.ts: `visibleServed`,
 * and a NestJS guard's yes), so the acknowledgement lists only those and nothing is heard of the
 * others (hidden and unknown alike). A listen naming more than `max` URIs is refused.
 */
async function listenBody(
  table: McpTable,
  message: { id?: unknown; params?: unknown },
  max: number,
  info: ModernRequestInfo | undefined,
): Promise<{ body: unknown } | { refusal: string }> {
  const params = message.params as { notifications?: { resourceSubscriptions?: unknown } } | undefined;
  const uris = params?.notifications?.resourceSubscriptions;
  // What is not an array of strings is the SDK's to refuse (-32602).
  if (!Array.isArray(uris) || uris.some((u) => typeof u !== 'string')) return { body: message };
  if (uris.length > max) return { refusal: MCP_TEXTS.tooManyListenResources(uris.length, max) };
  const served = table.served;
  if (served === undefined || !served.hasResources) return { body: message };
  const scope = callerScope(info);
  const kept: string[] = [];
  for (const uri of new Set(uris as string[])) if (await served.watchable(scope, uri)) kept.push(uri);
  return { body: { ...message, params: { ...params, notifications: { ...params!.notifications, resourceSubscriptions: kept } } } };
}

/** The scope of the caller of a request served before the SDK's context exists (a listen's filter, the `Mcp-Param-*` check). */
function callerScope(info: ModernRequestInfo | undefined): CallScope {
  return {
    revision: '2026-07-28',
    requestId: 0,
    signal: new AbortController().signal,
    principal: info?.principal ?? '',
    ...(info?.authInfo !== undefined ? { authInfo: info.authInfo } : {}),
    headers: info?.headers ?? {},
    level: LEVELS.length,
    asks: {},
    notify: () => Promise.resolve(),
  };
}

/** Who sends a request the endpoint checks before a v2 server answers it. */
export interface ModernCaller extends ModernRequestInfo {
  /** The verified bearer token's holder, when the endpoint has `auth`. */
  readonly authInfo?: AuthInfo;
}

/** The factory of the v2 servers, and the check the endpoint runs before one answers a `tools/call`. */
export type ModernFactory = (() => ModernServer) & {
  /** Why a `tools/call`'s `Mcp-Param-*` headers disagree with its arguments (SEP-2243), else undefined. */
  paramHeaderMismatch(message: { method?: unknown; params?: unknown }, request: ModernCaller): string | undefined;
  /** Sends the source's changes to the `subscriptions/listen` streams; returns how to stop. */
  watch(notify: ListenNotifier): () => void;
  /** The body a `subscriptions/listen` is served with (its URIs cut to those the caller may read), or why it is refused. */
  listenBody(message: { id?: unknown; params?: unknown }, maxResources: number): Promise<{ body: unknown } | { refusal: string }>;
  /** The SSE frame that ends a listen stream the server closes: the protocol's empty `subscriptions/listen` result. */
  listenEnd(id: string | number): string;
  /** The bus the listen streams hear of changes on, each only of the list changes its caller can see. */
  bus(): ServerEventBus;
};

/** The longest `Mcp-Param-*` header value read, in characters (a longer one is refused). */
const MAX_PARAM_HEADER_CHARS = 8192;

/**
 * SEP-2243: an argument whose schema property carries `x-mcp-header: Name` (a chain of `properties`
 * from the root, a string, integer or boolean) is mirrored by the client in the `Mcp-Param-Name`
 * header, as it is or as `=?base64?<Base64 of its UTF-8>?=`. When the call's arguments carry a
 * value, the header must be there and say the same; a Base64 value that is not canonical, or not
 * UTF-8, is refused. The endpoint answers a mismatch 400 with `HeaderMismatch` (-32020).
 */
function paramHeaderMismatch(
  tools: McpToolSource,
  shown: (name: string) => boolean,
  message: { method?: unknown; params?: unknown },
  headers: ModernRequestInfo['headers'],
): string | undefined {
  if (message.method !== 'tools/call') return undefined;
  const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
  const name = params?.name;
  if (typeof name !== 'string' || name.length > 256) return undefined;
  const tool = toolNamed(tools, name);
  const declarations = tool === undefined ? [] : headerDeclarations(tool);
  // A tool the caller is not shown is unknown to it: its call is answered as an unknown tool's.
  if (declarations.length === 0 || !shown(name)) return undefined;
  for (const d of declarations) {
    let value: unknown = params?.arguments;
    for (const key of d.path)
      value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined || value === null || !['string', 'number', 'boolean'].includes(typeof value)) continue;
    const headerName = `Mcp-Param-${d.header}`;
    const raw = headers[headerName.toLowerCase()];
    const sent = Array.isArray(raw) ? raw.join(', ') : raw;
    if (sent === undefined) return `Header mismatch: the arguments carry '${d.path.join('.')}' but the ${headerName} header is absent`;
    if (sent.length > MAX_PARAM_HEADER_CHARS) return `Header mismatch: the ${headerName} header is longer than ${MAX_PARAM_HEADER_CHARS} characters`;
    const decoded = decodeParamHeader(sent);
    if (decoded === undefined) return `Header mismatch: the ${headerName} header carries an invalid Base64 value`;
    const same = typeof value === 'number' ? /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(decoded) && Number(decoded) === value : decoded === String(value);
    if (!same) return `Header mismatch: the ${headerName} header does not match the argument '${d.path.join('.')}'`;
  }
  return undefined;
}

/** A tool's `x-mcp-header` declarations, read once per tool (the schema MCP lists is the tool's `inputSchema`). */
const declared = new WeakMap<ToolDefinition, readonly { path: string[]; header: string }[]>();
function headerDeclarations(tool: ToolDefinition): readonly { path: string[]; header: string }[] {
  let found = declared.get(tool);
  if (found !== undefined) return found;
  const list: { path: string[]; header: string }[] = [];
  const walk = (schema: unknown, path: string[]): void => {
    const properties = (schema as { properties?: unknown } | null)?.properties;
    if (properties === null || typeof properties !== 'object' || path.length >= 8) return;
    for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
      if (property === null || typeof property !== 'object') continue;
      const header = (property as Record<string, unknown>)['x-mcp-header'];
      if (typeof header === 'string' && header !== '') list.push({ path: [...path, key], header });
      walk(property, [...path, key]);
    }
  };
  walk(tool.inputSchema, []);
  declared.set(tool, (found = list));
  return found;
}

/** An `Mcp-Param-*` header's value: `=?base64?…?=` decoded (undefined when not canonical Base64 of UTF-8), else as it is. */
function decodeParamHeader(value: string): string | undefined {
  const m = /^=\?base64\?(.*)\?=$/i.exec(value);
  if (m === null) return value;
  const b64 = m[1]!;
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.toString('base64') !== b64) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The tool of a source by name (as listed to every caller: `shownTo` says whether this caller sees it). */
function toolNamed(tools: McpToolSource, name: string): ToolDefinition | undefined {
  const source = tools as { get?(name: string): ToolDefinition | undefined; list?(): readonly ToolDefinition[] };
  if (Array.isArray(tools)) return (tools as readonly ToolDefinition[]).find((t) => t.name === name);
  return typeof source.get === 'function' ? source.get(name) : source.list?.().find((t) => t.name === name);
}

/**
 * The caching hints of the cacheable results (`ttlMs`, `cacheScope`). A list is `public` (a shared
 * cache may keep it) only when it is the same for every caller (`listedByCaller`). A resource's content comes from a method that
 * sees its caller: `resources/read` is `private`. `ttlMs` is 0: a `ToolSet` can change (its
 * servers send `list_changed`), and an answer is revalidated rather than served stale.
 */
function cacheHintsOf(byCaller: {
  tools: boolean;
  served: boolean;
}): Partial<
  Record<
    'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list' | 'resources/read' | 'server/discover',
    { ttlMs: number; cacheScope: 'public' | 'private' }
  >
> {
  const hint = (private_: boolean) => ({ ttlMs: 0, cacheScope: private_ ? ('private' as const) : ('public' as const) });
  return {
    'tools/list': hint(byCaller.tools),
    'prompts/list': hint(byCaller.served),
    'resources/list': hint(byCaller.served),
    'resources/templates/list': hint(byCaller.served),
    'resources/read': hint(true),
    'server/discover': hint(false),
  };
}

/** The principal of a request: the one the HTTP endpoint recorded, else the verified token's (lib/mcp/principal.ts). */
function principalOf(ctx: ServerContext, info: ModernRequestInfo | undefined): string {
  return info?.principal ?? principal(ctx.http?.authInfo as AuthInfo | undefined, undefined);
}

/** The scope of a 2026-07-28 request the SDK's context describes: its level is its own (the revision has no session level), its questions `asks`. */
function requestScope(ctx: ServerContext, info: ModernRequestInfo | undefined, signal: AbortSignal, asks: CallAsks): CallScope {
  const authInfo = ctx.http?.authInfo as AuthInfo | undefined;
  // The SDK lifts the reserved envelope keys out of `_meta` (into `ctx.mcpReq.envelope`); the log level is among them.
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const level = ownLevel({ ...ctx.mcpReq._meta, ...(envelope?.[LOG_LEVEL_META] !== undefined ? { [LOG_LEVEL_META]: envelope[LOG_LEVEL_META] } : {}) });
  const token = (ctx.mcpReq._meta as { progressToken?: unknown } | undefined)?.progressToken;
  return {
    revision: '2026-07-28',
    requestId: ctx.mcpReq.id,
    signal,
    principal: principalOf(ctx, info),
    ...(authInfo !== undefined ? { authInfo } : {}),
    headers: info?.headers ?? {},
    ...(typeof token === 'string' || typeof token === 'number' ? { progressToken: token } : {}),
    level: level !== -1 ? level : LEVELS.length,
    asks,
    notify: info?.streaming === false ? () => Promise.resolve() : (n) => ctx.mcpReq.notify(n as never),
  };
}

/** What names a request for its state: the method, its tool, prompt or resource, and a digest of its arguments. */
function requestKey(method: string, params: Record<string, unknown> | undefined): string {
  const target = method === 'resources/read' ? params?.uri : params?.name;
  const digest = createHash('sha256')
    .update(canonicalJson(params?.arguments ?? {}))
    .digest('base64url');
  return `${method} ${typeof target === 'string' ? target : ''} ${digest}`;
}

function invalidParams(sdk: Sdk, message: string): Error {
  return new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, message);
}

/** Whether an answer accepts (an approval question's: the user approved). */
function accepts(answer: unknown): boolean {
  return answer !== null && typeof answer === 'object' && (answer as { action?: unknown }).action === 'accept';
}

/**
 * Runs a request that may ask questions: answers them from the request, or stops it and answers
 * `input_required` with the questions of this round. An answer counts only for a question the
 * previous round asked (its state's `q`): one sent unasked, or without a state, is not read, and its
 * question is asked. A state whose approval was accepted is spent as the request that uses it runs:
 * one approval, one run.
 */
async function withQuestions(
  sdk: Sdk,
  states: States,
  row: Row<CallScope>,
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
  info: ModernRequestInfo | undefined,
  hooks?: DetachHooks,
): Promise<unknown> {
  // The request's key (a digest of its arguments) is needed only when a state comes back or is minted.
  const key = (): string => requestKey(request.method, request.params);
  const state = ctx.mcpReq.requestState<RoundState>();
  if (
    state !== undefined &&
    (typeof state !== 'object' ||
      state === null ||
      state.r !== key() ||
      typeof state.a !== 'object' ||
      state.a === null ||
      !Array.isArray(state.q) ||
      !Array.isArray(state.p) ||
      typeof state.i !== 'string' ||
      typeof state.t !== 'number')
  ) {
    throw invalidParams(sdk, MCP_TEXTS.stateOfAnotherRequest());
  }
  const answers: Record<string, unknown> = { ...(state?.a ?? {}) };
  const given = ctx.mcpReq.inputResponses ?? {};
  for (const asked of state?.q ?? []) if (Object.hasOwn(given, asked)) answers[asked] = given[asked];
  if (state !== undefined && state.p.some((k) => accepts(answers[k])) && !spentStates.spend(state.i, state.t, state.t + states.ttlMs)) {
    throw invalidParams(sdk, MCP_TEXTS.requestStateSpent());
  }
  const rounds = new Rounds(sdk, answers, capabilitiesOf(ctx));
  const stop = new AbortController();
  const callerGone = (): void => stop.abort(ctx.mcpReq.signal.reason);
  if (ctx.mcpReq.signal.aborted) callerGone();
  else ctx.mcpReq.signal.addEventListener('abort', callerGone, { once: true });
  try {
    // Tasks hook: a call that may detach into a task asks through the hooks, and is answered with its task once it detached.
    const asks = hooks === undefined ? rounds.ask : hooks.ask(rounds.ask, stop);
    let run: Promise<unknown>;
    try {
      run = Promise.resolve(row(request.params ?? {}, requestScope(ctx, info, stop.signal, asks)));
    } catch (e) {
      run = Promise.reject(e);
    }
    const first = await Promise.race([
      run.then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
      rounds.asked.then(() => undefined),
      ...(hooks !== undefined ? [hooks.detached.then((created) => ({ created }))] : []),
    ]);
    if (first !== undefined && 'created' in first) {
      hooks!.adopt(run);
      return first.created;
    }
    if (first !== undefined) {
      // A call that failed after asking for what the client did not declare needed it (the protocol's -32021);
      // one that caught the refusal and went on (asking another way) is answered as it ended.
      const failed = 'error' in first || (first.result as { isError?: unknown }).isError === true;
      if (failed && Object.keys(rounds.missing).length > 0) {
        throw new sdk.MissingRequiredClientCapabilityError(
          { requiredCapabilities: rounds.missing } as never,
          MCP_TEXTS.modernMissingCapability(Object.keys(rounds.missing)),
        );
      }
      if ('error' in first) throw first.error;
      return first.result;
    }
    // A question without an answer: the call stops here, and the client is asked.
    run.catch(() => undefined);
    stop.abort(new Error('the client is asked for input; the request will be retried with the answers'));
    const n = (state?.n ?? 0) + 1;
    if (n > MAX_INPUT_ROUNDS) throw invalidParams(sdk, MCP_TEXTS.tooManyInputRounds(MAX_INPUT_ROUNDS));
    const requestState = await states.mint(
      { i: randomBytes(12).toString('base64url'), t: Date.now(), r: key(), n, a: rounds.used, q: Object.keys(rounds.pending), p: [...rounds.approvals] },
      ctx,
    );
    if (requestState.length > MAX_REQUEST_STATE_CHARS) throw invalidParams(sdk, MCP_TEXTS.requestStateTooLarge(MAX_REQUEST_STATE_CHARS));
    return sdk.inputRequired({ inputRequests: rounds.pending as never, requestState });
  } finally {
    ctx.mcpReq.signal.removeEventListener('abort', callerGone);
  }
}

/** The client's capabilities as this request declares them. */
function capabilitiesOf(ctx: ServerContext): { elicitation?: { form?: object; url?: object }; sampling?: object; roots?: object } {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const declared = envelope?.['io.modelcontextprotocol/clientCapabilities'];
  return (declared !== null && typeof declared === 'object' ? declared : {}) as never;
}

/** The questions of one request: answered from the answers it came with, or collected for the client. */
class Rounds {
  /** Answers used, by key: they ride in the next round's state. */
  readonly used: Record<string, unknown> = {};
  /** Questions without an answer, by key. */
  readonly pending: Record<string, unknown> = {};
  /** What the client declared of sampling (with tools or not). */
  readonly sampling: { tools?: unknown } | undefined;
  /** Capabilities the call asked for that the client did not declare (the refusal's `requiredCapabilities`). */
  readonly missing: Record<string, object> = {};
  /** The keys of the approval questions asked (answered or not). */
  readonly approvals = new Set<string>();
  /** Resolves once a question without an answer was asked (after the questions asked in the same turn). */
  readonly asked: Promise<void>;
  readonly ask: CallAsks;
  #resolve!: () => void;
  #waiting = false;
  readonly #asks = new Map<string, number>();
  #count = 0;

  constructor(
    private readonly sdk: Sdk,
    private readonly answers: Record<string, unknown>,
    capabilities: ReturnType<typeof capabilitiesOf>,
  ) {
    this.asked = new Promise((resolve) => (this.#resolve = resolve));
    this.sampling = capabilities.sampling as { tools?: unknown } | undefined;
    const elicitation = capabilities.elicitation;
    const forms = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
    // What the client did not declare is refused (NO_ELICITATION, NO_SAMPLING, NO_ROOTS): a tool may
    // catch the refusal and go on; a call that fails with it is answered -32021 (withQuestions).
    this.ask = {
      elicit: forms ? (request, signal) => this.#elicit(request, signal, false) : () => this.#refuse('elicitation', 'NO_ELICITATION'),
      approval: forms ? (request, signal) => this.#elicit(request, signal, true) : undefined,
      sample: capabilities.sampling !== undefined ? (request, signal) => this.#sample(request, signal) : () => this.#refuse('sampling', 'NO_SAMPLING'),
      roots: capabilities.roots !== undefined ? (request, signal) => this.#roots(request, signal) : () => this.#refuse('roots', 'NO_ROOTS'),
    };
  }

  #refuse(capability: string, code: 'NO_ELICITATION' | 'NO_SAMPLING' | 'NO_ROOTS'): Promise<never> {
    this.missing[capability] = {};
    return Promise.reject(new ToolContextError(code, MCP_TEXTS.modernUndeclared(capability)));
  }

  #roots(request: { key?: string }, signal: AbortSignal | undefined): Promise<readonly ClientRoot[]> {
    const key = this.#keyOf(request.key, 'roots');
    const answer = this.answers[key] as { roots?: unknown } | undefined;
    if (answer !== null && typeof answer === 'object' && Array.isArray(answer.roots)) {
      const roots = answer.roots
        .filter((r): r is { uri: string; name?: unknown } => r !== null && typeof r === 'object' && typeof (r as { uri?: unknown }).uri === 'string')
        .map((r) => ({ uri: r.uri, ...(typeof r.name === 'string' ? { name: r.name } : {}) }));
      this.used[key] = { roots };
      return Promise.resolve(roots);
    }
    return this.#wait(key, this.sdk.inputRequired.listRoots(), signal);
  }

  /** The key of a question: its own (`<key>`, then `<key>.2`… when asked again), else `<kind><n>`. */
  #keyOf(own: string | undefined, kind: string): string {
    this.#count++;
    const base = own ?? `${kind}${this.#count}`;
    const times = (this.#asks.get(base) ?? 0) + 1;
    this.#asks.set(base, times);
    return times === 1 ? base : `${base}.${times}`;
  }

  #elicit(request: Parameters<NonNullable<ToolClient['elicit']>>[0], signal: AbortSignal | undefined, approval: boolean): Promise<ElicitationReply> {
    const key = this.#keyOf(request.key, 'elicit');
    if (approval) this.approvals.add(key);
    const answer = this.answers[key] as Partial<ElicitationReply> | undefined;
    if (answer !== null && typeof answer === 'object' && (answer.action === 'accept' || answer.action === 'decline' || answer.action === 'cancel')) {
      const content = answer.content;
      const reply: ElicitationReply = {
        action: answer.action,
        ...(answer.action === 'accept' && content !== null && typeof content === 'object' && !Array.isArray(content) ? { content } : {}),
      };
      this.used[key] = reply;
      return Promise.resolve(reply);
    }
    return this.#wait(key, this.sdk.inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema as never }), signal);
  }

  #sample(request: Parameters<NonNullable<ToolClient['sample']>>[0], signal: AbortSignal | undefined): ReturnType<NonNullable<ToolClient['sample']>> {
    const key = this.#keyOf(request.key, 'sample');
    const answer = this.answers[key] as { role?: unknown; content?: unknown; model?: unknown; stopReason?: unknown } | undefined;
    if (
      answer !== null &&
      typeof answer === 'object' &&
      (answer.role === 'user' || answer.role === 'assistant') &&
      answer.content !== null &&
      typeof answer.content === 'object'
    ) {
      const reply = {
        role: answer.role as 'user' | 'assistant',
        content: answer.content as never,
        model: typeof answer.model === 'string' ? answer.model : '',
        ...(typeof answer.stopReason === 'string' ? { stopReason: answer.stopReason } : {}),
      };
      this.used[key] = reply;
      return Promise.resolve(reply);
    }
    let params: Record<string, unknown>;
    try {
      params = samplingParams(request, this.sampling);
    } catch (e) {
      // Tools asked of a client that did not declare `sampling.tools`.
      this.missing.sampling = { tools: {} };
      return Promise.reject(e);
    }
    return this.#wait(key, this.sdk.inputRequired.createMessage(params as never), signal);
  }

  /** Records a question for the client; the promise settles only if the call is stopped. */
  #wait<T>(key: string, question: unknown, signal: AbortSignal | undefined): Promise<T> {
    this.pending[key] = question;
    if (!this.#waiting) {
      this.#waiting = true;
      // Questions asked in the same turn (Promise.all) go out together.
      setImmediate(() => this.#resolve());
    }
    return new Promise<T>((_resolve, reject) => {
      if (signal === undefined) return;
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }
}
