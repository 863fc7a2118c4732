import 'reflect-metadata';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { Tool } from 'tool-signatures';
import { MemoryEventBus, serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { RedisEventBus, RedisRateLimitStore } from 'tool-signatures/redis';
import { Orders } from './domain';
import { inFlight, interleaved, sdkClientOf, type Log, type McpBenchArgs, type ToolCaller } from './mcp-calls';
import { show, type Stat } from './stats';
import { smallPool } from './workload';

/**
 * `npm run bench -- stores`: `tools/call` over Streamable HTTP (2025, stateless, the SDK's client)
 * through the in-memory stores and through the Redis stores (tool-signatures/redis), side by side:
 * both with a rate limit (high enough never to refuse) and a bus. Redis is a redis-server this
 * bench starts on a Unix socket (on the PATH: `apt-get install -y redis-server`) and stops. Beside
 * calls per second: the Redis commands per call, read from the server's `INFO commandstats`.
 */

interface Started {
  readonly socket: string;
  stop(): void;
}

function startRedis(): Promise<Started> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const child = spawn('redis-server', ['--save', '', '--appendonly', 'no', '--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const stop = (): void => {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    child.once('error', () => reject(new Error('the stores bench needs a redis-server on the PATH (Debian/Ubuntu: apt-get install -y redis-server)')));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/ready to accept connections/i.test(line)) resolve({ socket, stop });
    });
  });
}

/** Commands Redis has run (`INFO commandstats`): in all (those a script runs included), and the scripts run (each one round trip). */
async function commandsRun(redis: Redis): Promise<{ all: number; scripts: number }> {
  const info = await redis.info('commandstats');
  const calls = (pattern: RegExp): number => [...info.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);
  return { all: calls(/calls=(\d+)/g), scripts: calls(/^cmdstat_eval(?:sha)?:calls=(\d+)/gm) };
}

export interface StoresFigures {
  readonly callsPerSecond: Record<string, Stat>;
  readonly redisRoundTripsPerCall: number;
  readonly redisCommandsPerCall: number;
}

export async function runStoresBench(args: McpBenchArgs, log: Log): Promise<StoresFigures> {
  const redisServer = await startRedis();
  const redis = new Redis({ path: redisServer.socket, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
  const bus = new RedisEventBus(redis, { prefix: 'bench:' });
  await bus.ready();
  const tools = Tool.fromInstance(new Orders()).filter((t) => t.name === 'place_order');
  const info = { name: 'bench', version: '1.0.0' };
  const limit = { calls: 1e9, perSeconds: 1 };
  const endpoints: McpHttpEndpoint[] = [
    await serveMcpHttp(tools, info, { rateLimit: { ...limit }, bus: new MemoryEventBus() }),
    await serveMcpHttp(tools, info, { rateLimit: { ...limit, store: new RedisRateLimitStore(redis, { prefix: 'bench:' }) }, bus }),
  ];
  const clients: ToolCaller[] = [];
  try {
    for (const e of endpoints) clients.push(await sdkClientOf('2025', new URL(e.url)));
    const pool = smallPool(args.pool, args.seed).objects as unknown as Record<string, unknown>[];
    const call = (client: ToolCaller) => async (k: number) => {
      const result = await client.callTool({ name: 'place_order', arguments: pool[k % pool.length]! });
      if (result.isError === true) throw new Error(`the call was refused: ${JSON.stringify(result.content)}`);
    };
    const perRound = args.quick ? 200 : 1000;
    const rounds = args.roundsGiven === true ? args.rounds : 5;
    // Warm-up: both paths compiled, Redis's script cached.
    await inFlight(perRound / 5, call(clients[0]!));
    await inFlight(perRound / 5, call(clients[1]!));
    const before = await commandsRun(redis);
    await inFlight(100, call(clients[1]!));
    const after = await commandsRun(redis);
    // INFO itself counts as one command.
    const redisCommandsPerCall = (after.all - before.all - 1) / 100;
    // Every command a call sends is the rate limit's script (the bus is idle): one round trip each.
    const redisRoundTripsPerCall = (after.scripts - before.scripts) / 100;
    log(`tools/call, 2025 stateless, SDK client, ${perRound} calls a round, ${rounds} rounds`);
    const { callsPerSecond } = await interleaved(
      [
        { key: 'memory', run: (n) => inFlight(n, call(clients[0]!)) },
        { key: 'redis', run: (n) => inFlight(n, call(clients[1]!)) },
      ],
      rounds,
      perRound,
      args.seed,
      log,
    );
    const perSecond = (n: number): string => `${n.toFixed(0)}/s`;
    log(`  memory stores: ${show(callsPerSecond.memory!, perSecond)}`);
    log(`  Redis stores:  ${show(callsPerSecond.redis!, perSecond)}`);
    log(
      `  Redis round trips per call: ${redisRoundTripsPerCall.toFixed(2)} (the rate limit's script, ${redisCommandsPerCall.toFixed(2)} commands run inside Redis)`,
    );
    return { callsPerSecond, redisRoundTripsPerCall, redisCommandsPerCall };
  } finally {
    for (const c of clients) await c.close();
    for (const e of endpoints) await e.close();
    await bus.close();
    redis.disconnect();
    redisServer.stop();
  }
}
