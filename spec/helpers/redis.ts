/**
 * A real Redis for the specs: a `redis-server` per spec file (Jest runs a file in one worker;
 * started in `beforeAll` on a Unix socket, nothing saved to disk, stopped by its PID in
 * `afterAll`). Each test keys its data under a prefix of its own. Without a `redis-server` on the PATH the Redis specs fail when
 * CI=true and are skipped elsewhere, with one line saying how to install it.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const INSTALL_REDIS = 'the Redis specs need a redis-server on the PATH (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis)';

/** The path of `redis-server`, or undefined when there is none. */
export function redisServerPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A running redis-server: its socket, and how to stop it (by its PID). */
export interface RedisServer {
  readonly socket: string;
  stop(): Promise<void>;
}

/**
 * Starts a redis-server on a Unix socket in a fresh folder, nothing saved. It runs under a shell
 * that kills it when its standard input ends, so a worker that dies leaves no server behind.
 */
export function startRedisServer(): Promise<RedisServer> {
  const binary = redisServerPath();
  if (binary === undefined) return Promise.reject(new Error(INSTALL_REDIS));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const args = ['--save', '', '--appendonly', 'no', '--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--dir', dir];
  const child = spawn('sh', ['-c', '"$0" "$@" & echo "pid $!"; read _; kill "$!" 2>/dev/null', binary, ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
  let pid: number | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (pid !== undefined) {
      try {
        process.kill(pid);
      } catch {
        // Already gone.
      }
    }
    child.stdin!.end();
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    void exited.then(() => reject(new Error('redis-server exited before it was ready')));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const announced = /^pid (\d+)$/.exec(line);
      if (announced !== null) pid = Number(announced[1]);
      if (/ready to accept connections/i.test(line)) resolve({ socket, stop });
    });
  });
}

/** A fresh key prefix: each spec's data apart from the others' on the worker's server. */
export function testPrefix(): string {
  return `spec-${randomUUID().slice(0, 8)}:`;
}

/** A client of the server at `socket` (closed with `quit()` by the spec). */
export async function redisClient(socket: string): Promise<Redis> {
  const client = new Redis({ path: socket, lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  return client;
}

/**
 * `describe` for a block that needs a real Redis: run when a redis-server is on the PATH; without
 * one, one failing test says how to install it (a spec is never skipped).
 */
export function describeWithRedis(title: string, body: () => void): void {
  if (redisServerPath() !== undefined) return describe(title, body);
  describe(title, () => {
    it('has a redis-server to run on', () => {
      throw new Error(INSTALL_REDIS);
    });
  });
}
