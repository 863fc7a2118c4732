/**
 * Three replicas (child processes) behind a round-robin proxy, as a load balancer without session
 * affinity spreads a client's requests (issue 30). With the Redis stores they answer as one server:
 * the rate limit is shared (of 15 calls after six others, 5 run: the limit is 11) and a change made
 * on any replica reaches the `subscriptions/listen` streams (MCP 2026-07-28) held on all; a 2025
 * session opened on one goes on on the others (a real SDK v1 client, its log level kept), also
 * once the replica that opened it is killed; a GET stream resumes on another replica; a task (the
 * tasks extension) created on one is polled, answered and cancelled on the others, and a killed
 * runner's task fails once its lease runs out. With the memory stores, what one process cannot
 * share: each replica counts its own limit (all 15 run), a stream hears only its own replica's
 * changes, a session, a stream and a task are known only to the replica that made them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { compiled, root } from '../helpers/programs';
import { describeWithRedis, startRedisServer, testPrefix, type RedisServer } from '../helpers/redis';
import { initialize, listenStream, modern, modernCall, roundRobin, type ListenFrame } from '../mcp/fixtures/http';

/** One 2026-07-28 `tools/call`: its text, or `error: …` for an error result. */
async function call(url: URL, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const body = await modernCall<{ isError?: boolean; content: { text: string }[] }>(url, name, args);
  return `${body.result?.isError === true ? 'error: ' : ''}${body.result?.content[0]?.text}`;
}

/** The URIs of the `resources/updated` notifications among a listen stream's frames. */
const updatedUris = (frames: readonly ListenFrame[]): string[] =>
  frames.filter((f) => f.method === 'notifications/resources/updated').map((f) => f.params!.uri!);

const program = 'spec/redis/programs/replica.ts';
let compiledProgram: string;

beforeAll(async () => {
  compiledProgram = path.join(await compiled([program], ['spec/redis/programs']), program.replace(/\.ts$/, '.js'));
}, 180_000);

const NAMES = ['A', 'B', 'C'] as const;

/** Starts three replicas with `env` and the proxy before them; `urls` reach each directly, `kill` ends one at once (SIGKILL) and the proxy skips it. */
function replicasBehindProxy(env: () => Record<string, string>): {
  proxy: () => Awaited<ReturnType<typeof roundRobin>>;
  urls: () => URL[];
  kill(name: string): Promise<void>;
} {
  const children: ChildProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let urls: URL[] = [];
  beforeAll(async () => {
    urls = await Promise.all(
      NAMES.map(
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
    await Promise.all(
      children.map(
        (c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(undefined) : (c.once('exit', resolve), c.stdin!.end()))),
      ),
    );
  });
  return {
    proxy: () => proxy,
    urls: () => urls,
    kill: async (name) => {
      const i = NAMES.indexOf(name as (typeof NAMES)[number]);
      const child = children[i]!;
      proxy.dead.add(i);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Three listen streams (one per replica), a touch of each resource on each replica (six calls of
 * the limit's 11), then 15 calls round robin: what the streams heard and how many calls ran.
 */
async function observe(url: URL, served: number[], endsPerStream: number): Promise<{ heard: string[][]; ran: number; served: number[] }> {
  const streams = [
    await listenStream(url, { resourceSubscriptions: ['menu://today', 'menu://end'] }),
    await listenStream(url, { resourceSubscriptions: ['menu://today', 'menu://end'] }),
    await listenStream(url, { resourceSubscriptions: ['menu://today', 'menu://end'] }),
  ];
  for (let i = 0; i < 3; i++) await call(url, 'touch', { uri: 'menu://today' });
  // The ends follow the updates on every replica: a stream has heard every update it will once it has its ends.
  for (let i = 0; i < 3; i++) await call(url, 'touch', { uri: 'menu://end' });
  const heard = await Promise.all(
    streams.map(async (s) => updatedUris(await s.until((frames) => updatedUris(frames).filter((u) => u === 'menu://end').length >= endsPerStream, 'its ends'))),
  );
  await Promise.all(streams.map((s) => s.stop()));
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

/** A real SDK v1 client (2025-11-25) on `url`: its tools' texts, the log messages it heard, and the replicas each request reached. */
async function sessionClient(url: URL) {
  const logs: string[] = [];
  const client = new Client({ name: 'replica-client', version: '1.0.0' });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(`${n.params.level}: ${String(n.params.data)}`));
  // A GET stream cut by a killed replica is the transport's to resume (on another replica).
  client.onerror = () => undefined;
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  const text = async (name: string): Promise<string> => ((await client.callTool({ name, arguments: {} })) as { content: { text: string }[] }).content[0]!.text;
  return { client, transport, logs, text };
}

const V2025 = { 'mcp-protocol-version': '2025-11-25' };

/** One 2025 POST of session `session` (undefined: an initialize) straight to a replica: the session id and the SSE data frames. */
async function post2025(url: URL, session: string | undefined, body: object): Promise<{ session: string | null; status: number; frames: unknown[] }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...V2025,
      ...(session !== undefined ? { 'mcp-session-id': session } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const frames = text.startsWith('{') ? [JSON.parse(text) as unknown] : [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]!) as unknown);
  return { session: res.headers.get('mcp-session-id'), status: res.status, frames };
}

/** A session's GET stream on a replica, read frame by frame (id and data); `next()` waits for the next data frame. */
async function getStream(url: URL, session: string, lastEventId?: string) {
  const abort = new AbortController();
  const res = await fetch(url, {
    signal: abort.signal,
    headers: { accept: 'text/event-stream', ...V2025, 'mcp-session-id': session, ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
  });
  const frames: { id?: string; data: unknown }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const next = async (): Promise<{ id?: string; data: unknown }> => {
    for (;;) {
      const cut = buffered.indexOf('\n\n');
      if (cut >= 0) {
        const event = buffered.slice(0, cut);
        buffered = buffered.slice(cut + 2);
        const id = /^id: (.*)$/m.exec(event)?.[1];
        const data = /^data: (.+)$/m.exec(event)?.[1];
        if (data === undefined) continue;
        const frame = { ...(id !== undefined ? { id } : {}), data: JSON.parse(data) as unknown };
        frames.push(frame);
        return frame;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffered += decoder.decode(value, { stream: true });
    }
  };
  return { status: res.status, next, stop: () => abort.abort() };
}

/** One 2026-07-28 request of a client declaring the tasks extension: its JSON-RPC answer. */
async function rpc2026(
  url: URL,
  method: string,
  params: Record<string, unknown>,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const capabilities = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
  return (await modern(url, method, params, { accept: 'application/json, text/event-stream', capabilities })).body;
}

/** Polls `tasks/get` through `url` until the task's status is `status` (each poll a request, as a client polls). */
async function untilStatus(url: URL, taskId: string, status: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 5000; i++) {
    const got = await rpc2026(url, 'tasks/get', { taskId });
    if (got.error !== undefined) throw new Error(JSON.stringify(got.error));
    if (got.result?.status === status) return got.result;
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}

/** The replica that asks a `remove` task's question (its message names it). */
const askingReplica = (task: Record<string, unknown>): string =>
  /on ([ABC])\?$/.exec((task.inputRequests as Record<string, { params: { message: string } }>).confirm!.params.message)![1]!;

describeWithRedis('three replicas behind a round-robin proxy, on the Redis stores: 2025 sessions and tasks', () => {
  let redis: RedisServer;
  const prefix = testPrefix();
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  const replicas = replicasBehindProxy(() => ({ STORES: 'redis', REDIS_SOCKET: redis.socket, PREFIX: prefix, LIMIT: 'none', SESSIONS: '1', LEASE_MS: '300' }));
  afterAll(() => redis.stop());
  const named = (method: string) => replicas.proxy().sent.filter((s) => s.method === method);

  it('a session opened on one replica goes on on the other two without initializing again: calls answered by each, its log level kept', async () => {
    const c = await sessionClient(replicas.proxy().url);
    try {
      await c.client.setLoggingLevel('error');
      const who = [await c.text('whoami'), await c.text('whoami'), await c.text('whoami')];
      for (let i = 0; i < 3; i++) await c.text('note');
      expect({ who: [...who].sort(), logs: [...c.logs].sort(), initializes: named('initialize').length }).toEqual({
        who: ['served by A', 'served by B', 'served by C'],
        logs: ['error: error from A', 'error: error from B', 'error: error from C'],
        initializes: 1,
      });
    } finally {
      await c.client.close();
    }
  });

  it("resumes a session's GET stream on another replica: the events after Last-Event-ID, stored by the replica that held it", async () => {
    const [a, b] = replicas.urls() as [URL, URL];
    const init = await post2025(a, undefined, initialize(1, '2025-11-25'));
    const session = init.session!;
    await post2025(a, session, { jsonrpc: '2.0', method: 'notifications/initialized' });
    for (const [i, uri] of ['menu://today', 'menu://end'].entries())
      await post2025(a, session, { jsonrpc: '2.0', id: 2 + i, method: 'resources/subscribe', params: { uri } });
    const onA = await getStream(a, session);
    await call(replicas.proxy().url, 'touch', { uri: 'menu://today' });
    const first = await onA.next();
    await call(replicas.proxy().url, 'touch', { uri: 'menu://end' });
    const second = await onA.next();
    onA.stop();
    const onB = await getStream(b, session, first.id);
    const replayed = await onB.next();
    onB.stop();
    expect([onA.status, first.data, second.data, onB.status, replayed]).toEqual([
      200,
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'menu://today' } },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'menu://end' } },
      200,
      second,
    ]);
  });

  it('a task created on one replica is polled on every replica, answered and cancelled on the others, and runs where it was created', async () => {
    const url = replicas.proxy().url;
    const taskId = (await rpc2026(url, 'tools/call', { name: 'remove', arguments: { file: 'a.txt' } })).result!.taskId as string;
    const runner = askingReplica(await untilStatus(url, taskId, 'input_required'));
    const asking = await Promise.all(replicas.urls().map(async (u) => (await rpc2026(u, 'tasks/get', { taskId })).result!.status));
    const others = replicas.urls().filter((_u, i) => NAMES[i] !== runner);
    const answered = await rpc2026(others[0]!, 'tasks/update', { taskId, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } });
    const done = await untilStatus(url, taskId, 'completed');

    const waiting = (await rpc2026(url, 'tools/call', { name: 'wait', arguments: {} })).result!.taskId as string;
    const cancelled = await rpc2026(others[1]!, 'tasks/cancel', { taskId: waiting });
    const seen = await Promise.all(replicas.urls().map(async (u) => (await rpc2026(u, 'tasks/get', { taskId: waiting })).result!.status));
    expect({
      asking,
      answered: answered.result?.resultType,
      result: done.result,
      cancelled: cancelled.result?.resultType,
      seen,
    }).toEqual({
      asking: ['input_required', 'input_required', 'input_required'],
      answered: 'complete',
      result: { content: [{ type: 'text', text: `deleted a.txt on ${runner}` }] },
      cancelled: 'complete',
      seen: ['cancelled', 'cancelled', 'cancelled'],
    });
  });

  it('a session goes on once the replica that opened it is killed; a task whose runner is killed fails once its lease runs out', async () => {
    const c = await sessionClient(replicas.proxy().url);
    try {
      await c.client.setLoggingLevel('error');
      const opener =
        NAMES[
          replicas
            .proxy()
            .sent.filter((s) => s.method === 'initialize')
            .at(-1)!.replica
        ]!;
      await replicas.kill(opener);
      const who: string[] = [];
      for (let i = 0; i < 4; i++) who.push(await c.text('whoami'));
      await c.text('note');
      expect({ byOpener: who.filter((w) => w === `served by ${opener}`), answered: who.length, logs: c.logs.map((l) => l.split(' from ')[0]) }).toEqual({
        byOpener: [],
        answered: 4,
        logs: ['error: error'],
      });
    } finally {
      await c.client.close();
    }

    const url = replicas.proxy().url;
    const taskId = (await rpc2026(url, 'tools/call', { name: 'remove', arguments: { file: 'b.txt' } })).result!.taskId as string;
    const runner = askingReplica(await untilStatus(url, taskId, 'input_required'));
    await replicas.kill(runner);
    const failed = await untilStatus(url, taskId, 'failed');
    const lost = 'The task failed: the server process that ran it stopped (its lease ran out).';
    expect([failed.status, failed.statusMessage, failed.error]).toEqual(['failed', lost, { code: -32603, message: lost }]);
  });
});

describe('three replicas behind a round-robin proxy, on the memory stores: a session, a stream and a task are known only to the replica that made them', () => {
  const replicas = replicasBehindProxy(() => ({ STORES: 'memory', LIMIT: 'none', SESSIONS: '1' }));

  it("a session opened on one replica is unknown to the next: the client's second request (notifications/initialized) is answered 404", async () => {
    await expect(sessionClient(replicas.proxy().url)).rejects.toThrow(
      'Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}',
    );
  });

  it('a GET stream of a session of A cannot resume on B (404), nor a task of one replica be read on another', async () => {
    const [a, b] = replicas.urls() as [URL, URL];
    const init = await post2025(a, undefined, initialize(1, '2025-11-25'));
    const onB = await getStream(b, init.session!, 'any');
    onB.stop();
    const taskId = (await rpc2026(a, 'tools/call', { name: 'wait', arguments: {} })).result!.taskId as string;
    const elsewhere = await rpc2026(b, 'tasks/get', { taskId });
    await rpc2026(a, 'tasks/cancel', { taskId });
    expect([onB.status, elsewhere.error]).toEqual([
      404,
      { code: -32602, message: 'Failed to retrieve task: Task not found (it does not exist, it expired, or it belongs to another caller).' },
    ]);
  });
});
