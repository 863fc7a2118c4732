import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Tool, ToolContext, ToolSet } from 'tool-signatures';
import { createMcpServer, serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { deferred } from '../helpers/signals';
import { call, initialize, jsonHeaders, openStream, raw, sseEvents } from './fixtures/http';

let released: (() => void) | undefined;
let entered = deferred();

class LongJob {
  @Tool({ description: 'Lets its stream close, then finishes.' })
  async long(ctx: ToolContext): Promise<string> {
    await ctx.log('info', 'started');
    const closed = ctx.closeStream();
    // Finishes once the test has seen the stream close (the result then waits in the event store).
    await new Promise<void>((resolve) => {
      released = resolve;
      entered.resolve();
    });
    await ctx.log('info', 'finishing');
    return `done (stream closed: ${closed})`;
  }
}

describe('ctx.closeStream: a call lets its stream close and the client resumes (SSE polling)', () => {
  let endpoint: McpHttpEndpoint | undefined;

  beforeEach(() => {
    released = undefined;
    entered = deferred();
  });

  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
  });

  it('over HTTP with sessions and an event store: the client reconnects after retryIntervalMs and gets the result', async () => {
    endpoint = await serveMcpHttp(
      new ToolSet([new LongJob()]),
      { name: 'jobs', version: '1' },
      { sessions: { eventStore: new InMemoryEventStore(), retryIntervalMs: 50 } },
    );
    const client = new Client({ name: 'c', version: '1' });
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(String(n.params.data));
    });
    const resumedFrom: string[] = [];
    const resumed = deferred();
    const transport = new StreamableHTTPClientTransport(endpoint.url, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const last = new Headers(init?.headers).get('last-event-id');
        // The client resumed the closed stream, and the server answered (its replay is under way).
        if ((init?.method ?? 'GET') === 'GET' && last !== null) {
          resumedFrom.push(last);
          resumed.resolve();
        }
        return response;
      },
    });
    await client.connect(transport);
    try {
      const call = client.callTool({ name: 'long', arguments: {} });
      // The stream closed: the client reconnects with the last event id it saw.
      await resumed.promise;
      released!();
      const result = await call;
      expect(result.content).toEqual([{ type: 'text', text: 'done (stream closed: true)' }]);
      expect(logs).toEqual(['started', 'finishing']);
    } finally {
      await client.close();
    }
  });

  it('retryIntervalMs is sent as the SSE retry field of each stream a request is answered on (2025-11-25)', async () => {
    endpoint = await serveMcpHttp(
      new ToolSet([Tool.fromJsonSchema({ name: 'now', description: 'Answers at once.', inputSchema: { type: 'object' } }, () => 'now')]),
      { name: 'jobs', version: '1' },
      { sessions: { eventStore: new InMemoryEventStore(), retryIntervalMs: 1234 } },
    );
    // A 2025-11-25 client: the revision whose streams carry the retry field (SSE polling). Each stream is read until its answer.
    const post = async (headers: Record<string, string>, body: object) => {
      const stream = await openStream(endpoint!.url, { method: 'POST', headers, body });
      const text = await stream.until((t) => sseEvents(t).some((e) => typeof e.data === 'object' && e.data !== null && 'result' in e.data));
      stream.close();
      return { headers: stream.headers, text };
    };
    const opened = await post(jsonHeaders, initialize(0, '2025-11-25'));
    const session = { ...jsonHeaders, 'mcp-session-id': opened.headers['mcp-session-id'] as string, 'mcp-protocol-version': '2025-11-25' };
    expect((await raw(endpoint.url, { headers: session, body: { jsonrpc: '2.0', method: 'notifications/initialized' } })).status).toBe(202);
    const retries = (text: string) => text.split('\n').filter((line) => line.startsWith('retry:'));
    const posted = await post(session, call(1, 'now'));
    expect([
      retries(opened.text),
      posted.headers['content-type'],
      retries(posted.text),
      (sseEvents(posted.text).at(-1)!.data as { result: { content: unknown } }).result.content,
    ]).toEqual([['retry: 1234'], 'text/event-stream', ['retry: 1234'], [{ type: 'text', text: 'now' }]]);
  });

  it('returns false where there is no stream to close (stdio-like transports, stateless HTTP, outside MCP)', async () => {
    expect(new ToolContext().closeStream()).toBe(false);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(new ToolSet([new LongJob()]), { name: 'jobs', version: '1' });
    await server.connect(serverSide);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    try {
      const call = client.callTool({ name: 'long', arguments: {} });
      await entered.promise;
      released!();
      expect((await call).content).toEqual([{ type: 'text', text: 'done (stream closed: false)' }]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
