/**
 * Per-caller rate limits on MCP tool calls (issue 22): a token bucket per caller (`calls` at once,
 * refilled at `calls` per `perSeconds`), in memory, with a bounded number of callers tracked (the
 * longest idle forgotten first). A refused call is answered as a tool result the model can read.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { MCP_TEXTS } from '../diagnostics';
import { principalOf } from './principal';

/** `McpServerOptions.rateLimit`: how many tool calls one caller may make. */
export interface McpRateLimit {
  /** Calls one caller may make per `perSeconds` (and at once, in a burst). */
  calls: number;
  /** The window `calls` are counted over, in seconds. */
  perSeconds: number;
  /** Callers tracked at once; beyond, the one idle longest is forgotten (its next call starts a full bucket). @default 10000 */
  maxCallers?: number;
}

/** Callers tracked at once by default. */
export const DEFAULT_MAX_RATE_LIMITED_CALLERS = 10_000;

interface Bucket {
  tokens: number;
  last: number;
}

/** A limiter's answer: let the call run, or wait this many whole seconds. */
export type RateDecision = { ok: true } | { ok: false; retryInSeconds: number };

/** The buckets of one `rateLimit` object (shared by every server made with it). */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly calls: number;
  private readonly perMs: number;
  private readonly maxCallers: number;

  constructor(readonly limit: McpRateLimit) {
    const { calls, perSeconds, maxCallers = DEFAULT_MAX_RATE_LIMITED_CALLERS } = limit;
    if (!Number.isFinite(calls) || calls < 1 || !Number.isFinite(perSeconds) || perSeconds <= 0 || !Number.isInteger(maxCallers) || maxCallers < 1) {
      throw new RangeError(MCP_TEXTS.rateLimitInvalid(JSON.stringify(limit) ?? String(limit)));
    }
    this.calls = Math.floor(calls);
    this.perMs = perSeconds * 1000;
    this.maxCallers = maxCallers;
  }

  /** Takes one call from the caller's bucket, or says how long until one is there. */
  take(caller: string): RateDecision {
    const now = Date.now();
    let bucket = this.buckets.get(caller);
    if (bucket === undefined) {
      bucket = { tokens: this.calls, last: now };
      if (this.buckets.size >= this.maxCallers) this.buckets.delete(this.buckets.keys().next().value!);
    } else {
      // Refilled for the time since; re-inserted so the map's order is least recently used first.
      this.buckets.delete(caller);
      bucket.tokens = Math.min(this.calls, bucket.tokens + (Math.max(0, now - bucket.last) * this.calls) / this.perMs);
      bucket.last = now;
    }
    this.buckets.set(caller, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens--;
      return { ok: true };
    }
    // Rounded to the millisecond first: a fraction's float error must not add a second.
    const waitMs = Math.round(((1 - bucket.tokens) * this.perMs) / this.calls);
    return { ok: false, retryInSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Callers tracked now. */
  get size(): number {
    return this.buckets.size;
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

/**
 * Where the HTTP endpoint records who sends a request (its `principalOf`: the verified token's
 * principal, else the remote address) on a stateless request's `requestInfo` (a session's server is made for its owner).
 */
export const MCP_CALLER = Symbol('tool-signatures.mcpCaller');

/**
 * Who is calling, for the rate limit: the principal the HTTP endpoint recorded (lib/mcp/principal.ts:
 * the verified token's client and subject, else the remote address), else the principal of the
 * verified token, else `fallback` (the server's one client: stdio, in memory).
 */
export function callerKey(authInfo: AuthInfo | undefined, requestInfo: object | undefined, fallback: string): string {
  const recorded = (requestInfo as { [MCP_CALLER]?: unknown } | undefined)?.[MCP_CALLER];
  return typeof recorded === 'string' ? recorded : principalOf(authInfo, undefined, fallback);
}
