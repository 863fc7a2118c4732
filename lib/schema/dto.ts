import { DIAGNOSTICS as D, WARNINGS as W } from '../diagnostics';
import { ProblemList, refuse, ToolDefinitionError } from '../errors';
import { validatedKeys, validationPlan, validatorRules, type ValidatorRule } from '../metadata/class-validator';
import { transformerFacts, transformerKeys, type TransformerFacts } from '../metadata/class-transformer';
import { MEMBER_OPTION_NAMES, type ConstraintOptions, type PropOptions, type RangeRecord, type StaticPropertyMeta } from '../metadata/options';
import { readClassFields, readFieldOrder } from '../metadata/source';
import { swaggerFacts, type SwaggerFacts } from '../metadata/swagger';
import { lineage, peekRecord } from '../metadata/storage';
import type { Hint, ObjectHint } from '../types/hints';
import { incompleteNodes, node, objectTypeName, type MutableNode, type PropertyNode, type TransformMeta, type TypeNode } from '../types/node';
import { annotate } from './annotations';
import { jsonExamples } from './examples';
import type { DtoResolver } from '../types/resolve';
import { decoratorOf, PROP_OPTION_KEYS, propertyDefault, slotOptionsOf, slotType, sourceDefault } from './slot';
import { describeThrown } from '../thrown';

/**
 * DTO classes and `ObjectOf` shapes become closed objects. Built once per class (or shape hint) and
 * cached. A class that refers to itself, directly or through other classes or shapes, is one node on
 * a cycle of nodes: its node object exists (with an empty list of properties, filled in place) before
 * its properties are read, so that a slot naming a class still being built shares that list; every
 * class and shape on the cycle is marked `recursive` (written once in `$defs`, so a shape on a cycle
 * needs a name). A shape's properties are slots read exactly as a class's `@Prop` properties are (its
 * options are `@Prop`'s); only where they come from differs: a shape has no class, no
 * class-validator or class-transformer metadata and no design types, and its value is a plain object.
 */

/** A DTO class, or the hint of an `ObjectOf` shape. */
type ObjectSource = Function | ObjectHint;

const cache = new WeakMap<ObjectSource, { node: TypeNode; warnings: readonly string[] }>();
/** The classes and shapes being built, innermost last, with their nodes (shared while incomplete). */
const building: { source: ObjectSource; node: MutableNode }[] = [];
/** Types cached while an outermost build ran: dropped when it fails (they may hold its partial node). */
let cachedInBuild: ObjectSource[] = [];

export function dtoNode(source: ObjectSource, warnings: string[]): TypeNode {
  const cached = cache.get(source);
  if (cached !== undefined) {
    warnings.push(...cached.warnings);
    return cached.node;
  }
  const open = building.findIndex((b) => b.source === source);
  if (open >= 0) {
    // A cycle: every class and shape from this one to the innermost is on it.
    for (let i = open; i < building.length; i++) building[i]!.node.recursive = true;
    const anonymous = building.slice(open).find((b) => b.node.shape !== undefined && objectTypeName(b.node) === undefined);
    if (anonymous !== undefined) throw refuse(D.anonymousShapeCycle());
    return building[open]!.node;
  }
  const outermost = building.length === 0;
  const shape = typeof source === 'function' ? undefined : source;
  const owner = shape !== undefined ? objectTypeName({ kind: 'dto', nullable: false, shape }) : (source as Function).name;
  try {
    const own: string[] = [];
    const props: PropertyNode[] = [];
    const n = (
      shape !== undefined ? node('dto', { shape, properties: props, ...described(shape.of.description) }) : classNode(source as Function, props)
    ) as MutableNode;
    building.push({ source, node: n });
    incompleteNodes.add(n);
    let lossy = false;
    const slots = shape !== undefined ? shapeSlots(shape) : classSlots(source as Function);
    // Every property is read, past one that fails: the error lists each property's problem.
    const problems = new ProblemList();
    for (const { key, read } of slots) {
      const built = problems.run(() => {
        let slot: PropertySlot;
        try {
          slot = read();
        } catch (e) {
          throw atProperty(e, owner, key);
        }
        return property(owner, slot, own);
      });
      if (built === undefined) continue;
      props.push(built.prop);
      lossy ||= !!built.lossy;
    }
    problems.throwIfAny(owner !== undefined ? `class ${owner}` : 'an object type');
    // A class that declares no instance property at all is the closed empty object (v3); one that
    // declares properties none of which can be seen stays OLT013.
    if (shape === undefined && props.length === 0 && declaresProperty(source as Function)) {
      throw refuse(D.noPropertySeen(owner!));
    }
    // A shape has no class-validator rules to run: what its schema says is all that is checked.
    if (lossy && shape === undefined) n.validated = true;
    cache.set(source, { node: n, warnings: own });
    cachedInBuild.push(source);
    warnings.push(...own);
    return n;
  } catch (e) {
    if (outermost) for (const c of cachedInBuild) cache.delete(c);
    throw e instanceof ToolDefinitionError && owner !== undefined
      ? e.map((p) => (p.site.path === undefined && p.code !== 'OLT006' ? { path: owner } : undefined))
      : e;
  } finally {
    const top = building[building.length - 1];
    if (top?.source === source) {
      incompleteNodes.delete(top.node);
      building.pop();
    }
    if (outermost) cachedInBuild = [];
  }
}

/** A DTO class's node, before its properties are read. */
function classNode(cls: Function, props: PropertyNode[]): TypeNode {
  checkConstructible(cls);
  // The contract: the class-validator rules of every DTO hold on the hydrated instance, whatever the
  // schema says (its bounds may be ours, its counting differs). The invoker checks them: itself
  // where it reproduces a rule exactly (validationPlan), else through class-validator.
  const validation = validationPlan(cls);
  return node('dto', {
    cls,
    properties: props,
    validation,
    ...(validation.kind !== 'none' ? { validated: true } : {}),
    ...described(peekRecord(cls)?.description),
  });
}

/**
 * A class's `@Description` (a shape's `description`) is its node's own (v3.1): written on its fragment
 * where no slot carries a description of its own (a union member, an array item); a slot's wins.
 */
function described(text: string | undefined): { description?: string } {
  return text !== undefined ? { description: text } : {};
}

/**
 * What the type table needs from this layer (`resolveHint`): the nodes of DTO classes and shapes, and
 * of `AnyOf` members given as options. Both collect their warnings into `warnings`.
 */
export function hintReaders(warnings: string[]): DtoResolver {
  const readers: DtoResolver = { dto: (c) => dtoNode(c, warnings), member: (m) => unionMember(m, readers, warnings) };
  return readers;
}

/**
 * An `AnyOf` member given as a slot's options (v3.1): its type (`type`, or `enum`) annotated as a
 * slot's is, its description and constraints its own. A plain object that is not options is left to
 * the type table (an enum object); options with a misspelt key are OLT015.
 */
function unionMember(value: object, readers: DtoResolver, warnings: string[]): TypeNode | undefined {
  const options = slotOptionsOf(value, MEMBER_OPTION_NAMES, 'An AnyOf member') as ConstraintOptions | undefined;
  if (options === undefined) {
    // An enum object holds only strings and numbers: anything else is options with a misspelt key (`tpye`).
    const misspelt = Object.values(value).some((v) => typeof v !== 'string' && typeof v !== 'number')
      ? Object.keys(value).find((k) => !MEMBER_OPTION_NAMES.has(k))
      : undefined;
    if (misspelt !== undefined) throw refuse(D.unknownOption('An AnyOf member', misspelt, [...MEMBER_OPTION_NAMES]));
    return undefined;
  }
  if (options.type === undefined && options.enum === undefined) throw refuse(D.memberWithoutType(Object.keys(options)));
  let n = slotType({ design: undefined, hasDesign: true, explicit: options.type, enumSource: options.enum, rules: [] }, readers);
  n = annotate(n, { options: { ...options, description: undefined }, rules: [], warnings });
  const description = options.description ?? n.description;
  n = { ...n, nullable: n.nullable || options.nullable === true, ...described(description) };
  if (options.examples !== undefined) n = { ...n, examples: jsonExamples(options.examples, false) };
  return n;
}

/**
 * Whether a class (or a base) declares an instance property: one the storages know of, a field or a
 * constructor assignment in its source, a property the plugin recorded, or an own property of a new
 * instance (a field is one even without an initializer when fields are emitted). What none of these
 * shows is an undecorated property without an initializer whose field is not emitted (targets before
 * ES2022, `useDefineForClassFields: false`): such a class reads as empty (README, "Empty objects").
 */
function declaresProperty(cls: Function): boolean {
  for (const c of lineage(cls)) {
    const record = peekRecord(c);
    if ((record?.props.size ?? 0) > 0 || (record?.decorated.length ?? 0) > 0 || (record?.staticMeta?.properties?.length ?? 0) > 0) return true;
    if (validatedKeys(c).length > 0 || transformerKeys(c).length > 0 || readClassFields(c).declares) return true;
  }
  return Reflect.ownKeys(Reflect.construct(cls, []) as object).length > 0;
}

function checkConstructible(cls: Function): void {
  try {
    Reflect.construct(cls, []);
  } catch (e) {
    throw refuse(D.notConstructible(cls.name, describeThrown(e, false)));
  }
}

/** Base class first; within a class, the order in the source (fields as emitted, else decorator order). */
function orderedProperties(cls: Function): { key: string; owner: Function }[] {
  const seen = new Set<string>();
  const out: { key: string; owner: Function }[] = [];
  for (const c of lineage(cls)) {
    const record = peekRecord(c);
    const candidates = new Set<string>([
      ...(record?.props.keys() ?? []),
      ...validatedKeys(c),
      ...transformerKeys(c),
      ...(record?.staticMeta?.properties?.map((p) => p.key) ?? []),
    ]);
    const order = [...readFieldOrder(c), ...(record?.decorated ?? []), ...(record?.staticMeta?.properties?.map((p) => p.key) ?? []), ...candidates];
    for (const key of order) {
      if (!candidates.has(key) || seen.has(key) || isAccessorOrMethod(c, key)) continue;
      seen.add(key);
      out.push({ key, owner: c });
    }
  }
  return out;
}

function isAccessorOrMethod(cls: Function, key: string): boolean {
  for (let p = cls.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d !== undefined) return d.get !== undefined || d.set !== undefined || typeof d.value === 'function';
  }
  return false;
}

/**
 * What one property says about itself, wherever it is written: a DTO class's metadata (our records,
 * class-validator, class-transformer, design types, the plugin's static types) or a shape's options.
 */
interface PropertySlot {
  readonly key: string;
  readonly options: PropOptions;
  readonly range?: RangeRecord;
  readonly description?: string;
  readonly staticProp?: StaticPropertyMeta;
  readonly design: unknown;
  readonly hasDesign: boolean;
  readonly ct: TransformerFacts;
  readonly allRules: readonly ValidatorRule[];
  /** The initializer the class source declares for it (a DTO class only). */
  readonly initializer?: ReturnType<typeof initializerOf>;
  /**
   * The value an instance constructed without arguments holds, where the initializer is not a literal
   * the source shows (`range = DEFAULT_DATE_RANGE`) and that value is defined: class-transformer keeps
   * it for an absent key, as it keeps a literal (v3.1, "Initializers are defaults").
   */
  readonly constructed?: { readonly value: unknown };
  /** What `@nestjs/swagger` says of it (v3.2): a type for an erased slot, a description, examples, constraints told. */
  readonly swagger?: SwaggerFacts;
}

/** The slots of a class's properties, each read when its turn comes (in property order). */
function classSlots(cls: Function): { key: string; read: () => PropertySlot }[] {
  return orderedProperties(cls).map(({ key }) => ({ key, read: () => classSlot(cls, key) }));
}

function classSlot(cls: Function, key: string): PropertySlot {
  const ct = transformerFacts(cls, key);
  // Our own records: the most derived class wins, field by field.
  let options: PropOptions = {};
  let range: RangeRecord | undefined;
  let description: string | undefined;
  let staticProp: StaticPropertyMeta | undefined;
  for (const c of lineage(cls)) {
    const r = peekRecord(c);
    const slot = r?.props.get(key);
    const misspelt = slot?.misspelt?.[0];
    if (misspelt !== undefined) throw refuse(D.unknownOption('@Prop', misspelt, [...PROP_OPTION_KEYS]));
    if (slot?.options) options = { ...options, ...slot.options };
    if (slot?.range) range = slot.range;
    if (slot?.description !== undefined) description = slot.description;
    staticProp = r?.staticMeta?.properties?.find((p) => p.key === key) ?? staticProp;
  }
  // The plugin's doc tags (`@minimum 1`) are options too, below every option written in a decorator.
  if (staticProp?.tags !== undefined) options = { ...staticProp.tags, ...options };
  const R = Reflect as unknown as { getMetadata?: (k: string, t: object, p: string) => unknown; hasMetadata?: (k: string, t: object, p: string) => boolean };
  const hasDesign = typeof R.hasMetadata === 'function' && R.hasMetadata('design:type', cls.prototype, key);
  const design = hasDesign ? R.getMetadata!('design:type', cls.prototype, key) : staticProp?.design;
  const initializer = initializerOf(cls, key);
  // A class whose source shows no field for the key (a mapped type's constructor copies its source's
  // initializers, v3.2) is read through an instance too.
  const constructed = initializer === undefined || initializer.kind === 'none' || initializer.kind === 'member' ? constructedValue(cls, key) : undefined;
  const swagger = swaggerFacts(cls, key);
  return {
    key,
    options,
    ...(range !== undefined ? { range } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(staticProp !== undefined ? { staticProp } : {}),
    design,
    hasDesign: hasDesign || staticProp?.type !== undefined || staticProp?.design !== undefined,
    ct,
    allRules: validatorRules(cls, key),
    initializer,
    ...(constructed !== undefined ? { constructed } : {}),
    ...(swagger !== undefined ? { swagger } : {}),
  };
}

/** One instance of each DTO class constructed without arguments (undefined when it throws), read for non-literal initializers. */
const instances = new WeakMap<Function, { readonly instance: object | undefined }>();

/**
 * What an instance constructed without arguments holds for a property whose initializer is an
 * expression the source does not show as a literal (an identifier, a call). Constructed once per
 * class; an own data property only (a getter is not run); a constructor that throws reads nothing
 * (classNode refuses the class with OLT013).
 */
function constructedValue(cls: Function, key: string): { value: unknown } | undefined {
  let entry = instances.get(cls);
  if (entry === undefined) {
    let instance: object | undefined;
    try {
      const made: unknown = Reflect.construct(cls, []);
      instance = typeof made === 'object' && made !== null ? made : undefined;
    } catch {
      instance = undefined;
    }
    entry = { instance };
    instances.set(cls, entry);
  }
  if (entry.instance === undefined) return undefined;
  const d = Object.getOwnPropertyDescriptor(entry.instance, key);
  return d !== undefined && 'value' in d && d.value !== undefined && d.value !== null ? { value: d.value } : undefined;
}

/** No class-transformer facts: a shape's property is read and assigned as it is. */
const NO_TRANSFORMER: TransformerFacts = Object.freeze({ exposed: false, excluded: false, transforms: Object.freeze([]) });

/** The slots of a shape's properties, in the order given: each a hint, or `@Prop`'s options with the hint as `type`. */
function shapeSlots(shape: ObjectHint): { key: string; read: () => PropertySlot }[] {
  const given = shape.of.properties;
  return Object.keys(given).map((key) => ({
    key,
    read: () => {
      if (key === '__proto__') throw refuse(D.protoProperty());
      return { key, options: propertyOptions(given[key]), design: undefined, hasDesign: true, ct: NO_TRANSFORMER, allRules: [] };
    },
  }));
}

/**
 * A shape property's options: given as options (as `Tool.create`'s `params` are read), else the hint
 * itself. Options with a key that is no option (misspelt, or `@Param`'s `name`) are refused: read as a
 * hint, they would be an enum object.
 */
function propertyOptions(p: unknown): PropOptions {
  return (slotOptionsOf(p, PROP_OPTION_KEYS, 'ObjectOf') as PropOptions | undefined) ?? { type: p as Hint };
}

/** One property's node: its type from its sources, annotated, with its description, optionality and transforms. */
function property(
  owner: string | undefined,
  slot: PropertySlot,
  warnings: string[],
): { prop: PropertyNode; rules: readonly ValidatorRule[]; lossy?: boolean } | undefined {
  const { key, ct, options, range, description, staticProp, design, hasDesign, allRules, initializer, constructed, swagger } = slot;
  if (ct.excluded) return undefined;
  // Under @ValidateIf the property's rules hold only when its condition does, which a schema cannot
  // say (v3.1): the property may be left out, its rules are phrases, class-validator decides at call
  // time; a rule names no more of the type than its JSON kind (the TypeScript type is the contract).
  const conditional = allRules.some((r) => r.name === 'validateIf');
  const rules = conditional ? allRules.flatMap(kindOnly) : allRules;
  const before = warnings.length;
  const where = owner !== undefined ? `${owner}.${key}` : key;
  try {
    let n = slotType(
      {
        design,
        hasDesign,
        explicit: options.type,
        enumSource: options.enum,
        staticType: staticProp?.type,
        transformerType: ct.type,
        ...(ct.discriminator !== undefined ? { discriminator: ct.discriminator } : {}),
        rules,
        dtoProperty: true,
        ...(initializer?.kind === 'json' ? { literal: initializer.value } : {}),
        ...(swagger?.type !== undefined ? { swagger: { type: swagger.type, by: swagger.by } } : {}),
        report: {
          untyped: (as) => warnings.push(W.untyped(where, as)),
          disagree: (winner, loser) => warnings.push(W.typesDisagree(where, winner, loser)),
        },
      },
      hintReaders(warnings),
    );
    const typeDescription = objectTypeDescription(n);
    const phrases: string[] = [];
    n = annotate(n, { options, range, rules: allRules, warnings, phrases, conditional });
    const isOptional = allRules.some((r) => r.name === 'isOptional');
    const nullable = nullability(
      owner,
      key,
      {
        typeSaysNull: n.nullable || options.nullable === true || staticProp?.nullable === true,
        // v3.1: class-validator's @IsOptional() takes null as well as absence; where the design type
        // was erased and no hint says the type, the type takes null too (and null reaches the method).
        // A property declared by a literal initializer alone (`page = 1`) has the design type Object
        // because it has no annotation, not because a `| null` was erased: its type is the literal's.
        // `Array` is only ever `T[]` itself (under strictNullChecks `T[] | null` is Object): no null.
        // The plugin records the design type `Object` where plain tsc erased a written `T | null` or
        // `T | undefined`: the same schema as the reflector's, though it knows the type.
        erasedOptional:
          isOptional &&
          design === Object &&
          options.type === undefined &&
          options.enum === undefined &&
          (staticProp?.type === undefined || staticProp.design === Object) &&
          initializer?.kind !== 'json',
        conditional,
        isOptional,
        rules: allRules,
      },
      warnings,
    );
    // What swagger documents beside the type is told, never enforced (v3.2: class-validator stays the judge).
    if (swagger !== undefined) phrases.push(...swaggerPhrases(swagger, n));
    const text = withPhrases(description ?? options.description ?? staticProp?.description ?? swagger?.description ?? typeDescription, phrases);
    n = { ...n, nullable, ...(text !== undefined ? { description: text } : {}) };
    if (options.examples !== undefined) n = { ...n, examples: jsonExamples(options.examples, false) };
    else if (swagger?.examples !== undefined) n = withSwaggerExamples(n, swagger.examples, where, warnings);
    // `@Allow()` alone checks nothing, so class-validator passes an absent property (v3.1).
    const allowedOnly = allRules.length > 0 && allRules.every((r) => r.name === 'allow');
    const optionalByValidator = conditional || isOptional || allowedOnly;
    const optional = optionalByValidator || options.optional === true || staticProp?.optional === true;
    // v3.1: a literal initializer is a default (class-transformer constructs the instance, so an
    // absent key keeps it), unless @IsDefined() or @Prop({ optional: false }) keeps the property required.
    const keptRequired = options.optional === false || allRules.some((r) => r.name === 'isDefined');
    const byInitializer =
      !optional &&
      !keptRequired &&
      options.default === undefined &&
      ((initializer !== undefined && initializerDefault(initializer, n)) || constructed !== undefined);
    // A non-literal initializer (read from a constructed instance) makes the property optional, and
    // writes no default: only a literal is one (v3.1), a call such as `Date.now()` differs per instance.
    const d = propertyDefault(options, n, optional || byInitializer, initializer);
    for (const idiom of parsingIdioms(ct.transforms)) {
      warnings.push(
        `@Transform on ${key} ${idiom}, a query-string idiom: the model sends JSON, so the value reaches the transform already as its JSON type and the idiom does not apply (a transform that then throws refuses the argument). Accept the JSON type in the transform.`,
      );
    }
    const transforms = ct.transforms.length > 0 ? { transforms: ct.transforms, ...(ct.type !== undefined ? { transformsConverted: true } : {}) } : {};
    const skip = !d.required && !optionalByValidator && !byInitializer && allRules.length > 0 ? { skipWhenAbsent: true } : {};
    const defaults = { ...(d.default !== undefined ? { default: d.default } : {}), ...(d.fillsDefault === true ? { fillsDefault: true } : {}) };
    // A value the condition lets through is passed as sent: `null` is not turned into absence.
    const keepsNull = conditional ? { keepsNull: true } : {};
    const lossy = warnings.length > before;
    // Not lossy: the schema and the invoker agree (a date-time string, converted to a Date), only
    // class-validator on its own would refuse.
    if (!conditional && dateWithoutType(n, ct, allRules)) warnings.push(W.dateWithoutType(owner !== undefined ? `${owner}.${key}` : key));
    return {
      prop: { key, name: ct.exposedName ?? key, required: d.required, ...skip, ...keepsNull, node: n, ...transforms, ...defaults },
      rules: allRules,
      lossy,
    };
  } catch (e) {
    throw atProperty(e, owner, key);
  }
}

/**
 * What the source text of a property's `@Transform` functions shows of parsing text into another
 * JSON type, the way query strings are read (a cheap look at the text, not a proof): `JSON.parse`,
 * a comparison with `'true'` or `'false'`, a `.split(` of the value, or the other way, any value
 * made text (`` `${value}` ``, `String(value)`), which class-validator then takes whatever was sent.
 */
function parsingIdioms(transforms: readonly TransformMeta[]): string[] {
  const found = new Set<string>();
  for (const t of transforms) {
    let text: string;
    try {
      text = Function.prototype.toString.call(t.transformFn);
    } catch {
      continue;
    }
    if (text.length > 10_000) continue;
    if (/\bJSON\s*\.\s*parse\s*\(/.test(text)) found.add('calls JSON.parse');
    if (/[=!]==?\s*(['"`])(?:true|false)\1|(['"`])(?:true|false)\2\s*[=!]==?/.test(text)) found.add("compares the value with 'true' or 'false'");
    if (/\.\s*split\s*\(/.test(text)) found.add('splits text');
    if (/\$\{\s*value\s*\}|\bString\s*\(\s*value\s*\)/.test(text)) found.add('converts any value to text');
  }
  return [...found];
}

/**
 * A type rule under `@ValidateIf` as the JSON kind it names (`@IsUUID` a string, `@IsInt` a
 * number): the rest of what it says is a phrase, since it holds only when the condition does.
 */
function kindOnly(r: ValidatorRule): ValidatorRule[] {
  const as = (name: string): ValidatorRule[] => [{ name, constraints: [], each: r.each }];
  switch (r.name) {
    case 'isInt':
      return as('isNumber');
    case 'isUuid':
    case 'isEmail':
    case 'isUrl':
      return as('isString');
    case 'isEnum':
    case 'isIn': {
      const values = Array.isArray(r.constraints[0])
        ? (r.constraints[0] as unknown[])
        : typeof r.constraints[0] === 'object' && r.constraints[0] !== null
          ? Object.entries(r.constraints[0])
              .filter(([k, v]) => !(/^-?\d+(\.\d+)?$/.test(k) && typeof v === 'string'))
              .map(([, v]) => v as unknown)
          : [];
      const kinds = new Set(values.map((v) => typeof v));
      return kinds.size !== 1 ? [] : kinds.has('string') ? as('isString') : kinds.has('number') ? as('isNumber') : kinds.has('boolean') ? as('isBoolean') : [];
    }
    default:
      return [r];
  }
}

/**
 * Swagger's constraints (`format`, bounds, lengths, `pattern`) as phrases (v3.2): what the API
 * documentation states, which class-validator's rules may not enforce. One the schema already says
 * by the same keyword and value is left out.
 */
function swaggerPhrases(f: SwaggerFacts, n: TypeNode): string[] {
  const said = n as unknown as Readonly<Record<string, unknown>>;
  return f.constraints
    .filter(
      ([k, v]) => said[k] !== v && !(k === 'format' && n.kind === 'date') && !(k === 'integer' && n.kind === 'integer') && !(k === 'enum' && n.kind === 'enum'),
    )
    .map(([k, v]) =>
      k === 'integer'
        ? 'Documented as an integer.'
        : k === 'enum'
          ? `Documented values: ${(v as unknown[]).map((x) => JSON.stringify(x)).join(', ')}.`
          : `Documented ${SWAGGER_WORDS[k] ?? k}: ${typeof v === 'string' ? v : JSON.stringify(v)}.`,
    );
}

const SWAGGER_WORDS: Readonly<Record<string, string>> = {
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusive minimum',
  exclusiveMaximum: 'exclusive maximum',
  multipleOf: 'multiple of',
  minLength: 'minimum length',
  maxLength: 'maximum length',
  minItems: 'minimum items',
  maxItems: 'maximum items',
  uniqueItems: 'unique items',
};

/**
 * Swagger's `example`/`examples` as the slot's examples (v3.2), where they are JSON values of the
 * slot's JSON type; any other one is left out and the definition says so. They are told, not a check
 * of the definition (a team's documentation example does not stop its tools from building).
 */
function withSwaggerExamples(n: TypeNode, given: readonly unknown[], where: string, warnings: string[]): TypeNode {
  const kept: unknown[] = [];
  for (const example of given) {
    let json: readonly unknown[];
    try {
      json = jsonExamples([example], false);
    } catch {
      json = [];
    }
    if (json.length === 1 && fitsKind(json[0], n)) kept.push(json[0]);
    else warnings.push(W.swaggerExample(where, shortJson(example), n.kind));
  }
  return kept.length > 0 ? { ...n, examples: Object.freeze(kept), examplesTold: true } : n;
}

/** Whether a JSON value is of a node's JSON type (an enum's values, an integer's integers). */
function fitsKind(v: unknown, n: TypeNode): boolean {
  if (v === null) return n.nullable || n.kind === 'any';
  switch (n.kind) {
    case 'any':
      return true;
    case 'string':
    case 'date':
    case 'url':
    case 'bytes':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number';
    case 'integer':
    case 'bigint':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'enum':
      return (n.enum ?? []).includes(v as never);
    case 'array':
      return Array.isArray(v) && (n.items === undefined || v.every((x) => fitsKind(x, n.items!)));
    case 'union':
      return (n.members ?? []).some((m) => fitsKind(v, m));
    default:
      return typeof v === 'object' && !Array.isArray(v);
  }
}

function shortJson(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The DTO properties that no source types (v3.2), anywhere under a slot's node, as `Owner.key`
 * with what they accept: `check` lists them, `strictTypes` refuses them (OLT016).
 */
export function untypedSlots(
  n: TypeNode | undefined,
  found: { path: string; as: NonNullable<TypeNode['untyped']> }[] = [],
  seen = new Set<TypeNode>(),
): { path: string; as: NonNullable<TypeNode['untyped']> }[] {
  if (n === undefined || seen.has(n)) return found;
  seen.add(n);
  const owner = objectTypeName(n) ?? 'object';
  for (const p of n.properties ?? []) {
    if (p.node.untyped !== undefined) found.push({ path: `${owner}.${p.key}`, as: p.node.untyped });
    untypedSlots(p.node, found, seen);
  }
  untypedSlots(n.items, found, seen);
  untypedSlots(n.values, found, seen);
  for (const m of n.members ?? []) untypedSlots(m, found, seen);
  return found;
}

/** A definition error placed at a property (`Owner.key`, or `key` in an anonymous shape). */
function atProperty(e: unknown, owner: string | undefined, key: string): unknown {
  return e instanceof ToolDefinitionError ? e.at({ path: owner !== undefined ? `${owner}.${key}` : key }) : e;
}

/**
 * The description a slot of a DTO class or shape falls back to: the class's `@Description` (or its
 * plugin-read comment), the shape's `description`.
 */
export function objectTypeDescription(n: TypeNode): string | undefined {
  if (n.kind !== 'dto') return undefined;
  return n.cls !== undefined ? peekRecord(n.cls)?.description : n.shape?.of.description;
}

/**
 * `@IsDate()` on a `Date` property (or its elements) with neither `@Type(() => Date)` nor a
 * `@Transform`: class-transformer leaves the JSON string a string, so class-validator on its own
 * (a NestJS ValidationPipe without enableImplicitConversion) refuses every JSON value; this library
 * converts the date-time string and accepts it, and the definition says so. (Not under a
 * `@ValidateIf`, whose rules are phrases that class-validator itself checks at call time.)
 */
function dateWithoutType(n: TypeNode, ct: TransformerFacts, rules: readonly ValidatorRule[]): boolean {
  const isDate = (x: TypeNode | undefined): boolean => x?.kind === 'date';
  return (
    rules.some((r) => r.name === 'isDate') && ct.type === undefined && ct.transforms.length === 0 && (isDate(n) || (n.kind === 'array' && isDate(n.items)))
  );
}

/** Rules that take null (class-validator runs them on it and they pass, or it skips them). */
const NULL_TAKING = new Set(['allow', 'isOptional', 'validateIf', 'isEmpty']);

/**
 * Whether a property's type takes null (v3.1, "null where class-validator takes it"): where its
 * type says `| null` (the plugin, `Nullable`, `nullable: true`) but its rules refuse null (no
 * `@IsOptional()`, no `@ValidateIf()`), the schema does not offer null and the definition warns.
 */
function nullability(
  owner: string | undefined,
  key: string,
  f: { typeSaysNull: boolean; erasedOptional: boolean; conditional: boolean; isOptional: boolean; rules: readonly ValidatorRule[] },
  warnings: string[],
): boolean {
  if (f.erasedOptional) return true;
  if (!f.typeSaysNull) return false;
  const refusing = f.rules.filter((r) => !NULL_TAKING.has(r.name));
  if (f.conditional || f.isOptional || refusing.length === 0) return true;
  warnings.push(W.nullRefused(owner !== undefined ? `${owner}.${key}` : key, [...new Set(refusing.map((r) => decoratorOf(r.name)))]));
  return false;
}

/** Whether an initializer is a literal that the schema writes as the property's default (v3.1). */
function initializerDefault(initializer: NonNullable<PropertySlot['initializer']>, n: TypeNode): boolean {
  const written = sourceDefault(initializer, n);
  return written !== undefined && written.value !== null;
}

/** The initializer of a property as the source declares it: the most derived class that declares the field. */
function initializerOf(cls: Function, key: string) {
  const chain = lineage(cls);
  for (let i = chain.length - 1; i >= 0; i--) {
    const found = readClassFields(chain[i]!).initializers.get(key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A slot's description with the phrases of the rules that no keyword says appended. */
function withPhrases(text: string | undefined, phrases: readonly string[]): string | undefined {
  if (phrases.length === 0) return text;
  return text === undefined || text === '' ? phrases.join(' ') : `${text} ${phrases.join(' ')}`;
}
