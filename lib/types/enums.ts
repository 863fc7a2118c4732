import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import type { EnumSource } from './hints';
import { node, type EnumValue, type TypeNode } from './node';
import { cachedBy } from '../cache';

/**
 * An enum in its JSON form: a string enum by its values, a numeric enum by its member names in
 * declaration order (the method receives the number), a literal list as written.
 */
export const enumNode: (source: EnumSource) => TypeNode = cachedBy((source: EnumSource) =>
  Array.isArray(source) ? literalEnum(source) : tsEnum(source as Record<string, string | number>),
);

function literalEnum(values: readonly EnumValue[]): TypeNode {
  const unique = [...new Set(values)];
  return node('enum', { enum: unique, enumType: jsonTypeOf(unique) });
}

function tsEnum(e: Record<string, string | number>): TypeNode {
  // A numeric enum also maps each value back to its name under an integer-like key: skip those.
  const members = Object.keys(e).filter((k) => !(/^-?\d+(\.\d+)?$/.test(k) && typeof e[k] === 'string'));
  const kinds = new Set(members.map((k) => typeof e[k]));
  if (members.length === 0 || kinds.size !== 1 || !(kinds.has('string') || kinds.has('number'))) {
    throw refuse(D.enumMemberKinds([...kinds].join(' and ') || 'none'));
  }
  const memberMap = new Map<string, EnumValue>();
  if (kinds.has('string')) {
    for (const k of members) memberMap.set(k, e[k] as string);
    return node('enum', { enum: [...new Set(memberMap.values())], enumType: 'string', enumMembers: memberMap });
  }
  const values = new Map<EnumValue, unknown>();
  for (const k of members) {
    memberMap.set(k, k);
    values.set(k, e[k]);
  }
  return node('enum', { enum: members, enumType: 'string', enumValues: values, enumMembers: memberMap, numericEnum: true });
}

function jsonTypeOf(values: readonly EnumValue[]): 'string' | 'integer' | 'number' | 'boolean' {
  const types = new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)));
  if (types.size === 1) return [...types][0] as 'string' | 'integer' | 'boolean';
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  throw refuse(D.literalKinds([...types]));
}

/** The JSON form of a runtime enum value (a numeric enum's number → its first declared name). */
export function enumJsonOf(n: TypeNode, value: unknown): unknown {
  if (n.enumValues === undefined) return value;
  for (const [json, runtime] of n.enumValues) if (runtime === value) return json;
  return value;
}
