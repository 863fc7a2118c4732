/**
 * The event bus over Redis pub/sub: a change published on one replica reaches the listeners of
 * every replica (its own included, through Redis, so that all hear changes in one order). The
 * subscription needs a connection of its own (a subscribed Redis connection takes no other
 * command): the bus makes it with `duplicate()` and closes it on `close()`. Pub/sub delivers at most
 * once: a change published while Redis cannot be reached is lost (`onError` is told), and clients
 * learn of later changes as usual.
 */
import type { Redis } from 'ioredis';
import { isMcpEvent, type McpEvent, type McpEventBus } from '../mcp/event-bus';
import { RedisAccess, type RedisStoreOptions } from './client';

/** The largest message the bus sends or reads, in characters (a larger one is dropped, and `onError` told). */
export const MAX_BUS_MESSAGE_CHARS = 64 * 1024;

/** Options of `RedisEventBus`. */
export interface RedisEventBusOptions extends RedisStoreOptions {
  /** Told of what the bus could not do: a publish Redis did not take, a message not of the bus's shape. @default ignored */
  onError?: (error: Error) => void;
}

/** `McpBusOptions.bus` over Redis pub/sub: replicas sharing the prefix hear each other's changes. */
export class RedisEventBus implements McpEventBus {
  readonly #access: RedisAccess;
  readonly #channel: string;
  readonly #subscriber: Redis;
  readonly #listeners = new Set<(event: McpEvent) => void>();
  readonly #onError: (error: Error) => void;
  readonly #ready: Promise<void>;

  /** `redis` publishes; a duplicate of it (its own connection) subscribes at once. A `Cluster` is not taken: pub/sub goes to one node. */
  constructor(redis: Redis, options: RedisEventBusOptions = {}) {
    this.#access = new RedisAccess(redis, options);
    this.#channel = `${this.#access.prefix}events`;
    this.#onError = options.onError ?? (() => undefined);
    // Connected at once, its SUBSCRIBE queued until it is (whatever the application's client does: lazyConnect, no offline queue).
    this.#subscriber = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
    this.#subscriber.on('error', (e: Error) => this.#onError(e));
    this.#subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.#channel) this.#deliver(message);
    });
    this.#ready = this.#access.run('the bus subscription', () => this.#subscriber.subscribe(this.#channel)).then(() => undefined);
    // Its failure is the caller of ready()'s to see; the bus itself keeps going (ioredis resubscribes on reconnect).
    this.#ready.catch((e: Error) => this.#onError(e));
  }

  /** Resolves once the subscription is in place: from then on every change published anywhere is heard. */
  ready(): Promise<void> {
    return this.#ready;
  }

  publish(event: McpEvent): void {
    const message = JSON.stringify(event);
    if (message.length > MAX_BUS_MESSAGE_CHARS) return this.#onError(new RangeError(`a bus event may be at most ${MAX_BUS_MESSAGE_CHARS} characters`));
    this.#access.run('a bus publish', () => this.#access.redis.publish(this.#channel, message)).catch((e: Error) => this.#onError(e));
  }

  subscribe(listener: (event: McpEvent) => void): () => void {
    const own = (event: McpEvent): void => listener(event);
    this.#listeners.add(own);
    return () => void this.#listeners.delete(own);
  }

  /** Closes the subscriber connection (the publishing client is the application's). */
  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }

  #deliver(message: string): void {
    let event: unknown;
    try {
      event = message.length <= MAX_BUS_MESSAGE_CHARS ? JSON.parse(message) : undefined;
    } catch {
      event = undefined;
    }
    if (!isMcpEvent(event)) return this.#onError(new Error('a message on the bus channel is not a change event; dropped'));
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // One listener's failure does not keep the others from hearing.
      }
    }
  }
}
