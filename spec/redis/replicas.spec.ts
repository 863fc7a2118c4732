/**
 * Three replicas (child processes) behind a round-robin proxy, as a load balancer spreads a
 * client's requests (issue 30). With the Redis stores they answer as one server: the rate limit is
 * shared (of 15 calls after six others, 5 run: the limit is 11) and a change made on any replica reaches the `subscriptions/listen`
 * streams (MCP 2026-07-28) held on all. With the memory stores, what one process cannot share:
 * each replica counts its own limit (all 15 run), and a stream hears only its own replica's changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { compiled, root } from '../helpers/programs';
import { describeWithRedis, startRedisServer, testPrefix, type RedisServer } from '../helpers/redis';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A round-robin reverse proxy on 127.0.0.1: each request to the next upstream, bodies streamed both ways. */
async function roundRobin(upstreams: readonly URL[]): Promise<{ server: Server; url: URL; served: number[] }> {
  let next = 0;
  const served = upstreams.map(() => 0);
  const server = createServer((req, res) => {
    const i = next++ % upstreams.length;
    served[i]!++;
    const target = upstreams[i]!;
    const out = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.headersSent || res.writeHead(502).end());
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`), served };
}

let id = 0;
/** One 2026-07-28 `tools/call`: its text, or `error: …` for an error result. */
async function call(url: URL, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args, _meta: META } }),
  });
  const body = (await res.json()) as { result?: { isError?: boolean; content: { text: string }[] } };
  return `${body.result?.isError === true ? 'error: ' : ''}${body.result?.content[0]?.text}`;
}

/** A `subscriptions/listen` stream: the resource URIs it heard updated so far, a wait for a number of one, and its stop. */
interface Listening {
  readonly updated: string[];
  until(uri: string, count: number): Promise<string[]>;
  stop(): void;
}

async function listen(url: URL, uris: readonly string[]): Promise<Listening> {
  const abort = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    signal: abort.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: uris }, _meta: META } }),
  });
  const updated: string[] = [];
  let acknowledged = false;
  const waiters: (() => void)[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('data:')) continue;
        const frame = JSON.parse(line.slice(5)) as { method?: string; params?: { uri?: string } };
        if (frame.method === 'notifications/subscriptions/acknowledged') acknowledged = true;
        if (frame.method === 'notifications/resources/updated') updated.push(frame.params!.uri!);
      }
      for (const w of waiters.splice(0)) w();
    }
  })().catch(() => undefined);
  const wait = async (done: () => boolean): Promise<void> => {
    while (!done()) await Promise.race([new Promise<void>((w) => waiters.push(w)), ended.then(() => Promise.reject(new Error('the stream ended')))]);
  };
  await wait(() => acknowledged);
  return {
    updated,
    until: async (uri, count) => {
      await wait(() => updated.filter((u) => u === uri).length >= count);
      return updated;
    },
    stop: () => abort.abort(),
  };
}

const program = 'spec/redis/programs/replica.ts';
let compiledProgram: string;

beforeAll(async () => {
  compiledProgram = path.join(await compiled([program], ['spec/redis/programs']), program.replace(/\.ts$/, '.js'));
}, 180_000);

/** Starts three replicas with `env` and the proxy before them. */
function replicasBehindProxy(env: () => Record<string, string>): { proxy: () => Awaited<ReturnType<typeof roundRobin>> } {
  const children: ChildProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  beforeAll(async () => {
    const urls = await Promise.all(
      ['A', 'B', 'C'].map(
        (name) =>
          new Promise<URL>((resolve, reject) => {
            const child = spawn(process.execPath, [compiledProgram], {
              cwd: root,
              env: { ...process.env, ...env(), REPLICA: name },
              stdio: ['pipe', 'pipe', 'inherit'],
            });
            children.push(child);
            child.once('error', reject);
            child.once('exit', (code) => reject(new Error(`replica ${name} exited with ${code}`)));
            createInterface({ input: child.stdout! }).once('line', (line) => resolve(new URL((JSON.parse(line) as { url: string }).url)));
          }),
      ),
    );
    proxy = await roundRobin(urls);
  }, 60_000);
  afterAll(async () => {
    proxy?.server.closeAllConnections();
    proxy?.server.close();
    await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(undefined) : (c.once('exit', resolve), c.stdin!.end())))));
  });
  return { proxy: () => proxy };
}

/**
 * Three listen streams (one per replica), a touch of each resource on each replica (six calls of
 * the limit's 11), then 15 calls round robin: what the streams heard and how many calls ran.
 */
async function observe(url: URL, served: number[], endsPerStream: number): Promise<{ heard: string[][]; ran: number; served: number[] }> {
  const streams = [
    await listen(url, ['menu://today', 'menu://end']),
    await listen(url, ['menu://today', 'menu://end']),
    await listen(url, ['menu://today', 'menu://end']),
  ];
  for (let i = 0; i < 3; i++) await call(url, 'touch', { uri: 'menu://today' });
  // The ends follow the updates on every replica: a stream has heard every update it will once it has its ends.
  for (let i = 0; i < 3; i++) await call(url, 'touch', { uri: 'menu://end' });
  const heard = await Promise.all(streams.map((s) => s.until('menu://end', endsPerStream)));
  for (const s of streams) s.stop();
  const before = [...served];
  const results: string[] = [];
  for (let i = 0; i < 15; i++) results.push(await call(url, 'place'));
  return {
    heard: heard.map((h) => h.filter((u) => u === 'menu://today')),
    ran: results.filter((r) => r.startsWith('placed by')).length,
    served: served.map((n, i) => n - before[i]!),
  };
}

describeWithRedis('three replicas behind a round-robin proxy, on the Redis stores', () => {
  let redis: RedisServer;
  const prefix = testPrefix();
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  const { proxy } = replicasBehindProxy(() => ({ STORES: 'redis', REDIS_SOCKET: redis.socket, PREFIX: prefix }));
  afterAll(() => redis.stop());

  it('every listen stream hears the updates made on every replica, and the rate limit is shared (15 round-robin calls, 5 run)', async () => {
    expect(await observe(proxy().url, proxy().served, 3)).toEqual({
      heard: [
        ['menu://today', 'menu://today', 'menu://today'],
        ['menu://today', 'menu://today', 'menu://today'],
        ['menu://today', 'menu://today', 'menu://today'],
      ],
      ran: 5,
      served: [5, 5, 5],
    });
  });
});

describe('three replicas behind a round-robin proxy, on the memory stores (the default): what one process cannot share', () => {
  const { proxy } = replicasBehindProxy(() => ({ STORES: 'memory' }));

  it('a listen stream hears only the updates of its own replica, and each replica counts its own limit (all 15 calls run)', async () => {
    expect(await observe(proxy().url, proxy().served, 1)).toEqual({
      heard: [['menu://today'], ['menu://today'], ['menu://today']],
      ran: 15,
      served: [5, 5, 5],
    });
  });
});
