/**
 * What the agent-framework adapters (`tool-signatures/ai-sdk`, `tool-signatures/langchain`) share:
 * where their tools come from, how a call reaches the invoker, and the error a framework sees.
 */
import { cachedBy } from '../cache';
import type { ToolDefinition } from '../invoke/tools/bound-tool';
import type { Approver, ToolCaller, ToolClient, ToolContext, InvokeOptions } from '../invoke/calling/context';
import type { ToolSource } from '../invoke/tools/tool-source';
import { ToolSet } from '../invoke/tools/toolset';
import { partsText, type ToolResult } from '../tool-result';

export { toolsOf, type ToolSource } from '../invoke/tools/tool-source';
export { partText } from '../tool-result';

/** Options every adapter takes. */
export interface AdapterOptions {
  /**
   * The caller's context: every call runs in a child of it (services, clock, and cost lines
   * forwarded to it).
   * @default none: each call gets a fresh context
   */
  context?: ToolContext;
  /**
   * Only these tools (by name), in this order.
   * @default every tool of the source
   */
  only?: readonly string[];
  /**
   * Decides approvals for calls of tools that require one (it wins over the tool set's own
   * `approve`). The AI SDK adapter does not use it while `approvals` is on: the SDK asks first.
   * @default the tool set's `approve`; without one, such calls are refused
   */
  approve?: Approver;
  /**
   * Receives the tools' `ctx.progress(...)` and `ctx.log(...)` (frameworks have no channel of
   * their own for them).
   * @default the parent context's client, if any; else they go nowhere
   */
  client?: Omit<ToolClient, 'caller'>;
}

/** The client of one framework call: who is calling (the framework's own context) and the adapter's callbacks. */
export function adapterClient(options: AdapterOptions, caller: ToolCaller): ToolClient {
  return { ...options.client, caller };
}

/**
 * A tool's error result, thrown to a framework that reports tool failures by exception. Its message
 * (and `toString()`, which frameworks use to build the text the model reads) is exactly the
 * result's text: `Argument 'qty' must be an integer from 1 to 1000.`, `Tool 'x' failed: ...`.
 */
export class ToolCallError extends Error {
  override readonly name = 'ToolCallError';
  readonly toolName: string;
  readonly result: ToolResult;

  constructor(toolName: string, result: ToolResult) {
    super(resultText(result));
    this.toolName = toolName;
    this.result = result;
  }

  /** The result's text alone, without the `ToolCallError: ` prefix that `Error.prototype.toString` adds. */
  override toString(): string {
    return this.message;
  }
}

/** The set of one tool that its calls go through when the source is a list: made once per tool. */
const setOfTool = cachedBy((tool: ToolDefinition) => new ToolSet([tool]));

/**
 * Runs one call through the source (its limits, services, approvals and visibility) when it has
 * `invoke`, else through a tool set of the tool: the one call path, whatever the source.
 */
export function invokeThrough(source: ToolSource, tool: ToolDefinition, args: string | object, options: InvokeOptions): Promise<ToolResult> {
  const viaSet = !Array.isArray(source) && typeof (source as { invoke?: unknown }).invoke === 'function';
  if (viaSet) return (source as { invoke(name: string, args: string | object, options?: InvokeOptions): Promise<ToolResult> }).invoke(tool.name, args, options);
  return setOfTool(tool).invoke(tool.name, args, options);
}

/** A result as one text: its parts' texts, one per line (a JSON part as JSON text). */
export function resultText(result: ToolResult): string {
  return partsText(result.parts);
}
