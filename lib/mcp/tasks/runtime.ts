/**
 * MCP tasks on 2026-07-28 (the `io.modelcontextprotocol/tasks` extension, SEP-2663): a call of a
 * tool with a task mode (`@Tool({ task })`, or the endpoint's `tasks.tools`), from a client that
 * declared the extension on the request, is answered with a task (`resultType: "task"`) once the
 * task is kept in the `TaskStore`; the method then runs in the background on this process. The
 * client polls `tasks/get` (the result, or the error, inlined once finished), answers the task's
 * questions with `tasks/update` (a `ctx.elicit`, an approval, `ctx.sample` or `ctx.roots` inside a
 * task makes it `input_required`: the method waits for the answer, it is not run again), and
 * cancels it with `tasks/cancel` (the method's signal aborts). Every task is its creator's: another
 * caller's `tasks/*` request is answered as for an unknown task. Ids are 192 random bits.
 *
 * lib/mcp/modern/ hands each 2026-07-28 `tools/call` here (`TaskRuntime.call`), with how to serve
 * it as an ordinary request (`inline`) and how to run its method with another signal and another
 * way of asking (`run`), and registers `tasks/get`, `tasks/update` and `tasks/cancel` through
 * `TaskRuntime.register`. The `Mcp-Name` routing header of `tasks/*` is checked by the SDK.
 */
import { randomBytes } from 'node:crypto';
import type { Server as ModernServer } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../../invoke/tools/bound-tool';
import type { ToolTask, ToolTaskMode } from '../../tool-description';
import { MCP_TEXTS } from '../../diagnostics';
import { describeThrown } from '../../thrown';
import type { CallAsks } from '../call';
import { MISSING_CLIENT_CAPABILITY } from '../codes';
import { MemoryTaskStore, TERMINAL_STATUSES, type StoredTask, type TaskStore } from './store';
import { TaskQuestions } from './questions';

/** The extension's identifier (capabilities, `requiredCapabilities`). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Options of MCP tasks (the endpoint's `tasks`). */
export interface McpTasksOptions {
  /** Where tasks are kept. Replicas behind a load balancer need a shared one. @default a `MemoryTaskStore` of this endpoint */
  store?: TaskStore;
  /** How long a task is kept after it is created (its `ttlMs`); an unfinished one is stopped then. @default 3600000 (an hour) */
  ttlMs?: number;
  /** The polling interval suggested to clients (`pollIntervalMs`). @default 1000 */
  pollIntervalMs?: number;
  /** Unfinished tasks one caller may have at once; a call beyond is not run (a tool error result says so). @default 32 */
  maxActiveTasksPerCaller?: number;
  /** How long a runner holds a task without renewing (it renews every third of it); a task whose lease ran out fails. @default 30000 */
  leaseMs?: number;
  /** Task modes by tool name, over the tools' own (`@Tool({ task })`). @default none */
  tools?: Readonly<Record<string, ToolTaskMode | ToolTask>>;
}

/** What lib/mcp/modern/ gives for one `tools/call`. */
export interface TaskCall {
  /** The tool called, as the caller is shown it (undefined: unknown or hidden to it). */
  readonly tool: ToolDefinition | undefined;
  /** Who calls (lib/mcp/principal.ts). */
  readonly principal: string;
  /** The client capabilities the request declared. */
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** Serves the call as an ordinary request; with hooks, one that may detach into a task. */
  inline(hooks?: DetachHooks): Promise<unknown>;
  /** Runs the call's method in the background, with this signal and this way of asking. */
  run(signal: AbortSignal, ask: CallAsks): Promise<unknown>;
}

/** How a call of a tool whose task starts on `ctx.detach()` becomes a task (used by lib/mcp/modern/questions.ts's `withQuestions`). */
export interface DetachHooks {
  /** The way of asking the method gets: `rounds`' until it detaches, the task's after; `stop` aborts the method. */
  ask(rounds: CallAsks, stop: AbortController): CallAsks;
  /** Resolves with the `CreateTaskResult` once the method detached. */
  readonly detached: Promise<Record<string, unknown>>;
  /** Takes the detached method's outcome into the task. */
  adopt(run: Promise<unknown>): void;
}

type Sdk = typeof import('@modelcontextprotocol/server');

/** The params of `tasks/get`, `tasks/update` and `tasks/cancel`. */
interface TaskParams {
  readonly taskId: string;
  readonly inputResponses?: unknown;
}

/** A StandardSchemaV1 of `tasks/*` params, written out (the SDK validates custom methods' params with one). */
function paramsSchema() {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'tool-signatures',
      validate(value: unknown) {
        const p = value as { taskId?: unknown; inputResponses?: unknown } | null;
        if (p === null || typeof p !== 'object' || typeof p.taskId !== 'string' || p.taskId.length === 0 || p.taskId.length > 256)
          return { issues: [{ message: 'params.taskId must be a task id (a string)' }] };
        return { value: p as TaskParams };
      },
    },
  };
}

/** A task as the wire shows it (SEP-2663 `Task`, with what its status inlines: `DetailedTask`). */
function wireTask(task: StoredTask, detailed: boolean): Record<string, unknown> {
  return {
    taskId: task.id,
    status: task.status,
    ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}),
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
    ...(detailed && task.status === 'input_required' ? { inputRequests: task.inputRequests } : {}),
    ...(detailed && task.status === 'completed' && task.result !== undefined ? { result: task.result } : {}),
    ...(detailed && task.status === 'failed' && task.error !== undefined ? { error: task.error } : {}),
  };
}

/** Whether a tool's task option is well formed. */
function validTask(t: unknown): t is ToolTaskMode | ToolTask {
  if (t === 'optional' || t === 'required') return true;
  const o = t as ToolTask | null;
  return (
    o !== null &&
    typeof o === 'object' &&
    (o.mode === 'optional' || o.mode === 'required') &&
    (o.start === undefined || o.start === 'call' || o.start === 'detach')
  );
}

const positive = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/** The tasks of one endpoint: its options, its store, and the tasks this process runs. */
export class TaskRuntime {
  readonly #store: TaskStore;
  readonly #ttlMs: number;
  readonly #pollMs: number;
  readonly #maxActive: number;
  readonly #leaseMs: number;
  readonly #tools: Readonly<Record<string, ToolTaskMode | ToolTask>>;

  constructor(
    private readonly sdk: Sdk,
    options: McpTasksOptions = {},
  ) {
    const { ttlMs = 3_600_000, pollIntervalMs = 1000, maxActiveTasksPerCaller = 32, leaseMs = 30_000, tools = {} } = options;
    if (
      ![ttlMs, pollIntervalMs, maxActiveTasksPerCaller, leaseMs].every(positive) ||
      tools === null ||
      typeof tools !== 'object' ||
      !Object.values(tools).every(validTask)
    ) {
      throw new TypeError(MCP_TEXTS.tasksOptionInvalid(JSON.stringify({ ttlMs, pollIntervalMs, maxActiveTasksPerCaller, leaseMs, tools }) ?? ''));
    }
    this.#store = options.store ?? new MemoryTaskStore();
    this.#ttlMs = ttlMs;
    this.#pollMs = pollIntervalMs;
    this.#maxActive = maxActiveTasksPerCaller;
    this.#leaseMs = leaseMs;
    this.#tools = tools;
  }

  /** A tool's task mode: the endpoint's `tasks.tools` entry, else its own. */
  taskOf(tool: ToolDefinition | undefined): ToolTask | undefined {
    if (tool === undefined) return undefined;
    const given = Object.hasOwn(this.#tools, tool.name) ? this.#tools[tool.name] : tool.task;
    return typeof given === 'string' ? { mode: given } : given;
  }

  /** Whether any of `tools` runs as a task (the extension is advertised then). */
  serves(tools: readonly ToolDefinition[]): boolean {
    return Object.keys(this.#tools).length > 0 || tools.some((t) => t.task !== undefined);
  }

  /** Registers `tasks/get`, `tasks/update` and `tasks/cancel` on a v2 server; `who` names a request's caller and its declared capabilities. */
  register(server: ModernServer, who: (ctx: never) => { principal: string; capabilities: Readonly<Record<string, unknown>> }): void {
    const owned = async (taskId: string, ctx: never, method: string): Promise<StoredTask> => {
      const { principal, capabilities } = who(ctx);
      if (!this.#declared(capabilities)) throw this.#undeclared(method);
      let task = await this.#store.get(taskId);
      if (task !== undefined && task.owner === principal && !TERMINAL_STATUSES.has(task.status) && task.leaseUntil < Date.now()) {
        // Its runner stopped renewing: the process that ran it is gone.
        const error = { code: this.sdk.ProtocolErrorCode.InternalError, message: MCP_TEXTS.taskRunnerLost() };
        await this.#store.transition(taskId, { status: 'failed', statusMessage: error.message, error }, { leaseExpiredBy: Date.now() });
        task = await this.#store.get(taskId);
      }
      // Another caller's task is answered as an unknown one: its existence is not told.
      if (task === undefined || task.owner !== principal) throw new this.sdk.ProtocolError(this.sdk.ProtocolErrorCode.InvalidParams, MCP_TEXTS.taskNotFound());
      return task;
    };
    const complete = { resultType: 'complete' };
    server.setRequestHandler('tasks/get', { params: paramsSchema() }, async (params, ctx) => ({
      ...wireTask(await owned((params as TaskParams).taskId, ctx as never, 'tasks/get'), true),
      ...complete,
    }));
    server.setRequestHandler('tasks/update', { params: paramsSchema() }, async (params, ctx) => {
      const p = params as TaskParams;
      await owned(p.taskId, ctx as never, 'tasks/update');
      // The SDK lifts `inputResponses` out of the params, as it does on a request's retry.
      const responses = (ctx as { mcpReq: { inputResponses?: unknown } }).mcpReq.inputResponses ?? p.inputResponses;
      if (responses === null || typeof responses !== 'object' || Array.isArray(responses)) {
        throw new this.sdk.ProtocolError(
          this.sdk.ProtocolErrorCode.InvalidParams,
          'Invalid params for tasks/update: inputResponses must be an object of answers by key',
        );
      }
      await this.#store.answer(p.taskId, responses as Record<string, unknown>);
      return complete;
    });
    server.setRequestHandler('tasks/cancel', { params: paramsSchema() }, async (params, ctx) => {
      const p = params as TaskParams;
      await owned(p.taskId, ctx as never, 'tasks/cancel');
      // A finished task stays as it ended (the ack is the same: cancellation is idempotent).
      await this.#store.transition(p.taskId, { status: 'cancelled', statusMessage: 'Cancelled by the client.' });
      return complete;
    });
  }

  /** Serves a `tools/call`: as a task, or as an ordinary request. */
  async call(call: TaskCall): Promise<unknown> {
    const task = this.taskOf(call.tool);
    if (task === undefined) return call.inline();
    if (!this.#declared(call.capabilities)) {
      if (task.mode === 'required') throw this.#undeclared(`Tool '${call.tool!.name}'`);
      return call.inline();
    }
    if (task.start === 'detach') return call.inline(this.#detachHooks(call));
    const stored = await this.#create(call);
    if (stored === undefined) return { isError: true, content: [{ type: 'text', text: MCP_TEXTS.tooManyTasks(call.tool!.name, this.#maxActive) }] };
    const controller = new AbortController();
    const questions = this.#runner(stored, call.capabilities, controller);
    this.#settle(stored.id, call.run(controller.signal, questions.ask), questions);
    return { resultType: 'task', ...wireTask(stored, false) };
  }

  #declared(capabilities: Readonly<Record<string, unknown>>): boolean {
    const extensions = capabilities.extensions as Record<string, unknown> | undefined;
    return extensions !== null && typeof extensions === 'object' && Object.hasOwn(extensions, TASKS_EXTENSION);
  }

  #undeclared(what: string): Error {
    return new this.sdk.MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } as never,
      MCP_TEXTS.taskExtensionUndeclared(what),
    );
  }

  /** Keeps a new task (durable once this resolves); undefined when its caller has too many unfinished ones. */
  async #create(call: TaskCall): Promise<StoredTask | undefined> {
    const now = Date.now();
    const task: StoredTask = {
      id: randomBytes(24).toString('base64url'),
      owner: call.principal,
      tool: call.tool!.name,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.#ttlMs,
      pollIntervalMs: this.#pollMs,
      leaseUntil: now + this.#leaseMs,
      inputRequests: {},
      answers: {},
    };
    return (await this.#store.create(task, this.#maxActive)) ? task : undefined;
  }

  /** The questions of a running task, its lease, its time to live, and cancellation reaching `controller`. */
  #runner(task: StoredTask, capabilities: Readonly<Record<string, unknown>>, controller: AbortController): TaskQuestions {
    const questions = new TaskQuestions(this.sdk, this.#store, task.id, capabilities, controller);
    const lease = setInterval(
      () => void this.#store.renew(task.id, Date.now() + this.#leaseMs).catch(() => undefined),
      Math.max(1, Math.floor(this.#leaseMs / 3)),
    );
    const expiry = setTimeout(() => controller.abort(new Error(MCP_TEXTS.taskExpired())), Math.max(0, task.createdAt + task.ttlMs - Date.now()));
    lease.unref();
    expiry.unref();
    const off = this.#store.watch(task.id, () => void questions.refresh());
    questions.onEnd(() => {
      clearInterval(lease);
      clearTimeout(expiry);
      off();
    });
    return questions;
  }

  /** Writes the method's outcome into the task: its result (`completed`, an error result too), or the JSON-RPC error (`failed`). */
  #settle(id: string, run: Promise<unknown>, questions: TaskQuestions): void {
    // A call that failed after asking for what the client did not declare is a protocol error (-32021), as on a request.
    const missing = (failed: boolean): Promise<boolean> | undefined => {
      const names = Object.keys(questions.missing);
      if (!failed || names.length === 0) return undefined;
      const error = { code: MISSING_CLIENT_CAPABILITY, message: MCP_TEXTS.modernMissingCapability(names), data: { requiredCapabilities: questions.missing } };
      return this.#store.transition(id, { status: 'failed', statusMessage: error.message, error });
    };
    run
      .then(
        (result) =>
          missing((result as { isError?: unknown } | null)?.isError === true) ??
          this.#store.transition(id, { status: 'completed', result: result as Record<string, unknown> }),
        (error: unknown) => {
          const refused = missing(true);
          if (refused !== undefined) return refused;
          const e = error as { code?: unknown; message?: unknown; data?: unknown };
          const code = typeof e?.code === 'number' && Number.isInteger(e.code) ? e.code : this.sdk.ProtocolErrorCode.InternalError;
          const message = typeof e?.message === 'string' ? e.message : describeThrown(error, false);
          return this.#store.transition(id, {
            status: 'failed',
            statusMessage: message,
            error: { code, message, ...(e?.data !== undefined ? { data: e.data } : {}) },
          });
        },
      )
      .catch(() => undefined)
      .finally(() => questions.end());
  }

  /** The hooks of a call that becomes a task when its method calls `ctx.detach()`. */
  #detachHooks(call: TaskCall): DetachHooks {
    let created: (result: Record<string, unknown>) => void = () => undefined;
    const detached = new Promise<Record<string, unknown>>((resolve) => (created = resolve));
    let task: { id: string; questions: TaskQuestions } | undefined;
    let detaching: Promise<boolean> | undefined;
    const detach = (stop: AbortController): Promise<boolean> =>
      (detaching ??= this.#create(call).then((stored) => {
        if (stored === undefined) return false;
        task = { id: stored.id, questions: this.#runner(stored, call.capabilities, stop) };
        created({ resultType: 'task', ...wireTask(stored, false) });
        return true;
      }));
    return {
      ask: (rounds, stop) => ({
        elicit: (request, signal) => (task !== undefined ? task.questions.ask.elicit! : rounds.elicit!)(request, signal),
        ...(rounds.approval !== undefined
          ? { approval: (request, signal) => (task !== undefined ? task.questions.ask.approval! : rounds.approval!)(request, signal) }
          : {}),
        sample: (request, signal) => (task !== undefined ? task.questions.ask.sample! : rounds.sample!)(request, signal),
        roots: (request, signal) => (task !== undefined ? task.questions.ask.roots! : rounds.roots!)(request, signal),
        detach: () => detach(stop),
      }),
      detached,
      adopt: (run) => {
        if (task !== undefined) this.#settle(task.id, run, task.questions);
      },
    };
  }
}
