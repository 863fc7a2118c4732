import type { ObjectHint } from './hints';

/**
 * The resolved form of a type: one tree that the schema writer, the validator and the hydrator all
 * read, so that what the model is told and what is enforced cannot drift apart. Keyword fields hold
 * final values (annotations already applied); the rest says how a JSON value becomes a runtime one.
 */
export type NodeKind =
  | 'boolean'
  | 'number'
  | 'integer'
  | 'bigint'
  | 'string'
  | 'date'
  | 'url'
  | 'bytes'
  | 'enum'
  | 'array'
  | 'record'
  | 'any'
  | 'object'
  | 'dto'
  | 'union';

/** Strings with a parser of their own (the format's check is the conversion). */
export type StringKind = 'plain' | 'char' | 'uuid' | 'date' | 'time' | 'timespan' | 'email' | 'uri';

export type EnumValue = string | number | boolean;

export interface TypeNode {
  readonly kind: NodeKind;
  readonly nullable: boolean;
  readonly format?: string;
  readonly description?: string;
  /** A slot's example values (JSON), written as its `examples` (v3). */
  readonly examples?: readonly unknown[];
  /** The examples are `@nestjs/swagger`'s (v3.2): told to the model, not a check of the definition. */
  readonly examplesTold?: boolean;
  /** A DTO property that no source types (v3.2): accepted as what class-validator enforces (OLT016). */
  readonly untyped?: 'any' | 'array' | 'object' | 'nested';
  /** The enum's JSON form, in order (without the `null` a nullable enum adds). */
  readonly enum?: readonly EnumValue[];
  /** JSON form → what the method receives, where they differ (numeric enums: name → number). */
  readonly enumValues?: ReadonlyMap<EnumValue, unknown>;
  /** A TypeScript enum's member names → JSON form (to read a default like `Priority.High`). */
  readonly enumMembers?: ReadonlyMap<string, EnumValue>;
  readonly numericEnum?: boolean;
  /** JSON `type` of the enum's values. */
  readonly enumType?: 'string' | 'integer' | 'number' | 'boolean';
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  /** Numbers only (an integer's exclusive bound is written as the inclusive one). */
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly contentEncoding?: 'base64';
  readonly items?: TypeNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly properties?: readonly PropertyNode[];
  /** A record's value type. */
  readonly values?: TypeNode;
  // How the value is converted (not written to the schema).
  readonly stringKind?: StringKind;
  /**
   * The team's own texts (a class-validator rule's `message` option), by the schema keyword that
   * says the rule (`type` for a type rule): a refusal by that keyword reads as the rule's message.
   */
  readonly messages?: Readonly<Record<string, string>>;
  /** Token name of an integer or bigint (`Int32`, `Int64`, ...), for messages. */
  readonly token?: string;
  /** Arrays: the method receives a `Set`. Records: the method receives a `Map`. */
  readonly set?: boolean;
  readonly map?: boolean;
  /** Bytes: the constructor the method receives. */
  readonly bytes?: 'Uint8Array' | 'Buffer';
  /** DTOs: the class (absent for an `ObjectOf` shape, which has no class to build). */
  readonly cls?: Function;
  /** `ObjectOf` shapes: the hint (one hint object is one type); the value arrives as a plain object. */
  readonly shape?: ObjectHint;
  /** Unions: the members, in order (a nullable union also accepts `null`, written as a last member). */
  readonly members?: readonly TypeNode[];
  /** Tagged unions: the tag property's JSON name, and each member's tag value (in member order). */
  readonly tag?: { readonly property: string; readonly values: readonly string[] };
  /** DTOs and shapes: the type is on a cycle of classes and shapes (written once in `$defs`, referenced with `$ref`). */
  readonly recursive?: boolean;
  /** Hidden extra rules (class-validator) that the schema cannot carry: the DTO must be validated. */
  readonly validated?: boolean;
  /** DTOs: how the invoker checks the class's class-validator rules (built with the node). */
  readonly validation?: ValidationPlan;
}

export interface PropertyNode {
  /** The property's name on the instance. */
  readonly key: string;
  /** The property's name in JSON (`@Expose({ name })`). */
  readonly name: string;
  readonly required: boolean;
  /**
   * Optional in the schema and not `@IsOptional()` or `@ValidateIf(...)`: class-validator would still
   * refuse it when absent, so its rules are not run then (the schema's word wins).
   */
  readonly skipWhenAbsent?: boolean;
  /**
   * `@ValidateIf` decides the property (v3.1): a `null` is passed as sent (class-validator's
   * condition sees it), not turned into absence.
   */
  readonly keepsNull?: boolean;
  readonly node: TypeNode;
  /** A union's tag that the member's class does not declare: checked, never set on the instance. */
  readonly tagOnly?: boolean;
  /** The property's `default` as written (its JSON form): `@Prop({ default })`, or the literal initializer of an optional property. */
  readonly default?: { readonly value: unknown };
  /**
   * `@Prop({ default })`: an absent property is given its default, read as if the arguments held its
   * JSON form (converted as they are, a fresh copy per call). Otherwise the instance's initializer stays.
   */
  readonly fillsDefault?: boolean;
  /** class-transformer `@Transform` functions that run when plain data becomes an instance (none: absent). */
  readonly transforms?: readonly TransformMeta[];
  /**
   * `@Type(() => T)` on the property: class-transformer converts the value before its transforms run,
   * so they are given the converted value. Otherwise they are given the JSON value as sent (a copy of
   * an object or array, as class-transformer copies it).
   */
  readonly transformsConverted?: boolean;
}

/** A class-transformer `@Transform` record. */
export interface TransformMeta {
  transformFn: (params: { value: unknown; key: string; obj: unknown; type: number; options: object }) => unknown;
  options?: { toClassOnly?: boolean; toPlainOnly?: boolean; groups?: string[]; since?: number; until?: number };
}

/** class-transformer's TransformationType.PLAIN_TO_CLASS (the `type` a `@Transform` function is given). */
export const PLAIN_TO_CLASS = 0;

/**
 * A class-validator rule whose check the invoker reproduces exactly (the decision only: when one
 * fails, class-validator itself runs to write the message). `name` is class-validator's.
 */
export interface EmulatedRule {
  readonly name:
    | 'isLength'
    | 'minLength'
    | 'maxLength'
    | 'isInt'
    | 'min'
    | 'max'
    | 'arrayMinSize'
    | 'arrayMaxSize'
    | 'arrayNotEmpty'
    | 'isIn'
    | 'isEnum'
    | 'isObject'
    | 'arrayUnique';
  readonly constraints: readonly unknown[];
  readonly each: boolean;
  /** class-validator's own check, for rules whose options are not in the metadata (`@ArrayUnique(identifier)`). */
  readonly check?: (value: unknown, args: object) => unknown;
}

/** The rules on one property, as class-validator's `validate()` runs them. */
export interface EmulatedProperty {
  readonly key: string;
  /** `@IsOptional()`: null or undefined skips every rule of the property. */
  readonly optional: boolean;
  /** `@ValidateNested()`: a value other than undefined must be an object (its own rules are its class's). */
  readonly nested: boolean;
  readonly rules: readonly EmulatedRule[];
}

/**
 * How the class-validator rules of a DTO class are checked: `none` (it has none), `emulated` (every
 * rule is one the invoker reproduces exactly, listed per property), or `full` (class-validator's
 * `validate` must run: custom constraints, validator.js formats, `@ValidateIf`, async rules, ...).
 */
export type ValidationPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'emulated'; readonly properties: readonly EmulatedProperty[] }
  | { readonly kind: 'full' };

/**
 * Whether `test` holds for `n` or for a node below it (array items, record values, DTO
 * properties, union members): the one walk over the type tree. Each node is tested once.
 */
export function someNode(n: TypeNode | undefined, test: (n: TypeNode) => boolean, seen: Set<TypeNode> = new Set()): boolean {
  if (n === undefined || seen.has(n)) return false;
  seen.add(n);
  return (
    test(n) ||
    someNode(n.items, test, seen) ||
    someNode(n.values, test, seen) ||
    (n.properties ?? []).some((p) => someNode(p.node, test, seen)) ||
    (n.members ?? []).some((m) => someNode(m, test, seen))
  );
}

/**
 * The name of a DTO's class or of a named `ObjectOf` shape (messages, `$defs`); undefined for an
 * anonymous shape.
 */
export function objectTypeName(n: TypeNode): string | undefined {
  const name: unknown = n.cls !== undefined ? n.cls.name : n.shape?.of.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** What makes a DTO or shape node one type: its class, or its `ObjectOf` hint. */
export function objectTypeOf(n: TypeNode): object | undefined {
  return n.cls ?? n.shape;
}

/** DTO nodes whose properties are still being read (a class on a cycle, while it is built). */
export const incompleteNodes = new WeakSet<TypeNode>();

export type MutableNode = { -readonly [K in keyof TypeNode]: TypeNode[K] };

export function node(kind: NodeKind, fields: Omit<Partial<TypeNode>, 'kind'> = {}): TypeNode {
  return { kind, nullable: false, ...fields };
}
