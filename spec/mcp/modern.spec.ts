/**
 * MCP 2026-07-28 and 2025-11-25 from ONE Streamable HTTP endpoint (lib/mcp/http/ routes a 2026
 * request to lib/mcp/modern.ts): the SDK's v2 client (`@modelcontextprotocol/client`, pinned to
 * 2026-07-28: `server/discover`, no `initialize`, the version and capabilities in each request's
 * `_meta`) and the v1 client (`@modelcontextprotocol/sdk`, `initialize` at 2025-11-25) against the
 * same `serveMcpHttp` endpoint, stateless and with sessions, read the same tools, results, refusals,
 * prompts and resources. Errors on the 2026 path echo the request's id; the endpoint's guards (Host,
 * Origin, body size, bearer auth, the concurrency limit, `visible` rules) hold on it as on 2025.
 * Elicitation and sampling (`input_required`) are spec/mcp/modern-input.spec.ts.
 */
import 'reflect-metadata';
import { request } from 'node:http';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Int32, Param, Part, Prompt, Resource, ResourceTemplate, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint, type McpHttpOptions } from 'tool-signatures/mcp';
import { runProgram } from '../helpers/programs';
import { deferred } from '../helpers/signals';
import { jsonHeaders, MODERN, openSession, raw, sseEvents } from './fixtures/http';
import { Forecast, PNG } from './fixtures/results';

const info = { name: 'desk', version: '1.0.0' };

/** Calls of `hold` wait here until the spec lets them go. */
let release: () => void = () => undefined;
let held = new Promise<void>((resolve) => (release = resolve));
let entered: () => void = () => undefined;

class Desk {
  @Tool({ description: 'Counts to n, logging at two levels and reporting progress.' })
  async count(@Param({ type: Int32 }) n: number, ctx: ToolContext): Promise<string> {
    for (let i = 1; i <= n; i++) {
      await ctx.log('debug', `debug ${i}`);
      await ctx.log('warning', `warning ${i}`);
      await ctx.progress(i, n, `${i} of ${n}`);
    }
    return `counted to ${n}`;
  }

  @Tool({ description: 'The forecast for a city.', returns: () => Forecast })
  forecast(@Param({ description: 'Where' }) city: string): Forecast {
    return Object.assign(new Forecast(), { city, high: city.length });
  }

  @Tool({ description: 'A picture with a caption.' })
  picture(): Part[] {
    return [Part.text('a dot'), Part.image('image/png', PNG)];
  }

  @Tool({ description: 'Always fails.' })
  fail(): string {
    throw new Error('the oven is cold');
  }

  @Tool({ description: 'Who is calling.' })
  whoami(ctx: ToolContext): string {
    const { via, authInfo, headers } = ctx.caller;
    return JSON.stringify({
      via,
      client: authInfo?.clientId,
      token: authInfo?.token,
      headers: Object.keys(headers ?? {})
        .filter((h) => h === 'authorization' || h === 'x-tenant')
        .sort(),
    });
  }

  @Tool({ description: 'Admins only.' })
  purge(): string {
    return 'purged';
  }

  @Tool({ description: 'Waits until the spec releases it.' })
  async hold(): Promise<string> {
    entered();
    await held;
    return 'released';
  }

  @Prompt({ description: 'Greets someone.' })
  greet(@Param({ description: 'Who' }) who: string) {
    return `Good day, ${who}!`;
  }

  @Resource('desk://motd', { name: 'Message of the day', mimeType: 'text/plain' })
  motd() {
    return 'Tea at four.';
  }

  @ResourceTemplate('desk://rooms/{id}', { description: 'A room', mimeType: 'application/json' })
  room(@Param({ type: Int32 }) id: number) {
    return { id, seats: id * 2 };
  }
}

/** Calls of `hold` are let go; the next ones wait again. Resolves once one call has entered `hold`. */
function gate(): { released: () => void; entered: Promise<void> } {
  held = new Promise<void>((resolve) => (release = resolve));
  const inside = new Promise<void>((resolve) => (entered = resolve));
  return { released: () => release(), entered: inside };
}

const set = (options: ConstructorParameters<typeof ToolSet>[1] = {}) => new ToolSet([new Desk()], options);

/** The v2 client, pinned to 2026-07-28 (it connects by `server/discover`). */
async function modernClient(url: URL, headers: Record<string, string> = {}): Promise<ModernClient> {
  const client = new ModernClient({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(new ModernTransport(url, { requestInit: { headers } }));
  return client;
}

/** The v1 client (`initialize`, 2025-11-25). */
async function legacyClient(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'legacy', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/**
 * A result as JSON text without what only 2026-07-28 has: the server names itself in every result's
 * `_meta`, and cacheable results carry caching hints (`ttlMs`, `cacheScope`).
 */
function bare(result: object): string {
  const { _meta, ttlMs, cacheScope, ...rest } = result as { _meta?: unknown; ttlMs?: unknown; cacheScope?: unknown };
  return JSON.stringify(rest);
}

/** The `_meta` envelope a 2026-07-28 request carries. */
const envelope = (capabilities: object | null = {}) => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  ...(capabilities !== null ? { 'io.modelcontextprotocol/clientCapabilities': capabilities } : {}),
});

/** A raw 2026-07-28 request, with the headers a 2026 client sends (`headers` replace them). */
function modernPost(url: URL, id: number, method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return raw(url, {
    headers: { ...jsonHeaders, 'mcp-protocol-version': MODERN, 'mcp-method': method, ...name, ...headers },
    body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...envelope(), ...(params._meta as object | undefined) } } },
  });
}

describe.each([
  ['stateless', {}],
  ['with sessions', { sessions: true }],
])('MCP 2026-07-28 and 2025-11-25 on one endpoint, %s (the SDK v2 and v1 clients)', (_mode, options: McpHttpOptions) => {
  let http: McpHttpEndpoint;
  let modern: ModernClient;
  let legacy: Client;
  beforeAll(async () => {
    http = await serveMcpHttp(set(), info, options);
    modern = await modernClient(http.url);
    legacy = await legacyClient(http.url);
  });
  afterAll(async () => {
    await modern.close();
    await legacy.close();
    await http.close();
  });

  it('the 2026 client connects by server/discover, the 2025 client by initialize, to the same URL', () => {
    expect([modern.getProtocolEra(), modern.getNegotiatedProtocolVersion(), legacy.getServerVersion()]).toEqual(['modern', MODERN, info]);
    const discovered = modern.getDiscoverResult()!;
    expect(JSON.stringify(discovered)).toBe(
      JSON.stringify({
        _meta: { 'io.modelcontextprotocol/serverInfo': info },
        ttlMs: 0,
        // What the server is and can do is the same for every caller.
        cacheScope: 'public',
        supportedVersions: [MODERN],
        capabilities: {
          logging: {},
          completions: {},
          prompts: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          tools: { listChanged: true },
        },
        resultType: 'complete',
      }),
    );
    // A stateless 2025 endpoint delivers no list change and no resource update: it declares neither (2026 delivers them on a listen).
    expect(legacy.getServerCapabilities()).toEqual(
      options.sessions === true ? discovered.capabilities : { logging: {}, completions: {}, prompts: {}, resources: {}, tools: {} },
    );
  });

  it('tools/list: the same tool JSON on both eras', async () => {
    const [m, l] = await Promise.all([modern.listTools(), legacy.listTools()]);
    expect(JSON.stringify(m.tools)).toBe(JSON.stringify(l.tools));
    expect(JSON.stringify(m.tools.find((t) => t.name === 'forecast'))).toBe(
      JSON.stringify({
        name: 'forecast',
        description: 'The forecast for a city.',
        inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'Where' } }, required: ['city'], additionalProperties: false },
        outputSchema: {
          type: 'object',
          properties: { city: { type: 'string' }, high: { type: 'integer', minimum: -2147483648, maximum: 2147483647 } },
          required: ['city', 'high'],
          additionalProperties: false,
        },
      }),
    );
    expect(m.tools.map((t) => t.name)).toEqual(['count', 'forecast', 'picture', 'fail', 'whoami', 'purge', 'hold']);
  });

  it('tools/call: text, image, structured and isError results, and argument refusals, the same on both eras', async () => {
    const calls = [
      { name: 'count', arguments: { n: 1 } },
      { name: 'forecast', arguments: { city: 'Oslo' } },
      { name: 'picture', arguments: {} },
      { name: 'fail', arguments: {} },
      { name: 'count', arguments: { n: 'three' } },
      { name: 'forecast', arguments: { city: 'Oslo', days: 3 } },
      { name: 'nope', arguments: {} },
    ];
    const m = await Promise.all(calls.map((c) => modern.callTool(c)));
    const l = await Promise.all(calls.map((c) => legacy.callTool(c)));
    expect(m.map(bare)).toEqual(l.map(bare));
    expect(m.map(bare)).toEqual([
      JSON.stringify({ content: [{ type: 'text', text: 'counted to 1' }] }),
      JSON.stringify({ content: [{ type: 'text', text: '{"city":"Oslo","high":4}' }], structuredContent: { city: 'Oslo', high: 4 } }),
      JSON.stringify({
        content: [
          { type: 'text', text: 'a dot' },
          { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
        ],
      }),
      JSON.stringify({ content: [{ type: 'text', text: "Tool 'fail' failed: Error: the oven is cold" }], isError: true }),
      JSON.stringify({ content: [{ type: 'text', text: "Argument 'n' must be an integer from -2147483648 to 2147483647." }], isError: true }),
      JSON.stringify({ content: [{ type: 'text', text: "Argument 'days' is not a parameter of tool 'forecast'." }], isError: true }),
      JSON.stringify({
        content: [{ type: 'text', text: "Unknown tool 'nope'. Available tools: count, forecast, picture, fail, whoami, purge, hold." }],
        isError: true,
      }),
    ]);
    expect((m[0] as { _meta?: unknown })._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': info });
  });

  it("progress reaches the 2026 client; log messages only at the request's own _meta log level, and none without one", async () => {
    const seen: unknown[] = [];
    modern.setNotificationHandler('notifications/message', (n) => void seen.push(`${n.params.level} ${String(n.params.data)}`));
    const unleveled = await modern.callTool(
      { name: 'count', arguments: { n: 2 } },
      { onprogress: (p) => void seen.push(`${p.progress}/${p.total} ${p.message}`) },
    );
    expect(bare(unleveled)).toBe(JSON.stringify({ content: [{ type: 'text', text: 'counted to 2' }] }));
    expect(seen.splice(0)).toEqual(['1/2 1 of 2', '2/2 2 of 2']);
    await modern.callTool(
      { name: 'count', arguments: { n: 2 }, _meta: { 'io.modelcontextprotocol/logLevel': 'warning' } },
      { onprogress: (p) => void seen.push(`${p.progress}/${p.total} ${p.message}`) },
    );
    expect(seen.splice(0)).toEqual(['warning warning 1', '1/2 1 of 2', 'warning warning 2', '2/2 2 of 2']);
    await modern.callTool({ name: 'count', arguments: { n: 1 }, _meta: { 'io.modelcontextprotocol/logLevel': 'debug' } });
    expect(seen.splice(0)).toEqual(['debug debug 1', 'warning warning 1']);
    // The level was the request's own: the next request without one hears no log message.
    await modern.callTool({ name: 'count', arguments: { n: 1 } }, { onprogress: (p) => void seen.push(`${p.progress}/${p.total} ${p.message}`) });
    expect(seen.splice(0)).toEqual(['1/1 1 of 1']);
  });

  it('the 2025 client hears the same progress and log messages from the same endpoint', async () => {
    const seen: unknown[] = [];
    legacy.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void seen.push(`${n.params.level} ${String(n.params.data)}`));
    await legacy.callTool({ name: 'count', arguments: { n: 1 } }, undefined, { onprogress: (p) => void seen.push(`${p.progress}/${p.total} ${p.message}`) });
    expect(seen).toEqual(['debug debug 1', 'warning warning 1', '1/1 1 of 1']);
  });

  it('prompts and resources: the same lists and answers on both eras', async () => {
    const m = modern;
    const l = legacy;
    const lists = async (c: {
      listPrompts(): Promise<{ prompts: unknown }>;
      listResources(): Promise<{ resources: unknown }>;
      listResourceTemplates(): Promise<{ resourceTemplates: unknown }>;
    }) => JSON.stringify([(await c.listPrompts()).prompts, (await c.listResources()).resources, (await c.listResourceTemplates()).resourceTemplates]);
    expect(await lists(m)).toBe(await lists(l));
    expect(await lists(m)).toBe(
      JSON.stringify([
        [{ name: 'greet', description: 'Greets someone.', arguments: [{ name: 'who', description: 'Who', required: true }] }],
        [{ name: 'Message of the day', uri: 'desk://motd', mimeType: 'text/plain' }],
        [{ name: 'room', uriTemplate: 'desk://rooms/{id}', description: 'A room', mimeType: 'application/json' }],
      ]),
    );
    const prompt = { name: 'greet', arguments: { who: 'Ada' } };
    expect(bare(await m.getPrompt(prompt))).toBe(bare(await l.getPrompt(prompt)));
    expect(bare(await m.getPrompt(prompt))).toBe(
      JSON.stringify({ description: 'Greets someone.', messages: [{ role: 'user', content: { type: 'text', text: 'Good day, Ada!' } }] }),
    );
    for (const uri of ['desk://motd', 'desk://rooms/3']) expect(bare(await m.readResource({ uri }))).toBe(bare(await l.readResource({ uri })));
    const read = (await m.readResource({ uri: 'desk://motd' })) as { ttlMs?: unknown; cacheScope?: unknown };
    // A resource may differ by caller (its method sees ctx.caller): cached for no one else, and not at all.
    expect([read.ttlMs, read.cacheScope]).toEqual([0, 'private']);
    expect(bare(await m.readResource({ uri: 'desk://rooms/3' }))).toBe(
      JSON.stringify({ contents: [{ uri: 'desk://rooms/3', mimeType: 'application/json', text: '{"id":3,"seats":6}' }] }),
    );
  });
});

describe('errors on the 2026-07-28 path echo the request id', () => {
  let http: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(set(), info);
  });
  afterAll(() => http.close());

  it('an Mcp-Name header that disagrees with the body: 400, HeaderMismatch (-32020), with the id', async () => {
    const r = await modernPost(http.url, 41, 'tools/call', { name: 'count', arguments: { n: 1 } }, { 'mcp-name': 'purge' });
    // The rule and answer of both revisions (lib/mcp/http/headers.ts), checked before the route.
    expect([r.status, JSON.parse(r.text)]).toEqual([
      400,
      { jsonrpc: '2.0', id: 41, error: { code: -32020, message: "Header mismatch: Mcp-Name header value 'purge' does not match body value 'count'" } },
    ]);
  });

  it('an unsupported version (2027-01-01): -32022 with the id and data.supported naming 2026-07-28', async () => {
    const r = await raw(http.url, {
      headers: { ...jsonHeaders, 'mcp-protocol-version': '2027-01-01', 'mcp-method': 'tools/list' },
      body: { jsonrpc: '2.0', id: 'v', method: 'tools/list', params: { _meta: { ...envelope(), 'io.modelcontextprotocol/protocolVersion': '2027-01-01' } } },
    });
    const body = JSON.parse(r.text);
    expect([r.status, body.id, body.error.code]).toEqual([400, 'v', -32022]);
    expect(body.error.data.supported).toContain(MODERN);
  });

  it('a request without the clientCapabilities envelope: -32602 with the id', async () => {
    const r = await raw(http.url, {
      headers: { ...jsonHeaders, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
      body: { jsonrpc: '2.0', id: 43, method: 'tools/list', params: { _meta: envelope(null) } },
    });
    const body = JSON.parse(r.text);
    expect([r.status, body.id, body.error.code]).toEqual([400, 43, -32602]);
  });
});

const PUBLIC = 'https://tools.example.com/mcp';
const METADATA = 'https://tools.example.com/.well-known/oauth-protected-resource/mcp';

async function verifyAccessToken(token: string): Promise<AuthInfo> {
  const scopes = { ada: ['read'], root: ['read', 'admin'] }[token];
  if (scopes === undefined) throw new InvalidTokenError('unknown token');
  return { token, clientId: token, scopes, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
}

const auth = { verifyAccessToken, authorizationServers: ['https://auth.example.com'], resource: PUBLIC };
const adminOnly = set({ visible: (tool, ctx) => tool.name !== 'purge' || (ctx.caller.authInfo?.scopes.includes('admin') ?? false) });

describe('the endpoint guards hold on the 2026-07-28 path', () => {
  const discover = (headers: Record<string, string> = {}) => ({
    headers: { ...jsonHeaders, 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover', ...headers },
    body: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } },
  });

  it('DNS rebinding: a Host not of loopback is 403 before anything; a foreign Origin is 403', async () => {
    const http = await serveMcpHttp(set(), info);
    try {
      const rebound = await raw(http.url, discover({ host: 'evil.example.com' }));
      expect([rebound.status, JSON.parse(rebound.text)]).toEqual([
        403,
        {
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message:
              "Forbidden: Host header not allowed ('evil.example.com'). If this host name is served on purpose (a reverse proxy that forwards the Host header), admit it with the endpoint option allowedHosts: ['evil.example.com'], or give the public URL's origin as publicOrigin (options of serveMcpHttp, createMcpHttpHandler and ToolsModule.forRoot({ mcp })).",
          },
          id: null,
        },
      ]);
      const foreign = await raw(http.url, discover({ origin: 'https://evil.example.com' }));
      expect([foreign.status, JSON.parse(foreign.text)]).toEqual([
        403,
        {
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message:
              "Forbidden: Origin not allowed ('https://evil.example.com'). If pages of this origin are your own web client, admit it with the endpoint option allowedOrigins: ['https://evil.example.com'] (or publicOrigin, when it is the endpoint's own public origin).",
          },
          id: null,
        },
      ]);
      // The same requests from loopback are answered.
      expect((await raw(http.url, discover({ origin: 'http://localhost:3000' }))).status).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('a body over maxBodyBytes is 413', async () => {
    const http = await serveMcpHttp(set(), info, { maxBodyBytes: 2048 });
    try {
      const r = await modernPost(http.url, 2, 'tools/call', { name: 'forecast', arguments: { city: 'x'.repeat(4096) } });
      expect([r.status, JSON.parse(r.text).error.message]).toEqual([413, 'Payload Too Large: the body must not exceed 2048 bytes']);
      expect((await modernPost(http.url, 3, 'tools/call', { name: 'forecast', arguments: { city: 'x'.repeat(100) } })).status).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('with auth: a 2026 request without a token is 401 with WWW-Authenticate; the v2 client cannot connect without one', async () => {
    const http = await serveMcpHttp(adminOnly, info, { auth });
    try {
      for (const r of [
        await raw(http.url, discover()),
        await modernPost(http.url, 5, 'tools/call', { name: 'purge', arguments: {} }),
        await modernPost(http.url, 6, 'tools/call', { name: 'purge', arguments: {} }, { authorization: 'Bearer forged' }),
      ]) {
        expect([
          r.status,
          r.headers['www-authenticate']?.startsWith('Bearer error="invalid_token"'),
          r.headers['www-authenticate']?.endsWith(`resource_metadata="${METADATA}"`),
        ]).toEqual([401, true, true]);
      }
      await expect(modernClient(http.url)).rejects.toThrow();
      await expect(modernClient(http.url, { authorization: 'Bearer forged' })).rejects.toThrow();
    } finally {
      await http.close();
    }
  });

  it("a tool's visible rule sees the 2026 caller: tools/list and tools/call vary by authorization, as on 2025", async () => {
    const http = await serveMcpHttp(adminOnly, info, { auth });
    const user = await modernClient(http.url, { authorization: 'Bearer ada', 'x-tenant': 'north' });
    const admin = await modernClient(http.url, { authorization: 'Bearer root' });
    const legacyUser = await legacyClient(http.url, { authorization: 'Bearer ada', 'x-tenant': 'north' });
    try {
      expect((await user.listTools()).tools.map((t) => t.name)).toEqual(['count', 'forecast', 'picture', 'fail', 'whoami', 'hold']);
      expect((await admin.listTools()).tools.map((t) => t.name)).toEqual(['count', 'forecast', 'picture', 'fail', 'whoami', 'purge', 'hold']);
      const refused = await user.callTool({ name: 'purge', arguments: {} });
      expect(bare(refused)).toBe(bare(await legacyUser.callTool({ name: 'purge', arguments: {} })));
      expect(refused.isError).toBe(true);
      expect(bare(await admin.callTool({ name: 'purge', arguments: {} }))).toBe(JSON.stringify({ content: [{ type: 'text', text: 'purged' }] }));
      // The tool sees who calls and the headers, not the credentials (exposeCredentials is off).
      const who = await user.callTool({ name: 'whoami', arguments: {} });
      expect(bare(who)).toBe(bare(await legacyUser.callTool({ name: 'whoami', arguments: {} })));
      expect(JSON.parse((who.content as { text: string }[])[0]!.text)).toEqual({ via: 'mcp', client: 'ada', headers: ['x-tenant'] });
    } finally {
      await user.close();
      await admin.close();
      await legacyUser.close();
      await http.close();
    }
  });

  it('the per-caller rate limit counts the calls of both eras in one bucket, and refuses on 2026 as on 2025', async () => {
    const http = await serveMcpHttp(set(), info, { rateLimit: { calls: 2, perSeconds: 3600 } });
    const modern = await modernClient(http.url);
    const legacy = await legacyClient(http.url);
    try {
      const call = { name: 'count', arguments: { n: 1 } };
      expect([(await legacy.callTool(call)).isError, (await modern.callTool(call)).isError]).toEqual([undefined, undefined]);
      const [m, l] = [await modern.callTool(call), await legacy.callTool(call)];
      expect(bare(m)).toBe(bare(l));
      expect([m.isError, (m.content as { text: string }[])[0]!.text]).toEqual([
        true,
        expect.stringMatching(/^Tool 'count' was not run: too many calls from this caller \(limit 2 per 3600 s\); try again in \d+ s\.$/),
      ]);
    } finally {
      await modern.close();
      await legacy.close();
      await http.close();
    }
  });

  it.each([
    ['stateless', {}],
    ['with sessions', { sessions: true }],
  ])('%s: the concurrency limit holds for 2026 requests (503), whichever era holds the slot', async (_mode, options: McpHttpOptions) => {
    const http = await serveMcpHttp(set(), info, { ...options, maxConcurrentRequests: 1 });
    const modern = await modernClient(http.url);
    const legacy = await legacyClient(http.url);
    try {
      for (const holder of [modern, legacy] as const) {
        const g = gate();
        const holding = (holder as Client).callTool({ name: 'hold', arguments: {} });
        holding.catch(() => undefined);
        await g.entered;
        const r = await modernPost(http.url, 9, 'tools/call', { name: 'count', arguments: { n: 1 } });
        expect([r.status, r.headers['retry-after'], JSON.parse(r.text).error.message]).toEqual([
          503,
          '1',
          'Service Unavailable: too many requests in progress',
        ]);
        g.released();
        expect(bare(await holding)).toBe(JSON.stringify({ content: [{ type: 'text', text: 'released' }] }));
      }
      expect(bare(await modern.callTool({ name: 'count', arguments: { n: 1 } }))).toBe(JSON.stringify({ content: [{ type: 'text', text: 'counted to 1' }] }));
    } finally {
      release();
      await modern.close();
      await legacy.close();
      await http.close();
    }
  });

  it('the stream bound holds on 2026: beyond maxOpenStreams, or to a client that takes no SSE, a call is answered as JSON', async () => {
    const http = await serveMcpHttp(set(), info, { maxOpenStreams: 1 });
    const progress = (id: number, headers: Record<string, string> = {}) =>
      modernPost(http.url, id, 'tools/call', { name: 'count', arguments: { n: 1 }, _meta: { progressToken: id } }, headers);
    const kinds = (text: string) => sseEvents(text).map((e) => (e.data as { method?: string }).method ?? 'answer');
    try {
      const streamed = await progress(1);
      expect([streamed.status, streamed.headers['content-type'], kinds(streamed.text)]).toEqual([
        200,
        'text/event-stream',
        ['notifications/progress', 'answer'],
      ]);
      const jsonOnly = await progress(2, { accept: 'application/json' });
      expect([jsonOnly.status, jsonOnly.headers['content-type'], JSON.parse(jsonOnly.text).result.content]).toEqual([
        200,
        'application/json',
        [{ type: 'text', text: 'counted to 1' }],
      ]);
      // A call that may stream (it asks for progress) holds the one stream slot while it runs: the next
      // is answered as JSON (its notifications dropped); once the first has answered, calls stream again.
      // (A plain call cannot stream: it is answered as JSON on the direct path, holding no slot.)
      const g = gate();
      const holding = modernPost(http.url, 3, 'tools/call', { name: 'hold', arguments: {}, _meta: { progressToken: 3 } });
      await g.entered;
      const beyond = await progress(4);
      expect([beyond.status, beyond.headers['content-type'], JSON.parse(beyond.text).id]).toEqual([200, 'application/json', 4]);
      g.released();
      expect(JSON.parse((await holding).text).result.content).toEqual([{ type: 'text', text: 'released' }]);
      expect((await progress(5)).headers['content-type']).toBe('text/event-stream');
    } finally {
      release();
      await http.close();
    }
  });

  it('a 2026 call whose HTTP request closes is cancelled (its signal aborts) and frees its slot', async () => {
    const seen: string[] = [];
    const started = deferred();
    const aborted = deferred();
    class Waiter {
      @Tool({ description: 'Waits until cancelled.' })
      async wait(signal: AbortSignal): Promise<string> {
        seen.push('started');
        started.resolve();
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        seen.push('aborted');
        aborted.resolve();
        return 'never read';
      }
    }
    const http = await serveMcpHttp(new ToolSet([new Waiter()]), info, { maxConcurrentRequests: 1 });
    try {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait', arguments: {}, _meta: envelope() } });
      const req = request(http.url, {
        method: 'POST',
        headers: { ...jsonHeaders, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'wait' },
      });
      req.on('error', () => undefined);
      req.end(body);
      await started.promise;
      req.destroy();
      await aborted.promise;
      expect(seen).toEqual(['started', 'aborted']);
      expect((await modernPost(http.url, 2, 'tools/list', {})).status).toBe(200);
    } finally {
      await http.close();
    }
  });

  it("with sessions: a 2026 request naming its sender's session takes no slot of the reserve kept for a session's answers", async () => {
    const http = await serveMcpHttp(set(), info, { sessions: true, maxConcurrentRequests: 1 });
    const legacy = await legacyClient(http.url);
    const session = await openSession(http.url);
    try {
      const g = gate();
      const holding = legacy.callTool({ name: 'hold', arguments: {} });
      holding.catch(() => undefined);
      await g.entered;
      const r = await modernPost(http.url, 10, 'tools/call', { name: 'count', arguments: { n: 1 } }, { 'mcp-session-id': session.id });
      expect([r.status, JSON.parse(r.text)]).toEqual([
        503,
        { jsonrpc: '2.0', error: { code: -32000, message: 'Service Unavailable: too many requests in progress' }, id: 10 },
      ]);
      g.released();
      await holding;
    } finally {
      release();
      await legacy.close();
      await http.close();
    }
  });
});

it('NestJS: ToolsModule.forRoot({ mcp }) on a real Express application answers a 2026-07-28 tools/call and a 2025 one', async () => {
  const out = await runProgram<Record<string, unknown>>('spec/mcp/programs/modern-nestjs.ts', ['spec/mcp/programs/modern-nestjs.ts', 'lib/nestjs']);
  expect(out).toEqual({ era: 'modern', version: MODERN, modern: 'It is noon in Oslo.', legacy: 'It is noon in Oslo.' });
}, 180_000);
