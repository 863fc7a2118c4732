/**
 * Arguments for the differential suite: values generated from a tool's own JSON Schema (a small,
 * seeded generator: same seed, same values), and mutations of them that a model plausibly sends
 * (a required key dropped, a wrong type, null, a value out of bounds, an unknown key, extra nesting).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: unknown };

/** mulberry32: a tiny seeded PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Mutation {
  /** What was changed: `valid`, `drop-required`, `wrong-type`, `null`, `out-of-bounds`, `unknown-key`, `extra-nesting`. */
  readonly kind: string;
  /** The property path inside the DTO argument (`a.b[0]`), empty for the whole object. */
  readonly at: string;
  readonly value: Json;
}

export class Generator {
  private readonly next: () => number;

  constructor(
    private readonly root: Schema,
    seed: number,
  ) {
    this.next = random(seed);
  }

  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }

  /** Follows a `$ref` into the root's `$defs`. */
  resolve(s: Schema): Schema {
    const ref = s['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      const defs = this.root['$defs'] as Record<string, Schema> | undefined;
      const target = defs?.[decodeURIComponent(ref.slice('#/$defs/'.length))];
      if (target !== undefined) return this.resolve(target);
    }
    return s;
  }

  types(s: Schema): string[] {
    const t = this.resolve(s)['type'];
    return t === undefined ? [] : Array.isArray(t) ? (t as string[]) : [t as string];
  }

  /** A value the schema accepts (as far as its keywords say). */
  value(schema: Schema, depth = 0): Json {
    const s = this.resolve(schema);
    const anyOf = s['anyOf'] as Schema[] | undefined;
    if (anyOf !== undefined) return this.value(this.pick(anyOf), depth);
    const en = s['enum'] as Json[] | undefined;
    if (en !== undefined) {
      const nonNull = en.filter((v) => v !== null);
      return nonNull.length > 0 ? this.pick(nonNull) : null;
    }
    const types = this.types(s).filter((t) => t !== 'null');
    const type = types.length > 0 ? this.pick(types) : this.types(s).includes('null') ? 'null' : 'any';
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.next() < 0.5;
      case 'integer':
      case 'number':
        return this.number(s, type === 'integer');
      case 'string':
        return this.string(s);
      case 'array':
        return this.array(s, depth);
      case 'object':
        return this.object(s, depth);
      default:
        return this.pick<Json>(['text', 3, true, { a: 1 }]);
    }
  }

  private number(s: Schema, integer: boolean): number {
    const min =
      typeof s['minimum'] === 'number'
        ? (s['minimum'] as number)
        : typeof s['exclusiveMinimum'] === 'number'
          ? (s['exclusiveMinimum'] as number) + (integer ? 1 : 0.5)
          : -1000;
    const max =
      typeof s['maximum'] === 'number'
        ? (s['maximum'] as number)
        : typeof s['exclusiveMaximum'] === 'number'
          ? (s['exclusiveMaximum'] as number) - (integer ? 1 : 0.5)
          : 1000;
    const lo = Math.max(min, -1e6);
    const hi = Math.min(max, 1e6);
    const multipleOf = s['multipleOf'] as number | undefined;
    if (multipleOf !== undefined) {
      const k = this.int(Math.ceil(lo / multipleOf), Math.floor(hi / multipleOf));
      return k * multipleOf;
    }
    if (integer) return this.int(Math.ceil(lo), Math.floor(hi));
    const v = lo + this.next() * (hi - lo);
    return this.next() < 0.5 ? Math.round(v) : Math.round(v * 100) / 100;
  }

  private string(s: Schema): string {
    const format = s['format'] as string | undefined;
    const pattern = s['pattern'] as string | undefined;
    const description = typeof s['description'] === 'string' ? (s['description'] as string) : '';
    const hinted = DESCRIPTION_HINTS.filter(([re]) => re.test(description)).flatMap(([, values]) => values);
    const candidates = hinted.length > 0 ? hinted.filter((c) => this.fits(s, c)) : this.formatted(format);
    if (pattern !== undefined) {
      const re = new RegExp(pattern, 'u');
      const found = [...candidates, ...literalAlternatives(pattern), ...PATTERN_CANDIDATES].filter((c) => re.test(c) && this.fits(s, c));
      if (found.length > 0) return this.pick(found);
    }
    if (candidates.length > 0) return this.pick(candidates);
    const minLength = (s['minLength'] as number | undefined) ?? 0;
    const maxLength = (s['maxLength'] as number | undefined) ?? Math.max(minLength, 12);
    const length = this.int(Math.max(minLength, 1), Math.max(Math.min(maxLength, minLength + 12), Math.max(minLength, 1)));
    const alphabet = 'abcdefghijklmnopqrstuvwxyz';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(0, alphabet.length - 1)];
    return out.slice(0, Math.max(maxLength, 0));
  }

  private fits(s: Schema, c: string): boolean {
    const n = [...c].length;
    return n >= ((s['minLength'] as number | undefined) ?? 0) && n <= ((s['maxLength'] as number | undefined) ?? Infinity);
  }

  private formatted(format: string | undefined): string[] {
    switch (format) {
      case 'date-time':
        return ['2024-05-06T07:08:09Z', '2021-12-31T23:59:59.123Z', '2019-01-02T03:04:05+02:00'];
      case 'date':
        return ['2024-05-06', '2020-02-29'];
      case 'time':
        return ['10:00:00', '23:59:59Z'];
      case 'uuid':
        return ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'];
      case 'email':
        return ['ada@example.com', 'grace.hopper@example.org'];
      case 'uri':
        return ['https://example.com/a.png', 'http://example.org/path?q=1'];
      case 'hostname':
        return ['example.com'];
      case 'ipv4':
        return ['192.0.2.1'];
      case 'ipv6':
        return ['2001:db8::1'];
      default:
        return [];
    }
  }

  private array(s: Schema, depth: number): Json[] {
    const items = (s['items'] as Schema | undefined) ?? {};
    const min = (s['minItems'] as number | undefined) ?? 0;
    const max = Math.min((s['maxItems'] as number | undefined) ?? 3, min + 3, depth > 3 ? min : Infinity);
    const n = this.int(min, Math.max(min, max));
    const out: Json[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < n * 3 && out.length < n; i++) {
      const v = this.value(items, depth + 1);
      const key = JSON.stringify(v);
      if (s['uniqueItems'] === true && seen.has(key)) continue;
      seen.add(key);
      out.push(v);
    }
    return out;
  }

  private object(s: Schema, depth: number): { [key: string]: Json } {
    const props = s['properties'] as Record<string, Schema> | undefined;
    const out: { [key: string]: Json } = {};
    if (props === undefined) {
      const extra = s['additionalProperties'];
      if (typeof extra === 'object' && extra !== null && depth < 4) {
        for (let i = 0; i < this.int(0, 2); i++) out[`k${i}`] = this.value(extra as Schema, depth + 1);
      }
      return out;
    }
    const required = new Set((s['required'] as string[] | undefined) ?? []);
    for (const [k, p] of Object.entries(props)) {
      if (required.has(k) || (depth < 4 && this.next() < 0.6)) out[k] = this.value(p, depth + 1);
    }
    return out;
  }

  /** A value of another JSON type than every type the schema allows. */
  wrongType(schema: Schema): Json | undefined {
    const types = new Set(this.types(schema));
    const s = this.resolve(schema);
    if (s['anyOf'] !== undefined) for (const m of s['anyOf'] as Schema[]) for (const t of this.types(m)) types.add(t);
    if (types.size === 0) return undefined;
    if (types.has('integer')) types.add('number');
    const options: [string, Json][] = [
      ['string', 'text'],
      ['number', 12.5],
      ['boolean', true],
      ['object', { value: 1 }],
      ['array', ['x']],
    ];
    const left = options.filter(([t]) => !types.has(t) && !(t === 'number' && types.has('integer')));
    return left.length === 0 ? undefined : this.pick(left)[1];
  }

  /** Values just outside the schema's bounds. */
  outOfBounds(schema: Schema): Json[] {
    const s = this.resolve(schema);
    const out: Json[] = [];
    const isInt = this.types(s).includes('integer');
    if (typeof s['minimum'] === 'number') out.push((s['minimum'] as number) - (isInt ? 1 : 0.5));
    if (typeof s['maximum'] === 'number') out.push((s['maximum'] as number) + (isInt ? 1 : 0.5));
    if (typeof s['exclusiveMinimum'] === 'number') out.push(s['exclusiveMinimum'] as number);
    if (typeof s['exclusiveMaximum'] === 'number') out.push(s['exclusiveMaximum'] as number);
    if (isInt && s['minimum'] === undefined) out.push(2.5);
    if (typeof s['minLength'] === 'number' && (s['minLength'] as number) > 0) out.push('x'.repeat((s['minLength'] as number) - 1));
    if (typeof s['maxLength'] === 'number') out.push('y'.repeat((s['maxLength'] as number) + 1));
    if (typeof s['minItems'] === 'number' && (s['minItems'] as number) > 0) out.push([]);
    if (s['enum'] !== undefined) out.push(typeof (s['enum'] as Json[])[0] === 'number' ? 987654 : 'NOT_A_MEMBER');
    if (s['format'] !== undefined || s['pattern'] !== undefined) out.push('not a valid value');
    if (this.types(s).includes('string') && s['minLength'] === undefined) out.push('');
    return out;
  }
}

/**
 * Values for rules that only a phrase says (the description): so that the generated "valid"
 * arguments pass them, and the mutations test the other rules.
 */
const DESCRIPTION_HINTS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/ISO ?8601|date string|RFC 3339/i, ['2024-05-06T07:08:09Z', '2021-12-31']],
  [/MongoDB ObjectId|mongodb id/i, ['507f191e810c19729de860ea']],
  [/ISO ?4217|currency code/i, ['USD', 'EUR', 'CHF']],
  [/ISO 3166-1 alpha-2|Alpha2/i, ['DE', 'US']],
  [/JWT/i, ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U']],
  [/locale/i, ['en-US', 'de']],
  [/image URL/i, ['https://example.com/logo.png']],
  [/after 1970/i, ['2024-05-06T07:08:09Z']],
  [/upper ?case|capital/i, ['Passw0rdX1']],
];

/** Strings tried against a pattern when the generator has nothing better. */
const PATTERN_CANDIDATES = [
  '',
  'abc',
  'ABC',
  'abc123',
  'Abcdef1!',
  'Passw0rdX1',
  'Passw0rd!x',
  'hello-world',
  'a_b',
  '12345',
  '+4917612345678',
  'https://x.com/i/communities/1493446837214187523',
  'https://example.com',
  'r/typescript',
  '#aabbcc',
  'USD',
];

/** The plain words of a pattern's alternation (`^(1d|max|\\d{4})$` → `1d`, `max`). */
function literalAlternatives(pattern: string): string[] {
  const group = /\(([^()]*)\)/.exec(pattern);
  const body = group?.[1] ?? pattern.replace(/^\^/, '').replace(/\$$/, '');
  return body.split('|').filter((w) => w !== '' && !/[\\.*+?^$()[\]{}]/.test(w));
}

/** `a`, `a.b`, `a[0]` from path segments. */
export function joinPath(segments: readonly (string | number)[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/**
 * The arguments tried on one DTO parameter: `valid` values from its schema, then mutations of the
 * first of them at every property (and one level into nested objects).
 */
export function argumentsFor(root: Schema, dtoSchema: Schema, seed: number, validCount = 4): Mutation[] {
  const g = new Generator(root, seed);
  const out: Mutation[] = [];
  const valids: Json[] = [];
  for (let i = 0; i < validCount; i++) {
    const v = g.value(dtoSchema);
    valids.push(v);
    out.push({ kind: 'valid', at: '', value: v });
  }
  const base = valids[0];
  if (base === null || typeof base !== 'object' || Array.isArray(base)) return out;
  out.push({ kind: 'unknown-key', at: 'unexpected', value: { ...base, unexpected: 'x' } });
  out.push({ kind: 'wrong-type', at: '', value: [] });
  mutateObject(g, g.resolve(dtoSchema), base, [], out, 0);
  return out;
}

function mutateObject(g: Generator, s: Schema, base: { [key: string]: Json }, at: (string | number)[], out: Mutation[], depth: number): void {
  const props = (s['properties'] as Record<string, Schema> | undefined) ?? {};
  const required = new Set((s['required'] as string[] | undefined) ?? []);
  const set = (key: string, v: Json | undefined): Json => {
    const copy: { [key: string]: Json } = { ...base };
    if (v === undefined) delete copy[key];
    else copy[key] = v;
    return copy;
  };
  for (const [key, p] of Object.entries(props)) {
    const path = joinPath([...at, key]);
    const wrap = (inner: Json): Mutation['value'] => inner;
    if (required.has(key)) out.push({ kind: 'drop-required', at: path, value: wrap(set(key, undefined)) });
    out.push({ kind: 'null', at: path, value: wrap(set(key, null)) });
    const wrong = g.wrongType(p);
    if (wrong !== undefined) out.push({ kind: 'wrong-type', at: path, value: wrap(set(key, wrong)) });
    for (const v of g.outOfBounds(p)) out.push({ kind: 'out-of-bounds', at: path, value: wrap(set(key, v)) });
    const r = g.resolve(p);
    const types = g.types(r);
    if (types.includes('object') && r['properties'] !== undefined && depth < 2) {
      const inner = g.value(r, depth + 1);
      if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
        out.push({ kind: 'extra-nesting', at: `${path}.unexpected`, value: wrap(set(key, { ...inner, unexpected: 1 })) });
        const nested: Mutation[] = [];
        mutateObject(g, r, inner, [...at, key], nested, depth + 1);
        for (const m of nested) out.push({ ...m, value: wrap(set(key, m.value)) });
      }
    } else if (types.includes('array')) {
      const items = g.resolve((r['items'] as Schema | undefined) ?? {});
      if (g.types(items).includes('object') && items['properties'] !== undefined && depth < 2) {
        const inner = g.value(items, depth + 1);
        if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
          out.push({ kind: 'extra-nesting', at: `${path}[0].unexpected`, value: wrap(set(key, [{ ...inner, unexpected: 1 }])) });
          const nested: Mutation[] = [];
          mutateObject(g, items, inner, [...at, key, 0], nested, depth + 1);
          for (const m of nested) out.push({ ...m, value: wrap(set(key, [m.value])) });
        }
      } else {
        const item = g.value(items, depth + 1);
        out.push({ kind: 'extra-nesting', at: `${path}[0]`, value: wrap(set(key, [[item]])) });
        const bad = g.wrongType(items);
        if (bad !== undefined) out.push({ kind: 'wrong-type', at: `${path}[0]`, value: wrap(set(key, [bad])) });
      }
    } else if (types.length > 0) {
      out.push({ kind: 'extra-nesting', at: path, value: wrap(set(key, { value: g.value(r, depth + 1) })) });
    }
  }
}
