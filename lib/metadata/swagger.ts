import { AnyOf, isThunk, Nullable, token, type Hint } from '../types/hints';
import { lineage } from './storage';

/**
 * The one place that reads what `@nestjs/swagger` records about a DTO property, without loading the
 * package (an optional peer: nothing of it is loaded unless the application loads it). Two stores,
 * both public contracts of that package: the options of `@ApiProperty`/`@ApiPropertyOptional` under
 * the reflect-metadata key `swagger/apiModelProperties` (per property; `swagger/apiModelPropertiesArray`
 * lists the names), and the static `_OPENAPI_METADATA_FACTORY()` that its CLI plugin compiles into
 * each DTO class. As swagger merges them, a decorator's option wins over the plugin's, and a derived
 * class's over its base's. When the application never loaded `@nestjs/swagger`, neither store
 * exists and reading costs one metadata lookup per class.
 */

const PROPERTIES = 'swagger/apiModelProperties';
const PROPERTY_NAMES = 'swagger/apiModelPropertiesArray';
const FACTORY = '_OPENAPI_METADATA_FACTORY';

/** What swagger says about one property: the type it names, and what it tells people. */
export interface SwaggerFacts {
  /** The type swagger names (`type`, `isArray`, `enum`, `nullable`, `oneOf`/`anyOf` with types), as a hint. */
  readonly type?: Hint;
  /** How it was named, for messages: `@ApiProperty({ type: FileDto })`, or the CLI plugin's. */
  readonly by: string;
  readonly description?: string;
  /** `example`, else `examples` (an array, or an object of named examples whose `value`s are taken). */
  readonly examples?: readonly unknown[];
  /**
   * What swagger documents beyond the JSON type (`format`, bounds, lengths, `pattern`, an `enum`'s
   * values, `integer`): told, never enforced, since class-validator's rules are the judge.
   */
  readonly constraints: readonly (readonly [string, unknown])[];
  /** `required: false`, `nullable`, as swagger says them. */
  readonly required?: boolean;
  readonly nullable?: boolean;
}

type Options = Readonly<Record<string, unknown>>;

type MetadataReflect = { getMetadata?: (k: string, t: object, p?: string) => unknown };

/** Per class: whether any class of its lineage carries swagger metadata, and the plugin's merged factory output. */
const perClass = new WeakMap<Function, { readonly decorated: boolean; readonly factory: Readonly<Record<string, Options>> | undefined }>();

function classFacts(cls: Function): { readonly decorated: boolean; readonly factory: Readonly<Record<string, Options>> | undefined } {
  let entry = perClass.get(cls);
  if (entry !== undefined) return entry;
  const R = Reflect as unknown as MetadataReflect;
  const names = typeof R.getMetadata === 'function' ? R.getMetadata(PROPERTY_NAMES, cls.prototype as object) : undefined;
  let factory: Record<string, Options> | undefined;
  // Base first, so that a derived class's factory wins.
  for (const c of lineage(cls)) {
    const f: unknown = Object.prototype.hasOwnProperty.call(c, FACTORY) ? (c as unknown as Record<string, unknown>)[FACTORY] : undefined;
    if (typeof f !== 'function') continue;
    let made: unknown;
    try {
      made = (f as () => unknown).call(c);
    } catch {
      continue;
    }
    if (typeof made === 'object' && made !== null) factory = { ...factory, ...(made as Record<string, Options>) };
  }
  entry = { decorated: Array.isArray(names) && names.length > 0, factory };
  perClass.set(cls, entry);
  return entry;
}

/** What `@nestjs/swagger` says about a property of a DTO class; undefined when it says nothing. */
export function swaggerFacts(cls: Function, key: string): SwaggerFacts | undefined {
  const c = classFacts(cls);
  const fromFactory = c.factory?.[key];
  const R = Reflect as unknown as MetadataReflect;
  const fromDecorator = c.decorated ? (R.getMetadata!(PROPERTIES, cls.prototype as object, key) as Options | undefined) : undefined;
  if (fromFactory === undefined && fromDecorator === undefined) return undefined;
  const plugin: Options = typeof fromFactory === 'object' && fromFactory !== null ? fromFactory : {};
  const decorator: Options = typeof fromDecorator === 'object' && fromDecorator !== null ? fromDecorator : {};
  // `@ApiProperty()` without a type records the design type (`Object` where tsc erased it): the plugin's type then stands.
  const o: Options = { ...plugin, ...decorator, ...(hintOf(decorator['type']) === undefined && plugin['type'] !== undefined ? { type: plugin['type'] } : {}) };
  const by = hintOf(decorator['type']) !== undefined || fromFactory === undefined ? '@ApiProperty()' : "the swagger CLI plugin's metadata";
  const type = typeOf(o);
  const examples = examplesOf(o);
  const listed = enumValuesOf(o);
  const constraints: (readonly [string, unknown])[] = [
    ...(o['type'] === 'integer' || (o['type'] === 'array' && (o['items'] as Options | undefined)?.['type'] === 'integer') ? [['integer', true] as const] : []),
    ...(listed !== undefined ? [['enum', listed] as const] : []),
    ...CONSTRAINTS.filter((k) => o[k] !== undefined).map((k) => [k, o[k]] as const),
  ];
  return {
    ...(type !== undefined ? { type } : {}),
    by,
    ...(typeof o['description'] === 'string' ? { description: o['description'] } : {}),
    ...(examples !== undefined ? { examples } : {}),
    constraints,
    ...(typeof o['required'] === 'boolean' ? { required: o['required'] } : {}),
    ...(o['nullable'] === true ? { nullable: true } : {}),
  };
}

/** What swagger documents beside a type: told to the model as phrases, never enforced. */
const CONSTRAINTS = [
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

/** Swagger's type names (`type: 'integer'`) as hints. */
const NAMED: Readonly<Record<string, () => Hint>> = {
  string: () => String,
  number: () => Number,
  // class-validator takes any number where no rule says integer: `integer` is told (a constraint).
  integer: () => Number,
  boolean: () => Boolean,
  object: () => token('JsonObject'),
  array: () => token('JsonArray'),
};

/** A `type` option (a class, a thunk, `[X]`, or a name) as a hint; undefined when it names none. */
function hintOf(type: unknown, depth = 0): Hint | undefined {
  if (depth > 8 || type === undefined || type === null) return undefined;
  if (typeof type === 'string') return NAMED[type]?.();
  if (Array.isArray(type)) {
    const inner = type.length === 1 ? hintOf(type[0], depth + 1) : undefined;
    return inner !== undefined ? [inner] : undefined;
  }
  if (isThunk(type)) {
    let value: unknown;
    try {
      value = (type as () => unknown)();
    } catch {
      return undefined;
    }
    return hintOf(value, depth + 1);
  }
  // `Object` and `Array` name nothing more than an erased design type did.
  if (typeof type === 'function' && type !== Object && type !== Array) return type;
  return undefined;
}

/**
 * An enum option's values (values, an enum object without a numeric enum's reverse names, or a thunk
 * of either); undefined when it holds anything else.
 */
function enumOf(e: unknown): readonly (string | number | boolean)[] | undefined {
  let value = e;
  if (isThunk(e)) {
    try {
      value = (e as () => unknown)();
    } catch {
      return undefined;
    }
  }
  const values = Array.isArray(value)
    ? (value as unknown[])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .filter(([k, v]) => !(/^-?\d+(\.\d+)?$/.test(k) && typeof v === 'string'))
          .map(([, v]) => v as unknown)
      : [];
  return values.length > 0 && values.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    ? (values as (string | number | boolean)[])
    : undefined;
}

/** The values of the property's `enum` (or its items'). */
function enumValuesOf(o: Options): readonly (string | number | boolean)[] | undefined {
  const items = o['items'] as Options | undefined;
  if (o['type'] === 'array' && typeof items === 'object' && items !== null && items['enum'] !== undefined) return enumOf(items['enum']);
  return o['enum'] !== undefined ? enumOf(o['enum']) : undefined;
}

/**
 * The JSON type of an enum's values: an enum narrows a value that class-validator takes as any
 * string (or number), so its values are told, not enforced (v3.2).
 */
function kindOf(values: readonly (string | number | boolean)[]): Hint | undefined {
  const kinds = new Set(values.map((v) => typeof v));
  if (kinds.size !== 1) return undefined;
  return kinds.has('string') ? String : kinds.has('number') ? Number : Boolean;
}

function typeOf(o: Options): Hint | undefined {
  let hint: Hint | undefined;
  const members = (['oneOf', 'anyOf'] as const).map((k) => o[k]).find((m) => Array.isArray(m) && m.length > 1) as readonly Options[] | undefined;
  if (members !== undefined) {
    const hints = members.map((m) => (typeof m === 'object' && m !== null ? hintOf(m['type']) : undefined));
    if (hints.every((h) => h !== undefined)) hint = AnyOf(...(hints as Hint[]));
  }
  const items = o['items'] as Options | undefined;
  const listed = enumValuesOf(o);
  if (hint === undefined) {
    if (listed !== undefined) {
      const kind = kindOf(listed);
      hint = kind === undefined ? undefined : o['type'] === 'array' || o['isArray'] === true ? [kind] : kind;
    } else {
      const type = hintOf(o['type']);
      const element = o['type'] === 'array' && typeof items === 'object' && items !== null ? hintOf(items['type']) : undefined;
      hint = element !== undefined ? [element] : type !== undefined && o['isArray'] === true ? [type] : type;
    }
  }
  return hint !== undefined && o['nullable'] === true ? Nullable(hint) : hint;
}

function examplesOf(o: Options): readonly unknown[] | undefined {
  if (o['example'] !== undefined) return [o['example']];
  const ex = o['examples'];
  if (Array.isArray(ex)) return ex;
  if (typeof ex === 'object' && ex !== null) {
    const values = Object.values(ex).flatMap((v) => (typeof v === 'object' && v !== null && 'value' in v ? [(v as { value: unknown }).value] : []));
    return values.length > 0 ? values : undefined;
  }
  return undefined;
}
