/**
 * Stateless mode: one HTTP POST and its answers (JSON or SSE), over one protocol server shared by every request.
 */
import { type ServerResponse } from 'node:http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { LOG_LEVEL_META } from '../call';
import { type Message, isRequest } from './body';
import { type Gauge, inTurn } from './backpressure';

export class Exchange {
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
export class CallTransport implements Transport {
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
export const HANDSHAKE_METHODS = new Set(['initialize', 'logging/setLevel']);
export const isHandshake = (m: Message): boolean => isRequest(m) && HANDSHAKE_METHODS.has(m.method as string);

/**
 * The requests of a stateless POST, each given the level of a `logging/setLevel` sent in the same
 * POST (a JSON-RPC batch) as its own `_meta` level, unless it has one: the only requests a level
 * set without a session can reach.
 */
export function withBatchLevel(requests: Message[], handshake: readonly Message[]): Message[] {
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
