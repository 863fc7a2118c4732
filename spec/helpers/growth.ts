/**
 * Growth ratios instead of wall-clock bounds: "no super-linear blow-up" checked by what cannot vary
 * with the machine, without a figure of milliseconds that a loaded machine or a garbage collection
 * can cross.
 *
 * `growthOverLinear(work, input, size)` measures `work(input(size / 100))` and `work(input(size))`,
 * and beside them a linear reference made from the same two inputs, in the same round; the figure
 * is how much more the work's cost grows over the hundredfold than the reference's:
 *
 *   (work(size) / work(size / 100)) / (reference(size) / reference(size / 100))
 *
 * About 1 for linear work (less when a fixed cost dominates the small input), about 100 for
 * quadratic work, far more for exponential work. The bound, `LINEAR`, is 10: the geometric middle,
 * a factor of 10 from each. (A span of 10 with a bound of 3 leaves a linear check too little room:
 * on 2 shared, loaded cores one measured 3.99 there, where a quadratic one gives about 10.) The
 * smaller the small input, the more a fixed cost (of the work or of the reference) weighs in it:
 * on these machines inputs of 60 characters measured up to 3.3, of thousands up to 2.7.
 *
 * Three more things keep the figure the work's own:
 * - the reference does, in linear time, what any checked path does with its input: it parses the
 *   input's JSON text (allocating its strings, as the path's own parsing and copying does) and makes
 *   one pass over that text, so costs that grow with size for the machine's reasons (caches, the
 *   collection of half-mebibyte strings) grow on both sides;
 * - costs are CPU time of the process (`process.cpuUsage`), not elapsed time: on a shared machine the
 *   process waits for a core longer than it runs, and a wait is not the work's cost;
 * - each side is the least of 3 measurements, each repeated until it has spent 5 ms; the figure is
 *   the median over 5 rounds.
 */

/** Below it: linear (a quadratic blow-up gives about 100, a linear path about 1). */
export const LINEAR = 10;

/** The ratio of the large input's size to the small one's. */
export const SPAN = 100;

type Work<I> = (input: I) => unknown;

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/**
 * The process's CPU time, in nanoseconds. CPU time, not elapsed time: on a shared machine the
 * process waits for a core for longer than it runs, and a wait is not the work's cost.
 */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

/** CPU nanoseconds per run of `f`, run again and again until at least `minNs` have been spent. */
async function perRun(f: () => unknown, minNs: number): Promise<number> {
  let runs = 0;
  const start = cpuNow();
  let spent: number;
  do {
    const v = f();
    if (isThenable(v)) await v;
    runs++;
    spent = cpuNow() - start;
  } while (spent < minNs);
  return spent / runs;
}

async function least(f: () => unknown): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) best = Math.min(best, await perRun(f, 5e6));
  return best;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The linear reference for an input (a string, or an object of JSON values): parse its JSON text,
 * then one pass over the text's characters.
 */
export function reference(input: unknown): () => number {
  const text = JSON.stringify(input);
  return () => {
    const parsed: unknown = JSON.parse(text);
    let h = typeof parsed === 'string' ? parsed.length : 0;
    for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
    return h;
  };
}

/**
 * How the cost of `work` grows from `input(size / SPAN)` to `input(size)`, over how the linear
 * reference of those two inputs grows (see above). `input` is built outside the measurement.
 */
export async function growthOverLinear<I>(work: Work<I>, input: (n: number) => I, size: number, rounds = 5): Promise<number> {
  const small = input(Math.round(size / SPAN));
  const large = input(size);
  const refSmall = reference(small);
  const refLarge = reference(large);
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
