/**
 * The stores' contracts (docs/scale-out.md), each run against the in-memory store (the default) and
 * the Redis one (tool-signatures/redis) on a real redis-server (spec/helpers/redis.ts).
 */
import type { Redis } from 'ioredis';
import { Redis as RedisClientClass } from 'ioredis';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  MemoryEventBus,
  MemoryEventStore,
  MemoryRateLimitStore,
  MemorySessionRegistry,
  restoreSession,
  type McpEvent,
  type McpEventBus,
  type RateLimitStore,
  type SessionRecord,
  type SessionRegistry,
} from '../../lib/mcp';
import { RedisEventBus, RedisEventStore, RedisRateLimitStore, RedisSessionRegistry, RedisStoreError } from '../../lib/redis';
import { describeWithRedis, redisClient, startRedisServer, testPrefix, type RedisServer } from '../helpers/redis';

let server: RedisServer;
let redis: Redis;
const closers: (() => Promise<unknown>)[] = [];

describeWithRedis('the stores, in memory and in Redis', () => {
  beforeAll(async () => {
    server = await startRedisServer();
    redis = await redisClient(server.socket);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await redis.quit();
    await server.stop();
  });

  type Make<T> = () => T | Promise<T>;
  const rateStores: [string, Make<RateLimitStore>][] = [
    ['memory', () => new MemoryRateLimitStore()],
    ['redis', () => new RedisRateLimitStore(redis, { prefix: testPrefix() })],
  ];

  describe.each(rateStores)('RateLimitStore (%s)', (_name, make) => {
    const rule = { calls: 5, perSeconds: 3600 };

    it('lets `calls` takes through and refuses the next with the seconds until a token is back', async () => {
      const store = await make();
      const decisions = [];
      for (let i = 0; i < 6; i++) decisions.push(await store.take('ada', rule));
      expect(decisions).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }, { ok: true }, { ok: false, retryInSeconds: 720 }]);
    });

    it('takes atomically: of 20 concurrent takes on a bucket of 5, 5 succeed', async () => {
      const store = await make();
      const decisions = await Promise.all(Array.from({ length: 20 }, () => store.take('bob', rule)));
      expect(decisions.filter((d) => d.ok)).toHaveLength(5);
    });

    it('keeps callers and rules apart', async () => {
      const store = await make();
      for (let i = 0; i < 5; i++) await store.take('carol', rule);
      expect(await store.take('carol', rule)).toEqual({ ok: false, retryInSeconds: 720 });
      expect(await store.take('dave', rule)).toEqual({ ok: true });
      expect(await store.take('carol', { calls: 6, perSeconds: 3600 })).toEqual({ ok: true });
    });
  });

  describe('RedisRateLimitStore', () => {
    it('shares a bucket between two stores on one prefix (two replicas)', async () => {
      const prefix = testPrefix();
      const a = new RedisRateLimitStore(redis, { prefix });
      const b = new RedisRateLimitStore(redis, { prefix });
      const rule = { calls: 2, perSeconds: 60 };
      expect([await a.take('eve', rule), await b.take('eve', rule), await a.take('eve', rule)]).toEqual([
        { ok: true },
        { ok: true },
        { ok: false, retryInSeconds: 30 },
      ]);
    });

    it('puts a time to live on the bucket: no longer than the window', async () => {
      const prefix = testPrefix();
      await new RedisRateLimitStore(redis, { prefix }).take('frank', { calls: 2, perSeconds: 60 });
      const [key] = await redis.keys(`${prefix}*`);
      const ttl = await redis.pttl(key!);
      expect(ttl > 0 && ttl <= 60_000).toBe(true);
    });

    it('fails closed when Redis cannot be reached, and open when told to', async () => {
      const down = new RedisClientClass({ path: '/nonexistent/redis.sock', lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
      down.on('error', () => undefined);
      const rule = { calls: 1, perSeconds: 1 };
      await expect(new RedisRateLimitStore(down, { timeoutMs: 500 }).take('x', rule)).rejects.toBeInstanceOf(RedisStoreError);
      expect(await new RedisRateLimitStore(down, { timeoutMs: 500, failOpen: true }).take('x', rule)).toEqual({ ok: true });
      down.disconnect();
    });
  });

  const buses: [string, Make<[McpEventBus, McpEventBus]>][] = [
    [
      'memory',
      () => {
        const bus = new MemoryEventBus();
        return [bus, bus];
      },
    ],
    [
      'redis',
      async () => {
        const prefix = testPrefix();
        const a = new RedisEventBus(redis, { prefix });
        const b = new RedisEventBus(redis, { prefix });
        closers.push(
          () => a.close(),
          () => b.close(),
        );
        await Promise.all([a.ready(), b.ready()]);
        return [a, b];
      },
    ],
  ];

  /** The next `n` events a bus's new listener hears. */
  const heard = (bus: McpEventBus, n: number): Promise<McpEvent[]> =>
    new Promise((resolve) => {
      const got: McpEvent[] = [];
      const off = bus.subscribe((event) => {
        got.push(event);
        if (got.length === n) {
          off();
          resolve(got);
        }
      });
    });

  describe.each(buses)('McpEventBus (%s)', (_name, make) => {
    it('brings what one publishes to every listener, in order, also on the other replica', async () => {
      const [a, b] = await make();
      const onA = heard(a, 2);
      const onB = heard(b, 2);
      a.publish({ kind: 'resource_updated', uri: 'menu://today' });
      a.publish({ kind: 'tools_list_changed' });
      const expected = [{ kind: 'resource_updated', uri: 'menu://today' }, { kind: 'tools_list_changed' }];
      expect(await onA).toEqual(expected);
      expect(await onB).toEqual(expected);
    });

    it('stops bringing events once unsubscribed (the unsubscribe is idempotent), and a throwing listener keeps none from hearing', async () => {
      const [a, b] = await make();
      const stopped: McpEvent[] = [];
      const off = b.subscribe((e) => stopped.push(e));
      off();
      off();
      b.subscribe(() => {
        throw new Error('a broken stream');
      });
      const later = heard(b, 1);
      a.publish({ kind: 'prompts_list_changed' });
      expect(await later).toEqual([{ kind: 'prompts_list_changed' }]);
      expect(stopped).toEqual([]);
    });
  });

  describe('RedisEventBus', () => {
    it('drops a message on its channel that is not a change event, and says so', async () => {
      const prefix = testPrefix();
      const errors: string[] = [];
      const bus = new RedisEventBus(redis, { prefix, onError: (e) => errors.push(e.message) });
      closers.push(() => bus.close());
      await bus.ready();
      const next = heard(bus, 1);
      await redis.publish(`${prefix}events`, '{"kind":"drop_tables"}');
      bus.publish({ kind: 'resources_list_changed' });
      expect(await next).toEqual([{ kind: 'resources_list_changed' }]);
      expect(errors).toEqual(['a message on the bus channel is not a change event; dropped']);
    });

    it('drops a message over 64 KiB, and a resource URI over 8,192 characters, saying so; a URI of 8,192 is brought', async () => {
      const prefix = testPrefix();
      const errors: string[] = [];
      const bus = new RedisEventBus(redis, { prefix, onError: (e) => errors.push(e.message) });
      closers.push(() => bus.close());
      await bus.ready();
      const next = heard(bus, 2);
      await redis.publish(`${prefix}events`, JSON.stringify({ kind: 'resources_list_changed', padding: 'x'.repeat(64 * 1024) }));
      await redis.publish(`${prefix}events`, JSON.stringify({ kind: 'resource_updated', uri: `u:${'x'.repeat(8191)}` }));
      bus.publish({ kind: 'resource_updated', uri: `u:${'x'.repeat(70 * 1024)}` });
      bus.publish({ kind: 'resource_updated', uri: `u:${'x'.repeat(8190)}` });
      bus.publish({ kind: 'tools_list_changed' });
      expect(await next).toEqual([{ kind: 'resource_updated', uri: `u:${'x'.repeat(8190)}` }, { kind: 'tools_list_changed' }]);
      // The publisher refuses its own oversized event at once; the subscriber drops the two it was sent (in either order to the first).
      expect(errors.sort()).toEqual([
        'a bus event may be at most 65536 characters',
        'a message on the bus channel is not a change event; dropped',
        'a message on the bus channel is not a change event; dropped',
      ]);
    });
  });

  const eventStores: [string, Make<EventStore>][] = [
    ['memory', () => new MemoryEventStore({ maxEventsPerStream: 3 })],
    ['redis', () => new RedisEventStore(redis, { prefix: testPrefix(), maxEventsPerStream: 3 })],
  ];
  const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } });

  describe.each(eventStores)('EventStore (%s)', (_name, make) => {
    /** What a replay after `id` sends. */
    const replay = async (store: EventStore, id: string): Promise<{ stream: string; sent: unknown[] }> => {
      const sent: unknown[] = [];
      const stream = await store.replayEventsAfter(id, {
        send: async (_id, message) => void sent.push((message as unknown as { params: { data: number } }).params.data),
      });
      return { stream, sent };
    };

    it('replays a stream after an event, only that stream, and names the stream of an event id', async () => {
      const store = await make();
      const first = await store.storeEvent('s1.get', note(1));
      await store.storeEvent('s2.get', note(100));
      await store.storeEvent('s1.get', note(2));
      await store.storeEvent('s1.get', note(3));
      expect(await store.getStreamIdForEventId!(first)).toBe('s1.get');
      expect(await replay(store, first)).toEqual({ stream: 's1.get', sent: [2, 3] });
    });

    it('keeps the last maxEventsPerStream events: a resume from before them is refused', async () => {
      const store = await make();
      const first = await store.storeEvent('s3', note(1));
      const ids = [];
      for (let n = 2; n <= 4; n++) ids.push(await store.storeEvent('s3', note(n)));
      expect(await store.getStreamIdForEventId!(first)).toBeUndefined();
      await expect(replay(store, first)).rejects.toThrow('Last-Event-ID names no stored event');
      expect(await replay(store, ids[0]!)).toEqual({ stream: 's3', sent: [3, 4] });
    });

    it('names no stream for an id it did not make', async () => {
      const store = await make();
      await store.storeEvent('s4', note(1));
      for (const id of ['', 'x', 'czQ_', 'czQ_999999', '_1', 'c'.repeat(5000)]) expect(await store.getStreamIdForEventId!(id)).toBeUndefined();
    });
  });

  it('RedisEventStore puts a time to live on each stream', async () => {
    const prefix = testPrefix();
    await new RedisEventStore(redis, { prefix, ttlSeconds: 60 }).storeEvent('s', note(1));
    const [key] = await redis.keys(`${prefix}*`);
    const ttl = await redis.pttl(key!);
    expect(ttl > 0 && ttl <= 60_000).toBe(true);
  });

  const registries: [string, Make<SessionRegistry>][] = [
    ['memory', () => new MemorySessionRegistry()],
    ['redis', () => new RedisSessionRegistry(redis, { prefix: testPrefix() })],
  ];
  const record: SessionRecord = {
    id: 'c0ffee',
    owner: 'token ["app","ada"]',
    protocolVersion: '2025-11-25',
    initialize: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'client', version: '1.0.0' } },
  };

  describe.each(registries)('SessionRegistry (%s)', (_name, make) => {
    it('records a session, keeps its log level, restores it only for its owner, and ends it', async () => {
      const registry = await make();
      await registry.create(record);
      expect(await registry.setLogLevel('c0ffee', 'debug')).toBe(true);
      expect(await restoreSession(registry, 'c0ffee', 'token ["app","ada"]')).toEqual({ ...record, logLevel: 'debug' });
      expect(await restoreSession(registry, 'c0ffee', 'address 10.0.0.9')).toBeUndefined();
      await registry.delete('c0ffee');
      expect(await registry.get('c0ffee')).toBeUndefined();
      expect(await registry.setLogLevel('c0ffee', 'info')).toBe(false);
    });

    it('refuses a second session of one id, and a record over its bound', async () => {
      const registry = await make();
      await registry.create(record);
      await expect(registry.create(record)).rejects.toThrow('a session with this id exists');
      await expect(registry.create({ ...record, id: 'big', initialize: { padding: 'x'.repeat(70_000) } })).rejects.toThrow(
        'a session record may be at most 65536 characters (got 70',
      );
    });
  });

  it('RedisSessionRegistry puts a time to live on each record', async () => {
    const prefix = testPrefix();
    await new RedisSessionRegistry(redis, { prefix, ttlSeconds: 60 }).create(record);
    const ttl = await redis.pttl(`${prefix}session:c0ffee`);
    expect(ttl > 0 && ttl <= 60_000).toBe(true);
  });
});
