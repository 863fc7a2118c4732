/**
 * Issue 21: what a stateful endpoint holds per request. A refused initialize keeps nothing; the
 * answers to the server's own questions never wait behind the request limit; an id is in flight
 * once per session; a cancelled call ends its stream; call streams count against maxOpenStreams.
 */
import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { IsInt, Max, Min } from 'class-validator';
import { Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { call, initialize, openSession, openStream, raw, rpcError, sseEvents } from './fixtures/http';
import { deferred, Tally } from '../helpers/signals';

class Seats {
  @IsInt() @Min(1) @Max(9) seats!: number;
}

class Booth {
  readonly started = new Tally();
  aborted = 0;

  @Tool({ description: 'Asks how many seats.' })
  async book(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Seats, 'How many seats?');
    return answer.action === 'accept' ? `booked ${answer.value.seats}` : answer.action;
  }

  @Tool({ description: 'Waits until cancelled.' })
  async hold(signal: AbortSignal): Promise<string> {
    this.started.add();
    await new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => {
        this.aborted++;
        resolve();
      }),
    );
    return 'released';
  }

  @Tool({ description: 'Answers at once.' })
  ping(): string {
    return 'pong';
  }
}

const info = { name: 'booth', version: '1.0.0' };

async function serve(options: McpHttpOptions) {
  const booth = new Booth();
  const http = await serveMcpHttp(new ToolSet([booth]), info, options);
  return { booth, http, url: http.url };
}

/** The heap after a full collection (gc exposed through V8's flag, as `--expose-gc` would). */
function heapAfterGc(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('issue 21: a refused initialize keeps nothing', () => {
  it('1,500 initialize requests refused on a stateful endpoint fed by a ToolSet leave the heap within 10% of where it was', async () => {
    const { http, url } = await serve({ sessions: true });
    try {
      // The ways an initialize is refused after its body is read: a client that takes JSON only,
      // two initializes in one batch, and an initialize whose params are not an initialize's.
      const refused = [
        () => raw(url, { headers: { 'content-type': 'application/json', accept: 'application/json' }, body: initialize() }),
        () => raw(url, { body: [initialize(1), initialize(2)] }),
        () => raw(url, { body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 5 } } }),
      ];
      const statuses = new Set<number>();
      const round = async (n: number): Promise<void> => {
        for (let i = 0; i < n; i += 10) {
          const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => refused[(i + k) % refused.length]!()));
          for (const a of answers) statuses.add(a.status);
        }
      };
      await round(300);
      const before = heapAfterGc();
      await round(1500);
      const after = heapAfterGc();
      expect(http.sessions.size).toBe(0);
      expect([...statuses].every((s) => s >= 400 || s === 200)).toBe(true);
      expect(after / before).toBeLessThan(1.1);
    } finally {
      await http.close();
    }
  }, 120_000);
});

describe("issue 21: answers to the server's questions never wait behind the request limit", () => {
  it('with every request slot held by a call waiting for its answer, the answers get through and every call ends', async () => {
    const limit = 8;
    const { http, url } = await serve({ sessions: true, maxConcurrentRequests: limit });
    const client = new Client({ name: 'spec', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    let asked = 0;
    let allAsked!: () => void;
    const everyoneAsked = new Promise<void>((r) => (allAsked = r));
    client.setRequestHandler(ElicitRequestSchema, async () => {
      if (++asked === limit) allAsked();
      await everyoneAsked;
      return { action: 'accept', content: { seats: 2 } };
    });
    try {
      await client.connect(new StreamableHTTPClientTransport(url));
      const calls = Array.from({ length: limit }, () => client.callTool({ name: 'book', arguments: {} }, undefined, { timeout: 20_000 }));
      const results = await Promise.all(calls);
      expect(results.map((r) => (r.content as { text: string }[])[0]!.text)).toEqual(Array.from({ length: limit }, () => 'booked 2'));
    } finally {
      await client.close();
      await http.close();
    }
  }, 30_000);

  it('a request (not an answer) beyond the limit is still refused with 503', async () => {
    const { http, url } = await serve({ sessions: true, maxConcurrentRequests: 1 });
    const streams: { close(): void }[] = [];
    try {
      const s = await openSession(url);
      // The server's own view of the held response: a listener put before the endpoint's, so that once
      // it has run, so has the endpoint's (which gives the stream slot back).
      const heldClosed = deferred();
      http.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
        if (req.headers['x-spec'] === 'held') res.once('close', () => heldClosed.resolve());
      });
      const held = await openStream(url, { method: 'POST', headers: { ...s.headers, 'x-spec': 'held' }, body: call(1, 'hold') });
      streams.push(held);
      const more = await raw(url, { headers: s.headers, body: call(2, 'ping') });
      expect([more.status, rpcError(more.text).message]).toEqual([503, 'Service Unavailable: too many requests in progress']);
    } finally {
      for (const s of streams) s.close();
      await http.close();
    }
  });
});

describe('issue 21: one request per id in flight; a cancelled call ends its stream; call streams are counted', () => {
  it('refuses a second request with an id in flight (409, the error echoes the id); cancelling ends the first stream and frees the id', async () => {
    const { booth, http, url } = await serve({ sessions: true });
    const streams: { close(): void }[] = [];
    try {
      const s = await openSession(url);
      const first = await openStream(url, { method: 'POST', headers: s.headers, body: call(7, 'hold') });
      streams.push(first);
      await booth.started.reached(1);
      const twin = await raw(url, { headers: s.headers, body: call(7, 'ping') });
      expect(twin.status).toBe(409);
      expect(JSON.parse(twin.text)).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32600, message: 'Invalid Request: a request with id 7 is already in progress in this session' },
      });
      // Two of one id in one batch: refused alike.
      const batch = await raw(url, { headers: s.headers, body: [call('x', 'ping'), call('x', 'ping')] });
      expect([batch.status, (JSON.parse(batch.text) as { id: unknown }).id]).toEqual([409, 'x']);

      const cancel = await raw(url, {
        headers: s.headers,
        body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'changed my mind' } },
      });
      expect(cancel.status).toBe(202);
      const text = await first.ended;
      expect(booth.aborted).toBe(1);
      expect(sseEvents(text).map((e) => e.data)).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32800, message: 'Request cancelled' } }]);
      // The id is free again.
      const again = await raw(url, { headers: s.headers, body: call(7, 'ping') });
      expect(sseEvents(again.text).map((e) => e.data)).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'pong' }] } }]);
    } finally {
      for (const s of streams) s.close();
      await http.close();
    }
  });

  it('a call stream counts against maxOpenStreams (503 beyond), and a cancelled call frees its slot (the GET stream is a listen stream, counted apart)', async () => {
    const { booth, http, url } = await serve({ sessions: true, maxOpenStreams: 1 });
    const streams: { close(): void }[] = [];
    try {
      const s = await openSession(url);
      const get = await openStream(url, { headers: { ...s.headers, accept: 'text/event-stream' } });
      streams.push(get);
      expect(get.status).toBe(200);
      // The server's own view of the held response: a listener put before the endpoint's, so that once
      // it has run, so has the endpoint's (which gives the stream slot back).
      const heldClosed = deferred();
      http.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
        if (req.headers['x-spec'] === 'held') res.once('close', () => heldClosed.resolve());
      });
      const held = await openStream(url, { method: 'POST', headers: { ...s.headers, 'x-spec': 'held' }, body: call(1, 'hold') });
      streams.push(held);
      await booth.started.reached(1);
      const beyond = await raw(url, { headers: s.headers, body: call(2, 'ping') });
      expect([beyond.status, rpcError(beyond.text).message]).toEqual([503, 'Service Unavailable: too many open streams']);
      await raw(url, { headers: s.headers, body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } } });
      await held.ended;
      // The slot is released when the server sees the response close.
      await heldClosed.promise;
      const after = await raw(url, { headers: s.headers, body: call(3, 'ping') });
      expect(sseEvents(after.text).map((e) => e.data)).toEqual([{ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'pong' }] } }]);
    } finally {
      for (const s of streams) s.close();
      await http.close();
    }
  });
});
