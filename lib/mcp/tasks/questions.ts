/**
 * The questions of a running MCP task (lib/mcp/tasks/runtime.ts): a `ctx.elicit`, an approval,
 * `ctx.sample` or `ctx.roots` inside a task is kept in the `TaskStore` (the task is
 * `input_required`) and the method waits until `tasks/update` brings the answer.
 */
import { ToolContextError, type ClientRoot, type ElicitationReply, type ToolClient } from '../../invoke/calling/context';
import { MCP_TEXTS } from '../../diagnostics';
import type { CallAsks } from '../call';
import { samplingParams } from '../sampling';
import { TERMINAL_STATUSES, type TaskStore } from './store';

type Sdk = typeof import('@modelcontextprotocol/server');

/** A pending question of a running task. */
interface Pending {
  read(answer: unknown): unknown;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/**
 * The questions of one running task: each one kept in the store (the task is `input_required`)
 * until `tasks/update` brings its answer; the method waits meanwhile. A key is the question's own
 * (`<key>`, then `<key>.2`… when asked again) or `<kind><n>`, as on a request's rounds, and so
 * unique over the task's life.
 */
export class TaskQuestions {
  readonly ask: CallAsks;
  /** Capabilities the method asked for that the client did not declare (a failed call's `requiredCapabilities`). */
  readonly missing: Record<string, object> = {};
  readonly #pending = new Map<string, Pending>();
  readonly #asks = new Map<string, number>();
  readonly #ends: (() => void)[] = [];
  #count = 0;
  #ended = false;

  constructor(
    private readonly sdk: Sdk,
    private readonly store: TaskStore,
    private readonly id: string,
    capabilities: Readonly<Record<string, unknown>>,
    private readonly controller: AbortController,
  ) {
    const elicitation = capabilities.elicitation as { form?: object; url?: object } | undefined;
    const forms = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
    const sampling = capabilities.sampling as { tools?: unknown } | undefined;
    const refuse = (capability: string, code: 'NO_ELICITATION' | 'NO_SAMPLING' | 'NO_ROOTS') => () => {
      this.missing[capability] = {};
      return Promise.reject(new ToolContextError(code, MCP_TEXTS.modernUndeclared(capability)));
    };
    const elicit: ToolClient['elicit'] = (request, signal) =>
      this.#wait(
        this.#keyOf(request.key, 'elicit'),
        this.sdk.inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema as never }),
        readElicit,
        signal,
      );
    this.ask = {
      elicit: forms ? elicit : refuse('elicitation', 'NO_ELICITATION'),
      ...(forms ? { approval: elicit } : {}),
      sample:
        sampling !== undefined
          ? (request, signal) => {
              const key = this.#keyOf(request.key, 'sample');
              return this.#wait(key, this.sdk.inputRequired.createMessage(samplingParams(request, sampling) as never), readSample, signal);
            }
          : refuse('sampling', 'NO_SAMPLING'),
      roots:
        capabilities.roots !== undefined
          ? (request, signal) => this.#wait(this.#keyOf(request.key, 'roots'), this.sdk.inputRequired.listRoots(), readRoots, signal)
          : refuse('roots', 'NO_ROOTS'),
    };
  }

  /** Calls `fn` once the task's method has ended. */
  onEnd(fn: () => void): void {
    this.#ends.push(fn);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    for (const fn of this.#ends) fn();
  }

  /** Reads the task again (on a change the store reports): answers reach their questions; a finished or gone task stops the method. */
  async refresh(): Promise<void> {
    const task = await this.store.get(this.id).catch(() => undefined);
    if (task === undefined || TERMINAL_STATUSES.has(task.status)) {
      this.controller.abort(new Error(task?.status === 'cancelled' ? 'the task was cancelled' : 'the task ended'));
      return;
    }
    for (const [key, pending] of [...this.#pending]) {
      if (!Object.hasOwn(task.answers, key)) continue;
      this.#pending.delete(key);
      try {
        pending.resolve(pending.read(task.answers[key]));
      } catch (e) {
        pending.reject(e);
      }
    }
  }

  #keyOf(own: string | undefined, kind: string): string {
    this.#count++;
    const base = own ?? `${kind}${this.#count}`;
    const times = (this.#asks.get(base) ?? 0) + 1;
    this.#asks.set(base, times);
    return times === 1 ? base : `${base}.${times}`;
  }

  #wait<T>(key: string, question: unknown, read: (answer: unknown) => T, signal: AbortSignal | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.#pending.set(key, { read, resolve: resolve as (value: unknown) => void, reject });
      this.store.ask(this.id, key, question).then(
        (asked) => (asked ? this.refresh() : reject(new Error('the task has ended'))),
        (e: unknown) => reject(e),
      );
    });
  }
}

function readElicit(answer: unknown): ElicitationReply {
  const a = answer as Partial<ElicitationReply> | null;
  if (a === null || typeof a !== 'object' || (a.action !== 'accept' && a.action !== 'decline' && a.action !== 'cancel')) {
    throw new Error("the client's answer is not an elicitation result (an action of accept, decline or cancel)");
  }
  const content = a.content;
  return { action: a.action, ...(a.action === 'accept' && content !== null && typeof content === 'object' && !Array.isArray(content) ? { content } : {}) };
}

function readSample(answer: unknown): Awaited<ReturnType<NonNullable<ToolClient['sample']>>> {
  const a = answer as { role?: unknown; content?: unknown; model?: unknown; stopReason?: unknown } | null;
  if (a === null || typeof a !== 'object' || (a.role !== 'user' && a.role !== 'assistant') || a.content === null || typeof a.content !== 'object') {
    throw new Error("the client's answer is not a sampling result (a role and content)");
  }
  return {
    role: a.role,
    content: a.content as never,
    model: typeof a.model === 'string' ? a.model : '',
    ...(typeof a.stopReason === 'string' ? { stopReason: a.stopReason } : {}),
  };
}

function readRoots(answer: unknown): readonly ClientRoot[] {
  const roots = (answer as { roots?: unknown } | null)?.roots;
  if (!Array.isArray(roots)) throw new Error("the client's answer is not a roots list");
  return roots
    .filter((r): r is { uri: string; name?: unknown } => r !== null && typeof r === 'object' && typeof (r as { uri?: unknown }).uri === 'string')
    .map((r) => ({ uri: r.uri, ...(typeof r.name === 'string' ? { name: r.name } : {}) }));
}
