/**
 * Per-caller rate limits on MCP tool calls (issue 22): a token bucket per caller (`calls` at once,
 * refilled at `calls` per `perSeconds`), in a store: in memory by default, with a bounded number of
 * callers tracked (the longest idle forgotten first), or one that replicas share. A refused call is
 * answered as a tool result the model can read.
 */
import { MCP_TEXTS } from '../diagnostics';

/** `McpServerOptions.rateLimit`: how many tool calls one caller may make. */
export interface McpRateLimit {
  /** Calls one caller may make per `perSeconds` (and at once, in a burst). */
  calls: number;
  /** The window `calls` are counted over, in seconds. */
  perSeconds: number;
  /** Callers tracked at once by the in-memory store; beyond, the one idle longest is forgotten (its next call starts a full bucket). @default 10000 */
  maxCallers?: number;
  /**
   * Where the buckets are kept. Replicas that share one store (`tool-signatures/redis`'s
   * `RedisRateLimitStore`) share every caller's bucket; a store that cannot answer (it rejects)
   * refuses the call. @default one `MemoryRateLimitStore` per `rateLimit` object (per process)
   */
  store?: RateLimitStore;
}

/** Callers tracked at once by default. */
export const DEFAULT_MAX_RATE_LIMITED_CALLERS = 10_000;

/** The rule a store applies to one bucket: `calls` per `perSeconds`, refilled continuously. */
export interface RateLimitRule {
  readonly calls: number;
  readonly perSeconds: number;
}

/** A limiter's answer: let the call run, or wait this many whole seconds. */
export type RateDecision = { ok: true } | { ok: false; retryInSeconds: number };

/**
 * Where the rate limit's token buckets live. `take` is atomic: of concurrent takes on one bucket
 * (from any replica sharing the store) no more succeed than it holds tokens. A store that cannot
 * answer rejects, and the call is refused (fail closed), unless the store itself chooses to let it
 * run (`RedisRateLimitStore`'s `failOpen`).
 */
export interface RateLimitStore {
  /** Takes one call from the bucket of `caller` under `rule`, or says how long until one is there. */
  take(caller: string, rule: RateLimitRule): RateDecision | Promise<RateDecision>;
}

interface Bucket {
  tokens: number;
  last: number;
}

/** The whole seconds to wait for the next token, from the milliseconds (rounded first: a fraction's float error must not add a second). */
export function retryInSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(Math.round(waitMs) / 1000));
}

/** The buckets in this process, at most `maxCallers` (the longest idle forgotten first). The default store. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxCallers = DEFAULT_MAX_RATE_LIMITED_CALLERS) {}

  take(caller: string, rule: RateLimitRule): RateDecision {
    const calls = Math.floor(rule.calls);
    const perMs = rule.perSeconds * 1000;
    const key = `${calls}/${rule.perSeconds}\0${caller}`;
    const now = Date.now();
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: calls, last: now };
      if (this.buckets.size >= this.maxCallers) this.buckets.delete(this.buckets.keys().next().value!);
    } else {
      // Refilled for the time since; re-inserted so the map's order is least recently used first.
      this.buckets.delete(key);
      bucket.tokens = Math.min(calls, bucket.tokens + (Math.max(0, now - bucket.last) * calls) / perMs);
      bucket.last = now;
    }
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens--;
      return { ok: true };
    }
    return { ok: false, retryInSeconds: retryInSeconds(((1 - bucket.tokens) * perMs) / calls) };
  }

  /** Buckets tracked now. */
  get size(): number {
    return this.buckets.size;
  }
}

/** The buckets of one `rateLimit` object (shared by every server made with it): its store, under its rule. */
export class RateLimiter {
  private readonly store: RateLimitStore;
  private readonly rule: RateLimitRule;

  constructor(readonly limit: McpRateLimit) {
    const { calls, perSeconds, maxCallers = DEFAULT_MAX_RATE_LIMITED_CALLERS, store } = limit;
    if (!Number.isFinite(calls) || calls < 1 || !Number.isFinite(perSeconds) || perSeconds <= 0 || !Number.isInteger(maxCallers) || maxCallers < 1) {
      // Said as given, without its store (a client object).
      const { store: _store, ...given } = limit;
      throw new RangeError(MCP_TEXTS.rateLimitInvalid(JSON.stringify(given) ?? String(limit)));
    }
    this.rule = { calls: Math.floor(calls), perSeconds };
    this.store = store ?? new MemoryRateLimitStore(maxCallers);
  }

  /** Takes one call from the caller's bucket, or says how long until one is there; rejects when the store cannot answer. */
  async take(caller: string): Promise<RateDecision> {
    return this.store.take(caller, this.rule);
  }
}

const limiters = new WeakMap<McpRateLimit, RateLimiter>();

/** The limiter of a `rateLimit` object: one per object, so every server (session) made with it shares the buckets. */
export function limiterOf(limit: McpRateLimit): RateLimiter {
  let limiter = limiters.get(limit);
  if (limiter === undefined) {
    limiter = new RateLimiter(limit);
    limiters.set(limit, limiter);
  }
  return limiter;
}
