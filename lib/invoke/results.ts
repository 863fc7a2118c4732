import { instanceToPlain } from '../metadata/class-transformer';
import type { ResultKind, ToolSpec } from '../schema/tool-spec';
import { enumJsonOf } from '../types/enums';
import type { TypeNode } from '../types/node';
import { encodeBase64 } from './formats';
import { setOwn } from './hydrate';
import { isPart, isToolResult, Part, type ToolResult } from './result';

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
  if (isPart(value)) return { parts: [value] };
  if (Array.isArray(value) && value.length > 0 && value.every(isPart)) return { parts: (value as Part[]).slice() };
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
  const values = n?.kind === 'record' ? n.values : undefined;
  if (o instanceof Map) {
    const out: Record<string, unknown> = {};
    let inner = path;
    for (const [k, v] of o) {
      const j = typeof v === 'object' && v !== null ? toJson(v, values, depth + 1, (inner = ancestors(o, inner))) : toJson(v, values, depth + 1, null);
      if (j !== undefined) setOwn(out, String(k), j);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(o);
  const source = proto === Object.prototype || proto === null ? o : (instanceToPlain(shadow(o, 0) as object) as object);
  if (typeof source !== 'object' || source === null) return toJson(source, n, depth + 1, path);
  const out: Record<string, unknown> = {};
  const dto = n?.kind === 'dto' ? n : undefined;
  let inner = path;
  for (const k of Object.keys(source)) {
    const x = (source as Record<string, unknown>)[k];
    const child = dto !== undefined ? dto.properties?.find((p) => p.name === k || p.key === k)?.node : values;
    let j: unknown;
    if (typeof x === 'string' || typeof x === 'boolean') j = x;
    else if (typeof x === 'object' && x !== null) j = toJson(x, child, depth + 1, (inner = ancestors(o, inner)));
    else j = toJson(x, child, depth + 1, null);
    if (j === undefined) continue;
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
