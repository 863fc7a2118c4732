import type { ToolDefinition } from './bound-tool';
import type { InvokeOptions } from '../calling/context';
import type { ToolResult } from '../../tool-result';

/**
 * Where an adapter or a server finds its tools: a `ToolSet` (or anything with `list()`, such as the
 * NestJS `ToolRegistry`), or a list of definitions. When the source has `invoke(name, args, options)`,
 * adapters call through it, so a tool set's limits (and a registry's per-call services) hold.
 */
export type ToolSource =
  | { list(): readonly ToolDefinition[]; invoke?(name: string, args: string | object, options?: InvokeOptions): Promise<ToolResult> }
  | readonly ToolDefinition[];

/** The source's tools; with `only`, those tools (by name) in that order (an unknown name is a RangeError). */
export function toolsOf(source: ToolSource, only?: readonly string[]): readonly ToolDefinition[] {
  const all = Array.isArray(source) ? (source as readonly ToolDefinition[]) : (source as { list(): readonly ToolDefinition[] }).list();
  if (only === undefined) return all;
  return only.map((name) => {
    const tool = all.find((t) => t.name === name);
    if (tool === undefined) throw new RangeError(`No tool named '${name}'. Available tools: ${all.map((t) => t.name).join(', ') || 'none'}.`);
    return tool;
  });
}
