import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import type { ValidatorRule } from '../metadata/class-validator';
import type { ConstraintOptions, RangeRecord } from '../metadata/options';
import type { MutableNode, TypeNode } from '../types/node';
import { linearRefusal, LinearRegExp } from '../linear-pattern';

/**
 * Applies a slot's annotations to its type's node. Our own decorators win over class-validator's
 * (`@Range` over `@Min`/`@Max`, `@Param({ minLength })` over `@MinLength`), whatever the order in
 * which they were written. Rules with `{ each: true }` annotate `items`.
 */
export interface Annotations {
  readonly options?: ConstraintOptions;
  readonly range?: RangeRecord;
  readonly rules: readonly ValidatorRule[];
  /** Collects what the schema could not carry. */
  readonly warnings: string[];
}

type Keyword = 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'pattern' | 'format' | 'uniqueItems';

/** class-validator rules that become keywords: one row per rule name. */
const RULES: Readonly<Record<string, (c: readonly unknown[]) => Partial<Record<Keyword, unknown>>>> = {
  min: (c) => ({ minimum: c[0] }),
  max: (c) => ({ maximum: c[0] }),
  minLength: (c) => ({ minLength: c[0] }),
  maxLength: (c) => ({ maxLength: c[0] }),
  isLength: (c) => ({ minLength: c[0], maxLength: c[1] }),
  arrayMinSize: (c) => ({ minItems: c[0] }),
  arrayMaxSize: (c) => ({ maxItems: c[0] }),
  arrayNotEmpty: () => ({ minItems: 1 }),
  arrayUnique: () => ({ uniqueItems: true }),
  isEmail: () => ({ format: 'email' }),
  isUrl: () => ({ format: 'uri' }),
  matches: (c) => ({ pattern: patternOf(c) }),
};

/** A `@Matches` rule's pattern (class-validator keeps a RegExp, or a source and its flags). */
function patternOf(c: readonly unknown[]): RegExp {
  return c[0] instanceof RegExp ? c[0] : new RegExp(String(c[0]), typeof c[1] === 'string' ? c[1] : '');
}

/** The keywords each node kind can carry. */
const CARRIES: Readonly<Record<Keyword, (n: TypeNode) => boolean>> = {
  minimum: (n) => n.kind === 'number' || n.kind === 'integer' || n.kind === 'bigint',
  maximum: (n) => n.kind === 'number' || n.kind === 'integer' || n.kind === 'bigint',
  minLength: (n) => n.kind === 'string',
  maxLength: (n) => n.kind === 'string',
  pattern: (n) => n.kind === 'string',
  format: (n) => n.kind === 'string' && n.format === undefined,
  minItems: (n) => n.kind === 'array',
  maxItems: (n) => n.kind === 'array',
  uniqueItems: (n) => n.kind === 'array',
};

export function annotate(base: TypeNode, a: Annotations): TypeNode {
  let n: MutableNode = { ...base };
  for (const r of a.rules) if (r.name === 'matches') linearMatches(r.constraints as unknown[], patternOf(r.constraints));
  const fromRules = collect(a.rules.filter((r) => !r.each && !r.grouped), a.warnings);
  const forItems = collect(a.rules.filter((r) => r.each && !r.grouped), a.warnings);
  apply(n, fromRules, false);
  const o = a.options ?? {};
  const ours: Partial<Record<Keyword, unknown>> = {};
  if (a.range !== undefined) {
    ours.minimum = a.range.min;
    ours.maximum = a.range.max;
  }
  if (o.minLength !== undefined) ours.minLength = o.minLength;
  if (o.maxLength !== undefined) ours.maxLength = o.maxLength;
  if (o.minItems !== undefined) ours.minItems = o.minItems;
  if (o.maxItems !== undefined) ours.maxItems = o.maxItems;
  if (o.format !== undefined) ours.format = o.format;
  if (o.pattern !== undefined) ours.pattern = ownPattern(o.pattern);
  apply(n, ours, true);
  if (n.items !== undefined && Object.keys(forItems).length > 0) {
    const items: MutableNode = { ...n.items };
    apply(items, forItems, false);
    n = { ...n, items };
  }
  if (o.description !== undefined && n.description === undefined) n.description = o.description;
  return n;
}

function collect(rules: readonly ValidatorRule[], warnings: string[]): Partial<Record<Keyword, unknown>> {
  const out: Partial<Record<Keyword, unknown>> = {};
  for (const r of rules) {
    const row = RULES[r.name];
    if (row === undefined) continue;
    for (const [k, v] of Object.entries(row(r.constraints)) as [Keyword, unknown][]) {
      if (k === 'pattern') {
        const written = writablePattern(v as RegExp);
        if (written === undefined) warnings.push(`pattern ${RegExp.prototype.toString.call(v)} is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.`);
        else out.pattern = written;
      } else if (v !== undefined) {
        out[k] = v;
      }
    }
  }
  return out;
}

function apply(n: MutableNode, keywords: Partial<Record<Keyword, unknown>>, strict: boolean): void {
  for (const [k, v] of Object.entries(keywords) as [Keyword, unknown][]) {
    if (!CARRIES[k](n)) {
      if (strict) throw refuse(D.notApplicable(k === 'minimum' || k === 'maximum' ? '@Range' : k, n.kind));
      continue;
    }
    switch (k) {
      case 'minimum':
      case 'maximum':
        (n as Record<string, unknown>)[k] = numericBound(n, v, k);
        break;
      case 'minLength':
      case 'minItems': {
        const count = nonNegativeInteger(v, k);
        (n as Record<string, unknown>)[k] = count === 0 ? undefined : count;
        break;
      }
      case 'maxLength':
      case 'maxItems':
        (n as Record<string, unknown>)[k] = nonNegativeInteger(v, k);
        break;
      default:
        (n as Record<string, unknown>)[k] = v;
    }
  }
  for (const [lo, hi] of [['minimum', 'maximum'], ['minLength', 'maxLength'], ['minItems', 'maxItems']] as const) {
    const a = n[lo];
    const b = n[hi];
    if (a !== undefined && b !== undefined && a > b) {
      throw refuse(D.inverted(lo, String(a), hi, String(b)));
    }
  }
  for (const k of Object.keys(n) as (keyof MutableNode)[]) if (n[k] === undefined) delete n[k];
}

function numericBound(n: TypeNode, v: unknown, k: string): number | bigint {
  if (n.kind === 'bigint') {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  } else if (typeof v === 'number' && Number.isFinite(v)) {
    return v;
  } else if (typeof v === 'bigint' && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) {
    return Number(v);
  }
  throw refuse(D.notFinite(k, String(v), n.kind === 'bigint'));
}

function nonNegativeInteger(v: unknown, k: string): number {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  throw refuse(D.notNonNegative(k, String(v)));
}

/** A pattern is written only when it has no flags and compiles in Unicode mode. */
function writablePattern(re: RegExp): string | undefined {
  return re.flags === '' && compilesInUnicode(re.source) ? re.source : undefined;
}

function compilesInUnicode(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

function ownPattern(p: string | RegExp): string {
  const source = typeof p === 'string' ? p : p.flags === '' ? p.source : undefined;
  if (source === undefined || !compilesInUnicode(source)) throw refuse(D.pattern(String(p)));
  refuseNonLinear(String(p), source, '');
  return source;
}

/** A pattern that RE2 cannot run (it could not be matched in linear time) is refused. */
function refuseNonLinear(shown: string, source: string, flags: string): void {
  const why = linearRefusal(source, flags);
  if (why !== undefined) throw refuse(D.nonLinearPattern(shown, why));
}

/**
 * class-validator's own `@Matches` check runs RE2 too: its pattern in the metadata (the constraint
 * class-validator passes to validator.js's `matches`) is replaced by a `LinearRegExp` of the same
 * source and flags, so that the check after the invoker's cannot be the one that stalls.
 */
function linearMatches(constraints: unknown[], re: RegExp): void {
  if (re instanceof LinearRegExp) return;
  refuseNonLinear(String(re), re.source, re.flags);
  constraints[0] = new LinearRegExp(re.source, re.flags, typeof constraints[0] === 'string' ? constraints[0] : undefined);
}
