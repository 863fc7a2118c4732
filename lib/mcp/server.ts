/**
 * The MCP protocol side of `tool-signatures/mcp`: one SDK `Server` whose `tools/list` and
 * `tools/call` go through a `ToolSet` (limits, approvals, visibility, costs, timeouts: the same
 * path as every other caller), with the call's context wired to the client: progress
 * notifications, logging, elicitation, who is calling, and `notifications/tools/list_changed`.
 * Transports (stdio, Streamable HTTP) connect it; they live beside it.
 */
import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
  ListToolsRequestSchema,
  SetLevelRequestSchema,
  type CallToolResult,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { partsIn, partsText } from '../invoke/calling/parts';
import type { ToolDefinition } from '../invoke/tools/bound-tool';
import type { ApprovalDecision, ApprovalRequest, Approver, CallerAuthInfo, LogLevel, ToolClient, ToolContext, InvokeOptions } from '../invoke/calling/context';
import { approvalQuestion } from '../invoke/calling/question';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { ToolResult } from '../tool-result';
import { ToolSet } from '../invoke/tools/toolset';
import { MCP_TEXTS } from '../diagnostics';
import { mcpOutputWrapped, toMcpTool } from '../providers/mcp';
import { samplerOf } from './sampling';
import { isServedSource, servePromptsAndResources } from './prompts';
import { capabilityOf } from './capabilities';
import { callerKey, limiterOf, type McpRateLimit } from './rate-limit';
import { changesOf, type McpBusOptions } from './event-bus';
import { traceServer, type McpTracingOptions } from './tracing';
import { ListedView, listedByCaller } from './listen';

/**
 * Where the server finds its tools: a `ToolSet` (or anything with `list()` and `invoke()`, such as the
 * NestJS `ToolRegistry`), anything with `list()`, or a list of definitions. Calls go through the set
 * when there is one; otherwise through a set made of the listed tools.
 */
export type McpToolSource = { list(): readonly ToolDefinition[] } | readonly ToolDefinition[];

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
   * `resources/subscribe` (lib/mcp/capabilities.ts).
   * @default false
   */
  stateless?: boolean;
}

/** Request headers that carry credentials: kept from tool code unless `exposeCredentials`. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** The caller's headers (a copy), without the credential headers unless they are to be exposed. */
function callerHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  expose: boolean,
): Record<string, string | readonly string[] | undefined> {
  const out: Record<string, string | readonly string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!expose && CREDENTIAL_HEADERS.has(name.toLowerCase())) continue;
    // A header named __proto__ is defined, never assigned.
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What a tool is told of the verified token: everything but the token, unless it is to be exposed. */
function callerAuthInfo(authInfo: AuthInfo, expose: boolean): CallerAuthInfo {
  if (expose) return authInfo;
  const { token: _token, ...rest } = authInfo;
  return rest;
}

/** A source with the optional parts of a `ToolSet` that the server uses when they are there. */
interface SetLike {
  list(): readonly ToolDefinition[];
  invoke(name: string, args: string | object, options?: InvokeOptions): Promise<ToolResult>;
  get?(name: string): ToolDefinition | undefined;
  listFor?(context: ToolContext): readonly ToolDefinition[];
  callContext?(name: string, options?: InvokeOptions): ToolContext;
  onChange?(listener: () => void): () => void;
}

function isSetLike(source: McpToolSource): source is SetLike {
  return !Array.isArray(source) && typeof (source as Partial<SetLike>).invoke === 'function';
}

/** The set that calls go through: the source itself, or a set of its tools (made per use for a live `list()`). */
function setOf(source: McpToolSource, fixed: ToolSet | undefined): SetLike {
  if (fixed !== undefined) return fixed;
  if (isSetLike(source)) return source;
  return new ToolSet((source as { list(): readonly ToolDefinition[] }).list());
}

/** The longest log or progress message sent to a client, in UTF-16 code units; a longer one is cut, and says how much was cut. */
export const MAX_NOTIFICATION_TEXT = 8192;
/** Log and progress notifications one call may send per second (and at once, in a burst); more are dropped. */
export const MAX_NOTIFICATIONS_PER_SECOND = 100;

// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A tool's log or progress message as a client may show it: control characters (terminal escapes)
 * and bidirectional controls written as their `\uXXXX` escape (newlines and tabs stay), then cut to
 * `MAX_NOTIFICATION_TEXT` characters (never inside an escape or a surrogate pair), saying how many
 * more there were.
 */
export function notificationText(text: string): string {
  const shown = text.replace(UNSAFE_TEXT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (shown.length <= MAX_NOTIFICATION_TEXT) return shown;
  let end = MAX_NOTIFICATION_TEXT;
  const escape = shown.lastIndexOf('\\u', end - 1);
  if (escape !== -1 && escape > end - 6 && /^\\u[0-9a-f]{4}$/.test(shown.slice(escape, escape + 6))) end = escape;
  else if (/[\ud800-\udbff]/.test(shown[end - 1]!)) end--;
  return `${shown.slice(0, end)}… (${shown.length - end} more characters not shown)`;
}

/** A token bucket: `MAX_NOTIFICATIONS_PER_SECOND` per second, as many at once. */
function notificationBudget(): () => boolean {
  let tokens = MAX_NOTIFICATIONS_PER_SECOND;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(MAX_NOTIFICATIONS_PER_SECOND, tokens + ((now - last) * MAX_NOTIFICATIONS_PER_SECOND) / 1000);
    last = now;
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The `_meta` key of a request's own log level (the 2026-07-28 protocol's; honoured on every revision). */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';

/**
 * A transport whose requests stand alone: the stateless HTTP endpoint's (lib/mcp/http.ts). Its
 * server keeps nothing of one request for the next, and sends the client no request of its own.
 */
export interface RequestScopedTransport {
  readonly requestScoped: true;
}

function isRequestScoped(server: Server): boolean {
  return (server.transport as Partial<RequestScopedTransport> | undefined)?.requestScoped === true;
}

/**
 * Where lib/mcp/modern.ts puts what a 2026-07-28 request's client can answer (its capabilities come
 * with each request, and questions are answered by the client's retry, not on a session): on the
 * request's `extra`, which then stands for the client of this request only.
 */
export const MODERN_REQUEST = Symbol('tool-signatures.modernRequest');

/** A 2026-07-28 request's way of asking its client (see lib/mcp/modern.ts). */
export interface ModernAsk {
  elicit?: ToolClient['elicit'];
  sample?: ToolClient['sample'];
  roots?: ToolClient['roots'];
  /** Asks the user to approve a call (as `elicit`, its answer spends the request's state when accepted). */
  approval?: ToolClient['elicit'];
  /** Whether the client declared elicitation (`elicit` refuses otherwise; an approval then says why it cannot ask). */
  canElicit?: boolean;
  /** Tasks hook (lib/mcp/tasks/runtime.ts): makes the call a task (`ctx.detach()`), where its tool's task starts so. */
  detach?: () => Promise<boolean>;
}

/** Each server's listing: the tools the caller of a request is shown (its `tools/list`, before MCP's form). */
const listings = new WeakMap<Server, (extra: Extra) => readonly ToolDefinition[]>();

/**
 * The tools `server` (made by `createMcpServer`) shows the caller of a request, by the rule its
 * `tools/list` answers with: a tool not among them is unknown to that caller, on every refusal.
 */
export function toolsListedTo(server: Server, extra: Extra): readonly ToolDefinition[] {
  return listings.get(server)?.(extra) ?? [];
}

/** Servers made so far (names each one's own rate-limit caller). */
let servers = 0;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * An MCP SDK server whose `tools/list` gives the tools' schemas (output schemas wrapped as
 * `{ result }` when they are not objects; annotations as given; only the tools the caller may see)
 * and whose `tools/call` runs each call through the tool set. Argument problems, refusals and tool
 * failures are `isError` results, never protocol errors; the request's signal cancels the call.
 * The server declares `tools.listChanged` when the source can change (a `ToolSet`), and `logging`.
 */
export function createMcpServer(tools: McpToolSource, info: McpServerInfo, options: McpServerOptions = {}): Server {
  const { approve, exposeCredentials = false, tracing, rateLimit, bus, stateless = false, ...serverOptions } = options;
  const changes = changesOf(tools, bus);
  const limiter = rateLimit === undefined ? undefined : limiterOf(rateLimit);
  // The rate limit's caller when nothing names one (stdio, in memory): this server's one client.
  const connection = `connection ${++servers}`;
  const live = isSetLike(tools) && typeof tools.onChange === 'function';
  const server = new Server(info, {
    ...serverOptions,
    capabilities: { ...serverOptions.capabilities, tools: capabilityOf('tools', live, stateless), logging: {} },
  });
  const fixed = Array.isArray(tools) ? new ToolSet(tools as readonly ToolDefinition[]) : undefined;
  // Log levels the clients set (per session; `undefined` for a transport without sessions).
  const levels = new Map<string | undefined, number>();
  // Prompts, resources and completion: lib/mcp/prompts.ts (each declared only when the set has some).
  if (isServedSource(tools))
    servePromptsAndResources(server, tools, (extra, name) => clientOf(server, extra, name, levels, exposeCredentials), changes, stateless);
  server.setRequestHandler(SetLevelRequestSchema, (request, extra) => {
    // Stateless: no later request sees the level (the endpoint applies it to the calls of the same
    // POST). Answered `{}` all the same, as the protocol says: clients set a level as they connect
    // (the MCP Inspector does, and gives up on an error), and the conformance suite wants `{}`.
    // docs/mcp.md says what applies where.
    if (isRequestScoped(server)) return {};
    levels.set(extra.sessionId, LEVELS.indexOf(request.params.level as LogLevel));
    return {};
  });
  const listedTo = (extra: Extra): readonly ToolDefinition[] => {
    const set = setOf(tools, fixed);
    const client = clientOf(server, extra, '', levels, exposeCredentials);
    return set.listFor !== undefined && set.callContext !== undefined ? set.listFor(set.callContext('', { client })) : set.list();
  };
  listings.set(server, listedTo);
  // Where what a client is listed varies by caller, list_changed goes only to one whose list changed.
  const shown = live && listedByCaller(tools).tools ? new ListedView((extra: Extra) => listedTo(extra).map((t) => t.name)) : undefined;
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => {
    shown?.shown(extra);
    return { tools: listedTo(extra).map((t) => toMcpTool(t).tool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    if (limiter !== undefined) {
      const decision = await limiter.take(callerKey(extra.authInfo, extra.requestInfo, server, connection)).catch(() => undefined);
      if (decision === undefined) return errorResult(MCP_TEXTS.rateLimitUnavailable(name.slice(0, 128)));
      if (!decision.ok) return errorResult(MCP_TEXTS.rateLimited(name.slice(0, 128), limiter.limit.calls, limiter.limit.perSeconds, decision.retryInSeconds));
    }
    const set = setOf(tools, fixed);
    const client = clientOf(server, extra, name, levels, exposeCredentials);
    const result = await set.invoke(name, request.params.arguments ?? {}, {
      signal: extra.signal,
      callId: String(extra.requestId),
      client,
      ...(approve !== undefined ? { approve } : {}),
    });
    return callToolResult(set.get?.(name) ?? set.list().find((t) => t.name === name), result);
  });
  if (tracing !== undefined && tracing !== false) traceServer(server, tracing);
  if (live) {
    const off = changes.onChange!(() => {
      // A server whose transport has closed stops listening (h5's sessions close theirs).
      if (server.transport === undefined || (shown !== undefined && !shown.changed())) return;
      server.sendToolListChanged().catch(() => undefined);
    });
    const closed = server.onclose;
    server.onclose = () => {
      off();
      closed?.();
    };
  }
  return server;
}

/** What the client of one request can do for the call: progress (and its token), logging, elicitation, sampling, approval. */
function clientOf(server: Server, extra: Extra, toolName: string, levels: ReadonlyMap<string | undefined, number>, exposeCredentials: boolean): ToolClient {
  const token = extra._meta?.progressToken;
  const headers = extra.requestInfo?.headers;
  const caller = {
    via: 'mcp',
    ...(extra.authInfo !== undefined ? { authInfo: callerAuthInfo(extra.authInfo, exposeCredentials) } : {}),
    ...(headers !== undefined ? { headers: callerHeaders(headers, exposeCredentials) } : {}),
    ...(extra.sessionId !== undefined ? { sessionId: extra.sessionId } : {}),
  };
  const modern = (extra as { [MODERN_REQUEST]?: ModernAsk })[MODERN_REQUEST];
  const elicitation = server.getClientCapabilities()?.elicitation as { form?: object; url?: object } | undefined;
  // A client that declares `elicitation: {}` supports forms (the 2025-06 form); one that lists modes must list `form`.
  const budget = notificationBudget();
  // Stateless, the calls server never sees the client's capabilities, and could not ask if it did.
  const stateless = modern === undefined && isRequestScoped(server);
  const canAsk = !stateless && elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  const elicit: ToolClient['elicit'] =
    modern !== undefined
      ? modern.elicit
      : canAsk
        ? (request, signal) =>
            extra.sendRequest(
              { method: 'elicitation/create', params: { message: request.message, requestedSchema: request.requestedSchema as never } },
              ElicitResultSchema,
              signal !== undefined ? { signal } : {},
            )
        : undefined;
  // Said by ctx.elicit's refusal; a client that did not declare elicitation gets the refusal's own text.
  const cannotElicit = stateless ? MCP_TEXTS.statelessCannotAsk() : undefined;
  // The request's own level (2026-07-28's `_meta`), else the level the session set (2025 only).
  const asked = (extra._meta as Record<string, unknown> | undefined)?.[LOG_LEVEL_META];
  const ownLevel = typeof asked === 'string' ? LEVELS.indexOf(asked as LogLevel) : -1;
  const sample = modern !== undefined ? modern.sample : samplerOf(server, extra);
  const roots: ToolClient['roots'] =
    modern !== undefined
      ? modern.roots
      : !stateless && server.getClientCapabilities()?.roots !== undefined
        ? async (_request, signal) => (await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema, signal !== undefined ? { signal } : {})).roots
        : undefined;
  return {
    caller,
    ...(typeof token === 'string' || typeof token === 'number' ? { progressToken: token } : {}),
    ...(sample !== undefined ? { sample } : {}),
    ...(roots !== undefined ? { roots } : {}),
    ...(extra.closeSSEStream !== undefined ? { closeStream: extra.closeSSEStream } : {}),
    // Tasks hook (lib/mcp/tasks/runtime.ts): `ctx.detach()` of a call that may become a task.
    ...(modern?.detach !== undefined ? { detach: modern.detach } : {}),
    ...(token !== undefined
      ? {
          progress: (u) =>
            budget()
              ? extra.sendNotification({
                  method: 'notifications/progress',
                  params: {
                    progressToken: token,
                    progress: u.done,
                    ...(u.total !== undefined ? { total: u.total } : {}),
                    ...(u.message !== undefined ? { message: notificationText(String(u.message)) } : {}),
                  },
                })
              : undefined,
        }
      : {}),
    log: (level, message) => {
      // A 2026-07-28 request names its level or gets no log message (the revision has no session level).
      const least = ownLevel !== -1 ? ownLevel : modern !== undefined ? LEVELS.length : (levels.get(extra.sessionId) ?? 0);
      if (LEVELS.indexOf(level) < least || !budget()) return undefined;
      return extra.sendNotification({
        method: 'notifications/message',
        params: { level: level as LoggingLevel, logger: toolName, data: notificationText(message) },
      });
    },
    ...(elicit !== undefined ? { elicit } : {}),
    ...(cannotElicit !== undefined ? { cannotElicit } : {}),
    approve: (request) => askToApprove(modern === undefined ? elicit : modern.canElicit === false ? undefined : modern.approval, stateless, request),
  };
}

/** Asks the user to approve a call (an empty form: accept approves), or refuses saying why it cannot. */
async function askToApprove(elicit: ToolClient['elicit'], stateless: boolean, request: ApprovalRequest): Promise<ApprovalDecision> {
  if (elicit === undefined) return { approved: false, reason: stateless ? MCP_TEXTS.approvalStateless() : MCP_TEXTS.approvalClientCannotAsk() };
  const question = approvalQuestion(request);
  if (!question.ok) return { approved: false, reason: question.reason };
  const reply = await elicit({ key: 'approval', message: question.text, requestedSchema: { type: 'object', properties: {} } }, request.context.signal);
  if (reply.action === 'accept') return true;
  return { approved: false, reason: reply.action === 'decline' ? 'the user declined' : 'the user dismissed the request' };
}

function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * A ToolResult in MCP's shape: parts as content (text, JSON as text, image, audio, resource link,
 * embedded resource), structuredContent whenever an output schema is listed; an error result is
 * `isError` with its text.
 */
export function callToolResult(tool: ToolDefinition | undefined, result: ToolResult): CallToolResult {
  if (result.isError) return errorResult(partsText(result.parts));
  const out: CallToolResult = { content: partsIn('mcp', result.parts).content as CallToolResult['content'] };
  if (tool?.outputSchema !== undefined) {
    const value = 'typedResult' in result ? result.typedResult : result.parts.find((p) => p.type === 'json')?.value;
    const structured = mcpOutputWrapped(tool) ? { result: value } : value;
    if (typeof structured === 'object' && structured !== null && !Array.isArray(structured)) {
      out.structuredContent = structured as Record<string, unknown>;
    }
  }
  return out;
}
