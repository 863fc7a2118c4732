import { Prng } from './prng';
import { median, stat, type Stat } from './stats';

/**
 * The timing loop. tinybench times every call on its own (a clock read around each call, which
 * costs about as much as the floor's whole call) and runs one task after another, so it can
 * neither batch nor interleave; this loop does both:
 *
 * - warm-up: each case runs until it has had `warmupMs` and at least `warmupCalls` calls (so the
 *   JIT has optimised it), and the warm-up's speed sets the batch size (about `batchMs` a batch);
 * - rounds: in every round each case runs (in a seeded order that changes from round to round)
 *   `batchesPerRound` batches of consecutive calls over its pool of inputs, starting where its
 *   last batch ended; the round's figure is the median batch (ns per call);
 * - every figure is the median over the rounds, with min and max beside it; ratios are taken
 *   round by round, between cases measured in the same round.
 *
 * Calls are awaited one after another, as a caller awaits `invoke`.
 */

export interface Timed {
  readonly key: string;
  readonly inputs: readonly unknown[];
  readonly run: (input: unknown) => Promise<unknown>;
}

export interface TimingOptions {
  readonly rounds: number;
  readonly warmupMs: number;
  readonly warmupCalls: number;
  readonly batchMs: number;
  readonly batchesPerRound: number;
  readonly seed: number;
  /** Called after each round (progress). */
  readonly onRound?: (round: number, figures: Readonly<Record<string, number>>) => void;
}

interface State {
  readonly timed: Timed;
  batch: number;
  next: number;
  readonly perRound: number[];
}

const now = (): bigint => process.hrtime.bigint();

async function runBatch(s: State, n: number): Promise<number> {
  const { inputs, run } = s.timed;
  const len = inputs.length;
  let at = s.next;
  const t0 = now();
  for (let i = 0; i < n; i++) {
    await run(inputs[at]);
    at = at + 1 === len ? 0 : at + 1;
  }
  const ns = Number(now() - t0);
  s.next = at;
  return ns / n;
}

async function warmUp(s: State, o: TimingOptions): Promise<void> {
  let calls = 0;
  let spent = 0;
  let chunk = 16;
  while ((spent < o.warmupMs * 1e6 || calls < o.warmupCalls) && spent < Math.max(o.warmupMs * 1e6 * 10, 3e9)) {
    const perCall = await runBatch(s, chunk);
    calls += chunk;
    spent += perCall * chunk;
    chunk = Math.min(chunk * 2, 4096);
  }
  const perCall = spent / calls;
  s.batch = Math.max(1, Math.round((o.batchMs * 1e6) / perCall));
}

/** Times every case over interleaved rounds; returns ns per call by key. */
export async function timeCases(cases: readonly Timed[], o: TimingOptions): Promise<Record<string, Stat>> {
  const states = cases.map((timed): State => ({ timed, batch: 1, next: 0, perRound: [] }));
  for (const s of states) await warmUp(s, o);
  // A second short warm-up pass after all cases ran, so that the first case measured does not
  // run on code that later cases deoptimised (shared helpers such as the results' Object.freeze).
  for (const s of states) await runBatch(s, s.batch);
  const order = new Prng(o.seed ^ 0x5eed);
  for (let r = 0; r < o.rounds; r++) {
    for (const s of order.shuffle(states)) {
      const batches: number[] = [];
      for (let b = 0; b < o.batchesPerRound; b++) batches.push(await runBatch(s, s.batch));
      s.perRound.push(median(batches));
    }
    o.onRound?.(r + 1, Object.fromEntries(states.map((s) => [s.timed.key, s.perRound[r]!])));
  }
  return Object.fromEntries(states.map((s) => [s.timed.key, stat(s.perRound)]));
}

/** Nanoseconds that `fn` takes, once. */
export function timeOnce(fn: () => void): number {
  const t0 = now();
  fn();
  return Number(now() - t0);
}

export async function timeOnceAsync(fn: () => Promise<unknown>): Promise<number> {
  const t0 = now();
  await fn();
  return Number(now() - t0);
}
