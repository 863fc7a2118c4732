import { Tool, type ToolDefinition } from 'tool-signatures';
import { performance } from 'node:perf_hooks';

/**
 * Issue 15: patterns run on RE2 in linear time. For each known catastrophic pattern, the time per
 * character of a call whose string almost matches, at two lengths (linear: the same per character);
 * and what an ordinary pattern costs a call on the fast path (the same tool without the pattern
 * beside it).
 */

export const CATASTROPHIC: readonly (readonly [string, (n: number) => string])[] = [
  ['^(a+)+$', (n) => `${'a'.repeat(n - 1)}!`],
  ['^(a|a)*$', (n) => `${'a'.repeat(n - 1)}b`],
  ['(\\w+\\s?)*$', (n) => `${'a'.repeat(n - 1)}!`],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', (n) => `${'a'.repeat(n - 1)}!`],
];

export interface PatternFigures {
  /** pattern → length → nanoseconds per character (least of the runs). */
  readonly perChar: Record<string, Record<number, number>>;
  /** Per call on the fast path: a code with an ordinary pattern, and without it. */
  readonly ordinaryNs: { readonly withPattern: number; readonly without: number };
}

function slug(pattern: string | undefined, maxLength: number): ToolDefinition {
  return Tool.create(
    function check(s: string) {
      return s.length;
    },
    { params: [{ name: 's', type: String, maxLength, ...(pattern !== undefined ? { pattern } : {}) }] },
  );
}

async function least(f: () => Promise<unknown>, runs: number): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    best = Math.min(best, performance.now() - t);
  }
  return best * 1e6;
}

async function perCall(tool: ToolDefinition, values: readonly string[], calls: number): Promise<number> {
  for (let i = 0; i < calls; i++) await tool.invoke({ s: values[i % values.length]! });
  const t = performance.now();
  for (let i = 0; i < calls; i++) await tool.invoke({ s: values[i % values.length]! });
  return ((performance.now() - t) * 1e6) / calls;
}

export async function patternFigures(quick: boolean): Promise<PatternFigures> {
  const lengths = [4096, 65536];
  const perChar: Record<string, Record<number, number>> = {};
  for (const [pattern, hostile] of CATASTROPHIC) {
    const tool = slug(pattern, 65536);
    perChar[pattern] = {};
    for (const n of lengths) {
      const s = hostile(n);
      perChar[pattern]![n] = (await least(() => tool.invoke({ s }), quick ? 3 : 7)) / n;
    }
  }
  const codes = Array.from({ length: 1024 }, (_, i) => `ABC-${String(1000 + i)}`);
  const calls = quick ? 20_000 : 100_000;
  const withPattern = await perCall(slug('^[A-Z]{3}-\\d{4}$', 16), codes, calls);
  const without = await perCall(slug(undefined, 16), codes, calls);
  return { perChar, ordinaryNs: { withPattern, without } };
}
