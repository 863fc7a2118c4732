/**
 * Every option `ToolsModule.forRoot` types, each tried on a real NestJS 12 HTTP application
 * (@nestjs/platform-express) through the real MCP SDK client: the application is started once with
 * the option and once without it, and what a user would see is recorded both times. The rows are
 * `Record`s keyed by the options' own keys, so a newly typed option without a row does not compile
 * (this program is type-checked when spec/nestjs/options.spec.ts runs it). Prints one JSON object.
 */
import 'reflect-metadata';
import { Inject, Injectable, Module, Scope, type INestApplication, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { INVALID_SPAN_CONTEXT } from '@opentelemetry/api';
import { IsOptional, IsString } from 'class-validator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Resource, Tool, ToolContext, type ToolResult } from 'tool-signatures';
import { ToolRegistry, ToolsModule, type ToolsModuleOptions } from 'tool-signatures/nestjs';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { MemoryEventBus, MemoryEventStore, MemorySessionRegistry } from 'tool-signatures/mcp';
import { connectHttp } from '../../helpers/mcp-client';

// ---- the application's tools

/** Lets a test hold a call inside its tool, and know when it is there. */
@Injectable()
class Gate {
  entered!: () => void;
  readonly inside = new Promise<void>((resolve) => (this.entered = resolve));
  release!: () => void;
  readonly open = new Promise<void>((resolve) => (this.release = resolve));
}

/** An order: `customer` typed by its rule; `note` by none (its design type erased: OLT016). */
class OrderDto {
  @IsString() customer!: string;
  @IsOptional() note?: string | number;
}

@Injectable()
class Desk {
  constructor(@Inject(Gate) private readonly gate: Gate) {}

  @Tool({ description: 'Look an order up.' })
  lookup(id: string): string {
    return `order ${id}`;
  }

  @Tool({ description: 'Reset the books (admins only).' })
  adminReset(): string {
    return 'books reset';
  }

  @Tool({ description: 'Transfer money.', requiresApproval: true })
  transfer(amount: number): string {
    return `transferred ${amount}`;
  }

  @Tool({ description: 'The monthly report.' })
  report(): string {
    throw new Error('connect ECONNREFUSED postgres://app:DB-PASSWORD@db.internal:5432/app');
  }

  @Tool({ description: 'What the tool is told of the credentials.' })
  credentials(ctx: ToolContext): string {
    return String(ctx.caller.headers?.authorization ?? 'not shown');
  }

  @Tool({ description: 'Waits until the test opens the gate.' })
  async hold(): Promise<string> {
    this.gate.entered();
    await this.gate.open;
    return 'held';
  }

  @Tool({ description: 'Place an order.' })
  place(order: OrderDto): string {
    return `order for ${order.customer}`;
  }

  @Resource('menu://today', { mimeType: 'text/plain' })
  menu(): string {
    return 'soup';
  }

  @Resource('secret://payroll', { mimeType: 'text/plain' })
  payroll(): string {
    return 'salaries';
  }
}

/** Request-scoped: started with the default `scoped: 'resolve'`, refused with `'refuse'`. */
@Injectable({ scope: Scope.REQUEST })
class SessionNotes {
  @Tool({ description: 'A note for this request.' })
  sessionNote(): string {
    return 'noted';
  }
}

/** A provider of another module that injects the registry (needs the module to be global). */
@Injectable()
class Consumer {
  constructor(@Inject(ToolRegistry) readonly registry: ToolRegistry) {}
}

@Module({ providers: [Consumer] })
class ConsumerModule {}

// ---- starting the application

type McpOptions = NonNullable<ToolsModuleOptions['mcp']>;

/** A running application, and where its MCP endpoint is. */
interface Started {
  readonly app: INestApplication;
  readonly base: string;
  readonly url: URL;
  readonly gate: Gate;
}

async function start(options: ToolsModuleOptions, appOptions: NestApplicationOptions = {}): Promise<Started> {
  @Module({ imports: [ToolsModule.forRoot(options), ConsumerModule], providers: [Gate, Desk, SessionNotes] })
  class AppModule {}
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false, ...appOptions });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return { app, base, url: new URL(`${base}${options.mcp?.path ?? '/mcp'}`), gate: app.get(Gate) };
}

async function connect(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  return (await connectHttp(url, { headers })).client;
}

const text = (result: unknown): string => (result as { content: { text: string }[] }).content.map((c) => c.text).join('\n');
/** A ToolResult's text. */
const partsText = (result: ToolResult): string => result.parts.map((p) => ('text' in p ? p.text : '')).join('\n');
const call = async (s: Started, name: string, args: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<string> => {
  const client = await connect(s.url, headers);
  try {
    return text(await client.callTool({ name, arguments: args }));
  } finally {
    await client.close();
  }
};

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

interface Raw {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly response: IncomingMessage;
}

/**
 * One request by hand (a `Host` header, a body sent in part): resolves with the response's status
 * and headers as soon as they arrive; `hold: true` leaves the request's body unfinished.
 */
function raw(url: URL, init: { method?: string; headers?: Record<string, string | number>; body?: string; hold?: boolean }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const length = init.body !== undefined ? { 'content-length': Buffer.byteLength(init.body) } : {};
    const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...length, ...init.headers };
    const req = httpRequest(url, { method: init.method ?? 'POST', headers }, (response) =>
      resolve({ status: response.statusCode ?? 0, headers: response.headers, response }),
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    if (init.hold !== true) req.end();
  });
}

/** The body of a response, read to its end. */
function bodyOf(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let all = '';
    response
      .setEncoding('utf8')
      .on('data', (chunk: string) => (all += chunk))
      .on('end', () => resolve(all));
  });
}

/** A session opened by hand (initialize, then the initialized notification); its id. */
async function openSession(url: URL): Promise<string> {
  const init = await raw(url, { body: JSON.stringify(INITIALIZE) });
  await bodyOf(init.response);
  const id = String(init.headers['mcp-session-id']);
  const initialized = await raw(url, {
    headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await bodyOf(initialized.response);
  return id;
}

/** The GET stream of a session (its status; the stream is left open). */
const getStream = (url: URL, session: string) =>
  raw(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } });

/** A 2026-07-28 `subscriptions/listen` naming `uris`, sent by hand (its response; an acknowledged stream is left open). */
const listen = (url: URL, uris: string[]) =>
  raw(url, {
    headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'subscriptions/listen',
      params: {
        notifications: { resourceSubscriptions: uris },
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    }),
  });

/** A 2026-07-28 `tools/call` of `lookup` from a client that declares the tasks extension: the result's `resultType`. */
async function taskCall(s: Started): Promise<unknown> {
  const answer = await raw(s.url, {
    headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'lookup' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'lookup',
        arguments: { id: 'A-1' },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
        },
      },
    }),
  });
  const text = await bodyOf(answer.response);
  const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
  return (JSON.parse(json) as { result?: { resultType?: unknown } }).result?.resultType;
}

/** Two GET streams of two sessions: their statuses, and the refusal's message when the second is refused. */
async function twoGetStreams(s: Started): Promise<unknown[]> {
  const sessions = [await openSession(s.url), await openSession(s.url)] as const;
  const first = await getStream(s.url, sessions[0]);
  const second = await getStream(s.url, sessions[1]);
  const refusal = second.status === 200 ? [] : [JSON.parse(await bodyOf(second.response)).error.message];
  first.response.destroy();
  second.response.destroy();
  return [first.status, second.status, ...refusal];
}

/** The tools a client is listed. */
const listedTools = async (s: Started): Promise<{ name: string; inputSchema: { properties?: object } }[]> => {
  const client = await connect(s.url);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
};

/** Span names started on a tracer (the parts of a span the MCP server uses). */
const spans: string[] = [];
const tracer = {
  startSpan(name: string) {
    spans.push(name);
    const span = { setAttribute: () => span, setStatus: () => span, end: () => undefined, spanContext: () => INVALID_SPAN_CONTEXT, isRecording: () => false };
    return span;
  },
};

// ---- the rows: one per option, keyed by the option's name

interface Row {
  /** The module's options with the option set. */
  readonly with: ToolsModuleOptions;
  /** The module's options without it. @default BASE */
  readonly without?: ToolsModuleOptions;
  /** The application's own options (both runs). */
  readonly app?: NestApplicationOptions;
  /** Whether the run without the option is left out (its default is a wait of seconds: the run with it shows the option applied). */
  readonly withoutIsAWait?: true;
  observe(s: Started): Promise<unknown>;
}

/** Every run has the endpoint at /mcp; a row adds its option. */
const BASE: ToolsModuleOptions = { mcp: { path: '/mcp' } };
/** The session registry another replica would share (`sessions.registry`). */
const sessionRegistry = new MemorySessionRegistry();
/** The requestState key of another replica (`requestStateKey`). */
const SHARED_KEY = 'a key the replicas share, 32 bytes or more';
/** The bus another replica would share (`bus`). */
const sharedBus = new MemoryEventBus();
const withMcp = (mcp: Partial<McpOptions>): ToolsModuleOptions => ({ mcp: { path: '/mcp', ...mcp } });

const MODULE_OPTIONS: Record<keyof ToolsModuleOptions, Row> = {
  limits: {
    with: { ...BASE, limits: { maxTextLength: 40 } },
    observe: async (s) => partsText(await s.app.get(ToolRegistry).invoke('lookup', JSON.stringify({ id: 'x'.repeat(50) }))),
  },
  approve: {
    with: {
      ...BASE,
      approve: (request) => ((request.arguments as { amount: number }).amount <= 100 ? true : { approved: false, reason: 'over 100 needs a second signature' }),
    },
    observe: async (s) => [await call(s, 'transfer', { amount: 20 }), await call(s, 'transfer', { amount: 500 })],
  },
  visible: {
    with: { ...BASE, visible: (tool, ctx) => tool.name !== 'admin_reset' || ctx.caller.headers?.['x-role'] === 'admin' },
    observe: async (s) => {
      const client = await connect(s.url);
      const listed = (await client.listTools()).tools.map((t) => t.name).includes('admin_reset');
      const called = text(await client.callTool({ name: 'admin_reset', arguments: {} }));
      await client.close();
      return { listed, called, admin: await call(s, 'admin_reset', {}, { 'x-role': 'admin' }) };
    },
  },
  visibleServed: {
    with: { ...BASE, visibleServed: (item) => !('uri' in item) || !item.uri.startsWith('secret://') },
    observe: async (s) => {
      const client = await connect(s.url);
      const listed = (await client.listResources()).resources.map((r) => r.uri);
      const read = await client.readResource({ uri: 'secret://payroll' }).then(
        (r) => r.contents,
        (e: unknown) => (e as Error).message,
      );
      await client.close();
      return { listed, read };
    },
  },
  errorText: {
    with: {
      ...BASE,
      errorText: (failure) => (failure.kind === 'threw' ? `Tool '${failure.tool}' failed; the details are in the server's log.` : failure.text),
    },
    observe: (s) => call(s, 'report'),
  },
  scoped: {
    with: { ...BASE, scoped: 'refuse' },
    observe: async (s) => partsText(await s.app.get(ToolRegistry).invoke('session_note', {})),
  },
  mcp: {
    with: BASE,
    without: {},
    observe: async (s) => {
      const served = await raw(new URL(`${s.base}/mcp`), { body: JSON.stringify(INITIALIZE) });
      return served.status;
    },
  },
  global: {
    with: { ...BASE, global: false },
    observe: async (s) => s.app.get(Consumer).registry === s.app.get(ToolRegistry),
  },
  input: {
    with: { ...BASE, input: 'dto' },
    observe: async (s) => ({
      properties: Object.keys((await listedTools(s)).find((t) => t.name === 'place')!.inputSchema.properties ?? {}),
      called: await call(s, 'place', { customer: 'Ada' }),
    }),
  },
  prefix: {
    with: { ...BASE, prefix: ({ provider }) => (provider === Desk ? 'desk' : undefined) },
    observe: async (s) => (await listedTools(s)).map((t) => t.name),
  },
  strictTypes: {
    with: { ...BASE, strictTypes: true },
    observe: (s) => call(s, 'place', { order: { customer: 'Ada' } }),
  },
};

const MCP_OPTIONS: Record<keyof McpOptions, Row> = {
  path: {
    with: withMcp({ path: '/tools/mcp' }),
    observe: async (s) => [
      (await raw(new URL(`${s.base}/tools/mcp`), { body: JSON.stringify(INITIALIZE) })).status,
      (await raw(new URL(`${s.base}/mcp`), { body: JSON.stringify(INITIALIZE) })).status,
    ],
  },
  info: {
    with: withMcp({ info: { name: 'desk', version: '3.1.0' } }),
    observe: async (s) => {
      const client = await connect(s.url);
      const version = client.getServerVersion();
      await client.close();
      return version;
    },
  },
  allowedOrigins: {
    with: withMcp({ allowedOrigins: ['https://app.example'] }),
    observe: async (s) => (await raw(s.url, { headers: { origin: 'https://app.example' }, body: JSON.stringify(INITIALIZE) })).status,
  },
  allowedHosts: {
    with: withMcp({ allowedHosts: ['mcp.example'] }),
    observe: async (s) => (await raw(s.url, { headers: { host: 'mcp.example' }, body: JSON.stringify(INITIALIZE) })).status,
  },
  maxBodyBytes: {
    with: withMcp({ maxBodyBytes: 512 }),
    observe: async (s) => {
      const padded = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x'.repeat(1000), version: '1.0.0' } } });
      const answer = await raw(s.url, { body: padded });
      await bodyOf(answer.response);
      return answer.status;
    },
  },
  bodyTimeoutMs: {
    // Nest's body parser reads a JSON body before the endpoint: the endpoint's own reading (and this
    // bound) applies where the application leaves the body to it (bodyParser: false).
    with: withMcp({ bodyTimeoutMs: 50 }),
    app: { bodyParser: false },
    withoutIsAWait: true,
    observe: async (s) => {
      const half = JSON.stringify(INITIALIZE);
      const answer = await raw(s.url, { headers: { 'content-length': half.length * 2 }, body: half, hold: true });
      return [answer.status, JSON.parse(await bodyOf(answer.response)).error.message];
    },
  },
  maxConcurrentRequests: {
    with: withMcp({ maxConcurrentRequests: 1 }),
    observe: async (s) => {
      const held = call(s, 'hold');
      await s.gate.inside;
      const other = await raw(s.url, { body: JSON.stringify(INITIALIZE) });
      await bodyOf(other.response);
      s.gate.release();
      return [await held, other.status];
    },
  },
  maxOpenStreams: {
    // A session's request is answered on an SSE stream: a call held in its tool keeps one open.
    with: withMcp({ sessions: true, maxOpenStreams: 1 }),
    without: withMcp({ sessions: true }),
    observe: async (s) => {
      const held = call(s, 'hold');
      await s.gate.inside;
      const other = await raw(s.url, { body: JSON.stringify(INITIALIZE) });
      const refusal = other.status === 200 ? [] : [JSON.parse(await bodyOf(other.response)).error.message];
      other.response.destroy();
      s.gate.release();
      return [await held, other.status, ...refusal];
    },
  },
  maxListenStreams: {
    with: withMcp({ sessions: true, maxListenStreams: 1 }),
    without: withMcp({ sessions: true }),
    observe: twoGetStreams,
  },
  maxListenStreamsPerClient: {
    with: withMcp({ sessions: true, maxListenStreamsPerClient: 1 }),
    without: withMcp({ sessions: true }),
    observe: twoGetStreams,
  },
  listenIdleTimeoutMs: {
    with: withMcp({ sessions: true, listenIdleTimeoutMs: 50 }),
    withoutIsAWait: true,
    observe: async (s) => {
      const stream = await getStream(s.url, await openSession(s.url));
      await bodyOf(stream.response);
      return [stream.status, 'closed by the server'];
    },
  },
  maxListenResources: {
    with: withMcp({ maxListenResources: 1 }),
    observe: async (s) => {
      const answer = await listen(s.url, ['menu://today', 'secret://payroll']);
      if (answer.status === 200) {
        answer.response.destroy();
        return answer.status;
      }
      return [answer.status, JSON.parse(await bodyOf(answer.response)).error];
    },
  },
  publicOrigin: {
    with: withMcp({ publicOrigin: 'https://mcp.example' }),
    observe: async (s) => {
      const answer = await raw(s.url, { headers: { host: 'mcp.example', origin: 'https://mcp.example' }, body: JSON.stringify(INITIALIZE) });
      await bodyOf(answer.response);
      return answer.status;
    },
  },
  cors: {
    with: withMcp({ cors: true }),
    observe: async (s) => {
      const page = 'http://localhost:5173';
      const preflight = await raw(s.url, { method: 'OPTIONS', headers: { origin: page, 'access-control-request-method': 'POST' } });
      await bodyOf(preflight.response);
      return [preflight.status, preflight.headers['access-control-allow-origin'] ?? 'no Access-Control-Allow-Origin'];
    },
  },
  health: {
    with: withMcp({ health: '/healthz' }),
    observe: async (s) => {
      const answer = await raw(new URL(`${s.base}/healthz`), { method: 'GET' });
      const body = await bodyOf(answer.response);
      return [answer.status, answer.status === 200 ? body : 'not found'];
    },
  },
  keepAliveMs: {
    with: withMcp({ sessions: true, keepAliveMs: 20 }),
    withoutIsAWait: true,
    observe: async (s) => {
      const stream = await getStream(s.url, await openSession(s.url));
      const first = await new Promise<string>((resolve) => stream.response.setEncoding('utf8').once('data', (chunk: string) => resolve(chunk)));
      stream.response.destroy();
      return first.startsWith(':') ? 'an SSE comment' : first;
    },
  },
  // The stores replicas share are passed as given: the session is recorded in the registry given.
  sessions: {
    with: withMcp({ sessions: { registry: sessionRegistry, eventStore: new MemoryEventStore() } }),
    observe: async (s) => {
      const { client, transport } = await connectHttp(s.url);
      const id = transport.sessionId;
      const recorded = id !== undefined && (await sessionRegistry.get(id))?.id === id;
      await client.close();
      return [id !== undefined, recorded];
    },
  },
  auth: {
    with: withMcp({ auth: { verifyAccessToken: () => Promise.reject(new Error('no tokens here')), authorizationServers: ['https://auth.example'] } }),
    observe: async (s) => (await raw(s.url, { body: JSON.stringify(INITIALIZE) })).status,
  },
  exposeCredentials: {
    with: withMcp({ exposeCredentials: true }),
    observe: (s) => call(s, 'credentials', {}, { authorization: 'Bearer t0ken' }),
  },
  tracing: {
    with: withMcp({ tracing: { tracer } }),
    observe: async (s) => {
      spans.length = 0;
      await call(s, 'lookup', { id: 'A-1' });
      return [...spans];
    },
  },
  // A change another replica publishes on the shared bus reaches this application's sessions (its default hears only its own registry).
  bus: {
    with: withMcp({ sessions: true, bus: sharedBus }),
    withoutIsAWait: true,
    observe: async (s) => {
      const client = await connect(s.url);
      const heard = new Promise<string>((resolve) => client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)));
      await client.subscribeResource({ uri: 'menu://today' });
      sharedBus.publish({ kind: 'resource_updated', uri: 'menu://today' });
      const uri = await heard;
      await client.close();
      return uri;
    },
  },
  tasks: {
    with: withMcp({ tasks: { tools: { lookup: 'optional' } } }),
    observe: taskCall,
  },
  // A 2026-07-28 question asked by this application is answered on another replica with the key (the second round's requestState verified there).
  requestStateKey: {
    with: withMcp({ requestStateKey: [SHARED_KEY, 'an old key still verified, 32 bytes or more'] }),
    observe: async (s) => {
      const other = await start(withMcp({ requestStateKey: SHARED_KEY }));
      try {
        let calls = 0;
        const client = new ModernClient(
          { name: 'spec', version: '1.0.0' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
        );
        client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: {} }));
        await client.connect(
          new ModernTransport(s.url, {
            // The first tools/call to this application, its answer round to the other.
            fetch: (url, init) => {
              const round = typeof init?.body === 'string' && init.body.includes('"tools/call"') && calls++ > 0;
              return fetch(round ? other.url : url, init);
            },
          }),
        );
        const result = await client.callTool({ name: 'transfer', arguments: { amount: 500 } }).then(
          (r) => text(r as never),
          (e: Error) => e.message,
        );
        await client.close();
        return result;
      } finally {
        other.gate.release();
        await other.app.close();
      }
    },
  },
  rateLimit: {
    with: withMcp({ rateLimit: { calls: 1, perSeconds: 3600 } }),
    observe: async (s) => {
      const client = await connect(s.url);
      const results = [
        text(await client.callTool({ name: 'lookup', arguments: { id: 'A-1' } })),
        text(await client.callTool({ name: 'lookup', arguments: { id: 'A-2' } })),
      ];
      await client.close();
      return results;
    },
  },
};

/** Starts the application with `options`, observes it, closes it; a start that fails is its error's first line. */
async function observe(row: Row, options: ToolsModuleOptions): Promise<unknown> {
  let started: Started;
  try {
    started = await start(options, row.app);
  } catch (e) {
    return { failedToStart: (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split('\n')[0] };
  }
  try {
    return await row.observe(started);
  } finally {
    started.gate.release();
    await started.app.close();
  }
}

const failure = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split('\n')[0]!;

/**
 * Options refused when the application starts, not at a request: `forRoot` as the module is
 * declared, `forRootAsync` as the endpoint is made (`app.init()`); each with a key of 31 and of 32 bytes.
 */
async function startup(): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = { forRoot: {}, forRootAsync: {} };
  for (const bytes of [31, 32]) {
    const requestStateKey = 'k'.repeat(bytes);
    try {
      ToolsModule.forRoot({ mcp: { path: '/mcp', requestStateKey } });
      out.forRoot![bytes] = 'declared';
    } catch (e) {
      out.forRoot![bytes] = failure(e);
    }
    @Module({ imports: [ToolsModule.forRootAsync({ useFactory: () => ({ mcp: { path: '/mcp', requestStateKey } }) })] })
    class AsyncModule {}
    const app = await NestFactory.create(AsyncModule, { logger: false, abortOnError: false });
    try {
      await app.init();
      out.forRootAsync![bytes] = 'started';
    } catch (e) {
      out.forRootAsync![bytes] = failure(e);
    } finally {
      await app.close();
    }
  }
  return out;
}

async function main(): Promise<void> {
  const out: Record<string, Record<string, unknown>> = { module: {}, mcp: {}, startup: await startup() };
  const tables = { module: MODULE_OPTIONS, mcp: MCP_OPTIONS } as const;
  for (const [table, rows] of Object.entries(tables)) {
    for (const [key, row] of Object.entries(rows) as [string, Row][]) {
      const without = row.withoutIsAWait === true ? {} : { without: await observe(row, row.without ?? BASE) };
      out[table]![key] = { with: await observe(row, row.with), ...without };
    }
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
