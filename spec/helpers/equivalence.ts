import Ajv2020 from 'ajv/dist/2020';
import * as fc from 'fast-check';

/**
 * Property-test helpers shared by the specs that hold the invoker to an independent ajv on the
 * canonical schema: arguments near valid ones, the contract's "null means absent" undone for the
 * independent check, and the shape in which a strict provider sends canonical arguments.
 */

const independent = new Ajv2020({ strict: false });

export const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3000 }),
  fc.string({ maxLength: 3 }),
  fc.constant([]),
  fc.constant({}),
);
/** Sometimes replaces a value, drops a key or adds one: arguments near the valid ones. */
export function nearly<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: fc.tuple(valid, fc.nat(40), anyJson, fc.constantFrom('replace', 'drop', 'add')).map(([v, i, x, how]) => mutate(v, i, x, how)) },
  );
}
function mutate(v: unknown, index: number, x: unknown, how: string): unknown {
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const visit = (n: unknown) => {
    if (Array.isArray(n)) n.forEach((c, i) => (slots.push([n, i]), visit(c)));
    else if (n !== null && typeof n === 'object')
      for (const [k, c] of Object.entries(n)) {
        slots.push([n as Record<string, unknown>, k]);
        visit(c);
      }
  };
  const copy = structuredClone(v);
  visit(copy);
  if (slots.length === 0) return x;
  const [holder, key] = slots[index % slots.length]!;
  if (how === 'replace') (holder as Record<string | number, unknown>)[key] = x;
  else if (how === 'drop' && !Array.isArray(holder)) delete holder[key as string];
  else if (!Array.isArray(holder)) holder.extra = x;
  return copy;
}

const checks = new WeakMap<object, (v: unknown) => boolean>();
/** An independent check of one union member (with the root's $defs), compiled once. */
function memberCheck(member: Record<string, unknown>, root: Record<string, unknown>): (v: unknown) => boolean {
  let check = checks.get(member);
  if (check === undefined) {
    const compiled = independent.compile({ ...member, ...(root.$defs !== undefined ? { $defs: root.$defs } : {}) });
    check = (v) => compiled(v);
    checks.set(member, check);
  }
  return check;
}

/** A tagged member (its one-value enum properties) that the value's tag names. */
function tagMatches(member: Record<string, unknown>, value: unknown): boolean {
  if (value === null || typeof value !== 'object' || member.properties === undefined) return false;
  const tags = Object.entries(member.properties as Record<string, Record<string, unknown>>).filter(([, p]) => Array.isArray(p.enum) && p.enum.length === 1);
  return tags.length > 0 && tags.every(([k, p]) => (value as Record<string, unknown>)[k] === (p.enum as unknown[])[0]);
}

/**
 * The contract's "null means absent": a null for an optional property that does not accept null is
 * what leaving it out is. The canonical arguments it stands for, for the independent check.
 */
export function withoutAbsentNulls(value: unknown, schema: Record<string, unknown>, root: Record<string, unknown>): unknown {
  if (typeof schema.$ref === 'string') return withoutAbsentNulls(value, (root.$defs as Record<string, Record<string, unknown>>)[schema.$ref.slice(8)]!, root);
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf as Record<string, unknown>[];
    const fits = members.find((m) => tagMatches(m, value)) ?? members.find((m) => memberCheck(m, root)(withoutAbsentNulls(value, m, root)));
    return fits === undefined ? value : withoutAbsentNulls(value, fits, root);
  }
  if (Array.isArray(value)) return schema.items === undefined ? value : value.map((v) => withoutAbsentNulls(v, schema.items as Record<string, unknown>, root));
  if (value === null || typeof value !== 'object' || schema.properties === undefined) return value;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const props = schema.properties as Record<string, Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const sub = Object.prototype.hasOwnProperty.call(props, k) ? props[k] : undefined;
    if (v === null && sub !== undefined && !required.has(k) && !memberCheck(sub, root)(null)) continue;
    out[k] = sub === undefined ? v : withoutAbsentNulls(v, sub, root);
  }
  return out;
}

/** A strict provider's shape of canonical arguments: every optional property of a closed object present, null when absent. */
export function shapeStrict(value: unknown, schema: Record<string, unknown>, root: Record<string, unknown>): unknown {
  if (typeof schema.$ref === 'string') return shapeStrict(value, (root.$defs as Record<string, Record<string, unknown>>)[schema.$ref.slice(8)]!, root);
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf as Record<string, unknown>[];
    const fits = members.find((m) => tagMatches(m, value)) ?? members.find((m) => memberCheck(m, root)(value)) ?? members[0]!;
    return shapeStrict(value, fits, root);
  }
  if (Array.isArray(value)) return value.map((v) => shapeStrict(v, (schema.items ?? {}) as Record<string, unknown>, root));
  if (value === null || typeof value !== 'object' || schema.properties === undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
    const v = (value as Record<string, unknown>)[name];
    out[name] = v === undefined ? null : shapeStrict(v, sub, root);
  }
  return out;
}
