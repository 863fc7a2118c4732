import type { ResultKind, ToolSpec } from '../../schema/tool-spec';
import { enumJsonOf } from '../../types/enums';
import type { TypeNode } from '../../types/node';
import { encodeBase64 } from '../arguments/formats';
import { instanceToPlain } from '../arguments/peers';
import { setOwn } from '../../json';
import { copyPart, isPart, isToolResult, Part, type ToolResult } from '../../tool-result';

/**
 * A returned value becomes a result by the contract's "Results" table. The kind comes from
 * `returns` when it is given (`resultKind`), else from the value. JSON parts hold the library's
 * JSON form: bigint as digits, Date as ISO text, URL as href, bytes as base64, Set as an array,
 * Map as an object, numeric enum members by name where `returns` says so, class instances through
 * class-transformer's `instanceToPlain`, and the same conversions at every depth.
 */

/** Nesting beyond this in a returned value is refused (a cycle, or a structure no model can read). */
const MAX_RESULT_DEPTH = 512;

/** The parts of a returned value (throws, as the tool would, for a value with no JSON form). */
export function resultOf(spec: ToolSpec, value: unknown): { parts: readonly Part[]; passed?: ToolResult } {
  return KINDS[spec.resultKind](value, spec.returns);
}

type Shape = (value: unknown, returns: TypeNode | undefined) => { parts: readonly Part[]; passed?: ToolResult };

function auto(value: unknown, returns: TypeNode | undefined): { parts: readonly Part[]; passed?: ToolResult } {
  if (value === undefined) return { parts: [] };
  if (typeof value === 'string') return { parts: [Part.text(value)] };
  if (value === null) return { parts: [Part.text('null')] };
  if (isToolResult(value)) return { parts: value.parts, passed: value };
  if (isPart(value)) return { parts: [copyPart(value)] };
  if (Array.isArray(value) && value.length > 0 && value.every(isPart)) return { parts: (value as Part[]).map(copyPart) };
  return { parts: [Part.json(toJson(value, returns, 0, null))] };
}

/** One row per result kind. */
const KINDS: Readonly<Record<ResultKind, Shape>> = {
  auto,
  text: auto,
  parts: auto,
  value: auto,
  json: (value, returns) => {
    if (value === undefined) return { parts: [] };
    if (isToolResult(value) || isPart(value)) return auto(value, returns);
    return { parts: [Part.json(toJson(value, returns, 0, null))] };
  },
};

/**
 * The JSON form of a value, guided by the declared return type where there is one. `path` holds the
 * containers being converted above this one (a cycle is refused); it is made only when a container
 * holds another, so a flat result costs no set.
 */
export function toJson(value: unknown, n: TypeNode | undefined, depth: number, path: Set<object> | null): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return n?.kind === 'enum' && n.numericEnum ? enumJsonOf(n, value) : value;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
  }
  if (value === null) return null;
  const o = value as object;
  if (o instanceof Date) return o.toISOString();
  if (o instanceof URL) return o.href;
  if (o instanceof Uint8Array) return encodeBase64(o);
  if (ArrayBuffer.isView(o)) return Array.from(o as unknown as ArrayLike<number>);
  if (depth >= MAX_RESULT_DEPTH) throw new RangeError(`the returned value is nested more than ${MAX_RESULT_DEPTH} levels deep.`);
  if (path === null) return container(o, n, depth, null);
  if (path.has(o)) throw new TypeError('the returned value has a cycle: it cannot be written as JSON.');
  path.add(o);
  try {
    return container(o, n, depth, path);
  } finally {
    path.delete(o);
  }
}

/** The set of containers above a child of `o` (made on first need). */
function ancestors(o: object, path: Set<object> | null): Set<object> {
  return path ?? new Set([o]);
}

function container(o: object, n: TypeNode | undefined, depth: number, path: Set<object> | null): unknown {
  const proto = Object.getPrototypeOf(o);
  if ((proto === Object.prototype || proto === null) && !Array.isArray(o)) {
    if (n === undefined && proto === Object.prototype) {
      const copy = flatCopy(o);
      if (copy !== undefined) return copy;
    }
    return fields(o, o, n, depth, path);
  }
  const items = n?.kind === 'array' ? n.items : undefined;
  if (Array.isArray(o) || o instanceof Set) {
    const source = Array.isArray(o) ? o : [...o];
    const out = new Array<unknown>(source.length);
    let inner = path;
    for (let i = 0; i < source.length; i++) {
      const x = source[i];
      const j = typeof x === 'object' && x !== null ? toJson(x, items, depth + 1, (inner = ancestors(o, inner))) : toJson(x, items, depth + 1, null);
      out[i] = j === undefined ? null : j;
    }
    return out;
  }
  if (o instanceof Map) {
    const values = n?.kind === 'record' ? n.values : undefined;
    const out: Record<string, unknown> = {};
    let inner = path;
    for (const [k, v] of o) {
      const j = typeof v === 'object' && v !== null ? toJson(v, values, depth + 1, (inner = ancestors(o, inner))) : toJson(v, values, depth + 1, null);
      if (j !== undefined) setOwn(out, String(k), j);
    }
    return out;
  }
  const source = instanceToPlain(shadow(o, 0) as object);
  if (typeof source !== 'object' || source === null) return toJson(source, n, depth + 1, path);
  return fields(o, source, n, depth, path);
}

const hasOwn = Object.prototype.hasOwnProperty;

// The common result, a flat object of strings, numbers, booleans and nulls, is copied by a function
// made for its keys (an object literal of a fixed shape), found by comparing its keys in order with
// the last shape seen: no keyed stores, no key array.
interface FlatShape {
  readonly keys: readonly string[];
  /** The copy, or undefined when a value is not a string, number, boolean or null (each read once). */
  readonly copy: (o: object) => Record<string, unknown> | undefined;
}

const MAX_SHAPES = 256;
const MAX_SHAPE_KEYS = 64;
const shapes = new Map<string, FlatShape>();
let lastShape: FlatShape | undefined;

function flatCopy(o: object): Record<string, unknown> | undefined {
  const shape = lastShape;
  if (shape !== undefined) {
    const keys = shape.keys;
    let i = 0;
    let same = true;
    for (const k in o) {
      if (keys[i] !== k) {
        same = false;
        break;
      }
      i++;
    }
    if (same && i === keys.length) return shape.copy(o);
  }
  const keys = Object.keys(o);
  if (keys.length === 0 || keys.length > MAX_SHAPE_KEYS || keys.includes('__proto__')) return undefined;
  const id = JSON.stringify(keys);
  let found = shapes.get(id);
  if (found === undefined) {
    const copy = shapeCopier(keys);
    if (copy === undefined) return undefined;
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    found = { keys, copy };
    shapes.set(id, found);
  }
  lastShape = found;
  return found.copy(o);
}

let codeGeneration = true;

/** The copier of a shape; undefined where code cannot be generated (then objects are copied key by key). */
function shapeCopier(keys: readonly string[]): FlatShape['copy'] | undefined {
  if (!codeGeneration) return undefined;
  // Keys are embedded as JSON strings only; `__proto__` never reaches here.
  const reads = keys.map(
    (k, i) =>
      `const v${i} = o[${JSON.stringify(k)}]; if (typeof v${i} !== "string" && typeof v${i} !== "number" && typeof v${i} !== "boolean" && v${i} !== null) return undefined;`,
  );
  const literal = keys.map((k, i) => `${JSON.stringify(k)}: v${i}`).join(', ');
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function('o', `${reads.join('\n')}\nreturn { ${literal} };`) as FlatShape['copy'];
  } catch {
    codeGeneration = false;
    return undefined;
  }
}

/** An object's own enumerable properties in their JSON form (`o` is the container for the cycle check). */
function fields(o: object, source: object, n: TypeNode | undefined, depth: number, path: Set<object> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const dto = n?.kind === 'dto' ? n : undefined;
  const values = n?.kind === 'record' ? n.values : undefined;
  let inner = path;
  for (const k in source) {
    if (!hasOwn.call(source, k)) continue;
    const x = (source as Record<string, unknown>)[k];
    let j: unknown;
    if (typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && n === undefined)) {
      j = x;
    } else {
      const child = dto !== undefined ? dto.properties?.find((p) => p.name === k || p.key === k)?.node : values;
      j = typeof x === 'object' && x !== null ? toJson(x, child, depth + 1, (inner = ancestors(o, inner))) : toJson(x, child, depth + 1, null);
      if (j === undefined) continue;
    }
    if (k === '__proto__') setOwn(out, k, j);
    else out[k] = j;
  }
  return out;
}

/**
 * class-transformer's `instanceToPlain` turns a `URL` into `{}` and a `Uint8Array` into an object
 * of indexes. Where a class instance holds either (at any depth), it is given a copy with those
 * leaves already in their JSON form; everything else (its class, so `@Exclude`/`@Expose` hold) is
 * kept. Instances without such leaves are passed as they are.
 */
function shadow(value: unknown, depth: number): unknown {
  if (!hasBrokenLeaf(value, 0, new Set())) return value;
  return copy(value, depth);
}

function isBroken(v: unknown): boolean {
  return v instanceof URL || (ArrayBuffer.isView(v) && !(typeof Buffer === 'function' && v instanceof Buffer));
}

function hasBrokenLeaf(v: unknown, depth: number, seen: Set<object>): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (isBroken(v)) return true;
  if (v instanceof Date || depth > MAX_RESULT_DEPTH || seen.has(v)) return false;
  seen.add(v);
  const children = v instanceof Map || v instanceof Set ? [...v.values()] : Object.values(v);
  return children.some((c) => hasBrokenLeaf(c, depth + 1, seen));
}

function copy(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null || v instanceof Date || depth > MAX_RESULT_DEPTH) return v;
  if (isBroken(v)) return toJson(v, undefined, 0, null);
  if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1));
  if (v instanceof Set) return new Set([...v].map((x) => copy(x, depth + 1)));
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, copy(x, depth + 1)]));
  const out = Object.create(Object.getPrototypeOf(v)) as Record<string, unknown>;
  for (const k of Object.keys(v)) setOwn(out, k, copy((v as Record<string, unknown>)[k], depth + 1));
  return out;
}
