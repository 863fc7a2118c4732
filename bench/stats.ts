/** A figure over rounds: the median with the smallest and largest round beside it. */
export interface Stat {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** Every round's value, in round order. */
  readonly rounds: readonly number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function stat(values: readonly number[]): Stat {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: [...values] };
}

/** Round by round `a / b` (both measured in the same round), as a figure. */
export function ratio(a: Stat, b: Stat): Stat {
  return stat(a.rounds.map((v, i) => v / b.rounds[i]!));
}

/** `1.23 µs`, `456 ns`, `7.8 ms`. */
export function duration(ns: number): string {
  if (!Number.isFinite(ns)) return String(ns);
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(ns >= 1e7 ? 1 : 2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(ns >= 1e4 ? 1 : 2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

export function bytes(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(2)} MiB`;
  if (Math.abs(n) >= 1024) return `${(n / 1024).toFixed(2)} KiB`;
  return `${n.toFixed(0)} B`;
}

/** `median (min–max)` in the given unit. */
export function show(s: Stat, unit: (n: number) => string): string {
  return `${unit(s.median)} (${unit(s.min)} – ${unit(s.max)})`;
}

export const times = (n: number): string => `${n.toFixed(2)}×`;
