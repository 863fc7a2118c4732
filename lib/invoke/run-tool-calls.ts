import type { ToolDefinition } from './bound-tool';
import type { ToolContext } from './context';
import { isToolResult, ToolResult } from '../tool-result';
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
   * throw) refuses the call: its result is `Tool 'x' was not approved.`
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
  const invokeOptions = { signal: options.signal, context: options.context, callId: call.id };
  const tool = toolSet.get(call.name);
  if (tool === undefined || !tool.requiresApproval) return toolSet.invoke(call.name, call.arguments, invokeOptions);
  // An approval covers exactly what runs: the arguments are copied, validated and hydrated first,
  // the approver sees that frozen value, and the staged call runs with it.
  const staged = await toolSet.stage(call.name, snapshot(call.arguments), invokeOptions);
  if (isToolResult(staged)) return staged;
  deepFreeze(staged.arguments);
  let approved = false;
  let why = '';
  if (options.approve !== undefined) {
    try {
      approved = (await options.approve({ id: call.id, name: call.name, tool, arguments: staged.arguments })) === true;
    } catch (e) {
      why = ` (the approval check failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)})`;
    }
  }
  if (options.signal?.aborted) throw options.signal.reason;
  if (!approved) return ToolResult.error(`Tool '${call.name}' was not approved${why}.`);
  return staged.run(invokeOptions);
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
    const parallel = toolSet.get(call.name)?.parallelSafe ?? true;
    const task = (): Promise<void> => runOne(toolSet, call, options).then((r) => {
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
