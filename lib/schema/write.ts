import type { JsonSchema } from '../tool-description';
import type { NodeKind, TypeNode } from '../types/node';

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

/**
 * Writes the JSON Schema fragment of a node, keywords in the contract's fixed order: type, format,
 * description, enum, minimum, maximum, minLength, maxLength, pattern, contentEncoding, items,
 * minItems, maxItems, uniqueItems, properties, required, additionalProperties, default.
 */
export function writeFragment(n: TypeNode, extras?: SlotExtras): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const type = n.kind === 'enum' ? n.enumType : JSON_TYPE[n.kind];
  if (type !== undefined) out.type = n.nullable ? [type, 'null'] : type;
  if (n.format !== undefined) out.format = n.format;
  if (n.description !== undefined) out.description = n.description;
  if (n.enum !== undefined) out.enum = n.nullable ? [...n.enum, null] : [...n.enum];
  if (n.minimum !== undefined) out.minimum = bound(n.minimum, 'min');
  if (n.maximum !== undefined) out.maximum = bound(n.maximum, 'max');
  if (n.minLength !== undefined) out.minLength = n.minLength;
  if (n.maxLength !== undefined) out.maxLength = n.maxLength;
  if (n.pattern !== undefined) out.pattern = n.pattern;
  if (n.contentEncoding !== undefined) out.contentEncoding = n.contentEncoding;
  if (n.items !== undefined) out.items = writeFragment(n.items);
  if (n.minItems !== undefined) out.minItems = n.minItems;
  if (n.maxItems !== undefined) out.maxItems = n.maxItems;
  if (n.uniqueItems) out.uniqueItems = true;
  if (n.kind === 'dto') {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const p of n.properties ?? []) {
      properties[p.name] = writeFragment(p.node);
      if (p.required) required.push(p.name);
    }
    out.properties = properties;
    if (required.length > 0) out.required = required;
    out.additionalProperties = false;
  } else if (n.kind === 'record' && n.values !== undefined) {
    out.additionalProperties = writeFragment(n.values);
  }
  if (extras?.default !== undefined) out.default = extras.default.value;
  return out;
}

/** The input schema: one closed object of the parameters. */
export function writeObject(
  properties: readonly { readonly name: string; readonly node: TypeNode; readonly required: boolean; readonly extras?: SlotExtras }[],
): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of properties) {
    props[p.name] = writeFragment(p.node, p.extras);
    if (p.required) required.push(p.name);
  }
  const out: Record<string, unknown> = { type: 'object', properties: props };
  if (required.length > 0) out.required = required;
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
