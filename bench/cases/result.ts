/**
 * The result the peers return: the shape of ours (`{ isError, parts, costs }`, frozen, one JSON
 * part for a value, one text part for an error), built with the least work (a shared empty costs
 * array, no brand).
 */
import type { Part } from 'tool-signatures';

/** Ours, or the three kinds that the peers make. */
export type BenchPart =
  | Part
  | { readonly type: 'json'; readonly value: unknown }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly mimeType: string; readonly data: Uint8Array };

export interface BenchResult {
  readonly isError: boolean;
  readonly parts: readonly BenchPart[];
  readonly costs: readonly unknown[];
}

const NO_COSTS: readonly unknown[] = Object.freeze([]);

export function ok(value: unknown): BenchResult {
  return Object.freeze({ isError: false, parts: Object.freeze([Object.freeze({ type: 'json' as const, value })]), costs: NO_COSTS });
}

export function fail(text: string): BenchResult {
  return Object.freeze({ isError: true, parts: Object.freeze([Object.freeze({ type: 'text' as const, text })]), costs: NO_COSTS });
}

/** The error result of a method that threw (as ours reports it). */
export function thrown(e: unknown): BenchResult {
  return fail(`Tool failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
}

/** One way of validating, hydrating and calling: the small (realistic) call and the large one. */
export interface Case {
  /** Short key used in the output and the JSON. */
  readonly key: string;
  readonly title: string;
  small(args: unknown): Promise<BenchResult>;
  large(args: unknown): Promise<BenchResult>;
}

/** `JSON.parse`, then the case (what a caller does with a peer when the model sends text). */
export function fromText(run: (args: unknown) => Promise<BenchResult>): (text: string) => Promise<BenchResult> {
  return async (text: string) => {
    let args: unknown;
    try {
      args = JSON.parse(text);
    } catch {
      return fail('The arguments are not valid JSON.');
    }
    return run(args);
  };
}
