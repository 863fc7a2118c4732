import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Param, Tool, ToolSet, type ToolResult } from 'tool-signatures';
import { stat, type Stat } from '../stats';

/**
 * Issue 15's refusal case: one argument object with 330,000 unknown keys (3.8 MB of text). Before
 * the fix, the schema validator reported every key before the formatter kept 100 lines (about 100
 * times the cost of parsing the text); now a call beyond `maxMembers` (20,000 by default) is
 * refused in one line found by a validator that stops at the first error. The figure is the cost
 * of the refusal over the cost of `JSON.parse` of the same text, round by round in one process:
 * from the text (`set.invoke('find', text)`, which parses it) and from the parsed object.
 *
 * This was a wall-clock ratio in spec/invoke/bounded-work.spec.ts (limit 4); under jest, a
 * collection of the worker's large heap falls into one side of the ratio at random (4.93 measured
 * on Node 24), so the constant lives here, in a plain process that collects before every timing.
 */

class Search {
  @Tool()
  find(@Param() query: string, @Param({ type: () => [Number] }) ids: number[] = []): string {
    return `${query} ${ids.length}`;
  }
}

export const REFUSAL_KEYS = 330_000;
const TOO_MANY = 'Arguments have too many keys and array elements to check: the limit is 20000 in all. Send only the parameters of the tool.';

export function hostileText(keys: number): string {
  const parts = ['"query":"x"'];
  for (let i = 0; i < keys; i++) parts.push(`"k${i}":1`);
  return `{${parts.join(',')}}`;
}

export interface RefusalFigures {
  /** Nanoseconds: `JSON.parse` of the text, the refusal from the text, from the parsed object. */
  readonly parseNs: Stat;
  readonly refuseTextNs: Stat;
  readonly refuseObjectNs: Stat;
  /** Round by round: refusal / parse. */
  readonly refuseTextOverParse: Stat;
  readonly refuseObjectOverParse: Stat;
}

type Gc = () => void;

function collect(): void {
  (globalThis as { gc?: Gc }).gc?.();
}

async function timed(f: () => unknown): Promise<number> {
  collect();
  const t = performance.now();
  await f();
  return (performance.now() - t) * 1e6;
}

function text(r: ToolResult): string {
  return (r.parts[0] as { text?: string } | undefined)?.text ?? '';
}

export async function refusalFigures(rounds: number): Promise<RefusalFigures> {
  const set = new ToolSet([new Search()]);
  const big = hostileText(REFUSAL_KEYS);
  const parsed = JSON.parse(big) as object;
  // Warm-up: the tool's validators are compiled on the first call.
  await set.invoke('find', hostileText(20_000));
  for (const args of [big, parsed]) {
    const got = text(await set.invoke('find', args));
    if (got !== TOO_MANY) throw new Error(`the ${REFUSAL_KEYS.toLocaleString('en')}-key call is not refused in one line: ${got.slice(0, 200)}`);
  }
  const parse: number[] = [];
  const refuseText: number[] = [];
  const refuseObject: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Each side the least of two runs, in the same round.
    let p = Infinity;
    let t = Infinity;
    let o = Infinity;
    for (let i = 0; i < 2; i++) {
      p = Math.min(p, await timed(() => JSON.parse(big)));
      t = Math.min(t, await timed(() => set.invoke('find', big)));
      o = Math.min(o, await timed(() => set.invoke('find', parsed)));
    }
    parse.push(p);
    refuseText.push(t);
    refuseObject.push(o);
  }
  return {
    parseNs: stat(parse),
    refuseTextNs: stat(refuseText),
    refuseObjectNs: stat(refuseObject),
    refuseTextOverParse: stat(refuseText.map((v, i) => v / parse[i]!)),
    refuseObjectOverParse: stat(refuseObject.map((v, i) => v / parse[i]!)),
  };
}
