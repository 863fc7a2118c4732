/**
 * Growth ratios instead of wall-clock bounds: "no super-linear blow-up" checked without a figure of
 * milliseconds that a loaded machine or a garbage collection can cross.
 *
 * `growthOverLinear(work, input, n)` times `work(input(n))` and `work(input(10n))`, and beside them a
 * linear reference (one pass over a string of the same length), in the same round; the figure is
 * how much more the work's cost grows from n to 10n than the reference's:
 *
 *   (work(10n) / work(n)) / (reference(10n) / reference(n))
 *
 * About 1 for linear work (less when a fixed cost dominates at n), about 10 for quadratic work and
 * far more for exponential work. Each side is the least of 3 measurements, each repeated until it
 * takes 2 ms; the figure is the median over 5 rounds. A spec asserts it below 3.
 */

/** Below it: linear (a quadratic blow-up gives about 10). */
export const LINEAR = 3;

type Work<I> = (input: I) => unknown;

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/** Nanoseconds per run of `f`, run again and again until at least `minNs` have passed. */
async function perRun(f: () => unknown, minNs: number): Promise<number> {
  let runs = 0;
  const start = process.hrtime.bigint();
  let elapsed: number;
  do {
    const v = f();
    if (isThenable(v)) await v;
    runs++;
    elapsed = Number(process.hrtime.bigint() - start);
  } while (elapsed < minNs);
  return elapsed / runs;
}

async function least(f: () => unknown): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) best = Math.min(best, await perRun(f, 2e6));
  return best;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The linear reference: one pass over the characters of a string of length n. */
function reference(s: string): () => number {
  return () => {
    let h = 0;
    for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
    return h;
  };
}

/**
 * How the cost of `work` grows from `input(n)` to `input(10 * n)`, over how a linear pass over n
 * and 10n characters grows (see above). `input` is built outside the timing.
 */
export async function growthOverLinear<I>(work: Work<I>, input: (n: number) => I, n: number, rounds = 5): Promise<number> {
  const small = input(n);
  const large = input(10 * n);
  const refSmall = reference('x'.repeat(n));
  const refLarge = reference('x'.repeat(10 * n));
  // Warm up: compile, fill caches (the first runs are not the work's cost).
  for (let i = 0; i < 3; i++) {
    for (const f of [() => work(small), () => work(large), refSmall, refLarge]) {
      const v = f();
      if (isThenable(v)) await v;
    }
  }
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const ws = await least(() => work(small));
    const wl = await least(() => work(large));
    const rs = await least(refSmall);
    const rl = await least(refLarge);
    ratios.push(wl / ws / (rl / rs));
  }
  return median(ratios);
}
