/**
 * Stateful mode: sessions keyed by `Mcp-Session-Id`, each its own server and SDK transport, each answering only its owner.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { describeThrown } from '../../thrown';
import { type ListenStreams } from '../listen';
import { LEVELS } from '../call';
import { MemorySessionRegistry, SESSION_REGISTRY_DEFAULTS, restoreSession, type SessionRecord, type SessionRegistry } from '../session-registry';
import { DEFAULTS, type McpEndpointOptions, type McpServerFactory, type McpSessionOptions } from './options';
import { INVALID_REQUEST, Refusal, SERVER_ERROR, SESSION_NOT_FOUND, refuse } from './codes';
import { type Message, accepts, isRequest, soleId } from './body';
import { type Gauge } from './backpressure';
import { principalOfRequest as principalOf } from '../principal';

import { GET_STREAM, RESTORED_INITIALIZE, SessionWire, answersElsewhere, partitionedStore, streamTag, unsentExchange } from './session-wire';

/**
 * The stateful side: sessions keyed by `Mcp-Session-Id`, each its own server and SDK transport,
 * each answering only its owner. Every session is recorded in the session registry before its
 * `initialize` is answered, and every request of a session reads its record (renewing it): a
 * session this replica does not hold is restored from the record (for its owner only), one whose
 * record is gone (DELETE on another replica, expired) is closed here; a registry that cannot answer
 * refuses the request (fail closed).
 */
export function sessionEndpoint(newServer: McpServerFactory, o: McpSessionOptions, endpoint: McpEndpointOptions, streams: Gauge, listens: ListenStreams) {
  const { StreamableHTTPServerTransport: SdkTransport } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const maxSessions = o.maxSessions ?? DEFAULTS.maxSessions;
  const maxPerClient = o.maxSessionsPerClient ?? Math.max(1, Math.floor(maxSessions / 10));
  const idleTimeoutMs = o.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs;
  // One process: a record lives as long as an idle session does here.
  const registry: SessionRegistry =
    o.registry ?? new MemorySessionRegistry({ ttlSeconds: idleTimeoutMs / 1000, maxSessions: Math.max(SESSION_REGISTRY_DEFAULTS.maxSessions, maxSessions) });
  // This replica's mark on its questions' ids (SessionWire).
  const mark = randomBytes(8).toString('hex');
  const sessions = new Map<string, Server>();
  interface Live {
    owner: string;
    wire: SessionWire;
    server: Server;
    lastUsed: number;
    /** The log level this replica's server has of the session's record (a level set on another replica is set here on the next request). */
    logLevel?: string;
    /** Whether an event id is of this session's GET stream (with an event store). */
    ofGetStream(eventId: string): Promise<boolean>;
  }
  const live = new Map<string, Live>();
  /** The ids of the requests the endpoint hands its servers (`SessionWire.inject`). */
  let injected = 0;
  /** Sets the session's log level on this replica's server as the record has it. */
  const levelOf = async (session: Live, record: SessionRecord): Promise<void> => {
    if (record.logLevel === undefined || record.logLevel === session.logLevel) return;
    session.logLevel = record.logLevel;
    await session.wire.inject({ id: `${RESTORED_INITIALIZE}/${++injected}`, method: 'logging/setLevel', params: { level: record.logLevel } });
  };
  /** Sessions held or being opened, per client. */
  const held = new Map<string, number>();
  /** Sessions being restored here, by id (two requests of one session restore it once). */
  const restoring = new Map<string, Promise<Live | Refusal>>();
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

  /** The `initialize` params of a session being opened, for its record. */
  const initializeParams = new WeakMap<SessionWire, Record<string, unknown>>();

  /**
   * A server and transport for session `id` (a new one's, or `restored`'s); if it does not become
   * a session, `dispose` drops both.
   */
  const open = async (owner: string, id: string, restored?: SessionRecord): Promise<SessionWire> => {
    // The rate limit's caller (lib/mcp/rate-limit.ts): the session's owner.
    const server = newServer({ principal: owner });
    const store = o.eventStore === undefined ? undefined : partitionedStore(o.eventStore, streamTag(id));
    const ofGetStream = async (eventId: string): Promise<boolean> => (await store?.getStreamIdForEventId?.(eventId).catch(() => undefined)) === GET_STREAM;
    const sdk: StreamableHTTPServerTransport = new SdkTransport({
      sessionIdGenerator: () => id,
      ...(store !== undefined ? { eventStore: store } : {}),
      ...(o.eventStore !== undefined && o.retryIntervalMs !== undefined ? { retryInterval: o.retryIntervalMs } : {}),
      ...(endpoint.keepAliveMs !== undefined ? { keepAliveMs: endpoint.keepAliveMs } : {}),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, server);
        live.set(sessionId, { owner, wire, server, lastUsed: Date.now(), ofGetStream });
        hold(owner, 1);
        o.onSessionOpened?.(sessionId, server);
      },
    });
    const wire = new SessionWire(sdk, o.eventStore !== undefined, mark);
    if (restored === undefined) {
      wire.recordSession = async (result) => {
        const protocolVersion = typeof result.protocolVersion === 'string' ? result.protocolVersion : '';
        await registry.create({ id, owner, protocolVersion, initialize: initializeParams.get(wire) ?? {} });
      };
    }
    // Runs before the server's own (Protocol.connect chains them), which ends its calls.
    wire.onclose = () => {
      const sessionId = wire.sessionId;
      if (sessionId === undefined || live.get(sessionId)?.wire !== wire) return;
      live.delete(sessionId);
      hold(owner, -1);
      sessions.delete(sessionId);
      o.onSessionClosed?.(sessionId);
    };
    await server.connect(wire);
    return wire;
  };
  /** A refusal of a session's request when the registry cannot answer. */
  const registryDown = (e: unknown): Refusal =>
    new Refusal(503, SERVER_ERROR, `Service Unavailable: the session registry cannot be reached (${describeThrown(e, false).slice(0, 200)})`, {
      'retry-after': '5',
    });
  const notFound = (): Refusal => new Refusal(404, SESSION_NOT_FOUND, 'Session not found');
  /** Whether this replica has room for one more session of `owner`; the refusal if not. */
  const roomFor = (owner: string): Refusal | undefined => {
    if (live.size + opening >= maxSessions) return new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many sessions', { 'retry-after': '5' });
    if ((held.get(owner) ?? 0) >= maxPerClient) {
      return new Refusal(503, SERVER_ERROR, `Service Unavailable: this client holds its share of sessions (${maxPerClient}); close one (DELETE) first`, {
        'retry-after': '5',
      });
    }
    return undefined;
  };

  /** The session of `record` made here from its saved `initialize` (its log level set again), or why not. */
  const restore = async (record: SessionRecord): Promise<Live | Refusal> => {
    const full = roomFor(record.owner);
    if (full !== undefined) return full;
    opening++;
    hold(record.owner, 1);
    let wire: SessionWire | undefined;
    const exchange = unsentExchange();
    try {
      wire = await open(record.owner, record.id, record);
      wire.initializeId = RESTORED_INITIALIZE;
      const params = { ...record.initialize, protocolVersion: record.protocolVersion };
      await wire.sdk.handleRequest(exchange.req, exchange.res, { jsonrpc: '2.0', id: RESTORED_INITIALIZE, method: 'initialize', params });
      const session = live.get(record.id);
      if (session?.wire !== wire) return new Refusal(500, SERVER_ERROR, 'Internal error: the session could not be restored from its record');
      wire.onmessage?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await levelOf(session, record);
      return session;
    } finally {
      exchange.done();
      opening--;
      hold(record.owner, -1);
      if (wire !== undefined && live.get(record.id)?.wire !== wire) void wire.close();
    }
  };

  /**
   * The session named by the header, if the sender owns it (restored here from the registry when
   * this replica does not hold it); otherwise undefined, and the refusal has been sent.
   * `rid`: the id of the POST's request, echoed in the refusal.
   */
  const sessionOf = async (req: IncomingMessage, res: ServerResponse, id: string | undefined, rid: RequestId | null = null): Promise<Live | undefined> => {
    if (id === undefined) {
      refuse(res, new Refusal(400, SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required'), false, rid);
      return undefined;
    }
    const principal = principalOf(req);
    let record: SessionRecord | undefined;
    try {
      record = await restoreSession(registry, id, principal);
    } catch (e) {
      refuse(res, registryDown(e), false, rid);
      return undefined;
    }
    const here = live.get(id);
    // Another client's session is answered as an unknown one: its id says nothing to them.
    if (record === undefined) {
      // Ended elsewhere (DELETE) or expired: this replica's copy ends too.
      if (here !== undefined && here.owner === principal) void here.wire.close();
      refuse(res, notFound(), false, rid);
      return undefined;
    }
    if (here !== undefined) {
      await levelOf(here, record);
      return here;
    }
    let pending = restoring.get(id);
    if (pending === undefined) {
      pending = restore(record).finally(() => restoring.delete(id));
      restoring.set(id, pending);
    }
    const restored = await pending;
    if (restored instanceof Refusal) {
      refuse(res, restored, false, rid);
      return undefined;
    }
    return restored;
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
        const session = await sessionOf(req, res, id, soleId(messages));
        if (session === undefined) return;
        session.lastUsed = Date.now();
        // An answer to a question asked on another replica cannot reach the call that asked it.
        const elsewhere = messages.find((m) => answersElsewhere(m, mark));
        if (elsewhere !== undefined) {
          const shown = JSON.stringify(elsewhere.id).slice(0, 80);
          return refuse(
            res,
            new Refusal(
              410,
              SERVER_ERROR,
              `Gone: the question ${shown} was asked by another replica of this server, which is gone (or this answer was routed away from it); the call that asked it cannot hear this answer`,
            ),
          );
        }
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
        // The level a client sets is recorded first, so that a replica restoring the session keeps it.
        for (const m of messages) {
          const level = m.method === 'logging/setLevel' ? (m.params as { level?: unknown } | undefined)?.level : undefined;
          if (typeof level !== 'string' || !(LEVELS as readonly string[]).includes(level)) continue;
          try {
            if (!(await registry.setLogLevel(id!, level))) return refuse(res, notFound(), false, soleId(messages));
            session.logLevel = level;
          } catch (e) {
            return refuse(res, registryDown(e), false, soleId(messages));
          }
        }
        if (ids.length > 0 && !streamSlot(res, soleId(messages))) return;
        for (const rid of ids) session.wire.calls.set(rid, res);
        await session.wire.sdk.handleRequest(req, res, messages.length === 1 ? messages[0] : messages);
        // Refused by the SDK transport (its requests never reached the server): their ids are free.
        if (res.statusCode >= 400) for (const rid of ids) if (session.wire.calls.get(rid) === res) session.wire.calls.delete(rid);
        return;
      }
      if (method === 'DELETE') return deleteSession(req, res, id);
      const session = await sessionOf(req, res, id);
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

  /**
   * DELETE: the record goes first (a session it no longer names is closed by every replica holding
   * it, on its next request there, or idle); then the session held here, if any, is closed.
   */
  async function deleteSession(req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
    if (id === undefined) return refuse(res, new Refusal(400, SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required'));
    const principal = principalOf(req);
    const here = live.get(id);
    try {
      const record = await restoreSession(registry, id, principal);
      if (record === undefined) {
        if (here !== undefined && here.owner === principal) void here.wire.close();
        return refuse(res, notFound());
      }
      await registry.delete(id);
    } catch (e) {
      return refuse(res, registryDown(e));
    }
    if (here === undefined) {
      res.writeHead(200).end();
      return;
    }
    await here.wire.sdk.handleRequest(req, res);
  }

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
    const full = roomFor(owner);
    if (full !== undefined) return refuse(res, full, false, rid);
    if (!streamSlot(res, rid)) return;
    opening++;
    hold(owner, 1);
    let wire: SessionWire | undefined;
    try {
      wire = await open(owner, (o.newSessionId ?? randomUUID)());
      initializeParams.set(wire, (messages[0]!.params ?? {}) as Record<string, unknown>);
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
