import ajvEqualModule from 'ajv/dist/runtime/equal';
import { copyJson, freshDefault, isMutableDefault } from './defaults';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import type { ParamSpec, ToolSpec } from '../../schema/tool-spec';
import { PLAIN_TO_CLASS, someNode, type EmulatedProperty, type PropertyNode, type EmulatedRule, type TypeNode, type ValidationPlan } from '../../types/node';
import { decodeBase64, FORMAT_PARSERS, parseTimeSpan } from './formats';
import { converterOf, TRANSFORM_OPTIONS } from './hydrate';
import { BASE64_FORMAT, TIMESPAN_FORMAT } from './messages';
import { BIGINT, checkBigint, enforcementSchema, type BigintRule } from './validate';
import { linearPattern } from '../../linear-pattern';

/**
 * The fast path: one function per tool, generated from its enforced schema and type tree once (on
 * the first call) and cached with the tool's plan, that checks AND hydrates the arguments in one
 * pass: the checks ajv makes for the enforced schema (the same expressions, formats through the
 * strict parsers, which also convert: each date is parsed once), the conversions of `hydrate.ts`,
 * DTO construction with `@Transform` functions as class-transformer runs them, and the
 * class-validator rules it can reproduce exactly (the DTO node's `validation` plan). It answers only "accepted,
 * here are the values" or "no": on "no" (or when user code throws) the general path (ajv, the
 * problem texts, hydration, class-validator) runs and writes the exact error text. So the fast
 * path never decides a message, and anything unusual (an object with a foreign prototype, an
 * inherited enumerable key) is simply left to the general path.
 *
 * Generated code embeds property names and strings only through JSON.stringify, and every other
 * value (classes, enum maps, regular expressions, bounds that are not plain numbers) through a
 * constant table; nothing from the arguments is ever evaluated. Keys are iterated as own keys and
 * compared with the known names, so `__proto__` or `constructor` in the arguments is an unknown key.
 */

/** Fills `out` (sized to the arity) and returns true, or returns false for the general path. */
export type FastPath = (raw: object, out: unknown[], cvs: object[] | null) => boolean;

export interface CompiledFastPath {
  readonly run: FastPath;
  /** Some DTO needs class-validator itself: `run` pushes those instances onto `cvs`. */
  readonly classValidator: boolean;
}

class Unsupported extends Error {}

const ajvEqual = ajvEqualModule as unknown as (a: unknown, b: unknown) => boolean;

type Schema = Record<string, unknown>;

const KNOWN_KEYWORDS = new Set([
  'type',
  'format',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'if',
  'then',
  BIGINT,
]);

// ---- runtime helpers (reached by the generated code through the constant table) ---------------

/** validator.js `isLength`'s count: UTF-16 units, less presentation sequences and surrogate pairs. */
export function validatorJsLength(s: string): number {
  const n = s.length;
  let i = 0;
  while (i < n && s.charCodeAt(i) < 0xd800) i++;
  if (i === n) return n;
  // /[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g and /[\uD800-\uDBFF][\uDC00-\uDFFF]/g, counted as String#match counts them.
  let presentation = 0;
  for (let j = 0; j + 1 < n; ) {
    const a = s.charCodeAt(j);
    const b = s.charCodeAt(j + 1);
    if (a !== 0xfe0f && a !== 0xfe0e && (b === 0xfe0f || b === 0xfe0e)) {
      presentation++;
      j += 2;
    } else {
      j++;
    }
  }
  let pairs = 0;
  for (let j = 0; j + 1 < n; ) {
    const a = s.charCodeAt(j);
    const b = s.charCodeAt(j + 1);
    if (a >= 0xd800 && a <= 0xdbff && b >= 0xdc00 && b <= 0xdfff) {
      pairs++;
      j += 2;
    } else {
      j++;
    }
  }
  return n - presentation - pairs;
}

/** validator.js `isLength(s, { min, max })` (class-validator's `@Length`, `@MinLength`, `@MaxLength`). */
function lengthOk(s: string, min: unknown, max: unknown): boolean {
  const len = validatorJsLength(s);
  return len >= (((min as number) || 0) as number) && (typeof max === 'undefined' || len <= (max as number));
}

function inList(list: readonly unknown[], v: unknown): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
  return false;
}

/** A validator's answer that class-validator counts as valid without waiting (a promise is left to it). */
function syncValid(r: unknown): boolean {
  if (r !== null && typeof r === 'object' && typeof (r as PromiseLike<unknown>).then === 'function') return false;
  return !!r;
}

function matchesType(x: unknown, t: string): boolean {
  switch (t) {
    case 'number':
      return typeof x === 'number' && isFinite(x);
    case 'integer':
      return Number.isInteger(x);
    case 'string':
      return typeof x === 'string';
    case 'boolean':
      return typeof x === 'boolean';
    case 'null':
      return x === null;
    case 'array':
      return Array.isArray(x);
    case 'object':
      return !!x && typeof x === 'object' && !Array.isArray(x);
    default:
      return false;
  }
}

/** ajv's `uniqueItems` for items of scalar types (its object-of-indices loop, quirks included). */
function uniqueScalar(data: readonly unknown[], types: readonly string[]): boolean {
  let i = data.length;
  if (i <= 1) return true;
  const indices: Record<string, unknown> = {};
  for (; i--; ) {
    let item = data[i];
    if (!types.some((t) => matchesType(item, t))) continue;
    if (types.length > 1 && typeof item === 'string') item += '_';
    if (typeof indices[item as string] === 'number') return false;
    indices[item as string] = i;
  }
  return true;
}

/** ajv's `uniqueItems` for other items (deep equality). */
function uniqueDeep(data: readonly unknown[]): boolean {
  let i = data.length;
  if (i <= 1) return true;
  for (; i--; ) for (let j = i; j--; ) if (ajvEqual(data[i], data[j])) return false;
  return true;
}

function toBuffer(b: Uint8Array): Buffer {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

const PARSERS: Readonly<Record<string, (s: string) => unknown>> = {
  ...FORMAT_PARSERS,
  [BASE64_FORMAT]: decodeBase64,
  [TIMESPAN_FORMAT]: parseTimeSpan,
};

// ---- the generator ---------------------------------------------------------------------------

class Generator {
  readonly constants: unknown[] = [];
  private readonly indexes = new Map<unknown, number>();
  private count = 0;
  /** Checks of DTO classes, one function each, declared once at the top. */
  readonly checks = new Map<Function, string>();
  readonly declarations: string[] = [];
  /** Some DTO is checked by class-validator itself. */
  classValidator = false;

  constructor(readonly deferChecks: boolean) {}

  /** A constant of the table, by identity. */
  k(value: unknown): string {
    let i = this.indexes.get(value);
    if (i === undefined) {
      i = this.constants.push(value) - 1;
      this.indexes.set(value, i);
    }
    return `k${i}`;
  }

  name(prefix: string): string {
    return `${prefix}${this.count++}`;
  }
}

/** A number as code: a literal when it reads back exactly, else a constant. */
function num(g: Generator, v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) && Number(String(v)) === v && !Object.is(v, -0) ? String(v) : g.k(v);
}

/** A primitive as code: JSON text for strings, finite numbers and booleans, else a constant. */
function literal(g: Generator, v: unknown): string {
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  return num(g, v);
}

function typesOf(s: Schema): string[] | undefined {
  const t = s.type;
  if (t === undefined) return undefined;
  return Array.isArray(t) ? (t as string[]) : [t as string];
}

/** Whether the enforced schema accepts `null`. */
function acceptsNull(s: Schema): boolean {
  const rule = s[BIGINT] as BigintRule | undefined;
  if (rule !== undefined) return rule.nullable;
  const types = typesOf(s);
  const enumValues = s.enum as unknown[] | undefined;
  return (types === undefined || types.includes('null')) && (enumValues === undefined || enumValues.includes(null));
}

function typeCheck(t: string, v: string): string {
  switch (t) {
    // ajv's strictNumbers: NaN and ±Infinity are neither numbers nor integers.
    case 'number':
      return `typeof ${v} === "number" && isFinite(${v})`;
    case 'integer':
      return `Number.isInteger(${v})`;
    case 'string':
      return `typeof ${v} === "string"`;
    case 'boolean':
      return `typeof ${v} === "boolean"`;
    case 'array':
      return `Array.isArray(${v})`;
    case 'object':
      return `typeof ${v} === "object" && !Array.isArray(${v})`;
    default:
      throw new Unsupported(`type ${t}`);
  }
}

/** Own keys only, and a plain object (anything else is the general path's to judge). */
function plainObject(g: Generator, v: string): string {
  const p = g.name('p');
  return `const ${p} = ${g.k(Object.getPrototypeOf)}(${v}); if (${p} !== ${g.k(Object.prototype)} && ${p} !== null) return false;\n`;
}

function knownKeys(g: Generator, v: string, names: readonly string[]): string {
  const key = g.name('key');
  let test: string;
  if (names.length === 0) test = 'true';
  else if (names.length <= 8) test = names.map((n) => `${key} !== ${JSON.stringify(n)}`).join(' && ');
  else {
    const set = new Set(names);
    test = `!${g.k(set)}.has(${key})`;
  }
  return `for (const ${key} in ${v}) { if (${test}) return false; if (!${g.k(Object.prototype.hasOwnProperty)}.call(${v}, ${key})) return false; }\n`;
}

/** Reads a property the way the general path reads it (names that Object.prototype has: own only). */
function read(g: Generator, v: string, name: string): string {
  const q = JSON.stringify(name);
  return name in Object.prototype ? `(${g.k(Object.prototype.hasOwnProperty)}.call(${v}, ${q}) ? ${v}[${q}] : undefined)` : `${v}[${q}]`;
}

/**
 * Code that checks the value in `v` against the enforced schema `s` and assigns what the method
 * receives for it (node `n`) to `out`, or returns false.
 */
function value(g: Generator, n: TypeNode, s: Schema, v: string, out: string): string {
  for (const key of Object.keys(s)) if (!KNOWN_KEYWORDS.has(key)) throw new Unsupported(`keyword ${key}`);
  const rule = s[BIGINT] as BigintRule | undefined;
  if (rule !== undefined) {
    if (n.kind !== 'bigint' || Object.keys(s).length !== 1) throw new Unsupported('bigint');
    return `if (!${g.k(checkBigint)}(${g.k(rule)}, ${v})) return false;\n${out} = (typeof ${v} === "bigint" || ${v} === null) ? ${v} : BigInt(${v});\n`;
  }
  const types = typesOf(s);
  const main = types?.filter((t) => t !== 'null');
  if (main !== undefined && main.length > 1) throw new Unsupported('several types');
  const t = main?.[0];
  let code = `if (${v} === null) { ${acceptsNull(s) ? `${out} = null;` : 'return false;'} } else {\n`;
  if (types !== undefined && t === undefined) return code + 'return false;\n}\n';
  if (t !== undefined) code += `if (!(${typeCheck(t, v)})) return false;\n`;
  const enumValues = s.enum as unknown[] | undefined;
  if (enumValues !== undefined) {
    const options = enumValues.filter((x) => x !== null);
    for (const x of options) if (typeof x === 'object') throw new Unsupported('enum of objects');
    code += options.length === 0 ? 'return false;\n' : `if (!(${options.map((x) => `${v} === ${literal(g, x)}`).join(' || ')})) return false;\n`;
  }
  if (t === undefined) {
    for (const key of Object.keys(s)) if (key !== 'enum' && key !== 'type') throw new Unsupported(`${key} without a type`);
    if (enumValues !== undefined && enumValues.some((x) => typeof x === 'number' && !Number.isFinite(x))) throw new Unsupported('enum');
    return code + convertPlain(g, n, v, out) + '}\n';
  }
  switch (t) {
    case 'number':
    case 'integer':
      code += numberChecks(g, s, v);
      code += convertPlain(g, n, v, out);
      break;
    case 'string':
      code += stringChecks(g, n, s, v, out);
      break;
    case 'boolean':
      code += convertPlain(g, n, v, out);
      break;
    case 'array':
      code += arrayCode(g, n, s, v, out);
      break;
    case 'object':
      code += objectCode(g, n, s, v, out);
      break;
    default:
      throw new Unsupported(`type ${t}`);
  }
  return code + '}\n';
}

/** The identity and enum conversions (`hydrate.ts` CONVERTERS for scalar kinds). */
function convertPlain(g: Generator, n: TypeNode, v: string, out: string): string {
  switch (n.kind) {
    case 'boolean':
    case 'number':
    case 'integer':
    case 'string':
    case 'any':
    case 'object':
      return `${out} = ${v};\n`;
    case 'enum':
      return n.enumValues === undefined ? `${out} = ${v};\n` : `${out} = ${g.k(n.enumValues)}.get(${v});\n`;
    default:
      throw new Unsupported(`kind ${n.kind} for its schema`);
  }
}

function numberChecks(g: Generator, s: Schema, v: string): string {
  let code = '';
  for (const key of [
    'pattern',
    'minLength',
    'maxLength',
    'format',
    'items',
    'minItems',
    'maxItems',
    'uniqueItems',
    'properties',
    'required',
    'additionalProperties',
    'if',
    'then',
  ]) {
    if (s[key] !== undefined) throw new Unsupported(`${key} on a number`);
  }
  // The type check has already refused NaN.
  if (s.maximum !== undefined) code += `if (${v} > ${num(g, s.maximum)}) return false;\n`;
  if (s.minimum !== undefined) code += `if (${v} < ${num(g, s.minimum)}) return false;\n`;
  if (s.exclusiveMaximum !== undefined) code += `if (${v} >= ${num(g, s.exclusiveMaximum)}) return false;\n`;
  if (s.exclusiveMinimum !== undefined) code += `if (${v} <= ${num(g, s.exclusiveMinimum)}) return false;\n`;
  // ajv's own test (no multipleOfPrecision): the quotient is an integer as parseInt reads it.
  if (s.multipleOf !== undefined) code += `if (${v} / ${num(g, s.multipleOf)} !== parseInt(${v} / ${num(g, s.multipleOf)})) return false;\n`;
  return code;
}

function stringChecks(g: Generator, n: TypeNode, s: Schema, v: string, out: string): string {
  for (const key of [
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'items',
    'minItems',
    'maxItems',
    'uniqueItems',
    'properties',
    'required',
    'additionalProperties',
  ]) {
    if (s[key] !== undefined) throw new Unsupported(`${key} on a string`);
  }
  let code = '';
  if (s.maxLength !== undefined) {
    const max = num(g, s.maxLength);
    code += `if (${v}.length > ${max} && ${g.k(ucs2length)}(${v}) > ${max}) return false;\n`;
  }
  if (s.minLength !== undefined) {
    const min = num(g, s.minLength);
    code += `if (${v}.length < ${min} || (${v}.length < 2 * ${min} && ${g.k(ucs2length)}(${v}) < ${min})) return false;\n`;
  }
  if (s.pattern !== undefined) code += `if (!${g.k(linearPattern(String(s.pattern)))}.test(${v})) return false;\n`;
  if (s.if !== undefined || s.then !== undefined) {
    // `if: { maxLength }, then: { pattern }` (the pattern is tested only within the length bound,
    // which is also checked above): for an accepted value, the pattern holds.
    const guard = s.if as Schema | undefined;
    const then = s.then as Schema | undefined;
    if (
      guard === undefined ||
      then === undefined ||
      Object.keys(guard).join() !== 'maxLength' ||
      guard.maxLength !== s.maxLength ||
      Object.keys(then).join() !== 'pattern'
    ) {
      throw new Unsupported('if/then');
    }
    code += `if (!${g.k(linearPattern(String(then.pattern)))}.test(${v})) return false;\n`;
  }
  let parsed: string | undefined;
  if (s.format !== undefined) {
    const parser = Object.prototype.hasOwnProperty.call(PARSERS, String(s.format)) ? PARSERS[String(s.format)] : undefined;
    if (parser === undefined) throw new Unsupported(`format ${String(s.format)}`);
    parsed = g.name('f');
    code += `const ${parsed} = ${g.k(parser)}(${v}); if (${parsed} === undefined) return false;\n`;
  }
  switch (n.kind) {
    case 'date':
      if (s.format !== 'date-time') throw new Unsupported('date without date-time');
      return code + `${out} = ${parsed};\n`;
    case 'url':
      if (s.format !== 'uri') throw new Unsupported('url without uri');
      return code + `${out} = ${parsed};\n`;
    case 'bytes':
      if (s.format !== BASE64_FORMAT) throw new Unsupported('bytes without base64');
      return code + (n.bytes === 'Buffer' ? `${out} = ${g.k(toBuffer)}(${parsed});\n` : `${out} = ${parsed};\n`);
    default:
      return code + convertPlain(g, n, v, out);
  }
}

function arrayCode(g: Generator, n: TypeNode, s: Schema, v: string, out: string): string {
  for (const key of [
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'properties',
    'required',
    'additionalProperties',
    'if',
    'then',
  ]) {
    if (s[key] !== undefined) throw new Unsupported(`${key} on an array`);
  }
  if (n.kind !== 'array') throw new Unsupported(`kind ${n.kind} as an array`);
  let code = '';
  if (s.minItems !== undefined) code += `if (${v}.length < ${num(g, s.minItems)}) return false;\n`;
  if (s.maxItems !== undefined) code += `if (${v}.length > ${num(g, s.maxItems)}) return false;\n`;
  const itemSchema = s.items as Schema | undefined;
  if (s.uniqueItems === true) {
    const itemTypes = itemSchema !== undefined ? (typesOf(itemSchema) ?? []) : [];
    const scalar = itemTypes.length > 0 && !itemTypes.some((t) => t === 'object' || t === 'array');
    code += scalar ? `if (!${g.k(uniqueScalar)}(${v}, ${g.k(itemTypes)})) return false;\n` : `if (!${g.k(uniqueDeep)}(${v})) return false;\n`;
  } else if (s.uniqueItems !== undefined && s.uniqueItems !== false) {
    throw new Unsupported('uniqueItems');
  }
  if (itemSchema === undefined || n.items === undefined) {
    if (itemSchema !== undefined || n.items !== undefined || n.set) throw new Unsupported('items');
    return code + `${out} = ${v};\n`;
  }
  const converts = n.set === true || converterOf(n.items) !== null;
  const len = g.name('len');
  const i = g.name('i');
  const e = g.name('e');
  const c = g.name('c');
  const acc = converts ? g.name('a') : '';
  code += `const ${len} = ${v}.length;\n`;
  if (converts) code += n.set ? `const ${acc} = new Set();\n` : `const ${acc} = new Array(${len});\n`;
  code += `for (let ${i} = 0; ${i} < ${len}; ${i}++) {\nconst ${e} = ${v}[${i}]; let ${c};\n`;
  code += value(g, n.items, itemSchema, e, c);
  if (converts) code += n.set ? `${acc}.add(${c});\n` : `${acc}[${i}] = ${c};\n`;
  code += '}\n';
  return code + `${out} = ${converts ? acc : v};\n`;
}

function objectCode(g: Generator, n: TypeNode, s: Schema, v: string, out: string): string {
  for (const key of [
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'items',
    'minItems',
    'maxItems',
    'uniqueItems',
    'if',
    'then',
  ]) {
    if (s[key] !== undefined) throw new Unsupported(`${key} on an object`);
  }
  if (n.kind === 'dto') return dtoCode(g, n, s, v, out);
  if (s.properties !== undefined || s.required !== undefined) throw new Unsupported(`properties on ${n.kind}`);
  const extra = s.additionalProperties;
  if (n.kind === 'object' || (n.kind === 'record' && extra === undefined)) {
    if (extra !== undefined || n.values !== undefined) throw new Unsupported('object');
    return `${out} = ${v};\n`;
  }
  if (n.kind !== 'record' || n.values === undefined || typeof extra !== 'object' || extra === null) throw new Unsupported(`kind ${n.kind} as an object`);
  const converts = n.map === true || converterOf(n.values) !== null;
  const key = g.name('key');
  const e = g.name('e');
  const c = g.name('c');
  const acc = converts ? g.name('r') : '';
  let code = plainObject(g, v);
  if (converts) code += n.map ? `const ${acc} = new Map();\n` : `const ${acc} = {};\n`;
  code += `for (const ${key} in ${v}) {\nif (!${g.k(Object.prototype.hasOwnProperty)}.call(${v}, ${key})) return false;\nconst ${e} = ${v}[${key}]; let ${c};\n`;
  code += value(g, n.values, extra as Schema, e, c);
  if (converts) {
    code += n.map
      ? `${acc}.set(${key}, ${c});\n`
      : `if (${key} === "__proto__") ${g.k(Object.defineProperty)}(${acc}, ${key}, { value: ${c}, writable: true, enumerable: true, configurable: true }); else ${acc}[${key}] = ${c};\n`;
  }
  code += '}\n';
  return code + `${out} = ${converts ? acc : v};\n`;
}

function checkName(name: string): void {
  if (name === '__proto__') throw new Unsupported('__proto__');
}

/** A default given for an absent parameter: a mutable one copied per call. */
function fillCode(g: Generator, value: unknown): string {
  return isMutableDefault(value) ? `${g.k(freshDefault)}(${g.k(value)})` : g.k(value);
}

/**
 * An absent property with `@Prop({ default })` reads a fresh copy of the default's JSON form as if
 * it had been given (checked and converted by the same code); any other keeps its initializer.
 */
function defaultCode(g: Generator, p: PropertyNode, s: Schema | undefined, present: (c: string, x: string) => string): string {
  if (p.fillsDefault !== true || p.default === undefined || s === undefined) return '';
  const x = g.name('x');
  const c = g.name('c');
  const json = p.default.value;
  return `const ${x} = ${typeof json === 'object' && json !== null ? `${g.k(copyJson)}(${g.k(json)})` : g.k(json)}; let ${c};\n${value(g, p.node, s, x, c)}${present(c, x)}`;
}

/** Reading one parameter or property: absent, null meaning absent, or a value to check and convert. */
function slot(
  g: Generator,
  source: string,
  name: string,
  node: TypeNode,
  s: Schema | undefined,
  required: boolean,
  absent: string,
  /** The code for a present value: `c` holds it checked and converted, `x` as sent. */
  present: (c: string, x: string) => string,
  keepsNull = false,
): string {
  checkName(name);
  if (s === undefined) throw new Unsupported(`no schema for ${name}`);
  const x = g.name('x');
  const c = g.name('c');
  let code = `{ const ${x} = ${read(g, source, name)};\n`;
  code += `if (${x} === undefined) { ${required ? 'return false;' : absent} }\n`;
  // `@ValidateIf` decides the property: a null the schema takes (as absence) is passed as sent.
  if (!node.nullable && keepsNull && acceptsNull(s)) code += `else if (${x} === null) { let ${c} = null;\n${present(c, x)}}\n`;
  else if (!node.nullable) code += `else if (${x} === null) { ${acceptsNull(s) ? absent : 'return false;'} }\n`;
  code += `else { let ${c};\n${value(g, node, s, x, c)}${present(c, x)}}\n}\n`;
  return code;
}

/**
 * A DTO's instance, or an `ObjectOf` shape's plain object (no class: `{}`, each present property
 * assigned; `__proto__` is never a name here, see checkName).
 */
function dtoCode(g: Generator, n: TypeNode, s: Schema, v: string, out: string): string {
  const cls = n.cls as (new () => object) | undefined;
  if ((cls === undefined && n.shape === undefined) || s.additionalProperties !== false) throw new Unsupported('dto');
  const props = n.properties ?? [];
  const schemas = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  if (props.length !== Object.keys(schemas).length) throw new Unsupported('dto properties');
  const inst = g.name('o');
  let code =
    plainObject(g, v) +
    knownKeys(
      g,
      v,
      props.map((p) => p.name),
    );
  code += cls !== undefined ? `const ${inst} = new ${g.k(cls)}();\n` : `const ${inst} = {};\n`;
  for (const p of props) {
    checkName(p.key);
    if (p.required !== required.has(p.name)) throw new Unsupported('required');
    const transforms = p.transforms ?? [];
    const key = JSON.stringify(p.key);
    const schema = Object.prototype.hasOwnProperty.call(schemas, p.name) ? schemas[p.name] : undefined;
    // Without @Type, class-transformer hands the transforms the JSON value as sent (checked, not
    // converted), an object or array as a copy; under @Type, the converted value.
    const asSent = transforms.length > 0 && p.transformsConverted !== true;
    // Converting it anyway would run user code (a nested DTO's constructor and transforms) that
    // class-transformer does not run: such a tool is left to the general path.
    if (asSent && someNode(p.node, (x) => x.kind === 'dto')) throw new Unsupported('@Transform over a DTO without @Type');
    const present = (c: string, x: string) => {
      let t = asSent ? `${c} = typeof ${x} === 'object' && ${x} !== null ? ${g.k(copyJson)}(${x}) : ${x};\n` : '';
      for (const tr of transforms) {
        t += `${c} = ${g.k(tr)}.transformFn({ value: ${c}, key: ${key}, obj: ${v}, type: ${PLAIN_TO_CLASS}, options: ${g.k(TRANSFORM_OPTIONS)} });\n`;
      }
      return `${t}${inst}[${key}] = ${c};\n`;
    };
    // A null sent to a property with a @Transform reaches the transform (class-transformer runs it on null).
    code += slot(g, v, p.name, p.node, schema, p.required, defaultCode(g, p, schema, present), present, p.keepsNull === true || transforms.length > 0);
  }
  code += ruleCheck(g, n, s, inst);
  return code + `${out} = ${inst};\n`;
}

// ---- class-validator rules -------------------------------------------------------------------

const NO_RULES: ValidationPlan = Object.freeze({ kind: 'none' });

function ruleCheck(g: Generator, n: TypeNode, s: Schema, inst: string): string {
  const cls = n.cls!;
  const plan = n.validation ?? NO_RULES;
  if (plan.kind === 'none') return '';
  if (plan.kind === 'full') {
    g.classValidator = true;
    return `${'cvs'}.push(${inst});\n`;
  }
  let fn = g.checks.get(cls);
  if (fn === undefined) {
    const body = checkBody(g, cls, plan.properties, g.deferChecks ? undefined : { n, s });
    fn = body === '' ? '' : g.name('check');
    g.checks.set(cls, fn);
    if (body !== '') g.declarations.push(`function ${fn}(o) {\n${body}return true;\n}\n`);
  }
  // A DTO built by another constructor than its class's (a constructor that returns an object) is
  // left to the general path: class-validator would read that object's class.
  if (fn === '') return `if (${inst}.constructor !== ${g.k(cls)}) return false;\n`;
  // A @Transform further up may change an instance after it is built: the rules then hold on the
  // finished tree, as class-validator sees it after hydration.
  return g.deferChecks ? `(pend || (pend = [])).push(${fn}, ${inst});\n` : `if (!${fn}(${inst})) return false;\n`;
}

/** Whether a class (or a base) defines the key as an accessor or method: assignment may not store the value. */
function accessorOn(cls: Function, key: string): boolean {
  for (let p = cls.prototype as object | null; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d !== undefined) return d.get !== undefined || d.set !== undefined || typeof d.value === 'function';
  }
  return false;
}

/**
 * Whether the generated checks before it already guarantee that the rule holds for the value on the
 * instance: the property is required and not nullable, no @Transform or accessor stands between the
 * checked JSON value and the instance, and the schema's keyword is at least as strict as the rule
 * (validator.js counts at most as many characters as there are code points, and at least one in a
 * non-empty string).
 */
function implied(r: EmulatedRule, n: TypeNode, s: Schema): boolean {
  if (r.each) return false;
  const c = r.constraints;
  const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
  const upTo = (bound: unknown, limit: unknown) => limit === undefined || (isNumber(bound) && isNumber(limit) && bound <= limit);
  const atLeastOne = (min: unknown) => !min || (min === 1 && isNumber(s.minLength) && s.minLength >= 1);
  switch (r.name) {
    case 'isInt':
      return n.kind === 'integer';
    case 'min':
      return (n.kind === 'integer' || n.kind === 'number') && isNumber(c[0]) && isNumber(s.minimum) && s.minimum >= c[0];
    case 'max':
      return (n.kind === 'integer' || n.kind === 'number') && isNumber(c[0]) && isNumber(s.maximum) && s.maximum <= c[0];
    case 'isLength':
      return n.kind === 'string' && atLeastOne(c[0]) && upTo(s.maxLength, c[1]);
    case 'minLength':
      return n.kind === 'string' && atLeastOne(c[0]);
    case 'maxLength':
      return n.kind === 'string' && upTo(s.maxLength, c[0]);
    case 'isObject':
      return n.kind === 'dto';
    default:
      return false;
  }
}

function checkBody(g: Generator, cls: Function, properties: readonly EmulatedProperty[], tree: { n: TypeNode; s: Schema } | undefined): string {
  let code = `if (o.constructor !== ${g.k(cls)}) return false;\n`;
  let any = false;
  const schemas = (tree?.s.properties ?? {}) as Record<string, Schema>;
  for (const p of properties) {
    const prop = tree?.n.properties?.find((q) => q.key === p.key);
    const exact =
      prop !== undefined &&
      prop.required &&
      !prop.node.nullable &&
      prop.transforms === undefined &&
      !accessorOn(cls, p.key) &&
      Object.prototype.hasOwnProperty.call(schemas, prop.name);
    const rules = exact ? p.rules.filter((r) => !implied(r, prop.node, schemas[prop.name]!)) : p.rules;
    const nested = p.nested && !(exact && prop.node.kind === 'dto');
    const x = g.name('x');
    const key = JSON.stringify(p.key);
    let body = '';
    for (const r of rules) {
      const args = `{ targetName: ${g.k(cls)}.name, property: ${key}, object: o, value: ${x}, constraints: ${g.k(r.constraints)} }`;
      if (r.each) {
        const e = g.name('e');
        body += `if (Array.isArray(${x}) || ${x} instanceof Set || ${x} instanceof Map) { for (const ${e} of (${x} instanceof Map ? ${x}.values() : ${x})) if (!(${ruleTest(g, r, e, args)})) return false; }\n`;
        body += `else if (!(${ruleTest(g, r, x, args)})) return false;\n`;
      } else {
        body += `if (!(${ruleTest(g, r, x, args)})) return false;\n`;
      }
    }
    if (nested)
      body += `if (${x} !== undefined && !(Array.isArray(${x}) || ${x} instanceof Set || ${x} instanceof Map) && !(${x} instanceof Object)) return false;\n`;
    if (body === '') continue;
    any = true;
    code += `{ const ${x} = o[${key}];\n${p.optional ? `if (${x} !== null && ${x} !== undefined) {\n${body}}\n` : body}}\n`;
  }
  return any ? code : '';
}

/** The length of an array or the size of a Set; -1 (failing every size rule) for anything else. */
function sizeOf(value: unknown): number {
  return Array.isArray(value) ? value.length : value instanceof Set ? value.size : -1;
}

/** An expression that is true when class-validator's check of the rule passes for `e`. */
function ruleTest(g: Generator, r: EmulatedRule, e: string, args: string): string {
  const c = r.constraints;
  switch (r.name) {
    case 'isLength':
      return `typeof ${e} === "string" && ${g.k(lengthOk)}(${e}, ${g.k(c[0])}, ${g.k(c[1])})`;
    case 'minLength':
      return `typeof ${e} === "string" && ${g.k(lengthOk)}(${e}, ${g.k(c[0])}, undefined)`;
    case 'maxLength':
      return `typeof ${e} === "string" && ${g.k(lengthOk)}(${e}, 0, ${g.k(c[0])})`;
    case 'isInt':
      return `typeof ${e} === "number" && Number.isInteger(${e})`;
    case 'min':
      return typeof c[0] === 'number' ? `typeof ${e} === "number" && ${e} >= ${num(g, c[0])}` : 'false';
    case 'max':
      return typeof c[0] === 'number' ? `typeof ${e} === "number" && ${e} <= ${num(g, c[0])}` : 'false';
    // On a Set (SetOf) the size rules hold for its items, as the schema's minItems/maxItems say.
    case 'arrayMinSize':
      return `${g.k(sizeOf)}(${e}) >= ${g.k(c[0])}`;
    case 'arrayMaxSize':
      return `${g.k(sizeOf)}(${e}) <= ${g.k(c[0])}`;
    case 'arrayNotEmpty':
      return `${g.k(sizeOf)}(${e}) > 0`;
    case 'isIn':
      return Array.isArray(c[0]) ? `${g.k(inList)}(${g.k(c[0])}, ${e})` : 'false';
    case 'isEnum': {
      const entity = c[0] as Record<string, unknown>;
      const values = Object.keys(entity).map((k) => entity[k]);
      return `${g.k(values)}.includes(${e})`;
    }
    case 'isObject':
      return `${e} != null && (typeof ${e} === "object" || typeof ${e} === "function") && !Array.isArray(${e})`;
    case 'arrayUnique':
      if (r.check === undefined) throw new Unsupported('arrayUnique');
      return `(${e} instanceof Set || ${g.k(syncValid)}(${g.k(r.check)}(${e}, ${args})))`;
    default:
      throw new Unsupported(`rule ${String(r.name)}`);
  }
}

// ---- the tool's function ---------------------------------------------------------------------

function hasTransforms(nodes: readonly TypeNode[]): boolean {
  const transforms = (n: TypeNode) => n.kind === 'dto' && n.cls !== undefined && (n.properties ?? []).some((p) => p.transforms !== undefined);
  return nodes.some((n) => someNode(n, transforms));
}

/** The fast path of a tool, or null when its schema uses something the generator does not cover. */
export function compileFastPath(spec: ToolSpec): CompiledFastPath | null {
  try {
    return generate(spec);
  } catch (e) {
    // Unsupported, or code generation refused (--disallow-code-generation-from-strings): the
    // general path serves every call.
    if (e instanceof Unsupported || e instanceof EvalError) return null;
    throw e;
  }
}

/** Unions and recursive classes are left to the general path (ajv), which alone decides them. */
const declined = (n: TypeNode): boolean => n.kind === 'union' || n.recursive === true;

function generate(spec: ToolSpec): CompiledFastPath {
  const values = spec.params.filter((p): p is ParamSpec => p.role === 'value');
  if (values.some((p) => someNode(p.node, declined))) throw new Unsupported('union or recursive class');
  const g = new Generator(hasTransforms(values.map((p) => p.node)));
  const schema = enforcementSchema(spec);
  const properties = schema.properties as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  let body =
    plainObject(g, 'raw') +
    knownKeys(
      g,
      'raw',
      values.map((p) => p.name),
    );
  for (const p of values) {
    if (p.required !== required.has(p.name)) throw new Unsupported('required');
    const fill = p.fill === undefined ? 'undefined' : fillCode(g, p.fill.value);
    body += slot(
      g,
      'raw',
      p.name,
      p.node,
      Object.prototype.hasOwnProperty.call(properties, p.name) ? properties[p.name] : undefined,
      p.required,
      `out[${p.index}] = ${fill};`,
      (c) => `out[${p.index}] = ${c};\n`,
    );
  }
  if (g.deferChecks) body += 'if (pend !== null) for (let j = 0; j < pend.length; j += 2) if (!pend[j](pend[j + 1])) return false;\n';
  const source =
    g.constants.map((_, i) => `const k${i} = K[${i}];\n`).join('') +
    g.declarations.join('') +
    `return function fastPath(raw, out, cvs) {\n${g.deferChecks ? 'let pend = null;\n' : ''}${body}return true;\n};\n`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function('K', source)(g.constants) as FastPath;
  return { run, classValidator: g.classValidator };
}
