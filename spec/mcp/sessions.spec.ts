/**
 * Issue 21: an MCP session belongs to whoever opened it, its resumable streams are its own, and no
 * client takes every session slot. Real HTTP on loopback, the MCP SDK client and raw requests.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Tool, ToolSet } from 'tool-signatures';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { fakeOnlyDate } from '../helpers/signals';
import { KeyedEventStore } from './fixtures/event-store';
import { call, initialize, jsonHeaders, openSession, openStream, raw, rpcError, sseEvents, type OpenStream } from './fixtures/http';

class Vault {
  ran: string[] = [];

  @Tool({ description: 'Reads the note.' })
  read(): string {
    return 'the note';
  }

  @Tool({ description: 'Destroys the vault.', requiresApproval: true })
  destroy(): string {
    this.ran.push('destroy');
    return 'destroyed';
  }
}

const info = { name: 'vault', version: '1.0.0' };

async function serve(options: McpHttpOptions) {
  const vault = new Vault();
  const http = await serveMcpHttp(new ToolSet([vault]), info, options);
  return { vault, http, url: http.url };
}

const tokens: Record<string, string> = { 'ana-1': 'ana', 'ana-2': 'ana', bob: 'bob' };
const verifyAccessToken = async (token: string) => {
  const sub = tokens[token];
  if (sub === undefined) throw new InvalidTokenError('unknown token');
  return { token, clientId: 'app', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600, extra: { sub } };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('issue 21: a session answers only the principal that opened it', () => {
  it('another token subject gets 404 for POST, GET, DELETE and answers; question ids are not guessable, and a blind accept runs nothing', async () => {
    const { vault, http, url } = await serve({ sessions: true, auth: { verifyAccessToken, authorizationServers: ['https://auth.example'] } });
    const client = new Client({ name: 'ana', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    let release!: (action: 'decline') => void;
    const questionIds: unknown[] = [];
    const asked = new Promise<void>((resolveAsked) => {
      client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
        questionIds.push(extra.requestId);
        resolveAsked();
        const action = await new Promise<'decline'>((r) => (release = r));
        void request;
        return { action };
      });
    });
    try {
      const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: bearer('ana-1') } });
      await client.connect(transport);
      const session = transport.sessionId!;
      const destroyed = client.callTool({ name: 'destroy', arguments: {} });
      await asked;

      const bob = { ...jsonHeaders, ...bearer('bob'), 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
      const list = await raw(url, { headers: bob, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      expect([list.status, rpcError(list.text)]).toEqual([404, { code: -32001, message: 'Session not found' }]);
      const get = await raw(url, { method: 'GET', headers: { ...bob, accept: 'text/event-stream' } });
      expect(get.status).toBe(404);
      // Blind answers to the question ids a counter would give, and to the real one: none reaches the session.
      for (const id of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, questionIds[0] as string]) {
        const answer = await raw(url, { headers: bob, body: { jsonrpc: '2.0', id, result: { action: 'accept', content: {} } } });
        expect(answer.status).toBe(404);
      }
      const del = await raw(url, { method: 'DELETE', headers: bob });
      expect(del.status).toBe(404);
      expect(http.sessions.has(session)).toBe(true);

      // The same subject with another token is the same principal; a blind accept from it counts for nothing either.
      const ana = { ...jsonHeaders, ...bearer('ana-2'), 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
      for (let id = 0; id < 10; id++) {
        const answer = await raw(url, { headers: ana, body: { jsonrpc: '2.0', id, result: { action: 'accept', content: {} } } });
        expect(answer.status).toBe(202);
      }
      expect(typeof questionIds[0]).toBe('string');
      // The replica's mark (64 random bits, lib/mcp/http/sessions.ts `questionId`), then a random UUID.
      expect(String(questionIds[0])).toMatch(/^[0-9a-f]{16}\.[0-9a-f-]{36}$/);
      release('decline');
      const result = await destroyed;
      expect(result.isError).toBe(true);
      expect(vault.ran).toEqual([]);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read', 'destroy']);
      await transport.terminateSession();
      expect(http.sessions.size).toBe(0);
    } finally {
      await client.close();
      await http.close();
    }
  });

  it('without authentication, a session answers only the address that opened it (127.0.0.2 is another client)', async () => {
    const { http, url } = await serve({ sessions: true });
    try {
      const owner = await openSession(url);
      const other = { ...owner.headers };
      const post = await raw(url, { from: '127.0.0.2', headers: other, body: call(1, 'read') });
      expect([post.status, rpcError(post.text).code]).toEqual([404, -32001]);
      const get = await raw(url, { from: '127.0.0.2', method: 'GET', headers: { ...other, accept: 'text/event-stream' } });
      expect(get.status).toBe(404);
      const del = await raw(url, { from: '127.0.0.2', method: 'DELETE', headers: other });
      expect(del.status).toBe(404);
      const mine = await raw(url, { headers: owner.headers, body: call(2, 'read') });
      expect(mine.status).toBe(200);
      expect(sseEvents(mine.text).map((e) => e.data)).toEqual([{ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'the note' }] } }]);
      expect(http.sessions.has(owner.id)).toBe(true);
    } finally {
      await http.close();
    }
  });
});

/**
 * The SDK's example `InMemoryEventStore` names an event `<stream>_<Date.now()>_<random>` and replays
 * in the order of those names: two events stored in the same millisecond may be replayed out of
 * order, or one skipped. Each message here is sent a millisecond after the last on a faked clock
 * (only `Date` is faked), so the store's order is the order sent.
 */
function nextMillisecond(): void {
  jest.setSystemTime(Date.now() + 1);
}

/** Sends `text` as a log message of `session` once; resolves with the stream's text once it shows. */
async function deliver(session: { sendLoggingMessage(p: { level: 'info'; data: string }): Promise<void> }, stream: OpenStream, text: string): Promise<string> {
  nextMillisecond();
  await session.sendLoggingMessage({ level: 'info', data: text });
  return stream.until((t) => t.includes(text));
}

describe('issue 21: resumability is per session', () => {
  it.each([
    ['the SDK in-memory store', () => new InMemoryEventStore()],
    ['a store keyed by event id (as a Redis one)', () => new KeyedEventStore()],
  ])('with %s, a Last-Event-ID replays only its own session and stream', async (_name, makeStore) => {
    fakeOnlyDate();
    const { http, url } = await serve({ sessions: { eventStore: makeStore() } });
    const streams: { close(): void }[] = [];
    try {
      const a = await openSession(url);
      const b = await openSession(url);
      const getStreams = getStreamsOf(http.server);
      const getA = await openStream(url, { headers: { ...a.headers, accept: 'text/event-stream' } });
      const getB = await openStream(url, { headers: { ...b.headers, accept: 'text/event-stream' } });
      streams.push(getA, getB);
      expect([getA.status, getB.status]).toEqual([200, 200]);
      // One stream each, each message sent once.
      expect(await deliver(http.sessions.get(a.id)!, getA, 'for A, first')).toContain('for A, first');
      expect(await deliver(http.sessions.get(b.id)!, getB, 'for B, first')).toContain('for B, first');
      expect(await deliver(http.sessions.get(b.id)!, getB, 'for B, second')).toContain('for B, second');
      const aFirst = sseEvents(getA.text()).find((e) => JSON.stringify(e.data).includes('for A, first'))!.id!;
      const bFirst = sseEvents(getB.text()).find((e) => JSON.stringify(e.data).includes('for B, first'))!.id!;
      getA.close();
      getB.close();
      // A session has one GET stream: its resume is sent once the server has seen the first one close (no retry on 409).
      await Promise.all([getStreams.closedOnServer(a.id), getStreams.closedOnServer(b.id)]);

      // B's call stream, with its event ids.
      const bCall = await raw(url, { headers: b.headers, body: call(7, 'read') });
      const bCallEvent = sseEvents(bCall.text).find((e) => e.id !== undefined)!.id!;

      // A resumes its GET stream: nothing of B's arrives, its own next message does.
      const resumedA = await resume(url, a.headers, aFirst);
      streams.push(resumedA);
      expect(resumedA.status).toBe(200);
      const textA = await deliver(http.sessions.get(a.id)!, resumedA, 'for A, second');
      expect(sseEvents(textA).map((e) => e.data)).toEqual([
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'for A, second' } },
      ]);

      // A given an event id of B's GET stream or of B's call stream: nothing replayed.
      for (const foreign of [bFirst, bCallEvent]) {
        const stolen = await openStream(url, { headers: { ...a.headers, accept: 'text/event-stream', 'last-event-id': foreign } });
        streams.push(stolen);
        expect(stolen.status).toBe(400);
        const text = await stolen.ended;
        expect(text).not.toContain('for B');
        expect(text).not.toContain('the note');
      }

      // B resumes its own GET stream and gets what followed.
      const resumedB = await resume(url, b.headers, bFirst);
      streams.push(resumedB);
      expect(resumedB.status).toBe(200);
      const textB = await resumedB.until((t) => t.includes('for B, second'));
      expect(sseEvents(textB).map((e) => e.data)).toEqual([
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'for B, second' } },
      ]);
    } finally {
      for (const s of streams) s.close();
      await http.close();
      jest.useRealTimers();
    }
  });
});

/** A GET with Last-Event-ID, sent once (the server has seen the previous GET stream close: `closedOnServer`). */
function resume(url: URL, headers: Record<string, string>, lastEventId: string): Promise<OpenStream> {
  return openStream(url, { headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastEventId } });
}

/**
 * The server's side of each session's GET streams, by session id: `closedOnServer(id)` resolves once
 * the server has seen the last one opened close, and what the close set in train has run.
 */
function getStreamsOf(server: Server): { closedOnServer(id: string): Promise<void> } {
  const opened = new Map<string, ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const id = req.headers['mcp-session-id'];
    if (req.method === 'GET' && typeof id === 'string') opened.set(id, res);
  });
  return {
    closedOnServer: async (id) => {
      const res = opened.get(id)!;
      if (!res.closed) await new Promise((resolve) => res.once('close', resolve));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('issue 21: sessions per client are a fair share', () => {
  it('one client holds at most a tenth of maxSessions (100 of 1,000); another client still opens one', async () => {
    const { http, url } = await serve({ sessions: true });
    try {
      const opened: string[] = [];
      for (let i = 0; i < 100; i++) opened.push((await openSession(url)).id);
      const beyond = await raw(url, { body: initialize() });
      expect([beyond.status, rpcError(beyond.text).message]).toEqual([
        503,
        'Service Unavailable: this client holds its share of sessions (100); close one (DELETE) first',
      ]);
      const other = await openSession(url, { from: '127.0.0.2' });
      expect(http.sessions.has(other.id)).toBe(true);
      // Closing one gives the client its slot back.
      const del = await raw(url, { method: 'DELETE', headers: { ...jsonHeaders, 'mcp-session-id': opened[0]!, 'mcp-protocol-version': '2025-06-18' } });
      expect(del.status).toBe(200);
      expect(http.sessions.has((await openSession(url)).id)).toBe(true);
    } finally {
      await http.close();
    }
  });
  it('holds one client to maxSessionsPerClient when it is set (3 of 1,000), and says the share', async () => {
    const { http, url } = await serve({ sessions: { maxSessionsPerClient: 3 } });
    try {
      for (let i = 0; i < 3; i++) await openSession(url);
      const beyond = await raw(url, { body: initialize() });
      expect([beyond.status, rpcError(beyond.text).message]).toEqual([
        503,
        'Service Unavailable: this client holds its share of sessions (3); close one (DELETE) first',
      ]);
      expect(http.sessions.has((await openSession(url, { from: '127.0.0.2' })).id)).toBe(true);
    } finally {
      await http.close();
    }
  });
});
