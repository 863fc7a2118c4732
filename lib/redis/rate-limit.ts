/**
 * The rate limit's buckets in Redis, shared by every replica: one hash per caller and rule, taken
 * from atomically by one Lua script (one round trip per call) on Redis's own clock, so replicas
 * whose clocks differ count alike. A bucket's key expires once it would be full again.
 */
import type { RateDecision, RateLimitRule, RateLimitStore } from '../mcp/rate-limit';
import { retryInSeconds } from '../mcp/rate-limit';
import { luaScript, RedisAccess, type RedisClient, type RedisStoreOptions } from './client';

/** Options of `RedisRateLimitStore`. */
export interface RedisRateLimitOptions extends RedisStoreOptions {
  /**
   * When Redis cannot answer: `false` refuses the call (its result says to try again shortly);
   * `true` lets it run unlimited until Redis answers again.
   * @default false
   */
  failOpen?: boolean;
}

// KEYS[1] the bucket; ARGV: calls, window in ms. Returns { 1, 0 } (taken) or { 0, ms to wait }.
const TAKE = luaScript(`
local calls = tonumber(ARGV[1])
local per = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens = tonumber(b[1])
local last = tonumber(b[2])
if tokens == nil or last == nil then
  tokens = calls
  last = now
end
tokens = math.min(calls, tokens + math.max(0, now - last) * calls / per)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'last', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(per))
if taken == 1 then return { 1, 0 } end
return { 0, math.ceil((1 - tokens) * per / calls) }
`);

/** `McpRateLimit.store` in Redis: replicas sharing it share every caller's limit. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #access: RedisAccess;
  readonly #failOpen: boolean;

  constructor(redis: RedisClient, options: RedisRateLimitOptions = {}) {
    this.#access = new RedisAccess(redis, options);
    this.#failOpen = options.failOpen === true;
  }

  async take(caller: string, rule: RateLimitRule): Promise<RateDecision> {
    const calls = Math.floor(rule.calls);
    const key = this.#access.key('rate', `${calls}/${rule.perSeconds}\0${caller}`);
    try {
      const [taken, waitMs] = (await this.#access.run('a rate limit take', () => this.#access.script(TAKE, [key], [calls, rule.perSeconds * 1000]))) as [
        number,
        number,
      ];
      return taken === 1 ? { ok: true } : { ok: false, retryInSeconds: retryInSeconds(waitMs) };
    } catch (e) {
      if (this.#failOpen) return { ok: true };
      throw e;
    }
  }
}
