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
  if (Array.isArray(value) && value.length > 0 && value.every(isPart)) return { parts: value as Part[] };
  return { parts: [Part.json(toJson(value, returns, 0, new Set()))] };
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
    return { parts: [Part.json(toJson(value, returns, 0, new Set()))] };
  },
};

/** The JSON form of a value, guided by the declared return type where there is one. */
export function toJson(value: unknown, n: TypeNode | undefined, depth: number, path: Set<object>): unknown {
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
  if (path.has(o)) throw new TypeError('the returned value has a cycle: it cannot be written as JSON.');
  path.add(o);
  try {
    return container(o, n, depth, path);
  } finally {
    path.delete(o);
  }
}

function container(o: object, n: TypeNode | undefined, depth: number, path: Set<object>): unknown {
  const items = n?.kind === 'array' ? n.items : undefined;
  if (Array.isArray(o)) return o.map((x) => nullIfUndefined(toJson(x, items, depth + 1, path)));
  if (o instanceof Set) return [...o].map((x) => nullIfUndefined(toJson(x, items, depth + 1, path)));
  const values = n?.kind === 'record' ? n.values : undefined;
  if (o instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of o) {
      const j = toJson(v, values, depth + 1, path);
      if (j !== undefined) setOwn(out, String(k), j);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(o);
  const source = proto === Object.prototype || proto === null ? o : (instanceToPlain(shadow(o, 0) as object) as object);
  if (typeof source !== 'object' || source === null) return toJson(source, n, depth + 1, path);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(source)) {
    const child = n?.kind === 'dto' ? n.properties?.find((p) => p.name === k || p.key === k)?.node : values;
    const j = toJson((source as Record<string, unknown>)[k], child, depth + 1, path);
    if (j !== undefined) setOwn(out, k, j);
  }
  return out;
}

function nullIfUndefined(v: unknown): unknown {
  return v === undefined ? null : v;
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
  if (isBroken(v)) return toJson(v, undefined, 0, new Set());
  if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1));
  if (v instanceof Set) return new Set([...v].map((x) => copy(x, depth + 1)));
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, copy(x, depth + 1)]));
  const out = Object.create(Object.getPrototypeOf(v)) as Record<string, unknown>;
  for (const k of Object.keys(v)) setOwn(out, k, copy((v as Record<string, unknown>)[k], depth + 1));
  return out;
}
