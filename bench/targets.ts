import type { Stat } from './stats';

/** The targets (issue 7's, and issue 15's refusal), checked on the median of the round-by-round figures. */
export interface Target {
  readonly key: string;
  readonly label: string;
  readonly op: '<=' | '>=' | '<';
  readonly limit: number;
  readonly unit: 'x' | 'ms';
}

export const TARGETS: readonly Target[] = [
  { key: 'oursOverFloor', label: 'ours / floor (realistic call, parsed object)', op: '<=', limit: 1.5, unit: 'x' },
  { key: 'zodOverOurs', label: 'zod 4 / ours', op: '>=', limit: 1.5, unit: 'x' },
  { key: 'ctcvOverOurs', label: 'class-transformer + class-validator / ours', op: '>=', limit: 10, unit: 'x' },
  { key: 'oursTextOverFloorText', label: 'ours from text / (JSON.parse + floor)', op: '<=', limit: 1.3, unit: 'x' },
  { key: 'coldPerTool1000', label: 'building 1,000 tools, cold, per tool', op: '<', limit: 1, unit: 'ms' },
  { key: 'cachedSpeedup1000', label: 'cached rebuild speed-up (1,000 tools)', op: '>=', limit: 50, unit: 'x' },
  // Issue 15 (bench/cases/refusal.ts): a call far beyond maxMembers is refused at about the cost
  // of parsing it (before the fix: about 100×). Was a jest assertion with the same limit.
  { key: 'refuseTextOverParse', label: 'refusing 330,000 keys from text / JSON.parse', op: '<', limit: 4, unit: 'x' },
  { key: 'refuseObjectOverParse', label: 'refusing 330,000 keys, parsed / JSON.parse', op: '<', limit: 4, unit: 'x' },
];

export interface Verdict {
  readonly key: string;
  readonly label: string;
  readonly target: string;
  readonly value: Stat | null;
  /** null when the figure could not be measured (counts as a miss). */
  readonly pass: boolean;
}

export function judge(figures: Readonly<Record<string, Stat | undefined>>): Verdict[] {
  return TARGETS.map((t) => {
    const value = figures[t.key] ?? null;
    const v = value?.median ?? NaN;
    const pass = Number.isFinite(v) && (t.op === '<=' ? v <= t.limit : t.op === '>=' ? v >= t.limit : v < t.limit);
    return { key: t.key, label: t.label, target: `${t.op === '<=' ? '≤' : t.op === '>=' ? '≥' : '<'} ${t.limit}${t.unit === 'x' ? '×' : ' ms'}`, value, pass };
  });
}
