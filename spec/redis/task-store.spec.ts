/**
 * `RedisTaskStore` (tool-signatures/redis) on a real redis-server (spec/helpers/redis.ts): the
 * `TaskStore` contract the memory store passes (spec/mcp/tasks/store-contract.ts), then what
 * replicas sharing it rely on.
 */
import 'reflect-metadata';
import type { Redis } from 'ioredis';
import { Redis as RedisClientClass } from 'ioredis';
import { ObjectOf, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint, type StoredTask } from '../../lib/mcp';
import { RedisStoreError, RedisTaskStore, type RedisTaskStoreOptions } from '../../lib/redis';
import { taskStoreContract } from '../mcp/tasks/store-contract';
import { describeWithRedis, redisClient, startRedisServer, testPrefix, type RedisServer } from '../helpers/redis';
import { modern } from '../mcp/fixtures/http';

const Confirm = ObjectOf({ confirm: Boolean });

class Files {
  constructor(private readonly replica: string) {}

  @Tool({ description: 'Asks to confirm a deletion, then deletes', task: 'required' })
  async remove(file: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>(Confirm, `Delete ${file}?`, { key: 'confirm' });
    return `${answer.action === 'accept' && answer.value.confirm ? 'deleted' : 'kept'} ${file} on ${this.replica}`;
  }
}

/** One 2026-07-28 request to `url`, as a client declaring the tasks extension sends it; its JSON-RPC answer. */
async function rpc(url: URL, method: string, params: Record<string, unknown>): Promise<{ result?: Record<string, unknown>; error?: { code: number } }> {
  const capabilities = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
  return (await modern(url, method, params, { accept: 'application/json, text/event-stream', capabilities })).body;
}

let server: RedisServer;
let redis: Redis;
const stores: RedisTaskStore[] = [];

describeWithRedis('RedisTaskStore', () => {
  beforeAll(async () => {
    server = await startRedisServer();
    redis = await redisClient(server.socket);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await redis.quit();
    await server.stop();
  });

  const make = (options: RedisTaskStoreOptions = {}): RedisTaskStore => {
    const store = new RedisTaskStore(redis, options);
    stores.push(store);
    return store;
  };

  taskStoreContract('RedisTaskStore', (now) => make({ prefix: testPrefix(), now }));

  const clock = 1_000_000;
  let n = 0;
  const task = (over: Partial<StoredTask> = {}): StoredTask => ({
    id: `task-${++n}`,
    owner: 'ada',
    tool: 'slow',
    status: 'working',
    createdAt: clock,
    lastUpdatedAt: clock,
    ttlMs: 60_000,
    pollIntervalMs: 1000,
    leaseUntil: clock + 30_000,
    inputRequests: {},
    answers: {},
    ...over,
  });
  /** Two replicas: two stores on one prefix. */
  const replicas = (): [RedisTaskStore, RedisTaskStore] => {
    const prefix = testPrefix();
    return [make({ prefix, now: () => clock }), make({ prefix, now: () => clock })];
  };

  it('keeps what a caller gives as it was: empty arrays, nested data, questions and answers in the order they came', async () => {
    const [store] = replicas();
    const t = task({ inputRequests: { z: { list: [] } }, answers: { y: [1, [], { a: null }] } });
    await store.create(t, 10);
    await store.ask(t.id, 'b', { params: { options: [] } });
    await store.ask(t.id, 'a', 'text');
    expect(Object.keys((await store.get(t.id))!.inputRequests)).toEqual(['z', 'b', 'a']);
    await store.answer(t.id, { a: { content: [] }, z: [] });
    await store.transition(t.id, { status: 'completed', result: { content: [], structuredContent: { rows: [] } } });
    const done = await store.get(t.id);
    expect(JSON.stringify([done?.answers, done?.result])).toBe(
      '[{"y":[1,[],{"a":null}],"a":{"content":[]},"z":[]},{"content":[],"structuredContent":{"rows":[]}}]',
    );
  });

  it('takes the per-caller cap atomically: of 20 concurrent creates on two replicas with maxActive 5, 5 succeed', async () => {
    const [a, b] = replicas();
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).create(task(), 5)));
    expect(made.filter(Boolean)).toHaveLength(5);
  });

  it('shares a task between replicas: created on one, read, answered and cancelled on the other, its runner hears each change', async () => {
    const [runner, other] = replicas();
    const t = task();
    await runner.create(t, 10);
    expect((await other.get(t.id))?.status).toBe('working');
    let heard = 0;
    let next!: () => void;
    let changed = new Promise<void>((resolve) => (next = resolve));
    const off = runner.watch(t.id, () => {
      heard++;
      next();
    });
    await runner.ask(t.id, 'q', { method: 'elicitation/create' });
    await changed;
    changed = new Promise<void>((resolve) => (next = resolve));
    expect(await other.answer(t.id, { q: { action: 'accept' } })).toBe(true);
    await changed;
    changed = new Promise<void>((resolve) => (next = resolve));
    expect(await other.transition(t.id, { status: 'cancelled', statusMessage: 'Cancelled by the client.' })).toBe(true);
    await changed;
    off();
    expect([heard, await runner.transition(t.id, { status: 'completed', result: { content: [] } })]).toEqual([3, false]);
  });

  it("fails a dead runner's task from another replica only once its lease ran out", async () => {
    const [runner, other] = replicas();
    const t = task({ leaseUntil: clock + 100 });
    await runner.create(t, 10);
    await runner.renew(t.id, clock + 30_000);
    const lost = { status: 'failed', statusMessage: 'lost', error: { code: -32603, message: 'lost' } } as const;
    expect(await other.transition(t.id, lost, { leaseExpiredBy: clock + 29_999 })).toBe(false);
    expect(await other.transition(t.id, lost, { leaseExpiredBy: clock + 30_000 })).toBe(true);
    expect(await runner.get(t.id)).toMatchObject({ status: 'failed', error: { code: -32603, message: 'lost' } });
  });

  it("puts a time to live on every key: the task's life left", async () => {
    const prefix = testPrefix();
    const store = make({ prefix, now: () => clock + 10_000 });
    await store.create(task(), 10);
    const keys = await redis.keys(`${prefix}*`);
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
    expect([keys.length, ttls.every((ttl) => ttl > 40_000 && ttl <= 50_000)]).toEqual([2, true]);
  });

  it('serves one task from two endpoints (replicas): created and run on A, polled and answered on B, the runner on A hears the answer', async () => {
    const prefix = testPrefix();
    const endpoints: McpHttpEndpoint[] = [];
    for (const replica of ['A', 'B'])
      endpoints.push(
        await serveMcpHttp(
          new ToolSet([new Files(replica)]),
          { name: 'files', version: '1.0.0' },
          { port: 0, host: '127.0.0.1', tasks: { store: make({ prefix }) } },
        ),
      );
    const [a, b] = endpoints.map((e) => e.url);
    /** Polls `tasks/get` on B until the task's status is `status` (each poll a request; no timer). */
    const until = async (taskId: string, status: string) => {
      for (let i = 0; i < 500; i++) {
        const got = await rpc(b!, 'tasks/get', { taskId });
        if (got.result?.status === status || got.error !== undefined) return got;
      }
      throw new Error(`task ${taskId} never reached ${status}`);
    };
    try {
      const taskId = (await rpc(a!, 'tools/call', { name: 'remove', arguments: { file: 'a.txt' } })).result!.taskId as string;
      expect(Object.keys((await until(taskId, 'input_required')).result!.inputRequests as object)).toEqual(['confirm']);
      expect(
        (await rpc(b!, 'tasks/update', { taskId, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } })).result?.resultType,
      ).toBe('complete');
      expect((await until(taskId, 'completed')).result!.result).toEqual({ content: [{ type: 'text', text: 'deleted a.txt on A' }] });
    } finally {
      for (const endpoint of endpoints) await endpoint.close();
    }
  });

  it('fails closed when Redis cannot be reached: every operation is refused with RedisStoreError', async () => {
    const down = new RedisClientClass({ path: '/nonexistent/redis.sock', lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    down.on('error', () => undefined);
    const store = new RedisTaskStore(down, { timeoutMs: 500 });
    const t = task();
    const refused = await Promise.all(
      [
        store.create(t, 10),
        store.get(t.id),
        store.transition(t.id, { status: 'cancelled' }),
        store.ask(t.id, 'q', {}),
        store.answer(t.id, {}),
        store.renew(t.id, 1),
      ].map((p: Promise<unknown>) =>
        p.then(
          () => 'resolved',
          (e: Error) => (e instanceof RedisStoreError ? e.message.split(':')[0] : e.message),
        ),
      ),
    );
    expect(refused).toEqual([
      'Redis did not answer a task create',
      'Redis did not answer a task read',
      'Redis did not answer a task transition',
      'Redis did not answer a task question',
      'Redis did not answer a task answer',
      'Redis did not answer a task lease renewal',
    ]);
    await store.close();
    down.disconnect();
  });
});
