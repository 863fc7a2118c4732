import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ParamSpec, ToolSpec } from '../schema/tool-spec';
import { someNode, type TypeNode } from '../types/node';
import { pointerSegment, segmentsOf } from '../json';
import { addStrictFormats, decodeBase64, parseTimeSpan } from './formats';
import { linearPattern } from '../linear-pattern';
import { cachedBy } from '../cache';
import {
  BASE64_FORMAT, NOT_NULL, REQUIRED, TIMESPAN_FORMAT, duplicateLine, formatReason, itemsLine, lengthLine,
  lostDigits, notAProperty, notAParameter, notDigitsOnly, patternLine, rangeLine, typeLine, type ArgumentProblem,
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

/** The schema that is enforced for a node (written fragment in, enforcement fragment out). */
function enforce(schema: Schema, n: TypeNode, nullMeansAbsent: boolean): Schema {
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
    if (k !== 'description' && k !== 'default' && k !== 'properties' && k !== 'items' && k !== 'additionalProperties') out[k] = v;
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
  if (n.kind === 'array' && n.items !== undefined) out.items = enforce(schema.items as Schema, n.items, false);
  if (n.kind === 'record' && n.values !== undefined) out.additionalProperties = enforce(schema.additionalProperties as Schema, n.values, false);
  if (n.kind === 'dto') {
    const written = schema.properties as Record<string, Schema>;
    const properties: Record<string, Schema> = {};
    for (const p of n.properties ?? []) properties[p.name] = enforce(written[p.name]!, p.node, !p.required);
    out.properties = properties;
    out.additionalProperties = false;
  }
  return out;
}

/** The enforced input schema of a tool. */
export function enforcementSchema(spec: ToolSpec): Schema {
  const written = (spec.inputSchema.properties ?? {}) as Record<string, Schema>;
  const properties: Record<string, Schema> = {};
  for (const p of spec.params) {
    if (p.role === 'value') properties[p.name] = enforce(written[p.name]!, p.node, !p.required);
  }
  const out: Schema = { type: 'object', properties };
  const required = spec.params.filter((p) => p.role === 'value' && p.required).map((p) => p.name);
  if (required.length > 0) out.required = required;
  out.additionalProperties = false;
  return out;
}

export function compileValidator(spec: ToolSpec): ValidateFunction {
  return ajv(namesInheritedKey(spec)).compile(enforcementSchema(spec));
}

/** The same validator, stopping at the first error (no problem list: only whether the call is valid). */
export const firstErrorValidator: (spec: ToolSpec) => ValidateFunction = cachedBy((spec: ToolSpec) => ajv(namesInheritedKey(spec), false).compile(enforcementSchema(spec)));

// ---- ajv errors → problems ------------------------------------------------------------------

/** Where a segment of a path leads: the node below, and how the segment is shown. */
type Place = { readonly node: TypeNode | undefined; readonly className?: string };


/** The node at a pointer, walking the tool's parameters and the node tree (never the data). */
export function walk(params: readonly ParamSpec[], segments: readonly string[]): { node: TypeNode | undefined; path: (string | number)[] } {
  const path: (string | number)[] = [];
  let n: TypeNode | undefined;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (i === 0) {
      n = params.find((p) => p.role === 'value' && p.name === s)?.node;
      path.push(s);
      continue;
    }
    if (n?.kind === 'array') {
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
  }
  return { node: n, path };
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let v = data;
  for (const s of segments) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = Array.isArray(v) ? v[Number(s)] : Object.prototype.hasOwnProperty.call(v, s) ? (v as Record<string, unknown>)[s] : undefined;
  }
  return v;
}

function containerPlace(params: readonly ParamSpec[], segments: readonly string[]): Place {
  if (segments.length === 0) return { node: undefined };
  const { node } = walk(params, segments);
  return { node, ...(node?.kind === 'dto' ? { className: node.cls?.name ?? 'the object' } : {}) };
}

const TYPE_KEYWORDS = new Set(['type', BIGINT]);

/**
 * ajv's errors as problems: one line per problem, a value of the wrong type (or `null` where none
 * is accepted) gets its type line alone. `fromText`: the arguments were JSON text, whose integer
 * literals of bigint slots were read exactly (so an unsafe number there was written with a fraction or
 * an exponent, and has not lost its digits on the caller's side).
 */
export function problemsOf(spec: ToolSpec, errors: readonly ErrorObject[], data: unknown, fromText = false): ArgumentProblem[] {
  const params = spec.params;
  // Pointers whose value has the wrong type: only the type line is written for them.
  const wrongType = new Set<string>();
  for (const e of errors) {
    if (TYPE_KEYWORDS.has(e.keyword)) wrongType.add(e.instancePath);
    else if (e.keyword === 'enum') {
      const { node } = walk(params, segmentsOf(e.instancePath));
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
    const segments = segmentsOf(pointer);
    if (e.keyword === 'required' || e.keyword === 'additionalProperties') {
      const key = (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ?? (e.params as { additionalProperty: string }).additionalProperty;
      const childPointer = `${pointer}/${pointerSegment(key)}`;
      const { path } = walk(params, [...segments, key]);
      if (e.keyword === 'additionalProperties') {
        const place = containerPlace(params, segments);
        unknown.push({ path, pointer: childPointer, message: segments.length === 0 ? notAParameter(spec.name) : notAProperty(place.className ?? 'the object') });
      } else {
        out.push({ path, pointer: childPointer, message: REQUIRED });
      }
      continue;
    }
    const { node, path } = walk(params, segments);
    if (wrongType.has(pointer)) {
      if (typeDone.has(pointer)) continue;
      typeDone.add(pointer);
      const v = valueAt(data, segments);
      let message: string;
      if (node === undefined) message = 'has the wrong type.';
      else if (v === null && !node.nullable) message = NOT_NULL;
      else if (node.kind === 'bigint' && typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) message = fromText ? notDigitsOnly(node) : lostDigits(node);
      else message = typeLine(node);
      out.push({ path, pointer, message });
      continue;
    }
    out.push({ path, pointer, message: reasonOf(e, node) });
  }
  return unknown.length > 0 ? [...out, ...unknown] : out;
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
