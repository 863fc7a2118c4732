import { failureText, type Approver, type ToolContext } from '../calling/context';
import { describeThrown } from '../../thrown';
import { ToolResult } from '../../tool-result';
import type { ToolSet } from './toolset';

export type { ApprovalRequest, ApprovalDecision, Approver } from '../calling/context';

/** One tool call of a model's turn. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** JSON text as the model sent it, or an already-parsed object. */
  readonly arguments: string | object;
}

/** Options of `runToolCalls`. */
export interface RunToolCallsOptions {
  /**
   * Asked before each call of a `requiresApproval` tool whose arguments are valid (for a predicate,
   * when it says the call needs one). `false` (or a throw) refuses the call: its result is
   * `Tool 'x' was not approved.`; `{ approved: false, reason }` adds the reason.
   * @default the tool set's `approve`; without one, every such call is refused
   */
  approve?: Approver;
  /** Aborting it cancels the turn: the calls' signals abort and `runToolCalls` rejects with its reason. */
  signal?: AbortSignal;
  /** The caller's context: every call runs in a child of it (cost lines forwarded). */
  context?: ToolContext;
}

/** The result of one call, with its id. */
export interface ToolCallResult {
  readonly id: string;
  readonly name: string;
  readonly result: ToolResult;
}

/** What one turn's calls produced, in the calls' order. */
export interface ToolCallsOutcome {
  readonly results: readonly ToolCallResult[];
  /** The first successful result of an `endsLoop` tool (in call order): the turn's final typed result. */
  readonly final?: { readonly id: string; readonly name: string; readonly value: unknown };
}

function runOne(toolSet: ToolSet, call: ToolCall, options: RunToolCallsOptions): Promise<ToolResult> {
  const approve = options.approve;
  return toolSet.invoke(call.name, call.arguments, {
    signal: options.signal,
    context: options.context,
    callId: call.id,
    ...(approve !== undefined ? { approve } : {}),
  });
}

/** One call's result, whatever happens on the way (only the turn's own cancellation rejects). */
function settleOne(toolSet: ToolSet, call: ToolCall, options: RunToolCallsOptions): Promise<ToolResult> {
  const fail = (e: unknown): ToolResult => {
    if (options.signal?.aborted) throw options.signal.reason;
    return ToolResult.error(
      failureText(toolSet.errorText, { tool: call.name, kind: 'threw', error: e, text: `Tool '${call.name}' failed: ${describeThrown(e)}` }),
    );
  };
  try {
    return runOne(toolSet, call, options).catch(fail);
  } catch (e) {
    return Promise.resolve().then(() => fail(e));
  }
}

function isParallel(toolSet: ToolSet, name: string): boolean {
  try {
    return toolSet.get(name)?.parallelSafe ?? true;
  } catch {
    return true;
  }
}

/**
 * Runs one model turn's tool calls. Consecutive calls of `parallelSafe` tools run concurrently; a
 * call of a tool that is not parallel-safe waits for every call before it and runs alone, so calls
 * keep their order wherever order can matter. Calls of `requiresApproval` tools go through
 * `approve` first. Results come back in the calls' order with their ids; rejects only when
 * `options.signal` aborts.
 */
export async function runToolCalls(toolSet: ToolSet, calls: readonly ToolCall[], options: RunToolCallsOptions = {}): Promise<ToolCallsOutcome> {
  if (options.signal?.aborted) throw options.signal.reason;
  const results = new Array<ToolResult>(calls.length);
  let group: Promise<void>[] = [];
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const parallel = isParallel(toolSet, call.name);
    const task = (): Promise<void> =>
      settleOne(toolSet, call, options).then((r) => {
        results[i] = r;
      });
    if (parallel) {
      group.push(task());
      continue;
    }
    await Promise.all(group);
    group = [];
    await task();
  }
  await Promise.all(group);
  const out: ToolCallResult[] = calls.map((c, i) => ({ id: c.id, name: c.name, result: results[i]! }));
  for (const r of out) {
    const tool = toolSet.get(r.name);
    if (tool?.endsLoop && !r.result.isError) {
      return { results: out, final: { id: r.id, name: r.name, value: r.result.typedResult } };
    }
  }
  return { results: out };
}
