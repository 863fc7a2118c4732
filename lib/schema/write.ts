import type { JsonSchema } from '../tool-description';
import type { NodeKind, TypeNode } from '../types/node';
import { KEYWORD_ORDER, type Keyword } from './keywords';

const JSON_TYPE: Readonly<Record<NodeKind, string | undefined>> = {
  boolean: 'boolean',
  number: 'number',
  integer: 'integer',
  bigint: 'integer',
  string: 'string',
  date: 'string',
  url: 'string',
  bytes: 'string',
  enum: undefined, // from the enum's values
  array: 'array',
  record: 'object',
  any: undefined,
  object: 'object',
  dto: 'object',
};

/** What a slot (parameter or property) adds around its type's fragment. */
export interface SlotExtras {
  readonly default?: { readonly value: unknown };
}

/** A slot's name, its type's node, whether it is required, and what the slot adds. */
interface WrittenProperty {
  readonly name: string;
  readonly node: TypeNode;
  readonly required: boolean;
  readonly extras?: SlotExtras;
}

/**
 * One writer per keyword: the keyword's value for a node, or undefined where the node has none.
 * Typed by the keyword list, so that a keyword cannot be written without a place in the order.
 */
const WRITERS: { readonly [K in Keyword]: (n: TypeNode, extras: SlotExtras | undefined) => unknown } = {
  type: (n) => {
    const type = n.kind === 'enum' ? n.enumType : JSON_TYPE[n.kind];
    return type === undefined ? undefined : n.nullable ? [type, 'null'] : type;
  },
  format: (n) => n.format,
  description: (n) => n.description,
  enum: (n) => (n.enum === undefined ? undefined : n.nullable ? [...n.enum, null] : [...n.enum]),
  minimum: (n) => (n.minimum === undefined ? undefined : bound(n.minimum, 'min')),
  maximum: (n) => (n.maximum === undefined ? undefined : bound(n.maximum, 'max')),
  minLength: (n) => n.minLength,
  maxLength: (n) => n.maxLength,
  pattern: (n) => n.pattern,
  contentEncoding: (n) => n.contentEncoding,
  items: (n) => (n.items === undefined ? undefined : writeFragment(n.items)),
  minItems: (n) => n.minItems,
  maxItems: (n) => n.maxItems,
  uniqueItems: (n) => (n.uniqueItems ? true : undefined),
  properties: (n) => (n.kind === 'dto' ? propertiesOf(n.properties ?? []) : undefined),
  required: (n) => (n.kind === 'dto' ? requiredOf(n.properties ?? []) : undefined),
  additionalProperties: (n) => (n.kind === 'dto' ? false : n.kind === 'record' && n.values !== undefined ? writeFragment(n.values) : undefined),
  default: (_n, extras) => extras?.default?.value,
};

/** Writes the JSON Schema fragment of a node, keywords in the contract's order (KEYWORD_ORDER). */
export function writeFragment(n: TypeNode, extras?: SlotExtras): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of KEYWORD_ORDER) {
    const v = WRITERS[k](n, extras);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function propertiesOf(list: readonly WrittenProperty[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of list) out[p.name] = writeFragment(p.node, p.extras);
  return out;
}

function requiredOf(list: readonly WrittenProperty[]): string[] | undefined {
  const required = list.filter((p) => p.required).map((p) => p.name);
  return required.length > 0 ? required : undefined;
}

/** The input schema: one closed object of the parameters. */
export function writeObject(properties: readonly WrittenProperty[]): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'object', properties: propertiesOf(properties) };
  const required = requiredOf(properties);
  if (required !== undefined) out.required = required;
  out.additionalProperties = false;
  return out;
}

/**
 * A bound as JSON can carry it. A bigint beyond ±2^53 is written as the double nearest the range's
 * end whose JSON text still lies inside the range (2^63 − 1 is not a double; `9223372036854775000`
 * is the largest one that prints inside). The invoker enforces the exact bigint.
 */
export function bound(value: number | bigint, side: 'min' | 'max'): number {
  if (typeof value === 'number') return value;
  let d = Number(value);
  const inside = (x: number) => (side === 'max' ? BigInt(JSON.stringify(x)) <= value : BigInt(JSON.stringify(x)) >= value);
  while (!inside(d)) d = step(d, side === 'max' ? -1 : 1);
  return d;
}

/** The adjacent double in the given direction. */
function step(d: number, direction: 1 | -1): number {
  if (d === 0) return direction * Number.MIN_VALUE;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, d);
  const bits = buf.getBigUint64(0);
  const away = (d > 0) === (direction > 0);
  buf.setBigUint64(0, away ? bits + 1n : bits - 1n);
  return buf.getFloat64(0);
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export type { JsonSchema };
