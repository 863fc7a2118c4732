/**
 * What every Redis store shares: the client (an `ioredis` `Redis` or `Cluster` the application
 * made and owns), the key prefix, and the bound on how long one operation may take. A store never
 * loads `ioredis` itself: it is given a client.
 */
import { createHash } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';

/** An `ioredis` client: one server (`Redis`) or a cluster (`Cluster`). */
export type RedisClient = Redis | Cluster;

/** Options every Redis store takes. */
export interface RedisStoreOptions {
  /** Put before every key and channel name, so that several applications (or tests) can share one Redis. @default 'tool-signatures:' */
  prefix?: string;
  /**
   * How long one operation may take, in milliseconds; past it (or when Redis cannot be reached)
   * the operation fails, and what needed it is refused (fail closed). @default 1000
   */
  timeoutMs?: number;
}

export const REDIS_DEFAULTS = { prefix: 'tool-signatures:', timeoutMs: 1000 } as const;

/** A store's operation that Redis did not answer in time, or answered with an error. */
export class RedisStoreError extends Error {
  readonly code = 'REDIS_STORE_UNAVAILABLE';
  constructor(operation: string, cause: unknown) {
    super(`Redis did not answer ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RedisStoreError';
  }
}

/** A store's client, prefix and time bound. */
export class RedisAccess {
  readonly prefix: string;
  readonly timeoutMs: number;

  constructor(
    readonly redis: RedisClient,
    options: RedisStoreOptions,
  ) {
    this.prefix = options.prefix ?? REDIS_DEFAULTS.prefix;
    this.timeoutMs = options.timeoutMs ?? REDIS_DEFAULTS.timeoutMs;
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0)
      throw new RangeError(`timeoutMs must be a positive number of milliseconds (got ${this.timeoutMs})`);
  }

  /** A key of `kind` for `name` (hashed when long, so that a key stays small whatever the name). */
  key(kind: string, name: string): string {
    return `${this.prefix}${kind}:${name.length > 128 ? createHash('sha256').update(name).digest('base64url') : name}`;
  }

  /** Runs one operation under the time bound; its failure is a `RedisStoreError`. */
  async run<T>(operation: string, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${this.timeoutMs} ms`)), this.timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([work(), late]);
    } catch (e) {
      throw new RedisStoreError(operation, e);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a Lua script by its digest, sending its text only when this Redis does not have it yet (NOSCRIPT). */
  async script(script: { text: string; sha: string }, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(script.sha, keys.length, ...keys, ...args);
    } catch (e) {
      if (!(e instanceof Error) || !e.message.startsWith('NOSCRIPT')) throw e;
      return this.redis.eval(script.text, keys.length, ...keys, ...args);
    }
  }
}

/** A Lua script and its SHA-1 digest (as Redis names it). */
export function luaScript(text: string): { text: string; sha: string } {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}
