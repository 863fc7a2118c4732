/**
 * Questions on 2026-07-28 (`ctx.elicit`, approvals, `ctx.sample`, `ctx.roots`), asked by replay:
 * the call runs; a question whose answer came with the request (`inputResponses` to a question the
 * round before asked, or an earlier round's answers kept in the signed `requestState`) is answered at
 * once; the first question without one stops the call (its signal aborts) and the request is
 * answered `input_required` with every question asked so far in the same turn, and a
 * `requestState` that carries the answers used, bound to the method, the caller, the tool (or
 * prompt, or resource) and a digest of its arguments. The call then runs again from the start: code
 * before a question runs once per round (docs/mcp.md says so).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '@modelcontextprotocol/server';
import { ToolContextError, type ToolClient, type ElicitationReply, type ClientRoot } from '../../invoke/calling/context';
import { MCP_TEXTS } from '../../diagnostics';
import { canonicalJson } from '../../json';
import { SpentStates } from '../spent-states';
import type { CallAsks, CallScope, Row } from '../call';
import { samplingParams } from '../sampling';
import type { DetachHooks } from '../tasks/runtime';
import type { Sdk } from './sdk';
import { capabilitiesOf, requestScope, type DeclaredCapabilities, type ModernRequestInfo } from './scope';

/** Rounds of questions one request may take; the round beyond is refused. */
export const MAX_INPUT_ROUNDS = 16;
/** The largest `requestState` the server mints, in characters; answers beyond it are refused. */
export const MAX_REQUEST_STATE_CHARS = 64 * 1024;

/** The signed state of a request that asked questions: what it was, and the answers so far. */
export interface RoundState {
  /** Its own id (random), by which it is spent. */
  readonly i: string;
  /** When it was minted (ms since the epoch). */
  readonly t: number;
  /** The request it belongs to: the tool, prompt or resource, and a digest of its arguments. */
  readonly r: string;
  /** Rounds so far. */
  readonly n: number;
  /** Answers used so far, by question key. */
  readonly a: Record<string, unknown>;
  /** The questions this round asked: the only keys of `inputResponses` the next request may answer. */
  readonly q: readonly string[];
  /** The keys of the approval questions asked so far (answered or not). */
  readonly p: readonly string[];
}

/** How a request's state is minted and spent. */
export interface States {
  mint(payload: RoundState, ctx?: ServerContext): Promise<string>;
  readonly ttlMs: number;
}

/**
 * One 2026-07-28 request as a round of questions sees it: the state and answers it came with, what
 * its client declared, its signal, its scope, and how its next state is minted. The SDK's context
 * gives it (`roundOf`); so does the direct path's body (./direct.ts), for a request without state.
 */
export interface RoundCall {
  readonly state: unknown;
  readonly given: Readonly<Record<string, unknown>>;
  readonly capabilities: DeclaredCapabilities;
  readonly signal: AbortSignal;
  scope(signal: AbortSignal, asks: CallAsks): CallScope;
  mint(payload: RoundState): Promise<string>;
}

/** A request served by the SDK's v2 server, as a round of questions sees it. */
export function roundOf(states: States, ctx: ServerContext, info: ModernRequestInfo | undefined): RoundCall {
  return {
    state: ctx.mcpReq.requestState<RoundState>(),
    given: ctx.mcpReq.inputResponses ?? {},
    capabilities: capabilitiesOf(ctx),
    signal: ctx.mcpReq.signal,
    scope: (signal, asks) => requestScope(ctx, info, signal, asks),
    mint: (payload) => states.mint(payload, ctx),
  };
}

/** The states spent in this process (every endpoint's: their ids are random). */
const spentStates = new SpentStates();

/** What names a request for its state: the method, its tool, prompt or resource, and a digest of its arguments. */
function requestKey(method: string, params: Record<string, unknown> | undefined): string {
  const target = method === 'resources/read' ? params?.uri : params?.name;
  const digest = createHash('sha256')
    .update(canonicalJson(params?.arguments ?? {}))
    .digest('base64url');
  return `${method} ${typeof target === 'string' ? target : ''} ${digest}`;
}

function invalidParams(sdk: Sdk, message: string): Error {
  return new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, message);
}

/** Whether an answer accepts (an approval question's: the user approved). */
function accepts(answer: unknown): boolean {
  return answer !== null && typeof answer === 'object' && (answer as { action?: unknown }).action === 'accept';
}

/**
 * Runs a request that may ask questions: answers them from the request, or stops it and answers
 * `input_required` with the questions of this round. An answer counts only for a question the
 * previous round asked (its state's `q`): one sent unasked, or without a state, is not read, and its
 * question is asked. A state whose approval was accepted is spent as the request that uses it runs:
 * one approval, one run.
 */
export async function withQuestions(
  sdk: Sdk,
  states: States,
  row: Row<CallScope>,
  request: { method: string; params?: Record<string, unknown> },
  call: RoundCall,
  hooks?: DetachHooks,
): Promise<unknown> {
  // The request's key (a digest of its arguments) is needed only when a state comes back or is minted.
  const key = (): string => requestKey(request.method, request.params);
  const state = call.state as RoundState | undefined;
  if (
    state !== undefined &&
    (typeof state !== 'object' ||
      state === null ||
      state.r !== key() ||
      typeof state.a !== 'object' ||
      state.a === null ||
      !Array.isArray(state.q) ||
      !Array.isArray(state.p) ||
      typeof state.i !== 'string' ||
      typeof state.t !== 'number')
  ) {
    throw invalidParams(sdk, MCP_TEXTS.stateOfAnotherRequest());
  }
  const answers: Record<string, unknown> = { ...(state?.a ?? {}) };
  const given = call.given;
  for (const asked of state?.q ?? []) if (Object.hasOwn(given, asked)) answers[asked] = given[asked];
  if (state !== undefined && state.p.some((k) => accepts(answers[k])) && !spentStates.spend(state.i, state.t, state.t + states.ttlMs)) {
    throw invalidParams(sdk, MCP_TEXTS.requestStateSpent());
  }
  const rounds = new Rounds(sdk, answers, call.capabilities);
  const stop = new AbortController();
  const callerGone = (): void => stop.abort(call.signal.reason);
  if (call.signal.aborted) callerGone();
  else call.signal.addEventListener('abort', callerGone, { once: true });
  try {
    // Tasks hook: a call that may detach into a task asks through the hooks, and is answered with its task once it detached.
    const asks = hooks === undefined ? rounds.ask : hooks.ask(rounds.ask, stop);
    let run: Promise<unknown>;
    try {
      run = Promise.resolve(row(request.params ?? {}, call.scope(stop.signal, asks)));
    } catch (e) {
      run = Promise.reject(e);
    }
    const first = await Promise.race([
      run.then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
      rounds.asked.then(() => undefined),
      ...(hooks !== undefined ? [hooks.detached.then((created) => ({ created }))] : []),
    ]);
    if (first !== undefined && 'created' in first) {
      hooks!.adopt(run);
      return first.created;
    }
    if (first !== undefined) {
      // A call that failed after asking for what the client did not declare needed it (the protocol's -32021);
      // one that caught the refusal and went on (asking another way) is answered as it ended.
      const failed = 'error' in first || (first.result as { isError?: unknown }).isError === true;
      if (failed && Object.keys(rounds.missing).length > 0) {
        throw new sdk.MissingRequiredClientCapabilityError(
          { requiredCapabilities: rounds.missing } as never,
          MCP_TEXTS.modernMissingCapability(Object.keys(rounds.missing)),
        );
      }
      if ('error' in first) throw first.error;
      return first.result;
    }
    // A question without an answer: the call stops here, and the client is asked.
    run.catch(() => undefined);
    stop.abort(new Error('the client is asked for input; the request will be retried with the answers'));
    const n = (state?.n ?? 0) + 1;
    if (n > MAX_INPUT_ROUNDS) throw invalidParams(sdk, MCP_TEXTS.tooManyInputRounds(MAX_INPUT_ROUNDS));
    const requestState = await call.mint({
      i: randomBytes(12).toString('base64url'),
      t: Date.now(),
      r: key(),
      n,
      a: rounds.used,
      q: Object.keys(rounds.pending),
      p: [...rounds.approvals],
    });
    if (requestState.length > MAX_REQUEST_STATE_CHARS) throw invalidParams(sdk, MCP_TEXTS.requestStateTooLarge(MAX_REQUEST_STATE_CHARS));
    return sdk.inputRequired({ inputRequests: rounds.pending as never, requestState });
  } finally {
    call.signal.removeEventListener('abort', callerGone);
  }
}

/** The questions of one request: answered from the answers it came with, or collected for the client. */
class Rounds {
  /** Answers used, by key: they ride in the next round's state. */
  readonly used: Record<string, unknown> = {};
  /** Questions without an answer, by key. */
  readonly pending: Record<string, unknown> = {};
  /** What the client declared of sampling (with tools or not). */
  readonly sampling: { tools?: unknown } | undefined;
  /** Capabilities the call asked for that the client did not declare (the refusal's `requiredCapabilities`). */
  readonly missing: Record<string, object> = {};
  /** The keys of the approval questions asked (answered or not). */
  readonly approvals = new Set<string>();
  /** Resolves once a question without an answer was asked (after the questions asked in the same turn). */
  readonly asked: Promise<void>;
  readonly ask: CallAsks;
  #resolve!: () => void;
  #waiting = false;
  readonly #asks = new Map<string, number>();
  #count = 0;

  constructor(
    private readonly sdk: Sdk,
    private readonly answers: Record<string, unknown>,
    capabilities: DeclaredCapabilities,
  ) {
    this.asked = new Promise((resolve) => (this.#resolve = resolve));
    this.sampling = capabilities.sampling as { tools?: unknown } | undefined;
    const elicitation = capabilities.elicitation;
    const forms = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
    // What the client did not declare is refused (NO_ELICITATION, NO_SAMPLING, NO_ROOTS): a tool may
    // catch the refusal and go on; a call that fails with it is answered -32021 (withQuestions).
    this.ask = {
      elicit: forms ? (request, signal) => this.#elicit(request, signal, false) : () => this.#refuse('elicitation', 'NO_ELICITATION'),
      approval: forms ? (request, signal) => this.#elicit(request, signal, true) : undefined,
      sample: capabilities.sampling !== undefined ? (request, signal) => this.#sample(request, signal) : () => this.#refuse('sampling', 'NO_SAMPLING'),
      roots: capabilities.roots !== undefined ? (request, signal) => this.#roots(request, signal) : () => this.#refuse('roots', 'NO_ROOTS'),
    };
  }

  #refuse(capability: string, code: 'NO_ELICITATION' | 'NO_SAMPLING' | 'NO_ROOTS'): Promise<never> {
    this.missing[capability] = {};
    return Promise.reject(new ToolContextError(code, MCP_TEXTS.modernUndeclared(capability)));
  }

  #roots(request: { key?: string }, signal: AbortSignal | undefined): Promise<readonly ClientRoot[]> {
    const key = this.#keyOf(request.key, 'roots');
    const answer = this.answers[key] as { roots?: unknown } | undefined;
    if (answer !== null && typeof answer === 'object' && Array.isArray(answer.roots)) {
      const roots = answer.roots
        .filter((r): r is { uri: string; name?: unknown } => r !== null && typeof r === 'object' && typeof (r as { uri?: unknown }).uri === 'string')
        .map((r) => ({ uri: r.uri, ...(typeof r.name === 'string' ? { name: r.name } : {}) }));
      this.used[key] = { roots };
      return Promise.resolve(roots);
    }
    return this.#wait(key, this.sdk.inputRequired.listRoots(), signal);
  }

  /** The key of a question: its own (`<key>`, then `<key>.2`… when asked again), else `<kind><n>`. */
  #keyOf(own: string | undefined, kind: string): string {
    this.#count++;
    const base = own ?? `${kind}${this.#count}`;
    const times = (this.#asks.get(base) ?? 0) + 1;
    this.#asks.set(base, times);
    return times === 1 ? base : `${base}.${times}`;
  }

  #elicit(request: Parameters<NonNullable<ToolClient['elicit']>>[0], signal: AbortSignal | undefined, approval: boolean): Promise<ElicitationReply> {
    const key = this.#keyOf(request.key, 'elicit');
    if (approval) this.approvals.add(key);
    const answer = this.answers[key] as Partial<ElicitationReply> | undefined;
    if (answer !== null && typeof answer === 'object' && (answer.action === 'accept' || answer.action === 'decline' || answer.action === 'cancel')) {
      const content = answer.content;
      const reply: ElicitationReply = {
        action: answer.action,
        ...(answer.action === 'accept' && content !== null && typeof content === 'object' && !Array.isArray(content) ? { content } : {}),
      };
      this.used[key] = reply;
      return Promise.resolve(reply);
    }
    return this.#wait(key, this.sdk.inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema as never }), signal);
  }

  #sample(request: Parameters<NonNullable<ToolClient['sample']>>[0], signal: AbortSignal | undefined): ReturnType<NonNullable<ToolClient['sample']>> {
    const key = this.#keyOf(request.key, 'sample');
    const answer = this.answers[key] as { role?: unknown; content?: unknown; model?: unknown; stopReason?: unknown } | undefined;
    if (
      answer !== null &&
      typeof answer === 'object' &&
      (answer.role === 'user' || answer.role === 'assistant') &&
      answer.content !== null &&
      typeof answer.content === 'object'
    ) {
      const reply = {
        role: answer.role as 'user' | 'assistant',
        content: answer.content as never,
        model: typeof answer.model === 'string' ? answer.model : '',
        ...(typeof answer.stopReason === 'string' ? { stopReason: answer.stopReason } : {}),
      };
      this.used[key] = reply;
      return Promise.resolve(reply);
    }
    let params: Record<string, unknown>;
    try {
      params = samplingParams(request, this.sampling);
    } catch (e) {
      // Tools asked of a client that did not declare `sampling.tools`.
      this.missing.sampling = { tools: {} };
      return Promise.reject(e);
    }
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
