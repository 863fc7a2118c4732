/**
 * Argument objects for a published tool's input schema, made from that schema alone: a valid object
 * (every required property at a value its own schema accepts), the same with every optional property,
 * then each property in turn set to each candidate value (valid ones and mutations: wrong types,
 * empty and over-long strings, bounds and their neighbours, fractions, unknown enum values, `null`,
 * empty and invalid arrays, objects missing a required property), and each required property left
 * out. Only declared properties are written: unknown keys are a named departure (the library's
 * objects are closed at every depth).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type Schema = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** Whether the schema on its own accepts the value (the published schema, read by ajv 2020). */
export function accepts(schema: Schema, value: unknown): boolean {
  let v = compiled.get(schema);
  // The SDK publishes draft-07 (`$schema`); these schemas use no keyword whose meaning differs in 2020-12.
  if (v === undefined)
    compiled.set(schema, (v = ajv.compile(schema.$schema === 'http://json-schema.org/draft-07/schema#' ? { ...schema, $schema: undefined } : schema)));
  return v(value) === true;
}

const props = (s: Schema): Record<string, Schema> => (s.properties ?? {}) as Record<string, Schema>;
const required = (s: Schema): string[] => (s.required ?? []) as string[];

/** The types a schema names (`type`, a list of types, or the members of anyOf/oneOf). */
function members(s: Schema): Schema[] {
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union !== undefined) return union;
  if (Array.isArray(s.type)) return (s.type as string[]).map((type) => ({ ...s, type }));
  return [s];
}

/** Candidate values for one schema: some it accepts, most it may not. */
export function candidates(s: Schema, depth = 0): unknown[] {
  const out: unknown[] = [null, 'x', 7, true];
  for (const m of members(s)) {
    if (m.enum !== undefined) out.push(...(m.enum as unknown[]), 'not-one-of-them');
    switch (m.type) {
      case 'string': {
        out.push('', 'a', 'owner/repo');
        const min = m.minLength as number | undefined;
        const max = m.maxLength as number | undefined;
        if (min !== undefined) out.push('s'.repeat(min), 's'.repeat(Math.max(0, min - 1)));
        if (max !== undefined) out.push('s'.repeat(max), 's'.repeat(max + 1));
        out.push(42);
        break;
      }
      case 'integer':
      case 'number': {
        out.push(0, 1, -1, 1.5, 100, 101, 1e6, '1');
        // An integer beyond 2^53: JSON Schema's `integer` has no bound; the library's integers do.
        if (m.type === 'integer') out.push(9007199254740994);
        for (const k of ['minimum', 'maximum']) {
          const b = m[k] as number | undefined;
          if (b !== undefined) out.push(b, b - 1, b + 1, b + 0.5);
        }
        break;
      }
      case 'boolean':
        out.push(false, 'true', 0);
        break;
      case 'array': {
        const items = (m.items ?? {}) as Schema;
        const inner = depth < 2 ? candidates(items, depth + 1) : ['x', 1];
        out.push([], 'x', { 0: 'x' });
        const good = inner.find((v) => accepts(items, v));
        const bad = inner.find((v) => !accepts(items, v));
        if (good !== undefined) out.push([good], [good, good]);
        if (bad !== undefined) out.push([bad], good !== undefined ? [good, bad] : [bad, bad]);
        break;
      }
      case 'object': {
        out.push({}, [], 'x');
        if (depth < 2 && m.properties !== undefined) {
          const base = validObject(m, depth + 1);
          if (base !== undefined) {
            out.push(base, fullObject(m, base, depth + 1));
            for (const key of required(m)) {
              const { [key]: _gone, ...rest } = base;
              out.push(rest);
            }
            for (const [key, p] of Object.entries(props(m))) {
              for (const v of candidates(p, depth + 1).slice(0, 12)) out.push({ ...base, [key]: v });
            }
          }
        } else if (m.properties === undefined) {
          out.push({ a: 1 }, { a: { b: [1, 'x'] } });
        }
        break;
      }
      default:
        if (m.type === undefined && m.enum === undefined) out.push({ any: [1] }, [1, 'x'], -2.5);
    }
  }
  return dedupe(out);
}

/** Every required property at the first candidate its schema accepts; undefined when none is found. */
export function validObject(s: Schema, depth = 0): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const key of required(s)) {
    const p = props(s)[key] ?? {};
    const v = candidates(p, depth).find((c) => c !== null && accepts(p, c)) ?? candidates(p, depth).find((c) => accepts(p, c));
    if (v === undefined) return undefined;
    out[key] = v;
  }
  return out;
}

/** The valid object plus every optional property at a value its schema accepts. */
export function fullObject(s: Schema, base: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out = { ...base };
  for (const [key, p] of Object.entries(props(s))) {
    if (key in out) continue;
    const v = candidates(p, depth).find((c) => c !== null && accepts(p, c));
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** The argument objects for a tool's input schema. */
export function argumentSamples(s: Schema): Record<string, unknown>[] {
  const base = validObject(s);
  if (base === undefined) throw new Error('no valid arguments found for the schema');
  const out: Record<string, unknown>[] = [base, fullObject(s, base)];
  for (const key of required(s)) {
    const { [key]: _gone, ...rest } = base;
    out.push(rest);
  }
  for (const [key, p] of Object.entries(props(s))) for (const v of candidates(p)) out.push({ ...base, [key]: v });
  return dedupe(out) as Record<string, unknown>[];
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
