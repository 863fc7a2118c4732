import type { ToolDefinition } from '../definition';
import type { ToolContext } from './context';
import { describeThrown } from '../thrown';
import { failureText } from './options';
import { isToolResult, ToolResult } from './result';
import type { ToolSet } from './toolset';

/** One tool call of a model's turn. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** JSON text as the model sent it, or an already-parsed object. */
  readonly arguments: string | object;
}

/** What the approval callback sees: the call, its tool, and the exact arguments that will run. */
export interface ApprovalRequest {
  readonly id: string;
  readonly name: string;
  readonly tool: ToolDefinition;
  /**
   * The validated arguments, parsed (big integers of bigint parameters as bigints), frozen: the
   * call runs with exactly these, whatever happens to the caller's objects meanwhile.
   */
  readonly arguments: unknown;
}

/** Options of `runToolCalls`. */
export interface RunToolCallsOptions {
  /**
   * Asked before each call of a `requiresApproval` tool whose arguments are valid. `false` (or a
   * throw) refuses the call: its result is `Tool 'x' was not approved.` What it throws is not shown
   * to the model unless the tool set's `errorText` puts it there (`kind: 'approval'`).
   * @default none: every call of a tool that requires approval is refused
   */
  approve?: (call: ApprovalRequest) => boolean | Promise<boolean>;
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

function deepFreeze(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || depth > 1024) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v, depth + 1);
}

function snapshot(args: string | object): string | object {
  if (typeof args === 'string') return args;
  try {
    return structuredClone(args);
  } catch {
    return args;
  }
}

async function runOne(toolSet: ToolSet, call: ToolCall, options: RunToolCallsOptions): Promise<ToolResult> {
  const errorText = toolSet.errorText;
  const invokeOptions = { signal: options.signal, context: options.context, callId: call.id, ...(errorText !== undefined ? { errorText } : {}) };
  const tool = toolSet.get(call.name);
  if (tool === undefined || !tool.requiresApproval) return toolSet.invoke(call.name, call.arguments, invokeOptions);
  // An approval covers exactly what runs: the arguments are copied, validated and hydrated first,
  // the approver sees that frozen value, and the staged call runs with it.
  const staged = await toolSet.stage(call.name, snapshot(call.arguments), invokeOptions);
  if (isToolResult(staged)) return staged;
  deepFreeze(staged.arguments);
  let approved = false;
  let thrown: { readonly error: unknown } | undefined;
  if (options.approve !== undefined) {
    try {
      approved = (await options.approve({ id: call.id, name: call.name, tool, arguments: staged.arguments })) === true;
    } catch (e) {
      thrown = { error: e };
    }
  }
  if (options.signal?.aborted) throw options.signal.reason;
  if (approved) return staged.run(invokeOptions);
  const text = `Tool '${call.name}' was not approved.`;
  if (thrown === undefined) return ToolResult.error(text);
  return ToolResult.error(failureText(toolSet.errorText, { tool: call.name, kind: 'approval', error: thrown.error, text }));
}

/** One call's result, whatever happens on the way (only the turn's own cancellation rejects). */
function settleOne(toolSet: ToolSet, call: ToolCall, options: RunToolCallsOptions): Promise<ToolResult> {
  const fail = (e: unknown): ToolResult => {
    if (options.signal?.aborted) throw options.signal.reason;
    return ToolResult.error(failureText(toolSet.errorText, { tool: call.name, kind: 'threw', error: e, text: `Tool '${call.name}' failed: ${describeThrown(e)}` }));
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
    const task = (): Promise<void> => settleOne(toolSet, call, options).then((r) => {
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
