import type { ToolSpec } from '../../schema/tool-spec';
import { systemClock, ToolContext, failureText, type ErrorText, type InvokeOptions } from './context';
import { describeThrown } from '../../thrown';
import { copyCost, copyPart, ownResult, Part, ToolResult, type CostLine } from '../../tool-result';
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

export function failed(spec: ToolSpec, e: unknown, ctx: ToolContext | undefined, errorText?: ErrorText): ToolResult {
  const text = failureText(errorText, {
    tool: spec.name,
    kind: 'threw',
    error: e,
    text: `${spec.subject ?? 'Tool'} '${spec.name}' failed: ${describeThrown(e)}`,
  });
  return ToolResult.of({ isError: true, parts: [Part.text(text)], costs: ctx?.costs ?? [] });
}

function timedOut(spec: ToolSpec, ctx: ToolContext | undefined, errorText: ErrorText | undefined): ToolResult {
  const text = failureText(errorText, { tool: spec.name, kind: 'timeout', error: undefined, text: timeoutText(spec) });
  return ToolResult.of({ isError: true, parts: [Part.text(text)], costs: ctx?.costs ?? [] });
}

function timeoutText(spec: ToolSpec): string {
  return `${spec.subject ?? 'Tool'} '${spec.name}' timed out after ${spec.timeoutSeconds} s.`;
}

/**
 * The result of a value the tool returned (a value with no JSON form makes it a failure). Every read
 * of the value happens here, inside the `try`: a getter or a Proxy trap that throws makes a failure,
 * and what the result keeps of a passed result or part is copied, never the tool's object itself.
 */
function finish(spec: ToolSpec, value: unknown, ctx: ToolContext | undefined, errorText?: ErrorText): ToolResult {
  try {
    const shaped = resultOf(spec, value);
    // ctx.costs is a copy; shaped parts are fresh arrays of the library's own parts or the tool's.
    const costs = ctx === undefined ? NO_COSTS : ctx.costs;
    const passed = shaped.passed;
    if (passed !== undefined) return copyResult(passed, costs);
    return ownResult(false, shaped.parts as Part[], costs, spec.endsLoop, value);
  } catch (e) {
    return failed(spec, e, ctx, errorText);
  }
}

/**
 * The result's own copy of a result a tool handed back (each field read once, parts and cost lines
 * copied where they are not the library's own), with `costs` after its cost lines. Throws what a
 * getter or a Proxy trap throws.
 */
export function copyResult(passed: ToolResult, costs: readonly CostLine[] = NO_COSTS): ToolResult {
  const typed = 'typedResult' in passed;
  const own = Array.from(passed.costs, copyCost);
  return ownResult(
    passed.isError === true,
    Array.from(passed.parts, copyPart),
    own.length > 0 ? [...own, ...costs] : costs,
    typed,
    typed ? passed.typedResult : undefined,
  );
}

/** Whether `v` has a `then` method; a `then` getter that throws makes it one (adopting it then rejects). */
export function isThenable(v: unknown): v is PromiseLike<unknown> {
  if ((typeof v !== 'object' && typeof v !== 'function') || v === null) return false;
  try {
    return typeof (v as PromiseLike<unknown>).then === 'function';
  } catch {
    return true;
  }
}

/**
 * A promise of what a thenable settles to, which never throws: `Promise.resolve` throws only when a
 * promise's `constructor` getter does (a `then` getter that throws already makes it reject).
 */
export function adopt(v: unknown): Promise<unknown> {
  try {
    return Promise.resolve(v);
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * Calls `fn` on `target` with the hydrated values (sized to the arity, value parameters in place)
 * and makes the result. Rejects only with the caller's signal's reason. `settled` runs once the
 * tool's own work has ended (returned, thrown, or its promise settled), whatever the result was.
 */
export function execute(plan: CallPlan, fn: Function, target: unknown, args: unknown[], options: InvokeOptions, settled?: () => void): Promise<ToolResult> {
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
  const errorText = options.errorText;
  let returned: unknown;
  try {
    returned = fn.apply(target, args);
  } catch (e) {
    settled?.();
    return Promise.resolve(failed(spec, e, ctx, errorText));
  }
  if (!isThenable(returned)) {
    settled?.();
    return Promise.resolve(finish(spec, returned, ctx, errorText));
  }
  const pending = adopt(returned);
  if (settled !== undefined) pending.then(settled, settled);
  if (controller === undefined) {
    if (ctx === undefined && errorText === undefined) return pending.then(plan.settle.value, plan.settle.error);
    return pending.then(
      (v) => finish(spec, v, ctx, errorText),
      (e) => failed(spec, e, ctx, errorText),
    );
  }
  return race(plan, pending, controller, options, ctx);
}

function race(
  plan: CallPlan,
  returned: Promise<unknown>,
  controller: AbortController,
  options: InvokeOptions,
  ctx: ToolContext | undefined,
): Promise<ToolResult> {
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
      resolve(timedOut(spec, ctx, options.errorText));
      controller.abort(new DOMException(timeoutText(spec), 'TimeoutError'));
    }, plan.timeoutMs);
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  // Aborted while the tool's synchronous part ran (before the listener above): no event will come.
  if (signal?.aborted === true) onAbort();
  // `returned` is used here only, never inside a closure: nothing the call leaves behind (the timer
  // callback, the abort reason's stack trace, which the tool's signal keeps) refers to the tool's
  // promise, so a promise that never settles is collected with whatever the tool left holding it.
  returned.then(
    (v) => {
      if (end()) resolve(finish(spec, v, ctx, options.errorText));
    },
    (e) => {
      if (end()) resolve(failed(spec, e, ctx, options.errorText));
    },
  );
  return outcome;
}
