/**
 * A session's GET stream (issue 33): one stream per session, each message delivered on it once. A
 * second GET, or a resumption of the GET stream, while the stream is open is refused (409) and
 * takes nothing from it: the messages the session sends next arrive on the open stream, without
 * the client retrying anything.
 */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { KeyedEventStore } from './fixtures/event-store';
import { openSession, openStream, sseEvents, type OpenStream } from './fixtures/http';

class Notes {
  @Tool({ description: 'Reads the note.' })
  read(): string {
    return 'the note';
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
