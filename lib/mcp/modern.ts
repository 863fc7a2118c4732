/**
 * MCP 2026-07-28 beside 2025-11-25: the revision without sessions, where each request carries the
 * client's version and capabilities in `_meta`, and a server that needs the user or the client's
 * model answers `input_required` and is called again with the answers. It is served by the SDK's
 * v2 package (`@modelcontextprotocol/server`, an optional peer loaded on the first such request),
 * one v2 `Server` per request, whose handlers are the very handlers of the endpoint's
 * `createMcpServer` (lib/mcp/server.ts): tools, prompts, resources and completion answer the same
 * on both revisions, and a rule stays in one place.
 *
 * Questions (`ctx.elicit`, approvals, `ctx.sample`) are asked by replay: the call runs; a question
 * whose answer came with the request (`inputResponses`, or an earlier round's answers kept in the
 * signed `requestState`) is answered at once; the first question without one stops the call (its
 * signal aborts) and the request is answered `input_required` with every question asked so far in
 * the same turn, and a `requestState` that carries the answers used, bound to the method, the
 * caller, the tool (or prompt, or resource) and a digest of its arguments. The call then runs again
 * from the start: code before a question runs once per round (docs/mcp.md says so).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerContext, Server as ModernServer } from '@modelcontextprotocol/server';
import type { ToolClient, ElicitationReply } from '../invoke/calling/context';
import { MCP_CALLER } from './rate-limit';
import { LOG_LEVEL_META, MODERN_REQUEST, type ModernAsk } from './server';

/** The protocol revisions this module serves. */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];

/** Methods answered by the endpoint's `createMcpServer` handlers on both revisions. */
const SHARED_METHODS = ['tools/list', 'tools/call', 'prompts/list', 'prompts/get', 'resources/list', 'resources/templates/list', 'resources/read', 'completion/complete'];
/** Methods that may answer `input_required` (the protocol's list, without tasks). */
const INPUT_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** Rounds of questions one request may take; the round beyond is refused. */
export const MAX_INPUT_ROUNDS = 16;
/** The largest `requestState` the server mints, in characters; answers beyond it are refused. */
export const MAX_REQUEST_STATE_CHARS = 64 * 1024;

type Handler = (request: { method: string; params?: Record<string, unknown> }, extra: Record<PropertyKey, unknown>) => Promise<unknown>;

/** What the HTTP endpoint knows of a request that the SDK's context does not say. */
export interface ModernRequestInfo {
  /** The Node request's headers (as a 2025 request's `requestInfo.headers`). */
  readonly headers: Record<string, string | string[] | undefined>;
  /** Who sends it (the rate limit's and the sessions' principal). */
  readonly principal: string;
  /**
   * Whether its answer may be an SSE stream; when false, what a call sends before its result
   * (progress, log messages) is dropped and the answer is JSON. @default true
   */
  readonly streaming?: boolean;
}

/** Options of the 2026-07-28 serving. */
export interface ModernOptions {
  /**
   * The secret that signs `requestState` (at least 32 bytes). Every replica that may receive a
   * retry must have the same. @default a random key per process
   */
  requestStateKey?: string | Uint8Array;
  /** How long a client may take to answer a round of questions, in seconds. @default 600 */
  requestStateTtlSeconds?: number;
}

/** The signed state of a request that asked questions: what it was, and the answers so far. */
interface RoundState {
  /** The request it belongs to: the tool, prompt or resource, and a digest of its arguments. */
  readonly r: string;
  /** Rounds so far. */
  readonly n: number;
  /** Answers used so far, by question key. */
  readonly a: Record<string, unknown>;
}

type Sdk = typeof import('@modelcontextprotocol/server');

/** The v2 SDK, or undefined when it is not installed (the endpoint then serves 2025 only). */
let sdk: Sdk | null | undefined;
export function modernSdk(): Sdk | undefined {
  if (sdk === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      sdk = require('@modelcontextprotocol/server') as Sdk;
    } catch {
      sdk = null;
    }
  }
  return sdk ?? undefined;
}

/**
 * The factory of the v2 servers that answer 2026-07-28 requests with `legacy`'s handlers (a server
 * made by `createMcpServer`, never connected: it only lends its handlers and capabilities).
 * `infoOf` gives what the HTTP endpoint knows of the request being served.
 */
export function modernServerFactory(sdk: Sdk, legacy: Server, info: { name: string; version: string }, options: ModernOptions, infoOf: () => ModernRequestInfo | undefined): () => ModernServer {
  const handlers = (legacy as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const capabilities = (legacy as unknown as { _capabilities?: Record<string, unknown> })._capabilities ?? {};
  const codec = sdk.createRequestStateCodec<RoundState>({
    key: options.requestStateKey ?? randomBytes(32),
    ttlSeconds: options.requestStateTtlSeconds ?? 600,
    bind: (ctx) => `${ctx.mcpReq.method}\0${principalOf(ctx, infoOf())}`,
  });
  const shared = SHARED_METHODS.filter((m) => handlers.has(m));
  return () => {
    const server = new sdk.Server(info, { capabilities: capabilities as never, requestState: { verify: codec.verify } });
    for (const method of shared) {
      const handler = handlers.get(method)!;
      server.setRequestHandler(method as 'tools/call', ((request: { method: string; params?: Record<string, unknown> }, ctx: ServerContext) =>
        INPUT_METHODS.has(method) ? withQuestions(sdk, codec, handler, request, ctx, infoOf()) : handler(request, extraOf(ctx, infoOf(), ctx.mcpReq.signal, undefined))) as never);
    }
    return server;
  };
}

/** The principal of a request: the endpoint's, else the verified token's client. */
function principalOf(ctx: ServerContext, info: ModernRequestInfo | undefined): string {
  return info?.principal ?? ctx.http?.authInfo?.clientId ?? '';
}

/**
 * The request's `_meta` as a 2025 handler reads it: the SDK lifts the reserved envelope keys out of
 * `_meta` (into `ctx.mcpReq.envelope`), and the log level among them is put back, where
 * createMcpServer's handlers read a request's own level.
 */
function metaOf(ctx: ServerContext): Record<string, unknown> | undefined {
  const level = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[LOG_LEVEL_META];
  return level === undefined ? ctx.mcpReq._meta : { ...ctx.mcpReq._meta, [LOG_LEVEL_META]: level };
}

/** A 2025 handler's `extra` for a 2026 request. */
function extraOf(ctx: ServerContext, info: ModernRequestInfo | undefined, signal: AbortSignal, ask: ModernAsk | undefined): Record<PropertyKey, unknown> {
  const authInfo = ctx.http?.authInfo;
  return {
    signal,
    requestId: ctx.mcpReq.id,
    _meta: metaOf(ctx),
    ...(authInfo !== undefined ? { authInfo } : {}),
    requestInfo: { headers: info?.headers ?? {}, ...(info !== undefined ? { [MCP_CALLER]: info.principal } : {}) },
    sendNotification: info?.streaming === false ? () => Promise.resolve() : (n: { method: string; params?: Record<string, unknown> }) => ctx.mcpReq.notify(n as never),
    sendRequest: () => Promise.reject(new Error('a 2026-07-28 request cannot be sent a request of the server')),
    [MODERN_REQUEST]: ask ?? {},
  };
}

/** What names a request for its state: the method, its tool, prompt or resource, and a digest of its arguments. */
function requestKey(method: string, params: Record<string, unknown> | undefined): string {
  const target = method === 'resources/read' ? params?.uri : params?.name;
  const digest = createHash('sha256').update(canonical(params?.arguments ?? {})).digest('base64url');
  return `${method} ${typeof target === 'string' ? target : ''} ${digest}`;
}

/** JSON with object keys sorted: the same arguments give the same text whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function invalidParams(sdk: Sdk, message: string): Error {
  return new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, message);
}

/**
 * Runs a request that may ask questions: answers them from the request, or stops it and answers
 * `input_required` with the questions of this round.
 */
async function withQuestions(
  sdk: Sdk,
  codec: { mint(payload: RoundState, ctx?: ServerContext): Promise<string> },
  handler: Handler,
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
  info: ModernRequestInfo | undefined,
): Promise<unknown> {
  const key = requestKey(request.method, request.params);
  const state = ctx.mcpReq.requestState<RoundState>();
  if (state !== undefined && (typeof state !== 'object' || state === null || state.r !== key || typeof state.a !== 'object' || state.a === null)) {
    throw invalidParams(sdk, 'Invalid requestState: it was issued for another request (method, name or arguments differ).');
  }
  const rounds = new Rounds(sdk, { ...(state?.a ?? {}), ...(ctx.mcpReq.inputResponses ?? {}) }, capabilitiesOf(ctx));
  const stop = new AbortController();
  const callerGone = (): void => stop.abort(ctx.mcpReq.signal.reason);
  if (ctx.mcpReq.signal.aborted) callerGone();
  else ctx.mcpReq.signal.addEventListener('abort', callerGone, { once: true });
  try {
    const run = handler(request, extraOf(ctx, info, stop.signal, rounds.ask));
    const first = await Promise.race([run.then((result) => ({ result })), rounds.asked.then(() => undefined)]);
    if (first !== undefined) return first.result;
    // A question without an answer: the call stops here, and the client is asked.
    run.catch(() => undefined);
    stop.abort(new Error('the client is asked for input; the request will be retried with the answers'));
    const n = (state?.n ?? 0) + 1;
    if (n > MAX_INPUT_ROUNDS) throw invalidParams(sdk, `The request asked for input ${MAX_INPUT_ROUNDS} times, the most it may; it is not run again.`);
    const requestState = await codec.mint({ r: key, n, a: rounds.used }, ctx);
    if (requestState.length > MAX_REQUEST_STATE_CHARS) throw invalidParams(sdk, `The answers so far take more than ${MAX_REQUEST_STATE_CHARS} characters; the request is not run again.`);
    return sdk.inputRequired({ inputRequests: rounds.pending as never, requestState });
  } finally {
    ctx.mcpReq.signal.removeEventListener('abort', callerGone);
  }
}

/** The client's capabilities as this request declares them. */
function capabilitiesOf(ctx: ServerContext): { elicitation?: { form?: object; url?: object }; sampling?: object } {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const declared = envelope?.['io.modelcontextprotocol/clientCapabilities'];
  return (declared !== null && typeof declared === 'object' ? declared : {}) as never;
}

/** The questions of one request: answered from the answers it came with, or collected for the client. */
class Rounds {
  /** Answers used, by key: they ride in the next round's state. */
  readonly used: Record<string, unknown> = {};
  /** Questions without an answer, by key. */
  readonly pending: Record<string, unknown> = {};
  /** Resolves once a question without an answer was asked (after the questions asked in the same turn). */
  readonly asked: Promise<void>;
  readonly ask: ModernAsk;
  #resolve!: () => void;
  #waiting = false;
  readonly #asks = new Map<string, number>();
  #count = 0;

  constructor(
    private readonly sdk: Sdk,
    private readonly answers: Record<string, unknown>,
    capabilities: ReturnType<typeof capabilitiesOf>,
  ) {
    this.asked = new Promise((resolve) => (this.#resolve = resolve));
    const elicitation = capabilities.elicitation;
    const forms = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
    this.ask = {
      ...(forms ? { elicit: (request, signal) => this.#elicit(request, signal) } : {}),
      ...(capabilities.sampling !== undefined ? { sample: (request, signal) => this.#sample(request, signal) } : {}),
    };
  }

  /** The key of a question: its own (`<key>`, then `<key>.2`… when asked again), else `<kind><n>`. */
  #keyOf(own: string | undefined, kind: string): string {
    this.#count++;
    const base = own ?? `${kind}${this.#count}`;
    const times = (this.#asks.get(base) ?? 0) + 1;
    this.#asks.set(base, times);
    return times === 1 ? base : `${base}.${times}`;
  }

  #elicit(request: Parameters<NonNullable<ToolClient['elicit']>>[0], signal: AbortSignal | undefined): Promise<ElicitationReply> {
    const key = this.#keyOf(request.key, 'elicit');
    const answer = this.answers[key] as Partial<ElicitationReply> | undefined;
    if (answer !== null && typeof answer === 'object' && (answer.action === 'accept' || answer.action === 'decline' || answer.action === 'cancel')) {
      const content = answer.content;
      const reply: ElicitationReply = { action: answer.action, ...(answer.action === 'accept' && content !== null && typeof content === 'object' && !Array.isArray(content) ? { content } : {}) };
      this.used[key] = reply;
      return Promise.resolve(reply);
    }
    return this.#wait(key, this.sdk.inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema as never }), signal);
  }

  #sample(request: Parameters<NonNullable<ToolClient['sample']>>[0], signal: AbortSignal | undefined): ReturnType<NonNullable<ToolClient['sample']>> {
    const key = this.#keyOf(request.key, 'sample');
    const answer = this.answers[key] as { role?: unknown; content?: unknown; model?: unknown; stopReason?: unknown } | undefined;
    if (answer !== null && typeof answer === 'object' && (answer.role === 'user' || answer.role === 'assistant') && answer.content !== null && typeof answer.content === 'object') {
      const reply = { role: answer.role as 'user' | 'assistant', content: answer.content as never, model: typeof answer.model === 'string' ? answer.model : '', ...(typeof answer.stopReason === 'string' ? { stopReason: answer.stopReason } : {}) };
      this.used[key] = reply;
      return Promise.resolve(reply);
    }
    const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences, metadata } = request;
    const params = {
      messages: messages.map((m) => ({ role: m.role, content: { ...m.content } })),
      maxTokens,
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(stopSequences !== undefined ? { stopSequences: [...stopSequences] } : {}),
      ...(modelPreferences !== undefined ? { modelPreferences } : {}),
      ...(metadata !== undefined ? { metadata } : {}),
    };
    return this.#wait(key, this.sdk.inputRequired.createMessage(params as never), signal);
  }

  /** Records a question for the client; the promise settles only if the call is stopped. */
  #wait<T>(key: string, question: unknown, signal: AbortSignal | undefined): Promise<T> {
    this.pending[key] = question;
    if (!this.#waiting) {
      this.#waiting = true;
      // Questions asked in the same turn (Promise.all) go out together.
      setImmediate(() => this.#resolve());
    }
    return new Promise<T>((_resolve, reject) => {
      if (signal === undefined) return;
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }
}
