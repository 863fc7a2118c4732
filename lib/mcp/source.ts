/**
 * Where an MCP server finds its tools (a `ToolSet`, anything with `list()`, or a list of
 * definitions), and what the MCP code asks of such a source: its tool by name, and whether what it
 * lists varies by caller. It imports nothing of lib/mcp: the table, the served rows, the listen
 * streams and both binders read a source through it.
 */
import type { ToolDefinition } from '../invoke/tools/bound-tool';
import type { InvokeOptions, ToolContext } from '../invoke/calling/context';
import type { ToolResult } from '../tool-result';

/**
 * Where the server finds its tools: a `ToolSet` (or anything with `list()` and `invoke()`, such as the
 * NestJS `ToolRegistry`), anything with `list()`, or a list of definitions. Calls go through the set
 * when there is one; otherwise through a set made of the listed tools.
 */
export type McpToolSource = { list(): readonly ToolDefinition[] } | readonly ToolDefinition[];

/** A source with the optional parts of a `ToolSet` that the server uses when they are there. */
export interface SetLike {
  list(): readonly ToolDefinition[];
  invoke(name: string, args: string | object, options?: InvokeOptions): Promise<ToolResult>;
  get?(name: string): ToolDefinition | undefined;
  listFor?(context: ToolContext): readonly ToolDefinition[];
  callContext?(name: string, options?: InvokeOptions): ToolContext;
  onChange?(listener: () => void): () => void;
}

export function isSetLike(source: McpToolSource): source is SetLike {
  return !Array.isArray(source) && typeof (source as Partial<SetLike>).invoke === 'function';
}

/** The tool of a source by name (as listed to every caller: `McpTable.listedTo` says whether one caller is shown it). */
export function toolNamed(tools: McpToolSource, name: string): ToolDefinition | undefined {
  const source = tools as { get?(name: string): ToolDefinition | undefined; list?(): readonly ToolDefinition[] };
  if (Array.isArray(tools)) return (tools as readonly ToolDefinition[]).find((t) => t.name === name);
  return typeof source.get === 'function' ? source.get(name) : source.list?.().find((t) => t.name === name);
}

/**
 * Whether a source's lists vary by caller: a `ToolSet` with a `visible` (tools) or `visibleServed`
 * (prompts, resources, templates) rule, or a source that cannot say (one with its own `listFor` or
 * `isServedVisible`).
 */
export function listedByCaller(tools: McpToolSource | object): { tools: boolean; served: boolean } {
  const source = tools as { listedByCaller?: { tools: boolean; served: boolean }; listFor?: unknown; isServedVisible?: unknown };
  return Array.isArray(tools)
    ? { tools: false, served: false }
    : (source.listedByCaller ?? { tools: source.listFor !== undefined, served: source.isServedVisible !== undefined });
}
