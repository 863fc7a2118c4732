/**
 * The rest of an MCP server beside its tools: `prompts/*`, `resources/*` (with subscriptions) and
 * `completion/complete`, from the prompts, resources and templates of a `ToolSet` (`@Prompt`,
 * `@Resource` and `@ResourceTemplate` methods). Each capability is declared only when the set has
 * something to serve under it.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, type ServerCapabilities, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ErrorText, ToolClient, ToolContext, InvokeOptions } from '../invoke/calling/context';
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServedReply } from '../invoke/tools/served';
import { MAX_URI_LENGTH } from '../decorators/uri-template';
import { ListedView } from './listen';
import { listedByCaller } from './source';
import type { Row } from './call';
import { bindRows } from './bind-v1';
import { capabilityOf } from './capabilities';
import type { SourceChanges } from './event-bus';
import { RESOURCE_NOT_FOUND } from './codes';

export { RESOURCE_NOT_FOUND } from './codes';

/** The part of a `ToolSet` that serves prompts and resources (the NestJS `ToolRegistry` is one). */
export interface ServedSource {
  prompts(): readonly PromptDefinition[];
  prompt(name: string): PromptDefinition | undefined;
  resources(): readonly ResourceDefinition[];
  resourceTemplates(): readonly ResourceTemplateDefinition[];
  resourceAt(uri: string): ResourceDefinition | ResourceTemplateDefinition | undefined;
  onResourceUpdated(listener: (uri: string) => void): () => void;
  /** Calls `listener` when prompts, or resources and templates, are added (a `ToolSet`): the server then declares and sends `list_changed`. */
  onServedChange?(listener: (changed: 'prompts' | 'resources') => void): () => void;
  /** `ToolSet`'s `errorText` option: what a failed prompt or resource method tells the client, as for a failed tool. */
  readonly errorText?: ErrorText;
  /** `ToolSet`'s `visibleServed` rule and the request's context: what one caller sees. */
  isServedVisible?(item: PromptDefinition | ResourceDefinition | ResourceTemplateDefinition, context: ToolContext): boolean;
  callContext?(name: string, options?: InvokeOptions): ToolContext;
}

/** Whether a tool source also serves prompts and resources. */
export function isServedSource(source: unknown): source is ServedSource {
  const s = source as Partial<ServedSource> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    !Array.isArray(s) &&
    typeof s.prompts === 'function' &&
    typeof s.resourceAt === 'function' &&
    typeof s.onResourceUpdated === 'function'
  );
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The most URIs one connection may be subscribed to; a subscription beyond them is refused. */
export const MAX_SUBSCRIPTIONS = 1000;

/** What a row needs of its request: its signal and id (a table's `CallScope`, or the v1 SDK's `extra`). */
export interface RowRequest {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
}

/** The rows of prompts, resources and completion, and what a connection needs to serve their changes. */
export interface ServedRows<S extends RowRequest> {
  readonly rows: ReadonlyMap<string, Row<S>>;
  readonly capabilities: ServerCapabilities;
  readonly hasPrompts: boolean;
  readonly hasResources: boolean;
  /** Whether the set can change (a `ToolSet`): `listChanged` is declared. */
  readonly live: boolean;
  /** What the caller of a request is listed: prompt names, and resource URIs with template URIs. */
  listed(scope: S, kind: 'prompts' | 'resources'): readonly string[];
  /**
   * Whether the caller of a request may hear of changes to `uri`: the rule `resources/subscribe`
   * applies (the resource is one this caller may read), for the 2026-07-28 listen streams too.
   */
  watchable(scope: S, uri: string): Promise<boolean>;
  /** The same rule as the error a read of `uri` would get (-32002 for hidden and unknown alike, -32600 refused by a guard), or nothing. */
  refusal(scope: S, uri: string): Promise<void>;
}

/**
 * The rows of `source`'s prompts, resources and completion (undefined when it serves none).
 * `clientOf` gives a request's client (who is calling, logging), as a tool call gets it.
 */
export function servedRows<S extends RowRequest>(
  source: ServedSource,
  clientOf: (scope: S, name: string) => ToolClient,
  stateless = false,
): ServedRows<S> | undefined {
  const hasPrompts = source.prompts().length > 0;
  const hasResources = source.resources().length > 0 || source.resourceTemplates().length > 0;
  if (!hasPrompts && !hasResources) return undefined;
  const live = typeof source.onServedChange === 'function';
  const seen = (scope: S) => seenBy(source, clientOf(scope, ''));
  const options = (scope: S, name: string): InvokeOptions => {
    const { errorText } = source;
    return { signal: scope.signal, callId: String(scope.requestId), client: clientOf(scope, name), ...(errorText !== undefined ? { errorText } : {}) };
  };
  const rows = new Map<string, Row<S>>();
  if (hasPrompts) promptRows(rows, seen, options);
  if (hasResources) resourceRows(rows, seen, options);
  rows.set('completion/complete', async (params, scope) => {
    const { ref, argument, context } = params as {
      ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
      argument: { name: string; value: string };
      context?: { arguments?: Record<string, string> };
    };
    const source = seen(scope);
    const given = { arguments: { ...context?.arguments } };
    let target: PromptDefinition | ResourceTemplateDefinition | undefined;
    if (ref.type === 'ref/prompt') {
      target = source.prompt(ref.name);
      if (target === undefined) throw protocolError(ErrorCode.InvalidParams, unknownPrompt(source, ref.name));
    } else {
      target = source.resourceTemplates().find((t) => t.uriTemplate === ref.uri);
      if (target === undefined) {
        // As the SDK's McpServer: a fixed resource's URI has nothing to complete; any other is unknown.
        if (ref.uri.length <= MAX_URI_LENGTH && source.resources().some((r) => r.uri === ref.uri))
          return { completion: { values: [], total: 0, hasMore: false } };
        throw protocolError(ErrorCode.InvalidParams, unknownTemplate(source, ref.uri));
      }
    }
    const values = await target.complete(argument.name, argument.value, given);
    return { completion: { values: [...values.values], total: values.total, hasMore: values.hasMore } };
  });
  /**
   * Who may hear of a resource's changes: a caller that may read it (`visibleServed`, and the
   * guards of a NestJS provider's method, asked without reading), else the error a read would get
   * (hidden and unknown alike: -32002; refused by a guard: -32600).
   */
  const watchable = async (scope: S, uri: string): Promise<void> => {
    const found = known(seen(scope), uri);
    if (!(await found.admits(options(scope, found.name), uri)))
      throw protocolError(REFUSED, `Resource '${uri.length > 256 ? `${uri.slice(0, 256)}…` : uri}' was refused.`);
  };
  return {
    rows,
    capabilities: {
      ...(hasPrompts ? { prompts: capabilityOf('prompts', live, stateless) } : {}),
      ...(hasResources ? { resources: capabilityOf('resources', live, stateless) } : {}),
      completions: {},
    },
    hasPrompts,
    hasResources,
    live,
    listed: (scope, kind) => {
      const s = seen(scope);
      return kind === 'prompts' ? s.prompts().map((p) => p.name) : [...s.resources().map((r) => r.uri), ...s.resourceTemplates().map((t) => t.uriTemplate)];
    },
    watchable: (scope, uri) =>
      watchable(scope, uri).then(
        () => true,
        () => false,
      ),
    refusal: watchable,
  };
}

/**
 * A 2025 connection's side of the served rows (one v1 server: a stdio connection or an HTTP
 * session): `resources/subscribe` and `unsubscribe` (at most `MAX_SUBSCRIPTIONS`), the updates of
 * the resources it subscribed to, and `list_changed` for what it declared; where what a client is
 * listed varies by caller, only to a client whose list changed. `wrap` is put around the list rows
 * (it records what the client was listed).
 */
export function servedConnection<S extends RowRequest>(
  server: Server,
  source: ServedSource,
  served: ServedRows<S>,
  stateless = false,
  changes: SourceChanges = source,
): { rows: ReadonlyMap<string, Row<S>>; wrap(method: string, row: Row<S>): Row<S> } {
  // Stateless, nothing is sent unasked and nothing is subscribed to (lib/mcp/capabilities.ts).
  const live = served.live && !stateless;
  const byCaller = live && listedByCaller(source).served;
  const shown = {
    prompts: byCaller ? new ListedView((scope: S) => served.listed(scope, 'prompts')) : undefined,
    resources: byCaller ? new ListedView((scope: S) => served.listed(scope, 'resources')) : undefined,
  };
  const offs: (() => void)[] = [];
  if (live) {
    offs.push(
      changes.onServedChange!((changed) => {
        // A server whose transport has closed stops listening; a kind it did not declare is not announced.
        if (server.transport === undefined || shown[changed]?.changed() === false) return;
        if (changed === 'prompts' && served.hasPrompts) server.sendPromptListChanged().catch(() => undefined);
        if (changed === 'resources' && served.hasResources) server.sendResourceListChanged().catch(() => undefined);
      }),
    );
  }
  const rows = new Map<string, Row<S>>();
  if (served.hasResources && !stateless) {
    // Subscriptions are per connection (one server per stdio connection or HTTP session).
    const subscribed = new Set<string>();
    rows.set('resources/subscribe', async (params, scope) => {
      const uri = params.uri as string;
      await served.refusal(scope, uri);
      if (!subscribed.has(uri) && subscribed.size >= MAX_SUBSCRIPTIONS) {
        throw protocolError(
          ErrorCode.InvalidRequest,
          `This connection is subscribed to ${MAX_SUBSCRIPTIONS} resources, the most it may be; unsubscribe from one first.`,
        );
      }
      subscribed.add(uri);
      return {};
    });
    rows.set('resources/unsubscribe', (params) => {
      subscribed.delete(params.uri as string);
      return {};
    });
    offs.push(
      changes.onResourceUpdated!((uri) => {
        if (!subscribed.has(uri) || server.transport === undefined) return;
        server.sendResourceUpdated({ uri }).catch(() => undefined);
      }),
    );
    offs.push(() => subscribed.clear());
  }
  const closed = server.onclose;
  server.onclose = () => {
    for (const off of offs) off();
    closed?.();
  };
  const viewOf: Readonly<Record<string, ListedView<S> | undefined>> = {
    'prompts/list': shown.prompts,
    'resources/list': shown.resources,
    'resources/templates/list': shown.resources,
  };
  return {
    rows,
    wrap: (method, row) => {
      const view = viewOf[method];
      return view === undefined
        ? row
        : (params, scope) => {
            view.shown(scope);
            return row(params, scope);
          };
    },
  };
}

/**
 * Declares and handles prompts, resources and completion on `server` (before it connects), from
 * `source`. `clientOf` gives a request's client (who is calling, logging), as a tool call gets it.
 */
export function servePromptsAndResources(
  server: Server,
  source: ServedSource,
  clientOf: (extra: Extra, name: string) => ToolClient,
  stateless = false,
  changes: SourceChanges = source,
): void {
  const served = servedRows<Extra>(source, clientOf, stateless);
  if (served === undefined) return;
  server.registerCapabilities(served.capabilities);
  const connection = servedConnection(server, source, served, stateless, changes);
  bindRows(server, new Map([...served.rows, ...connection.rows]), (_request, extra) => extra, connection.wrap);
}

/** What one caller sees of the source: everything, or what the `visibleServed` rule shows it. */
type Seen = Pick<ServedSource, 'prompts' | 'prompt' | 'resources' | 'resourceTemplates' | 'resourceAt'>;

function seenBy(source: ServedSource, client: ToolClient): Seen {
  const rule = source.isServedVisible;
  if (rule === undefined || source.callContext === undefined) return source;
  const context = source.callContext('', { client });
  const shown = <T extends PromptDefinition | ResourceDefinition | ResourceTemplateDefinition>(d: T | undefined): T | undefined =>
    d !== undefined && rule.call(source, d, context) ? d : undefined;
  return {
    prompts: () => source.prompts().filter((p) => shown(p) !== undefined),
    prompt: (name) => shown(source.prompt(name)),
    resources: () => source.resources().filter((r) => shown(r) !== undefined),
    resourceTemplates: () => source.resourceTemplates().filter((t) => shown(t) !== undefined),
    resourceAt: (uri) => {
      const fixed = source.resources().find((r) => r.uri === uri);
      if (fixed !== undefined) return shown(fixed);
      return source.resourceTemplates().find((t) => shown(t) !== undefined && t.match(uri) !== undefined);
    },
  };
}

function promptRows<S>(rows: Map<string, Row<S>>, seen: (scope: S) => Seen, options: (scope: S, name: string) => InvokeOptions): void {
  rows.set('prompts/list', (_params, scope) => ({
    prompts: seen(scope)
      .prompts()
      .map((p) => ({
        name: p.name,
        ...(p.title !== undefined ? { title: p.title } : {}),
        description: p.description ?? '',
        arguments: p.arguments.map((a) => ({ ...a })),
      })),
  }));
  rows.set('prompts/get', async (params, scope) => {
    const name = params.name as string;
    const source = seen(scope);
    const prompt = source.prompt(name);
    if (prompt === undefined) throw protocolError(ErrorCode.InvalidParams, unknownPrompt(source, name));
    const reply = await prompt.get((params.arguments as Record<string, string> | undefined) ?? {}, options(scope, name));
    const messages = answer(reply);
    return {
      ...(prompt.description !== undefined && prompt.description !== '' ? { description: prompt.description } : {}),
      messages: messages.map((m) => ({ ...m })),
    };
  });
}

function resourceRows<S>(rows: Map<string, Row<S>>, seen: (scope: S) => Seen, options: (scope: S, name: string) => InvokeOptions): void {
  const described = (r: ResourceDefinition | ResourceTemplateDefinition) => ({
    name: r.name,
    ...(r.title !== undefined ? { title: r.title } : {}),
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
  });
  rows.set('resources/list', (_params, scope) => ({
    resources: seen(scope)
      .resources()
      .map((r) => ({ uri: r.uri, ...described(r) })),
  }));
  rows.set('resources/templates/list', (_params, scope) => ({
    resourceTemplates: seen(scope)
      .resourceTemplates()
      .map((t) => ({ uriTemplate: t.uriTemplate, ...described(t) })),
  }));
  rows.set('resources/read', async (params, scope) => {
    const uri = params.uri as string;
    const found = known(seen(scope), uri);
    const reply = 'uriTemplate' in found ? await found.read(uri, options(scope, found.name)) : await found.read(options(scope, found.name));
    return { contents: answer(reply, uri).map((c) => ({ ...c })) };
  });
}

/** The resource at `uri`, or the protocol error MCP gives for one that does not exist. */
function known(source: Seen, uri: string): ResourceDefinition | ResourceTemplateDefinition {
  const found = uri.length <= MAX_URI_LENGTH ? source.resourceAt(uri) : undefined;
  // The URI goes back in the error's data (SEP-2164), as long as the server would read one.
  if (found === undefined)
    throw Object.assign(protocolError(RESOURCE_NOT_FOUND, `Unknown resource '${uri.length > 256 ? `${uri.slice(0, 256)}…` : uri}'.`), {
      data: { uri: uri.slice(0, MAX_URI_LENGTH) },
    });
  return found;
}

/** The code of a get or read refused to its caller (a NestJS guard said no): the request as a whole is refused. */
export const REFUSED = ErrorCode.InvalidRequest;

/** The JSON-RPC code of each reason a get or read gives no value. */
const REPLY_CODES: Readonly<Record<Exclude<ServedReply<unknown>, { ok: true }>['reason'], number>> = {
  arguments: ErrorCode.InvalidParams,
  refused: REFUSED,
  'not-found': RESOURCE_NOT_FOUND,
  failed: ErrorCode.InternalError,
};

/**
 * A reply's value; refused arguments are invalid params, a refused caller an invalid request, what
 * is not there -32002 (a read's with the URI in its data, as for an unknown URI), a method's failure an internal error.
 */
function answer<T>(reply: ServedReply<T>, uri?: string): T {
  if (reply.ok) return reply.value;
  const error = protocolError(REPLY_CODES[reply.reason], reply.text);
  throw reply.reason === 'not-found' && uri !== undefined ? Object.assign(error, { data: { uri: uri.slice(0, MAX_URI_LENGTH) } }) : error;
}

function unknownTemplate(source: Seen, uri: string): string {
  const shown = uri.length > 256 ? `${uri.slice(0, 256)}…` : uri;
  const templates = source.resourceTemplates().map((t) => t.uriTemplate);
  return `Unknown resource template '${shown}'. Available templates: ${templates.length > 0 ? templates.join(', ') : 'none'}.`;
}

function unknownPrompt(source: Seen, name: string): string {
  const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  const names = source.prompts().map((p) => p.name);
  return `Unknown prompt '${shown}'. Available prompts: ${names.length > 0 ? names.join(', ') : 'none'}.`;
}

/**
 * An error the SDK sends as it is: its code, and its message without the `MCP error <code>: ` that
 * an `McpError` writes before it (the client writes that once).
 */
function protocolError(code: number, text: string): Error {
  return Object.assign(new Error(text), { code });
}
