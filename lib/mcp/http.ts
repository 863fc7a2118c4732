/**
 * The Streamable HTTP endpoint of tool-signatures/mcp. The protocol itself (tools/list, tools/call,
 * progress, logging, elicitation) is the SDK `Server` that `createMcpServer` builds; this file is
 * only the HTTP side: what a request must look like to be let in, the bounds on time and memory,
 * and how JSON-RPC messages travel between HTTP requests and that server.
 *
 * Stateless mode (the default) runs ONE server per endpoint, connected to a multiplexing transport
 * (`CallTransport`): each request's JSON-RPC id is replaced by an id unique to the endpoint on the
 * way in and restored on the way out, so clients cannot see or answer one another's calls. A call
 * is answered as plain JSON, unless it carries a progress token or its tool sends a notification
 * or a request (progress, log, elicitation) before it answers: then the answer becomes an SSE
 * stream. Stateful mode (`sessions`) gives each session its own server and the SDK's own
 * `StreamableHTTPServerTransport` (GET stream, DELETE, resumability through an `EventStore`).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { EventStore, StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { describeThrown } from '../thrown';
import { audienceChecked } from './audience';
import { principalOf as principal } from './principal';
import { LOG_LEVEL_META } from './call';
import { MCP_CALLER } from './rate-limit';
import { AsyncLocalStorage } from 'node:async_hooks';
import { MODERN_VERSIONS, modernNodeSdk, modernSdk, type ModernCaller, type ModernRequestInfo } from './modern';
import { LISTEN_DEFAULTS, ListenStreams } from './listen';
import { MAX_SUBSCRIPTIONS } from './prompts';
import { accessPolicy, admittedOrigin, isLoopbackAddress, isLoopbackHost, refusedAccess } from './access';
import { corsOf, type McpCorsOptions } from './cors';
import { answerHealth, healthPath, type McpHealthOptions } from './health';

/** Builds the protocol server (createMcpServer with the endpoint's tools and info); `principal`: the one client a session's server serves. */
export type McpServerFactory = (principal?: string) => Server;

/**
 * Builds the factory of the servers that answer MCP 2026-07-28 requests (lib/mcp/modern.ts), given
 * how to read what the endpoint knows of the request being served; undefined when the SDK's v2
 * package is not installed (the endpoint then serves 2025-11-25 and earlier).
 */
export type ModernServerFactory = (infoOf: () => ModernRequestInfo | undefined) =>
  | ((() => unknown) & {
      paramHeaderMismatch?(message: { method?: unknown; params?: unknown }, request: ModernCaller): string | undefined;
      /** Sends the source's changes to the `subscriptions/listen` streams; returns how to stop. */
      watch?(notify: { toolsChanged(): void; promptsChanged(): void; resourcesChanged(): void; resourceUpdated(uri: string): void }): () => void;
      /**
       * The body a `subscriptions/listen` is served with (its resource URIs cut to those the caller
       * may read), or why it is refused (`-32602`). Runs inside the request's `infoOf`.
       */
      listenBody?(message: { id?: unknown; params?: unknown }, maxResources: number): Promise<{ body: unknown } | { refusal: string }>;
      /** The SSE frame that ends a listen stream the server closes (the protocol's empty `subscriptions/listen` result). */
      listenEnd?(id: string | number): string;
      /** The bus the listen streams hear of changes on (the SDK's `ServerEventBus`), each only of what its caller can see. */
      bus?(): unknown;
    })
  | undefined;

/** The request the 2026-07-28 handler is serving (its server reads it through `infoOf`). */
const modernRequests = new AsyncLocalStorage<ModernRequestInfo>();

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
   * names of its own (`<session tag>.<stream id>`, its GET stream `<session tag>.get`), and a
   * `Last-Event-ID` of another session's stream replays nothing (400). Give the store
   * `getStreamIdForEventId`: without it, which stream an event is of is learnt by a replay whose
   * events are dropped. @default undefined (no resumability)
   */
  eventStore?: EventStore;
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
  /** Called with each new session's id and its protocol server (to send it notifications). @default undefined */
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

const DEFAULTS = {
  maxBodyBytes: 1024 * 1024,
  bodyTimeoutMs: 10_000,
  maxConcurrentRequests: 256,
  maxOpenStreams: 128,
  keepAliveMs: 15_000,
  maxSessions: 1000,
  idleTimeoutMs: 30 * 60_000,
  maxBatch: 100,
} as const;

/** JSON-RPC error codes the endpoint answers with (the SDK's transport uses the same). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;
const SESSION_NOT_FOUND = -32001;
const INVALID_PARAMS = -32602;
/** MCP 2026-07-28's `HeaderMismatch`: an `Mcp-Method` / `Mcp-Name` header that disagrees with the body. */
const HEADER_MISMATCH = -32020;

/** A request refused before any JSON-RPC message reached the server. */
class Refusal {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly message: string,
    readonly headers: Record<string, string> = {},
    readonly data?: unknown,
  ) {}
}

/** MCP 2026-07-28's `UnsupportedProtocolVersion` (its `data` lists the versions served and echoes the one asked for). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Answers the refusal as a JSON-RPC error. `id`: the id of the request refused, once the body has
 * been read and is a single request (a client matches the error to its call); null where none can
 * be known (the body unread, not JSON, too big, or a batch).
 */
function refuse(res: ServerResponse, r: Refusal, closeConnection = false, id: RequestId | null = null): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: r.code, message: r.message, ...(r.data !== undefined ? { data: r.data } : {}) }, id });
  const headers: Record<string, string | number> = { ...r.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  if (closeConnection) headers.connection = 'close';
  res.writeHead(r.status, headers).end(body);
}

/** What the client accepts: JSON answers, SSE streams, or both (`*` counts as both). */
function accepts(req: IncomingMessage): { json: boolean; sse: boolean } {
  const a = req.headers.accept ?? '';
  const any = a.includes('*/*');
  return { json: any || a.includes('application/json'), sse: any || a.includes('text/event-stream') };
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const semi = value.indexOf(';');
  return (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase() === 'application/json';
}

/** Reads the body within the byte and time bounds; a refusal says why not. */
/** A body whose declared length (`Content-Length`) is over the bound: its refusal. */
function declaredTooLarge(req: IncomingMessage, maxBytes: number): Refusal | undefined {
  return Number(req.headers['content-length']) > maxBytes
    ? new Refusal(413, SERVER_ERROR, `Payload Too Large: the body must not exceed ${maxBytes} bytes`)
    : undefined;
}

function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<string | Refusal> {
  const declared = declaredTooLarge(req, maxBytes);
  if (declared !== undefined) return Promise.resolve(declared);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (v: string | Refusal): void => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      resolve(v);
    };
    const timer = setTimeout(() => finish(new Refusal(408, SERVER_ERROR, `Request Timeout: the body did not arrive within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) finish(new Refusal(413, SERVER_ERROR, `Payload Too Large: the body must not exceed ${maxBytes} bytes`));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    const onError = (): void => finish(new Refusal(400, SERVER_ERROR, 'Bad Request: the body could not be read'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

type Message = Record<string, unknown>;

/** JSON-RPC 2.0 shape checks (the server's handlers validate params against the MCP schemas). */
function isRequest(m: Message): boolean {
  return typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number');
}

function isMessage(m: unknown): m is Message {
  if (typeof m !== 'object' || m === null || Array.isArray(m) || (m as Message).jsonrpc !== '2.0') return false;
  const x = m as Message;
  if (typeof x.method === 'string') return x.id === undefined || typeof x.id === 'string' || typeof x.id === 'number';
  return (typeof x.id === 'string' || typeof x.id === 'number') && ('result' in x || 'error' in x);
}

/** The body as JSON-RPC messages, or the refusal that says what is wrong with it. */
function parseMessages(body: unknown): Message[] | Refusal {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0) return new Refusal(400, INVALID_REQUEST, 'Invalid Request: empty batch');
  if (list.length > DEFAULTS.maxBatch) return new Refusal(400, INVALID_REQUEST, `Invalid Request: a batch must not exceed ${DEFAULTS.maxBatch} messages`);
  for (const m of list) if (!isMessage(m)) return new Refusal(400, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
  return list as Message[];
}

/** The id of the body's request when the body is one request; else null (JSON-RPC's id for an error that belongs to no request). */
function soleId(messages: readonly Message[]): RequestId | null {
  return messages.length === 1 && isRequest(messages[0]!) ? (messages[0]!.id as RequestId) : null;
}

/** A header's value, its surrounding whitespace trimmed (RFC 9110), or undefined when absent. */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
}

/** `=?base64?…?=` (the 2026-07-28 encoding of a value that is not plain ASCII) decoded; other values as they are. */
function decodedHeader(value: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  return m === null ? value : Buffer.from(m[1]!, 'base64').toString('utf8');
}

/** Methods whose `Mcp-Name` header mirrors `params.name` (tools, prompts) or `params.uri` (resources). */
const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** A header value shown in an error message, cut short. */
const quoted = (v: string): string => `'${v.length > 100 ? `${v.slice(0, 100)}…` : v}'`;

/**
 * The `Mcp-Method` and `Mcp-Name` headers (MCP 2026-07-28, SEP-2243) against the body: a proxy may
 * route or authorize on the header while the server acts on the body, so a header that disagrees
 * with the body is refused (400, `HeaderMismatch` -32020). Headers are checked when sent (clients of
 * earlier revisions send none); values are case-sensitive. In a batch every message must match.
 */
function checkMirroredHeaders(req: IncomingMessage, messages: readonly Message[]): Refusal | undefined {
  const method = headerValue(req, 'mcp-method');
  const name = headerValue(req, 'mcp-name');
  if (method === undefined && name === undefined) return undefined;
  for (const m of messages) {
    const bodyMethod = typeof m.method === 'string' ? m.method : undefined;
    if (bodyMethod === undefined) continue; // an answer to the server's question has no method
    if (method !== undefined && method !== bodyMethod) {
      return new Refusal(400, HEADER_MISMATCH, `Header mismatch: Mcp-Method header value ${quoted(method)} does not match body value ${quoted(bodyMethod)}`);
    }
    const field = NAMED_METHODS[bodyMethod];
    if (name === undefined || field === undefined) continue;
    const params = m.params as Message | undefined;
    const bodyName = typeof params === 'object' && params !== null ? params[field] : undefined;
    const headerName = decodedHeader(name);
    if (bodyName !== headerName) {
      return new Refusal(
        400,
        HEADER_MISMATCH,
        `Header mismatch: Mcp-Name header value ${quoted(headerName)} does not match body value ${typeof bodyName === 'string' ? quoted(bodyName) : `(no params.${field})`}`,
      );
    }
  }
  return undefined;
}

/** Counts what is open at once against its bound. */
class Gauge {
  open = 0;
  constructor(readonly max: number) {}
  tryAcquire(): boolean {
    if (this.open >= this.max) return false;
    this.open++;
    return true;
  }
  release(): void {
    this.open--;
  }
}

/** Messages that may wait for one slow stream at once; one more is dropped (a notification may be). */
const MAX_WAITING_MESSAGES = 8;
/** How long one notification waits for a slow stream's buffer to drain before it is dropped. */
const DRAIN_WAIT_MS = 2_000;
const lanes = new WeakMap<ServerResponse, { tail: Promise<void>; waiting: number }>();

/**
 * Backpressure for the server's notifications on an SSE stream: they go out one at a time, each
 * only once the response's buffer has room (a client reading slower than they come fills it), and
 * the tool that awaits `ctx.log` or `ctx.progress` waits with them; beyond `MAX_WAITING_MESSAGES`
 * waiting for one stream, a notification is dropped, as is one for a stream that has closed (unless
 * `stored`: a session with an event store keeps it for the client to receive when it resumes).
 */
async function inTurn(res: ServerResponse | undefined, send: () => unknown, stored = false): Promise<void> {
  if (res === undefined) {
    await send();
    return;
  }
  let lane = lanes.get(res);
  if (lane === undefined) {
    lane = { tail: Promise.resolve(), waiting: 0 };
    lanes.set(res, lane);
  }
  if (lane.waiting >= MAX_WAITING_MESSAGES) return;
  lane.waiting++;
  const previous = lane.tail;
  let done!: () => void;
  lane.tail = new Promise<void>((resolve) => (done = resolve));
  try {
    await previous;
    if (res.writableNeedDrain && !res.destroyed) {
      // Bounded: a notification waits at most DRAIN_WAIT_MS for room, then is dropped, so that a
      // tool awaiting `ctx.log` is never held by a stream that does not drain.
      const drained = await new Promise<boolean>((resolve) => {
        const go = (ok: boolean) => (): void => {
          clearTimeout(timer);
          res.off('drain', onDrain);
          res.off('close', onClose);
          resolve(ok);
        };
        const onDrain = go(true);
        const onClose = go(false);
        const timer = setTimeout(go(false), DRAIN_WAIT_MS);
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
      if (!drained) return;
    }
    if (res.destroyed || res.writableEnded) {
      if (stored) await send();
      return;
    }
    await send();
    // The message reaches the response's buffer (through the SDK transport's stream) before the next is measured.
    await new Promise<void>((resolve) => setImmediate(resolve));
  } finally {
    lane.waiting--;
    done();
  }
}

/**
 * Keeps a stream slot while the response is an SSE stream: `release` runs when its headers say it is
 * not one (a JSON answer), or when it closes.
 */
function heldWhileStreaming(res: ServerResponse, release: () => void): void {
  let held = true;
  const free = (): void => {
    if (held) release();
    held = false;
  };
  res.once('close', free);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a));
    const type = headers === undefined ? undefined : Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    if (!String(type ?? res.getHeader('content-type') ?? '').startsWith('text/event-stream')) free();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * One HTTP POST in stateless mode: the responses it waits for, and how it answers (JSON once all
 * are in, or an SSE stream as soon as something must be sent before that).
 */
class Exchange {
  pending = 0;
  readonly responses: Message[] = [];
  streaming = false;
  done = false;
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly canStream: boolean,
    private readonly streams: Gauge,
    private readonly keepAliveMs: number,
  ) {}

  /** Starts the SSE stream now if the client takes one and the stream bound allows; false otherwise. */
  stream(): boolean {
    if (this.streaming) return true;
    if (!this.canStream || this.res.headersSent || !this.streams.tryAcquire()) return false;
    this.streaming = true;
    this.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
    this.res.flushHeaders();
    // Answers given before the stream began (another request of the same batch) go out first.
    for (const m of this.responses) this.res.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`);
    this.responses.length = 0;
    if (this.keepAliveMs > 0) {
      this.keepAlive = setInterval(() => this.res.write(': keepalive\n\n'), this.keepAliveMs);
      this.keepAlive.unref();
    }
    return true;
  }

  /** A notification or request the server sends for one of this exchange's calls; waits while the client reads slowly (see `inTurn`). */
  async event(message: JSONRPCMessage): Promise<void> {
    if (this.done || !this.stream()) return;
    const m = message as unknown as Message;
    const write = (): void => {
      if (!this.done) this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    };
    // A request (a question the call waits for) is never dropped; notifications wait their turn.
    if (m.id !== undefined) write();
    else await inTurn(this.res, write);
  }

  respond(message: Message): void {
    if (this.done) return;
    if (this.streaming) this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    else this.responses.push(message);
    if (--this.pending === 0) this.finish();
  }

  private finish(): void {
    this.done = true;
    if (this.streaming) {
      this.end();
      return;
    }
    if (this.res.headersSent) {
      this.res.end();
      return;
    }
    const body = JSON.stringify(this.responses.length === 1 ? this.responses[0] : this.responses);
    this.res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  }

  /** Ends the stream (answered, or the endpoint closing). */
  end(): void {
    this.done = true;
    if (this.keepAlive !== undefined) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
    if (this.streaming) {
      this.streaming = false;
      this.streams.release();
    }
    if (!this.res.writableEnded) this.res.end();
  }
}

/**
 * The transport between the HTTP requests of a stateless endpoint and its one protocol server.
 * Request ids are replaced by the transport's own counter on the way in and restored on the way
 * out: two clients that both send id 1 reach the server as two calls, and each gets its answer.
 */
class CallTransport implements Transport {
  /** Each request stands alone (see `RequestScopedTransport`): its server asks the client nothing. */
  readonly requestScoped = true as const;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private next = 0;
  private readonly calls = new Map<number, { id: RequestId; exchange: Exchange }>();

  async start(): Promise<void> {}

  /** Hands the exchange's requests to the server under fresh ids; the exchange is answered through `send`. */
  dispatch(messages: readonly Message[], exchange: Exchange, extra: MessageExtraInfo): number[] {
    const ids: number[] = [];
    for (const m of messages) {
      if (!isRequest(m)) {
        // Notifications from the client: a cancellation names a client's id, which another client
        // may share; a stateless call is cancelled by closing its HTTP request instead.
        if (m.method !== 'notifications/cancelled') this.onmessage?.(m as unknown as JSONRPCMessage, extra);
        continue;
      }
      const internal = ++this.next;
      ids.push(internal);
      this.calls.set(internal, { id: m.id as RequestId, exchange });
      exchange.pending++;
      this.onmessage?.({ ...m, id: internal } as unknown as JSONRPCMessage, extra);
    }
    return ids;
  }

  /** The HTTP request went away before its answers: the server's handlers are cancelled. */
  abandon(ids: readonly number[]): void {
    for (const id of ids) {
      if (!this.calls.delete(id)) continue;
      this.onmessage?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'The HTTP request was closed.' },
      } as JSONRPCMessage);
    }
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as unknown as Message;
    if ('result' in m || 'error' in m) {
      const call = this.calls.get(m.id as number);
      if (call === undefined) return;
      this.calls.delete(m.id as number);
      call.exchange.respond({ ...m, id: call.id });
      return;
    }
    const related = options?.relatedRequestId;
    // A message that belongs to no call (list_changed, a log outside a call) has no stream to go
    // to in stateless mode: there is no GET stream and no session to address it to.
    if (related === undefined) return;
    await this.calls.get(related as number)?.exchange.event(message);
  }

  async close(): Promise<void> {
    for (const { exchange } of this.calls.values()) exchange.end();
    this.calls.clear();
    this.onclose?.();
  }
}

/**
 * Requests whose state the SDK server keeps per connection (the client's capabilities from
 * `initialize`, the level from `logging/setLevel`). In stateless mode a second server answers them,
 * so that no client's handshake changes how another client's calls are served: the calls server
 * never learns a client's capabilities (it asks none for elicitation or sampling) and sends every
 * log message of a call to that call's client (at the level of the request's own `_meta`, if any).
 * Both servers' transports are request-scoped: `logging/setLevel` is answered with a note that it
 * applies only to the calls of its own POST (`withBatchLevel`), and no server asks the client anything.
 */
const HANDSHAKE_METHODS = new Set(['initialize', 'logging/setLevel']);
const isHandshake = (m: Message): boolean => isRequest(m) && HANDSHAKE_METHODS.has(m.method as string);

/**
 * The requests of a stateless POST, each given the level of a `logging/setLevel` sent in the same
 * POST (a JSON-RPC batch) as its own `_meta` level, unless it has one: the only requests a level
 * set without a session can reach.
 */
function withBatchLevel(requests: Message[], handshake: readonly Message[]): Message[] {
  const set = handshake.find((m) => m.method === 'logging/setLevel');
  const level = (set?.params as { level?: unknown } | undefined)?.level;
  if (typeof level !== 'string') return requests;
  return requests.map((m) => {
    if (!isRequest(m)) return m;
    const params = typeof m.params === 'object' && m.params !== null && !Array.isArray(m.params) ? (m.params as Message) : {};
    const meta = typeof params._meta === 'object' && params._meta !== null && !Array.isArray(params._meta) ? (params._meta as Message) : {};
    if (meta[LOG_LEVEL_META] !== undefined) return m;
    return { ...m, params: { ...params, _meta: { ...meta, [LOG_LEVEL_META]: level } } };
  });
}

/**
 * The endpoint's request handler. `newServer` builds a protocol server: stateless mode builds two
 * (one that serves every call, one that answers the per-client handshake), stateful mode one per
 * session.
 */
export function createStreamableHttpHandler(
  newServer: McpServerFactory,
  options: McpEndpointOptions = {},
  newModernServer?: ModernServerFactory,
): McpHttpHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs;
  const keepAliveMs = options.keepAliveMs ?? DEFAULTS.keepAliveMs;
  const requests = new Gauge(options.maxConcurrentRequests ?? DEFAULTS.maxConcurrentRequests);
  const streams = new Gauge(options.maxOpenStreams ?? DEFAULTS.maxOpenStreams);
  const maxListenStreams = options.maxListenStreams ?? LISTEN_DEFAULTS.maxListenStreams;
  const listens = new ListenStreams({
    max: maxListenStreams,
    perClient: options.maxListenStreamsPerClient ?? Math.max(1, Math.floor(maxListenStreams / 10)),
    idleTimeoutMs: options.listenIdleTimeoutMs ?? LISTEN_DEFAULTS.listenIdleTimeoutMs,
  });
  const maxListenResources = options.maxListenResources ?? MAX_SUBSCRIPTIONS;
  // Answers to the server's own questions (elicitation) have slots of their own: calls waiting for
  // an answer hold request slots, and their answers must never wait behind them.
  const answers = new Gauge(options.maxConcurrentRequests ?? DEFAULTS.maxConcurrentRequests);
  const access = accessPolicy(options);
  const cors = corsOf(options.cors, options.sessions === undefined || options.sessions === false ? 'POST' : 'GET, POST, DELETE');
  const health = healthPath(options.health);
  const auth = options.auth === undefined ? undefined : bearerAuth(options.auth);
  const stateful =
    options.sessions === undefined || options.sessions === false
      ? undefined
      : sessionEndpoint(newServer, options.sessions === true ? {} : options.sessions, options, streams, listens);

  let calls: CallTransport | undefined;
  let handshake: CallTransport | undefined;
  // The 2026-07-28 handler, made on the first such request (null: not served here). `free` gives the
  // request slot back (a listen stream holds none).
  let modern: ((req: IncomingMessage, res: ServerResponse, body: unknown, free: () => void) => Promise<void>) | null | undefined;
  let unwatch: (() => void) | undefined;
  let closeModern: (() => Promise<void>) | undefined;
  const modernHandler = (): typeof modern => {
    if (modern !== undefined) return modern;
    const sdk = newModernServer === undefined ? undefined : modernSdk();
    const nodeSdk = sdk === undefined ? undefined : modernNodeSdk();
    const factory = nodeSdk === undefined ? undefined : newModernServer!(() => modernRequests.getStore());
    if (sdk === undefined || nodeSdk === undefined || factory === undefined) return (modern = null);
    // The endpoint's own bound on listen streams comes first; the SDK's is set not to bind below it.
    const bus = factory.bus?.();
    const served = sdk.createMcpHandler(factory as never, {
      legacy: 'reject',
      maxRequestBodySize: maxBodyBytes,
      keepAliveMs,
      maxSubscriptions: listens.bounds.max,
      ...(bus !== undefined ? { bus: bus as never } : {}),
    });
    // The tool set's changes reach the 2026-07-28 clients listening (subscriptions/listen).
    unwatch = factory.watch?.(served.notify);
    closeModern = () => served.close();
    const node = nodeSdk.toNodeHandler(served, { maxRequestBodySize: maxBodyBytes });
    /**
     * A `subscriptions/listen` stream: idle by design, it gives its request slot back at once and
     * counts among the listen streams (in all and per client) instead; it names at most
     * `maxListenResources` URIs, and hears only of those its caller may read.
     */
    const listen = async (req: IncomingMessage, res: ServerResponse, message: { id?: unknown; params?: unknown }, free: () => void): Promise<void> => {
      free();
      const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
      const principal = principalOf(req);
      const close = (): void => {
        if (!res.headersSent || res.writableEnded) return;
        if (id !== null && factory.listenEnd !== undefined) res.end(factory.listenEnd(id));
        else res.end();
      };
      const refused = listens.hold(principal, res, close);
      if (refused !== undefined) return refuse(res, new Refusal(503, SERVER_ERROR, refused, { 'retry-after': '5' }), false, id);
      const info: ModernRequestInfo = {
        headers: req.headers,
        principal,
        streaming: true,
        ...((req as { auth?: AuthInfo }).auth !== undefined ? { authInfo: (req as { auth?: AuthInfo }).auth } : {}),
      };
      return modernRequests.run(info, async () => {
        const served = factory.listenBody === undefined ? { body: message } : await factory.listenBody(message, maxListenResources);
        if ('refusal' in served) return refuse(res, new Refusal(400, INVALID_PARAMS, served.refusal), false, id);
        return node(req, res, served.body);
      });
    };
    return (modern = (req, res, body, free) => {
      // SEP-2243: a call's Mcp-Param-* headers must say what its arguments say (lib/mcp/modern.ts reads the tool's schema).
      const message =
        body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown; method?: unknown; params?: unknown }) : undefined;
      if (message?.method === 'subscriptions/listen') return listen(req, res, message, free);
      // The caller, as the call's `visible` rule sees it: a tool hidden from it is answered as unknown, not checked here.
      const auth = (req as { auth?: AuthInfo }).auth;
      const mismatch =
        message === undefined
          ? undefined
          : factory.paramHeaderMismatch?.(message, { headers: req.headers, principal: principalOf(req), ...(auth !== undefined ? { authInfo: auth } : {}) });
      if (mismatch !== undefined) {
        refuse(
          res,
          new Refusal(400, HEADER_MISMATCH, mismatch),
          false,
          typeof message!.id === 'string' || typeof message!.id === 'number' ? message!.id : null,
        );
        return Promise.resolve();
      }
      // The SDK answers as an SSE stream once a call sends something before its result. As on 2025,
      // a request may stream only if its client takes a stream and the stream bound has room;
      // otherwise what it sends before its result is dropped, and it is answered as JSON.
      const streaming = accepts(req).sse && streams.tryAcquire();
      if (streaming) heldWhileStreaming(res, () => streams.release());
      return modernRequests.run({ headers: req.headers, principal: principalOf(req), streaming }, () => node(req, res, body));
    });
  };
  const servers: Server[] = [];
  const connect = (): CallTransport => {
    const transport = new CallTransport();
    const server = newServer();
    servers.push(server);
    void server.connect(transport);
    return transport;
  };

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (answerHealth(health, publicPath(req), req, res)) return;
      const refusal = refusedAccess(req, access);
      if (refusal !== undefined) return refuse(res, new Refusal(403, SERVER_ERROR, refusal));
      if (cors?.answer(req, res, admittedOrigin(req, access)) === true) return;
      if (auth !== undefined && (await auth.handle(req, res))) return;
      if (stateful !== undefined) return await stateful.handle(req, res, (owned) => readPost(req, res, owned ? answers : undefined));
      if (req.method !== 'POST') {
        return refuse(res, new Refusal(405, SERVER_ERROR, 'Method Not Allowed: this endpoint is stateless (POST only)', { allow: 'POST' }));
      }
      const messages = await readPost(req, res);
      if (messages === undefined) return;
      calls ??= connect();
      const extra: MessageExtraInfo = {
        requestInfo: { headers: req.headers, [MCP_CALLER]: principalOf(req) } as MessageExtraInfo['requestInfo'],
        ...((req as { auth?: AuthInfo }).auth !== undefined ? { authInfo: (req as { auth?: AuthInfo }).auth } : {}),
      };
      if (!messages.some(isRequest)) {
        calls.dispatch(messages, new Exchange(res, false, streams, 0), extra);
        res.writeHead(202).end();
        return;
      }
      const accept = accepts(req);
      const exchange = new Exchange(res, accept.sse, streams, keepAliveMs);
      // A client that takes only SSE, or asks for progress, gets the stream from the start.
      if (!accept.json || messages.some((m) => (m.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken !== undefined))
        exchange.stream();
      // Per-client handshake requests go to the handshake server, the rest to the calls server.
      const handshakeRequests = messages.filter(isHandshake);
      const toHandshake = handshakeRequests.length === 0 ? undefined : (handshake ??= connect());
      const handshakeIds = toHandshake?.dispatch(handshakeRequests, exchange, extra);
      const callIds = calls.dispatch(
        handshakeRequests.length === 0
          ? messages
          : withBatchLevel(
              messages.filter((m) => !isHandshake(m)),
              handshakeRequests,
            ),
        exchange,
        extra,
      );
      if (!exchange.done) {
        res.once('close', () => {
          if (exchange.done) return;
          exchange.end();
          calls?.abandon(callIds);
          if (handshakeIds !== undefined) toHandshake?.abandon(handshakeIds);
        });
      }
    } catch (e) {
      refuse(res, new Refusal(500, -32603, `Internal error: ${describeThrown(e, false).slice(0, 200)}`));
    }
  };

  /**
   * The POST checks and the body, parsed; undefined when a refusal has been sent. With `reserve`
   * (a POST to a session its sender owns), a POST beyond the request limit takes a slot of the
   * reserve instead, and is let in only if it holds no request (answers and notifications).
   */
  async function readPost(req: IncomingMessage, res: ServerResponse, reserve?: Gauge): Promise<Message[] | undefined> {
    const accept = accepts(req);
    if (!accept.json && !accept.sse) {
      refuse(res, new Refusal(406, SERVER_ERROR, 'Not Acceptable: the client must accept application/json or text/event-stream'));
      return undefined;
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      refuse(res, new Refusal(415, SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json'));
      return undefined;
    }
    let gauge = requests;
    if (!requests.tryAcquire()) {
      if (reserve === undefined || !reserve.tryAcquire()) {
        refuse(res, new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many requests in progress', { 'retry-after': '1' }));
        return undefined;
      }
      gauge = reserve;
    }
    // Given back when the response closes, or before (a listen stream holds none), once.
    let held = true;
    const free = (): void => {
      if (held) gauge.release();
      held = false;
    };
    res.once('close', free);
    let body = (req as { body?: unknown }).body;
    // A body parser (Nest's, Express's) read it already: its declared length is still held to the
    // bound (a chunked one only to the parser's own limit).
    const parsedTooLarge = body !== undefined ? declaredTooLarge(req, maxBodyBytes) : undefined;
    if (parsedTooLarge !== undefined) {
      refuse(res, parsedTooLarge);
      return undefined;
    }
    if (body === undefined) {
      const text = await readBody(req, maxBodyBytes, bodyTimeoutMs);
      if (text instanceof Refusal) {
        // The rest of the body is not read: the connection cannot carry another request.
        refuse(res, text, true);
        res.once('finish', () => req.destroy());
        return undefined;
      }
      try {
        body = JSON.parse(text);
      } catch {
        refuse(res, new Refusal(400, PARSE_ERROR, 'Parse error: the body is not JSON'));
        return undefined;
      }
    }
    const messages = parseMessages(body);
    if (messages instanceof Refusal) {
      refuse(res, messages);
      return undefined;
    }
    // A slot of the reserve carries only answers and notifications, on either revision.
    if (gauge !== requests && messages.some(isRequest)) {
      refuse(res, new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many requests in progress', { 'retry-after': '1' }), false, soleId(messages));
      return undefined;
    }
    // MCP 2026-07-28 (and a version only it can answer) goes to its own handler (lib/mcp/modern.ts).
    if (isModernRequest(req, messages)) {
      const serve = modernHandler();
      if (serve !== null && serve !== undefined) {
        await serve(req, res, body, free);
        return undefined;
      }
    }
    // Checked once the body is read (within its bounds), so that the refusal names the request's id.
    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && !supportedVersions().includes(version as string)) {
      const served = [...(modernHandler() ? MODERN_VERSIONS : []), ...supportedVersions()];
      const data = { supported: served, requested: String(version).slice(0, 64) };
      refuse(
        res,
        new Refusal(400, UNSUPPORTED_PROTOCOL_VERSION, `Bad Request: unsupported protocol version (supported: ${served.join(', ')})`, {}, data),
        false,
        soleId(messages),
      );
      return undefined;
    }
    const mismatch = checkMirroredHeaders(req, messages);
    if (mismatch !== undefined) {
      refuse(res, mismatch, false, soleId(messages));
      return undefined;
    }
    return messages;
  }

  return Object.assign(handler, {
    sessions: stateful?.sessions ?? new Map<string, Server>(),
    servesMetadata: auth !== undefined,
    ...(health !== undefined ? { healthPath: health } : {}),
    close: async (): Promise<void> => {
      unwatch?.();
      await stateful?.close();
      await Promise.all([...servers.map((s) => s.close()), closeModern?.()]);
    },
  });
}

/** The `_meta` key where a 2026-07-28 request names its protocol version. */
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/**
 * Whether a request is for the 2026-07-28 handler: its `MCP-Protocol-Version` header names a
 * revision of that era (2026-07-28 or a later date, which that handler refuses with the versions it
 * serves), or (without the header, or with one nobody serves) its `_meta` names a protocol version,
 * or it is `server/discover`. Any other version the 2025 side refuses, naming every version served.
 */
function isModernRequest(req: IncomingMessage, messages: readonly Message[]): boolean {
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string') {
    if (MODERN_VERSIONS.includes(version) || (/^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_VERSIONS[0]!)) return true;
    if (supportedVersions().includes(version)) return false;
  }
  if (messages.length !== 1) return false;
  const m = messages[0]!;
  if (m.method === 'server/discover') return true;
  const meta = (m.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return meta !== null && typeof meta === 'object' && PROTOCOL_VERSION_META in meta;
}

let versions: readonly string[] | undefined;
function supportedVersions(): readonly string[] {
  // Loaded on first use: @modelcontextprotocol/sdk is an optional peer.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  versions ??= (require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js')).SUPPORTED_PROTOCOL_VERSIONS;
  return versions;
}

/**
 * Who sends a request (lib/mcp/principal.ts: the verified token's client and subject, else the
 * connection's remote address). A session answers only its owner; it is also the unit of the
 * per-client share, of the rate limit and of a 2026-07-28 `requestState`.
 */
function principalOf(req: IncomingMessage): string {
  return principal((req as { auth?: AuthInfo }).auth, req.socket.remoteAddress ?? '');
}

/** The SDK transport's name for a session's GET stream. */
const GET_STREAM = '_GET_stream';

/**
 * One session's view of a shared event store: its stream ids carry the session's own tag, so a
 * store shared by every session (in memory, or keyed as a Redis one is) replays a session only its
 * own events; a `Last-Event-ID` of another session's stream replays nothing.
 */
function partitionedStore(store: EventStore, tag: string): EventStore {
  const prefix = `${tag}.`;
  const outer = (stream: string): string => `${prefix}${stream === GET_STREAM ? 'get' : stream}`;
  const inner = (stream: string | undefined): string | undefined => {
    if (typeof stream !== 'string' || !stream.startsWith(prefix)) return undefined;
    const rest = stream.slice(prefix.length);
    return rest === 'get' ? GET_STREAM : rest;
  };
  // Which stream an event id is of: the store's lookup, or else a replay whose events are dropped
  // (the SDK transport asks before it replays, and answers 400 for an event of no stream of ours).
  const lookup = store.getStreamIdForEventId?.bind(store) ?? ((eventId: string) => store.replayEventsAfter(eventId, { send: async () => undefined }));
  return {
    storeEvent: (streamId, message) => store.storeEvent(outer(streamId), message),
    getStreamIdForEventId: async (eventId) => inner(await lookup(eventId)),
    async replayEventsAfter(lastEventId, { send }) {
      // Asked again, in case the store changed in between: the SDK transport sends nothing of a
      // replay that throws (its stream is dropped), so a foreign stream is never read.
      if (inner(await lookup(lastEventId)) === undefined) throw new Error('Last-Event-ID of another session');
      const stream = inner(await store.replayEventsAfter(lastEventId, { send }));
      if (stream === undefined) throw new Error('Last-Event-ID of another session');
      return stream;
    },
  };
}

/** JSON-RPC's code for a cancelled request (the SDK server sends no answer to one; the stream needs one to end). */
const REQUEST_CANCELLED = -32800;

/**
 * The transport a session's protocol server talks to, in front of the SDK's transport:
 * - the server's questions to the client (elicitation, approval) go out under random ids, and an
 *   answer counts only with the id of a question still open in this session;
 * - the client's requests in progress are known by id (a second request with the same id is
 *   refused before it reaches the SDK transport, which would answer it with the other's result);
 * - a call the client cancels gets an error answer, so that its SSE stream ends and frees its slot;
 * - log and progress notifications wait while their stream's client reads slowly (`inTurn`).
 */
class SessionWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** The client's requests in progress, with the HTTP response that carries their stream. */
  readonly calls = new Map<RequestId, ServerResponse>();
  /** The server's open questions: the id the client sees → the server's own id. */
  private readonly questions = new Map<string, RequestId>();
  /**
   * The session's GET stream as last asked for: it carries the session's notifications only once
   * the SDK transport answered it 200 (`liveGetStream`); a GET the transport refused never stands
   * for the stream that is open.
   */
  getStream: ServerResponse | undefined;
  /** The id of the `initialize` request; a session whose initialize is answered with an error is closed. */
  initializeId: RequestId | undefined;

  /** `resumable`: the transport has an event store (a closed stream's messages are stored for its resumption). */
  constructor(
    readonly sdk: StreamableHTTPServerTransport,
    private readonly resumable = false,
  ) {
    sdk.onmessage = (message, extra) => this.receive(message as unknown as Message, extra);
    sdk.onclose = () => this.onclose?.();
    sdk.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.sdk.sessionId;
  }

  /** The GET stream, while it is open and the transport accepted it. */
  liveGetStream(): ServerResponse | undefined {
    const s = this.getStream;
    return s !== undefined && s.headersSent && s.statusCode === 200 && !s.writableEnded && !s.destroyed ? s : undefined;
  }

  start(): Promise<void> {
    return this.sdk.start();
  }

  close(): Promise<void> {
    return this.sdk.close();
  }

  private receive(m: Message, extra: MessageExtraInfo | undefined): void {
    if (typeof m.method !== 'string') {
      // An answer: only to a question of this session that is still open.
      const asked = typeof m.id === 'string' ? this.questions.get(m.id) : undefined;
      if (asked === undefined) return;
      this.questions.delete(m.id as string);
      this.onmessage?.({ ...m, id: asked } as unknown as JSONRPCMessage, extra);
      return;
    }
    if (m.method === 'notifications/cancelled') {
      const id = (m.params as { requestId?: RequestId } | undefined)?.requestId;
      if (id === undefined || !this.calls.has(id)) return;
      this.onmessage?.(m as unknown as JSONRPCMessage, extra);
      this.calls.delete(id);
      this.sdk.send({ jsonrpc: '2.0', id, error: { code: REQUEST_CANCELLED, message: 'Request cancelled' } } as JSONRPCMessage).catch(() => undefined);
      return;
    }
    this.onmessage?.(m as unknown as JSONRPCMessage, extra);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as unknown as Message;
    if (typeof m.method !== 'string') {
      const id = m.id as RequestId;
      // An answer to a cancelled call has already been given (the SDK server does not answer one).
      if (!this.calls.delete(id) && id !== this.initializeId) return;
      await this.sdk.send(message, options);
      if (id === this.initializeId) {
        this.initializeId = undefined;
        if ('error' in m) void this.sdk.close();
      }
      return;
    }
    if (m.id !== undefined) {
      const shown = randomUUID();
      this.questions.set(shown, m.id as RequestId);
      return this.sdk.send({ ...m, id: shown } as unknown as JSONRPCMessage, options);
    }
    if (m.method === 'notifications/cancelled') {
      // The server gave up a question (its call ended or timed out): its answer no longer counts.
      const asked = (m.params as { requestId?: RequestId } | undefined)?.requestId;
      for (const [shown, id] of this.questions) {
        if (id !== asked) continue;
        this.questions.delete(shown);
        return this.sdk.send({ ...m, params: { ...(m.params as object), requestId: shown } } as unknown as JSONRPCMessage, options);
      }
      return;
    }
    if (m.method === 'notifications/message' || m.method === 'notifications/progress') {
      const related = options?.relatedRequestId;
      return inTurn(related !== undefined ? this.calls.get(related) : this.liveGetStream(), () => this.sdk.send(message, options), this.resumable);
    }
    return this.sdk.send(message, options);
  }
}

/** The stateful side: sessions keyed by `Mcp-Session-Id`, each its own server and SDK transport, each answering only its owner. */
function sessionEndpoint(newServer: McpServerFactory, o: McpSessionOptions, endpoint: McpEndpointOptions, streams: Gauge, listens: ListenStreams) {
  const { StreamableHTTPServerTransport: SdkTransport } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const maxSessions = o.maxSessions ?? DEFAULTS.maxSessions;
  const maxPerClient = o.maxSessionsPerClient ?? Math.max(1, Math.floor(maxSessions / 10));
  const idleTimeoutMs = o.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs;
  const sessions = new Map<string, Server>();
  interface Live {
    owner: string;
    wire: SessionWire;
    server: Server;
    lastUsed: number;
    /** Whether an event id is of this session's GET stream (with an event store). */
    ofGetStream(eventId: string): Promise<boolean>;
  }
  const live = new Map<string, Live>();
  /** Sessions held or being opened, per client. */
  const held = new Map<string, number>();
  let opening = 0;
  const hold = (owner: string, n: number): void => {
    const count = (held.get(owner) ?? 0) + n;
    if (count <= 0) held.delete(owner);
    else held.set(owner, count);
  };

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const s of live.values()) if (now - s.lastUsed > idleTimeoutMs) void s.wire.close();
    },
    Math.min(idleTimeoutMs, 60_000),
  );
  sweeper.unref();

  /** A server and transport for an `initialize`; if it does not become a session, `dispose` drops both. */
  const open = async (owner: string): Promise<SessionWire> => {
    // The rate limit's caller (lib/mcp/rate-limit.ts): the session's owner.
    const server = newServer(owner);
    const tag = randomUUID().replace(/-/g, '');
    const store = o.eventStore === undefined ? undefined : partitionedStore(o.eventStore, tag);
    const ofGetStream = async (eventId: string): Promise<boolean> => (await store?.getStreamIdForEventId?.(eventId).catch(() => undefined)) === GET_STREAM;
    const sdk: StreamableHTTPServerTransport = new SdkTransport({
      sessionIdGenerator: o.newSessionId ?? randomUUID,
      ...(store !== undefined ? { eventStore: store } : {}),
      ...(o.eventStore !== undefined && o.retryIntervalMs !== undefined ? { retryInterval: o.retryIntervalMs } : {}),
      ...(endpoint.keepAliveMs !== undefined ? { keepAliveMs: endpoint.keepAliveMs } : {}),
      onsessioninitialized: (id) => {
        sessions.set(id, server);
        live.set(id, { owner, wire, server, lastUsed: Date.now(), ofGetStream });
        hold(owner, 1);
        o.onSessionOpened?.(id, server);
      },
    });
    const wire = new SessionWire(sdk, o.eventStore !== undefined);
    // Runs before the server's own (Protocol.connect chains them), which ends its calls.
    wire.onclose = () => {
      const id = wire.sessionId;
      if (id === undefined || live.get(id)?.wire !== wire) return;
      live.delete(id);
      hold(owner, -1);
      sessions.delete(id);
      o.onSessionClosed?.(id);
    };
    await server.connect(wire);
    return wire;
  };

  /** The session named by the header, if the sender owns it; otherwise undefined, and the refusal has been sent. */
  /** `rid`: the id of the POST's request, echoed in the refusal. */
  const sessionOf = (req: IncomingMessage, res: ServerResponse, id: string | undefined, rid: RequestId | null = null): Live | undefined => {
    if (id === undefined) {
      refuse(res, new Refusal(400, SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required'), false, rid);
      return undefined;
    }
    const session = live.get(id);
    // Another client's session is answered as an unknown one: its id says nothing to them.
    if (session === undefined || session.owner !== principalOf(req)) {
      refuse(res, new Refusal(404, SESSION_NOT_FOUND, 'Session not found'), false, rid);
      return undefined;
    }
    return session;
  };

  /** A stream slot for an SSE answer or GET stream, released when the response closes; false when a 503 has been sent. */
  const streamSlot = (res: ServerResponse, rid: RequestId | null = null): boolean => {
    if (!streams.tryAcquire()) {
      refuse(res, new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many open streams', { 'retry-after': '5' }), false, rid);
      return false;
    }
    res.once('close', () => streams.release());
    return true;
  };

  return {
    sessions,
    async handle(req: IncomingMessage, res: ServerResponse, readPost: (answersOnly: boolean) => Promise<Message[] | undefined>): Promise<void> {
      const method = req.method;
      if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
        return refuse(res, new Refusal(405, SERVER_ERROR, 'Method Not Allowed', { allow: 'GET, POST, DELETE' }));
      }
      const header = req.headers['mcp-session-id'];
      const id = typeof header === 'string' ? header : undefined;
      if (method === 'POST') {
        const owned = id !== undefined && live.get(id)?.owner === principalOf(req);
        const messages = await readPost(owned);
        if (messages === undefined) return;
        if (id === undefined && messages.some((m) => m.method === 'initialize')) return openSession(req, res, messages);
        const session = sessionOf(req, res, id, soleId(messages));
        if (session === undefined) return;
        session.lastUsed = Date.now();
        const ids: RequestId[] = [];
        for (const m of messages) {
          if (!isRequest(m)) continue;
          const rid = m.id as RequestId;
          if (session.wire.calls.has(rid) || ids.includes(rid)) {
            const body = JSON.stringify({
              jsonrpc: '2.0',
              id: rid,
              error: {
                code: INVALID_REQUEST,
                message: `Invalid Request: a request with id ${JSON.stringify(rid).slice(0, 80)} is already in progress in this session`,
              },
            });
            res.writeHead(409, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
            return;
          }
          ids.push(rid);
        }
        if (ids.length > 0 && !streamSlot(res, soleId(messages))) return;
        for (const rid of ids) session.wire.calls.set(rid, res);
        await session.wire.sdk.handleRequest(req, res, messages.length === 1 ? messages[0] : messages);
        // Refused by the SDK transport (its requests never reached the server): their ids are free.
        if (res.statusCode >= 400) for (const rid of ids) if (session.wire.calls.get(rid) === res) session.wire.calls.delete(rid);
        return;
      }
      const session = sessionOf(req, res, id);
      if (session === undefined) return;
      session.lastUsed = Date.now();
      if (method === 'GET') {
        // One GET stream per session. A second GET, or a resumption of the GET stream, while it is
        // open is refused here: the SDK transport would refuse the first but let the second take
        // the stream's place (and drop it as the old one closes), so that messages went nowhere.
        const lastEventId = req.headers['last-event-id'];
        const takesGetStream = typeof lastEventId !== 'string' || (await session.ofGetStream(lastEventId));
        if (takesGetStream && session.wire.liveGetStream() !== undefined) {
          return refuse(res, new Refusal(409, SERVER_ERROR, 'Conflict: Only one SSE stream is allowed per session'));
        }
        // The GET stream is where a session hears of changes: a listen stream, counted as one.
        const refused = listens.hold(principalOf(req), res, () => res.end());
        if (refused !== undefined) return refuse(res, new Refusal(503, SERVER_ERROR, refused, { 'retry-after': '5' }));
        if (takesGetStream) {
          session.wire.getStream = res;
          res.once('close', () => {
            if (session.wire.getStream === res) session.wire.getStream = undefined;
          });
        }
      }
      await session.wire.sdk.handleRequest(req, res);
    },
    async close(): Promise<void> {
      clearInterval(sweeper);
      await Promise.all([...live.values()].map((s) => s.wire.close()));
    },
  };

  async function openSession(req: IncomingMessage, res: ServerResponse, messages: Message[]): Promise<void> {
    // What the SDK transport would refuse is refused here, before a server is made for it.
    if (messages.length !== 1 || !isRequest(messages[0]!)) {
      return refuse(res, new Refusal(400, INVALID_REQUEST, 'Invalid Request: an initialize request must be sent alone'));
    }
    const rid = messages[0]!.id as RequestId;
    const accept = accepts(req);
    if (!accept.json || !accept.sse) {
      return refuse(res, new Refusal(406, SERVER_ERROR, 'Not Acceptable: the client must accept both application/json and text/event-stream'), false, rid);
    }
    const owner = principalOf(req);
    if (live.size + opening >= maxSessions) {
      return refuse(res, new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many sessions', { 'retry-after': '5' }), false, rid);
    }
    if ((held.get(owner) ?? 0) >= maxPerClient) {
      return refuse(
        res,
        new Refusal(503, SERVER_ERROR, `Service Unavailable: this client holds its share of sessions (${maxPerClient}); close one (DELETE) first`, {
          'retry-after': '5',
        }),
        false,
        rid,
      );
    }
    if (!streamSlot(res, rid)) return;
    opening++;
    hold(owner, 1);
    let wire: SessionWire | undefined;
    try {
      wire = await open(owner);
      wire.initializeId = messages[0]!.id as RequestId;
      await wire.sdk.handleRequest(req, res, messages[0]);
    } finally {
      opening--;
      hold(owner, -1);
      // Refused, or the connection failed, before a session began: nothing of it is kept.
      if (wire !== undefined && (wire.sessionId === undefined || !live.has(wire.sessionId))) void wire.close();
    }
  }
}

/** Where MCP clients look for an endpoint's protected-resource metadata (RFC 9728). */
const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * The request's path as the client sent it: a framework that mounts the handler under a prefix
 * (Express `app.use('/mcp-a', handler)`) strips the prefix from `req.url` and keeps the whole
 * path in `req.originalUrl`.
 */
function publicPath(req: IncomingMessage): string {
  const original = (req as { originalUrl?: unknown }).originalUrl;
  const url = typeof original === 'string' && original.startsWith('/') ? original : (req.url ?? '/');
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The path, under the server's origin, where clients look for the protected-resource metadata of
 * the endpoint at `endpointPath` (RFC 9728 §3.1: the well-known prefix goes before the path):
 * `/mcp-a` → `/.well-known/oauth-protected-resource/mcp-a`. An app that mounts the handler under
 * a prefix routes this path to the same handler, which answers the metadata there.
 */
export function mcpMetadataPath(endpointPath: string): string {
  const p = endpointPath.startsWith('/') ? endpointPath : `/${endpointPath}`;
  return p === '/' ? WELL_KNOWN : `${WELL_KNOWN}${p.replace(/\/+$/, '')}`;
}

/**
 * Bearer-token authentication with the SDK's own `requireBearerAuth` middleware, and the
 * protected-resource metadata (RFC 9728) that MCP clients fetch to find the authorization server.
 * `handle` answers the request itself (metadata, 401, 403) and returns true, or sets `req.auth`
 * and returns false.
 */
function bearerAuth(o: McpHttpAuthOptions) {
  const { requireBearerAuth } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js') as typeof import('@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js');
  const resourceOf = (req: IncomingMessage): URL | undefined => {
    if (o.resource !== undefined) return new URL(String(o.resource));
    // Off loopback the Host header may name any server: nothing is derived from it there.
    if (!isLoopbackAddress(req.socket.localAddress)) return undefined;
    const url = new URL(`http://${req.headers.host ?? 'localhost'}`);
    // Set as a path (a request path `//other.example/x` must not name another host).
    url.pathname = publicPath(req);
    // Asked for the metadata, the resource is the path after the well-known prefix (RFC 9728 §3.1).
    if (url.pathname.startsWith(WELL_KNOWN)) url.pathname = url.pathname.slice(WELL_KNOWN.length) || '/';
    return url;
  };
  const metadataUrl = (resource: URL): string => new URL(`${WELL_KNOWN}${resource.pathname === '/' ? '' : resource.pathname}`, resource).href;
  const middlewares = new Map<string, ReturnType<typeof requireBearerAuth>>();
  const middlewareFor = (resource: URL | undefined) => {
    const key = resource === undefined ? '' : metadataUrl(resource);
    let m = middlewares.get(key);
    if (m === undefined) {
      if (middlewares.size > 16) middlewares.clear();
      m = requireBearerAuth({
        verifier: audienceChecked(o.verifyAccessToken, resource),
        requiredScopes: o.requiredScopes ?? [],
        ...(key !== '' ? { resourceMetadataUrl: key } : {}),
      });
      middlewares.set(key, m);
    }
    return m;
  };
  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const resource = resourceOf(req);
      if (publicPath(req).startsWith(WELL_KNOWN)) {
        if (req.method !== 'GET') {
          refuse(res, new Refusal(405, SERVER_ERROR, 'Method Not Allowed', { allow: 'GET' }));
          return true;
        }
        if (resource === undefined) {
          refuse(
            res,
            new Refusal(404, SERVER_ERROR, 'Not Found: the protected-resource metadata needs auth.resource (the public URL) when served off loopback'),
          );
          return true;
        }
        const body = JSON.stringify({
          resource: resource.href,
          authorization_servers: o.authorizationServers.map(String),
          ...(o.requiredScopes !== undefined ? { scopes_supported: o.requiredScopes } : {}),
          bearer_methods_supported: ['header'],
          ...(o.resourceName !== undefined ? { resource_name: o.resourceName } : {}),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'access-control-allow-origin': '*' }).end(body);
        return true;
      }
      let passed = false;
      // The SDK middleware is written for Express: it answers through res.set / res.status().json().
      const expressLike = Object.assign(Object.create(res) as ServerResponse, {
        set: (name: string, value: string) => res.setHeader(name, value),
        status: (code: number) => ({
          json: (value: unknown) => {
            const body = JSON.stringify(value);
            res
              .writeHead(code, {
                ...Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)])),
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              })
              .end(body);
          },
        }),
      });
      await middlewareFor(resource)(req as never, expressLike as never, () => {
        passed = true;
      });
      return !passed;
    },
  };
}

/** Where `listen` serves the endpoint. */
export interface McpListenOptions {
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The path the endpoint answers on. @default '/mcp' */
  path?: string;
  /** The longest time the request headers may take to arrive (Node's `headersTimeout`). @default 10000 */
  headersTimeoutMs?: number;
}

/** A running endpoint: its HTTP server, its URL, and `close()`. */
export interface McpHttpEndpoint {
  server: HttpServer;
  url: URL;
  /** The open sessions' protocol servers (stateful mode). */
  readonly sessions: ReadonlyMap<string, Server>;
  close(): Promise<void>;
}

/** Serves an endpoint handler (from `createStreamableHttpHandler`) on its own `node:http` server; resolves once it listens. */
export async function listenMcpHttp(handler: McpHttpHandler, options: McpListenOptions & McpEndpointOptions = {}): Promise<McpHttpEndpoint> {
  const path = options.path ?? '/mcp';
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const bodyTimeout = options.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs;
  const host = options.host ?? '127.0.0.1';
  if (options.auth !== undefined && options.auth.resource === undefined && !isLoopbackHost(host)) {
    throw new Error(
      `serveMcpHttp: with auth on a non-loopback address (${host}), give auth.resource (the endpoint's public URL): the protected-resource metadata is never derived from a request's Host header there`,
    );
  }
  const requestTimeout = Math.max(headersTimeout, bodyTimeout) + 1000;
  // Node checks the header and request timeouts only every connectionsCheckingInterval (30 s by
  // default): checked four times per headers timeout, a slow client is answered 408 on time.
  const server = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(headersTimeout / 4))) }, (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const p = q === -1 ? url : url.slice(0, q);
    if (p === path || p === handler.healthPath || (handler.servesMetadata && p.startsWith(WELL_KNOWN))) {
      void handler(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  server.headersTimeout = headersTimeout;
  // Node answers 408 and closes the connection when a request (headers and body) takes longer.
  server.requestTimeout = requestTimeout;
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: new URL(`http://${shown}:${address.port}${path}`),
    sessions: handler.sessions,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
