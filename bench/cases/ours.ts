import { Tool, type ToolDefinition } from 'tool-signatures';
import type { Orders } from '../domain';
import type { BenchResult, Case } from './result';

/** Ours, end to end: `tool.invoke(args)` on the definitions `Tool.fromInstance` builds. */

export interface OursTools {
  readonly small: ToolDefinition;
  readonly large: ToolDefinition;
}

export function oursTools(service: Orders): OursTools {
  const tools = Tool.fromInstance(service);
  const find = (name: string): ToolDefinition => {
    const t = tools.find((d) => d.name === name);
    if (t === undefined) throw new Error(`no tool named ${name}: ${tools.map((d) => d.name).join(', ')}`);
    return t;
  };
  return { small: find('place_order'), large: find('place_bulk_order') };
}

export function oursCase(tools: OursTools): Case {
  return {
    key: 'ours',
    title: 'ours: tool.invoke(args) end to end',
    small: (a: unknown): Promise<BenchResult> => tools.small.invoke(a as object),
    large: (a: unknown): Promise<BenchResult> => tools.large.invoke(a as object),
  };
}

/** Ours from the model's JSON text (the library's own argument parser). */
export function oursText(tools: OursTools): { small(text: string): Promise<BenchResult>; large(text: string): Promise<BenchResult> } {
  return {
    small: (text: string): Promise<BenchResult> => tools.small.invoke(text),
    large: (text: string): Promise<BenchResult> => tools.large.invoke(text),
  };
}
