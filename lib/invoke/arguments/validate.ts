import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ParamSpec, ToolSpec } from '../../schema/tool-spec';
import { objectTypeName, someNode, type TypeNode } from '../../types/node';
import { pointerSegment, segmentsOf } from '../../json';
import { cachedBy } from '../../cache';
import { writeRoot } from '../../schema/write';
import { addStrictFormats, decodeBase64, parseTimeSpan } from './formats';
import { linearPattern } from '../../linear-pattern';
import {
  BASE64_FORMAT,
  NOT_NULL,
  REQUIRED,
  TIMESPAN_FORMAT,
  duplicateLine,
  formatReason,
  itemsLine,
  lengthLine,
  lostDigits,
  notAProperty,
  ownMessage,
  notAParameter,
  notDigitsOnly,
  oneOfLine,
  patternLine,
  rangeLine,
  typeLine,
  type ArgumentProblem,
} from './messages';

/**
 * Validation from the schema the model sees: the canonical input schema, compiled with ajv (2020-12)
 * once per tool, adjusted only where the contract says enforcement differs from what is written:
 * - an optional value that is not nullable also accepts `null` (it means "absent");
 * - a bigint's range is checked exactly, on the exact integer (the schema's bounds are doubles);
 * - base64 is strictly decoded, a TimeSpan is parsed (hours 00–23), and each `format` is checked
 *   by the parser that converts it.
 */

export const BIGINT = 'x-tool-signatures-bigint';

export interface BigintRule {
  readonly min?: string;
  readonly max?: string;
  readonly nullable: boolean;
}

export function checkBigint(rule: BigintRule, data: unknown): boolean {
  let v: bigint;
  if (typeof data === 'bigint') v = data;
  else if (typeof data === 'number' && Number.isSafeInteger(data)) v = BigInt(data);
  else return data === null && rule.nullable;
  return (rule.min === undefined || v >= BigInt(rule.min)) && (rule.max === undefined || v <= BigInt(rule.max));
}

// Two instances: `ownProperties` (own properties only for `required` and `properties`) costs about
// a third of a validation, and matters only where a property is named like a member of
// Object.prototype (`constructor`, `toString`): an absent one would otherwise be found there.
// Two more stop at the first error: they decide, with bounded work, whether a call with too many
// members to report on is valid at all (ArgumentLimits.maxMembers).
const instances: { plain?: Ajv2020; own?: Ajv2020; plainFirst?: Ajv2020; ownFirst?: Ajv2020 } = {};

function ajv(ownProperties: boolean, allErrors = true): Ajv2020 {
  const slot = `${ownProperties ? 'own' : 'plain'}${allErrors ? '' : 'First'}` as keyof typeof instances;
  let a = instances[slot];
  if (a === undefined) {
    a = new Ajv2020({
      allErrors,
      validateSchema: false,
      strict: false,
      // NaN and ±Infinity are not JSON numbers (text like 1e400 parses to Infinity): refused.
      strictNumbers: true,
      messages: false,
      ownProperties,
      logger: false,
      addUsedSchema: false,
      // Every `pattern` runs on RE2 (linear time), never on the backtracking RegExp engine.
      code: { regExp: linearRegExpEngine },
    });
    addStrictFormats(a);
    a.addFormat(BASE64_FORMAT, { type: 'string', validate: (s: string) => decodeBase64(s) !== undefined });
    a.addFormat(TIMESPAN_FORMAT, { type: 'string', validate: (s: string) => parseTimeSpan(s) !== undefined });
    a.addKeyword({ keyword: BIGINT, schemaType: 'object', errors: false, validate: checkBigint });
    instances[slot] = a;
  }
  return a;
}

const linearRegExpEngine = Object.assign((source: string) => linearPattern(source), { code: 'linearPattern' });

function namesInheritedKey(spec: ToolSpec): boolean {
  const inherited = (n: TypeNode) => (n.properties ?? []).some((p) => p.name in Object.prototype);
  return spec.params.some((p) => p.role === 'value' && (p.name in Object.prototype || someNode(p.node, inherited)));
}

type Schema = Record<string, unknown>;

/**
 * What enforcing one root schema collects: the written `$defs` it reads, the enforced `$defs` it
 * writes (recursive classes), and the enforced members of each union (for its problems).
 */
interface Enforcing {
  readonly written: Record<string, Schema>;
  readonly defs: Record<string, Schema>;
}

/** The schema that is enforced for a node (written fragment in, enforcement fragment out). */
function enforce(schema: Schema, n: TypeNode, nullMeansAbsent: boolean, ctx: Enforcing): Schema {
  const acceptsNull = n.nullable || nullMeansAbsent;
  if (n.kind === 'dto' && n.recursive === true) {
    const written = (schema.$ref ?? (schema.anyOf as Schema[] | undefined)?.[0]?.$ref) as string;
    const name = written.slice('#/$defs/'.length);
    if (!Object.prototype.hasOwnProperty.call(ctx.defs, name)) {
      ctx.defs[name] = {};
      Object.assign(ctx.defs[name]!, enforceBody(ctx.written[name]!, { ...n, nullable: false }, false, ctx));
    }
    // null (where it is accepted) passes the `if`; anything else must be the class.
    return acceptsNull ? { if: { type: 'null' }, else: { $ref: written } } : { $ref: written };
  }
  if (n.kind === 'union') {
    const written = schema.anyOf as Schema[];
    const members = (n.members ?? []).map((m, i) => enforce(written[i]!, m, false, ctx));
    return { anyOf: acceptsNull ? [...members, { type: 'null' }] : members };
  }
  return enforceBody(schema, n, nullMeansAbsent, ctx);
}

function enforceBody(schema: Schema, n: TypeNode, nullMeansAbsent: boolean, ctx: Enforcing): Schema {
  if (n.kind === 'bigint') {
    const rule: BigintRule = {
      ...(n.minimum !== undefined ? { min: String(n.minimum) } : {}),
      ...(n.maximum !== undefined ? { max: String(n.maximum) } : {}),
      nullable: n.nullable || nullMeansAbsent,
    };
    return { [BIGINT]: rule };
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k !== 'description' && k !== 'default' && k !== 'properties' && k !== 'items' && k !== 'additionalProperties' && k !== '$defs') out[k] = v;
  }
  if (nullMeansAbsent && !n.nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  if (n.kind === 'bytes') {
    delete out.contentEncoding;
    out.format = BASE64_FORMAT;
  }
  if (n.stringKind === 'timespan') {
    delete out.pattern;
    out.format = TIMESPAN_FORMAT;
  }
  if (typeof out.pattern === 'string' && typeof out.maxLength === 'number') {
    // A pattern is tested only on strings within maxLength, so that the length bound also bounds the
    // time a backtracking pattern can take (ReDoS): a longer string gets its length line alone.
    // minLength moves with it, so that the lines keep their order (length, then pattern).
    out.if = { maxLength: out.maxLength };
    out.then = out.minLength !== undefined ? { minLength: out.minLength, pattern: out.pattern } : { pattern: out.pattern };
    delete out.minLength;
    delete out.pattern;
  }
  if (n.kind === 'array' && n.items !== undefined) out.items = enforce(schema.items as Schema, n.items, false, ctx);
  if (n.kind === 'record' && n.values !== undefined) out.additionalProperties = enforce(schema.additionalProperties as Schema, n.values, false, ctx);
  if (n.kind === 'dto') {
    const written = schema.properties as Record<string, Schema>;
    const properties: Record<string, Schema> = {};
    for (const p of n.properties ?? []) properties[p.name] = enforce(written[p.name]!, p.node, !p.required, ctx);
    out.properties = properties;
    out.additionalProperties = false;
  }
  return out;
}

/** The enforced input schema of a tool. */
export function enforcementSchema(spec: ToolSpec): Schema {
  const written = writtenParams(spec);
  const ctx: Enforcing = { written: (spec.inputSchema.$defs ?? {}) as Record<string, Schema>, defs: {} };
  const properties: Record<string, Schema> = {};
  for (const p of spec.params) {
    if (p.role === 'value') properties[p.name] = enforce(written[p.name]!, p.node, !p.required, ctx);
  }
  const out: Schema = { type: 'object', properties };
  const required = spec.params.filter((p) => p.role === 'value' && p.required).map((p) => p.name);
  if (required.length > 0) out.required = required;
  out.additionalProperties = false;
  if (Object.keys(ctx.defs).length > 0) out.$defs = ctx.defs;
  return out;
}

/** Each value parameter's written fragment; a whole input's DTO is the input schema's object itself. */
function writtenParams(spec: ToolSpec): Record<string, Schema> {
  if (spec.input !== 'dto') return (spec.inputSchema.properties ?? {}) as Record<string, Schema>;
  const { examples: _examples, $defs: _defs, ...object } = spec.inputSchema as Schema;
  const p = spec.params.find((x) => x.role === 'value')!;
  return { [p.name]: object };
}

/**
 * A validator of one node on its own (a union's member): its written fragment as a root schema,
 * enforced as inside the tool. Compiled on first use; the first member that a value passes decides
 * its conversion, and a refused union lists the problems of the member its value picks.
 */
export const nodeValidator: (n: TypeNode) => ValidateFunction = cachedBy((n: TypeNode) => {
  const written = writeRoot(n) as Schema;
  const ctx: Enforcing = { written: (written.$defs ?? {}) as Record<string, Schema>, defs: {} };
  const out = enforce(written, n, false, ctx);
  return ajv(true).compile(Object.keys(ctx.defs).length > 0 ? { ...out, $defs: ctx.defs } : out);
});

export function compileValidator(spec: ToolSpec): ValidateFunction {
  return ajv(namesInheritedKey(spec)).compile(enforcementSchema(spec));
}

/** The same validator, stopping at the first error (no problem list: only whether the call is valid). */
export const firstErrorValidator: (spec: ToolSpec) => ValidateFunction = cachedBy((spec: ToolSpec) =>
  ajv(namesInheritedKey(spec), false).compile(enforcementSchema(spec)),
);

// ---- ajv errors → problems ------------------------------------------------------------------

/** Where a segment of a path leads: the node below, and how the segment is shown. */
type Place = { readonly node: TypeNode | undefined; readonly className?: string };

/**
 * The node at a pointer, walking the tool's parameters and the node tree. Where the tree holds a
 * union, the value in `data` picks the member (its tag, else the member of its JSON type).
 */
export function walk(params: readonly ParamSpec[], segments: readonly string[], data?: unknown): { node: TypeNode | undefined; path: (string | number)[] } {
  const path: (string | number)[] = [];
  let n: TypeNode | undefined;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (i === 0) {
      n = params.find((p) => p.role === 'value' && p.name === s)?.node;
      path.push(s);
    } else if (n?.kind === 'array') {
      path.push(Number(s));
      n = n.items;
    } else if (n?.kind === 'record') {
      path.push(s);
      n = n.values;
    } else if (n?.kind === 'dto') {
      path.push(s);
      n = n.properties?.find((p) => p.name === s)?.node;
    } else {
      path.push(/^(0|[1-9]\d*)$/.test(s) && n?.kind !== 'object' ? Number(s) : s);
      n = undefined;
    }
    while (n?.kind === 'union') n = memberFor(n, valueAt(data, segments.slice(0, i + 1)));
  }
  return { node: n, path };
}

/** The member a value belongs to: a tagged union's by its tag, else the one member of its JSON type. */
export function memberFor(n: TypeNode, v: unknown): TypeNode | undefined {
  const members = n.members ?? [];
  if (n.tag !== undefined) {
    const tag = isPlainObject(v) && Object.prototype.hasOwnProperty.call(v, n.tag.property) ? (v as Record<string, unknown>)[n.tag.property] : undefined;
    const i = typeof tag === 'string' ? n.tag.values.indexOf(tag) : -1;
    return i >= 0 ? members[i] : undefined;
  }
  const candidates = members.filter((m) => hasJsonTypeOf(m, v));
  return candidates.length === 1 ? candidates[0] : undefined;
}

function isPlainObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether a node takes values of the JSON type of `v` (whatever its other rules). */
function hasJsonTypeOf(n: TypeNode, v: unknown): boolean {
  switch (n.kind) {
    case 'any':
      return true;
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
    case 'integer':
    case 'bigint':
      return typeof v === 'number' || typeof v === 'bigint';
    case 'string':
    case 'date':
    case 'url':
    case 'bytes':
      return typeof v === 'string';
    case 'enum':
      return n.enumType === 'integer' || n.enumType === 'number' ? typeof v === 'number' : typeof v === n.enumType;
    case 'array':
      return Array.isArray(v);
    case 'union':
      return (n.members ?? []).some((m) => hasJsonTypeOf(m, v));
    default:
      return isPlainObject(v);
  }
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let v = data;
  for (const s of segments) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = Array.isArray(v) ? v[Number(s)] : Object.prototype.hasOwnProperty.call(v, s) ? (v as Record<string, unknown>)[s] : undefined;
  }
  return v;
}

function containerPlace(params: readonly ParamSpec[], segments: readonly string[], data: unknown): Place {
  if (segments.length === 0) return { node: undefined };
  const { node } = walk(params, segments, data);
  // An anonymous shape has no name to give: "is not a property of the object."
  return { node, ...(node?.kind === 'dto' ? { className: objectTypeName(node) ?? 'the object' } : {}) };
}

const TYPE_KEYWORDS = new Set(['type', BIGINT]);

/**
 * ajv's errors as problems: one line per problem, a value of the wrong type (or `null` where none
 * is accepted) gets its type line alone. `fromText`: the arguments were JSON text, whose integer
 * literals of bigint slots were read exactly (so an unsafe number there was written with a fraction or
 * an exponent, and has not lost its digits on the caller's side).
 */
export function problemsOf(spec: ToolSpec, errors: readonly ErrorObject[], data: unknown, fromText = false, pinned?: Pinned): ArgumentProblem[] {
  const params = spec.params;
  const unions = unionProblems(spec, errors, data, fromText, pinned);
  // Pointers whose value has the wrong type: only the type line is written for them.
  const wrongType = new Set<string>();
  for (const e of errors) {
    if (unions.owner(e.instancePath) !== undefined) continue;
    if (TYPE_KEYWORDS.has(e.keyword)) wrongType.add(e.instancePath);
    else if (e.keyword === 'enum') {
      const { node } = walk(params, segmentsOf(e.instancePath), data);
      const v = valueAt(data, segmentsOf(e.instancePath));
      if (v === null || (node?.enumType !== undefined && !matchesJsonType(v, node.enumType))) wrongType.add(e.instancePath);
    }
  }
  const out: ArgumentProblem[] = [];
  // Keys that do not belong come after the problems with what does, in the order ajv found them.
  const unknown: ArgumentProblem[] = [];
  const typeDone = new Set<string>();
  for (const e of errors) {
    // The guard around a pattern (enforce): its `then` reports the pattern itself.
    if (e.keyword === 'if') continue;
    const pointer = e.instancePath;
    const union = unions.owner(pointer);
    if (union !== undefined) {
      // A refused union: its own problems, once, where its first error stood.
      if (!unions.written.has(union)) {
        unions.written.add(union);
        out.push(...unions.problems.get(union)!);
      }
      continue;
    }
    const segments = segmentsOf(pointer);
    if (e.keyword === 'required' || e.keyword === 'additionalProperties') {
      const key =
        (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
        (e.params as { additionalProperty: string }).additionalProperty;
      const childPointer = `${pointer}/${pointerSegment(key)}`;
      const { path } = walk(params, [...segments, key], data);
      if (e.keyword === 'additionalProperties') {
        const place = containerPlace(params, segments, data);
        unknown.push({
          path,
          pointer: childPointer,
          message: segments.length === (spec.input === 'dto' ? 1 : 0) ? notAParameter(spec.name) : notAProperty(place.className ?? 'the object'),
        });
      } else {
        out.push({ path, pointer: childPointer, message: REQUIRED });
      }
      continue;
    }
    const { node, path } = walk(params, segments, data);
    if (wrongType.has(pointer)) {
      if (typeDone.has(pointer)) continue;
      typeDone.add(pointer);
      const v = valueAt(data, segments);
      let message: string;
      if (node === undefined) message = 'has the wrong type.';
      else if (node.messages?.type !== undefined) message = ownMessage(node.messages.type, path, v);
      else if (v === null && !node.nullable) message = NOT_NULL;
      else if (node.kind === 'bigint' && typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v))
        message = fromText ? notDigitsOnly(node) : lostDigits(node);
      else message = typeLine(node);
      out.push({ path, pointer, message });
      continue;
    }
    const own = node?.messages?.[e.keyword];
    out.push({ path, pointer, message: own !== undefined ? ownMessage(own, path, valueAt(data, segments)) : reasonOf(e, node) });
  }
  return unknown.length > 0 ? [...out, ...unknown] : out;
}

/**
 * The problems of every refused union (outermost first; ajv reports every member's errors, which
 * would read as contradictions). A null where none is accepted is one line; a tagged union's value
 * without a known tag is one line at the tag; otherwise the member the value picks (its tag, or the
 * one member of its JSON type) is validated alone and its problems are listed; when no member is
 * picked, one line joins the members' types.
 */
/** A union's member validated alone: the node that stands at the union's pointer. */
interface Pinned {
  readonly pointer: string;
  readonly node: TypeNode;
}

function unionProblems(spec: ToolSpec, errors: readonly ErrorObject[], data: unknown, fromText: boolean, pinned: Pinned | undefined) {
  const problems = new Map<string, ArgumentProblem[]>();
  const pointers = [...new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath))].sort((a, b) => a.length - b.length);
  // The outermost refused union at or above a pointer: its prefixes looked up, shortest first (a
  // hostile call can refuse thousands of unions; a scan of them all per error would be quadratic).
  const owner = (pointer: string): string | undefined => {
    if (problems.size === 0) return undefined;
    for (let i = pointer.indexOf('/', 1); i !== -1; i = pointer.indexOf('/', i + 1)) {
      const prefix = pointer.slice(0, i);
      if (problems.has(prefix)) return prefix;
    }
    return problems.has(pointer) ? pointer : undefined;
  };
  for (const pointer of pointers) {
    if (owner(pointer) !== undefined) continue;
    const segments = segmentsOf(pointer);
    const place = walkTo(spec.params, segments, data);
    const { path } = place;
    const node = pinned?.pointer === pointer ? pinned.node : place.node;
    if (node?.kind !== 'union') continue;
    const v = valueAt(data, segments);
    const at = (message: string): ArgumentProblem[] => [{ path, pointer, message }];
    let found: ArgumentProblem[];
    if (v === null) found = at(NOT_NULL);
    else if (node.tag !== undefined && isPlainObject(v) && memberFor(node, v) === undefined) {
      const tag = node.tag.property;
      found = [{ path: [...path, tag], pointer: `${pointer}/${pointerSegment(tag)}`, message: oneOfLine(node.tag.values) }];
    } else {
      const member = memberFor(node, v);
      const validate = member === undefined ? undefined : nodeValidator(member);
      if (validate === undefined || validate(v)) found = at(typeLine(node));
      else {
        const inner = (validate.errors ?? []).map((e) => ({ ...e, instancePath: pointer + e.instancePath }));
        found = problemsOf(spec, inner, data, fromText, { pointer, node: member! });
      }
    }
    problems.set(pointer, found);
  }
  return { problems, owner, written: new Set<string>() };
}

/** The node at a pointer and its path, stopping at a union (not entering it). */
function walkTo(params: readonly ParamSpec[], segments: readonly string[], data: unknown): { node: TypeNode | undefined; path: (string | number)[] } {
  if (segments.length === 0) return { node: undefined, path: [] };
  const parent = walk(params, segments.slice(0, -1), data);
  const last = segments[segments.length - 1]!;
  if (segments.length === 1) {
    return { node: params.find((p) => p.role === 'value' && p.name === last)?.node, path: [last] };
  }
  const n = parent.node;
  const child =
    n?.kind === 'array' ? n.items : n?.kind === 'record' ? n.values : n?.kind === 'dto' ? n.properties?.find((p) => p.name === last)?.node : undefined;
  return { node: child, path: [...parent.path, n?.kind === 'array' ? Number(last) : last] };
}

function matchesJsonType(v: unknown, t: string): boolean {
  if (t === 'integer') return typeof v === 'number' && Number.isInteger(v);
  return typeof v === t;
}

function reasonOf(e: ErrorObject, n: TypeNode | undefined): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'minimum':
    case 'maximum':
      return n !== undefined ? rangeLine(n) : `must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}.`;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return n !== undefined ? rangeLine(n) : `must be ${e.keyword === 'exclusiveMinimum' ? 'greater' : 'less'} than ${String(p.limit)}.`;
    case 'multipleOf':
      return n !== undefined ? rangeLine(n) : `must be a multiple of ${String(p.multipleOf)}.`;
    case 'minLength':
    case 'maxLength':
      return n !== undefined ? lengthLine(n, e.keyword) : `has the wrong length.`;
    case 'minItems':
    case 'maxItems':
      return n !== undefined ? itemsLine(n, e.keyword) : 'has the wrong number of items.';
    case 'uniqueItems':
      return duplicateLine(Number(p.i), Number(p.j));
    case 'pattern':
      return patternLine(String(p.pattern));
    case 'format':
      return formatReason(String(p.format));
    case 'enum':
      return n !== undefined ? typeLine(n) : 'must be one of the allowed values.';
    default:
      return n !== undefined ? typeLine(n) : `is not valid (${e.keyword}).`;
  }
}
