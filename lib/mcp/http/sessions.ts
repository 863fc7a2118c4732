/**
 * Stateful mode: sessions keyed by `Mcp-Session-Id`, each its own server and SDK transport, each answering only its owner.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { EventStore, StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { type ListenStreams } from '../listen';
import { DEFAULTS, type McpEndpointOptions, type McpServerFactory, type McpSessionOptions } from './options';
import { INVALID_REQUEST, REQUEST_CANCELLED, Refusal, SERVER_ERROR, SESSION_NOT_FOUND, refuse } from './codes';
import { type Message, accepts, isRequest, soleId } from './body';
import { type Gauge, inTurn } from './backpressure';
import { principalOfRequest as principalOf } from '../principal';

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
export function sessionEndpoint(newServer: McpServerFactory, o: McpSessionOptions, endpoint: McpEndpointOptions, streams: Gauge, listens: ListenStreams) {
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
    const server = newServer({ principal: owner });
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
