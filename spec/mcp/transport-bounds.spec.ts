/**
 * Issue 21: what a tool's log and progress messages may hold and how many reach the client; the
 * headers timeout as configured; and, off loopback, nothing derived from the request's Host header.
 */
import 'reflect-metadata';
import { connect as tcpConnect, type Socket } from 'node:net';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Int32, Param, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { createMcpHttpHandler, serveMcpHttp, type McpHttpEndpoint, type McpHttpOptions } from 'tool-signatures/mcp';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { request } from 'node:http';
import { connectHttp } from '../helpers/mcp-client';
import { fakeOnlyDate, Tally } from '../helpers/signals';
import { jsonHeaders, openSession, raw, sseEvents } from './fixtures/http';

const ESCAPES = '\u001b[2J\u001b]0;owned\u0007\u202e\u0085';

class Chatty {
  @Tool({ description: 'Logs and reports progress n times.' })
  async chat(@Param({ type: Int32 }) n: number, @Param({ type: Int32 }) size: number, ctx: ToolContext): Promise<string> {
    for (let i = 1; i <= n; i++) {
      await ctx.log('info', `${ESCAPES}${'x'.repeat(size)}`);
      await ctx.progress(i, n, `${ESCAPES}step ${i}`);
    }
    return 'done';
  }
}

/** Heap and array buffers after a full collection (gc exposed through V8's flag, as `--expose-gc` would). */
function memoryAfterGc(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const info = { name: 'chatty', version: '1.0.0' };

async function serve(options: McpHttpOptions) {
  const http = await serveMcpHttp(new ToolSet([new Chatty()]), info, options);
  return { http, url: http.url };
}

async function chat(url: URL, n: number, size: number): Promise<{ logs: string[]; progress: string[] }> {
  const logs: string[] = [];
  const progress: string[] = [];
  const { client } = await connectHttp(url, {
    before: (c) => c.setNotificationHandler(LoggingMessageNotificationSchema, (m) => void logs.push(m.params.data as string)),
  });
  try {
    const r = await client.callTool({ name: 'chat', arguments: { n, size } }, undefined, { onprogress: (p) => void progress.push(p.message ?? '') });
    expect(r.content).toEqual([{ type: 'text', text: 'done' }]);
    return { logs, progress };
  } finally {
    await client.close();
  }
}

describe('issue 21: log and progress messages are bounded and shown safely', () => {
  it.each([
    ['stateless', {}],
    ['with sessions', { sessions: true }],
  ] as const)('%s: terminal escapes and bidi controls written as \\uXXXX, then a 100,000-character message cut to 8,192 characters', async (_mode, options) => {
    const { http, url } = await serve(options);
    try {
      const { logs, progress } = await chat(url, 2, 100_000);
      const shown = '\\u001b[2J\\u001b]0;owned\\u0007\\u202e\\u0085';
      // Escaped first, then cut: what the client shows is at most 8,192 characters and the count of the rest.
      expect(logs).toEqual(
        Array.from({ length: 2 }, () => `${shown}${'x'.repeat(8192 - shown.length)}… (${100_000 + shown.length - 8192} more characters not shown)`),
      );
      expect(progress).toEqual([`${shown}step 1`, `${shown}step 2`]);
    } finally {
      await http.close();
    }
  });

  it('at most 100 log and progress messages a second per call (a burst of 100): a tool sending 2,000 while the clock stands still reaches the client with 100', async () => {
    // Only Date is faked, and it stands still: the bucket holds its burst and never refills.
    fakeOnlyDate();
    const { http, url } = await serve({ sessions: true });
    try {
      const { logs, progress } = await chat(url, 1000, 10);
      expect(logs.length + progress.length).toBe(100);
    } finally {
      await http.close();
      jest.useRealTimers();
    }
  });
});

describe('issue 21: backpressure on a stream whose client reads slowly', () => {
  it('100 log messages of 512 KB sent to a GET stream that is not read hold a few MB once every send has settled, not the 50 MB sent (the rest waited, then were dropped)', async () => {
    const http = await serveMcpHttp(new ToolSet([new Chatty()]), info, { sessions: true });
    const url = http.url;
    const streams: ReturnType<typeof request>[] = [];
    try {
      const s = await openSession(url);
      const opened = new Promise<void>((resolve) => {
        // A client that never reads its GET stream: the response stays paused.
        const req = request(url, { method: 'GET', headers: { ...s.headers, accept: 'text/event-stream' } }, (res) => {
          res.pause();
          resolve();
        });
        req.on('error', () => undefined);
        req.end();
        streams.push(req);
      });
      await opened;
      const before = memoryAfterGc();
      const server = http.sessions.get(s.id)!;
      const sent = Array.from({ length: 100 }, (_, i) =>
        server.sendLoggingMessage({ level: 'info', data: `${i} ${'z'.repeat(512 * 1024)}` }).catch(() => undefined),
      );
      // Each send went out, or waited for the stream to drain (2 s at most, a few at a time) and was dropped.
      await Promise.all(sent);
      const held = memoryAfterGc() - before;
      expect(held).toBeLessThan(16 * 1024 * 1024);
    } finally {
      for (const r of streams) r.destroy();
      await http.close();
    }
  }, 60_000);
});

/** A session's GET stream that its client does not read, with the server's side of it and a way to read it later. */
async function unreadGetStream(http: McpHttpEndpoint) {
  const s = await openSession(http.url);
  const serverSide = new Promise<ServerResponse>((resolve) => {
    const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
      if (req.method !== 'GET') return;
      http.server.off('request', onRequest);
      resolve(res);
    };
    http.server.on('request', onRequest);
  });
  let text = '';
  const arrived = new Tally();
  const client = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(http.url, { method: 'GET', headers: { ...s.headers, accept: 'text/event-stream' } }, (res) => {
      // The client reads nothing until `read()`: the stream's buffers fill.
      res.pause();
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        arrived.add();
      });
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
  const res = await serverSide;
  const server = http.sessions.get(s.id)!;
  /** The data of every log message the client has read, once it has read one whose data is `last`. */
  const logsUpTo = async (last: string): Promise<string[]> => {
    const logs = (): string[] =>
      sseEvents(text)
        .map((e) => e.data as { method?: string; params?: { data?: string } })
        .filter((m) => m.method === 'notifications/message')
        .map((m) => m.params!.data!);
    while (!logs().includes(last)) await arrived.reached(arrived.count + 1);
    return logs();
  };
  return { res, server, read: () => void client.resume(), logsUpTo, close: () => client.destroy() };
}

/** Sends 512 KB log messages to the unread stream until its response's buffer is full (Node's own flag: the next write must wait for 'drain'). */
async function fill(stream: Awaited<ReturnType<typeof unreadGetStream>>): Promise<number> {
  for (let i = 0; i < 200; i++) {
    await stream.server.sendLoggingMessage({ level: 'info', data: `fill ${i} ${'z'.repeat(512 * 1024)}` });
    if (stream.res.writableNeedDrain) return i + 1;
  }
  throw new Error('the GET stream never filled');
}

/** Lets every callback the last step queued run (timers that fired, promises they settled) before the spec looks. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('issue 33: at most 8 notifications wait for one slow stream, each at most 2 s (SECURITY.md, log and progress text)', () => {
  // Only setTimeout (the drain wait's timer) is faked; I/O, setImmediate and microtasks run for real.
  const fakeTimeoutsOnly = (): void =>
    void jest.useFakeTimers({
      doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
    });
  afterEach(() => jest.useRealTimers());

  it('20 sent while the buffer is full: 12 are dropped at once, the first 8 wait and reach the client in order once it reads', async () => {
    const http = await serveMcpHttp(new ToolSet([new Chatty()]), info, { sessions: true });
    const stream = await unreadGetStream(http);
    try {
      await fill(stream);
      fakeTimeoutsOnly();
      const settled: number[] = [];
      const sent = Array.from({ length: 20 }, (_, i) => stream.server.sendLoggingMessage({ level: 'info', data: `n${i}` }).then(() => void settled.push(i)));
      // A dropped notification settles without waiting for anything (no timer, no I/O).
      await settle();
      expect(settled).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
      stream.read();
      await Promise.all(sent);
      jest.useRealTimers();
      await stream.server.sendLoggingMessage({ level: 'info', data: 'end' });
      const logs = (await stream.logsUpTo('end')).filter((d) => !d.startsWith('fill '));
      expect(logs).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'end']);
    } finally {
      stream.close();
      await http.close();
    }
  }, 30_000);

  it('while the client reads nothing, each waiting notification is dropped 2 s after its wait began (one after another), and none reaches the client later', async () => {
    const http = await serveMcpHttp(new ToolSet([new Chatty()]), info, { sessions: true });
    const stream = await unreadGetStream(http);
    try {
      await fill(stream);
      fakeTimeoutsOnly();
      const settled: number[] = [];
      const sent = Array.from({ length: 8 }, (_, i) => stream.server.sendLoggingMessage({ level: 'info', data: `n${i}` }).then(() => void settled.push(i)));
      await settle();
      const seen: number[][] = [];
      for (let i = 0; i < 8; i++) {
        jest.advanceTimersByTime(1999);
        await settle();
        seen.push([...settled]);
        jest.advanceTimersByTime(1);
        await settle();
        seen.push([...settled]);
      }
      const upTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
      expect(seen).toEqual(upTo(8).flatMap((i) => [upTo(i), upTo(i + 1)]));
      await Promise.all(sent);
      jest.useRealTimers();
      stream.read();
      await stream.server.sendLoggingMessage({ level: 'info', data: 'end' });
      expect((await stream.logsUpTo('end')).filter((d) => !d.startsWith('fill '))).toEqual(['end']);
    } finally {
      stream.close();
      await http.close();
    }
  }, 30_000);
});

/** The 2025 and 2026-07-28 headers of a POST: the body bounds hold before the revision is read from the body. */
const REVISIONS = [
  ['2025-06-18', { 'mcp-protocol-version': '2025-06-18' }],
  ['2026-07-28', { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'chat' }],
] as const;

interface RawExchange {
  /** Writes to the request's connection. */
  readonly socket: Socket;
  /** The server's side of the connection. */
  readonly server: Promise<Socket>;
  /** Everything the server sent, once the connection is closed, and the client's socket errors (writing to a closed connection). */
  readonly closed: Promise<{ text: string; errors: string[] }>;
}

/** A POST written by hand on its own connection (its headers only; the spec writes the body). */
function rawPost(http: McpHttpEndpoint, headers: Record<string, string | number>): RawExchange {
  const server = new Promise<Socket>((resolve) => http.server.once('connection', resolve));
  const socket = tcpConnect(Number(http.url.port), http.url.hostname);
  const chunks: Buffer[] = [];
  const errors: string[] = [];
  socket.on('data', (c: Buffer) => void chunks.push(c));
  socket.on('error', (e: NodeJS.ErrnoException) => void errors.push(e.code ?? e.message));
  const closed = new Promise<{ text: string; errors: string[] }>((resolve) =>
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), errors })),
  );
  const lines = Object.entries({ host: `127.0.0.1:${http.url.port}`, ...jsonHeaders, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.write(`POST ${http.url.pathname} HTTP/1.1\r\n${lines.join('')}\r\n`);
  return { socket, server, closed };
}

/** The status line, the `Connection` header and the JSON body of a response read off the wire. */
function answer(text: string): { status: string; connection: string | undefined; body: unknown } {
  const end = text.indexOf('\r\n\r\n');
  const head = text.slice(0, end).split('\r\n');
  const connection = head
    .find((l) => l.toLowerCase().startsWith('connection:'))
    ?.slice('connection:'.length)
    .trim();
  return { status: head[0]!, connection, body: JSON.parse(text.slice(end + 4)) };
}

const MAX = 64 * 1024;
/** One read of a socket holds at most this much: what the server may have read past the bound before it stopped. */
const ONE_READ = 64 * 1024;
const tooLarge = { jsonrpc: '2.0', error: { code: -32000, message: `Payload Too Large: the body must not exceed ${MAX} bytes` }, id: null };
/** 16 MiB: far more than the bound, and more than the connection's kernel buffers hold, so that a server reading it all would show. */
const BIG = Buffer.alloc(16 * 1024 * 1024, 0x20);

describe('issue 33: a request body is read up to maxBodyBytes, then refused and its connection closed (SECURITY.md, Bodies)', () => {
  let http: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([new Chatty()]), info, { maxBodyBytes: MAX });
  });
  afterAll(() => http.close());

  describe.each(REVISIONS)('MCP %s', (_revision, revisionHeaders) => {
    it.each([
      ['a Content-Length over the bound', { 'content-length': BIG.length }],
      ['a chunked body (no Content-Length) that passes the bound', { 'transfer-encoding': 'chunked' }],
    ])(
      '%s: 413 with its JSON-RPC error, the connection closed, and the server read at most the bound and one read of the 16 MiB sent',
      async (_case, framing) => {
        const post = rawPost(http, { ...revisionHeaders, ...framing });
        const chunked = 'transfer-encoding' in framing;
        post.socket.write(chunked ? Buffer.concat([Buffer.from(`${BIG.length.toString(16)}\r\n`), BIG, Buffer.from('\r\n0\r\n\r\n')]) : BIG);
        const server = await post.server;
        const serverClosed = new Promise<number>((resolve) => server.on('close', () => resolve(server.bytesRead)));
        const { text, errors } = await post.closed;
        const read = await serverClosed;
        expect(answer(text)).toEqual({ status: 'HTTP/1.1 413 Payload Too Large', connection: 'close', body: tooLarge });
        // Writing the rest to a connection the server closed fails; nothing else does.
        expect(errors.filter((e) => e !== 'EPIPE' && e !== 'ECONNRESET')).toEqual([]);
        expect(read).toBeLessThan(1024 + MAX + ONE_READ);
        // The endpoint goes on serving on other connections.
        expect((await raw(http.url, { headers: jsonHeaders, body: { jsonrpc: '2.0', id: 1, method: 'ping' } })).text).toBe(
          '{"result":{},"jsonrpc":"2.0","id":1}',
        );
      },
    );
  });
});

describe('issue 33: a body trickled a byte at a time is cut off bodyTimeoutMs after its read began (SECURITY.md, Bodies)', () => {
  // Only setTimeout (the endpoint's body timer) runs on a fake clock, moved a second per byte the server has received.
  afterEach(() => jest.useRealTimers());

  it.each(REVISIONS)(
    'MCP %s: a byte a second, bodyTimeoutMs 10 s: nothing is answered for 9 s, then 408 with its JSON-RPC error and the connection closed',
    async (_revision, revisionHeaders) => {
      jest.useFakeTimers({
        doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
      });
      const http = await serveMcpHttp(new ToolSet([new Chatty()]), info, { bodyTimeoutMs: 10_000 });
      try {
        const post = rawPost(http, { ...revisionHeaders, 'content-length': 1000 });
        const server = await post.server;
        const received = new Tally();
        server.on('data', () => received.add());
        const written: number[] = [];
        for (let second = 1; second <= 10; second++) {
          post.socket.write(second === 1 ? '{' : ' ');
          await received.reached(second);
          // The endpoint's reaction to the byte, if any, is written before the clock moves on.
          await new Promise((resolve) => setImmediate(resolve));
          jest.advanceTimersByTime(1000);
          await new Promise((resolve) => setImmediate(resolve));
          written.push(server.bytesWritten);
        }
        const { text } = await post.closed;
        expect(written.slice(0, 9)).toEqual(Array(9).fill(0));
        expect(written[9]).toBe(Buffer.byteLength(text));
        expect(answer(text)).toEqual({
          status: 'HTTP/1.1 408 Request Timeout',
          connection: 'close',
          body: { jsonrpc: '2.0', error: { code: -32000, message: 'Request Timeout: the body did not arrive within 10000 ms' }, id: null },
        });
      } finally {
        jest.useRealTimers();
        await http.close();
      }
    },
  );
});

describe('issue 21: headersTimeoutMs is kept', () => {
  // Node's own timer (not one a spec can fake): the proof is that the 408 comes at all. Node's
  // defaults (headers within 60 s, checked every 30 s) would leave the socket silent past this
  // spec's timeout, and the spec would fail there.
  it('headers that do not arrive within headersTimeoutMs: 1000 are answered 408, then the connection closes', async () => {
    const { http, url } = await serve({ headersTimeoutMs: 1000 });
    try {
      const socket = tcpConnect(Number(url.port), url.hostname);
      socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${url.port}\r\n`);
      let text = '';
      socket.setEncoding('utf8');
      const answered = new Promise<string>((resolve) => {
        socket.on('data', (c: string) => (text += c));
        socket.on('close', () => resolve(text));
      });
      const first = await answered;
      expect(first.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      await http.close();
    }
  });
});

/** An address of this machine that is not loopback. */
function externalAddress(): string {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  throw new Error('this spec needs a non-loopback IPv4 address');
}

describe('issue 21: off loopback, nothing is derived from the Host header', () => {
  const verifyAccessToken = async (token: string) => {
    if (token !== 'good') throw new InvalidTokenError('unknown token');
    return { token, clientId: 'ana', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
  };
  const auth = { verifyAccessToken, authorizationServers: ['https://auth.example'] };

  it('without auth.resource, the metadata is not served (404) and WWW-Authenticate names no metadata URL, whatever Host says', async () => {
    const handler = createMcpHttpHandler(new ToolSet([new Chatty()]), info, { auth });
    const server = createServer((req, res) => void handler(req, res));
    const address = externalAddress();
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const base = `http://${address}:${(server.address() as AddressInfo).port}`;
    try {
      const headers = { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const refused = await raw(new URL(`${base}/mcp`), { headers, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      expect([refused.status, refused.headers['www-authenticate']]).toEqual([
        401,
        'Bearer error="invalid_token", error_description="Missing Authorization header"',
      ]);
      const metadata = await raw(new URL(`${base}/.well-known/oauth-protected-resource/mcp`), { method: 'GET', headers: { host: 'evil.example' } });
      expect(metadata.status).toBe(404);
      expect(metadata.text).not.toContain('evil.example');
    } finally {
      await handler.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('with auth.resource, the metadata and WWW-Authenticate name it, whatever Host says', async () => {
    const handler = createMcpHttpHandler(new ToolSet([new Chatty()]), info, { auth: { ...auth, resource: 'https://tools.example/mcp' } });
    const server = createServer((req, res) => void handler(req, res));
    const address = externalAddress();
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const base = `http://${address}:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await raw(new URL(`${base}/mcp`), {
        headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(refused.headers['www-authenticate']).toBe(
        'Bearer error="invalid_token", error_description="Missing Authorization header", resource_metadata="https://tools.example/.well-known/oauth-protected-resource/mcp"',
      );
      const metadata = await raw(new URL(`${base}/.well-known/oauth-protected-resource/mcp`), { method: 'GET', headers: { host: 'evil.example' } });
      expect((JSON.parse(metadata.text) as { resource: string }).resource).toBe('https://tools.example/mcp');
    } finally {
      await handler.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('serveMcpHttp refuses to listen off loopback with auth and no resource, saying why', async () => {
    await expect(serveMcpHttp(new ToolSet([new Chatty()]), info, { host: '0.0.0.0', auth })).rejects.toThrow(
      "serveMcpHttp: with auth on a non-loopback address (0.0.0.0), give auth.resource (the endpoint's public URL): the protected-resource metadata is never derived from a request's Host header there",
    );
  });
});
