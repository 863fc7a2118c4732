import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Readable } from 'node:stream';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { IsInt, Length, Max, Min } from 'class-validator';
import { Param, Tool } from 'tool-signatures';
import { createStreamableHttpHandler, listenMcpHttp, serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { connectHttp } from '../helpers/mcp-client';
import { deferred, Tally } from '../helpers/signals';
import { call, jsonHeaders, raw, rpcError } from './fixtures/http';

class OrderLine {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
}

class Shop {
  readonly started = new Tally();
  readonly aborted = new Tally();

  @Tool({ description: 'Place an order' })
  placeOrder(city: string, @Param({ type: () => [OrderLine] }) lines: OrderLine[]) {
    return `${city}: ${lines.map((l) => `${l.qty} ${l.sku}`).join(', ')}`;
  }

  @Tool()
  async slow(signal: AbortSignal) {
    this.started.add();
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => {
        this.aborted.add();
        resolve();
      });
    });
    return 'stopped';
  }
}

const info = { name: 'shop', version: '1.0.0' };

async function serve(options: McpHttpOptions = {}) {
  const shop = new Shop();
  const http = await serveMcpHttp(Tool.fromInstance(shop), info, options);
  return { shop, http, url: http.url };
}

/** The endpoint still serves a real client after a refusal. */
async function stillServing(url: URL): Promise<void> {
  const { client } = await connectHttp(url);
  try {
    const r = await client.callTool({ name: 'place_order', arguments: { city: 'Oslo', lines: [{ sku: 'a', qty: 2 }] } });
    expect(r.content).toEqual([{ type: 'text', text: 'Oslo: 2 a' }]);
  } finally {
    await client.close();
  }
}

/**
 * A fetch over node:http, for the SDK client: with the Host header given (what a DNS-rebinding
 * page makes a browser send), or through an agent that bounds the client's connections.
 */
function nodeFetch(o: { host?: string; agent?: Agent }): typeof fetch {
  return ((input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
      if (o.host !== undefined) headers.host = o.host;
      const req = request(
        String(input instanceof Request ? input.url : input),
        { method: init.method ?? 'GET', headers, ...(o.agent ? { agent: o.agent } : {}) },
        (res) => {
          resolve(new Response(Readable.toWeb(res) as ReadableStream, { status: res.statusCode!, headers: res.headers as Record<string, string> }));
        },
      );
      req.on('error', reject);
      req.end(init.body as string | undefined);
    })) as typeof fetch;
}

describe('MCP over Streamable HTTP: safe by default (real SDK client, real HTTP)', () => {
  it('refuses a foreign Origin with 403 and keeps serving', async () => {
    const { http, url } = await serve();
    try {
      await expect(connectHttp(url, { headers: { origin: 'https://evil.example' } })).rejects.toMatchObject({ code: 403 });
      const r = await raw(url, { headers: { ...jsonHeaders, origin: 'https://evil.example' }, body: JSON.stringify(call(1, 'place_order', {})) });
      expect([r.status, rpcError(r.text)]).toEqual([
        403,
        {
          code: -32000,
          message:
            "Forbidden: Origin not allowed ('https://evil.example'). If pages of this origin are your own web client, admit it with the endpoint option allowedOrigins: ['https://evil.example'] (or publicOrigin, when it is the endpoint's own public origin).",
        },
      ]);
      // A page served from localhost may call a server bound to loopback.
      const local = await connectHttp(url, { headers: { origin: 'http://localhost:5173' } });
      await local.close();
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it('refuses a foreign Host (DNS rebinding) with 403 and keeps serving', async () => {
    const { http, url } = await serve();
    try {
      await expect(connectHttp(url, { fetch: nodeFetch({ host: `evil.example:${url.port}` }) })).rejects.toMatchObject({ code: 403 });
      const local = await connectHttp(url, { fetch: nodeFetch({ host: `localhost:${url.port}` }) });
      await local.close();
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it('a refusal quotes the refused Origin or Host as printable ASCII (anything else as ?), at most 100 characters', async () => {
    const { http, url } = await serve();
    try {
      const body = JSON.stringify(call(1, 'place_order', {}));
      // Latin-1 é and a space: header bytes a client may send that are not printable ASCII.
      const origin = `https://ev\u00e9l .example/${'o'.repeat(150)}`;
      const byOrigin = await raw(url, { headers: { ...jsonHeaders, origin }, body });
      const host = `ev\u00e9l${'h'.repeat(150)}.example`;
      const byHost = await raw(url, { headers: { ...jsonHeaders, host }, body });
      // é arrives as its two UTF-8 bytes: two ?; the space one ?; then cut at 100 characters.
      const quotedOrigin = `https://ev??l?.example/${'o'.repeat(77)}…`;
      const quotedHost = `ev??l${'h'.repeat(95)}…`;
      expect([byOrigin.status, rpcError(byOrigin.text).message, byHost.status, rpcError(byHost.text).message]).toEqual([
        403,
        `Forbidden: Origin not allowed ('${quotedOrigin}'). If pages of this origin are your own web client, admit it with the endpoint option allowedOrigins: ['${quotedOrigin}'] (or publicOrigin, when it is the endpoint's own public origin).`,
        403,
        `Forbidden: Host header not allowed ('${quotedHost}'). If this host name is served on purpose (a reverse proxy that forwards the Host header), admit it with the endpoint option allowedHosts: ['${quotedHost}'], or give the public URL's origin as publicOrigin (options of serveMcpHttp, createMcpHttpHandler and ToolsModule.forRoot({ mcp })).`,
      ]);
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it('allowedOrigins and allowedHosts replace the loopback defaults', async () => {
    const { http, url } = await serve({ allowedOrigins: ['https://app.example'], allowedHosts: ['mcp.example'] });
    try {
      const body = JSON.stringify(call(1, 'place_order', { city: 'Oslo', lines: [] }));
      const host = (h: string, origin?: string) =>
        raw(url, { headers: { ...jsonHeaders, host: h, ...(origin ? { origin } : {}) }, body }).then((r) => r.status);
      expect(await host('mcp.example', 'https://app.example')).toBe(200);
      expect(await host('mcp.example:443')).toBe(200);
      expect(await host('mcp.example', 'http://localhost:3000')).toBe(403);
      expect(await host(`127.0.0.1:${url.port}`)).toBe(403);
    } finally {
      await http.close();
    }
  });

  it('refuses an oversized body with 413 and keeps serving', async () => {
    const { http, url } = await serve({ maxBodyBytes: 64 * 1024 });
    try {
      const { client } = await connectHttp(url);
      await expect(client.callTool({ name: 'place_order', arguments: { city: 'x'.repeat(100_000), lines: [] } })).rejects.toMatchObject({ code: 413 });
      await client.close();
      // Without Content-Length (chunked), the read stops once the bound is passed.
      const chunked = await new Promise<number>((resolve, reject) => {
        const req = request(url, { method: 'POST', headers: { ...jsonHeaders, 'transfer-encoding': 'chunked' } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        for (let i = 0; i < 20; i++) req.write('x'.repeat(8 * 1024));
        req.end();
      });
      expect(chunked).toBe(413);
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  // The body never ends (a space every 50 ms): without the cut-off the test would wait until
  // jest's per-test timeout; the 408 is the proof, not a clock.
  it('cuts off a body trickled slower than bodyTimeoutMs with 408 and closes its connection', async () => {
    const { http, url } = await serve({ bodyTimeoutMs: 300 });
    try {
      const outcome = await new Promise<{ status: number; closed: boolean }>((resolve, reject) => {
        const req = request(url, { method: 'POST', headers: { ...jsonHeaders, 'content-length': 1000 } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, closed: res.headers.connection === 'close' }));
        });
        req.on('error', reject);
        req.write('{"jsonrpc":');
        const drip = setInterval(() => req.write(' '), 50);
        req.on('close', () => clearInterval(drip));
      });
      expect(outcome).toEqual({ status: 408, closed: true });
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it('answers GET and DELETE with 405 in stateless mode (a foreign Origin still 403)', async () => {
    const { http, url } = await serve();
    try {
      const get = await raw(url, { method: 'GET', headers: { accept: 'text/event-stream' } });
      expect([get.status, get.headers.allow, rpcError(get.text).code]).toEqual([405, 'POST', -32000]);
      expect((await raw(url, { method: 'DELETE', headers: {} })).status).toBe(405);
      expect((await raw(url, { method: 'GET', headers: { accept: 'text/event-stream', origin: 'https://evil.example' } })).status).toBe(403);
    } finally {
      await http.close();
    }
  });

  it('refuses malformed requests with the HTTP status and JSON-RPC error that say why', async () => {
    const { http, url } = await serve();
    try {
      const body = JSON.stringify(call(1, 'place_order', { city: 'Oslo', lines: [] }));
      const cases: [Record<string, string>, string, number, number][] = [
        [jsonHeaders, '{"jsonrpc": "2.0", "id": 1,', 400, -32700],
        [jsonHeaders, '{"id": 1, "method": "tools/call"}', 400, -32600],
        [jsonHeaders, '[]', 400, -32600],
        [jsonHeaders, JSON.stringify(Array.from({ length: 101 }, (_, i) => call(i, 'place_order', {}))), 400, -32600],
        [{ ...jsonHeaders, 'content-type': 'text/plain' }, body, 415, -32000],
        [{ ...jsonHeaders, accept: 'text/html' }, body, 406, -32000],
        [{ ...jsonHeaders, 'mcp-protocol-version': '1999-01-01' }, body, 400, -32022],
      ];
      for (const [headers, b, status, code] of cases) {
        const r = await raw(url, { headers, body: b });
        expect([status, code, r.status, rpcError(r.text).code]).toEqual([status, code, status, code]);
      }
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it('answers 503 beyond maxConcurrentRequests, and serves again once calls finish', async () => {
    const { http, url, shop } = await serve({ maxConcurrentRequests: 2 });
    try {
      const controllers = [new AbortController(), new AbortController()];
      const slow = controllers.map((c, i) =>
        fetch(url, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(call(i, 'slow', {})), signal: c.signal }).catch(() => undefined),
      );
      await shop.started.reached(2);
      const third = await raw(url, { body: JSON.stringify(call(3, 'place_order', { city: 'Oslo', lines: [] })) });
      expect([third.status, third.headers['retry-after'], rpcError(third.text).code]).toEqual([503, '1', -32000]);
      for (const c of controllers) c.abort();
      await Promise.all(slow);
      await shop.aborted.reached(2);
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it("does not echo an unknown tool's long name back in full", async () => {
    const { http, url } = await serve();
    try {
      const { client } = await connectHttp(url);
      const r = await client.callTool({ name: 'n'.repeat(100_000), arguments: {} });
      await client.close();
      const text = (r.content as { text: string }[])[0]!.text;
      expect(r.isError).toBe(true);
      expect(text.length).toBeLessThan(400);
      expect(text).toContain('Available tools: place_order, slow.');
    } finally {
      await http.close();
    }
  });
});

describe('MCP over Streamable HTTP: stateless serving', () => {
  it('answers a call as plain JSON, and as an SSE stream when it carries a progress token', async () => {
    const { http, url } = await serve();
    try {
      const plain = await raw(url, { body: JSON.stringify(call('a', 'place_order', { city: 'Oslo', lines: [{ sku: 'b', qty: 3 }] })) });
      expect([plain.status, plain.headers['content-type'], JSON.parse(plain.text)]).toEqual([
        200,
        'application/json',
        { result: { content: [{ type: 'text', text: 'Oslo: 3 b' }] }, jsonrpc: '2.0', id: 'a' },
      ]);
      const streamed = await raw(url, { body: JSON.stringify(call(7, 'place_order', { city: 'Oslo', lines: [] }, { progressToken: 7 })) });
      expect([streamed.status, streamed.headers['content-type']]).toEqual([200, 'text/event-stream']);
      expect(streamed.text).toBe(
        `event: message\ndata: ${JSON.stringify({ result: { content: [{ type: 'text', text: 'Oslo: ' }] }, jsonrpc: '2.0', id: 7 })}\n\n`,
      );
      // A client that takes only SSE gets SSE.
      const sseOnly = await raw(url, {
        headers: { ...jsonHeaders, accept: 'text/event-stream' },
        body: JSON.stringify(call(8, 'place_order', { city: 'Oslo', lines: [] })),
      });
      expect(sseOnly.headers['content-type']).toBe('text/event-stream');
    } finally {
      await http.close();
    }
  });

  it('answers notifications alone with 202, and a batch with one response per request, ids restored', async () => {
    const { http, url } = await serve();
    try {
      const n = await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
      expect([n.status, n.text]).toEqual([202, '']);
      const batch = await raw(url, {
        body: JSON.stringify([
          call(1, 'place_order', { city: 'A', lines: [] }),
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          call('1', 'place_order', { city: 'B', lines: [] }),
        ]),
      });
      const answers = (JSON.parse(batch.text) as { id: number | string; result: { content: { text: string }[] } }[]).map((a) => [
        a.id,
        a.result.content[0]!.text,
      ]);
      expect(answers.sort((x, y) => String(x[1]).localeCompare(String(y[1])))).toEqual([
        [1, 'A: '],
        ['1', 'B: '],
      ]);
    } finally {
      await http.close();
    }
  });

  it('serves 1,000 concurrent calls from 10 clients whose request ids overlap, each call getting its own result', async () => {
    const { http, url } = await serve();
    // Each client keeps at most 20 connections (as a browser or a fetch pool does); its other calls wait for one.
    const agents = Array.from({ length: 10 }, () => new Agent({ keepAlive: true, maxSockets: 20 }));
    const clients = await Promise.all(agents.map(async (agent) => (await connectHttp(url, { fetch: nodeFetch({ agent }) })).client));
    try {
      const results = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => {
          const client = clients[i % 10]!;
          return client
            .callTool({ name: 'place_order', arguments: { city: `c${i}`, lines: [{ sku: `s${i}`, qty: (i % 1000) + 1 }] } })
            .then((r) => (r.content as { text: string }[])[0]!.text);
        }),
      );
      expect(results).toEqual(Array.from({ length: 1000 }, (_, i) => `c${i}: ${(i % 1000) + 1} s${i}`));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      for (const a of agents) a.destroy();
      await http.close();
    }
  }, 60_000);

  it("cancels the call when its HTTP request is closed (the tool's signal aborts)", async () => {
    const { http, url, shop } = await serve();
    try {
      const controller = new AbortController();
      const pending = fetch(url, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(call(1, 'slow', {})), signal: controller.signal }).catch(
        (e: unknown) => e,
      );
      await shop.started.reached(1);
      controller.abort();
      await pending;
      await shop.aborted.reached(1);
      expect([shop.started.count, shop.aborted.count]).toEqual([1, 1]);
      await stillServing(url);
    } finally {
      await http.close();
    }
  });

  it('hands the request headers and the bearer token holder to handlers as extra.requestInfo and extra.authInfo', async () => {
    const seen: unknown[] = [];
    const newServer = () => {
      const server = new Server(info, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
      server.setRequestHandler(CallToolRequestSchema, (_request, extra) => {
        seen.push([extra.authInfo?.clientId, extra.authInfo?.scopes, extra.requestInfo?.headers['x-tenant']]);
        return { content: [{ type: 'text', text: 'ok' }] };
      });
      return server;
    };
    const verifyAccessToken = async (token: string) => {
      if (token !== 'good') throw new InvalidTokenError('unknown token');
      return { token, clientId: 'ana', scopes: ['orders'], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    };
    const handler = createStreamableHttpHandler(newServer, {
      auth: { verifyAccessToken, authorizationServers: ['https://auth.example'], requiredScopes: ['orders'] },
    });
    const http = await listenMcpHttp(handler);
    try {
      const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', http.url);
      const refused = await raw(http.url, { body: JSON.stringify(call(1, 'x', {})) });
      expect([refused.status, refused.headers['www-authenticate']]).toEqual([
        401,
        `Bearer error="invalid_token", error_description="Missing Authorization header", scope="orders", resource_metadata="${metadataUrl.href}"`,
      ]);
      const metadata = await raw(metadataUrl, { method: 'GET', headers: {} });
      expect(JSON.parse(metadata.text)).toEqual({
        resource: http.url.href,
        authorization_servers: ['https://auth.example'],
        scopes_supported: ['orders'],
        bearer_methods_supported: ['header'],
      });
      await expect(connectHttp(http.url, { headers: { authorization: 'Bearer bad' } })).rejects.toMatchObject({ code: 401 });
      const { client } = await connectHttp(http.url, { headers: { authorization: 'Bearer good', 'x-tenant': 'acme' } });
      expect(await client.callTool({ name: 'x', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'ok' }] });
      await client.close();
      expect(seen).toEqual([['ana', ['orders'], 'acme']]);
    } finally {
      await http.close();
    }
  });
});

describe('MCP over Streamable HTTP: sessions', () => {
  it('opens a session on initialize, serves its calls and GET stream, sends list_changed through the session server, and ends on DELETE', async () => {
    const eventStore = new InMemoryEventStore();
    const stored = jest.spyOn(eventStore, 'storeEvent');
    const { http, url } = await serve({ sessions: { eventStore, newSessionId: () => `r1-${randomUUID()}` } });
    try {
      // The client opens its GET stream after initializing: its fetch says when the server has answered it.
      const getOpened = deferred();
      const changed = deferred();
      const { client, transport } = await connectHttp(url, {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (init?.method === 'GET' && response.ok) getOpened.resolve();
          return response;
        },
        before: (c) => c.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve()),
      });
      const id = transport.sessionId!;
      expect(id).toMatch(/^r1-[0-9a-f-]{36}$/);
      expect([...http.sessions.keys()]).toEqual([id]);
      const r = await client.callTool({ name: 'place_order', arguments: { city: 'Oslo', lines: [{ sku: 'a', qty: 1 }] } });
      expect(r.content).toEqual([{ type: 'text', text: 'Oslo: 1 a' }]);
      // A notification with no request reaches the open GET stream, sent once (stored under the session's
      // own name for its GET stream, `<session tag>.get`: issue 21).
      await getOpened.promise;
      await http.sessions.get(id)!.sendToolListChanged();
      await changed.promise;
      expect(stored.mock.calls.filter(([stream]) => stream.endsWith('.get')).map(([, message]) => message)).toEqual([
        { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      ]);
      // Another session's id, or none, is refused.
      const other = await raw(url, { headers: { ...jsonHeaders, 'mcp-session-id': 'nope' }, body: JSON.stringify(call(1, 'place_order', {})) });
      expect([other.status, rpcError(other.text).code]).toEqual([404, -32001]);
      const none = await raw(url, { body: JSON.stringify(call(1, 'place_order', {})) });
      expect(none.status).toBe(400);
      await transport.terminateSession();
      expect(http.sessions.size).toBe(0);
      await client.close();
    } finally {
      await http.close();
    }
  });

  it('closes a session idle for idleTimeoutMs; its id is then unknown (404)', async () => {
    const closed: string[] = [];
    const closing = deferred();
    const onSessionClosed = (id: string) => {
      closed.push(id);
      closing.resolve();
    };
    const { http, url } = await serve({ sessions: { idleTimeoutMs: 1500, onSessionClosed } });
    try {
      const { client, transport } = await connectHttp(url);
      const id = transport.sessionId!;
      await closing.promise;
      expect([closed, http.sessions.size]).toEqual([[id], 0]);
      const late = await raw(url, { headers: { ...jsonHeaders, 'mcp-session-id': id }, body: JSON.stringify(call(1, 'place_order', {})) });
      expect(late.status).toBe(404);
      await client.close();
    } finally {
      await http.close();
    }
  });

  it('answers an initialize beyond maxSessions with 503', async () => {
    const { http, url } = await serve({ sessions: { maxSessions: 1 } });
    try {
      const first = await connectHttp(url);
      await expect(connectHttp(url)).rejects.toMatchObject({ code: 503 });
      await first.close();
    } finally {
      await http.close();
    }
  });
});
