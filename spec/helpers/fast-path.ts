import { calleeOf } from '../../lib/invoke/calling/bound';
import { BoundTool } from '../../lib/invoke/tools/bound-tool';
import { planOf } from '../../lib/invoke/calling/invoker';

/**
 * Sends every `tool.invoke` to the general path (ajv, hydration, class-validator) while off, so that
 * a spec can hold the fast path to the general path's answers. The switch is the specs' alone: it
 * reaches the invoker's per-tool plan through internal modules (not the package's surface) and
 * hides the plan's compiled fast path for the one call, which reads it before its first await.
 */
let fast = true;

const invoke = BoundTool.prototype.invoke;
BoundTool.prototype.invoke = function (this: BoundTool, ...args: Parameters<BoundTool['invoke']>) {
  const bound = fast ? undefined : calleeOf(this);
  if (bound === undefined) return invoke.apply(this, args);
  const plan = planOf(bound.spec) as { fast: unknown };
  const compiled = plan.fast;
  plan.fast = null;
  try {
    return invoke.apply(this, args);
  } finally {
    plan.fast = compiled;
  }
};

export function __setFastPath(on: boolean): void {
  fast = on;
}

/**
 * Runs `f` with the fast path on or off, then puts the switch back as it was, in `finally`: a
 * failing expectation or a throw inside `f` never leaves the rest of the file on the general path.
 * The switch is read when `invoke` is called, so `f` must call `invoke` itself.
 */
export async function withFastPath<T>(on: boolean, f: () => Promise<T> | T): Promise<T> {
  const before = fast;
  fast = on;
  try {
    return await f();
  } finally {
    fast = before;
  }
}
