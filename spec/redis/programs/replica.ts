/**
 * One replica for the Redis replicas spec: an MCP endpoint on 127.0.0.1 (a free port) with
 * resources a tool says are updated, a rate limit of 11 calls an hour per caller (LIMIT=none: no
 * limit), 2025 sessions (SESSIONS=1) and tasks on 2026-07-28 (their lease LEASE_MS), its stores in
 * memory (STORES=memory) or in the Redis at REDIS_SOCKET (STORES=redis, keys under PREFIX). Prints
 * its URL as one line of JSON once it serves; serves until its stdin closes.
 */
import 'reflect-metadata';
import { Redis } from 'ioredis';
import { ObjectOf, Resource, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { MemoryEventStore, serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { RedisEventBus, RedisEventStore, RedisRateLimitStore, RedisSessionRegistry, RedisTaskStore } from 'tool-signatures/redis';

const Confirm = ObjectOf({ confirm: Boolean });

const replica = process.env.REPLICA ?? '?';

class Shop {
  constructor(private readonly set: () => ToolSet) {}

  @Tool({ description: 'Places an order; says which replica ran it' })
  place(): string {
    return `placed by ${replica}`;
  }

  @Tool({ description: 'Says a resource changed' })
  touch(uri: string): string {
    this.set().notifyResourceUpdated(uri);
    return `${uri} touched by ${replica}`;
  }

  @Tool({ description: 'Says which replica answers' })
  whoami(): string {
    return `served by ${replica}`;
  }

  @Tool({ description: 'Logs at two levels' })
  async note(ctx: ToolContext): Promise<string> {
    await ctx.log('info', `info from ${replica}`);
    await ctx.log('error', `error from ${replica}`);
    return 'noted';
  }

  @Tool({ description: 'Asks to confirm a deletion (naming the replica that asks), then deletes', task: 'required' })
  async remove(file: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>(Confirm, `Delete ${file} on ${replica}?`, { key: 'confirm' });
    return `${answer.action === 'accept' && answer.value.confirm ? 'deleted' : 'kept'} ${file} on ${replica}`;
  }

  @Tool({ description: 'Waits until cancelled', task: 'required' })
  wait(signal: AbortSignal): Promise<string> {
    return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
  }

  @Resource('menu://today', { mimeType: 'text/plain' })
  today(): string {
    return 'soup';
  }

  @Resource('menu://end', { mimeType: 'text/plain' })
  end(): string {
    return 'the end';
  }
}

async function main(): Promise<void> {
  const holder: { set?: ToolSet } = {};
  const set = new ToolSet([new Shop(() => holder.set!)]);
  holder.set = set;
  const options: McpHttpOptions = {
    ...(process.env.LIMIT === 'none' ? {} : { rateLimit: { calls: 11, perSeconds: 3600 } }),
    ...(process.env.SESSIONS === '1' ? { sessions: { eventStore: new MemoryEventStore() } } : {}),
    tasks: { leaseMs: Number(process.env.LEASE_MS ?? 30_000) },
  };
  let redis: Redis | undefined;
  let bus: RedisEventBus | undefined;
  let tasks: RedisTaskStore | undefined;
  if (process.env.STORES === 'redis') {
    const prefix = process.env.PREFIX!;
    redis = new Redis({ path: process.env.REDIS_SOCKET!, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    bus = new RedisEventBus(redis, { prefix });
    await bus.ready();
    if (options.rateLimit !== undefined) options.rateLimit.store = new RedisRateLimitStore(redis, { prefix });
    options.bus = bus;
    if (options.sessions !== undefined)
      options.sessions = { registry: new RedisSessionRegistry(redis, { prefix }), eventStore: new RedisEventStore(redis, { prefix }) };
    options.tasks!.store = tasks = new RedisTaskStore(redis, { prefix });
  }
  const http = await serveMcpHttp(set, { name: 'shop', version: '1.0.0' }, options);
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void (async () => {
      await http.close();
      await bus?.close();
      await tasks?.close();
      redis?.disconnect();
      process.exit(0);
    })();
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
