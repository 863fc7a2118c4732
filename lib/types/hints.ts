/**
 * Type hints: what the runtime cannot see after type erasure. A hint is a constructor, a token
 * (`Int32`, `Uuid`, ...), an array literal `[T]`, `SetOf(T)`, `RecordOf(T)`, `Nullable(T)`,
 * `EnumOf(E)`, `AnyOf(...)`, `Discriminated(...)`, `ObjectOf({...})`, or an arrow function returning any of these (read lazily, so import cycles resolve).
 * Hints are stored as given and resolved only when a schema is built.
 */

const HINT = Symbol.for('tool-signatures.hint');

/** A TypeScript enum object (`enum E { ... }`) or a readonly array of literals. */
export type EnumSource = { readonly [member: string]: string | number } | readonly (string | number | boolean)[];

export type Constructor = Function;

export type Hint = Constructor | TokenHint | CompositeHint | readonly [Hint] | (() => Hint);

export type TokenName =
  | 'Int8'
  | 'UInt8'
  | 'Int16'
  | 'UInt16'
  | 'Int32'
  | 'UInt32'
  | 'Int'
  | 'Int64'
  | 'UInt64'
  | 'Char'
  | 'Uuid'
  | 'DateOnly'
  | 'TimeOnly'
  | 'TimeSpan'
  | 'JsonValue'
  | 'JsonObject'
  | 'JsonArray';

/** A named token such as `Int32`: a runtime value usable as a hint. */
export interface TokenHint {
  readonly [HINT]: 'token';
  readonly token: TokenName;
}

export type CompositeHint =
  | { readonly [HINT]: 'set'; readonly of: Hint }
  | { readonly [HINT]: 'record'; readonly of: Hint }
  | { readonly [HINT]: 'nullable'; readonly of: Hint }
  | { readonly [HINT]: 'enum'; readonly of: EnumSource }
  | { readonly [HINT]: 'anyOf'; readonly of: readonly UnionMember[] }
  | { readonly [HINT]: 'discriminated'; readonly of: { readonly tag: string; readonly members: Readonly<Record<string, TaggedMember>> } }
  | ObjectHint;

/** An object type with no class (an interface, a type alias, an inline object type): see `ObjectOf`. */
export interface ObjectHint {
  readonly [HINT]: 'object';
  readonly of: {
    readonly name?: string;
    readonly description?: string;
    readonly properties: Readonly<Record<string, ObjectProperty>>;
  };
}

export function hintKind(value: unknown): TokenHint[typeof HINT] | CompositeHint[typeof HINT] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as { [HINT]?: TokenHint[typeof HINT] | CompositeHint[typeof HINT] })[HINT];
}

export function token(name: TokenName): TokenHint {
  return Object.freeze({ [HINT]: 'token' as const, token: name, toString: () => name });
}

function composite<K extends CompositeHint[typeof HINT]>(kind: K, of: unknown): CompositeHint {
  return Object.freeze({ [HINT]: kind, of }) as CompositeHint;
}

/** `Set<T>`: an array with `uniqueItems`; the method receives a `Set`. */
export function SetOf(of: Hint): CompositeHint {
  return composite('set', of);
}

/** `Record<string, T>` or `Map<string, T>`: an object whose values are `T`. */
export function RecordOf(of: Hint): CompositeHint {
  return composite('record', of);
}

/** `T | null`: the fragment of `T` that also accepts `null`. */
export function Nullable(of: Hint): CompositeHint {
  return composite('nullable', of);
}

/** An enum: a TypeScript enum object, or a readonly array of literals (`['low', 'high'] as const`). */
export function EnumOf(of: EnumSource): CompositeHint {
  return composite('enum', of);
}

/**
 * `A | B | …`: a value of any of the members (two or more hints of any kind), tried in the order
 * given. Written as `anyOf`; the first member that a value matches decides its conversion. A member
 * may be a slot's options with the hint as `type` (`{ type: String, minLength: 1, description: '…' }`):
 * its description and constraints are written in that member's fragment and enforced on it.
 */
export function AnyOf(...members: UnionMember[]): CompositeHint {
  return composite('anyOf', Object.freeze([...members]));
}

/** A member of `Discriminated`: a DTO class or an `ObjectOf` shape, or (v3.1) that type with its own description. */
export type TaggedMember = Constructor | ObjectHint | { readonly type: Constructor | ObjectHint; readonly description?: string };

/**
 * A tagged union of DTO classes and `ObjectOf` shapes: the property `tag` holds the member's name
 * (`Discriminated('kind', { circle: Circle, square: Square })`). The tag picks the member, both when
 * arguments are checked and when they are hydrated (into the member's class; a shape's plain object,
 * which always holds the tag). A member given as `{ type: Circle, description: '…' }` writes that
 * description on its fragment, over the class's own.
 */
export function Discriminated(tag: string, members: Readonly<Record<string, TaggedMember>>): CompositeHint {
  return composite('discriminated', Object.freeze({ tag, members: Object.freeze({ ...members }) }));
}

/**
 * An object type that has no class: an interface, a type alias, an inline object type (what the
 * plugin writes for them). Each property is a hint, or `@Prop`'s options with the hint as `type`;
 * properties are written in the order given, required unless `optional` (or a `default`) says
 * otherwise, and the object is closed (`additionalProperties: false`). The value reaches the method
 * as a validated plain object (there is no class to build). `name` is used in messages and, when the
 * shape is on a cycle, as its `$defs` name; a recursive shape refers to itself through an arrow
 * function (`const Tree: Hint = ObjectOf({ children: () => [Tree] }, { name: 'Tree' })`).
 */
export function ObjectOf(
  properties: Readonly<Record<string, ObjectProperty>>,
  options: { readonly name?: string; readonly description?: string } = {},
): ObjectHint {
  return Object.freeze({ [HINT]: 'object' as const, of: Object.freeze({ ...options, properties: Object.freeze({ ...properties }) }) });
}

/** True for an arrow function used as a lazy hint (arrow functions have no `prototype`). */
export function isThunk(value: unknown): value is () => Hint {
  return typeof value === 'function' && !Object.prototype.hasOwnProperty.call(value, 'prototype');
}

// The options a slot may carry: they hold hints, and hints hold them (`ObjectOf`, `AnyOf`), so they live here.

/**
 * The options of one slot (a parameter, a DTO property, a property of an `ObjectOf` shape): shared by
 * `@Param`, `@Prop` and `ObjectOf`, so that each option means one thing wherever it is written.
 */

/** The string formats a slot may carry (v3); each is enforced by the parser that converts it. */
export type StringFormat = 'date-time' | 'date' | 'time' | 'duration' | 'email' | 'hostname' | 'ipv4' | 'ipv6' | 'uri' | 'uri-reference' | 'uuid';

/** The options that apply to one element of a `[T]`/`SetOf(T)` slot or one value of a `RecordOf(T)` slot (v3 `each`). */
export interface ItemOptions {
  description?: string;
  /** An enum object or a readonly array of literals. */
  enum?: EnumSource;
  minLength?: number;
  maxLength?: number;
  /** A pattern valid in Unicode (`u`) mode, without flags. */
  pattern?: string | RegExp;
  format?: StringFormat;
  /** The least value (on an integer or bigint slot, inside the type's own range). `@Range` wins over it. */
  minimum?: number | bigint;
  /** The greatest value. `@Range` wins over it. */
  maximum?: number | bigint;
  /** A number greater than this (on an integer: written as `minimum`, the next integer up). */
  exclusiveMinimum?: number;
  /** A number less than this (on an integer: written as `maximum`, the next integer down). */
  exclusiveMaximum?: number;
  /** The value divided by this is an integer; a positive number. */
  multipleOf?: number;
}

/** Constraints shared by `@Param`, `@Prop` and the properties of `ObjectOf`. */
export interface ConstraintOptions extends ItemOptions {
  /** Type hint: a constructor, a token, `[T]`, `SetOf(T)`, `RecordOf(T)`, `Nullable(T)`, `EnumOf(E)`, `AnyOf(...)`, `Discriminated(...)`, `ObjectOf(...)` or `() => T`. */
  type?: Hint;
  /** Accepts JSON `null` too. @default false */
  nullable?: boolean;
  minItems?: number;
  maxItems?: number;
  /** Options of each element (arrays, sets) or each value (records): written in `items` / `additionalProperties`. @default none */
  each?: ItemOptions;
  /** Example values of this slot, written as its `examples`. @default none */
  examples?: readonly unknown[];
}

/** Options of `@Prop` (and of a property of `ObjectOf`). */
export interface PropOptions extends ConstraintOptions {
  /** The property may be left out. @default false (class-validator `@IsOptional()` also makes it optional; so does a `default`) */
  optional?: boolean;
  /**
   * The value used when the property is absent: written as `default`, and the property becomes
   * optional unless `optional: false` is given. A mutable default is copied for each call.
   */
  default?: unknown;
}

/** One property of an `ObjectOf` shape: a hint, or `@Prop`'s options with the hint as `type`. */
export type ObjectProperty = Hint | (PropOptions & { readonly type: Hint });

/**
 * One member of `AnyOf` (v3.1): a hint, or a slot's options with the hint as `type` (or an `enum`), whose
 * description and constraints are written in that member's fragment
 * (`AnyOf({ type: String, minLength: 1 }, { type: [String], minItems: 1 })`). The slot's own options
 * (`optional`, `default`, `name`) belong to the slot, not to a member.
 */
export type UnionMember = Hint | (ConstraintOptions & { readonly type: Hint }) | (ConstraintOptions & { readonly enum: EnumSource });
