import 'reflect-metadata';
import { IsInt, Length, Max, Min } from 'class-validator';
import { Int64, Param, Prop, Tool, UInt64, type ToolDefinition } from 'tool-signatures';
import { Prng } from '../prng';
import type { BenchResult } from './result';

/**
 * The `bigint` case: argument text with 64-bit integers, which the library reads without loss
 * (its argument parser's exact-integer path, taken for every tool with a `bigint` anywhere). The
 * ids are Snowflake-like (most beyond 2^53); amounts are ordinary numbers. Timed beside
 * `JSON.parse` of the same texts (which loses the ids' last digits), as a ruler of the machine's
 * speed in the same rounds.
 */

export class LedgerEntry {
  @Prop({ type: Int64 }) accountId!: bigint;
  @IsInt() @Min(-1_000_000) @Max(1_000_000) amountCents!: number;
  @Length(1, 32) memo!: string;
}

export class Ledger {
  @Tool()
  async postEntries(
    @Param({ type: UInt64 }) batchId: bigint,
    @Param({ type: () => [LedgerEntry] }) entries: LedgerEntry[],
    @Param({ minLength: 1, maxLength: 32 }) reference: string,
  ): Promise<{ batchId: string; entries: number; total: number; last: string }> {
    let total = 0;
    for (let i = 0; i < entries.length; i++) total += entries[i]!.amountCents;
    return { batchId: String(batchId), entries: entries.length, total, last: String(entries[entries.length - 1]?.accountId ?? 0n) };
  }
}

// A Snowflake-like id: a millisecond timestamp above 2^41 shifted by 22 bits, so above 2^53 …
function snowflake(r: Prng): string {
  return ((BigInt(1_700_000_000_000 + r.int(0, 1_000_000_000)) << 22n) | BigInt(r.int(0, 4_194_303))).toString();
}

function entry(r: Prng): string {
  // … and one account in ten a small (safe) id.
  const account = r.next() < 0.1 ? String(r.int(1, 99_999)) : `-${snowflake(r)}`.slice(r.next() < 0.5 ? 1 : 0);
  return `{"accountId":${account},"amountCents":${r.int(-1_000_000, 1_000_000)},"memo":"${r.text('abcdefghij', r.int(1, 12))}"}`;
}

/** Distinct argument texts: `lines` ledger entries each. */
export function bigintTexts(size: number, seed: number, lines: number): string[] {
  const r = new Prng(seed);
  const out = new Set<string>();
  while (out.size < size) {
    const entries: string[] = [];
    for (let i = 0; i < lines; i++) entries.push(entry(r));
    out.add(`{"batchId":${snowflake(r)},"entries":[${entries.join(',')}],"reference":"R-${r.int(1, 99_999)}"}`);
  }
  return [...out];
}

export function bigintTool(): ToolDefinition {
  const [tool] = Tool.fromInstance(new Ledger());
  return tool!;
}

/** `tool.invoke(text)`, and `JSON.parse(text)` alone (the ruler). */
export function bigintCases(tool: ToolDefinition): { ours(text: unknown): Promise<BenchResult>; jsonParse(text: unknown): Promise<unknown> } {
  return {
    ours: (text: unknown): Promise<BenchResult> => tool.invoke(text as string),
    jsonParse: async (text: unknown): Promise<unknown> => JSON.parse(text as string),
  };
}
