/**
 * The resolved form of a type: one tree that the schema writer, the validator and the hydrator all
 * read, so that what the model is told and what is enforced cannot drift apart. Keyword fields hold
 * final values (annotations already applied); the rest says how a JSON value becomes a runtime one.
 */
export type NodeKind =
  | 'boolean' | 'number' | 'integer' | 'bigint' | 'string' | 'date' | 'url' | 'bytes'
  | 'enum' | 'array' | 'record' | 'any' | 'object' | 'dto';

/** Strings with a parser of their own (the format's check is the conversion). */
export type StringKind = 'plain' | 'char' | 'uuid' | 'date' | 'time' | 'timespan' | 'email' | 'uri';

export type EnumValue = string | number | boolean;

export interface TypeNode {
  readonly kind: NodeKind;
  readonly nullable: boolean;
  readonly format?: string;
  readonly description?: string;
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
  /** Token name of an integer or bigint (`Int32`, `Int64`, ...), for messages. */
  readonly token?: string;
  /** Arrays: the method receives a `Set`. Records: the method receives a `Map`. */
  readonly set?: boolean;
  readonly map?: boolean;
  /** Bytes: the constructor the method receives. */
  readonly bytes?: 'Uint8Array' | 'Buffer';
  /** DTOs: the class. */
  readonly cls?: Function;
  /** Hidden extra rules (class-validator) that the schema cannot carry: the DTO must be validated. */
  readonly validated?: boolean;
}

export interface PropertyNode {
  /** The property's name on the instance. */
  readonly key: string;
  /** The property's name in JSON (`@Expose({ name })`). */
  readonly name: string;
  readonly required: boolean;
  readonly node: TypeNode;
}

export type MutableNode = { -readonly [K in keyof TypeNode]: TypeNode[K] };

export function node(kind: NodeKind, fields: Omit<Partial<TypeNode>, 'kind'> = {}): TypeNode {
  return { kind, nullable: false, ...fields };
}
