/**
 * OpenTelemetry spans for the MCP server (issue 22), per the OpenTelemetry MCP and GenAI semantic
 * conventions: one SERVER span per request, named `${mcp.method.name} ${target}` (`tools/call
 * get_docket`, `prompts/get greet`, `tools/list`), its parent the W3C trace context the client put in
 * the request's `params._meta` (`traceparent`, `tracestate`).
 *
 * `@opentelemetry/api` is an optional peer: it is loaded only when a server is created with
 * `tracing`, and a server without it does no tracing work at all (its handlers are not wrapped).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { MCP_TEXTS } from '../diagnostics';

/** The part of an OpenTelemetry `Tracer` (from `@opentelemetry/api`) the server uses. */
export interface McpTracer {
  startSpan(name: string, options?: object, context?: unknown): unknown;
}

/** `McpServerOptions.tracing`'s object form. */
export interface McpTracingOptions {
  /** The tracer spans are started on. @default the global tracer provider's tracer named `tool-signatures` */
  tracer?: McpTracer;
}

/** The parts of `@opentelemetry/api` used here (typed locally: the package is an optional peer). */
interface SpanLike {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}
interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): McpTracer;
    setSpan(context: unknown, span: unknown): unknown;
    setSpanContext(context: unknown, spanContext: object): unknown;
    getSpanContext(context: unknown): { traceId: string; spanId: string } | undefined;
    isSpanContextValid?(spanContext: object): boolean;
  };
  context: { active(): unknown; with<T>(context: unknown, fn: () => T): T };
  propagation: { extract(context: unknown, carrier: object): unknown };
  createTraceState?(raw: string): unknown;
  ROOT_CONTEXT: unknown;
  SpanKind: { SERVER: number };
  SpanStatusCode: { ERROR: number };
}

let apiLoaded: OtelApi | undefined;

/** `@opentelemetry/api`, loaded on first use; a server asked to trace without it is refused with the install line. */
function otelApi(): OtelApi {
  if (apiLoaded === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      apiLoaded = require('@opentelemetry/api') as OtelApi;
    } catch (error) {
      // As the build's entries name a missing peer (scripts/build.js, dist/peers.js).
      const wrapped = new Error(MCP_TEXTS.tracingPeerMissing(String((error as Error | undefined)?.message ?? error)), { cause: error }) as Error & {
        code: string;
        peer: string;
      };
      wrapped.code = 'ERR_TOOL_SIGNATURES_MISSING_PEER';
      wrapped.peer = '@opentelemetry/api';
      throw wrapped;
    }
  }
  return apiLoaded;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const ZERO_TRACE = /^0+$/;

/**
 * The parent context of a request: what the registered propagator extracts from `_meta` (an
 * OpenTelemetry SDK registers the W3C one), else the W3C `traceparent`/`tracestate` read here (the
 * api's own default propagator reads nothing), else none.
 */
function parentOf(api: OtelApi, meta: Record<string, unknown> | undefined): unknown {
  const root = api.context.active();
  if (meta === undefined) return root;
  const traceparent = typeof meta.traceparent === 'string' ? meta.traceparent.slice(0, 128) : undefined;
  const tracestate = typeof meta.tracestate === 'string' ? meta.tracestate.slice(0, 512) : undefined;
  if (traceparent === undefined) return root;
  const carrier: Record<string, string> = { traceparent, ...(tracestate !== undefined ? { tracestate } : {}) };
  const extracted = api.propagation.extract(root, carrier);
  if (api.trace.getSpanContext(extracted) !== undefined) return extracted;
  const m = TRACEPARENT.exec(traceparent.trim().toLowerCase());
  if (m === null || m[1] === 'ff' || ZERO_TRACE.test(m[2]!) || ZERO_TRACE.test(m[3]!)) return root;
  const traceState = tracestate !== undefined && api.createTraceState !== undefined ? api.createTraceState(tracestate) : undefined;
  return api.trace.setSpanContext(root, {
    traceId: m[2],
    spanId: m[3],
    traceFlags: parseInt(m[4]!, 16) & 1,
    isRemote: true,
    ...(traceState !== undefined ? { traceState } : {}),
  });
}

type Handler = (
  request: { method: string; id?: string | number; params?: Record<string, unknown> },
  extra: { sessionId?: string; requestId?: string | number; requestInfo?: { headers?: Record<string, unknown> } },
) => Promise<unknown>;

/** What a request targets, for the span's name: the tool or the prompt. */
function targetOf(method: string, params: Record<string, unknown> | undefined): string | undefined {
  if (method === 'tools/call' || method === 'prompts/get') return typeof params?.name === 'string' ? params.name.slice(0, 128) : undefined;
  return undefined;
}

/**
 * The JSON-RPC error code a thrown error is answered with, as the SDK answers it (its own code when
 * a safe integer, else -32603 Internal error): the span's `error.type` and `rpc.response.status_code`.
 */
function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return String(Number.isSafeInteger(code) ? code : -32603);
}

/**
 * Traces every request the server answers (the SDK's own `initialize` and `ping` too, and handlers
 * set later): each of the server's handlers is wrapped, so a request runs inside its span's context
 * (spans the tool starts are its children).
 */
export function traceServer(server: Server, options: true | McpTracingOptions): void {
  const api = otelApi();
  const tracer = (options !== true ? options.tracer : undefined) ?? api.trace.getTracer('tool-signatures');
  const handlers = (server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  // The version the session's `initialize` agreed on (a stateless request says it in its header).
  let negotiated: string | undefined;
  const traced = (handler: Handler): Handler => {
    return (request, extra) => {
      const params = request.params;
      const target = targetOf(request.method, params);
      const header = extra.requestInfo?.headers?.['mcp-protocol-version'];
      const version = typeof header === 'string' ? header.slice(0, 64) : negotiated;
      const attributes: Record<string, string> = {
        'mcp.method.name': request.method,
        ...(request.id !== undefined ? { 'jsonrpc.request.id': String(request.id).slice(0, 128) } : {}),
        ...(extra.sessionId !== undefined ? { 'mcp.session.id': extra.sessionId } : {}),
        ...(version !== undefined ? { 'mcp.protocol.version': version } : {}),
        ...(request.method === 'tools/call' && target !== undefined ? { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': target } : {}),
        ...(request.method === 'prompts/get' && target !== undefined ? { 'gen_ai.prompt.name': target } : {}),
        ...(request.method.startsWith('resources/') && typeof params?.uri === 'string' ? { 'mcp.resource.uri': params.uri.slice(0, 2048) } : {}),
      };
      const parent = parentOf(api, params?._meta as Record<string, unknown> | undefined);
      const span = tracer.startSpan(
        target !== undefined ? `${request.method} ${target}` : request.method,
        { kind: api.SpanKind.SERVER, attributes },
        parent,
      ) as SpanLike;
      let answered: Promise<unknown>;
      try {
        answered = api.context.with(api.trace.setSpan(parent, span), () => handler(request, extra));
      } catch (e) {
        // The SDK's argument parsing throws before the handler's promise exists.
        answered = Promise.reject(e);
      }
      return answered.then(
        (result) => {
          if (request.method === 'initialize') {
            const agreed = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
            if (typeof agreed === 'string') {
              negotiated = agreed;
              span.setAttribute('mcp.protocol.version', agreed);
            }
          }
          if (request.method === 'tools/call' && (result as { isError?: unknown } | null)?.isError === true) {
            span.setAttribute('error.type', 'tool_error');
            span.setStatus({ code: api.SpanStatusCode.ERROR });
          }
          span.end();
          return result;
        },
        (e: unknown) => {
          const code = errorCode(e);
          span.setAttribute('error.type', code);
          span.setAttribute('rpc.response.status_code', code);
          span.setStatus({ code: api.SpanStatusCode.ERROR, message: e instanceof Error ? e.message.slice(0, 256) : undefined });
          span.end();
          throw e;
        },
      );
    };
  };
  // Each handler is wrapped once: those set so far, and those set later (`setRequestHandler`).
  for (const [method, handler] of handlers) Map.prototype.set.call(handlers, method, traced(handler));
  handlers.set = (method: string, handler: Handler) => Map.prototype.set.call(handlers, method, traced(handler)) as Map<string, Handler>;
}
