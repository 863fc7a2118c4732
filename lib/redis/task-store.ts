/**
 * MCP tasks (lib/mcp/tasks/store.ts) in Redis, shared by replicas: one hash per task, every change
 * made by one Lua script (compare-and-set: a terminal status is final, an expired task is gone), a
 * set per caller of its unfinished tasks (the cap taken atomically in `create`), and a pub/sub
 * channel per task that the replica running it subscribes to (`watch`) on a connection of its own.
 *
 * What a caller gives (questions, answers, results, errors) is kept as JSON text that the scripts
 * never decode (Lua's JSON would turn `[]` into `{}`): a question is the field `in:<key>`, an answer
 * `ans:<key>`, each with its order of arrival. Times are the store's clock (`now`, as
 * `MemoryTaskStore`'s); a key's time to live is the task's life left on that clock.
 */
import type { Redis } from 'ioredis';
import { TERMINAL_STATUSES, type StoredTask, type TaskStatus, type TaskStore, type TaskTransition, type TransitionGuard } from '../mcp/tasks/store';
import { luaScript, RedisAccess, type RedisStoreOptions } from './client';

/** Options of `RedisTaskStore`. */
export interface RedisTaskStoreOptions extends RedisStoreOptions {
  /** The clock (ms since the epoch); every replica's should agree (a lease and a life are judged by it). @default Date.now */
  now?: () => number;
  /** Told of what the store's subscriber could not do (its connection, a subscription). @default ignored */
  onError?: (error: Error) => void;
}

const TERMINAL = [...TERMINAL_STATUSES].map((s) => `s == '${s}'`).join(' or ');

// Shared by the scripts: the task in KEYS[1] when it exists, is not expired at ARGV[1] and (with `open`) not finished.
const LIVE = `
local function terminal(s) return ${TERMINAL} end
local function live(now, open)
  local f = redis.call('HMGET', KEYS[1], 'status', 'createdAt', 'ttlMs', 'lastUpdatedAt', 'leaseUntil', 'ownerKey')
  if not f[1] then return nil end
  if tonumber(f[2]) + tonumber(f[3]) <= now then return nil end
  if open and terminal(f[1]) then return nil end
  return f
end
local function questions()
  local left = {}
  for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
    if string.sub(field, 1, 3) == 'in:' then left[#left + 1] = field end
  end
  return left
end
local function touched(now, f)
  return math.max(now, tonumber(f[4]))
end
`;

// KEYS[1] the task, KEYS[2] its owner's unfinished tasks; ARGV: now, maxActive, ms to live, finished (1/0), then field/value pairs.
const CREATE = luaScript(`${LIVE}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local now = tonumber(ARGV[1])
local active = 0
for _, key in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local t = redis.call('HMGET', key, 'status', 'createdAt', 'ttlMs')
  if t[1] and not terminal(t[1]) and tonumber(t[2]) + tonumber(t[3]) > now then
    active = active + 1
  else
    redis.call('SREM', KEYS[2], key)
  end
end
if active >= tonumber(ARGV[2]) then return 0 end
local ttl = math.max(1, math.ceil(tonumber(ARGV[3])))
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
redis.call('PEXPIRE', KEYS[1], ttl)
if ARGV[4] == '0' then
  redis.call('SADD', KEYS[2], KEYS[1])
  if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
end
return 1
`);

// KEYS[1] the task; ARGV: now, channel, status, finished (1/0), lease expired by ('' for none), then field/value pairs.
const TRANSITION = luaScript(`${LIVE}
local now = tonumber(ARGV[1])
local f = live(now, true)
if not f then return 0 end
if ARGV[5] ~= '' and tonumber(f[5]) > tonumber(ARGV[5]) then return 0 end
local left = questions()
if #left > 0 then redis.call('HDEL', KEYS[1], unpack(left)) end
redis.call('HSET', KEYS[1], 'status', ARGV[3], 'lastUpdatedAt', touched(now, f))
if #ARGV > 5 then redis.call('HSET', KEYS[1], unpack(ARGV, 6)) end
if ARGV[4] == '1' then redis.call('SREM', f[6], KEYS[1]) end
redis.call('PUBLISH', ARGV[2], '')
return 1
`);

// KEYS[1] the task; ARGV: now, channel, key, the question's JSON.
const ASK = luaScript(`${LIVE}
local now = tonumber(ARGV[1])
local f = live(now, true)
if not f then return 0 end
local field = 'in:' .. ARGV[3]
local old = redis.call('HGET', KEYS[1], field)
local seq = old and string.match(old, '^%[(%d+),') or redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('HSET', KEYS[1], field, '[' .. seq .. ',' .. ARGV[4] .. ']', 'status', 'input_required', 'lastUpdatedAt', touched(now, f))
redis.call('PUBLISH', ARGV[2], '')
return 1
`);

// KEYS[1] the task; ARGV: now, channel, then key/answer JSON pairs. 0: gone; 1: taken (or nothing to take).
const ANSWER = luaScript(`${LIVE}
local now = tonumber(ARGV[1])
local f = live(now, false)
if not f then return 0 end
if terminal(f[1]) then return 1 end
local taken = 0
for i = 3, #ARGV, 2 do
  local field = 'in:' .. ARGV[i]
  if redis.call('HEXISTS', KEYS[1], field) == 1 then
    redis.call('HDEL', KEYS[1], field)
    local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
    redis.call('HSET', KEYS[1], 'ans:' .. ARGV[i], '[' .. seq .. ',' .. ARGV[i + 1] .. ']')
    taken = taken + 1
  end
end
if taken == 0 then return 1 end
local status = f[1]
if #questions() == 0 then status = 'working' end
redis.call('HSET', KEYS[1], 'status', status, 'lastUpdatedAt', touched(now, f))
redis.call('PUBLISH', ARGV[2], '')
return 1
`);

// KEYS[1] the task; ARGV: now, until. A renewal is no change a watcher must hear of.
const RENEW = luaScript(`${LIVE}
if not live(tonumber(ARGV[1]), true) then return 0 end
redis.call('HSET', KEYS[1], 'leaseUntil', ARGV[2])
return 1
`);

/** Watchers of one task on this replica, and their subscription. */
interface Watched {
  readonly listeners: Set<() => void>;
  /** Settles once Redis has the subscription (never rejects): a change made here after `watch` is heard. */
  readonly subscribed: Promise<void>;
}

/**
 * `McpTasksOptions.store` in Redis: replicas sharing the prefix share the tasks. `redis` runs the
 * scripts; a duplicate of it (its own connection) subscribes to the channels of the tasks this
 * replica runs; `close()` ends it. A `Cluster` is not taken (a task's scripts touch its caller's set).
 */
export class RedisTaskStore implements TaskStore {
  readonly #access: RedisAccess;
  readonly #now: () => number;
  readonly #onError: (error: Error) => void;
  readonly #subscriber: Redis;
  readonly #watched = new Map<string, Watched>();

  constructor(redis: Redis, options: RedisTaskStoreOptions = {}) {
    this.#access = new RedisAccess(redis, options);
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => undefined);
    // Its SUBSCRIBEs queued until it is connected (whatever the application's client does: lazyConnect, no offline queue).
    this.#subscriber = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
    this.#subscriber.on('error', (e: Error) => this.#onError(e));
    this.#subscriber.on('message', (channel: string) => {
      for (const listener of [...(this.#watched.get(channel)?.listeners ?? [])]) {
        try {
          listener();
        } catch {
          // One watcher's failure does not keep the others from hearing.
        }
      }
    });
  }

  async create(task: StoredTask, maxActive: number): Promise<boolean> {
    const key = this.#key(task.id);
    const finished = TERMINAL_STATUSES.has(task.status) ? 1 : 0;
    const asked = Object.keys(task.inputRequests).length;
    const fields = [
      'ownerKey',
      this.#access.key('tasks-of', task.owner),
      ...ordered('in:', task.inputRequests, 0),
      ...ordered('ans:', task.answers, asked),
      'seq',
      String(asked + Object.keys(task.answers).length),
      ...taskFields(task),
    ];
    const life = task.createdAt + task.ttlMs - this.#now();
    const created = await this.#access.run('a task create', () =>
      this.#access.script(CREATE, [key, this.#access.key('tasks-of', task.owner)], [this.#now(), maxActive, life, finished, ...fields]),
    );
    return created === 1;
  }

  async get(id: string): Promise<StoredTask | undefined> {
    const h = await this.#access.run('a task read', () => this.#access.redis.hgetall(this.#key(id)));
    if (h.base === undefined || Number(h.createdAt) + Number(h.ttlMs) <= this.#now()) return undefined;
    const base = JSON.parse(h.base) as Pick<StoredTask, 'id' | 'owner' | 'tool' | 'pollIntervalMs'>;
    return {
      ...base,
      status: h.status as TaskStatus,
      ...(h.statusMessage !== undefined ? { statusMessage: h.statusMessage } : {}),
      createdAt: Number(h.createdAt),
      lastUpdatedAt: Number(h.lastUpdatedAt),
      ttlMs: Number(h.ttlMs),
      leaseUntil: Number(h.leaseUntil),
      inputRequests: unordered('in:', h),
      answers: unordered('ans:', h),
      ...(h.result !== undefined ? { result: JSON.parse(h.result) as Record<string, unknown> } : {}),
      ...(h.error !== undefined ? { error: JSON.parse(h.error) as NonNullable<StoredTask['error']> } : {}),
    };
  }

  async transition(id: string, to: TaskTransition, guard: TransitionGuard = {}): Promise<boolean> {
    const fields: string[] = [];
    if (to.statusMessage !== undefined) fields.push('statusMessage', to.statusMessage);
    if (to.result !== undefined) fields.push('result', JSON.stringify(to.result));
    if (to.error !== undefined) fields.push('error', JSON.stringify(to.error));
    const finished = TERMINAL_STATUSES.has(to.status) ? 1 : 0;
    return this.#change('a task transition', id, TRANSITION, [to.status, finished, guard.leaseExpiredBy ?? '', ...fields]);
  }

  ask(id: string, key: string, request: unknown): Promise<boolean> {
    return this.#change('a task question', id, ASK, [key, json(request)]);
  }

  answer(id: string, responses: Readonly<Record<string, unknown>>): Promise<boolean> {
    return this.#change(
      'a task answer',
      id,
      ANSWER,
      Object.entries(responses).flatMap(([key, value]) => [key, json(value)]),
    );
  }

  async renew(id: string, until: number): Promise<void> {
    await this.#access.run('a task lease renewal', () => this.#access.script(RENEW, [this.#key(id)], [this.#now(), until]));
  }

  watch(id: string, listener: () => void): () => void {
    const channel = this.#channel(id);
    let watched = this.#watched.get(channel);
    if (watched === undefined) {
      const subscribed = this.#access
        .run('a task subscription', () => this.#subscriber.subscribe(channel))
        .then(
          () => undefined,
          (e: Error) => this.#onError(e),
        );
      this.#watched.set(channel, (watched = { listeners: new Set(), subscribed }));
    }
    const own = (): void => listener();
    const { listeners } = watched;
    listeners.add(own);
    return () => {
      listeners.delete(own);
      if (listeners.size > 0 || this.#watched.get(channel)?.listeners !== listeners) return;
      this.#watched.delete(channel);
      this.#subscriber.unsubscribe(channel).catch((e: Error) => this.#onError(e));
    };
  }

  /** Closes the subscriber connection (the client that runs the scripts is the application's). */
  async close(): Promise<void> {
    this.#watched.clear();
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }

  /** Runs a script that changes a task and tells its watchers (after this replica's own subscription to it is in place). */
  async #change(operation: string, id: string, script: { text: string; sha: string }, args: readonly (string | number)[]): Promise<boolean> {
    const channel = this.#channel(id);
    await this.#watched.get(channel)?.subscribed;
    const changed = await this.#access.run(operation, () => this.#access.script(script, [this.#key(id)], [this.#now(), channel, ...args]));
    return changed === 1;
  }

  #key(id: string): string {
    return this.#access.key('task', id);
  }

  #channel(id: string): string {
    return this.#access.key('task-changed', id);
  }
}

/** The hash fields of a task besides its questions and answers. */
function taskFields(task: StoredTask): string[] {
  const fields = [
    'base',
    JSON.stringify({ id: task.id, owner: task.owner, tool: task.tool, pollIntervalMs: task.pollIntervalMs }),
    'status',
    task.status,
    'createdAt',
    String(task.createdAt),
    'ttlMs',
    String(task.ttlMs),
    'lastUpdatedAt',
    String(task.lastUpdatedAt),
    'leaseUntil',
    String(task.leaseUntil),
  ];
  if (task.statusMessage !== undefined) fields.push('statusMessage', task.statusMessage);
  if (task.result !== undefined) fields.push('result', JSON.stringify(task.result));
  if (task.error !== undefined) fields.push('error', JSON.stringify(task.error));
  return fields;
}

/** JSON text of a value (`null` for one JSON has no text for, as `JSON.stringify` inside an object). */
function json(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** Field/value pairs of `entries` under `prefix`, each value `[order, JSON]` numbered from `from`. */
function ordered(prefix: string, entries: Readonly<Record<string, unknown>>, from: number): string[] {
  return Object.entries(entries).flatMap(([key, value], i) => [`${prefix}${key}`, `[${from + i + 1},${json(value)}]`]);
}

/** The entries under `prefix` of a task's hash, in the order they arrived. */
function unordered(prefix: string, hash: Record<string, string>): Record<string, unknown> {
  const found: [number, string, unknown][] = [];
  for (const [field, text] of Object.entries(hash)) {
    if (!field.startsWith(prefix)) continue;
    const [order, value] = JSON.parse(text) as [number, unknown];
    found.push([order, field.slice(prefix.length), value]);
  }
  found.sort((a, b) => a[0] - b[0]);
  return Object.fromEntries(found.map(([, key, value]) => [key, value]));
}
