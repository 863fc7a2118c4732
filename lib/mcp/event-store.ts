/**
 * Where a 2025 session's SSE events are kept so that a client can resume a stream
 * (`Last-Event-ID`): the SDK's `EventStore`, in this process (`MemoryEventStore`), or shared by
 * replicas (`tool-signatures/redis`'s `RedisEventStore`). The HTTP endpoint scopes every replay to
 * its session (lib/mcp/http.ts, `partitionedStore`); a store keeps each stream apart, and an event id
 * names its stream.
 */
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The bounds of an event store. */
export interface EventStoreBounds {
  /** Events kept per stream; beyond, the oldest is dropped (a resume from before it is refused). @default 1000 */
  maxEventsPerStream?: number;
  /** How long a stream is kept after its last event, in seconds. @default 3600 */
  ttlSeconds?: number;
  /** Streams kept at once (in memory; a shared store bounds them by `ttlSeconds`); beyond, the one written longest ago is dropped. @default 10000 */
  maxStreams?: number;
}

export const EVENT_STORE_DEFAULTS = { maxEventsPerStream: 1000, ttlSeconds: 3600, maxStreams: 10_000 } as const;

/** The longest event id read, in characters (a longer `Last-Event-ID` names no event). */
export const MAX_EVENT_ID_CHARS = 1024;

/** An event id: its stream (base64url, so that the id is one SSE line) and its place in the stream. */
export function eventIdOf(streamId: string, position: string): string {
  return `${Buffer.from(streamId, 'utf8').toString('base64url')}_${position}`;
}

/** The stream and place an event id names, or undefined for one not made by `eventIdOf`. */
export function parseEventId(eventId: string): { streamId: string; position: string } | undefined {
  if (typeof eventId !== 'string' || eventId.length > MAX_EVENT_ID_CHARS) return undefined;
  const cut = eventId.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const stream = eventId.slice(0, cut);
  if (!/^[A-Za-z0-9_-]+$/.test(stream)) return undefined;
  return { streamId: Buffer.from(stream, 'base64url').toString('utf8'), position: eventId.slice(cut + 1) };
}

interface Stream {
  next: number;
  events: { seq: number; message: JSONRPCMessage }[];
  expiresAt: number;
}

/** The SDK's `EventStore` in this process, bounded (`EventStoreBounds`). */
export class MemoryEventStore implements EventStore {
  readonly #streams = new Map<string, Stream>();
  readonly #max: Required<EventStoreBounds>;

  constructor(bounds: EventStoreBounds = {}) {
    this.#max = { ...EVENT_STORE_DEFAULTS, ...bounds };
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const now = Date.now();
    let stream = this.#live(streamId, now);
    if (stream === undefined) {
      if (this.#streams.size >= this.#max.maxStreams) this.#streams.delete(this.#streams.keys().next().value!);
      stream = { next: 1, events: [], expiresAt: 0 };
    }
    // Re-inserted: the map's order is written longest ago first.
    this.#streams.delete(streamId);
    this.#streams.set(streamId, stream);
    const seq = stream.next++;
    stream.events.push({ seq, message });
    if (stream.events.length > this.#max.maxEventsPerStream) stream.events.shift();
    stream.expiresAt = now + this.#max.ttlSeconds * 1000;
    return eventIdOf(streamId, String(seq));
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const found = this.#find(eventId);
    return found?.streamId;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const found = this.#find(lastEventId);
    if (found === undefined) throw new Error('Last-Event-ID names no stored event');
    for (const event of found.stream.events.filter((e) => e.seq > found.seq)) await send(eventIdOf(found.streamId, String(event.seq)), event.message);
    return found.streamId;
  }

  #live(streamId: string, now: number): Stream | undefined {
    const stream = this.#streams.get(streamId);
    if (stream !== undefined && stream.expiresAt <= now) {
      this.#streams.delete(streamId);
      return undefined;
    }
    return stream;
  }

  /** The stream of a stored event (still kept), and the event's place. */
  #find(eventId: string): { streamId: string; stream: Stream; seq: number } | undefined {
    const parsed = parseEventId(eventId);
    if (parsed === undefined || !/^[1-9][0-9]{0,15}$/.test(parsed.position)) return undefined;
    const stream = this.#live(parsed.streamId, Date.now());
    const seq = Number(parsed.position);
    if (stream === undefined || !stream.events.some((e) => e.seq === seq)) return undefined;
    return { streamId: parsed.streamId, stream, seq };
  }
}
