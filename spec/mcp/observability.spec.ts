import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  context as otelContext,
  ROOT_CONTEXT,
  trace,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type AttributeValue,
  type Context,
  type ContextManager,
  type Span,
  type SpanContext,
  type SpanOptions,
  type SpanStatus,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { Tool, type ToolDefinition } from 'tool-signatures';
import { createMcpServer, serveMcpHttp, type McpRateLimit, type McpServerOptions } from 'tool-signatures/mcp';
import { connectHttp, connectV1 } from '../helpers/mcp-client';
import { fakeOnlyDate } from '../helpers/signals';

/**
 * A TracerProvider that records the spans started on it: the api's own extension point (what an
 * OpenTelemetry SDK registers), so spans go through the real `@opentelemetry/api`.
 */
interface Recorded {
  name: string;
  kind: SpanKind | undefined;
  attributes: Attributes;
  status: SpanStatus;
  ended: boolean;
  parent: SpanContext | undefined;
  context: SpanContext;
}

class RecordingSpan implements Span {
  constructor(readonly record: Recorded) {}
  spanContext(): SpanContext {
    return this.record.context;
  }
  setAttribute(key: string, value: AttributeValue): this {
    this.record.attributes[key] = value;
    return this;
  }
  setAttributes(attributes: Attributes): this {
    Object.assign(this.record.attributes, attributes);
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(status: SpanStatus): this {
    this.record.status = status;
    return this;
  }
  updateName(name: string): this {
    this.record.name = name;
    return this;
  }
  end(): void {
    this.record.ended = true;
  }
  isRecording(): boolean {
    return !this.record.ended;
  }
  recordException(): void {}
}

class RecordingTracer implements Tracer {
  constructor(private readonly spans: Recorded[]) {}
  startSpan(name: string, options: SpanOptions = {}, context?: Context): Span {
    // As the SDK's tracer: the parent is in the given context, else in the active one.
    const parent = trace.getSpanContext(context ?? otelContext.active());
    const record: Recorded = {
      name,
      kind: options.kind,
      attributes: { ...options.attributes },
      status: { code: SpanStatusCode.UNSET },
      ended: false,
      parent,
      context: { traceId: parent?.traceId ?? randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex'), traceFlags: 1 },
    };
    this.spans.push(record);
    return new RecordingSpan(record);
  }
  startActiveSpan(): never {
    throw new Error('not used by the server');
  }
}

class RecordingProvider implements TracerProvider {
  readonly spans: Recorded[] = [];
  getTracer(): Tracer {
    return new RecordingTracer(this.spans);
  }
}

/** A context manager on AsyncLocalStorage (what @opentelemetry/context-async-hooks registers). */
class StorageContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(context, () => fn.call(thisArg, ...args));
  }
  bind<T>(_context: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

class Court {
  runs = 0;

  @Tool({ description: 'A case docket' })
  getDocket(caseId: string) {
    this.runs++;
    return `docket of ${caseId}`;
  }

  @Tool()
  audit(caseId: string) {
    // A span the tool starts, in the active context: the request's span is its parent.
    trace.getTracer('court').startSpan(`audit ${caseId}`).end();
    return 'audited';
  }

  @Tool()
  seal(caseId: string): string {
    throw new Error(`case ${caseId} cannot be sealed`);
  }
}

const info = { name: 'court', version: '1.0.0' };

const connect = (tools: readonly ToolDefinition[], options: McpServerOptions) => connectV1(createMcpServer(tools, info, options));

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

describe('MCP server tracing (OpenTelemetry MCP and GenAI conventions, real @opentelemetry/api)', () => {
  const provider = new RecordingProvider();
  beforeAll(() => {
    expect(trace.setGlobalTracerProvider(provider)).toBe(true);
    expect(otelContext.setGlobalContextManager(new StorageContextManager())).toBe(true);
  });
  afterAll(() => {
    trace.disable();
    otelContext.disable();
  });
  beforeEach(() => provider.spans.splice(0));

  it('gives each request a SERVER span; tools/call is `tools/call <tool>` (execute_tool), its parent the traceparent the client sent in _meta', async () => {
    const { client, close } = await connect(Tool.fromInstance(new Court()), { tracing: true });
    try {
      const result = await client.callTool({
        name: 'get_docket',
        arguments: { caseId: 'c-7' },
        _meta: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`, tracestate: 'court=t61rcWkgMzE' },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'docket of c-7' }]);
    } finally {
      await close();
    }
    expect(provider.spans.map((s) => s.name)).toEqual(['initialize', 'tools/call get_docket']);
    const call = provider.spans[1]!;
    expect(call.kind).toBe(SpanKind.SERVER);
    expect(call.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'jsonrpc.request.id': '1',
      'mcp.protocol.version': LATEST_PROTOCOL_VERSION,
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_docket',
    });
    expect([call.parent?.traceId, call.parent?.spanId, call.parent?.isRemote, call.parent?.traceState?.get('court')]).toEqual([
      TRACE_ID,
      PARENT_ID,
      true,
      't61rcWkgMzE',
    ]);
    expect([call.context.traceId, call.status, call.ended]).toEqual([TRACE_ID, { code: SpanStatusCode.UNSET }, true]);
    // Without trace context, a request's span is a root.
    expect([provider.spans[0]!.parent, provider.spans[0]!.attributes['mcp.protocol.version']]).toEqual([undefined, LATEST_PROTOCOL_VERSION]);
  });

  it('marks a tool that failed (an isError result) with error.type tool_error and status ERROR, and a request answered with a JSON-RPC error with its code', async () => {
    const { client, close } = await connect(Tool.fromInstance(new Court()), { tracing: {} });
    try {
      const result = (await client.callTool({ name: 'seal', arguments: { caseId: 'c-7' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      await expect(client.request({ method: 'logging/setLevel', params: { level: 'loud' } } as never, {} as never)).rejects.toMatchObject({ code: -32603 });
    } finally {
      await close();
    }
    const [, sealed, setLevel] = provider.spans;
    expect([sealed!.name, sealed!.attributes['error.type'], sealed!.status.code, sealed!.ended]).toEqual([
      'tools/call seal',
      'tool_error',
      SpanStatusCode.ERROR,
      true,
    ]);
    expect([
      setLevel!.name,
      setLevel!.status.code,
      setLevel!.attributes['error.type'],
      setLevel!.attributes['rpc.response.status_code'],
      setLevel!.ended,
    ]).toEqual(['logging/setLevel', SpanStatusCode.ERROR, '-32603', '-32603', true]);
  });

  it('spans tools/list and uses a tracer of yours when given one', async () => {
    const mine = new RecordingProvider();
    const { client, close } = await connect(Tool.fromInstance(new Court()), { tracing: { tracer: mine.getTracer() } });
    try {
      await client.listTools();
    } finally {
      await close();
    }
    expect([mine.spans.map((s) => s.name), provider.spans.length]).toEqual([['initialize', 'tools/list'], 0]);
    expect(mine.spans[1]!.attributes).toEqual({ 'mcp.method.name': 'tools/list', 'jsonrpc.request.id': '1', 'mcp.protocol.version': LATEST_PROTOCOL_VERSION });
  });

  it('runs the tool inside the request span: a span the tool starts is its child', async () => {
    const { client, close } = await connect(Tool.fromInstance(new Court()), { tracing: true });
    try {
      await client.callTool({ name: 'audit', arguments: { caseId: 'c-7' }, _meta: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` } });
    } finally {
      await close();
    }
    const [, call, audit] = provider.spans;
    expect([call!.name, audit!.name, audit!.parent?.spanId, audit!.context.traceId]).toEqual(['tools/call audit', 'audit c-7', call!.context.spanId, TRACE_ID]);
  });

  it('over stateless HTTP, takes the protocol version from the request header', async () => {
    const { client, close } = await connectHttp(await serveMcpHttp(Tool.fromInstance(new Court()), info, { port: 0, tracing: true }));
    try {
      await client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' }, _meta: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-00` } });
    } finally {
      await close();
    }
    const call = provider.spans.find((s) => s.name === 'tools/call get_docket')!;
    expect([call.attributes['mcp.protocol.version'], call.attributes['mcp.session.id'], call.parent?.traceId, call.parent?.traceFlags]).toEqual([
      LATEST_PROTOCOL_VERSION,
      undefined,
      TRACE_ID,
      0,
    ]);
  });

  it('does nothing when tracing is not set (or false), even with a tracer provider registered', async () => {
    for (const options of [{}, { tracing: false }]) {
      const { client, close } = await connect(Tool.fromInstance(new Court()), options);
      try {
        await client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' }, _meta: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` } });
      } finally {
        await close();
      }
    }
    expect(provider.spans).toEqual([]);
  });
});

describe('per-caller rate limit on tool calls', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a call beyond the limit with a tool result the model can read, without running the tool, and lets it through once the bucket refills (only the clock faked)', async () => {
    fakeOnlyDate(new Date('2026-01-01T00:00:00Z'));
    const court = new Court();
    const { client, close } = await connect(Tool.fromInstance(court), { rateLimit: { calls: 2, perSeconds: 60 } });
    const docket = () => client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' } }) as Promise<CallToolResult>;
    try {
      expect([(await docket()).isError, (await docket()).isError]).toEqual([undefined, undefined]);
      expect(await docket()).toEqual({
        isError: true,
        content: [{ type: 'text', text: "Tool 'get_docket' was not run: too many calls from this caller (limit 2 per 60 s); try again in 30 s." }],
      });
      jest.setSystemTime(new Date('2026-01-01T00:00:20Z'));
      expect((await docket()).content).toEqual([
        { type: 'text', text: "Tool 'get_docket' was not run: too many calls from this caller (limit 2 per 60 s); try again in 10 s." },
      ]);
      jest.setSystemTime(new Date('2026-01-01T00:00:30Z'));
      expect(await docket()).toEqual({ content: [{ type: 'text', text: 'docket of c-7' }] });
      expect(court.runs).toBe(3);
    } finally {
      await close();
    }
  });

  it('keeps a bucket per caller, tracks at most maxCallers of them, and forgets the one idle longest', async () => {
    const limit: McpRateLimit = { calls: 1, perSeconds: 3600, maxCallers: 2 };
    const tools = Tool.fromInstance(new Court());
    // Each in-memory connection is a caller of its own; the servers share the buckets of `limit`.
    const [a, b, c] = await Promise.all([connect(tools, { rateLimit: limit }), connect(tools, { rateLimit: limit }), connect(tools, { rateLimit: limit })]);
    const refused = async (x: { client: Client }) =>
      ((await x.client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' } })) as CallToolResult).isError === true;
    try {
      expect([await refused(a!), await refused(a!), await refused(b!)]).toEqual([false, true, false]);
      // A third caller: `a`, idle longest, is forgotten, and starts again with a full bucket.
      expect([await refused(c!), await refused(a!), await refused(c!)]).toEqual([false, false, true]);
    } finally {
      await Promise.all([a!.close(), b!.close(), c!.close()]);
    }
  });

  it('over stateless HTTP without auth, a caller is the remote address: two clients from one address share a bucket', async () => {
    const http = await serveMcpHttp(Tool.fromInstance(new Court()), info, { port: 0, rateLimit: { calls: 1, perSeconds: 3600 } });
    const clients: Client[] = [];
    try {
      const errors: unknown[] = [];
      for (let i = 0; i < 2; i++) {
        const { client } = await connectHttp(http.url);
        clients.push(client);
        errors.push(((await client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' } })) as CallToolResult).isError);
      }
      expect(errors).toEqual([undefined, true]);
    } finally {
      for (const client of clients) await client.close();
      await http.close();
    }
  });

  it('two endpoints given one rateLimit object share its buckets; given equal objects, each counts its own', async () => {
    const shared: McpRateLimit = { calls: 1, perSeconds: 3600 };
    const refusals = async (limits: [McpRateLimit, McpRateLimit]) => {
      const endpoints = await Promise.all(limits.map((rateLimit) => serveMcpHttp(Tool.fromInstance(new Court()), info, { port: 0, rateLimit })));
      const clients: Client[] = [];
      try {
        const seen: unknown[] = [];
        for (const http of endpoints) {
          const { client } = await connectHttp(http.url);
          clients.push(client);
          seen.push(((await client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' } })) as CallToolResult).isError);
        }
        return seen;
      } finally {
        for (const client of clients) await client.close();
        for (const http of endpoints) await http.close();
      }
    };
    expect(await refusals([shared, shared])).toEqual([undefined, true]);
    expect(
      await refusals([
        { calls: 1, perSeconds: 3600 },
        { calls: 1, perSeconds: 3600 },
      ]),
    ).toEqual([undefined, undefined]);
  });

  it('refuses a rateLimit out of range when the server is made', () => {
    expect(() => createMcpServer([], info, { rateLimit: { calls: 0, perSeconds: 60 } })).toThrow(
      'rateLimit needs calls >= 1, perSeconds > 0 and an integer maxCallers >= 1 (got {"calls":0,"perSeconds":60})',
    );
  });

  it('over HTTP, a caller is the verified token principal, across its sessions', async () => {
    const verifyAccessToken = async (token: string) => {
      if (token !== 'ana' && token !== 'bo') throw new InvalidTokenError('unknown token');
      return { token, clientId: token, scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    };
    const http = await serveMcpHttp(Tool.fromInstance(new Court()), info, {
      port: 0,
      sessions: true,
      auth: { verifyAccessToken, authorizationServers: ['https://auth.example'] },
      rateLimit: { calls: 1, perSeconds: 3600 },
    });
    const open = async (token: string) => (await connectHttp(http.url, { headers: { authorization: `Bearer ${token}` } })).client;
    const clients: Client[] = [];
    try {
      for (const token of ['ana', 'ana', 'bo']) clients.push(await open(token));
      const texts: string[] = [];
      for (const client of clients) {
        const r = (await client.callTool({ name: 'get_docket', arguments: { caseId: 'c-7' } })) as CallToolResult;
        texts.push((r.content[0] as { text: string }).text);
      }
      expect(texts).toEqual([
        'docket of c-7',
        "Tool 'get_docket' was not run: too many calls from this caller (limit 1 per 3600 s); try again in 3600 s.",
        'docket of c-7',
      ]);
    } finally {
      for (const client of clients) await client.close();
      await http.close();
    }
  });
});
