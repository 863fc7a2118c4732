/**
 * Where MCP tasks (the `io.modelcontextprotocol/tasks` extension, lib/mcp/tasks/runtime.ts) are
 * kept: the `TaskStore` interface the library owns, and its in-memory version (the default: one
 * process). A store shared by replicas (Redis) implements the same interface; every method is
 * async, and each one that changes a task is atomic (compare-and-set), so that two replicas never
 * both move a task out of a status:
 *
 * - `create` is durable when it resolves: the task's id is returned to the client only after, and
 *   any replica's `get` then finds it. It refuses (resolves false) a caller with `maxActive`
 *   unfinished tasks already.
 * - A terminal status (`completed`, `failed`, `cancelled`) is final: `transition` never moves a
 *   task out of one, and a task is cancelled by a transition to `cancelled` (its runner hears of it
 *   through `watch` and aborts the call's signal).
 * - `ask` adds a question (status `input_required`); `answer` moves the answers to questions still
 *   outstanding into `answers` (other keys are ignored) and, once none is outstanding, the task is
 *   `working` again.
 * - `renew` extends the runner's lease; a task whose lease ran out while unfinished (its runner's
 *   process died) is failed by whoever reads it next (`transition` with `leaseExpiredBy`).
 * - A task is gone `ttlMs` after it was created (`get` resolves undefined).
 * - `watch` calls back on every change of one task (an answer, a cancellation), on the replica
 *   that runs it; the runner reads the task again then (a callback carries no data: a missed or
 *   doubled one is harmless).
 */

/** A task's status (SEP-2663). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The statuses a task never leaves. */
export const TERMINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** A task as stored. Plain JSON data: a store may serialize it. */
export interface StoredTask {
  readonly id: string;
  /** Who created it (lib/mcp/principal.ts): only that caller may read, answer or cancel it. */
  readonly owner: string;
  /** The tool whose call it runs. */
  readonly tool: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly lastUpdatedAt: number;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** Until when (ms since the epoch) its runner holds it; renewed while the call runs. */
  readonly leaseUntil: number;
  /** The questions outstanding, by key (MCP's `inputRequests`). */
  readonly inputRequests: Readonly<Record<string, unknown>>;
  /** Answers given, by key (each key is asked once over a task's life). */
  readonly answers: Readonly<Record<string, unknown>>;
  /** The call's result, once `completed`. */
  readonly result?: Readonly<Record<string, unknown>>;
  /** The JSON-RPC error, once `failed`. */
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** A change of status (with what it carries). */
export interface TaskTransition {
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly result?: Readonly<Record<string, unknown>>;
  readonly error?: StoredTask['error'];
}

/** The conditions of a `transition`, besides "not terminal". */
export interface TransitionGuard {
  /** Applies only while the runner's lease has run out at this time (ms since the epoch). */
  readonly leaseExpiredBy?: number;
}

/** What a store of tasks does; every method atomic where it changes a task. */
export interface TaskStore {
  /** Keeps a new task (status `working`); false when its owner already has `maxActive` unfinished tasks. */
  create(task: StoredTask, maxActive: number): Promise<boolean>;
  /** The task, or undefined when there is none by that id (or it expired). */
  get(id: string): Promise<StoredTask | undefined>;
  /** Moves an unfinished task to a status; false when it is finished already (or gone, or the guard fails). */
  transition(id: string, to: TaskTransition, guard?: TransitionGuard): Promise<boolean>;
  /** Adds an outstanding question (the task becomes `input_required`); false when it is finished or gone. */
  ask(id: string, key: string, request: unknown): Promise<boolean>;
  /** Takes the answers to outstanding questions (others are ignored); the task is `working` again when none is left. False when it is gone. */
  answer(id: string, responses: Readonly<Record<string, unknown>>): Promise<boolean>;
  /** Extends the runner's lease of an unfinished task to `until` (ms since the epoch). */
  renew(id: string, until: number): Promise<void>;
  /** Calls `listener` on every change of the task; returns how to stop. */
  watch(id: string, listener: () => void): () => void;
}

/** Options of the in-memory store. */
export interface MemoryTaskStoreOptions {
  /** Tasks kept at most (finished ones count until they expire); a create beyond is refused. @default 10000 */
  maxTasks?: number;
  /** The clock (ms since the epoch). @default Date.now */
  now?: () => number;
}

/** The default store: tasks in this process's memory (one process; use a shared store for replicas). */
export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, StoredTask>();
  readonly #watchers = new Map<string, Set<() => void>>();
  readonly #maxTasks: number;
  readonly #now: () => number;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#maxTasks = options.maxTasks ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  create(task: StoredTask, maxActive: number): Promise<boolean> {
    this.#sweep();
    if (this.#tasks.has(task.id) || this.#tasks.size >= this.#maxTasks) return Promise.resolve(false);
    let active = 0;
    for (const t of this.#tasks.values()) if (t.owner === task.owner && !TERMINAL_STATUSES.has(t.status)) active++;
    if (active >= maxActive) return Promise.resolve(false);
    this.#tasks.set(task.id, clone(task));
    return Promise.resolve(true);
  }

  get(id: string): Promise<StoredTask | undefined> {
    const task = this.#live(id);
    return Promise.resolve(task === undefined ? undefined : clone(task));
  }

  transition(id: string, to: TaskTransition, guard: TransitionGuard = {}): Promise<boolean> {
    return this.#change(id, (t) => {
      if (guard.leaseExpiredBy !== undefined && t.leaseUntil > guard.leaseExpiredBy) return undefined;
      return {
        ...t,
        status: to.status,
        inputRequests: {},
        ...(to.statusMessage !== undefined ? { statusMessage: to.statusMessage } : {}),
        ...(to.result !== undefined ? { result: to.result } : {}),
        ...(to.error !== undefined ? { error: to.error } : {}),
      };
    });
  }

  ask(id: string, key: string, request: unknown): Promise<boolean> {
    return this.#change(id, (t) => ({ ...t, status: 'input_required', inputRequests: { ...t.inputRequests, [key]: request } }));
  }

  answer(id: string, responses: Readonly<Record<string, unknown>>): Promise<boolean> {
    const task = this.#live(id);
    if (task === undefined) return Promise.resolve(false);
    const keys = Object.keys(responses).filter((k) => Object.hasOwn(task.inputRequests, k));
    if (keys.length === 0) return Promise.resolve(true);
    return this.#change(id, (t) => {
      const inputRequests = { ...t.inputRequests };
      const answers = { ...t.answers };
      for (const k of keys) {
        delete inputRequests[k];
        answers[k] = responses[k];
      }
      return { ...t, inputRequests, answers, status: Object.keys(inputRequests).length === 0 ? 'working' : t.status };
    }).then(() => true);
  }

  renew(id: string, until: number): Promise<void> {
    const task = this.#live(id);
    // A renewal is no change a watcher must hear of.
    if (task !== undefined && !TERMINAL_STATUSES.has(task.status)) this.#tasks.set(id, { ...task, leaseUntil: until });
    return Promise.resolve();
  }

  watch(id: string, listener: () => void): () => void {
    let set = this.#watchers.get(id);
    if (set === undefined) this.#watchers.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#watchers.get(id) === set) this.#watchers.delete(id);
    };
  }

  /** Applies `change` to an unfinished task (undefined: no change); false when none applied. */
  #change(id: string, change: (task: StoredTask) => StoredTask | undefined): Promise<boolean> {
    const task = this.#live(id);
    if (task === undefined || TERMINAL_STATUSES.has(task.status)) return Promise.resolve(false);
    const next = change(task);
    if (next === undefined) return Promise.resolve(false);
    this.#tasks.set(id, clone({ ...next, lastUpdatedAt: Math.max(this.#now(), task.lastUpdatedAt) }));
    for (const listener of [...(this.#watchers.get(id) ?? [])]) {
      try {
        listener();
      } catch {
        // One watcher's failure does not keep the others from hearing.
      }
    }
    return Promise.resolve(true);
  }

  #live(id: string): StoredTask | undefined {
    const task = this.#tasks.get(id);
    if (task !== undefined && task.createdAt + task.ttlMs <= this.#now()) {
      this.#tasks.delete(id);
      return undefined;
    }
    return task;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, task] of this.#tasks) if (task.createdAt + task.ttlMs <= now) this.#tasks.delete(id);
  }
}

/** A copy, so that no caller holds the stored object (as a serializing store would behave). */
function clone(task: StoredTask): StoredTask {
  return structuredClone(task);
}
