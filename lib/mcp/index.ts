/**
 * tool-signatures/mcp: serve tools over the Model Context Protocol with the official SDK (an
 * optional peer dependency). The protocol handlers are in `./server` (`createMcpServer`); this module
 * connects them to stdio and Streamable HTTP (`./http`).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createStreamableHttpHandler, listenMcpHttp, type McpEndpointOptions, type McpHttpEndpoint, type McpHttpHandler, type McpListenOptions } from './http';
import { createMcpServer, serverOf, type McpServerInfo, type McpServerOptions, type McpToolSource } from './server';
import { mcpTable } from './table';
import { tracingOf } from './tracing';
import { connectStdio, connectStdioBothEras, type McpStdioOptions } from './stdio';
import { modernServerFactory, modernSdk, type ModernOptions } from './modern';
import { requestStateKeys } from './state-key';
import { LISTEN_DEFAULTS } from './listen';
import { MAX_SUBSCRIPTIONS } from './prompts';
import { INVALID_PARAMS } from './codes';
import { connectionPrincipal } from './principal';

export { BoundedStdioTransport, DEFAULT_MAX_LINE_BYTES, type McpStdioOptions } from './stdio';

export { createMcpServer, callToolResult, type McpServerInfo, type McpServerOptions, type McpToolSource } from './server';
export type { McpEndpointOptions, McpHttpAuthOptions, McpHttpEndpoint, McpHttpHandler, McpListenOptions, McpServerFactory, McpSessionOptions } from './http';
export { createStreamableHttpHandler, listenMcpHttp, mcpMetadataPath } from './http';
export { MODERN_VERSIONS, MAX_INPUT_ROUNDS, MAX_REQUEST_STATE_CHARS, type ModernOptions } from './modern';
export { MAX_SPENT_STATES } from './spent-states';
export {
  DEFAULT_MAX_RATE_LIMITED_CALLERS,
  MemoryRateLimitStore,
  type McpRateLimit,
  type RateDecision,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit';
export { MemoryEventStore, EVENT_STORE_DEFAULTS, MAX_EVENT_ID_CHARS, type EventStoreBounds } from './event-store';
export {
  MemorySessionRegistry,
  restoreSession,
  SESSION_REGISTRY_DEFAULTS,
  MAX_SESSION_RECORD_CHARS,
  type SessionRecord,
  type SessionRegistry,
  type SessionRegistryBounds,
} from './session-registry';
export { MemoryEventBus, isMcpEvent, MAX_EVENT_URI_CHARS, type McpEvent, type McpEventBus, type McpBusOptions } from './event-bus';
export { TASKS_EXTENSION, type McpTasksOptions } from './tasks/runtime';
export {
  MemoryTaskStore,
  TERMINAL_STATUSES,
  type MemoryTaskStoreOptions,
  type StoredTask,
  type TaskStatus,
  type TaskStore,
  type TaskTransition,
  type TransitionGuard,
} from './tasks/store';
export type { McpTracer, McpTracingOptions } from './tracing';
export type { McpCorsOptions } from './cors';
export type { McpHealthOptions } from './health';
export { servePromptsAndResources, RESOURCE_NOT_FOUND, MAX_SUBSCRIPTIONS, type ServedSource } from './prompts';

/**
 * Serves the tools over stdio (the process's stdin and stdout) until the client disconnects. Each
 * line is bounded (`maxLineBytes`): a longer one is answered with a JSON-RPC error and the server
 * goes on; a broken stdin or stdout sets the exit code to 1.
 */
export async function serveMcpStdio(
  tools: McpToolSource,
  info: McpServerInfo,
  options: McpStdioOptions & McpObservedOptions & ModernOptions = {},
): Promise<Server> {
  const modernOptions = modernOptionsOf(options);
  const legacy = createMcpServer(tools, info, observed(options));
  const sdk = modernSdk();
  if (sdk === undefined) return connectStdio(legacy, options);
  // The connection's first message chooses the revision (lib/mcp/stdio.ts); 2026-07-28 is served by the SDK's v2 serveStdio.
  return connectStdioBothEras(
    legacy,
    (channel) => {
      // Over stdio the connection's one server hears its own process's changes (a bus serves HTTP's listen streams).
      const { bus: _bus, ...stdioModern } = modernOptions;
      // The connection's one client is its principal (lib/mcp/principal.ts), as a 2025 stdio connection's.
      const caller = { headers: {}, principal: connectionPrincipal() };
      const factory = modernServerFactory(sdk, tableOf(tools, observed(options)), tools, info, stdioModern, () => caller, tracingFor(options));
      // One server for the connection: it sends the changes, which the SDK passes to the client's subscriptions.
      let pinned: ReturnType<typeof factory> | undefined;
      const quiet = (p: Promise<void>): void => void p.catch(() => undefined);
      channel.onEnd(
        factory.watch({
          toolsChanged: () => pinned !== undefined && quiet(pinned.sendToolListChanged()),
          promptsChanged: () => pinned !== undefined && quiet(pinned.sendPromptListChanged()),
          resourcesChanged: () => pinned !== undefined && quiet(pinned.sendResourceListChanged()),
          resourceUpdated: (uri) => pinned !== undefined && quiet(pinned.sendResourceUpdated({ uri })),
        }),
      );
      // A listen names at most maxListenResources URIs, and hears only of those its caller may read.
      const maxResources = options.maxListenResources ?? MAX_SUBSCRIPTIONS;
      channel.inbound = (message) => {
        const m = message as { id?: unknown; method?: unknown; params?: unknown };
        if (m.method !== 'subscriptions/listen') return message;
        return factory.listenBody(m, maxResources, caller).then(async (served) => {
          if (!('refusal' in served)) return served.body as typeof message;
          await channel.send({ jsonrpc: '2.0', id: m.id as string | number, error: { code: INVALID_PARAMS, message: served.refusal } });
          return undefined;
        });
      };
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { serveStdio } = require('@modelcontextprotocol/server/stdio') as typeof import('@modelcontextprotocol/server/stdio');
      serveStdio((() => (pinned = factory())) as never, {
        legacy: 'reject',
        transport: channel as never,
        maxSubscriptions: options.maxListenStreams ?? LISTEN_DEFAULTS.maxListenStreams,
      });
    },
    options,
  );
}

/** The table of handlers the 2026-07-28 servers bind (lib/mcp/table.ts). */
function tableOf(tools: McpToolSource, options: McpServerOptions) {
  return mcpTable(tools, {
    ...(options.approve !== undefined ? { approve: options.approve } : {}),
    ...(options.exposeCredentials !== undefined ? { exposeCredentials: options.exposeCredentials } : {}),
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
  });
}

function tracingFor(options: McpObservedOptions) {
  return options.tracing === undefined || options.tracing === false ? undefined : tracingOf(options.tracing);
}

/** The 2026-07-28 options, checked when the endpoint or stdio server is made (a short `requestStateKey` throws here, not at the first request). */
function modernOptionsOf(options: ModernOptions): ModernOptions {
  if (options.requestStateKey !== undefined) requestStateKeys(options.requestStateKey);
  return {
    ...(options.bus !== undefined ? { bus: options.bus } : {}),
    ...(options.requestStateKey !== undefined ? { requestStateKey: options.requestStateKey } : {}),
    ...(options.requestStateTtlSeconds !== undefined ? { requestStateTtlSeconds: options.requestStateTtlSeconds } : {}),
    ...(options.tasks !== undefined ? { tasks: options.tasks } : {}),
  };
}

/**
 * A Node `http` request handler for the Streamable HTTP endpoint (lib/mcp/http/): stateless by
 * default (any number of replicas behind a load balancer), stateful with `sessions`. Origin and
 * Host are checked, bodies and concurrency bounded (see `McpEndpointOptions`). Mounted behind a
 * body parser (Express, NestJS), it reads the parsed `req.body` instead of the consumed stream.
 */
export function createMcpHttpHandler(
  tools: McpToolSource,
  info: McpServerInfo,
  options: McpEndpointOptions & McpCallerOptions & McpObservedOptions & ModernOptions = {},
): McpHttpHandler {
  const serverOptions = { ...(options.exposeCredentials === true ? { exposeCredentials: true } : {}), ...observed(options) };
  const modernOptions = modernOptionsOf(options);
  // 2026-07-28 requests are answered by the rows of the same table, bound on the v2 server (lib/mcp/modern/).
  const modern = (infoOf: Parameters<typeof modernServerFactory>[5]) => {
    const sdk = modernSdk();
    return sdk === undefined ? undefined : modernServerFactory(sdk, tableOf(tools, serverOptions), tools, info, modernOptions, infoOf, tracingFor(options));
  };
  return createStreamableHttpHandler(
    (mode) => serverOf(tools, info, { ...serverOptions, ...(mode?.stateless === true ? { stateless: true } : {}) }, mode?.principal),
    options,
    modern,
  );
}

/** What tool code is told of the HTTP caller. */
export interface McpCallerOptions {
  /**
   * Passes the bearer token (`ctx.caller.authInfo.token`) and the `Authorization`,
   * `Proxy-Authorization` and `Cookie` headers to tools, approvers and `visible` rules.
   * @default false: they see who is calling, not the credentials
   */
  exposeCredentials?: boolean;
}

/** Tracing and the per-caller rate limit on tool calls (see `McpServerOptions`). */
export type McpObservedOptions = Pick<McpServerOptions, 'tracing' | 'rateLimit' | 'bus'>;

function observed(options: McpObservedOptions): McpObservedOptions {
  return {
    ...(options.tracing !== undefined ? { tracing: options.tracing } : {}),
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    ...(options.bus !== undefined ? { bus: options.bus } : {}),
  };
}

/** MCP tasks on 2026-07-28 (the `io.modelcontextprotocol/tasks` extension; see `McpTasksOptions`). */
export type McpTasksEndpointOptions = Pick<ModernOptions, 'tasks'>;

/** The key(s) of 2026-07-28 `requestState` (a list: the first signs, all verify; replicas share it; see `ModernOptions`). */
export type McpRequestStateKeyOptions = Pick<ModernOptions, 'requestStateKey'>;

/** Options of `serveMcpHttp`: where it listens, the endpoint's checks and bounds, what tools are told of the caller, tracing and the rate limit. */
export type McpHttpOptions = McpListenOptions & McpEndpointOptions & McpCallerOptions & McpObservedOptions & ModernOptions;

/** Starts an HTTP server with the Streamable HTTP endpoint (127.0.0.1, /mcp by default); resolves once it listens. */
export async function serveMcpHttp(tools: McpToolSource, info: McpServerInfo, options: McpHttpOptions = {}): Promise<McpHttpEndpoint> {
  return listenMcpHttp(createMcpHttpHandler(tools, info, options), options);
}
