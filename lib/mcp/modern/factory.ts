/**
 * MCP 2026-07-28 beside 2025-11-25: the revision without sessions, where each request carries the
 * client's version and capabilities in `_meta`, and a server that needs the user or the client's
 * model answers `input_required` and is called again with the answers (./questions.ts). It is
 * served by the SDK's v2 package (`@modelcontextprotocol/server`, an optional peer loaded on the
 * first such request: ./sdk.ts), one v2 `Server` per request, whose handlers are the rows of the
 * endpoint's table (lib/mcp/table.ts), bound with the v2 server's public `setRequestHandler`: tools,
 * prompts, resources and completion answer the same on both revisions, and a rule stays in one place.
 */
import { randomBytes } from 'node:crypto';
import type { ServerContext, Server as ModernServer, ServerEventBus } from '@modelcontextprotocol/server';
import type { CallScope, Row } from '../call';
import type { McpTable } from '../table';
import { listedByCaller, toolNamed, type McpToolSource } from '../source';
import { tracedRow, type McpTracing } from '../tracing';
import { holdPublisher, MemoryEventBus, type McpBusOptions } from '../event-bus';
import type { ToolDefinition } from '../../invoke/tools/bound-tool';
import { TaskRuntime, TASKS_EXTENSION, type McpTasksOptions } from '../tasks/runtime';
import { MODERN_VERSIONS } from '../revision';
import type { Sdk } from './sdk';
import { callerScope, capabilitiesOf, principalOf, requestScope, type ModernCaller, type ModernRequestInfo } from './scope';
import { roundOf, withQuestions, type RoundState, type States } from './questions';
import { callerBus, listenBody, watch, type ListenNotifier } from './listen';
import { paramHeaderMismatch } from './param-headers';
import { MIN_REQUEST_STATE_KEY_BYTES, requestStateKeys } from '../state-key';
import { directPath, type DirectAnswer } from './direct';

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

/** Options of the 2026-07-28 serving. */
export interface ModernOptions extends McpBusOptions {
  /**
   * The secret that signs `requestState` (at least 32 bytes, a string counting its UTF-8 bytes; a
   * shorter key or an empty list throws a `RangeError` when the endpoint or stdio server is made). Every replica that may receive a
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
              ? withQuestions(sdk, states, row, request, roundOf(states, ctx, infoOf()))
              : row(request.params ?? {}, requestScope(ctx, infoOf(), ctx.mcpReq.signal, {}))) as never,
      );
    }
    tasks.register(server, (ctx: ServerContext) => ({ principal: principalOf(ctx, infoOf()), capabilities: capabilitiesOf(ctx) }));
    return server;
  };
  // The direct path (./direct.ts): the same rows, states and identity, for the requests that need nothing of a v2 server.
  const direct = directPath({
    sdk,
    rows,
    states,
    info,
    listHint: cacheHints['tools/list']!,
    isTask: (name) => tasks.taskOf(toolNamed(tools, name)) !== undefined,
  });
  return Object.assign(factory, {
    direct: direct.answer,
    paramHeaderMismatch: (message: { method?: unknown; params?: unknown }, request: ModernCaller) =>
      paramHeaderMismatch(tools, (name) => table.listedTo(callerScope(request)).some((t) => t.name === name), message, request.headers),
    // With a bus, the source's changes are published there, and the listen streams hear them from it.
    watch: (notify: ListenNotifier) => (options.bus !== undefined ? holdPublisher(tools, options.bus) : watch(tools, notify)),
    listenBody: (message: { id?: unknown; params?: unknown }, maxResources: number, caller: ModernRequestInfo) =>
      listenBody(table, message, maxResources, caller),
    listenEnd: (id: string | number) =>
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { [sdk.SUBSCRIPTION_ID_META_KEY]: id, [sdk.SERVER_INFO_META_KEY]: info } } })}\n\n`,
    bus: () => callerBus(table.rows, byCaller, infoOf, options.bus ?? new MemoryEventBus()),
  });
}

/** The `requestStateKey` option as a list (the first signs), or one random key. */
function keysOf(key: ModernOptions['requestStateKey']): readonly (string | Uint8Array)[] {
  return key === undefined ? [randomBytes(MIN_REQUEST_STATE_KEY_BYTES)] : requestStateKeys(key);
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
    inline: (hooks) => withQuestions(sdk, states, row, request, roundOf(states, ctx, info), hooks),
    // In the background, what the call would send on its request's stream goes nowhere: the request is answered.
    run: async (signal, asks) => row(request.params ?? {}, requestScope(ctx, info === undefined ? undefined : { ...info, streaming: false }, signal, asks)),
  };
}

/** The factory of the v2 servers, and the check the endpoint runs before one answers a `tools/call`. */
export type ModernFactory = (() => ModernServer) & {
  /** The JSON-RPC response of a request the direct path serves (./direct.ts), else undefined: a v2 server answers it. */
  direct(message: Record<string, unknown>, caller: ModernCaller, signal: AbortSignal): Promise<DirectAnswer> | undefined;
  /** Why a `tools/call`'s `Mcp-Param-*` headers disagree with its arguments (SEP-2243), else undefined. */
  paramHeaderMismatch(message: { method?: unknown; params?: unknown }, request: ModernCaller): string | undefined;
  /** Sends the source's changes to the `subscriptions/listen` streams; returns how to stop. */
  watch(notify: ListenNotifier): () => void;
  /** The body a `subscriptions/listen` is served with (its URIs cut to those the caller may read), or why it is refused. */
  listenBody(message: { id?: unknown; params?: unknown }, maxResources: number, caller: ModernRequestInfo): Promise<{ body: unknown } | { refusal: string }>;
  /** The SSE frame that ends a listen stream the server closes: the protocol's empty `subscriptions/listen` result. */
  listenEnd(id: string | number): string;
  /** The bus the listen streams hear of changes on, each only of the list changes its caller can see. */
  bus(): ServerEventBus;
};

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
