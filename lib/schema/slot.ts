import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import type { ValidatorRule } from '../metadata/class-validator';
import { enumNode } from '../types/enums';
import { Discriminated, hintKind, type EnumSource, type Hint } from '../types/hints';
import { node, objectTypeName, type TypeNode } from '../types/node';
import { fitsDesignType, resolveHint, tokenNode, type DtoResolver } from '../types/resolve';

/** Everything that can say what a slot's (parameter's or property's) type is, by precedence. */
export interface TypeSources {
  /** The design type that emitDecoratorMetadata recorded (undefined when there is none). */
  readonly design: unknown;
  readonly hasDesign: boolean;
  /** `@Param({ type })` / `@Prop({ type })`: wins over everything. */
  readonly explicit?: Hint;
  readonly enumSource?: EnumSource;
  /** What the compile-time plugin read from the static type. */
  readonly staticType?: Hint;
  /** class-transformer `@Type(() => T)`. */
  readonly transformerType?: () => Function;
  /** class-transformer `@Type(() => Base, { discriminator })`: read as a tagged union. */
  readonly discriminator?: { readonly property: string; readonly subTypes: readonly { readonly name: string; readonly value: Function }[] };
  readonly rules: readonly ValidatorRule[];
  /** The value of a literal default, which gives the type of an unannotated parameter. */
  readonly literal?: unknown;
}

/** The options of a property (`@Prop`'s, an `ObjectOf` property's: types/slot-options.ts). */
export const PROP_OPTION_KEYS: ReadonlySet<string> = new Set([
  'type', 'enum', 'nullable', 'description', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format', 'optional', 'default',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'each', 'examples',
]);

/** The options of a parameter (`@Param`'s, a `Tool.create` parameter's): a property's, and `name`. */
const PARAM_OPTION_KEYS: ReadonlySet<string> = new Set([...PROP_OPTION_KEYS, 'name']);

/**
 * Whether a value given where a hint or a slot's options may stand (`Tool.create`'s `params`, an
 * `ObjectOf` property) is options: a plain object, not a hint, whose keys are all options (`known`).
 */
export function isSlotOptions(x: unknown, known: ReadonlySet<string> = PARAM_OPTION_KEYS): boolean {
  if (typeof x !== 'object' || x === null || Array.isArray(x) || hintKind(x) !== undefined) return false;
  const proto = Object.getPrototypeOf(x);
  return (proto === Object.prototype || proto === null) && Object.keys(x).every((k) => known.has(k));
}

/** class-validator rules that name an element type: one row per rule. */
const TYPE_RULES: Readonly<Record<string, (c: readonly unknown[]) => TypeNode>> = {
  isInt: () => tokenNode('Int'),
  isString: () => node('string', { stringKind: 'plain' }),
  isEmail: () => node('string', { stringKind: 'plain' }),
  isUrl: () => node('string', { stringKind: 'plain' }),
  isNumber: () => node('number'),
  isBoolean: () => node('boolean'),
  isDate: () => node('date', { format: 'date-time' }),
  isObject: () => tokenNode('JsonObject'),
  isEnum: (c) => enumNode(c[0] as EnumSource),
  isIn: (c) => enumNode(c[0] as readonly string[]),
  isUuid: () => tokenNode('Uuid'),
};

/** Whether a class-validator rule names the slot's type (the type says it; no phrase is needed). */
export function isTypeRule(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(TYPE_RULES, name);
}

const LITERAL_TYPES: Readonly<Record<string, Function>> = { number: Number, string: String, boolean: Boolean };

export function slotType(s: TypeSources, dto: DtoResolver): TypeNode {
  const n = baseType(s, dto);
  return adaptToDesign(n, s.design);
}

function baseType(s: TypeSources, dto: DtoResolver): TypeNode {
  if (s.explicit !== undefined || s.enumSource !== undefined) {
    const n = s.explicit !== undefined ? resolveHint(s.explicit, dto) : enumNode(s.enumSource!);
    if (!fitsDesignType(n, s.design)) {
      throw refuse(D.contradiction(describe(n), (s.design as Function).name));
    }
    return n;
  }
  if (s.staticType !== undefined) return resolveHint(s.staticType, dto);
  const design = s.design;
  if (s.transformerType !== undefined) {
    const d = s.discriminator;
    const hint = d !== undefined ? Discriminated(d.property, Object.fromEntries(d.subTypes.map((t) => [t.name, t.value]))) : s.transformerType;
    const element = resolveHint(hint, dto);
    if (design === Array) return node('array', { items: element });
    if (design === Set) return node('array', { items: element, uniqueItems: true, set: true });
    if (design === Map) return node('record', { values: element, map: true });
    if (fitsDesignType(element, design)) return element;
  }
  for (const each of [false, true]) {
    for (const rule of s.rules) {
      const row = rule.each === each && !rule.grouped ? TYPE_RULES[rule.name] : undefined;
      if (row === undefined) continue;
      const element = row(rule.constraints);
      // A rule refines the design type, and types what strictNullChecks erased (`n: number | null` is Object).
      if (!each && fitsDesignType(element, design) && (design !== undefined || s.hasDesign)) return element;
      if (each && design === Array) return node('array', { items: element });
      if (each && design === Set) return node('array', { items: element, uniqueItems: true, set: true });
    }
  }
  if (!s.hasDesign && s.literal === undefined) {
    throw refuse(D.noDesignMetadata());
  }
  if ((design === Object || design === undefined) && s.literal !== undefined) {
    const literalType = LITERAL_TYPES[typeof s.literal];
    if (literalType !== undefined) return resolveHint(literalType, dto);
    if (Array.isArray(s.literal)) throw refuse(D.erased('Array'));
  }
  return resolveHint(design as Hint, dto);
}

/** The runtime form follows the design type: a `Map` design type receives a Map, a `Buffer` one a Buffer. */
function adaptToDesign(n: TypeNode, design: unknown): TypeNode {
  if (design === Map && n.kind === 'record') return n.map ? n : { ...n, map: true };
  if (typeof Buffer === 'function' && design === Buffer && n.kind === 'bytes') return { ...n, bytes: 'Buffer' };
  return n;
}

export function describe(n: TypeNode): string {
  if (n.token) return n.token;
  if (n.kind === 'dto') return objectTypeName(n) ?? 'object';
  if (n.kind === 'array') return n.set ? 'Set' : 'array';
  return n.kind;
}
