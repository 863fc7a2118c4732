/**
 * 2025 sessions' records in Redis: one key per session, its JSON (bounded), expiring `ttlSeconds`
 * after its last use, so that a session outlives the replica that opened it.
 */
import {
  parseSessionRecord,
  SESSION_REGISTRY_DEFAULTS,
  sessionRecordText,
  type SessionRecord,
  type SessionRegistry,
  type SessionRegistryBounds,
} from '../mcp/session-registry';
import { luaScript, RedisAccess, type RedisClient, type RedisStoreOptions } from './client';

/** Options of `RedisSessionRegistry`. */
export type RedisSessionRegistryOptions = RedisStoreOptions & Omit<SessionRegistryBounds, 'maxSessions'>;

// KEYS[1] the record; ARGV: level, ttl ms. Sets the level of a record that exists, atomically.
const SET_LEVEL = luaScript(`
local text = redis.call('GET', KEYS[1])
if not text then return 0 end
local record = cjson.decode(text)
record['logLevel'] = ARGV[1]
redis.call('SET', KEYS[1], cjson.encode(record), 'PX', ARGV[2])
return 1
`);

/** A `SessionRegistry` in Redis, shared by replicas. */
export class RedisSessionRegistry implements SessionRegistry {
  readonly #access: RedisAccess;
  readonly #ttlMs: number;

  constructor(redis: RedisClient, options: RedisSessionRegistryOptions = {}) {
    this.#access = new RedisAccess(redis, options);
    this.#ttlMs = (options.ttlSeconds ?? SESSION_REGISTRY_DEFAULTS.ttlSeconds) * 1000;
  }

  async create(record: SessionRecord): Promise<void> {
    const text = sessionRecordText(record);
    const set = await this.#access.run('a session create', () => this.#access.redis.set(this.#access.key('session', record.id), text, 'PX', this.#ttlMs, 'NX'));
    if (set !== 'OK') throw new Error('a session with this id exists');
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const text = await this.#access.run('a session read', () => this.#access.redis.getex(this.#access.key('session', id), 'PX', this.#ttlMs));
    return text === null ? undefined : parseSessionRecord(text);
  }

  async setLogLevel(id: string, level: string): Promise<boolean> {
    const set = await this.#access.run('a session update', () =>
      this.#access.script(SET_LEVEL, [this.#access.key('session', id)], [level.slice(0, 64), this.#ttlMs]),
    );
    return set === 1;
  }

  async delete(id: string): Promise<void> {
    await this.#access.run('a session delete', () => this.#access.redis.del(this.#access.key('session', id)));
  }
}
