import { PerformanceObserver, performance } from 'node:perf_hooks';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { getHeapStatistics } from 'node:v8';
import type { Timed } from './harness';
import { stat, type Stat } from './stats';

/**
 * Heap allocated per call: after a full collection (`--expose-gc`), the growth of the used heap
 * over consecutive calls, divided by their number. A sample during which any collection ran (seen
 * by a `gc` performance observer) would undercount and is dropped; the figure is the median of
 * the clean samples, with min and max. The number of calls per sample is chosen per case from a
 * trial sample so that a sample allocates about `budgetBytes` (well under the young generation),
 * between 4 and `maxCalls` calls.
 */

export interface HeapOptions {
  readonly samples: number;
  readonly maxCalls: number;
  readonly budgetBytes: number;
}

export interface HeapFigure {
  readonly bytesPerCall: Stat;
  readonly calls: number;
  readonly clean: number;
  readonly dropped: number;
}

type Gc = () => void;

export function gcAvailable(): boolean {
  return typeof (globalThis as { gc?: Gc }).gc === 'function';
}

export async function heapPerCall(cases: readonly Timed[], o: HeapOptions): Promise<Record<string, HeapFigure> | undefined> {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (gc === undefined) return undefined;
  const gcs: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const windows: { key: string; start: number; end: number; perCall: number }[] = [];
  const next = new Map<string, number>();
  const sample = async (c: Timed, calls: number): Promise<{ start: number; end: number; perCall: number }> => {
    let at = next.get(c.key) ?? 0;
    gc();
    await yieldToLoop();
    const start = performance.now();
    const h0 = getHeapStatistics().used_heap_size;
    for (let i = 0; i < calls; i++) {
      await c.run(c.inputs[at]);
      at = at + 1 === c.inputs.length ? 0 : at + 1;
    }
    const h1 = getHeapStatistics().used_heap_size;
    const end = performance.now();
    next.set(c.key, at);
    return { start, end, perCall: (h1 - h0) / calls };
  };
  const callsOf = new Map<string, number>();
  try {
    for (const c of cases) {
      const trial = await sample(c, 4);
      callsOf.set(c.key, Math.max(4, Math.min(o.maxCalls, Math.floor(o.budgetBytes / Math.max(trial.perCall, 1)))));
    }
    for (let s = 0; s < o.samples; s++) {
      for (const c of cases) windows.push({ key: c.key, ...(await sample(c, callsOf.get(c.key)!)) });
    }
    // Let the observer deliver the last entries (its callback runs on a later turn of the loop).
    await yieldToLoop();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    observer.disconnect();
  }
  const out: Record<string, HeapFigure> = {};
  for (const c of cases) {
    const mine = windows.filter((w) => w.key === c.key);
    const clean = mine.filter((w) => !gcs.some((g) => g.end >= w.start && g.start <= w.end));
    const use = clean.length > 0 ? clean : mine;
    out[c.key] = { bytesPerCall: stat(use.map((w) => w.perCall)), calls: callsOf.get(c.key)!, clean: clean.length, dropped: mine.length - clean.length };
  }
  return out;
}
