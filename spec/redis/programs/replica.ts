/**
 * One replica for the Redis replicas spec: a stateless MCP endpoint on 127.0.0.1 (a free port)
 * with a rate limit of 11 calls an hour per caller and resources a tool says are updated, its
 * stores in memory (STORES=memory) or in the Redis at REDIS_SOCKET (STORES=redis, keys under
 * PREFIX). Prints its URL as one line of JSON once it serves; serves until its stdin closes.
 */
import 'reflect-metadata';
import { Redis } from 'ioredis';
import { Resource, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { RedisEventBus, RedisRateLimitStore } from 'tool-signatures/redis';

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
  const options: McpHttpOptions = { rateLimit: { calls: 11, perSeconds: 3600 } };
  let redis: Redis | undefined;
  let bus: RedisEventBus | undefined;
  if (process.env.STORES === 'redis') {
    const prefix = process.env.PREFIX!;
    redis = new Redis({ path: process.env.REDIS_SOCKET!, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    bus = new RedisEventBus(redis, { prefix });
    await bus.ready();
    options.rateLimit!.store = new RedisRateLimitStore(redis, { prefix });
    options.bus = bus;
  }
  const http = await serveMcpHttp(set, { name: 'shop', version: '1.0.0' }, options);
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void (async () => {
      await http.close();
      await bus?.close();
      redis?.disconnect();
      process.exit(0);
    })();
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
