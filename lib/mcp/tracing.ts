/**
 * OpenTelemetry spans for the MCP server (issue 22), per the OpenTelemetry MCP and GenAI semantic
 * conventions: one SERVER span per request, named `${mcp.method.name} ${target}` (`tools/call
 * get_docket`, `prompts/get greet`, `tools/list`), its parent the W3C trace context the client put in
 * the request's `params._meta` (`traceparent`, `tracestate`).
 *
 * `@opentelemetry/api` is an optional peer: it is loaded only when a server is created with
 * `tracing`, and a server without it does no tracing work at all (its handlers are not wrapped).
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TEXTS } from '../diagnostics';
import { INTERNAL_ERROR, REQUEST_CANCELLED } from './codes';

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

/** What a span says of a request. */
export interface TracedRequest {
  readonly method: string;
  readonly id?: string | number;
  readonly params?: Record<string, unknown>;
  readonly sessionId?: string;
  /** The protocol version the request is served in, when known. */
  readonly version?: string;
}

/** What a request's answer was: a result, or a JSON-RPC error's code and message. */
type Outcome = { result: unknown } | { code: number; message?: string };

/** What a request targets, for the span's name: the tool or the prompt. */
function targetOf(method: string, params: Record<string, unknown> | undefined): string | undefined {
  if (method === 'tools/call' || method === 'prompts/get') return typeof params?.name === 'string' ? params.name.slice(0, 128) : undefined;
  return undefined;
}

/**
 * The JSON-RPC error code a thrown error is answered with, as the SDK answers it (its own code when
 * a safe integer, else -32603 Internal error): the span's `error.type` and `rpc.response.status_code`.
 */
function errorCode(e: unknown): number {
  const code = (e as { code?: unknown } | null)?.code;
  return Number.isSafeInteger(code) ? (code as number) : INTERNAL_ERROR;
}

/** Starts and ends the spans of one server's requests. */
export interface McpTracing {
  /** Starts a request's span; `run` runs inside its context; the returned function ends it with the request's outcome. */
  start<T>(request: TracedRequest, run: () => T): { value: T; end(outcome: Outcome): void };
}

/** The tracing of `options` (`@opentelemetry/api` loaded now). */
export function tracingOf(options: true | McpTracingOptions): McpTracing {
  const api = otelApi();
  const tracer = (options !== true ? options.tracer : undefined) ?? api.trace.getTracer('tool-signatures');
  return {
    start(request, run) {
      const { method, params } = request;
      const target = targetOf(method, params);
      const attributes: Record<string, string> = {
        'mcp.method.name': method,
        ...(request.id !== undefined ? { 'jsonrpc.request.id': String(request.id).slice(0, 128) } : {}),
        ...(request.sessionId !== undefined ? { 'mcp.session.id': request.sessionId } : {}),
        ...(request.version !== undefined ? { 'mcp.protocol.version': request.version.slice(0, 64) } : {}),
        ...(method === 'tools/call' && target !== undefined ? { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': target } : {}),
        ...(method === 'prompts/get' && target !== undefined ? { 'gen_ai.prompt.name': target } : {}),
        ...(method.startsWith('resources/') && typeof params?.uri === 'string' ? { 'mcp.resource.uri': params.uri.slice(0, 2048) } : {}),
      };
      const parent = parentOf(api, params?._meta as Record<string, unknown> | undefined);
      const span = tracer.startSpan(target !== undefined ? `${method} ${target}` : method, { kind: api.SpanKind.SERVER, attributes }, parent) as SpanLike;
      let ended = false;
      const end = (outcome: Outcome): void => {
        if (ended) return;
        ended = true;
        if ('result' in outcome) {
          const agreed = method === 'initialize' ? (outcome.result as { protocolVersion?: unknown } | null)?.protocolVersion : undefined;
          if (typeof agreed === 'string') span.setAttribute('mcp.protocol.version', agreed.slice(0, 64));
          if (method === 'tools/call' && (outcome.result as { isError?: unknown } | null)?.isError === true) {
            span.setAttribute('error.type', 'tool_error');
            span.setStatus({ code: api.SpanStatusCode.ERROR });
          }
        } else {
          const code = String(outcome.code);
          span.setAttribute('error.type', code);
          span.setAttribute('rpc.response.status_code', code);
          span.setStatus({ code: api.SpanStatusCode.ERROR, ...(outcome.message !== undefined ? { message: outcome.message.slice(0, 256) } : {}) });
        }
        span.end();
      };
      return { value: api.context.with(api.trace.setSpan(parent, span), run), end };
    },
  };
}

/** A row of the table (lib/mcp/table.ts) run inside its request's span (the 2026-07-28 binder's: lib/mcp/modern/). */
export function tracedRow<S>(
  tracing: McpTracing,
  method: string,
  row: (params: Record<string, unknown>, scope: S) => unknown,
  describe: (scope: S) => Omit<TracedRequest, 'method' | 'params'>,
): (params: Record<string, unknown>, scope: S) => Promise<unknown> {
  return (params, scope) => {
    const run = tracing.start({ method, params, ...describe(scope) }, () => {
      try {
        return Promise.resolve(row(params, scope));
      } catch (e) {
        return Promise.reject(e);
      }
    });
    return run.value.then(
      (result) => (run.end({ result }), result),
      (e: unknown) => {
        run.end({ code: errorCode(e), ...(e instanceof Error ? { message: e.message } : {}) });
        throw e;
      },
    );
  };
}

/**
 * The transport a traced SDK v1 server connects to: `transport` seen through a proxy that starts a
 * span as each request comes in (the SDK's own `initialize` and `ping` too, and a request whose
 * params the SDK refuses), runs the SDK's dispatch inside the span's context (spans the tool starts
 * are its children), and ends it as the answer goes out. Only the transport's public `onmessage`
 * and `send` are seen through; the transport itself is not changed.
 */
export function tracedTransport(transport: Transport, tracing: McpTracing): Transport {
  const open = new Map<string | number, { end(outcome: Outcome): void }>();
  // The version the connection's `initialize` agreed on (a stateless request says it in its header).
  let negotiated: string | undefined;
  return new Proxy(transport, {
    set(target, key, value: unknown) {
      if (key !== 'onmessage' || typeof value !== 'function') return Reflect.set(target, key, value);
      const deliver = value as (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
      return Reflect.set(target, key, (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
        const m = message as { method?: unknown; id?: unknown; params?: Record<string, unknown> };
        // A cancelled request is not answered: its span ends here.
        const cancelled = m.method === 'notifications/cancelled' ? (m.params?.requestId as string | number | undefined) : undefined;
        if (cancelled !== undefined) {
          open.get(cancelled)?.end({ code: REQUEST_CANCELLED, message: 'Request cancelled' });
          open.delete(cancelled);
        }
        if (typeof m.method !== 'string' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return deliver(message, extra);
        const header = extra?.requestInfo?.headers?.['mcp-protocol-version'];
        const sessionId = target.sessionId;
        const span = tracing.start(
          {
            method: m.method,
            id: m.id,
            ...(m.params !== undefined ? { params: m.params } : {}),
            ...(sessionId !== undefined ? { sessionId } : {}),
            ...(typeof header === 'string' ? { version: header } : negotiated !== undefined ? { version: negotiated } : {}),
          },
          () => deliver(message, extra),
        );
        open.set(m.id, span);
      });
    },
    get(target, key) {
      if (key === 'send') {
        return (message: JSONRPCMessage, options?: TransportSendOptions) => {
          const m = message as { id?: unknown; result?: { protocolVersion?: unknown }; error?: { code: number; message?: string }; method?: unknown };
          if (m.method === undefined && (typeof m.id === 'string' || typeof m.id === 'number')) {
            const span = open.get(m.id);
            open.delete(m.id);
            if (m.error !== undefined) span?.end({ code: m.error.code, ...(m.error.message !== undefined ? { message: m.error.message } : {}) });
            else {
              if (span !== undefined && typeof m.result?.protocolVersion === 'string') negotiated = m.result.protocolVersion;
              span?.end({ result: m.result });
            }
          }
          return target.send(message, options);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
