/**
 * The contract's fixed keyword order: every schema this library writes, and every provider form
 * derived from one, lists its keywords in this order (keyword order is part of the contract).
 */
export const KEYWORD_ORDER = [
  '$ref',
  'type',
  'format',
  'description',
  'anyOf',
  'enum',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'contentEncoding',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'default',
  'examples',
  '$defs',
] as const;

/** A keyword that the library writes. */
export type Keyword = (typeof KEYWORD_ORDER)[number];
