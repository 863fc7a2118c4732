/**
 * SECURITY.md's bounds of the in-process event store (lib/mcp/event-store.ts): a `Last-Event-ID`
 * is read up to 1,024 characters (a longer one names no event), and a `MemoryEventStore` keeps
 * 10,000 streams, the one written longest ago dropped beyond. (Events per stream and the time to
 * live: spec/redis/stores.spec.ts, on both stores.)
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { EVENT_STORE_DEFAULTS, MAX_EVENT_ID_CHARS, MemoryEventStore } from 'tool-signatures/mcp';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } });

/** The messages replayed after `eventId`, or the refusal's text. */
async function replayed(store: MemoryEventStore, eventId: string): Promise<unknown> {
  const sent: unknown[] = [];
  try {
    await store.replayEventsAfter(eventId, { send: async (_id, message) => void sent.push(message) });
  } catch (e) {
    return (e as Error).message;
  }
  return sent;
}

describe('MemoryEventStore bounds', () => {
  it('reads an event id of at most 1,024 characters: a longer one names no event', async () => {
    expect([MAX_EVENT_ID_CHARS, EVENT_STORE_DEFAULTS]).toEqual([1024, { maxEventsPerStream: 1000, ttlSeconds: 3600, maxStreams: 10_000 }]);
    const store = new MemoryEventStore();
    // A stream of 765 bytes: base64url 1,020 characters, then `_<n>`: event 100's id is 1,024
    // characters, event 1,000's 1,025 (both kept: a stream keeps its last 1,000 events).
    const stream = 's'.repeat(765);
    const ids: string[] = [];
    for (let n = 1; n <= 1000; n++) ids.push(await store.storeEvent(stream, note(n)));
    const [at1024, at1025] = [ids[99]!, ids[999]!];
    expect([at1024.length, at1025.length]).toEqual([1024, 1025]);
    expect([await store.getStreamIdForEventId(at1024), ((await replayed(store, at1024)) as unknown[]).length]).toEqual([stream, 900]);
    expect([await store.getStreamIdForEventId(at1025), await replayed(store, at1025)]).toEqual([undefined, 'Last-Event-ID names no stored event']);
  });

  it('keeps 10,000 streams: one more drops the stream written longest ago', async () => {
    const store = new MemoryEventStore();
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) ids.push(await store.storeEvent(`stream-${i}`, note(i)));
    // Written again: stream 0 is now the newest, stream 1 the one written longest ago.
    await store.storeEvent('stream-0', note(0));
    await store.storeEvent('stream-10000', note(10_000));
    expect([await store.getStreamIdForEventId(ids[0]!), await store.getStreamIdForEventId(ids[1]!), await store.getStreamIdForEventId(ids[2]!)]).toEqual([
      'stream-0',
      undefined,
      'stream-2',
    ]);
  });
});
