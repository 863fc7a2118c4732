import { cachedBy } from '../../cache';
import { setOwn } from '../../json';
import { DIAGNOSTICS as D } from '../../diagnostics';
import { refuse, type ToolErrorSite } from '../../errors';
import type { ToolSpec } from '../../schema/tool-spec';
import { someNode, type PropertyNode, type TypeNode } from '../../types/node';
import { nodeValidator } from './validate';

/**
 * A `@Param({ default })` value as each call receives it: a mutable default (an array, a plain
 * object, a Date, a Set or a Map) is copied per call, so that a method that changes its argument
 * never changes the default of the next call (the mutable-default trap).
 */
export function freshDefault(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    return structuredClone(value);
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Set) return new Set(value);
  if (value instanceof Map) return new Map(value);
  return value;
}

/**
 * A fresh copy of a default's JSON form, made of this realm's arrays and plain objects (a property
 * default is read as if the arguments held it, and arguments are checked to be plain objects).
 */
export function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) setOwn(out, k, copyJson((value as Record<string, unknown>)[k]));
  return out;
}

/** Whether `freshDefault` copies the value (a constant is passed as it is). */
export function isMutableDefault(value: unknown): boolean {
  return freshDefault(value) !== value;
}

/**
 * A default must be valid for its slot's own schema (v3): each written `default` of the tool's
 * parameters and of the DTO properties below them is checked, when the definition is built, by the
 * validator that the invoker uses for that slot (formats by their parsers); one that fails is
 * OLT015. Checked once per tool spec, and once per DTO property.
 */
export const checkDefaults: (spec: ToolSpec) => true = cachedBy((spec: ToolSpec) => {
  const site = { tool: spec.name, className: spec.owner, member: spec.member };
  const written = (spec.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const p of spec.params) {
    if (p.role !== 'value') continue;
    const here = { ...site, paramIndex: p.index, paramName: p.name };
    const fragment = written[p.name];
    if (fragment !== undefined && Object.prototype.hasOwnProperty.call(fragment, 'default')) check(p.node, fragment.default, here);
    someNode(p.node, (n) => {
      for (const prop of n.properties ?? []) {
        if (prop.default === undefined || checked.has(prop)) continue;
        check(prop.node, prop.default.value, { ...here, path: `${n.cls?.name ?? 'object'}.${prop.key}` });
        checked.add(prop);
      }
      return false;
    });
  }
  return true;
});

const checked = new WeakSet<PropertyNode>();

function check(n: TypeNode, value: unknown, site: ToolErrorSite): void {
  const validate = nodeValidator(n);
  if (!validate(value)) throw refuse(D.invalidDefault(JSON.stringify(value), validate.errors?.[0]?.keyword ?? 'type'), site);
}
