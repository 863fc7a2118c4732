import type { ToolSpec } from '../schema/tool-spec';
import { systemClock, ToolContext } from './context';
import type { InvokeOptions } from './options';
import { ownResult, ToolResult, type CostLine, type Part } from '../tool-result';
import { resultOf } from './returned-value';

/**
 * The call itself: arguments in parameter order with the runtime's `ToolContext` and `AbortSignal`
 * filled in, the tool's timeout measured on the context's clock, the caller's signal followed, and
 * every outcome turned into a result. A signal is made only when the tool takes one, has a timeout,
 * or the caller passed one; a timer only for a timeout; neither outlives the call.
 */

/** What the call needs to know about a tool, computed once per spec. */
export interface CallPlan {
  readonly spec: ToolSpec;
  /** Number of arguments the function receives. */
  readonly arity: number;
  /** Position of the `ToolContext` parameter, or -1. */
  readonly contextIndex: number;
  /** Position of the `AbortSignal` parameter, or -1. */
  readonly signalIndex: number;
  /** `timeoutSeconds` in milliseconds; 0 for none. */
  readonly timeoutMs: number;
  /** The result of a settled call without a context (made once per tool: no closures per call). */
  readonly settle: Settle;
}

export interface Settle {
  readonly value: (v: unknown) => ToolResult;
  readonly error: (e: unknown) => ToolResult;
}

export function settleOf(spec: ToolSpec): Settle {
  return { value: (v) => finish(spec, v, undefined), error: (e) => failed(spec, e, undefined) };
}

const NO_COSTS: readonly CostLine[] = Object.freeze([]);

/** The error text of an exception: its `name` and `message`, never the stack. */
export function describeError(e: unknown): string {
  if (typeof e === 'object' && e !== null && typeof (e as Error).message === 'string') {
    const name = typeof (e as Error).name === 'string' && (e as Error).name !== '' ? (e as Error).name : 'Error';
    const message = (e as Error).message;
    return message === '' ? name : `${name}: ${message}`;
  }
  try {
    return String(e);
  } catch {
    return 'a value that cannot be shown';
  }
}

export function failed(spec: ToolSpec, e: unknown, ctx: ToolContext | undefined): ToolResult {
  return ToolResult.of({ isError: true, parts: [partText(`Tool '${spec.name}' failed: ${describeError(e)}`)], costs: ctx?.costs ?? [] });
}

function timedOut(spec: ToolSpec, ctx: ToolContext | undefined): ToolResult {
  return ToolResult.of({ isError: true, parts: [partText(timeoutText(spec))], costs: ctx?.costs ?? [] });
}

function timeoutText(spec: ToolSpec): string {
  return `Tool '${spec.name}' timed out after ${spec.timeoutSeconds} s.`;
}

function partText(text: string) {
  return ToolResult.error(text).parts[0]!;
}

/** The result of a value the tool returned (a value with no JSON form makes it a failure). */
function finish(spec: ToolSpec, value: unknown, ctx: ToolContext | undefined): ToolResult {
  let shaped: ReturnType<typeof resultOf>;
  try {
    shaped = resultOf(spec, value);
  } catch (e) {
    return failed(spec, e, ctx);
  }
  // ctx.costs is a copy; shaped parts are fresh arrays or a passed result's frozen ones.
  const costs = ctx === undefined ? NO_COSTS : ctx.costs;
  const passed = shaped.passed;
  if (passed !== undefined) {
    const typed = 'typedResult' in passed;
    return ownResult(passed.isError, passed.parts as Part[], passed.costs.length > 0 ? [...passed.costs, ...costs] : costs, typed, typed ? passed.typedResult : undefined);
  }
  return ownResult(false, shaped.parts as Part[], costs, spec.endsLoop, value);
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as PromiseLike<unknown>).then === 'function';
}

/**
 * Calls `fn` on `target` with the hydrated values (sized to the arity, value parameters in place)
 * and makes the result. Rejects only with the caller's signal's reason. `settled` runs once the
 * tool's own work has ended (returned, thrown, or its promise settled), whatever the result was.
 */
export function execute(
  plan: CallPlan,
  fn: Function,
  target: unknown,
  args: unknown[],
  options: InvokeOptions,
  settled?: () => void,
): Promise<ToolResult> {
  const spec = plan.spec;
  const signal = options.signal;
  if (signal?.aborted) {
    settled?.();
    return Promise.reject(signal.reason);
  }
  const controller = plan.signalIndex >= 0 || plan.timeoutMs > 0 || signal !== undefined ? new AbortController() : undefined;
  let ctx: ToolContext | undefined;
  if (plan.contextIndex >= 0) {
    const init = { signal: controller?.signal, toolName: spec.name, callId: options.callId, client: options.client };
    ctx = options.context !== undefined ? options.context.child(init) : new ToolContext(init);
    args[plan.contextIndex] = ctx;
  }
  if (plan.signalIndex >= 0) args[plan.signalIndex] = controller!.signal;
  let returned: unknown;
  try {
    returned = fn.apply(target, args);
  } catch (e) {
    settled?.();
    return Promise.resolve(failed(spec, e, ctx));
  }
  if (!isThenable(returned)) {
    settled?.();
    return Promise.resolve(finish(spec, returned, ctx));
  }
  if (settled !== undefined) Promise.resolve(returned).then(settled, settled);
  if (controller === undefined) {
    if (ctx === undefined) return Promise.resolve(returned).then(plan.settle.value, plan.settle.error);
    return Promise.resolve(returned).then(
      (v) => finish(spec, v, ctx),
      (e) => failed(spec, e, ctx),
    );
  }
  return race(plan, returned, controller, options, ctx);
}

function race(plan: CallPlan, returned: PromiseLike<unknown>, controller: AbortController, options: InvokeOptions, ctx: ToolContext | undefined): Promise<ToolResult> {
  const spec = plan.spec;
  const signal = options.signal;
  const clock = options.context?.clock ?? systemClock;
  let resolve!: (result: ToolResult) => void;
  let reject!: (reason: unknown) => void;
  const outcome = new Promise<ToolResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let done = false;
  let timer: unknown;
  const end = (): boolean => {
    if (done) return false;
    done = true;
    if (timer !== undefined) clock.clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    return true;
  };
  // The invoke settles first, then the tool's signal is aborted: whatever the tool does when its
  // signal fires cannot change the result any more.
  const onAbort = (): void => {
    if (!end()) return;
    reject(signal!.reason);
    controller.abort(signal!.reason);
  };
  if (plan.timeoutMs > 0) {
    timer = clock.setTimeout(() => {
      if (!end()) return;
      resolve(timedOut(spec, ctx));
      controller.abort(new DOMException(timeoutText(spec), 'TimeoutError'));
    }, plan.timeoutMs);
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  // `returned` is used here only, never inside a closure: nothing the call leaves behind (the timer
  // callback, the abort reason's stack trace, which the tool's signal keeps) refers to the tool's
  // promise, so a promise that never settles is collected with whatever the tool left holding it.
  Promise.resolve(returned).then(
    (v) => {
      if (end()) resolve(finish(spec, v, ctx));
    },
    (e) => {
      if (end()) resolve(failed(spec, e, ctx));
    },
  );
  return outcome;
}
