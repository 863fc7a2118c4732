/**
 * A 2025 session's wire: the transport between its protocol server and the SDK's (questions under
 * marked ids, requests in progress by id, cancels answered, slow readers waited for), its view of
 * the event store, and the unsent exchange that restores a session on another replica.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { EventStore, StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { describeThrown } from '../../thrown';
import { REQUEST_CANCELLED } from './codes';
import { type Message } from './body';
import { inTurn } from './backpressure';

/** The SDK transport's name for a session's GET stream. */
export const GET_STREAM = '_GET_stream';

/**
 * One session's view of a shared event store: its stream ids carry the session's own tag, so a
 * store shared by every session (in memory, or keyed as a Redis one is) replays a session only its
 * own events; a `Last-Event-ID` of another session's stream replays nothing.
 */
export function partitionedStore(store: EventStore, tag: string): EventStore {
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

/**
 * The id a client is shown for a question of the server (elicitation, sampling, roots): the mark of
 * the replica that asked (random per endpoint), then a random part. An answer to a question of
 * another mark was asked elsewhere: a replica that restored the session cannot hand it to the
 * question's call, which runs (or ran, before it stopped) on the replica that asked.
 */
export function questionId(mark: string): string {
  return `${mark}.${randomUUID()}`;
}

/** Whether a message answers a question asked by another replica than the one marked `mark`. */
export function answersElsewhere(m: Message, mark: string): boolean {
  if (typeof m.method === 'string' || typeof m.id !== 'string') return false;
  const cut = m.id.indexOf('.');
  return cut > 0 && /^[0-9a-f]{16}$/.test(m.id.slice(0, cut)) && m.id.slice(0, cut) !== mark;
}

/**
 * The transport a session's protocol server talks to, in front of the SDK's transport:
 * - the server's questions to the client (elicitation, approval) go out under random ids, and an
 *   answer counts only with the id of a question still open in this session;
 * - the client's requests in progress are known by id (a second request with the same id is
 *   refused before it reaches the SDK transport, which would answer it with the other's result);
 * - a call the client cancels gets an error answer, so that its SSE stream ends and frees its slot;
 * - log and progress notifications wait while their stream's client reads slowly (`inTurn`).
 */
export class SessionWire implements Transport {
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
  /**
   * Records the session before its `initialize` is answered (the session registry); if it rejects,
   * the client is answered an error instead, and the session is closed (fail closed).
   */
  recordSession?: (result: Record<string, unknown>) => Promise<void>;
  /** Requests the endpoint itself sent the server (`inject`), by id: their answers go to them, not to the client. */
  private readonly injected = new Map<RequestId, () => void>();

  /**
   * `resumable`: the transport has an event store (a closed stream's messages are stored for its
   * resumption); `mark`: this replica's mark on the ids of its questions (`questionId`).
   */
  constructor(
    readonly sdk: StreamableHTTPServerTransport,
    private readonly resumable = false,
    private readonly mark = randomBytes(8).toString('hex'),
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

  /** Hands the server a request of the endpoint's own (a restored session's log level); resolves once it is answered. */
  inject(request: { id: RequestId; method: string; params?: Record<string, unknown> }): Promise<void> {
    return new Promise((resolve) => {
      this.injected.set(request.id, resolve);
      this.onmessage?.({ jsonrpc: '2.0', ...request } as JSONRPCMessage);
    });
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
      const injected = this.injected.get(id);
      if (injected !== undefined) {
        this.injected.delete(id);
        return injected();
      }
      // An answer to a cancelled call has already been given (the SDK server does not answer one).
      if (!this.calls.delete(id) && id !== this.initializeId) return;
      if (id !== this.initializeId) return this.sdk.send(message, options);
      let answer = message;
      if ('result' in m && this.recordSession !== undefined) {
        try {
          await this.recordSession(m.result as Record<string, unknown>);
        } catch (e) {
          const error = { code: -32603, message: `Internal error: the session could not be recorded (${describeThrown(e, false).slice(0, 200)})` };
          answer = { jsonrpc: '2.0', id, error } as JSONRPCMessage;
        }
      }
      await this.sdk.send(answer, options);
      this.initializeId = undefined;
      if ('error' in answer) void this.sdk.close();
      return;
    }
    if (m.id !== undefined) {
      const shown = questionId(this.mark);
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

/** The tag of a session's streams in the event store: of its id, so that every replica restoring the session finds them (and event ids do not show the id). */
export function streamTag(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}

/** The id of the `initialize` a restored session's server is given again (never a client's: it goes through no client request). */
export const RESTORED_INITIALIZE = 'tool-signatures/restore';

/**
 * A request and its response that no socket carries: the saved `initialize` handed to a restored
 * session's SDK transport (through its public `handleRequest`), whose answer is not sent anywhere.
 */
export function unsentExchange(): { req: IncomingMessage; res: ServerResponse; done(): void } {
  const socket = new Socket();
  const req = new IncomingMessage(socket);
  const headers = { host: 'localhost', accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  req.method = 'POST';
  req.url = '/';
  req.headers = headers;
  req.rawHeaders = Object.entries(headers).flat();
  req.push(null);
  return { req, res: new ServerResponse(req), done: () => socket.destroy() };
}
