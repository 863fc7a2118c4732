import type { TypeNode } from '../../types/node';
import { FORMAT_MESSAGES } from './formats';

/**
 * Every argument problem has one shape, and one formatter writes the text a model reads:
 * `Argument '<path>' <reason>`, one line per problem. The reasons for a node's type and bounds are
 * built here too, so that the wording lives in one file.
 */

/** One problem with the arguments of a call. */
export interface ArgumentProblem {
  /** Parameter name, then property names (strings) and array indexes (numbers). Empty: the arguments as a whole. */
  readonly path: readonly (string | number)[];
  /** The same place as a JSON Pointer (RFC 6901) into the arguments. */
  readonly pointer: string;
  /** The reason, a sentence that follows the path (`must be an integer from 1 to 1000.`). */
  readonly message: string;
}

/**
 * At most this many lines are written; the rest are counted. A hostile call (10,000 wrong items)
 * must not make a result of megabytes that the model then reads.
 */
export const MAX_PROBLEM_LINES = 100;

/** Keys longer than this are shortened in paths (an unknown key can be megabytes long). */
const MAX_KEY_SHOWN = 64;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `items[2].qty`, `tags["odd key"]`: identifier-like keys with dots, others bracketed as JSON strings. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment) && segment.length <= MAX_KEY_SHOWN) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment.length > MAX_KEY_SHOWN ? `${segment.slice(0, MAX_KEY_SHOWN)}…` : segment)}]`;
  }
  return out;
}

/** The one formatter: each problem on its own line, duplicates dropped, long lists counted. */
export function formatProblems(problems: readonly ArgumentProblem[]): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  let more = 0;
  for (const p of problems) {
    const line = p.path.length === 0 ? p.message : `Argument '${formatPath(p.path)}' ${p.message}`;
    if (seen.has(line)) continue;
    seen.add(line);
    if (lines.length < MAX_PROBLEM_LINES) lines.push(line);
    else more++;
  }
  if (more > 0) lines.push(`(${more} more ${more === 1 ? 'problem' : 'problems'} not shown.)`);
  return lines.join('\n');
}

// ---- reasons ----------------------------------------------------------------------------------

export const REQUIRED = 'is required.';
export const NOT_NULL = 'must not be null.';

export function notAParameter(tool: string): string {
  return `is not a parameter of tool '${tool}'.`;
}

export function notAProperty(className: string): string {
  return `is not a property of ${className}.`;
}

/** A `@Transform` threw: its reason (a sentence, `describeRefusal`'s) follows. */
export function refusedBy(reason: string): string {
  return `was refused: ${reason}`;
}

export function tooDeep(maxDepth: number): string {
  return `Arguments are nested too deeply: the limit is ${maxDepth} levels of arrays and objects.`;
}

export function tooManyMembers(maxMembers: number): string {
  return `Arguments have too many keys and array elements to check: the limit is ${maxMembers} in all. Send only the parameters of the tool.`;
}

/** The arguments as a whole are not an object. */
export function notAnObject(value: unknown): string {
  return `Arguments must be a JSON object, like {"name": "value"}, not ${describeValue(value)}.`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return `a ${typeof value}`;
}

/** Custom ajv format names for checks the canonical schema writes another way. */
export const BASE64_FORMAT = 'tool-signatures-base64';
export const TIMESPAN_FORMAT = 'tool-signatures-timespan';

const FORMAT_REASONS: Readonly<Record<string, string>> = {
  ...FORMAT_MESSAGES,
  [BASE64_FORMAT]: FORMAT_MESSAGES.base64,
  [TIMESPAN_FORMAT]: FORMAT_MESSAGES.timespan,
};

export function formatReason(format: string): string {
  return FORMAT_REASONS[format] ?? `must be of the format ${format}.`;
}

function orNull(n: TypeNode, sentence: string): string {
  return n.nullable ? `${sentence.slice(0, -1)}, or null.` : sentence;
}

function bounds(n: TypeNode): string {
  // A bound written on one side only reads as such: an integer's other side at the safe limit is
  // the type's own, not a rule (`@IsInt() @Min(18)`: "of at least 18").
  const safeLo = n.kind === 'integer' && n.minimum === -Number.MAX_SAFE_INTEGER;
  const safeHi = n.kind === 'integer' && n.maximum === Number.MAX_SAFE_INTEGER;
  const lo = safeLo && !safeHi ? undefined : n.minimum;
  const hi = safeHi && !safeLo ? undefined : n.maximum;
  const multiple = n.multipleOf !== undefined ? ` that is a multiple of ${String(n.multipleOf)}` : '';
  if (n.exclusiveMinimum !== undefined || n.exclusiveMaximum !== undefined) {
    const sides = [
      lo !== undefined ? `at least ${String(lo)}` : undefined,
      n.exclusiveMinimum !== undefined ? `greater than ${String(n.exclusiveMinimum)}` : undefined,
      hi !== undefined ? `at most ${String(hi)}` : undefined,
      n.exclusiveMaximum !== undefined ? `less than ${String(n.exclusiveMaximum)}` : undefined,
    ].filter((x) => x !== undefined);
    return ` ${sides.join(' and ')}${multiple}`;
  }
  if (lo !== undefined && hi !== undefined) return ` from ${String(lo)} to ${String(hi)}${multiple}`;
  if (lo !== undefined) return ` of at least ${String(lo)}${multiple}`;
  if (hi !== undefined) return ` of at most ${String(hi)}${multiple}`;
  return multiple;
}

function showEnumValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** What a value of the node's type must be, said once: the line for a value of the wrong type. */
const TYPE_LINES: Readonly<Record<TypeNode['kind'], (n: TypeNode) => string>> = {
  boolean: () => 'must be true or false.',
  number: (n) => `must be a number${bounds(n)}.`,
  integer: (n) => `must be an integer${bounds(n)}.`,
  bigint: (n) => `must be an integer${bounds(n)}.`,
  string: (n) => (n.stringKind === 'timespan' ? formatReason(TIMESPAN_FORMAT) : n.format !== undefined ? formatReason(n.format) : 'must be a string.'),
  date: () => formatReason('date-time'),
  url: () => formatReason('uri'),
  bytes: () => formatReason(BASE64_FORMAT),
  enum: (n) => `must be one of: ${(n.enum ?? []).map(showEnumValue).join(', ')}.`,
  array: () => 'must be an array.',
  record: () => 'must be an object.',
  any: () => 'must be a JSON value.',
  object: () => 'must be an object.',
  dto: () => 'must be an object.',
  union: (n) => `must be ${orList([...new Set((n.members ?? []).flatMap(nouns))])}.`,
};

/** What a value of a union's member is, as nouns (`a string`, `an array of strings`). */
function nouns(n: TypeNode): string[] {
  switch (n.kind) {
    case 'boolean':
      return ['true or false'];
    case 'number':
      return [`a number${bounds(n)}`];
    case 'integer':
    case 'bigint':
      return [`an integer${bounds(n)}`];
    case 'string':
      return [n.format !== undefined ? `a string in the format ${n.format}` : 'a string'];
    case 'date':
      return ['a date-time string'];
    case 'url':
      return ['an absolute URI string'];
    case 'bytes':
      return ['a base64 string'];
    case 'enum':
      return (n.enum ?? []).map(showEnumValue);
    case 'array':
      return [n.items !== undefined && PLURALS[n.items.kind] !== undefined ? `an array of ${PLURALS[n.items.kind]}` : 'an array'];
    case 'any':
      return ['any JSON value'];
    case 'union':
      return (n.members ?? []).flatMap(nouns);
    default:
      return ['an object'];
  }
}

const PLURALS: Partial<Record<TypeNode['kind'], string>> = {
  boolean: 'booleans',
  number: 'numbers',
  integer: 'integers',
  bigint: 'integers',
  string: 'strings',
  array: 'arrays',
  record: 'objects',
  object: 'objects',
  dto: 'objects',
};

/** `a`, `a or b`, `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? 'a JSON value') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The line for a value that is not one of the listed strings (a tagged union's tag). */
export function oneOfLine(values: readonly string[]): string {
  return `must be one of: ${values.join(', ')}.`;
}

export function typeLine(n: TypeNode): string {
  return orNull(n, TYPE_LINES[n.kind](n));
}

/** A number outside a range: the whole range is said, as in the type line. */
export function rangeLine(n: TypeNode): string {
  return `must be ${n.kind === 'number' ? 'a number' : 'an integer'}${bounds(n)}.`;
}

export function lostDigits(n: TypeNode): string {
  return `must be an integer${bounds(n)}, given exactly: a number beyond ±9007199254740991 has lost its digits. Send the arguments as JSON text.`;
}

/** A bigint argument in JSON text beyond ±2^53 written with a fraction or an exponent (only digits are read exactly). */
export function notDigitsOnly(n: TypeNode): string {
  return `must be an integer${bounds(n)}, written in digits only: beyond ±9007199254740991 a fraction or an exponent cannot be read exactly.`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function lengthLine(n: TypeNode, keyword: 'minLength' | 'maxLength'): string {
  if (n.minLength !== undefined && n.minLength === n.maxLength) return `must be exactly ${plural(n.minLength, 'character')} long.`;
  return keyword === 'minLength'
    ? `must be at least ${plural(n.minLength ?? 0, 'character')} long.`
    : `must be at most ${plural(n.maxLength ?? 0, 'character')} long.`;
}

export function itemsLine(n: TypeNode, keyword: 'minItems' | 'maxItems'): string {
  return keyword === 'minItems' ? `must have at least ${plural(n.minItems ?? 0, 'item')}.` : `must have at most ${plural(n.maxItems ?? 0, 'item')}.`;
}

export function duplicateLine(i: number, j: number): string {
  return `must not have duplicate items (items ${Math.min(i, j)} and ${Math.max(i, j)} are equal).`;
}

export function patternLine(pattern: string): string {
  return `must match the pattern ${pattern}.`;
}

/**
 * A rule's own `message` (the team's text) as the reason of a refusal the schema found: read as
 * class-validator's message would be (`validatorReason`), with `$value` filled in.
 */
export function ownMessage(text: string, path: readonly (string | number)[], value: unknown): string {
  const last = path[path.length - 1];
  const shown = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return validatorReason(typeof last === 'string' ? last : '', text.replace(/\$value/g, shown));
}

/** A class-validator message as a reason: `sku must be ...` loses its leading property name. */
export function validatorReason(property: string, message: string): string {
  const text = message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
