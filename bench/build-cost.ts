import { Tool, type ToolDefinition } from 'tool-signatures';
import { newAjv, SMALL_SCHEMA } from './cases/ajv';
import { freshToolClass } from './domain';
import { timeOnce, timeOnceAsync } from './harness';
import { Prng } from './prng';
import { median, stat, type Stat } from './stats';

/**
 * Start-up costs, over interleaved rounds:
 * - building definitions (schemas only) for 1, 100 and 1,000 tools: cold on classes the library has
 *   never seen (a fresh tool class and a fresh DTO class per tool, declared outside the timing;
 *   declaring them is reported apart), and cached: `Tool.fromInstance` again on the same instances;
 * - the first call of a fresh tool (its validator and hydrator are compiled then) beside its second
 *   call, and ajv's own compile time for the same schema, for scale.
 */

export interface BuildFigures {
  /** Per tool, ns. */
  readonly cold: Stat;
  /**
   * The cold build's CPU time per tool, ns (`process.cpuUsage`, every thread of the process): beside
   * the wall-clock figure the target judges, it shows what the build costs when other processes
   * share the cores.
   */
  readonly coldCpu: Stat;
  readonly cached: Stat;
  readonly declare: Stat;
  /** cold / cached, round by round. */
  readonly speedup: Stat;
}

export async function buildCosts(sizes: readonly number[], rounds: number, seed: number): Promise<Record<string, BuildFigures>> {
  // The builder's own code warmed up (not the classes: every timed class is new).
  for (let i = 0; i < 200; i++) Tool.fromInstance(new (freshToolClass())());
  const rows = new Map<number, { cold: number[]; coldCpu: number[]; cached: number[]; declare: number[]; speedup: number[] }>();
  for (const n of sizes) rows.set(n, { cold: [], coldCpu: [], cached: [], declare: [], speedup: [] });
  const order = new Prng(seed ^ 0xb011d);
  for (let r = 0; r < rounds; r++) {
    for (const n of order.shuffle(sizes)) {
      let classes: (new () => object)[] = [];
      const declare = timeOnce(() => {
        classes = Array.from({ length: n }, () => freshToolClass());
      });
      const instances = classes.map((C) => new C());
      let count = 0;
      const cpu0 = process.cpuUsage();
      const cold = timeOnce(() => {
        for (const i of instances) count += Tool.fromInstance(i).length;
      });
      const cpu = process.cpuUsage(cpu0);
      const cached = timeOnce(() => {
        for (const i of instances) count += Tool.fromInstance(i).length;
      });
      if (count !== 2 * n) throw new Error(`expected ${n} tools, built ${count / 2}`);
      const row = rows.get(n)!;
      row.cold.push(cold / n);
      row.coldCpu.push(((cpu.user + cpu.system) * 1000) / n);
      row.cached.push(cached / n);
      row.declare.push(declare / n);
      row.speedup.push(cold / cached);
    }
  }
  return Object.fromEntries(
    [...rows].map(([n, row]) => [
      String(n),
      { cold: stat(row.cold), coldCpu: stat(row.coldCpu), cached: stat(row.cached), declare: stat(row.declare), speedup: stat(row.speedup) },
    ]),
  );
}

export interface FirstCallFigures {
  /** The first `invoke` of a fresh tool (compiles its validator and hydrator), ns. */
  readonly first: Stat;
  /** The second and third `invoke` of that tool, ns (single calls, not warmed up). */
  readonly second: Stat;
  readonly third: Stat;
  /** first − third: the compilation. */
  readonly compile: Stat;
  /** ajv alone: compiling the same schema (strict date-time format) on a warm instance, ns. */
  readonly ajvCompile: Stat;
}

export async function firstCallCosts(inputs: readonly unknown[], rounds: number, toolsPerRound: number): Promise<FirstCallFigures> {
  const first: number[] = [];
  const second: number[] = [];
  const third: number[] = [];
  const compile: number[] = [];
  const ajvCompile: number[] = [];
  let at = 0;
  const nextInput = (): unknown => inputs[at++ % inputs.length];
  // ajv's first compile on an instance also compiles the meta-schema; ours compiles without it.
  const ajv = newAjv();
  ajv.compile(structuredClone(SMALL_SCHEMA));
  for (let r = 0; r < rounds; r++) {
    const calls: [number[], number[], number[]] = [[], [], []];
    const a: number[] = [];
    for (let k = 0; k < toolsPerRound; k++) {
      const tool: ToolDefinition = Tool.fromInstance(new (freshToolClass())())[0]!;
      let ok = true;
      for (const times of calls)
        times.push(
          await timeOnceAsync(async () => {
            ok = !(await tool.invoke(nextInput() as object)).isError && ok;
          }),
        );
      if (!ok) throw new Error('a fresh tool refused a call of the pool');
      const schema = structuredClone(SMALL_SCHEMA);
      a.push(timeOnce(() => void ajv.compile(schema)));
    }
    first.push(median(calls[0]));
    second.push(median(calls[1]));
    third.push(median(calls[2]));
    compile.push(median(calls[0]) - median(calls[2]));
    ajvCompile.push(median(a));
  }
  return { first: stat(first), second: stat(second), third: stat(third), compile: stat(compile), ajvCompile: stat(ajvCompile) };
}
