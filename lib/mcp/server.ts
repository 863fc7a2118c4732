/**
 * The MCP server of `tool-signatures/mcp` for 2025-11-25 and earlier: one SDK v1 `Server` whose
 * handlers are the rows of the table (lib/mcp/table.ts), bound with its public `setRequestHandler`,
 * each request's scope made of what the SDK hands a handler (`extra`): progress notifications,
 * logging, elicitation, sampling, roots, who is calling. What a connection keeps is here: the log
 * level a session set, its resource subscriptions, and `list_changed`. Transports (stdio,
 * Streamable HTTP) connect it; they live beside it.
 */
import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitResultSchema, ListRootsResultSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { Approver, ToolClient } from '../invoke/calling/context';
import { MCP_TEXTS } from '../diagnostics';
import { samplerOf } from './sampling';
import { servedConnection } from './prompts';
import type { McpRateLimit } from './rate-limit';
import { callerPrincipal, connectionPrincipal, recordedPrincipal } from './principal';
import { tracedTransport, tracingOf, type McpTracing, type McpTracingOptions } from './tracing';
import { ListedView } from './listen';
import { LEVELS, ownLevel, type CallScope, type Row } from './call';
import { bindRows, type V1Extra } from './bind-v1';
import { changesOf, type McpBusOptions, type SourceChanges } from './event-bus';
import { mcpTable, toolsByCaller, type McpTable, type McpToolSource } from './table';

export { callToolResult, type McpToolSource } from './table';

/** The server's name and version, as MCP clients see them. */
export interface McpServerInfo {
  name: string;
  version: string;
}

/** Options of `createMcpServer`: the SDK's server options, and how approvals are decided. */
export interface McpServerOptions extends ServerOptions, McpBusOptions {
  /**
   * Decides approvals for calls of tools that require one, instead of asking the user (it wins
   * over the tool set's own `approve`, as `runToolCalls`' does).
   * @default the tool set's `approve`; else the user is asked through elicitation when the client
   * supports it; else the call is refused with a text that says approval is needed
   */
  approve?: Approver;
  /**
   * Passes the caller's credentials to tool code: the bearer token (`ctx.caller.authInfo.token`) and
   * the `Authorization`, `Proxy-Authorization` and `Cookie` headers (`ctx.caller.headers`). Off, a
   * tool, an approver and a `visible` rule see who is calling (client id, scopes, expiry, resource,
   * `extra`) but not the token itself, which tool code could log or send on.
   * @default false
   */
  exposeCredentials?: boolean;
  /**
   * OpenTelemetry spans, one per request (MCP and GenAI semantic conventions), their parent the
   * W3C trace context in the request's `params._meta`. Needs the optional peer `@opentelemetry/api`
   * (loaded only when this is set); `true` uses the global tracer provider, `{ tracer }` a tracer of
   * yours.
   * @default undefined: no tracing, and the peer is not loaded
   */
  tracing?: boolean | McpTracingOptions;
  /**
   * Per-caller rate limit on tool calls: a token bucket of `calls` per `perSeconds` for each caller
   * (the verified token's principal, else the HTTP remote address, else the connection). A call
   * beyond is not run and is answered as an `isError` tool result saying when to try again. Every
   * server made with the same `rateLimit` object (each HTTP session's) shares the buckets;
   * `maxCallers` (default 10000) bounds the callers tracked, the longest idle forgotten first;
   * `store` keeps the buckets elsewhere (replicas sharing one share the limit).
   * @default undefined: no limit
   */
  rateLimit?: McpRateLimit;
  /**
   * The server is for a transport that sends the client nothing unasked (the stateless HTTP
   * endpoint): it declares no `listChanged` and no `resources.subscribe`, and does not serve
   * `resources/subscribe` / `unsubscribe` (lib/mcp/capabilities.ts).
   * @default false
   */
  stateless?: boolean;
}

/**
 * A transport whose requests stand alone: the stateless HTTP endpoint's (lib/mcp/http). Its
 * server keeps nothing of one request for the next, and sends the client no request of its own.
 */
export interface RequestScopedTransport {
  readonly requestScoped: true;
}

function isRequestScoped(server: Server): boolean {
  return (server.transport as Partial<RequestScopedTransport> | undefined)?.requestScoped === true;
}

/** A v1 `Server` whose every request is traced (lib/mcp/tracing.ts): it connects to its transport seen through the tracing. */
class TracedServer extends Server {
  readonly #tracing: McpTracing;
  constructor(info: McpServerInfo, options: ServerOptions, tracing: McpTracing) {
    super(info, options);
    this.#tracing = tracing;
  }
  override connect(transport: Transport): Promise<void> {
    return super.connect(tracedTransport(transport, this.#tracing));
  }
}

/**
 * An MCP SDK server whose `tools/list` gives the tools' schemas (output schemas wrapped as
 * `{ result }` when they are not objects; annotations as given; only the tools the caller may see)
 * and whose `tools/call` runs each call through the tool set. Argument problems, refusals and tool
 * failures are `isError` results, never protocol errors; the request's signal cancels the call.
 * The server declares `tools.listChanged` when the source can change (a `ToolSet`), and `logging`.
 */
export function createMcpServer(tools: McpToolSource, info: McpServerInfo, options: McpServerOptions = {}): Server {
  return serverOf(tools, info, options);
}

/** `createMcpServer`, its requests sent by `principal` when one client owns it (an HTTP session's owner). */
export function serverOf(tools: McpToolSource, info: McpServerInfo, options: McpServerOptions, principal?: string): Server {
  const { approve, exposeCredentials, tracing, rateLimit, bus, stateless = false, ...serverOptions } = options;
  const table = mcpTable(tools, {
    stateless,
    ...(approve !== undefined ? { approve } : {}),
    ...(exposeCredentials !== undefined ? { exposeCredentials } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
  });
  // The rate limit's caller when nothing names one (stdio, in memory): this server's one client.
  const connection = principal ?? connectionPrincipal();
  const sdkOptions = { ...serverOptions, capabilities: { ...serverOptions.capabilities, ...table.capabilities } };
  const server = tracing !== undefined && tracing !== false ? new TracedServer(info, sdkOptions, tracingOf(tracing)) : new Server(info, sdkOptions);
  bindTable(server, table, tools, connection, stateless, changesOf(tools, bus));
  return server;
}

/** Binds the table's rows onto `server`, with what one connection keeps: the log level, subscriptions, `list_changed`. */
function bindTable(server: Server, table: McpTable, tools: McpToolSource, connection: string, stateless: boolean, changes: SourceChanges): void {
  // Log levels the clients set (per session; `undefined` for a transport without sessions).
  const levels = new Map<string | undefined, number>();
  const scopeOf = (_request: unknown, extra: V1Extra): CallScope => v1Scope(server, extra, levels, connection);
  const rows = new Map<string, Row<CallScope>>(table.rows);
  rows.set('logging/setLevel', (params, scope) => {
    // Stateless: no later request sees the level (the endpoint applies it to the calls of the same
    // POST). Answered `{}` all the same, as the protocol says: clients set a level as they connect
    // (the MCP Inspector does, and gives up on an error), and the conformance suite wants `{}`.
    // docs/mcp.md says what applies where.
    if (!isRequestScoped(server)) levels.set(scope.sessionId, LEVELS.indexOf(params.level as LoggingLevel));
    return {};
  });
  const offs: (() => void)[] = [];
  // Where what a client is listed varies by caller, list_changed goes only to one whose list changed.
  const shown = table.live && !stateless && toolsByCaller(tools) ? new ListedView((scope: CallScope) => table.listedTo(scope).map((t) => t.name)) : undefined;
  const served =
    table.served === undefined || !('onResourceUpdated' in tools) ? undefined : servedConnection(server, tools as never, table.served, stateless, changes);
  for (const [method, row] of served?.rows ?? []) rows.set(method, row);
  bindRows(server, rows, scopeOf, (method, row) => {
    const inner = served?.wrap(method, row) ?? row;
    return method === 'tools/list' && shown !== undefined
      ? (params, scope) => {
          shown.shown(scope);
          return inner(params, scope);
        }
      : inner;
  });
  // Stateless, nothing is sent unasked: no `list_changed` (lib/mcp/capabilities.ts).
  // With a `bus`, the changes are heard from it (every replica's), the source's own published there.
  if (table.live && !stateless && changes.onChange !== undefined) {
    offs.push(
      changes.onChange(() => {
        // A server whose transport has closed stops listening (h5's sessions close theirs).
        if (server.transport === undefined || (shown !== undefined && !shown.changed())) return;
        server.sendToolListChanged().catch(() => undefined);
      }),
    );
  }
  const closed = server.onclose;
  server.onclose = () => {
    for (const off of offs) off();
    closed?.();
  };
}

/** The scope of a 2025 request: its client as the session (or stdio connection) declared it when it initialized. */
function v1Scope(server: Server, extra: V1Extra, levels: ReadonlyMap<string | undefined, number>, connection: string): CallScope {
  const token = extra._meta?.progressToken;
  const headers = extra.requestInfo?.headers;
  // Stateless, the calls server never sees the client's capabilities, and could not ask if it did.
  const stateless = isRequestScoped(server);
  const capabilities = server.getClientCapabilities();
  const elicitation = capabilities?.elicitation as { form?: object; url?: object } | undefined;
  // A client that declares `elicitation: {}` supports forms (the 2025-06 form); one that lists modes must list `form`.
  const canAsk = !stateless && elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  const elicit: ToolClient['elicit'] = canAsk
    ? (request, signal) =>
        extra.sendRequest(
          { method: 'elicitation/create', params: { message: request.message, requestedSchema: request.requestedSchema as never } },
          ElicitResultSchema,
          signal !== undefined ? { signal } : {},
        )
    : undefined;
  const sample = samplerOf(server, extra);
  const roots: ToolClient['roots'] =
    !stateless && capabilities?.roots !== undefined
      ? async (_request, signal) => (await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema, signal !== undefined ? { signal } : {})).roots
      : undefined;
  // The request's own level (2026-07-28's `_meta`), else the level the session set.
  const own = ownLevel(extra._meta as Record<string, unknown> | undefined);
  return {
    revision: '2025-11-25',
    requestId: extra.requestId,
    signal: extra.signal,
    principal: callerPrincipal(extra.authInfo, recordedPrincipal(extra.requestInfo), connection),
    ...(extra.authInfo !== undefined ? { authInfo: extra.authInfo } : {}),
    ...(headers !== undefined ? { headers } : {}),
    ...(extra.sessionId !== undefined ? { sessionId: extra.sessionId } : {}),
    ...(typeof token === 'string' || typeof token === 'number' ? { progressToken: token } : {}),
    level: own !== -1 ? own : (levels.get(extra.sessionId) ?? 0),
    asks: {
      ...(elicit !== undefined ? { elicit, approval: elicit } : {}),
      ...(sample !== undefined ? { sample } : {}),
      ...(roots !== undefined ? { roots } : {}),
      ...(stateless ? { cannotElicit: MCP_TEXTS.statelessCannotAsk(), cannotApprove: MCP_TEXTS.approvalStateless() } : {}),
    },
    notify: (n) => extra.sendNotification(n as never),
    ...(extra.closeSSEStream !== undefined ? { closeStream: extra.closeSSEStream } : {}),
  };
}
