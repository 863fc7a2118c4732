import type { JsonSchema } from '../tool-description';
import { objectTypeName, objectTypeOf, type NodeKind, type TypeNode } from '../types/node';
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
  union: undefined, // each member says its own
};

/** What a slot (parameter or property) adds around its type's fragment. */
export interface SlotExtras {
  readonly default?: { readonly value: unknown };
}

/** A slot's name, its type's node, whether it is required, and its default (JSON form). */
interface WrittenProperty {
  readonly name: string;
  readonly node: TypeNode;
  readonly required: boolean;
  readonly default?: { readonly value: unknown };
}

/**
 * The recursive classes and shapes of one root schema: each one's name in `$defs` (a second, different
 * class or shape of the same name gets `_2`, and so on, in order of first use) and its written body.
 */
export class Definitions {
  private readonly names = new Map<object, string>();
  private readonly taken = new Set<string>();
  readonly bodies: Record<string, Record<string, unknown>> = {};

  /** The `$ref` of a recursive class's (or shape's) node; its body is written on first use. */
  refOf(n: TypeNode): string {
    const type = objectTypeOf(n)!;
    let name = this.names.get(type);
    if (name === undefined) {
      const base = definitionName(objectTypeName(n) ?? 'Object');
      name = base;
      for (let i = 2; this.taken.has(name); i++) name = `${base}_${i}`;
      this.names.set(type, name);
      this.taken.add(name);
      this.bodies[name] = {};
      const body = writeFragment({ kind: 'dto', nullable: false, properties: n.properties }, undefined, this);
      Object.assign(this.bodies[name]!, body);
    }
    return `#/$defs/${name}`;
  }

  get empty(): boolean {
    return this.names.size === 0;
  }
}

/**
 * A type's name as a `$defs` key that a `$ref` can point at as it is: a shape's name is free text
 * (`Page<User>`, `a/b`), so a character other than a letter, a digit, `_`, `$`, `.` or `-` becomes `_`
 * (a class name is unchanged).
 */
function definitionName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_$.-]/gu, '_');
}

/** A slot of a recursive class or shape: `$ref` beside the slot's own keywords (never the class's body). */
function isReference(n: TypeNode, defs: Definitions | undefined): defs is Definitions {
  return n.kind === 'dto' && n.recursive === true && defs !== undefined;
}

type Writer = (n: TypeNode, extras: SlotExtras | undefined, defs: Definitions | undefined) => unknown;

/**
 * One writer per keyword: the keyword's value for a node, or undefined where the node has none.
 * Typed by the keyword list, so that a keyword cannot be written without a place in the order.
 */
const WRITERS: { readonly [K in Keyword]: Writer } = {
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
  items: (n, _e, defs) => (n.items === undefined ? undefined : writeFragment(n.items, undefined, defs)),
  minItems: (n) => n.minItems,
  maxItems: (n) => n.maxItems,
  uniqueItems: (n) => (n.uniqueItems ? true : undefined),
  properties: (n, _e, defs) => (n.kind === 'dto' ? propertiesOf(n.properties ?? [], defs) : undefined),
  required: (n) => (n.kind === 'dto' ? requiredOf(n.properties ?? []) : undefined),
  additionalProperties: (n, _e, defs) =>
    n.kind === 'dto' ? false : n.kind === 'record' && n.values !== undefined ? writeFragment(n.values, undefined, defs) : undefined,
  default: (_n, extras) => extras?.default?.value,
  // `$ref` is written by writeFragment (a reference replaces the class's body).
  $ref: () => undefined,
  anyOf: (n, _e, defs) => {
    if (n.kind !== 'union') return undefined;
    const members = (n.members ?? []).map((m) => writeFragment(m, undefined, defs));
    return n.nullable ? [...members, { type: 'null' }] : members;
  },
  exclusiveMinimum: (n) => n.exclusiveMinimum,
  exclusiveMaximum: (n) => n.exclusiveMaximum,
  multipleOf: (n) => n.multipleOf,
  examples: (n) => n.examples,
  // Written only at the root (writeRoot, writeObject).
  $defs: () => undefined,
};

/**
 * Writes the JSON Schema fragment of a node, keywords in the contract's order (KEYWORD_ORDER). A slot
 * of a recursive class is `{"$ref":"#/$defs/Name"}` beside the slot's description and default; a
 * nullable one is the `anyOf` of that reference and `{"type":"null"}`.
 */
export function writeFragment(n: TypeNode, extras?: SlotExtras, defs?: Definitions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isReference(n, defs)) {
    const ref = { $ref: defs.refOf(n) };
    if (n.nullable) {
      if (n.description !== undefined) out.description = n.description;
      out.anyOf = [ref, { type: 'null' }];
    } else {
      Object.assign(out, ref);
      if (n.description !== undefined) out.description = n.description;
    }
    if (extras?.default !== undefined) out.default = extras.default.value;
    if (n.examples !== undefined) out.examples = n.examples;
    return out;
  }
  for (const k of KEYWORD_ORDER) {
    const v = WRITERS[k](n, extras, defs);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** A root schema (the output schema): the fragment, then `$defs` for the recursive classes in it. */
export function writeRoot(n: TypeNode): Record<string, unknown> {
  const defs = new Definitions();
  const out = writeFragment(n, undefined, defs);
  if (!defs.empty) out.$defs = defs.bodies;
  return out;
}

function propertiesOf(list: readonly WrittenProperty[], defs: Definitions | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of list) out[p.name] = writeFragment(p.node, p.default !== undefined ? { default: p.default } : undefined, defs);
  return out;
}

function requiredOf(list: readonly WrittenProperty[]): string[] | undefined {
  const required = list.filter((p) => p.required).map((p) => p.name);
  return required.length > 0 ? required : undefined;
}

/**
 * The input schema: one closed object of the parameters, the tool's `examples` (argument objects),
 * then `$defs` for its recursive classes.
 */
export function writeObject(properties: readonly WrittenProperty[], examples?: readonly unknown[]): Record<string, unknown> {
  const defs = new Definitions();
  const out: Record<string, unknown> = { type: 'object', properties: propertiesOf(properties, defs) };
  const required = requiredOf(properties);
  if (required !== undefined) out.required = required;
  out.additionalProperties = false;
  if (examples !== undefined) out.examples = examples;
  if (!defs.empty) out.$defs = defs.bodies;
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
  const away = d > 0 === direction > 0;
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
