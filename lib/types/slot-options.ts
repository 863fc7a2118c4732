import type { EnumSource, Hint } from './hints';

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
