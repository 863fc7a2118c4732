/**
 * `ioredis` is an optional peer that only tool-signatures/redis's users install: requiring the
 * main entry and tool-signatures/mcp loads no Redis client, and neither does tool-signatures/redis
 * (its stores are given the application's client). Run in a compiled program, as users load it.
 */
import { runProgram } from '../helpers/programs';

it('loads no Redis client from the main entry, tool-signatures/mcp or tool-signatures/redis', async () => {
  const seen = await runProgram<Record<string, string[]>>('spec/redis/programs/loaded.ts', ['spec/redis/programs']);
  expect(seen).toEqual({
    main: [],
    mcp: [],
    redis: [],
    exports: [
      'MAX_BUS_MESSAGE_CHARS',
      'REDIS_DEFAULTS',
      'RedisAccess',
      'RedisEventBus',
      'RedisEventStore',
      'RedisRateLimitStore',
      'RedisSessionRegistry',
      'RedisStoreError',
      'RedisTaskStore',
    ],
  });
}, 180_000);
