/**
 * What the agent-framework adapters (`tool-signatures/ai-sdk`, `tool-signatures/langchain`) share:
 * where their tools come from, how a call reaches the invoker, and the error a framework sees.
 */
import type { ToolDefinition } from '../invoke/bound-tool';
import type { ToolContext } from '../invoke/context';
import { encodeBase64 } from '../invoke/formats';
import type { InvokeOptions } from '../invoke/options';
import type { ToolSource } from '../invoke/tool-source';
import { partText, type Part, type ToolResult } from '../tool-result';

export { toolsOf, type ToolSource } from '../invoke/tool-source';
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

/** Runs one call through the source (its limits and services) when it can, else through the tool. */
export function invokeThrough(source: ToolSource, tool: ToolDefinition, args: string | object, options: InvokeOptions): Promise<ToolResult> {
  const viaSet = !Array.isArray(source) && typeof (source as { invoke?: unknown }).invoke === 'function';
  return viaSet ? (source as { invoke(name: string, args: string | object, options?: InvokeOptions): Promise<ToolResult> }).invoke(tool.name, args, options) : tool.invoke(args, options);
}

/** A result as one text: its parts' texts, one per line (a JSON part as JSON text). */
export function resultText(result: ToolResult): string {
  return result.parts.map(partText).join('\n');
}

export function imageBase64(part: Extract<Part, { type: 'image' }>): string {
  return encodeBase64(part.data);
}
