import { PLAIN_TO_CLASS, type NodeKind, type TransformMeta, type TypeNode } from '../../types/node';
import { validatorModule, type ValidationErrorLike } from './peers';
import { decodeBase64, parseDateTime, parseUri } from './formats';
import { validatorReason, type ArgumentProblem } from './messages';
import { cachedBy } from '../../cache';
import { nodeValidator } from './validate';
import { pointerOf, setOwn } from '../../json';
import { copyJson } from './defaults';
import { describeRefusal } from '../../thrown';

/**
 * Hydration: JSON values (already valid for the enforced schema) become what the method receives,
 * directed by the type tree. One converter is compiled per node, once; a node whose values arrive
 * as they are compiles to none. DTOs are built as the contract's "Hydration" says: `new Dto()`,
 * each present property assigned its converted value under its declared key (nested DTOs first),
 * class-transformer `@Transform` functions run as class-transformer runs them for plain → class
 * (given the JSON value as sent, or the converted value under `@Type`; one that throws refuses the
 * argument: `TransformRefusal`), then the class-validator rules of every DTO whose node is `validated`.
 */

/** Where the converters are in the argument tree, and the DTOs that class-validator must check. */
export interface HydrationState {
  readonly path: (string | number)[];
  readonly dtos: { readonly instance: object; readonly path: readonly (string | number)[]; readonly node: TypeNode }[];
}

export type Convert = (value: unknown, state: HydrationState | undefined) => unknown;

// What class-transformer passes as `options` to a @Transform function (its defaults, no user options).
export const TRANSFORM_OPTIONS = Object.freeze({
  enableCircularCheck: false,
  enableImplicitConversion: false,
  excludeExtraneousValues: false,
  excludePrefixes: undefined,
  exposeDefaultValues: false,
  exposeUnsetFields: true,
  groups: undefined,
  ignoreDecorators: false,
  strategy: undefined,
  targetMaps: undefined,
  version: undefined,
});

/**
 * A `@Transform` function threw while the arguments were hydrated: the argument at `path` is refused
 * with what was thrown (`Argument 'memoryAt' was refused: memoryAt must be a date string.`), as
 * class-transformer's exception refuses the request under NestJS's `ValidationPipe`.
 */
export class TransformRefusal extends Error {
  constructor(
    readonly path: readonly (string | number)[],
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Whether a tree holds a `@Transform` (hydration then tracks paths, so that a refusal names its
 * argument).
 */
export const hasTransform = (n: TypeNode): boolean => n.kind === 'dto' && (n.properties ?? []).some((p) => p.transforms !== undefined);

/** The converter of a node, or null when its JSON value is what the method receives. */
export const converterOf: (n: TypeNode) => Convert | null = cachedBy((n: TypeNode) => CONVERTERS[n.kind](n));

/** A DTO that class-validator must check (a tree that holds one tracks paths during hydration). */
export const isValidatedDto = (n: TypeNode): boolean => n.kind === 'dto' && n.validated === true;

const identity = (): null => null;

/** One row per node kind. */
const CONVERTERS: Readonly<Record<NodeKind, (n: TypeNode) => Convert | null>> = {
  boolean: identity,
  number: identity,
  integer: identity,
  string: identity,
  any: identity,
  object: identity,
  enum: (n) => {
    const values = n.enumValues;
    if (values === undefined) return null;
    return (v) => (v === null ? null : values.get(v as string));
  },
  bigint: () => (v) => (typeof v === 'bigint' || v === null ? v : BigInt(v as number)),
  date: () => (v) => (v === null ? null : parseDateTime(v as string)),
  url: () => (v) => (v === null ? null : parseUri(v as string)),
  bytes: (n) => {
    if (n.bytes === 'Buffer') {
      return (v) => {
        if (v === null) return null;
        const b = decodeBase64(v as string)!;
        return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
      };
    }
    return (v) => (v === null ? null : decodeBase64(v as string));
  },
  array: (n) => {
    const item = n.items !== undefined ? converterOf(n.items) : null;
    if (n.set) {
      return (v, st) => {
        if (v === null) return null;
        const a = v as unknown[];
        const out = new Set<unknown>();
        for (let i = 0; i < a.length; i++) out.add(item === null ? a[i] : at(st, i, item, a[i]));
        return out;
      };
    }
    if (item === null) return null;
    return (v, st) => {
      if (v === null) return null;
      const a = v as unknown[];
      const out = new Array<unknown>(a.length);
      for (let i = 0; i < a.length; i++) out[i] = at(st, i, item, a[i]);
      return out;
    };
  },
  record: (n) => {
    const value = n.values !== undefined ? converterOf(n.values) : null;
    if (n.map) {
      return (v, st) => {
        if (v === null) return null;
        const out = new Map<string, unknown>();
        for (const k of Object.keys(v as object)) {
          const x = (v as Record<string, unknown>)[k];
          out.set(k, value === null ? x : at(st, k, value, x));
        }
        return out;
      };
    }
    if (value === null) return null;
    return (v, st) => {
      if (v === null) return null;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v as object)) setOwn(out, k, at(st, k, value, (v as Record<string, unknown>)[k]));
      return out;
    };
  },
  dto: (n) => dtoConverter(n),
  union: (n) => unionConverter(n),
};

/**
 * A union's value is converted by the first member (in order) that it matches, checked by that
 * member's own validator; a tagged union's by the member its tag names.
 */
function unionConverter(n: TypeNode): Convert | null {
  const members = n.members ?? [];
  const converters = members.map((m) => converterOf(m));
  if (converters.every((c) => c === null)) return null;
  const tag = n.tag;
  if (tag !== undefined) {
    return (v, st) => {
      if (v === null) return null;
      const convert = converters[tag.values.indexOf((v as Record<string, unknown>)[tag.property] as string)];
      return convert === null || convert === undefined ? v : convert(v, st);
    };
  }
  return (v, st) => {
    if (v === null) return null;
    for (let i = 0; i < members.length; i++) {
      if (!nodeValidator(members[i]!)(v)) continue;
      const convert = converters[i];
      return convert === null || convert === undefined ? v : convert(v, st);
    }
    return v;
  };
}

/** Converts a child, keeping the path when class-validator needs it. */
function at(st: HydrationState | undefined, segment: string | number, convert: Convert, value: unknown): unknown {
  if (st === undefined) return convert(value, st);
  st.path.push(segment);
  try {
    return convert(value, st);
  } finally {
    st.path.pop();
  }
}

interface PropertyPlan {
  readonly key: string;
  readonly name: string;
  /** The JSON name is also a property of Object.prototype: read it only as an own property. */
  readonly inherited: boolean;
  readonly nullable: boolean;
  /** `@ValidateIf` decides it: `null` is kept as sent. */
  readonly keepsNull: boolean;
  readonly convert: Convert | null;
  readonly transforms: readonly TransformMeta[] | undefined;
  /** `@Type` given: the transforms see the converted value; otherwise a copy of the JSON value. */
  readonly transformsConverted: boolean;
  /** `@Prop({ default })`: its JSON form, read in place of an absent value. */
  readonly fill: { readonly value: unknown } | undefined;
}

/**
 * A DTO becomes an instance of its class; an `ObjectOf` shape (no class) a plain object, each present
 * property defined as JSON.parse would (`__proto__` included), an absent one left out.
 */
function dtoConverter(n: TypeNode): Convert {
  const cls = n.cls as (new () => object) | undefined;
  let props: PropertyPlan[] | undefined;
  // Built on first use: a DTO node's properties may refer to classes whose nodes are built later.
  const plan = (): PropertyPlan[] =>
    (props ??= (n.properties ?? [])
      .filter((p) => p.tagOnly !== true)
      .map((p) => ({
        key: p.key,
        name: p.name,
        inherited: p.name in Object.prototype,
        nullable: p.node.nullable,
        keepsNull: p.keepsNull === true,
        convert: converterOf(p.node),
        transforms: p.transforms,
        transformsConverted: p.transformsConverted === true,
        fill: p.fillsDefault === true ? p.default : undefined,
      })));
  const validated = n.validated === true;
  return (raw, st) => {
    if (raw === null) return null;
    const source = raw as Record<string, unknown>;
    const instance = (cls !== undefined ? new cls() : {}) as Record<string, unknown>;
    for (const p of plan()) {
      let v = p.inherited ? (Object.prototype.hasOwnProperty.call(source, p.name) ? source[p.name] : undefined) : source[p.name];
      // Absent, or null for a property that is not nullable: its default (a fresh copy of its JSON
      // form, converted below as a given value is), else the initializer stays. A null sent to a
      // property with a @Transform reaches the transform, as class-transformer gives it (v3.2).
      if (v === undefined || (v === null && !p.nullable && !p.keepsNull && p.transforms === undefined)) {
        if (p.fill === undefined) continue;
        v = copyJson(p.fill.value);
      }
      if (p.transforms !== undefined) v = transformed(p, p.transforms, v, source, st);
      else if (p.convert !== null && (v !== null || p.nullable)) v = at(st, p.name, p.convert, v);
      if (cls !== undefined) instance[p.key] = v;
      else setOwn(instance, p.key, v);
    }
    if (validated && st !== undefined) st.dtos.push({ instance, path: [...st.path], node: n });
    return instance;
  };
}

/**
 * A property's value through its `@Transform` functions, as class-transformer's `plainToInstance`
 * gives it to them (measured on class-transformer 0.5.1): converted by its type only under `@Type`
 * (a `Date` from the string, a nested DTO's instance), else the JSON value as sent, an object or
 * array as a copy. The functions run in class-transformer's order, each given the last one's result.
 */
function transformed(p: PropertyPlan, transforms: readonly TransformMeta[], value: unknown, source: object, st: HydrationState | undefined): unknown {
  let v = value;
  if (!p.transformsConverted) v = copyJson(v);
  else if (p.convert !== null) v = at(st, p.name, p.convert, v);
  for (const t of transforms) {
    try {
      v = t.transformFn({ value: v, key: p.key, obj: source, type: PLAIN_TO_CLASS, options: TRANSFORM_OPTIONS });
    } catch (e) {
      throw new TransformRefusal([...(st?.path ?? []), p.name], describeRefusal(e));
    }
  }
  return v;
}

/**
 * Runs class-validator on every DTO recorded during hydration (nested ones included, whether or
 * not they carry `@ValidateNested`; their own entries report their own rules, so children of an
 * error are not repeated). Unknown keys were already refused, hence `forbidUnknownValues: false`;
 * an absent property that the schema made optional (`?`, `@Prop({ optional })`) without
 * `@IsOptional()` is one class-validator would still refuse, so its problems are dropped
 * (`skipWhenAbsent`; `@ValidateIf` properties keep class-validator's own word).
 */
const SET_ENFORCED_RULES = new Set(['arrayMinSize', 'arrayMaxSize', 'arrayNotEmpty', 'arrayUnique']);

export async function validateDtos(dtos: HydrationState['dtos']): Promise<ArgumentProblem[]> {
  const cv = validatorModule();
  if (cv === null || dtos.length === 0) return [];
  const results = await Promise.all(dtos.map((d) => cv.validate(d.instance, { forbidUnknownValues: false })));
  return problemsOfResults(dtos, results);
}

/**
 * The same, with class-validator's `validateSync` (an async constraint is not run): for a
 * definition's examples, which are checked while the definition is built.
 */
export function validateDtosSync(dtos: HydrationState['dtos']): ArgumentProblem[] {
  const cv = validatorModule();
  if (cv === null || dtos.length === 0) return [];
  return problemsOfResults(
    dtos,
    dtos.map((d) => cv.validateSync(d.instance, { forbidUnknownValues: false })),
  );
}

function problemsOfResults(dtos: HydrationState['dtos'], results: readonly ValidationErrorLike[][]): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  for (let i = 0; i < dtos.length; i++) {
    const { path, node } = dtos[i]!;
    for (const e of results[i]! as ValidationErrorLike[]) {
      if (e.constraints === undefined) continue;
      const prop = node.properties?.find((p) => p.key === e.property);
      if (e.value === undefined && prop?.skipWhenAbsent === true) continue;
      const name = prop?.name ?? e.property;
      const full = [...path, name];
      // class-validator's array rules refuse a Set; on a SetOf property the schema already
      // enforced them (minItems, maxItems, uniqueItems) on the JSON array it came from.
      const isSet = e.value instanceof Set;
      for (const [rule, message] of Object.entries(e.constraints)) {
        if (isSet && SET_ENFORCED_RULES.has(rule)) continue;
        problems.push({ path: full, pointer: pointerOf(full), message: validatorReason(e.property, message) });
      }
    }
  }
  return problems;
}
