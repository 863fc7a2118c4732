/**
 * The options of the Streamable HTTP endpoint, its handler's type, and the defaults of its bounds.
 * What each option does: docs/mcp.md; every bound's default: SECURITY.md's table (keep it in step).
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type ModernCaller, type ModernRequestInfo } from '../modern';
import type { SessionRegistry } from '../session-registry';
import { type McpCorsOptions } from '../cors';
import { type McpHealthOptions } from '../health';

/**
 * Builds the protocol server (createMcpServer with the endpoint's tools and info). `stateless`: it
 * is for the stateless endpoint, which sends nothing unasked (createMcpServer's `stateless`);
 * `principal`: the one client a session's server serves.
 */
export type McpServerFactory = (mode?: { stateless?: boolean; principal?: string }) => Server;

/**
 * Builds the factory of the servers that answer MCP 2026-07-28 requests (lib/mcp/modern/), given
 * how to read what the endpoint knows of the request being served; undefined when the SDK's v2
 * package is not installed (the endpoint then serves 2025-11-25 and earlier).
 */
export type ModernServerFactory = (infoOf: () => ModernRequestInfo | undefined) =>
  | ((() => unknown) & {
      /** The JSON-RPC response of a request answered without a v2 server (lib/mcp/modern/direct.ts), else undefined. */
      direct?(message: Record<string, unknown>, caller: ModernCaller, signal: AbortSignal): Promise<{ status: number; response: unknown }> | undefined;
      paramHeaderMismatch?(message: { method?: unknown; params?: unknown }, request: ModernCaller): string | undefined;
      /** Sends the source's changes to the `subscriptions/listen` streams; returns how to stop. */
      watch?(notify: { toolsChanged(): void; promptsChanged(): void; resourcesChanged(): void; resourceUpdated(uri: string): void }): () => void;
      /**
       * The body a `subscriptions/listen` is served with (its resource URIs cut to those the caller
       * may read: `caller`'s), or why it is refused (`-32602`).
       */
      listenBody?(
        message: { id?: unknown; params?: unknown },
        maxResources: number,
        caller: ModernRequestInfo,
      ): Promise<{ body: unknown } | { refusal: string }>;
      /** The SSE frame that ends a listen stream the server closes (the protocol's empty `subscriptions/listen` result). */
      listenEnd?(id: string | number): string;
      /** The bus the listen streams hear of changes on (the SDK's `ServerEventBus`), each only of what its caller can see. */
      bus?(): unknown;
    })
  | undefined;

/** Bearer-token authentication through the SDK's `requireBearerAuth` middleware. */
export interface McpHttpAuthOptions {
  /** Checks a bearer token and says who holds it (the SDK's `OAuthTokenVerifier`); throw the SDK's `InvalidTokenError` to refuse it. */
  verifyAccessToken(token: string): Promise<AuthInfo>;
  /** Scopes every token must carry. @default [] */
  requiredScopes?: string[];
  /**
   * The authorization servers that issue tokens for this endpoint, published in its protected-resource
   * metadata (RFC 9728) at `/.well-known/oauth-protected-resource<path>`, where MCP clients look.
   */
  authorizationServers: (string | URL)[];
  /**
   * This endpoint's public URL, the metadata's `resource` (behind a proxy it is not what the socket
   * says). @default on a loopback connection `http://<Host header><path>` (the Host header is checked
   * against DNS rebinding there); elsewhere none: the metadata is not served (404) and
   * `WWW-Authenticate` names no metadata URL, since a request's Host header may name any server.
   * `serveMcpHttp` refuses to listen on a non-loopback address with `auth` and no `resource`.
   */
  resource?: string | URL;
  /** A name for the endpoint in the metadata. @default undefined */
  resourceName?: string;
}

/** Stateful mode: one session (and one protocol server) per client that initializes. */
export interface McpSessionOptions {
  /**
   * Stores SSE events so that a client can resume a stream with `Last-Event-ID` (the SDK's
   * interface). One store serves every session, partitioned: each session's streams are stored under
   * names of its own (`<session tag>.<stream id>`, its GET stream `<session tag>.get`; the tag a
   * digest of the session id, so that a replica restoring the session finds them), and a
   * `Last-Event-ID` of another session's stream replays nothing (400). Give the store
   * `getStreamIdForEventId`: without it, which stream an event is of is learnt by a replay whose
   * events are dropped. @default undefined (no resumability)
   */
  eventStore?: EventStore;
  /**
   * Where sessions are recorded (owner, protocol version, the client's `initialize`, log level),
   * before the `initialize` is answered; every request of a session reads (and renews) its record.
   * A replica sharing the registry (`tool-signatures/redis`'s `RedisSessionRegistry`) restores a
   * session it does not hold from its record, for its owner only (another client gets the 404 of
   * an unknown session), so the client goes on without initializing again; a DELETE ends it on
   * every replica. A registry that cannot answer refuses the request (503, fail closed).
   * @default a `MemorySessionRegistry` of this endpoint, its records living `idleTimeoutMs`
   */
  registry?: SessionRegistry;
  /**
   * With an `eventStore`: how long a client waits before it reconnects to a stream the server closed
   * (`ctx.closeStream()`), sent as the SSE `retry` field of each stream's first event. @default
   * undefined (the client's own default)
   */
  retryIntervalMs?: number;
  /** Sessions open at once; an `initialize` beyond it is answered 503. @default 1000 */
  maxSessions?: number;
  /**
   * Sessions one client may hold at once (a client: the principal of its verified token, else its
   * remote address); its `initialize` beyond it is answered 503, so one client cannot take every
   * slot. Behind a proxy without authentication every client has the proxy's address: raise it.
   * @default a tenth of maxSessions (100), at least 1
   */
  maxSessionsPerClient?: number;
  /** A session with no request for this long is closed (its streams end). @default 1800000 (30 minutes) */
  idleTimeoutMs?: number;
  /**
   * Makes a new session's id (visible ASCII). Behind a balancer, give each replica its own prefix
   * and route on it (README: replicas). @default crypto.randomUUID
   */
  newSessionId?: () => string;
  /** Called with each new session's id and its protocol server (to send it notifications), and with each session restored here. @default undefined */
  onSessionOpened?(sessionId: string, server: Server): void;
  /** Called when a session ends (DELETE, idle, or the endpoint closing). @default undefined */
  onSessionClosed?(sessionId: string): void;
}

/** The bounds and checks of the HTTP endpoint (all on by default). */
export interface McpEndpointOptions {
  /**
   * Browser origins allowed to call (exact `scheme://host[:port]`). A request without `Origin`
   * (not from a browser) is always let through. @default undefined: only `http(s)://localhost`,
   * `127.0.0.1` and `[::1]` origins (any port), and only on a connection to a loopback address
   */
  allowedOrigins?: string[];
  /**
   * Host names (without port) the `Host` header may carry. @default undefined: on a connection to a
   * loopback address only `localhost`, `127.0.0.1` and `[::1]` (against DNS rebinding); elsewhere any
   */
  allowedHosts?: string[];
  /**
   * The endpoint's public origin (`https://mcp.example.com`) when a reverse proxy serves it: that
   * host is admitted in the `Host` header (a proxy that forwards it) and that origin in `Origin`,
   * besides what the other options admit. @default undefined
   */
  publicOrigin?: string;
  /**
   * CORS for browser clients: preflights (`OPTIONS`) answered 204, `Access-Control-Allow-Origin` for
   * the origins admitted above only, `Mcp-Session-Id` and `Mcp-Protocol-Version` exposed. `true` for
   * the defaults. @default undefined (off: `OPTIONS` is 405)
   */
  cors?: boolean | McpCorsOptions;
  /** A health route (`'/healthz'`): `GET` answers 200 `{"status":"ok"}`, before the Host, Origin and auth checks. @default undefined (none) */
  health?: string | McpHealthOptions;
  /** The largest request body, in bytes; a larger one is answered 413. @default 1048576 (1 MiB) */
  maxBodyBytes?: number;
  /** The longest time a request body may take to arrive; a slower one is answered 408 and its connection closed. @default 10000 */
  bodyTimeoutMs?: number;
  /** POST requests served at once; one more is answered 503 with `Retry-After`. @default 256 */
  maxConcurrentRequests?: number;
  /** SSE streams open at once (GET streams and streamed answers); a GET beyond is answered 503, a call beyond is answered as JSON. @default 128 */
  maxOpenStreams?: number;
  /** An SSE comment is written this often on an open stream so that proxies keep it. @default 15000 */
  keepAliveMs?: number;
  /**
   * Listen streams open at once: MCP 2026-07-28 `subscriptions/listen` streams and, with sessions,
   * GET streams, where clients wait to hear of changes. They are counted apart: a listen stream
   * never takes a slot of `maxConcurrentRequests` (nor of its reserve) or of `maxOpenStreams`, so
   * idle listeners cannot keep calls out. One more is answered 503 with `Retry-After`.
   * @default 1000
   */
  maxListenStreams?: number;
  /**
   * Listen streams one client may hold at once (a client: the principal of its verified token, else
   * its remote address); one more is answered 503, and the rest stay for other clients. Behind a
   * proxy without authentication every client has the proxy's address: raise it.
   * @default a tenth of maxListenStreams (100), at least 1
   */
  maxListenStreamsPerClient?: number;
  /**
   * A listen stream on which nothing but keep-alive comments was sent for this long is closed (a
   * 2026-07-28 one with its empty result, as the protocol closes one; the client listens again).
   * @default 1800000 (30 minutes)
   */
  listenIdleTimeoutMs?: number;
  /**
   * Resource URIs one `subscriptions/listen` may name (`resourceSubscriptions`); a listen naming
   * more is refused with `-32602`. The same figure bounds a 2025 connection's `resources/subscribe`.
   * @default 1000
   */
  maxListenResources?: number;
  /** Stateful mode (sessions); `true` for the defaults. @default false (stateless) */
  sessions?: boolean | McpSessionOptions;
  /** Bearer-token authentication. @default undefined (no authentication) */
  auth?: McpHttpAuthOptions;
}

/** A Node HTTP request handler for the endpoint, with a `close()` that ends its sessions and streams. */
export interface McpHttpHandler {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The protocol servers of the open sessions (stateful mode), by session id. */
  readonly sessions: ReadonlyMap<string, Server>;
  /** Whether it answers the protected-resource metadata (`/.well-known/oauth-protected-resource…`): when `auth` is given. */
  readonly servesMetadata: boolean;
  /** The health route's path, when `health` is given (a server routes it to this handler too). */
  readonly healthPath?: string;
  close(): Promise<void>;
}

export const DEFAULTS = {
  maxBodyBytes: 1024 * 1024,
  bodyTimeoutMs: 10_000,
  maxConcurrentRequests: 256,
  maxOpenStreams: 128,
  keepAliveMs: 15_000,
  maxSessions: 1000,
  idleTimeoutMs: 30 * 60_000,
  maxBatch: 100,
} as const;
