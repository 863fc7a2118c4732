/**
 * A session's GET stream (issue 33): one stream per session, each message delivered on it once. A
 * second GET, or a resumption of the GET stream, while the stream is open is refused (409) and
 * takes nothing from it: the messages the session sends next arrive on the open stream, without
 * the client retrying anything.
 */
import 'reflect-metadata';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { openSession, openStream, sseEvents, type OpenStream } from './fixtures/http';

class Notes {
  @Tool({ description: 'Reads the note.' })
  read(): string {
    return 'the note';
  }
}

/** Events keyed by a counter, each remembering its stream (as a Redis store does). */
class KeyedEventStore implements EventStore {
  private next = 0;
  readonly events = new Map<string, { stream: string; message: JSONRPCMessage }>();
  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = String(++this.next);
    this.events.set(id, { stream: streamId, message });
    return id;
  }
  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.get(eventId)?.stream;
  }
  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const first = this.events.get(lastEventId);
    if (first === undefined) throw new Error('unknown event');
    for (const [id, e] of this.events) if (Number(id) > Number(lastEventId) && e.stream === first.stream) await send(id, e.message);
    return first.stream;
  }
}

const logged = (text: string) => sseEvents(text).filter((e) => (e.data as { method?: string }).method === 'notifications/message');

describe('issue 33: a session has one GET stream, and each message reaches it once', () => {
  it.each([
    ['without an event store', false],
    ['with an event store', true],
  ])('%s, a second GET and a resumption of the open stream are refused 409, and the open stream gets every message once', async (_name, resumable) => {
    const http = await serveMcpHttp(
      new ToolSet([new Notes()]),
      { name: 'notes', version: '1.0.0' },
      {
        sessions: resumable ? { eventStore: new KeyedEventStore() } : true,
      },
    );
    const streams: OpenStream[] = [];
    try {
      const session = await openSession(http.url);
      const server = http.sessions.get(session.id)!;
      const get = { ...session.headers, accept: 'text/event-stream' };
      const open = await openStream(http.url, { headers: get });
      streams.push(open);
      expect(open.status).toBe(200);
      await server.sendLoggingMessage({ level: 'info', data: 'first' });
      await open.until((t) => t.includes('first'));

      const second = await openStream(http.url, { headers: get });
      streams.push(second);
      expect([second.status, await second.ended]).toEqual([409, expect.stringContaining('Only one SSE stream is allowed per session') as unknown]);
      if (resumable) {
        const firstId = sseEvents(open.text()).find((e) => JSON.stringify(e.data).includes('first'))!.id!;
        const resumed = await openStream(http.url, { headers: { ...get, 'last-event-id': firstId } });
        streams.push(resumed);
        expect([resumed.status, await resumed.ended]).toEqual([409, expect.stringContaining('Only one SSE stream is allowed per session') as unknown]);
      }

      await server.sendLoggingMessage({ level: 'info', data: 'second' });
      await server.sendLoggingMessage({ level: 'info', data: 'third' });
      const text = await open.until((t) => t.includes('third'));
      expect(logged(text).map((e) => (e.data as { params: { data: string } }).params.data)).toEqual(['first', 'second', 'third']);
    } finally {
      for (const s of streams) s.close();
      await http.close();
    }
  });
});
