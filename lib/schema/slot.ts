import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import type { ValidatorRule } from '../metadata/class-validator';
import { PARAM_OPTION_NAMES, PROP_OPTION_NAMES, type PropOptions } from '../metadata/options';
import type { LiteralDefault } from '../metadata/source';
import { enumJsonOf, enumNode } from '../types/enums';
import { AnyOf, Discriminated, hintKind, token, type EnumSource, type Hint } from '../types/hints';
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
  /**
   * A DTO property (v3.1): where its design type was erased (`Object`, `Array`) and no hint is given,
   * its class-validator rules name its type.
   */
  readonly dtoProperty?: boolean;
  /**
   * The type `@nestjs/swagger` names for a DTO property (v3.2), after every other source: it types a
   * slot whose design type was erased where no hint, plugin type or class-validator rule does.
   */
  readonly swagger?: { readonly type: Hint; readonly by: string };
  /** Told what the type table could not say exactly (v3.2): a DTO property no source types, two sources that disagree. */
  readonly report?: SlotReport;
}

/** What a DTO property's type sources leave to be said (v3.2): the schema layer turns each into a warning. */
export interface SlotReport {
  /** No source names the type of an erased slot: it is written as what class-validator enforces. */
  untyped(as: UntypedKind): void;
  /** Two sources name different types: the earlier one (`winner`) stands. */
  disagree(winner: string, loser: string): void;
}

/** What class-validator enforces on a property no source types: any JSON value, an array, an object, or either of the last two (`@ValidateNested()`). */
export type UntypedKind = 'any' | 'array' | 'object' | 'nested';

/** The options of a property (`@Prop`'s, an `ObjectOf` property's): the names metadata/options.ts keeps complete. */
export const PROP_OPTION_KEYS: ReadonlySet<string> = PROP_OPTION_NAMES;

/** The options of a parameter (`@Param`'s, a `Tool.create` parameter's). */
const PARAM_OPTION_KEYS: ReadonlySet<string> = PARAM_OPTION_NAMES;

/**
 * Whether a value given where a hint or a slot's options may stand (`Tool.create`'s `params`, an
 * `ObjectOf` property) is options: a plain object, not a hint, whose keys are all options (`known`).
 */
export function isSlotOptions(x: unknown, known: ReadonlySet<string> = PARAM_OPTION_KEYS): boolean {
  if (typeof x !== 'object' || x === null || Array.isArray(x) || hintKind(x) !== undefined) return false;
  const proto = Object.getPrototypeOf(x);
  return (proto === Object.prototype || proto === null) && Object.keys(x).every((k) => known.has(k));
}

/**
 * A value given where a hint or a slot's options may stand, read as options: the options when it is
 * options (`isSlotOptions`); undefined when it is a hint; a definition error (OLT015, `where` has no
 * option '…') when it is options with a misspelt key, that is a plain object with a `type` that is a
 * hint beside a key that is no option (read as a hint, it would be an enum object).
 */
export function slotOptionsOf(x: unknown, known: ReadonlySet<string>, where: string): Record<string, unknown> | undefined {
  if (isSlotOptions(x, known)) return x as Record<string, unknown>;
  const type: unknown = typeof x === 'object' && x !== null && !Array.isArray(x) && hintKind(x) === undefined ? (x as { type?: unknown }).type : undefined;
  const unknown = typeof type === 'function' || (typeof type === 'object' && type !== null) ? Object.keys(x as object).find((k) => !known.has(k)) : undefined;
  if (unknown !== undefined) throw refuse(D.unknownOption(where, unknown, [...known]));
  return undefined;
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

/**
 * Which type rule names the type when several fit (order never matters, v3.1): the one that says
 * most (an enum over a string, an integer over a number), then by name.
 */
const TYPE_RANK: Readonly<Record<string, number>> = { isEnum: 0, isIn: 0, isInt: 1, isUuid: 1, isEmail: 1, isUrl: 1, isDate: 1 };

function byRank(rules: readonly ValidatorRule[]): ValidatorRule[] {
  const rank = (r: ValidatorRule) => TYPE_RANK[r.name] ?? 2;
  return [...rules].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Rules that name a type only where the design type was erased (v3.1): a date string, which the
 * method gets as sent (its phrase still says ISO 8601, as validator.js checks it).
 */
const ERASED_TYPE_RULES: Readonly<Record<string, (c: readonly unknown[]) => TypeNode>> = {
  isDateString: () => node('string', { stringKind: 'plain' }),
  isIso8601: () => node('string', { stringKind: 'plain' }),
};

/** How a class-validator rule is written in source (`isUuid` → `@IsUUID()`), for messages. */
const DECORATOR_NAMES: Readonly<Record<string, string>> = { isUuid: 'IsUUID', isIso8601: 'IsISO8601', isIp: 'IsIP', isFqdn: 'IsFQDN' };

export function decoratorOf(rule: string): string {
  return `@${DECORATOR_NAMES[rule] ?? rule.charAt(0).toUpperCase() + rule.slice(1)}()`;
}

/** Whether a class-validator rule names the slot's type (the type says it; no phrase is needed). */
export function isTypeRule(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(TYPE_RULES, name);
}

const LITERAL_TYPES: Readonly<Record<string, Function>> = { number: Number, string: String, boolean: Boolean };

export function slotType(s: TypeSources, dto: DtoResolver): TypeNode {
  // Whether swagger's type was taken (then it is not compared with itself).
  const used = { swagger: false };
  const n = intByRule(baseType(s, dto, used), s.rules);
  if (s.swagger !== undefined && s.report !== undefined && !used.swagger) swaggerAgrees(n, s, dto);
  return adaptToDesign(n, s.design);
}

/** Where swagger names a type beside an earlier source that named another, the earlier one stands and the definition says so (v3.2). */
function swaggerAgrees(n: TypeNode, s: TypeSources, dto: DtoResolver): void {
  let told: TypeNode;
  try {
    told = resolveHint(s.swagger!.type, dto);
  } catch {
    return;
  }
  if (sameJsonType(n, told)) return;
  const winner =
    s.explicit !== undefined || s.enumSource !== undefined
      ? '@Prop({ type })'
      : s.staticType !== undefined
        ? "the plugin's static type"
        : s.rules.length > 0 && (s.design === Object || s.design === Array || s.design === undefined)
          ? 'its class-validator rules'
          : 'its declared type';
  s.report!.disagree(`${winner} (${describe(n)})`, `${s.swagger!.by} (${describe(told)})`);
}

/** Whether two nodes take values of the same JSON kinds (an enum within strings, an integer within numbers, a DTO within objects, either way). */
function sameJsonType(a: TypeNode, b: TypeNode): boolean {
  if (a.kind === 'any' || b.kind === 'any') return true;
  if (a.kind === 'array' && b.kind === 'array') return a.items === undefined || b.items === undefined || sameJsonType(a.items, b.items);
  if ((a.kind === 'array') !== (b.kind === 'array')) return false;
  return narrows(a, b) || narrows(b, a) || jsonKind(a) === jsonKind(b);
}

function jsonKind(n: TypeNode): string {
  switch (n.kind) {
    case 'integer':
    case 'bigint':
      return 'number';
    case 'enum':
      return n.numericEnum === true || n.enumType === 'integer' ? 'number' : String(n.enumType);
    case 'dto':
    case 'record':
      return 'object';
    // A date, a URL and bytes are strings in JSON (swagger writes a Date as `type: String, format: 'date-time'`).
    case 'date':
    case 'url':
    case 'bytes':
      return 'string';
    default:
      return n.kind;
  }
}

/**
 * `@IsInt()` makes a number an integer whatever else named the type (`@Type(() => Number)`, a
 * `number` the plugin read, a `Number` hint): class-validator refuses every other number. With
 * `{ each: true }` it makes the elements integers.
 */
function intByRule(n: TypeNode, rules: readonly ValidatorRule[]): TypeNode {
  const int = (each: boolean) => rules.some((r) => r.name === 'isInt' && r.each === each);
  const asInt = (x: TypeNode): TypeNode => ({
    ...tokenNode('Int'),
    nullable: x.nullable,
    ...(x.description !== undefined ? { description: x.description } : {}),
  });
  if (n.kind === 'number' && int(false)) return asInt(n);
  if (n.kind === 'array' && n.items?.kind === 'number' && int(true)) return { ...n, items: asInt(n.items) };
  return n;
}

function baseType(given: TypeSources, dto: DtoResolver, used: { swagger: boolean }): TypeNode {
  // TypeScript records `Function` for a class imported with `import type` (a function type has no
  // schema either): erased as `Object` is, so every other source may still name the type.
  const typeImported = given.design === Function;
  const s: TypeSources = typeImported ? { ...given, design: Object } : given;
  if (s.explicit !== undefined || s.enumSource !== undefined) {
    const n =
      s.explicit !== undefined && s.enumSource !== undefined
        ? typedEnum(resolveHint(s.explicit, dto), s.enumSource)
        : s.explicit !== undefined
          ? resolveHint(s.explicit, dto)
          : enumNode(s.enumSource!);
    if (!fitsDesignType(n, s.design)) {
      throw refuse(D.contradiction(describe(n), (s.design as Function).name));
    }
    return n;
  }
  const decided = ruleDecides(s, dto);
  if (decided !== undefined) return decided;
  if (s.staticType !== undefined) return resolveHint(s.staticType, dto);
  const design = s.design;
  if (s.dtoProperty === true && (design === Object || design === Array)) {
    const named = erasedType(s, dto);
    if (named !== undefined) return named;
    const literalType = LITERAL_TYPES[typeof s.literal];
    if (design === Object && literalType !== undefined && !s.rules.some((r) => r.name === 'isArray' || r.each)) return resolveHint(literalType, dto);
    const told = swaggerType(s, dto, used);
    if (told !== undefined) return told;
    // Rules, none of which names the type: what class-validator enforces, and the definition says so (v3.2).
    if (s.rules.length > 0) return untyped(s, dto);
  }
  if (s.dtoProperty === true && design === undefined && !s.hasDesign) {
    // No design type at all (a mapped type's property: PartialType copies rules, not design types):
    // what the rules or swagger name, else what class-validator enforces.
    const named = erasedType(s, dto) ?? swaggerType(s, dto, used);
    if (named !== undefined) return named;
    if (s.rules.length > 0) return untyped(s, dto);
  }
  if (s.transformerType !== undefined) {
    const element = transformerNode(s, dto);
    if (design === Array) return node('array', { items: element });
    if (design === Set) return node('array', { items: element, uniqueItems: true, set: true });
    if (design === Map) return node('record', { values: element, map: true });
    if (fitsDesignType(element, design)) return element;
  }
  const ranked = byRank(s.rules);
  for (const each of [false, true]) {
    for (const rule of ranked) {
      const row = rule.each === each ? TYPE_RULES[rule.name] : undefined;
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
  if (typeImported) throw refuse(D.typeImported());
  return resolveHint(design as Hint, dto);
}

/**
 * The type swagger names (v3.2), for a slot no earlier source types (`used` records that it was taken).
 */
function swaggerType(s: TypeSources, dto: DtoResolver, used: { swagger: boolean }): TypeNode | undefined {
  if (s.swagger === undefined) return undefined;
  const n = resolveHint(s.swagger.type, dto);
  used.swagger = true;
  // An array's rules hold on an array: a non-array type swagger names is its element's only where the design type is Array.
  return s.design === Array && n.kind !== 'array' ? node('array', { items: n }) : n;
}

/**
 * What class-validator enforces on a DTO property whose type no source names (v3.2): any JSON value
 * under no type rule, an array under `@IsArray()`, an object under `@IsObject()`, an object or an
 * array under `@ValidateNested()` alone (class-validator refuses anything else: "nested property
 * must be either object or array").
 */
function untyped(s: TypeSources, dto: DtoResolver): TypeNode {
  const plain = (name: string) => s.rules.some((r) => r.name === name && !r.each);
  const as: UntypedKind = s.design === Array || plain('isArray') ? 'array' : plain('isObject') ? 'object' : plain('validateNested') ? 'nested' : 'any';
  s.report?.untyped(as);
  const n =
    as === 'nested'
      ? resolveHint(AnyOf(token('JsonObject'), token('JsonArray')), dto)
      : tokenNode(as === 'any' ? 'JsonValue' : as === 'array' ? 'JsonArray' : 'JsonObject');
  return { ...n, untyped: as };
}

/** The declared types whose JSON value class-transformer leaves as sent (no `@Type`, no implicit conversion). */
const AS_SENT: ReadonlySet<unknown> = new Set([String, Number, Boolean, Date]);

/**
 * A DTO property declared `string`, `number`, `boolean` or `Date` whose class-validator type rules
 * name another type (`@IsDateString() from: Date`, `@IsString() code: number`): without `@Type`,
 * class-transformer leaves the JSON value as sent and the rules judge it, so the rules' type is the
 * slot's (the method gets the value as sent, as under `ValidationPipe`). Undefined where the
 * declared type fits the rules, or no rule names a type.
 */
function ruleDecides(s: TypeSources, dto: DtoResolver): TypeNode | undefined {
  if (s.dtoProperty !== true || s.transformerType !== undefined || s.rules.length === 0) return undefined;
  const declared = s.staticType !== undefined ? s.staticType : s.design;
  if (!AS_SENT.has(declared)) return undefined;
  const named: Named[] = s.rules.flatMap((r) => {
    const row = r.each ? undefined : (TYPE_RULES[r.name] ?? ERASED_TYPE_RULES[r.name]);
    return row !== undefined ? [{ by: decoratorOf(r.name), node: row(r.constraints) }] : [];
  });
  if (named.length === 0 || named.some((n) => fitsDesignType(n.node, declared))) return undefined;
  return mostSpecific(named, 'Object');
}

/** The primitive a `type` given beside an `enum` may be, by JSON kind. */
const ENUM_TYPES: Partial<Record<TypeNode['kind'], Function>> = { string: String, number: Number, boolean: Boolean };

/**
 * `{ type: String, enum: [...] }` (as DTOs are written for other tools too): the enum, when the type is
 * the plain `String`, `Number` or `Boolean` (or `Nullable` of one) its values fit; it keeps the type's
 * `nullable`. Any other pair is OLT015, never a type that silently drops the enum.
 */
function typedEnum(type: TypeNode, source: EnumSource): TypeNode {
  const listed = enumNode(source);
  const primitive = type.token === undefined && (type.kind !== 'string' || type.stringKind === 'plain') ? ENUM_TYPES[type.kind] : undefined;
  if (primitive === undefined || !fitsDesignType(listed, primitive))
    throw refuse(D.enumBesideType(describe(type), listed.numericEnum === true ? 'a numeric enum' : `${listed.enumType} values`));
  return type.nullable === true ? { ...listed, nullable: true } : listed;
}

/** `@Type(() => T)` (with a discriminator, the tagged union of its subtypes). */
function transformerNode(s: TypeSources, dto: DtoResolver): TypeNode {
  const d = s.discriminator;
  const hint = d !== undefined ? Discriminated(d.property, Object.fromEntries(d.subTypes.map((t) => [t.name, t.value]))) : s.transformerType!;
  return resolveHint(hint, dto);
}

/** A type some source names, with the source (a rule, or `@Type`) for messages. */
type Named = { readonly by: string; readonly node: TypeNode };

/**
 * The type of a DTO property whose design type was erased (v3.1), from its class-validator rules
 * and `@Type`: an array when the design type is `Array`, or `@IsArray()` or a rule with
 * `{ each: true }` says so (its elements named by `@Type` or the element rules), else the one type
 * the rules name. Undefined when none names a type; rules that name different types are OLT002.
 * The order of the decorators never matters: the most specific type that all of them allow wins.
 */
function erasedType(s: TypeSources, dto: DtoResolver): TypeNode | undefined {
  const what = s.design === Array ? 'Array' : 'Object';
  const named = (each: boolean): Named[] =>
    s.rules.flatMap((r) => {
      const row = r.each === each ? (TYPE_RULES[r.name] ?? ERASED_TYPE_RULES[r.name]) : undefined;
      return row !== undefined ? [{ by: decoratorOf(r.name), node: row(r.constraints) }] : [];
    });
  const byTransformer: Named[] = s.transformerType !== undefined ? [{ by: '@Type()', node: transformerNode(s, dto) }] : [];
  const array = s.design === Array || s.rules.some((r) => r.name === 'isArray' || r.each);
  if (!array) {
    const found = [...byTransformer, ...named(false)];
    return found.length > 0 ? mostSpecific(found, what) : undefined;
  }
  const stray = named(false);
  if (stray.length > 0) {
    const each = s.rules.find((r) => r.name === 'isArray') ?? s.rules.filter((r) => r.each).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0];
    const arrayBy =
      each === undefined ? 'the design type Array' : each.name === 'isArray' ? '@IsArray()' : `${decoratorOf(each.name).slice(0, -1)}{ each: true })`;
    throw refuse(D.erasedRulesDisagree(what, [arrayBy, ...[...new Set(stray.map((n) => n.by))].sort()]));
  }
  const items = [...byTransformer, ...named(true)];
  return items.length > 0 ? node('array', { items: mostSpecific(items, 'Array') }) : undefined;
}

/** The type that every other named type allows (an enum within strings, an integer within numbers, a DTO within objects). */
function mostSpecific(found: readonly Named[], what: 'Object' | 'Array'): TypeNode {
  const winner = found.find((c) => found.every((o) => narrows(c.node, o.node)));
  // Named in one order whatever the decorators' order (v3.1: order never matters).
  if (winner === undefined) throw refuse(D.erasedRulesDisagree(what, [...new Set(found.map((n) => n.by))].sort()));
  return winner.node;
}

/** Whether every value of type `a` is one of type `b` (as class-validator's type rules check them). */
function narrows(a: TypeNode, b: TypeNode): boolean {
  if (a === b) return true;
  const stringEnum = a.kind === 'enum' && a.enumType === 'string' && a.numericEnum !== true;
  const numericEnum = a.kind === 'enum' && (a.numericEnum === true || a.enumType === 'integer' || a.enumType === 'number');
  switch (b.kind) {
    case 'string':
      return b.stringKind === 'plain' && b.format === undefined
        ? a.kind === 'string' || stringEnum
        : a.kind === 'string' && a.stringKind === b.stringKind && a.format === b.format;
    case 'number':
      return a.kind === 'number' || a.kind === 'integer' || numericEnum;
    case 'integer':
      return a.kind === 'integer' || (a.kind === 'enum' && (a.numericEnum === true || a.enumType === 'integer'));
    case 'object':
      return a.kind === 'object' || a.kind === 'dto';
    case 'enum':
      return a.kind === 'enum' && JSON.stringify(a.enum) === JSON.stringify(b.enum) && a.numericEnum === b.numericEnum;
    case 'dto':
      return a.kind === 'dto' && a.cls === b.cls && a.shape === b.shape;
    default:
      return a.kind === b.kind && a.format === b.format;
  }
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

// ---- defaults ----------------------------------------------------------------------------------

/** A default as the schema writes it: its JSON form. */
export type WrittenDefault = { readonly value: unknown };

/**
 * The JSON form of a default given as a value (`@Param({ default })`, `@Prop({ default })`): an enum
 * member in the enum's JSON form (a numeric enum's value by its name, in an array too), a `Date` on a
 * date slot as its ISO text, a `Set` as an array, a `Map` as an object, JSON made only of literals as
 * it is (copied); undefined when it has none.
 */
export function defaultJson(value: unknown, n: TypeNode): WrittenDefault | undefined {
  if (value === undefined) return undefined;
  if (value === null) return { value: null };
  if (value instanceof Date && n.kind === 'date') return Number.isNaN(value.getTime()) ? undefined : { value: value.toISOString() };
  if (value instanceof Set && n.set === true) return defaultJson([...value], { ...n, set: false });
  if (value instanceof Map && n.kind === 'record') return defaultJson(Object.fromEntries(value), { ...n, map: false });
  const json = n.kind === 'enum' ? enumJsonOf(n, value) : Array.isArray(value) && n.items?.kind === 'enum' ? value.map((v) => enumJsonOf(n.items!, v)) : value;
  return isJsonLiteral(json, 0) ? { value: structuredClone(json) } : undefined;
}

/**
 * The JSON form of a default read from the source (a parameter's `= x`, a property's initializer):
 * a JSON literal, an enum member resolved through the slot's enum, `null` on a nullable slot only.
 */
export function sourceDefault(literal: LiteralDefault, n: TypeNode): WrittenDefault | undefined {
  // esbuild inlines enum members (`p = 2 /* High */`): a numeric enum's value is written by its name
  if (literal.kind === 'json') return { value: n.kind === 'enum' ? enumJsonOf(n, literal.value) : literal.value };
  if (literal.kind === 'null') return n.nullable ? { value: null } : undefined;
  if (literal.kind === 'member' && n.kind === 'enum' && n.enumMembers?.has(literal.member)) {
    return { value: n.enumMembers.get(literal.member) };
  }
  return undefined;
}

function isJsonLiteral(v: unknown, depth: number): boolean {
  if (depth > 32) return false;
  if (typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every((x) => isJsonLiteral(x, depth + 1));
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.values(v).every((x) => isJsonLiteral(x, depth + 1));
  }
  return false;
}

/** What a property's options and initializer make of its default, and whether it is required. */
export interface PropertyDefault {
  readonly required: boolean;
  /** Written as the property's `default`. */
  readonly default?: WrittenDefault;
  /** An absent property is given the default (`@Prop({ default })`); without it the instance's initializer stays. */
  readonly fillsDefault?: boolean;
}

/**
 * The default of a property (of a DTO class, or of an `ObjectOf` shape), from its options: `default`
 * is written in its JSON form (none is OLT015), given to the property when it is absent (that JSON
 * form, converted as an argument is: a DTO default becomes an instance, a numeric enum's name its
 * number), and makes it optional unless `optional: false`. Without one, the literal initializer of an optional property
 * is written (the instance keeps it when the property is absent); a required one's is not.
 * `optional` says whether anything else makes the property optional (`@IsOptional()`, `?`).
 */
export function propertyDefault(options: PropOptions, n: TypeNode, optional: boolean, initializer?: LiteralDefault): PropertyDefault {
  if (options.default !== undefined) {
    const written = defaultJson(options.default, n);
    if (written === undefined) throw refuse(D.defaultNotJson(describeValue(options.default)));
    return { required: options.optional === false, default: written, fillsDefault: true };
  }
  const required = options.optional === false || !optional;
  const written = !required && initializer !== undefined ? sourceDefault(initializer, n) : undefined;
  return { required, ...(written !== undefined ? { default: written } : {}) };
}

function describeValue(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'object' && v !== null) return `a ${v.constructor?.name ?? 'object'}`;
  return String(v);
}
