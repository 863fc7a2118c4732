/**
 * Issue 27: listen streams (MCP 2026-07-28 `subscriptions/listen`, and the 2025 GET stream of a
 * session) wait idle by design, so they count in bounds of their own (in all, per client, an idle
 * limit, the URIs one stream may name) and never take the request slots or the call streams that
 * calls need; and a listen stream hears only of what its caller may read (`visibleServed`, as
 * `resources/subscribe` decides). Real SDK clients (v2 `@modelcontextprotocol/client` at
 * 2026-07-28, v1 `@modelcontextprotocol/sdk` at 2025-11-25) over real HTTP; another client of a
 * loopback server is another local address (127.0.0.2).
 */
import 'reflect-metadata';
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Resource, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { BoundedStdioTransport, serveMcpHttp, serveMcpStdio, type McpHttpEndpoint, type McpHttpOptions } from 'tool-signatures/mcp';
import { connectHttp, stdioPipes } from '../helpers/mcp-client';
import { jsonHeaders, openSession, openStream, raw, rpcError, sseEvents, type OpenStream } from './fixtures/http';
import { runProgram } from '../helpers/programs';

const info = { name: 'listening', version: '1.0.0' };

class Desk {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }

  @Tool({ description: 'Reports its progress' })
  async tick(ctx: ToolContext): Promise<string> {
    await ctx.progress(1, 1);
    return 'ticked';
  }

  @Resource('notes://public', { description: 'Anyone may read it' })
  notes(): string {
    return 'notes';
  }

  @Resource('secret://payroll', { description: 'Admins only' })
  payroll(): string {
    return 'payroll';
  }
}

/** A set whose payroll only callers sending `x-role: admin` see. */
function desk(): ToolSet {
  return new ToolSet([new Desk()], {
    visibleServed: (item, ctx) => !('uri' in item && item.uri === 'secret://payroll') || ctx.caller?.headers?.['x-role'] === 'admin',
  });
}

/** A fetch over node:http from a chosen local address (honouring the abort signal), for the SDK clients. */
function fetchFrom(localAddress: string): typeof fetch {
  const agent = new Agent({ keepAlive: true, localAddress });
  return ((input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
      const req = request(String(input instanceof Request ? input.url : input), { method: init.method ?? 'GET', headers, agent }, (res) => {
        resolve(new Response(Readable.toWeb(res) as ReadableStream, { status: res.statusCode!, headers: res.headers as Record<string, string> }));
      });
      init.signal?.addEventListener('abort', () => req.destroy(), { once: true });
      req.on('error', reject);
      req.end(init.body as string | undefined);
    })) as typeof fetch;
}

/** A v2 client at 2026-07-28 from `from`, with extra headers. */
async function modernClient(url: URL, from = '127.0.0.1', headers: Record<string, string> = {}): Promise<ModernClient> {
  const client = new ModernClient({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new ModernTransport(url, { fetch: fetchFrom(from), requestInit: { headers } }));
  return client;
}

/** A v1 client (initialize, 2025-11-25) from `from`. */
async function legacyClient(url: URL, from = '127.0.0.1', headers: Record<string, string> = {}): Promise<Client> {
  return (await connectHttp(url, { fetch: fetchFrom(from), headers })).client;
}

const listed = async (c: { listTools(): Promise<{ tools: { name: string }[] }> }) => (await c.listTools()).tools.map((t) => t.name);

/** Listen from `c` until the server acknowledges; the stream stays open. */
const listenTools = (c: ModernClient) => c.listen({ toolsListChanged: true });

/** A 2026-07-28 `subscriptions/listen` sent by hand. */
const listenBody = (id: number, notifications: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: { notifications, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});
const modernHeaders = { ...jsonHeaders, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' };

describe('issue 27: listen streams count in bounds of their own', () => {
  let http: McpHttpEndpoint | undefined;
  const open: { close(): Promise<void> | void }[] = [];
  async function serve(options: McpHttpOptions): Promise<URL> {
    http = await serveMcpHttp(desk(), info, options);
    return http.url;
  }
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
    await http?.close();
    http = undefined;
  });

  it('idle listen streams take no request slot: with maxConcurrentRequests 1, every other client is still served on both revisions', async () => {
    const url = await serve({ maxConcurrentRequests: 1 });
    const holder = await modernClient(url, '127.0.0.2');
    open.push(holder);
    for (let i = 0; i < 3; i++) expect((await listenTools(holder)).honoredFilter).toEqual({ toolsListChanged: true });
    const modern = await modernClient(url);
    const legacy = await legacyClient(url);
    open.push(modern, legacy);
    expect(await listed(modern)).toEqual(['hello', 'tick']);
    expect(await listed(legacy)).toEqual(['hello', 'tick']);
    // The listening client's own calls are served too.
    expect(await listed(holder)).toEqual(['hello', 'tick']);
  });

  it('listen streams do not count against maxOpenStreams: a 2026 call still streams its progress while more listen than the bound', async () => {
    const url = await serve({ maxOpenStreams: 1 });
    const holder = await modernClient(url, '127.0.0.2');
    open.push(holder);
    for (let i = 0; i < 3; i++) await listenTools(holder);
    const r = await raw(url, {
      headers: { ...jsonHeaders, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'tick' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'tick',
          arguments: {},
          _meta: { progressToken: 1, 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
        },
      },
    });
    expect([r.status, r.headers['content-type'], sseEvents(r.text).map((e) => (e.data as { method?: string }).method ?? 'answer')]).toEqual([
      200,
      'text/event-stream',
      ['notifications/progress', 'answer'],
    ]);
  });

  it('one client holds at most maxListenStreamsPerClient (503 beyond, to the v2 client too); other clients still listen; a closed stream frees its slot', async () => {
    const url = await serve({ maxListenStreamsPerClient: 2 });
    // When the server sees each of the greedy client's listen streams close. This listener is added
    // when the request arrives, before the endpoint counts the stream (after reading its body), so
    // the endpoint's own close listener runs in the same emit, before the awaiting code resumes.
    const greedyClosed: Promise<void>[] = [];
    http!.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.socket.remoteAddress === '127.0.0.2' && req.headers['mcp-method'] === 'subscriptions/listen')
        greedyClosed.push(new Promise<void>((resolve) => res.once('close', () => resolve())));
    });
    const greedy = await modernClient(url, '127.0.0.2');
    const other = await modernClient(url);
    open.push(greedy, other);
    const first = await listenTools(greedy);
    await listenTools(greedy);
    await expect(listenTools(greedy)).rejects.toThrow(/this client holds its share of listen streams \(2\)/);
    const beyond = await raw(url, { headers: modernHeaders, body: listenBody(7, { toolsListChanged: true }), from: '127.0.0.2' });
    expect([beyond.status, beyond.headers['retry-after'], rpcError(beyond.text), JSON.parse(beyond.text).id]).toEqual([
      503,
      '5',
      { code: -32000, message: 'Service Unavailable: this client holds its share of listen streams (2); close one first' },
      7,
    ]);
    expect((await listenTools(other)).honoredFilter).toEqual({ toolsListChanged: true });
    await first.close();
    expect(await first.closed).toBe('local');
    // The slot is free once the server sees the stream close: the next listen is acknowledged.
    await greedyClosed[0];
    const again = await openStream(url, { method: 'POST', headers: modernHeaders, body: listenBody(8, {}), from: '127.0.0.2' });
    try {
      const text = await again.until((t) => t.includes('notifications/subscriptions/acknowledged'));
      expect([again.status, sseEvents(text).map((e) => (e.data as { method?: string }).method)]).toEqual([200, ['notifications/subscriptions/acknowledged']]);
    } finally {
      again.close();
    }
  });

  it('at most maxListenStreams in all, whoever holds them', async () => {
    const url = await serve({ maxListenStreams: 2, maxListenStreamsPerClient: 2 });
    const a = await modernClient(url, '127.0.0.2');
    const b = await modernClient(url);
    open.push(a, b);
    await listenTools(a);
    await listenTools(b);
    await expect(listenTools(b)).rejects.toThrow(/too many listen streams are open \(2\)/);
    expect(await listed(b)).toEqual(['hello', 'tick']);
  });

  it('a listen stream on which nothing was sent for listenIdleTimeoutMs is closed by the server with its empty result (the client sees a graceful close)', async () => {
    const url = await serve({ listenIdleTimeoutMs: 100 });
    const c = await modernClient(url);
    open.push(c);
    const sub = await listenTools(c);
    expect(await sub.closed).toBe('graceful');
    // And listens again.
    expect((await listenTools(c)).honoredFilter).toEqual({ toolsListChanged: true });
  });

  it('one listen names at most maxListenResources URIs (-32602 beyond); as many is acknowledged', async () => {
    const url = await serve({ maxListenResources: 2 });
    const c = await modernClient(url);
    open.push(c);
    await expect(c.listen({ resourceSubscriptions: ['notes://public', 'notes://a', 'notes://b'] })).rejects.toThrow(
      'Invalid params: the listen names 3 resource URIs; a listen stream may name at most 2.',
    );
    const r = await raw(url, {
      headers: modernHeaders,
      body: listenBody(3, { resourceSubscriptions: Array.from({ length: 50_000 }, (_, i) => `notes://${i}`) }),
    });
    expect([r.status, rpcError(r.text).code, JSON.parse(r.text).id]).toEqual([400, -32602, 3]);
    expect((await c.listen({ resourceSubscriptions: ['notes://public', 'notes://a'] })).honoredFilter).toEqual({ resourceSubscriptions: ['notes://public'] });
  });

  it('with sessions, the GET stream of a 2025 session is a listen stream: bounded per client, and no call stream or request slot is taken by it', async () => {
    const url = await serve({ sessions: true, maxListenStreamsPerClient: 1, maxOpenStreams: 1, maxConcurrentRequests: 1 });
    const streams: OpenStream[] = [];
    try {
      const one = await openSession(url, { from: '127.0.0.2' });
      const get = await openStream(url, { headers: { ...one.headers, accept: 'text/event-stream' }, from: '127.0.0.2' });
      streams.push(get);
      expect(get.status).toBe(200);
      const two = await openSession(url, { from: '127.0.0.2' });
      const beyond = await raw(url, { method: 'GET', headers: { ...two.headers, accept: 'text/event-stream' }, from: '127.0.0.2' });
      expect([beyond.status, rpcError(beyond.text).message]).toEqual([
        503,
        'Service Unavailable: this client holds its share of listen streams (1); close one first',
      ]);
      // The v1 client (another address) opens its GET stream and calls, with one stream slot and one request slot.
      const legacy = await legacyClient(url);
      open.push(legacy);
      expect(await listed(legacy)).toEqual(['hello', 'tick']);
      expect((await legacy.callTool({ name: 'hello', arguments: {} })).content).toEqual([{ type: 'text', text: 'hello' }]);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('issue 27: a listen stream hears only of what its caller may read', () => {
  let http: McpHttpEndpoint;
  let set: ToolSet;
  beforeAll(async () => {
    set = desk();
    // resources/subscribe belongs to a session: a stateless endpoint does not serve it (docs/mcp.md).
    http = await serveMcpHttp(set, info, { sessions: true });
  });
  afterAll(() => http.close());

  it('resources/subscribe (v1) and subscriptions/listen (v2) apply one rule: a hidden URI is refused, or left out of the acknowledgement, and its updates never arrive', async () => {
    const legacy = await legacyClient(http.url);
    const modern = await modernClient(http.url);
    try {
      await expect(legacy.subscribeResource({ uri: 'secret://payroll' })).rejects.toThrow("MCP error -32002: Unknown resource 'secret://payroll'.");
      const updated: string[] = [];
      modern.setNotificationHandler('notifications/resources/updated', (n) => void updated.push(n.params.uri));
      const sub = await modern.listen({ resourceSubscriptions: ['secret://payroll', 'notes://public'] });
      expect(sub.honoredFilter).toEqual({ resourceSubscriptions: ['notes://public'] });
      const heard = new Promise<void>((resolve) =>
        modern.setNotificationHandler('notifications/resources/updated', (n) => (updated.push(n.params.uri), resolve())),
      );
      // Sent in this order on one stream: had the payroll's update been sent, it would arrive first.
      set.notifyResourceUpdated('secret://payroll');
      set.notifyResourceUpdated('notes://public');
      await heard;
      expect(updated).toEqual(['notes://public']);
      await sub.close();
    } finally {
      await legacy.close();
      await modern.close();
    }
  });

  it('a caller that may read the payroll (x-role: admin) is acknowledged it and hears of its updates, on both revisions', async () => {
    const legacy = await legacyClient(http.url, '127.0.0.1', { 'x-role': 'admin' });
    const modern = await modernClient(http.url, '127.0.0.1', { 'x-role': 'admin' });
    try {
      expect(await legacy.subscribeResource({ uri: 'secret://payroll' })).toEqual({});
      const sub = await modern.listen({ resourceSubscriptions: ['secret://payroll'] });
      expect(sub.honoredFilter).toEqual({ resourceSubscriptions: ['secret://payroll'] });
      const heard = new Promise<string>((resolve) => modern.setNotificationHandler('notifications/resources/updated', (n) => resolve(n.params.uri)));
      set.notifyResourceUpdated('secret://payroll');
      expect(await heard).toBe('secret://payroll');
      await sub.close();
    } finally {
      await legacy.close();
      await modern.close();
    }
  });
});

describe('issue 27: a list change reaches a listen stream only when its caller can see it', () => {
  it("adding a tool only admins are shown (visible) is heard by an admin's stream, not by another caller's; a change every caller sees is heard by both, in order", async () => {
    const set = new ToolSet([new Desk()], { visible: (tool, ctx) => !tool.name.startsWith('admin_') || ctx.caller?.headers?.['x-role'] === 'admin' });
    const http = await serveMcpHttp(set, info, {});
    const user = await modernClient(http.url);
    const admin = await modernClient(http.url, '127.0.0.1', { 'x-role': 'admin' });
    try {
      const heard: Record<string, string[]> = { user: [], admin: [] };
      const fenced: Promise<void>[] = [];
      for (const [name, client] of [
        ['user', user],
        ['admin', admin],
      ] as const) {
        client.setNotificationHandler('notifications/tools/list_changed', () => void heard[name]!.push('tools/list_changed'));
        fenced.push(
          new Promise<void>((resolve) => client.setNotificationHandler('notifications/resources/updated', (n) => (heard[name]!.push(n.params.uri), resolve()))),
        );
        await client.listen({ toolsListChanged: true, resourceSubscriptions: ['notes://public'] });
      }
      set.add(Tool.fromJsonSchema({ name: 'admin_purge', description: 'Purges', inputSchema: { type: 'object' } }, () => 'purged'));
      // A fence on the same streams: what was sent before it arrives before it.
      set.notifyResourceUpdated('notes://public');
      await Promise.all(fenced);
      expect(heard).toEqual({ user: ['notes://public'], admin: ['tools/list_changed', 'notes://public'] });
      const again: Promise<void>[] = [user, admin].map(
        (client) => new Promise<void>((resolve) => client.setNotificationHandler('notifications/resources/updated', () => resolve())),
      );
      set.add(Tool.fromJsonSchema({ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }, () => 'echo'));
      set.notifyResourceUpdated('notes://public');
      await Promise.all(again);
      expect(heard).toEqual({ user: ['notes://public', 'tools/list_changed'], admin: ['tools/list_changed', 'notes://public', 'tools/list_changed'] });
      expect(await listed(user)).toEqual(['hello', 'tick', 'echo']);
    } finally {
      await user.close();
      await admin.close();
      await http.close();
    }
  });
});

describe('issue 27: a 2025 session hears of a list change only when its client can see it', () => {
  it("with sessions, a change only admins can see reaches an admin session's GET stream, not another's; a change both see reaches both", async () => {
    const set = new ToolSet([new Desk()], { visible: (tool, ctx) => !tool.name.startsWith('admin_') || ctx.caller?.headers?.['x-role'] === 'admin' });
    const http = await serveMcpHttp(set, info, { sessions: true });
    const streams: OpenStream[] = [];
    try {
      const open = async (headers: Record<string, string>) => {
        const s = await openSession(http.url, { headers, capabilities: {} });
        const get = await openStream(http.url, { headers: { ...s.headers, accept: 'text/event-stream' } });
        streams.push(get);
        expect(get.status).toBe(200);
        expect((await raw(http.url, { headers: s.headers, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })).status).toBe(200);
        expect(
          (await raw(http.url, { headers: s.headers, body: { jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'notes://public' } } }))
            .status,
        ).toBe(200);
        return get;
      };
      const user = await open({});
      const admin = await open({ 'x-role': 'admin' });
      const methods = (get: OpenStream) => sseEvents(get.text()).map((e) => (e.data as { method?: string }).method);
      const fenced = (get: OpenStream, n: number) => get.until(() => methods(get).filter((m) => m === 'notifications/resources/updated').length >= n);
      set.add(Tool.fromJsonSchema({ name: 'admin_purge', description: 'Purges', inputSchema: { type: 'object' } }, () => 'purged'));
      // A fence on the same streams: what was sent before it arrives before it.
      set.notifyResourceUpdated('notes://public');
      await Promise.all([fenced(user, 1), fenced(admin, 1)]);
      expect([methods(user), methods(admin)]).toEqual([
        ['notifications/resources/updated'],
        ['notifications/tools/list_changed', 'notifications/resources/updated'],
      ]);
      set.add(Tool.fromJsonSchema({ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }, () => 'echo'));
      set.notifyResourceUpdated('notes://public');
      await Promise.all([fenced(user, 2), fenced(admin, 2)]);
      expect(methods(user)).toEqual(['notifications/resources/updated', 'notifications/tools/list_changed', 'notifications/resources/updated']);
    } finally {
      for (const s of streams) s.close();
      await http.close();
    }
  });
});

describe('issue 27: over stdio (2026-07-28, the v2 client)', () => {
  it('a listen names at most maxListenResources URIs (-32602 beyond), and hears only of those its caller may read', async () => {
    const set = new ToolSet([new Desk()], { visibleServed: (item) => !('uri' in item && item.uri === 'secret://payroll') });
    const pipes = stdioPipes();
    const server = await serveMcpStdio(set, info, { ...pipes.server, maxListenResources: 2 });
    const client = new ModernClient({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new BoundedStdioTransport(pipes.client) as never);
    try {
      await expect(client.listen({ resourceSubscriptions: ['notes://public', 'notes://a', 'notes://b'] })).rejects.toThrow(
        'Invalid params: the listen names 3 resource URIs; a listen stream may name at most 2.',
      );
      const updated: string[] = [];
      const heard = new Promise<void>((resolve) =>
        client.setNotificationHandler('notifications/resources/updated', (n) => (updated.push(n.params.uri), resolve())),
      );
      const sub = await client.listen({ resourceSubscriptions: ['secret://payroll', 'notes://public'] });
      expect(sub.honoredFilter).toEqual({ resourceSubscriptions: ['notes://public'] });
      set.notifyResourceUpdated('secret://payroll');
      set.notifyResourceUpdated('notes://public');
      await heard;
      expect(updated).toEqual(['notes://public']);
      expect(await listed(client)).toEqual(['hello', 'tick']);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('issue 27: on a real NestJS application (platform-express), guards decide who hears of a resource, and forRoot({ mcp }) takes the listen bounds', () => {
  let out: Record<string, unknown>;
  beforeAll(async () => {
    out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/listen.ts', ['spec/nestjs/programs/listen.ts', 'lib/nestjs']);
  }, 180_000);

  it('a guard that refuses a read refuses resources/subscribe (v1: -32600) and leaves the URI out of a listen (v2), whose caller never hears of its updates', () => {
    expect(out.subscribeAda).toEqual({});
    expect(out.subscribeBob).toBe("MCP error -32600: Resource 'ledger://payroll' was refused.");
    expect(out.honoredAda).toEqual({ resourceSubscriptions: ['ledger://payroll', 'ledger://public'] });
    expect(out.honoredBob).toEqual({ resourceSubscriptions: ['ledger://public'] });
    expect(out.heard).toEqual({ ada: ['ledger://payroll', 'ledger://public'], bob: ['ledger://public'] });
  });

  it('the guard is asked with the caller, the kind and the URI, and the resource is never read to decide', () => {
    expect(out.reads).toBe(0);
    expect(out.asked).toEqual([
      { kind: 'resource', uri: 'ledger://payroll', user: 'ada' },
      { kind: 'resource', uri: 'ledger://payroll', user: 'bob' },
      { kind: 'resource', uri: 'ledger://payroll', user: 'ada' },
      { kind: 'resource', uri: 'ledger://payroll', user: 'bob' },
    ]);
  });

  it('maxListenStreamsPerClient and maxListenResources given to forRoot({ mcp }) hold', () => {
    expect(out.third).toMatch(/this client holds its share of listen streams \(2\)/);
    expect(out.tooMany).toMatch(/Invalid params: the listen names 3 resource URIs; a listen stream may name at most 2\./);
  });
});
