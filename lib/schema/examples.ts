import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import { setOwn } from '../json';

/**
 * Examples (v3): `@Tool({ examples })` (argument objects) and `@Param`/`@Prop({ examples })` (slot
 * values) are written as `examples`, so each must be a JSON value. A `bigint` is written as the JSON
 * number it is (the tool's JSON form of a bigint argument is a JSON integer), which holds it exactly
 * only within ±2^53; beyond that it is refused (a schema is a plain object that `JSON.stringify`
 * writes, and no double holds it). Anything else that is not JSON (a `Date`, a `Map`, a class
 * instance, `undefined`, a non-finite number) is refused: write the JSON form the model would send.
 * Whether each example is accepted by the tool is checked by the invoker (`invoke/tools/examples.ts`).
 */

const MAX_DEPTH = 64;

/** The examples as JSON values (fresh, frozen copies), in order; OLT015 for any that is not JSON. */
export function jsonExamples(given: unknown, tool: boolean): readonly unknown[] {
  if (!Array.isArray(given)) throw refuse(D.examplesShape(tool));
  return Object.freeze(
    given.map((example, i) => {
      if (tool && !isPlainObject(example)) throw refuse(D.examplesShape(true));
      const found = toJson(example, '', 0);
      if ('why' in found) throw refuse(D.exampleNotJson(i, found.why));
      return found.value;
    }),
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const at = (path: string) => (path === '' ? '' : ` at ${path}`);

function toJson(v: unknown, path: string, depth: number): { value: unknown } | { why: string } {
  if (depth > MAX_DEPTH) return { why: `it nests deeper than ${MAX_DEPTH} levels${at(path)}` };
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return { value: v };
    case 'number':
      return Number.isFinite(v) ? { value: v } : { why: `${v} is not a JSON number${at(path)}` };
    case 'bigint':
      return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
        ? { value: Number(v) }
        : { why: `the bigint ${v}${at(path)} is beyond ±2^53` };
    case 'object':
      break;
    default:
      return { why: `${typeof v === 'undefined' ? 'undefined' : `a ${typeof v}`}${at(path)}` };
  }
  if (v === null) return { value: null };
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const item = toJson(v[i], `${path}[${i}]`, depth + 1);
      if ('why' in item) return item;
      out.push(item.value);
    }
    return { value: Object.freeze(out) };
  }
  if (!isPlainObject(v)) return { why: `a ${(v as object).constructor?.name ?? 'non-plain object'}${at(path)} (write its JSON form)` };
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const item = toJson(x, path === '' ? k : `${path}.${k}`, depth + 1);
    if ('why' in item) return item;
    setOwn(out, k, item.value);
  }
  return { value: Object.freeze(out) };
}
