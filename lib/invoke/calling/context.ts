/**
 * The vocabulary of one call: its context (`ToolContext`, what the client can do for it), its options
 * (`InvokeOptions`), the tool it is made on (`ToolDefinition`), its approval's request and answer, and
 * what a failure tells the model. They name one another, so they live in one file.
 */
import type { ApprovalPredicate, CallerAuthInfo, ToolCaller, ToolDescription, ToolServices } from '../../tool-description';
import type { CostLine, ToolResult } from '../../tool-result';
import type { ArgumentLimits } from '../arguments/json-text';
import { describeThrown } from '../../thrown';
import { titledForm, type ElicitationForm } from './elicitation-form';
import type { ObjectHint } from '../../types/hints';

export type { ApprovalPredicate, CallerAuthInfo, ToolCaller, ToolServices };

/** A clock the invoker measures timeouts on (inject a fake one in tests). */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. Timers are unref'd: a pending tool timeout never keeps the process alive. */
export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => {
    const t = setTimeout(fn, ms);
    (t as { unref?: () => void }).unref?.();
    return t;
  },
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/** MCP's log levels (RFC 5424 severities), least severe first. */
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** One progress update of a call. */
export interface ProgressUpdate {
  readonly done: number;
  readonly total?: number;
  readonly message?: string;
}

/** What is sent to ask the user: MCP's `elicitation/create` form (a flat object schema). */
export interface ElicitationRequest {
  /** The question's name where a client answers by name (`ElicitOptions.key`). */
  readonly key?: string;
  readonly message: string;
  readonly requestedSchema: ElicitationForm;
}

/** The user's answer as the client sent it (`content` is not validated yet). */
export interface ElicitationReply {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Readonly<Record<string, unknown>>;
}

/** One message of a conversation sent to the client's model (`ctx.sample`): MCP's `SamplingMessage`. */
export interface SamplingMessage {
  readonly role: 'user' | 'assistant';
  /** One block, or several (a model's tool uses, and the tool results that answer them). */
  readonly content: SamplingContent | readonly SamplingContent[];
}

/** A block of a sampling message: text, image or audio; with tools, the model's tool use and the result sent back for it. */
export type SamplingContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image' | 'audio'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: Readonly<Record<string, unknown>> }
  | {
      readonly type: 'tool_result';
      readonly toolUseId: string;
      readonly content: readonly { readonly type: 'text'; readonly text: string }[];
      readonly isError?: boolean;
    };

/** A tool the client's model may use while it answers (`SampleOptions.tools`): any tool definition, or its name, description and input schema. */
export interface SamplingTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: object;
}

/** Options of `ToolContext.sample`: MCP's `sampling/createMessage` parameters. */
export interface SampleOptions {
  /** The most tokens the model may answer with. @default 1024 */
  maxTokens?: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: readonly string[];
  /** Which model the client should prefer (hints, cost, speed, intelligence priorities); the client decides. */
  modelPreferences?: {
    readonly hints?: readonly { readonly name?: string }[];
    readonly costPriority?: number;
    readonly speedPriority?: number;
    readonly intelligencePriority?: number;
  };
  /** Provider-specific metadata passed through to the client. */
  metadata?: Readonly<Record<string, unknown>>;
  /**
   * Tools the model may use while it answers (MCP 2025-11-25: the client must declare
   * `sampling.tools`; else `ctx.sample` rejects with `NO_SAMPLING`). From a `ToolSet`, give
   * `set.listFor(ctx)`: the tools this caller is shown (`list()` holds those its `visible` rule
   * hides too). The answer may then hold `tool_use` blocks: run them with
   * `set.invoke(name, input, { context: ctx })` (the rule, approvals and limits of this caller) and
   * sample again with their results.
   */
  tools?: readonly SamplingTool[];
  /** Whether the model must, may or must not use a tool. @default the client's (auto) */
  toolChoice?: { readonly mode: 'auto' | 'required' | 'none' };
  /**
   * The question's name where a client answers by name (MCP 2026-07-28: its key in the call's
   * `inputRequests` and `inputResponses`). @default `sample<n>`, the n-th question of the call
   */
  key?: string;
}

/** What is sent to the client's model. */
export interface SamplingRequest extends Omit<SampleOptions, 'maxTokens'> {
  readonly messages: readonly SamplingMessage[];
  readonly maxTokens: number;
}

/** The client model's answer (MCP's `CreateMessageResult`), with `text`: its text content, or '' for an image or audio answer. */
export interface SamplingReply {
  readonly role: 'user' | 'assistant';
  readonly content: SamplingContent | readonly SamplingContent[];
  readonly model: string;
  readonly stopReason?: string;
  readonly text: string;
}

/** One of the client's roots (MCP's `Root`): a `file://` URI the client says the server may work in, and its name. */
export interface ClientRoot {
  readonly uri: string;
  readonly name?: string;
}

/** Options of `ToolContext.roots`. */
export interface RootsOptions {
  /**
   * The question's name where a client answers by name (MCP 2026-07-28: its key in the call's
   * `inputRequests` and `inputResponses`). @default `roots<n>`, the n-th question of the call
   */
  key?: string;
}

/** What `ToolContext.elicit` resolves to: an accepted answer is an instance of the DTO, validated. */
export type Elicited<T> = { readonly action: 'accept'; readonly value: T } | { readonly action: 'decline' } | { readonly action: 'cancel' };

/**
 * What the other end of a call can do for the tool. The MCP server fills it in from the request
 * (progress token, logging, elicitation, auth info, headers); elsewhere the application may give
 * its own (`new ToolContext({ client: { progress, log } })`). A call's client inherits what it does
 * not define from its parent context's.
 */
export interface ToolClient {
  readonly caller?: ToolCaller;
  /** Receives `ctx.progress(...)`. MCP: a progress notification, sent when the client gave a progress token. */
  progress?(update: ProgressUpdate): void | Promise<void>;
  /** Receives `ctx.log(...)`. MCP: a logging notification (filtered by the level the client set). */
  log?(level: LogLevel, message: string): void | Promise<void>;
  /** The caller's progress token (MCP: the request's `_meta.progressToken`), when it gave one. */
  readonly progressToken?: string | number;
  /**
   * Asks the caller's model (MCP: `sampling/createMessage`). Absent when the client offers no model
   * (then `ctx.sample` rejects with code `NO_SAMPLING`).
   */
  sample?(request: SamplingRequest, signal?: AbortSignal): Promise<Omit<SamplingReply, 'text'>>;
  /**
   * Closes the stream that carries this call's answer, for the client to reconnect and resume
   * (MCP: SSE polling, over HTTP with sessions and an event store, a 2025-11-25 client). Absent where
   * there is no such stream.
   */
  closeStream?(): void;
  /**
   * Makes this call a task and answers the request with it, the method going on in the task (MCP
   * 2026-07-28 tasks extension, a tool whose task starts on `ctx.detach()`). Resolves false where
   * the call cannot become one. Absent elsewhere.
   */
  detach?(): Promise<boolean>;
  /**
   * Lists the client's roots (MCP: `roots/list`). Absent when the client offers none (then
   * `ctx.roots` rejects with code `NO_ROOTS`).
   */
  roots?(request: RootsOptions, signal?: AbortSignal): Promise<readonly ClientRoot[]>;
  /** Asks the user. Absent when no one can answer (then `ctx.elicit` rejects with code `NO_ELICITATION`). */
  elicit?(request: ElicitationRequest, signal?: AbortSignal): Promise<ElicitationReply>;
  /**
   * Why this client cannot be asked, when `elicit` is absent (MCP: a stateless endpoint, or a client
   * that did not declare elicitation): `ctx.elicit`'s `NO_ELICITATION` refusal says it.
   */
  cannotElicit?: string;
  /**
   * Approves a call of a tool that requires approval when neither the call nor the tool set has an
   * approver. MCP: asks the user through elicitation, or refuses saying that the client cannot.
   */
  approve?(request: ApprovalRequest): ApprovalDecision | Promise<ApprovalDecision>;
}

/** Why `ToolContext.elicit` could not give an answer. */
export type ToolContextErrorCode =
  | 'NO_ELICITATION'
  | 'ELICITATION_INVALID'
  | 'ELICITATION_FAILED'
  | 'NO_SAMPLING'
  | 'SAMPLING_FAILED'
  | 'NO_ROOTS'
  | 'ROOTS_FAILED';

/** `ToolContext.elicit` could not ask, or the answers were refused; `ToolContext.sample` could not ask the model. A tool may catch it; if not, the call fails with its text. */
export class ToolContextError extends Error {
  override readonly name = 'ToolContextError';

  constructor(
    readonly code: ToolContextErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Options of `ToolContext.elicit`. */
export interface ElicitOptions {
  /**
   * How many times the user is asked when an answer fails validation (the problems are shown above
   * the message from the second time); after the last, `elicit` rejects with `ELICITATION_INVALID`.
   * @default 2
   */
  attempts?: number;
  /**
   * Titles of choices, by field and value (`{ plan: { pro: 'Pro, 20 € a month' } }`): a string enum
   * field is sent as a titled single choice (`oneOf` of `const`/`title`), an array of string enum
   * items as a titled multiple choice (`items.anyOf` of `const`/`title`), as MCP 2025-11-25 forms
   * write them; a value without a title shows as itself. The answer is read as without titles.
   */
  titles?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Fields whose titles are sent the deprecated way (`enum` with `enumNames`), for clients that
   * predate titled choices. @default none
   */
  enumNames?: readonly string[];
  /**
   * The question's name where a client answers by name (MCP 2026-07-28: its key in the call's
   * `inputRequests` and `inputResponses`; a re-asked question is `<key>.2`, `<key>.3`…).
   * @default `elicit<n>`, the n-th question of the call
   */
  key?: string;
}

/**
 * Turns a DTO class into an elicitation form and reads answers into validated instances. The
 * invoker installs it (`useElicitationForms`): the context cannot import the invoker, which
 * imports it.
 */
export interface ElicitationForms {
  form(type: Function | ObjectHint): ElicitationRequest['requestedSchema'];
  read(type: Function | ObjectHint, content: Readonly<Record<string, unknown>>): Promise<{ ok: true; value: unknown } | { ok: false; text: string }>;
}

let forms: ElicitationForms | undefined;

/** Installs the reader of elicitation answers (the invoker does, once, when it loads). */
export function useElicitationForms(f: ElicitationForms): void {
  forms = f;
}

export interface ToolContextInit {
  /** @default the system clock */
  clock?: Clock;
  /** A DI container (anything with `get(token)`), a Map, or a plain object of services. */
  services?: ToolServices | ReadonlyMap<unknown, unknown> | Record<string, unknown>;
  signal?: AbortSignal;
  toolName?: string;
  callId?: string;
  /**
   * Who is calling and what the caller's client can do (progress, log, elicit); a child context
   * takes from its parent what this does not define.
   * @default none: progress and log go nowhere; elicit rejects with `NO_ELICITATION`
   */
  client?: ToolClient;
}

const BRAND = Symbol.for('tool-signatures.context');

function toServices(s: ToolContextInit['services']): ToolServices {
  if (s === undefined) return { get: () => undefined };
  if (s instanceof Map) return { get: <T>(t: unknown) => s.get(t) as T | undefined };
  if (typeof (s as ToolServices).get === 'function') return s as ToolServices;
  const record = s as Record<string, unknown>;
  return { get: <T>(t: unknown) => (typeof t === 'string' && Object.prototype.hasOwnProperty.call(record, t) ? (record[t] as T) : undefined) };
}

/**
 * What the runtime gives a tool for one call: cost reporting, the call's signal, its name and id,
 * services, who is calling (`caller`), and the caller's client: `progress`, `log` and `elicit`
 * (MCP notifications and elicitation; callbacks or a clear refusal elsewhere). Declare a parameter
 * `ctx: ToolContext` (imported as a value) to receive it.
 */
export class ToolContext {
  /** Recognised across copies of the package. */
  static readonly [BRAND] = true;

  readonly clock: Clock;
  readonly services: ToolServices;
  readonly signal: AbortSignal | undefined;
  readonly toolName: string | undefined;
  readonly callId: string | undefined;
  /** Who is calling (auth info, headers, the framework's context); `{}` when nothing is known. */
  readonly caller: ToolCaller;
  readonly #costs: CostLine[] = [];
  readonly #parent: ToolContext | undefined;
  readonly #client: ToolClient | undefined;

  constructor(init: ToolContextInit = {}, parent?: ToolContext) {
    this.clock = init.clock ?? parent?.clock ?? systemClock;
    this.services = init.services !== undefined ? toServices(init.services) : (parent?.services ?? toServices(undefined));
    this.signal = init.signal;
    this.toolName = init.toolName;
    this.callId = init.callId;
    this.#parent = parent;
    this.#client = init.client;
    this.caller = Object.freeze({ ...parent?.caller, ...init.client?.caller });
  }

  /** The nearest client (this context's, then its parents') that has `key`. */
  #find<K extends 'progress' | 'log' | 'elicit' | 'approve' | 'sample' | 'closeStream' | 'roots'>(key: K): ToolClient | undefined {
    for (let c: ToolContext | undefined = this; c !== undefined; c = c.#parent) {
      if (typeof c.#client?.[key] === 'function') return c.#client;
    }
    return undefined;
  }

  /** Why the nearest client that says so cannot be asked (`ToolClient.cannotElicit`). */
  #cannotElicit(): string | undefined {
    for (let c: ToolContext | undefined = this; c !== undefined; c = c.#parent) {
      if (typeof c.#client?.cannotElicit === 'string') return c.#client.cannotElicit;
    }
    return undefined;
  }

  /**
   * The caller's progress token, when it asked for progress (MCP: `_meta.progressToken`), from the
   * nearest client that has one. `ctx.progress` already sends to it; read it to report it or log it.
   */
  get progressToken(): string | number | undefined {
    for (let c: ToolContext | undefined = this; c !== undefined; c = c.#parent) {
      const token = c.#client?.progressToken;
      if (typeof token === 'string' || typeof token === 'number') return token;
    }
    return undefined;
  }

  /**
   * Asks the caller's model (MCP: `sampling/createMessage`, where the client declared `sampling`):
   * a prompt (one user message) or a conversation. Resolves to the model's answer, with its text in
   * `text`. Rejects with `NO_SAMPLING` where no client offers a model (outside MCP, a client without
   * sampling, a stateless HTTP request), with `SAMPLING_FAILED` when the client refused or failed.
   * The call's signal cancels the request.
   */
  async sample(messages: string | readonly SamplingMessage[], options: SampleOptions = {}): Promise<SamplingReply> {
    const client = this.#find('sample');
    if (client === undefined) {
      throw new ToolContextError(
        'NO_SAMPLING',
        `no client can be asked for a model's answer here${this.toolName !== undefined ? ` (tool '${this.toolName}')` : ''}: the call did not come from an MCP client that declared sampling (on a session).`,
      );
    }
    const list: readonly SamplingMessage[] = typeof messages === 'string' ? [{ role: 'user', content: { type: 'text', text: messages } }] : messages;
    const maxTokens = options.maxTokens ?? 1024;
    if (!Array.isArray(list) || list.length === 0 || !Number.isInteger(maxTokens) || maxTokens < 1) {
      throw new ToolContextError('SAMPLING_FAILED', 'ctx.sample takes a prompt or at least one message, and a positive integer maxTokens.');
    }
    this.signal?.throwIfAborted();
    let reply: Omit<SamplingReply, 'text'>;
    try {
      reply = await client.sample!({ ...options, messages: list, maxTokens }, this.signal);
    } catch (e) {
      this.signal?.throwIfAborted();
      // A client's own refusal (a capability the caller did not declare) is passed on as it is.
      if (e instanceof ToolContextError) throw e;
      throw new ToolContextError('SAMPLING_FAILED', `the client's model could not be asked: ${describeThrown(e, false)}`);
    }
    const contents = Array.isArray(reply.content) ? reply.content : [reply.content];
    const text = contents
      .map((c) => (c !== null && typeof c === 'object' && (c as { type?: unknown }).type === 'text' ? String((c as { text?: unknown }).text ?? '') : ''))
      .join('');
    return Object.freeze({ ...reply, text });
  }

  /**
   * Lists the caller's roots (MCP: `roots/list`, where the client declared `roots`): the `file://`
   * directories it lets the server work in. Rejects with `NO_ROOTS` where no client offers roots,
   * with `ROOTS_FAILED` when the client refused or failed. The call's signal cancels the request.
   */
  async roots(options: RootsOptions = {}): Promise<readonly ClientRoot[]> {
    const client = this.#find('roots');
    if (client === undefined) {
      throw new ToolContextError(
        'NO_ROOTS',
        `no client can list its roots here${this.toolName !== undefined ? ` (tool '${this.toolName}')` : ''}: the call did not come from an MCP client that declared roots.`,
      );
    }
    this.signal?.throwIfAborted();
    let roots: readonly ClientRoot[];
    try {
      roots = await client.roots!(options, this.signal);
    } catch (e) {
      this.signal?.throwIfAborted();
      // A client's own refusal (a capability the caller did not declare) is passed on as it is.
      if (e instanceof ToolContextError) throw e;
      throw new ToolContextError('ROOTS_FAILED', `the client's roots could not be listed: ${describeThrown(e, false)}`);
    }
    return Object.freeze(roots.map((r) => Object.freeze({ uri: r.uri, ...(r.name !== undefined ? { name: r.name } : {}) })));
  }

  /**
   * Lets the stream that carries this call's answer close, for the client to reconnect (after the
   * endpoint's `retryIntervalMs`) and receive what the call sends next, and its result, from the
   * session's event store (MCP 2025-11-25 SSE polling: a long call need not hold a connection).
   * The call goes on. Returns false, and does nothing, where there is no such stream (stdio, a
   * stateless request, a session endpoint without an `eventStore`, a client older than 2025-11-25).
   */
  closeStream(): boolean {
    const client = this.#find('closeStream');
    if (client === undefined) return false;
    try {
      client.closeStream!();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Lets the call go on as an MCP task (the `io.modelcontextprotocol/tasks` extension, 2026-07-28):
   * for a tool declared `task: { mode, start: 'detach' }`, the request is answered with the task
   * (its questions so far were the request's `input_required` rounds), and the method goes on in the
   * task, whose later questions the client answers with `tasks/update`. Resolves true once the task
   * is made (or was already); false, and does nothing, where the call cannot become a task (another
   * tool, a client that did not declare the extension, outside MCP, or its caller's unfinished
   * tasks at their limit).
   */
  async detach(): Promise<boolean> {
    for (let c: ToolContext | undefined = this; c !== undefined; c = c.#parent) {
      if (typeof c.#client?.detach === 'function') return c.#client.detach().catch(() => false);
    }
    return false;
  }

  /** The client's approver (MCP: asks the user), when the caller's client has one; see `ToolSetOptions.approve`. */
  get clientApprover(): ((request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>) | undefined {
    const client = this.#find('approve');
    return client === undefined ? undefined : (request) => client.approve!(request);
  }

  /**
   * Reports progress: over MCP, a progress notification when the client asked for them (a progress
   * token); elsewhere, the client's `progress` callback if one was given; otherwise nothing. Never
   * throws: a report that cannot be delivered is dropped.
   */
  async progress(done: number, total?: number, message?: string): Promise<void> {
    const client = this.#find('progress');
    if (client === undefined || typeof done !== 'number' || !Number.isFinite(done)) return;
    const update: ProgressUpdate = {
      done,
      ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
      ...(typeof message === 'string' ? { message } : {}),
    };
    try {
      await client.progress!(update);
    } catch {
      // Progress is advisory: a client that went away must not fail the tool.
    }
  }

  /** Logs to the caller's client: over MCP, a logging notification; elsewhere the client's `log` callback, if any. Never throws. */
  async log(level: LogLevel, message: string): Promise<void> {
    const client = this.#find('log');
    if (client === undefined) return;
    try {
      await client.log!(level, String(message));
    } catch {
      // Logging is advisory, as progress is.
    }
  }

  /**
   * Asks the user for the fields of `type` (a DTO class or an `ObjectOf` shape whose properties are
   * strings, numbers, integers, booleans or string enums: MCP's flat form; another is a
   * `ToolDefinitionError`). An accepted answer is validated and hydrated as arguments are (a shape's
   * as a plain object); an invalid one is asked again, with its
   * problems, up to `attempts` times, then refused (`ELICITATION_INVALID`): it never reaches the tool.
   * Rejects with `NO_ELICITATION` when no client can answer (outside MCP, or a client without
   * elicitation).
   */
  async elicit<T extends object>(type: (new () => T) | ObjectHint, message: string, options: ElicitOptions = {}): Promise<Elicited<T>> {
    const client = this.#find('elicit');
    if (forms === undefined || client === undefined) {
      throw new ToolContextError(
        'NO_ELICITATION',
        `no client can answer a question here${this.toolName !== undefined ? ` (tool '${this.toolName}')` : ''}: ${this.#cannotElicit() ?? 'the call did not come from an MCP client that supports elicitation.'}`,
      );
    }
    const requestedSchema = titledForm(forms.form(type), options.titles, options.enumNames);
    const attempts = Math.max(1, Math.floor(options.attempts ?? 2));
    let problems = '';
    for (let i = 0; i < attempts; i++) {
      this.signal?.throwIfAborted();
      let reply: ElicitationReply;
      try {
        reply = await client.elicit!(
          { ...(options.key !== undefined ? { key: options.key } : {}), message: problems === '' ? message : `${problems}\n\n${message}`, requestedSchema },
          this.signal,
        );
      } catch (e) {
        this.signal?.throwIfAborted();
        // A client's own refusal (a capability the caller did not declare) is passed on as it is.
        if (e instanceof ToolContextError) throw e;
        throw new ToolContextError('ELICITATION_FAILED', `the question could not be asked: ${describeThrown(e, false)}`);
      }
      if (reply.action === 'decline' || reply.action === 'cancel') return { action: reply.action };
      if (reply.action !== 'accept') throw new ToolContextError('ELICITATION_FAILED', 'the client answered with an unknown action.');
      const read = await forms.read(type, reply.content ?? {});
      if (read.ok) return { action: 'accept', value: read.value as T };
      problems = read.text;
    }
    throw new ToolContextError('ELICITATION_INVALID', `the answer was refused: ${problems}`);
  }

  /** Records a cost line; it reaches this call's result and the caller's context. */
  addCost(line: CostLine): void {
    const copy = Object.freeze({ ...line });
    this.#costs.push(copy);
    this.#parent?.addCost(copy);
  }

  /** The cost lines recorded in this context (a child's lines included). */
  get costs(): readonly CostLine[] {
    return [...this.#costs];
  }

  /** A child context for one call: its cost lines are forwarded here. */
  child(init: Omit<ToolContextInit, 'clock' | 'services'>): ToolContext {
    return new ToolContext(init, this);
  }
}

export function isToolContext(value: unknown): value is ToolContext {
  return typeof value === 'object' && value !== null && (value.constructor as unknown as Record<symbol, unknown>)?.[BRAND] === true;
}

/** What an approver sees: the call, its tool, the exact arguments that will run, and the call's context. */
export interface ApprovalRequest {
  /** The call's id (`callId`; `''` when the caller gave none). */
  readonly id: string;
  readonly name: string;
  readonly tool: ToolDefinition;
  /**
   * The validated arguments, parsed (big integers of bigint parameters as bigints), frozen: the
   * call runs with exactly these, whatever happens to the caller's objects meanwhile.
   */
  readonly arguments: unknown;
  /** The call's context: who is calling (`context.caller`), services, and the client (MCP elicitation). */
  readonly context: ToolContext;
}

/** An approver's answer: yes or no, or no with a reason that the model reads. */
export type ApprovalDecision = boolean | { readonly approved: boolean; readonly reason?: string };

/** Decides whether a call may run. A throw refuses it. */
export type Approver = (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;

/** What went wrong in one call, as `errorText` sees it. */
export interface ToolFailure {
  /** The tool's name. */
  readonly tool: string;
  /**
   * `threw`: the tool threw or rejected, its instance could not be resolved, or its result has no
   * JSON form; `timeout`: it ran past `timeoutSeconds`; `approval`: the approval check threw.
   */
  readonly kind: 'threw' | 'timeout' | 'approval';
  /** What was thrown (undefined for a timeout). */
  readonly error: unknown;
  /**
   * The text the model reads when `errorText` is not given: `Tool 'x' failed: Name: message`,
   * `Tool 'x' timed out after N s.`, `Tool 'x' was not approved.` (the approver's exception is not in it).
   */
  readonly text: string;
}

/**
 * Shapes what a failure tells the model: return the text of the error result. What it throws, or a
 * value that is not a string, falls back to `failure.text`.
 */
export type ErrorText = (failure: ToolFailure) => string;

/** Options of one call. */
export interface InvokeOptions {
  /** The caller's signal: aborting it aborts the tool's signal and makes `invoke` reject with its reason. */
  signal?: AbortSignal;
  /** The caller's context; the call runs in a child of it that forwards cost lines. */
  context?: ToolContext;
  /** An id for the call, visible to the tool as `ctx.callId`. */
  callId?: string;
  /**
   * Limits on the arguments of this call (text length, nesting depth, members); unset fields fall
   * back to the ToolSet's limits, then to `DEFAULT_LIMITS`.
   * @default DEFAULT_LIMITS (4 Mi characters, 256 levels, 20,000 keys and elements for a refusal)
   */
  limits?: Partial<ArgumentLimits>;
  /**
   * Who is calling and what their client can do for the tool (progress, log, elicit): the call's
   * context gets it (`ctx.caller`, `ctx.progress`, ...). The MCP server and the adapters fill it in.
   * @default none: the parent context's client, if any
   */
  client?: ToolClient;
  /**
   * Decides, through a `ToolSet`, whether a call of a tool that requires approval may run; it wins
   * over the set's own `approve`. Not used by `tool.invoke`, which runs what it is given.
   * @default the set's `approve`; without one, such calls are refused
   */
  approve?: Approver;
  /**
   * What a failure of the tool tells the model (a tool's message may hold what the model must not
   * read, like a connection string); falls back to the ToolSet's `errorText`.
   * @default the failure's own text: `Tool 'x' failed: Name: message`
   */
  errorText?: ErrorText;
}

/** The text of a failure: `errorText`'s, or the default when there is none or it fails. */
export function failureText(errorText: ErrorText | undefined, failure: ToolFailure): string {
  if (errorText === undefined) return failure.text;
  try {
    const text: unknown = errorText(failure);
    return typeof text === 'string' ? text : failure.text;
  } catch {
    return failure.text;
  }
}

/** A tool as a model sees it, and the means to call it. */
export interface ToolDefinition extends ToolDescription {
  /**
   * `@Tool({ requiresApproval: (args, ctx) => ... })`: decides per call whether an approval is
   * needed (`requiresApproval` is then true: the tool may need one).
   */
  readonly approvalWhen?: ApprovalPredicate;
  invoke(args: string | object, options?: InvokeOptions): Promise<ToolResult>;
}
