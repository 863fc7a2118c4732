/**
 * The SDK's `EventStore` in Redis: one Redis stream per SSE stream (XADD, trimmed to
 * `maxEventsPerStream`, expiring `ttlSeconds` after its last event), so that a client resumes a
 * stream on whichever replica its reconnection reaches. An event id names its stream and its Redis
 * entry; the HTTP endpoint scopes every replay to its session (lib/mcp/http.ts).
 */
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { EVENT_STORE_DEFAULTS, eventIdOf, parseEventId, type EventStoreBounds } from '../mcp/event-store';
import { RedisAccess, type RedisClient, type RedisStoreOptions } from './client';

/** Options of `RedisEventStore`. */
export type RedisEventStoreOptions = RedisStoreOptions & Omit<EventStoreBounds, 'maxStreams'>;

/** A Redis stream entry id. */
const ENTRY_ID = /^[0-9]{1,20}-[0-9]{1,20}$/;

/** `McpSessionOptions.eventStore` in Redis: every replica can replay a session's stream. */
export class RedisEventStore implements EventStore {
  readonly #access: RedisAccess;
  readonly #maxEvents: number;
  readonly #ttlMs: number;

  constructor(redis: RedisClient, options: RedisEventStoreOptions = {}) {
    this.#access = new RedisAccess(redis, options);
    this.#maxEvents = options.maxEventsPerStream ?? EVENT_STORE_DEFAULTS.maxEventsPerStream;
    this.#ttlMs = (options.ttlSeconds ?? EVENT_STORE_DEFAULTS.ttlSeconds) * 1000;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const key = this.#access.key('events', streamId);
    const entry = await this.#access.run('an event store', async () => {
      const [[failed, added], [expiryFailed]] = (await this.#access.redis
        .multi()
        .xadd(key, 'MAXLEN', String(this.#maxEvents), '*', 'm', JSON.stringify(message))
        .pexpire(key, this.#ttlMs)
        .exec()) as [[Error | null, string | null], [Error | null, number]];
      const error = failed ?? expiryFailed;
      if (error !== null) throw error;
      return added;
    });
    if (typeof entry !== 'string') throw new Error('the event was not stored');
    return eventIdOf(streamId, entry);
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const parsed = this.#parsed(eventId);
    if (parsed === undefined) return undefined;
    const found = await this.#access.run('an event lookup', () =>
      this.#access.redis.xrange(this.#access.key('events', parsed.streamId), parsed.position, parsed.position, 'COUNT', 1),
    );
    return found.length === 1 ? parsed.streamId : undefined;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const parsed = this.#parsed(lastEventId);
    if (parsed === undefined || (await this.getStreamIdForEventId(lastEventId)) === undefined) throw new Error('Last-Event-ID names no stored event');
    const entries = await this.#access.run('an event replay', () =>
      this.#access.redis.xrange(this.#access.key('events', parsed.streamId), `(${parsed.position}`, '+', 'COUNT', this.#maxEvents),
    );
    for (const [id, fields] of entries) {
      const text = fields[fields.indexOf('m') + 1];
      if (text !== undefined) await send(eventIdOf(parsed.streamId, id), JSON.parse(text) as JSONRPCMessage);
    }
    return parsed.streamId;
  }

  #parsed(eventId: string): { streamId: string; position: string } | undefined {
    const parsed = parseEventId(eventId);
    return parsed !== undefined && ENTRY_ID.test(parsed.position) ? parsed : undefined;
  }
}
