import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { Tool, type ToolDefinition } from 'tool-signatures';
import { compileCorpus, type CorpusKind } from './compile';
import { argumentsFor, type Json, type Mutation, type Schema } from './generate';

/**
 * The judge of contract v3.1 ("DTOs as real projects write them"): every DTO of the corpus becomes
 * the one parameter of a tool; its refusal (OLT code and text) is recorded, or else generated
 * arguments are put to three verdicts: the invoker's, class-validator's (plainToInstance, then
 * validateSync with whitelist and forbidNonWhitelisted, as NestJS's ValidationPipe runs it), and an
 * independent ajv's on the tool's input schema. Each difference is sorted into one of the
 * contract's named departures, or left unexplained.
 */

export type Verdict = 'accepted' | 'refused' | 'failed';

/** The contract's named departures (v3.1, "Departures kept"), and what is left. */
export type DisagreementKind =
  | 'ts-type' // the TypeScript type is part of the contract
  | 'nested-without-ValidateNested' // nested DTOs are validated with or without @ValidateNested
  | 'unknown-key-at-depth' // unknown keys are refused at every depth
  | 'parse-transform' // a @Transform that parses text is not served, and the definition warns
  | 'schema-phrase' // the schema accepts what a phrased (and warned) rule refuses
  | 'null-as-absent' // the schema leaves out null, the invoker takes null for an optional property as absent ("Null and absence")
  | 'primitive-type-conversion' // @Type(() => Number|String|Boolean) converts between JSON types: the parse idiom of the named departure
  | 'safe-integer' // @IsInt means Int, the safe range (Types table); class-validator takes any integral number
  | 'unexplained-invoker-refuses' // the invoker refuses what class-validator accepts, no departure
  | 'unexplained-invoker-accepts' // the invoker accepts what class-validator refuses
  | 'unexplained-tool-failed' // the invoker answered `Tool 'f' failed` for an argument
  | 'unexplained-schema-refuses' // the schema refuses what the invoker accepts
  | 'unexplained-schema-accepts'; // the schema accepts what the invoker refuses, with no phrase or warning

export const DEPARTURES: readonly DisagreementKind[] = [
  'ts-type',
  'nested-without-ValidateNested',
  'unknown-key-at-depth',
  'parse-transform',
  'schema-phrase',
  'null-as-absent',
  'primitive-type-conversion',
  'safe-integer',
];

export interface Disagreement {
  readonly kind: DisagreementKind;
  readonly mutation: string;
  readonly at: string;
  readonly value: Json;
  readonly invoker: Verdict;
  readonly classValidator: Verdict;
  readonly schema: Verdict;
  readonly invokerText: string;
  readonly classValidatorText: string;
}

export interface DtoResult {
  /** `<project>/<ClassName>`. */
  readonly id: string;
  readonly file: string;
  readonly refused?: { readonly code: string; readonly message: string };
  readonly schema?: Schema;
  readonly warnings: readonly string[];
  readonly argumentsTried: number;
  /** Generated `valid` arguments, and how many of them class-validator accepts. */
  readonly validTried: number;
  readonly validAcceptedByClassValidator: number;
  /** Arguments on which the invoker's verdict differs from class-validator's (departures included). */
  readonly verdictsDiffering: number;
  readonly disagreements: readonly Disagreement[];
  /** Rules (`property: rule`) that the schema shows by no keyword, no phrase and no warning. */
  readonly silentRules: readonly string[];
}

export interface CorpusReport {
  readonly projects: readonly { readonly name: string; readonly dtos: number; readonly errors: readonly string[] }[];
  readonly dtos: readonly DtoResult[];
}

// ---- loading ----------------------------------------------------------------------------------

export interface LoadedDto {
  readonly id: string;
  readonly file: string;
  readonly cls: new () => object;
}

function isClass(v: unknown): v is new () => object {
  return typeof v === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(v));
}

function rulesOf(cls: Function): ValidationMetadata[] {
  return getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
}

/** Every exported class of the corpus that carries class-validator rules (its own or inherited). */
export function loadCorpus(kind: CorpusKind = 'plain'): { projects: CorpusReport['projects']; dtos: LoadedDto[] } {
  const projects = compileCorpus(kind);
  const dtos: LoadedDto[] = [];
  const summary: { name: string; dtos: number; errors: readonly string[] }[] = [];
  for (const p of projects) {
    let count = 0;
    for (const [file, js] of p.outputs) {
      if (file.startsWith('_')) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(js) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (!isClass(value) || rulesOf(value).length === 0) continue;
        dtos.push({ id: `${p.name}/${name}`, file: `${p.name}/${file}`, cls: value });
        count++;
      }
    }
    // A class name used in two files of one project (amplication's `Value`s) is qualified by its file.
    const mine = dtos.slice(dtos.length - count);
    for (const d of mine) {
      if (mine.filter((o) => o.id === d.id).length > 1)
        (d as { id: string }).id = `${p.name}/${d.file.slice(p.name.length + 1).replace(/\.ts$/, '')}:${d.cls.name}`;
    }
    summary.push({ name: p.name, dtos: count, errors: p.errors });
  }
  return { projects: summary, dtos };
}

// ---- the three verdicts -----------------------------------------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
addFormats(ajv);

function textOf(result: { parts: readonly unknown[] }): string {
  return result.parts.map((p) => (p as { text?: string }).text ?? JSON.stringify((p as { value?: unknown }).value)).join('\n');
}

async function invokerVerdict(tool: ToolDefinition, value: Json): Promise<{ verdict: Verdict; text: string }> {
  const result = await tool.invoke({ dto: value });
  const text = textOf(result);
  if (!result.isError) return { verdict: 'accepted', text };
  return { verdict: text.startsWith('Argument ') ? 'refused' : 'failed', text };
}

function flatten(errors: readonly ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const path = prefix === '' ? e.property : `${prefix}.${e.property}`;
    return [...Object.values(e.constraints ?? {}).map((c) => `${path}: ${c}`), ...flatten(e.children ?? [], path)];
  });
}

/** class-validator's verdict as NestJS's ValidationPipe gives it (whitelist, forbidNonWhitelisted). */
export function classValidatorVerdict(cls: new () => object, value: Json): { verdict: Verdict; text: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { verdict: 'refused', text: 'not an object' };
  let instance: object;
  try {
    instance = plainToInstance(cls, value) as object;
  } catch (e) {
    return { verdict: 'refused', text: `transform threw: ${String(e)}` };
  }
  try {
    const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
    return errors.length === 0 ? { verdict: 'accepted', text: '' } : { verdict: 'refused', text: flatten(errors).join('; ') };
  } catch (e) {
    return { verdict: 'refused', text: `validation threw: ${String(e)}` };
  }
}

// ---- sorting a difference into a departure ------------------------------------------------------

/** `dto.a[0].b` → `['a', 0, 'b']` (the leading parameter name dropped). */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /^([^.[]+)|\.([^.[]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) {
    if (m[0] === '') break;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(m[2]);
    else if (m[3] !== undefined) out.push(Number(m[3]));
    else if (m[4] !== undefined) out.push(JSON.parse(`"${m[4]}"`) as string);
  }
  return out.slice(1);
}

const TYPE_RULES = new Set([
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isDate',
  'isArray',
  'isObject',
  'isEnum',
  'isIn',
  'isUUID',
  'isEmail',
  'isUrl',
  'isDateString',
  'isISO8601',
  'isMongoId',
  'isNumberString',
  'isBooleanString',
  'isJSON',
  'isLocale',
  'isJWT',
  'isISO31661Alpha2',
  'isHexColor',
  'matches',
  'minLength',
  'maxLength',
  'isLength',
  'isNotEmptyObject',
  'isPositive',
  'isNegative',
  'min',
  'max',
]);

function ruleName(m: ValidationMetadata): string {
  if (m.name !== undefined) return m.name;
  if (m.type === 'customValidation') {
    const c = getMetadataStorage().getTargetValidatorConstraints(m.constraintCls);
    return c[0]?.name ?? m.constraintCls.name;
  }
  return m.type;
}

function propertyRules(cls: Function, property: string): ValidationMetadata[] {
  return rulesOf(cls).filter((m) => m.propertyName === property);
}

interface TransformerStorage {
  findTypeMetadata(target: Function, property: string): { typeFunction?: () => unknown } | undefined;
  findTransformMetadatas(target: Function, property: string, type: number): unknown[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const defaultMetadataStorage = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformerStorage }).defaultMetadataStorage;

function nestedClass(cls: Function, property: string): Function | undefined {
  const t = defaultMetadataStorage.findTypeMetadata(cls, property);
  const found = t?.typeFunction?.();
  return typeof found === 'function' && found !== Object && found !== Array && found !== String && found !== Number ? found : undefined;
}

function primitiveType(cls: Function, property: string): boolean {
  const found = defaultMetadataStorage.findTypeMetadata(cls, property)?.typeFunction?.();
  return found === Number || found === String || found === Boolean;
}

function hasTransform(cls: Function, property: string): boolean {
  return defaultMetadataStorage.findTransformMetadatas(cls, property, 1 /* PLAIN_TO_CLASS */).length > 0;
}

/** The class and property that a problem path ends on, and whether every object on the way is @ValidateNested. */
function walk(root: Function, segments: readonly (string | number)[]): { cls: Function; property: string | undefined; viaUnvalidatedNesting: boolean } {
  let cls = root;
  let viaUnvalidatedNesting = false;
  const names = segments.filter((s): s is string => typeof s === 'string');
  for (let i = 0; i < names.length - 1; i++) {
    const p = names[i]!;
    // class-validator checks a nested object only under @ValidateNested, and not at all when a @ValidateIf skips it.
    const rules = propertyRules(cls, p);
    if (!rules.some((m) => m.type === 'nestedValidation') || rules.some((m) => m.type === 'conditionalValidation')) viaUnvalidatedNesting = true;
    const next = nestedClass(cls, p) ?? (Reflect.getMetadata('design:type', cls.prototype, p) as Function | undefined);
    if (typeof next !== 'function' || next === Object || next === Array) return { cls, property: p, viaUnvalidatedNesting };
    cls = next;
  }
  return { cls, property: names[names.length - 1], viaUnvalidatedNesting };
}

/** Whether class-validator leaves the property's JSON type unchecked: no type rule, or rules only under @ValidateIf. */
function typeUnchecked(rules: readonly ValidationMetadata[]): boolean {
  return rules.some((r) => r.type === 'conditionalValidation') || !rules.some((r) => TYPE_RULES.has(ruleName(r)));
}

const TYPE_LINE = /^must (?:be (?:a |an )?(?:string|number|integer|boolean|object|array|date|an? .+ or .+)|not be null)/;

function classifyInvokerRefusal(cls: Function, tool: ToolDefinition, text: string): DisagreementKind {
  const lines = text.split('\n').filter((l) => l.startsWith('Argument '));
  if (lines.length === 0) return 'unexplained-invoker-refuses';
  let worst: DisagreementKind | undefined;
  for (const line of lines) {
    const m = /^Argument '([^']*)' (.*)$/.exec(line);
    if (m === null) return 'unexplained-invoker-refuses';
    const segments = pathSegments(m[1]!);
    const reason = m[2]!;
    const names = segments.filter((s) => typeof s === 'string');
    const { cls: owner, property, viaUnvalidatedNesting } = walk(cls, segments);
    let kind: DisagreementKind;
    if (/is not a property of/.test(reason) && names.length >= 2) kind = 'unknown-key-at-depth';
    else if (viaUnvalidatedNesting && names.length >= 2) kind = 'nested-without-ValidateNested';
    else if (property !== undefined && hasTransform(owner, property) && tool.warnings.some((w) => /transform/i.test(w))) kind = 'parse-transform';
    else if (property !== undefined && TYPE_LINE.test(reason) && primitiveType(owner, property)) kind = 'primitive-type-conversion';
    else if (/^must be an integer from -9007199254740991 to 9007199254740991/.test(reason)) kind = 'safe-integer';
    else if (property !== undefined && TYPE_LINE.test(reason) && typeUnchecked(propertyRules(owner, property))) kind = 'ts-type';
    else kind = 'unexplained-invoker-refuses';
    if (kind === 'unexplained-invoker-refuses') return kind;
    worst ??= kind;
  }
  return worst ?? 'unexplained-invoker-refuses';
}

function fragmentAt(root: Schema, dto: Schema, segments: readonly (string | number)[]): Schema | undefined {
  const defs = (root['$defs'] as Record<string, Schema> | undefined) ?? {};
  const resolve = (s: Schema): Schema => (typeof s['$ref'] === 'string' ? { ...(defs[(s['$ref'] as string).slice(8)] ?? {}), ...s } : s);
  let s: Schema | undefined = resolve(dto);
  for (const seg of segments) {
    if (s === undefined) return undefined;
    if (typeof seg === 'number') s = s['items'] as Schema | undefined;
    else s = (s['properties'] as Record<string, Schema> | undefined)?.[seg];
    if (s !== undefined) s = resolve(s);
  }
  return s;
}

function classifySchemaLooser(cls: Function, root: Schema, dto: Schema, tool: ToolDefinition, text: string): DisagreementKind {
  if (tool.warnings.length === 0) return 'unexplained-schema-accepts';
  let kind: DisagreementKind = 'schema-phrase';
  for (const line of text.split('\n')) {
    const m = /^Argument '([^']*)' /.exec(line);
    if (m === null) continue;
    // A @Transform that parses text (JSON.parse on what the model already sends as JSON) refuses what
    // the schema offers: the named departure, when the definition warns of that transform.
    const { cls: owner, property } = walk(cls, pathSegments(m[1]!));
    if (property !== undefined && hasTransform(owner, property) && tool.warnings.some((w) => w.startsWith(`@Transform on ${property} `))) {
      kind = 'parse-transform';
      continue;
    }
    const f = fragmentAt(root, dto, pathSegments(m[1]!));
    const description = f?.['description'];
    if (typeof description !== 'string' || !warnedPhrases(tool).some((said) => said(description))) return 'unexplained-schema-accepts';
  }
  return kind;
}

/** The tool-layer gist a phrase of a rule under `@ValidateIf` is quoted with (lib/schema/annotations.ts). */
const CONDITION_GIST = 'Applies only when another property allows it.';

/**
 * For each warning of the tool that names a rule no keyword says, whether a description carries that
 * rule's phrase: the phrase the warning quotes (`the description says "…", and class-validator …`;
 * under `@ValidateIf` the phrase and the condition's gist), or, for a pattern with flags, its
 * `Must match` phrase. A departure counts only where the refused property's description says its rule.
 */
function warnedPhrases(tool: ToolDefinition): ((description: string) => boolean)[] {
  const tests: ((description: string) => boolean)[] = [];
  for (const w of tool.warnings) {
    const quoted = /the description says "(.*)", and class-validator /.exec(w)?.[1];
    if (quoted !== undefined) {
      const phrase = quoted.endsWith(` ${CONDITION_GIST}`) ? quoted.slice(0, -CONDITION_GIST.length - 1) : quoted;
      tests.push((d) => d.includes(phrase) && (phrase === quoted || d.includes(CONDITION_GIST)));
      continue;
    }
    const pattern = /^pattern (\/.*\/[a-z]*) is not written to the schema/.exec(w)?.[1];
    if (pattern !== undefined) tests.push((d) => d.includes(`Must match ${pattern}.`) || d.includes('Must match each of these patterns: '));
  }
  return tests;
}

/** Whether every schema error is a `null` sent for an optional property (which the invoker takes as absent). */
function nullAsAbsent(root: Schema, errors: readonly { instancePath: string }[], args: Json): boolean {
  if (errors.length === 0) return false;
  return errors.every((e) => {
    const tokens = e.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let value: Json = args;
    let parent: Schema | undefined = root;
    const defs = (root['$defs'] as Record<string, Schema> | undefined) ?? {};
    const resolve = (s: Schema | undefined): Schema | undefined =>
      s !== undefined && typeof s['$ref'] === 'string' ? defs[(s['$ref'] as string).slice(8)] : s;
    let required = true;
    for (const token of tokens) {
      const s = resolve(parent);
      if (value === null || typeof value !== 'object') return false;
      if (Array.isArray(value)) {
        value = value[Number(token)] as Json;
        parent = s?.['items'] as Schema | undefined;
        required = true;
      } else {
        value = value[token] as Json;
        required = ((s?.['required'] as string[] | undefined) ?? []).includes(token);
        parent = (s?.['properties'] as Record<string, Schema> | undefined)?.[token];
      }
    }
    return value === null && !required;
  });
}

// ---- rules the schema does not show -------------------------------------------------------------

type Shown = (f: Schema) => boolean;
const typeIs =
  (...names: string[]): Shown =>
  (f) => {
    const t = f['type'];
    return (Array.isArray(t) ? (t as string[]) : [t]).some((x) => names.includes(x as string));
  };
const has =
  (...keywords: string[]): Shown =>
  (f) =>
    keywords.some((k) => f[k] !== undefined);
const formatIs =
  (...formats: string[]): Shown =>
  (f) =>
    formats.includes(f['format'] as string);

/** Where a rule is shown by a keyword: what the fragment must say for it. */
const KEYWORDS: Readonly<Record<string, Shown>> = Object.fromEntries(
  Object.entries({
    isString: typeIs('string'),
    isNumber: typeIs('number', 'integer'),
    isInt: typeIs('integer'),
    isBoolean: typeIs('boolean'),
    isDate: formatIs('date-time'),
    isArray: typeIs('array'),
    isObject: typeIs('object'),
    isEnum: has('enum'),
    isIn: has('enum'),
    min: has('minimum', 'exclusiveMinimum'),
    max: has('maximum', 'exclusiveMaximum'),
    minLength: has('minLength'),
    maxLength: has('maxLength'),
    isLength: has('minLength', 'maxLength'),
    matches: has('pattern'),
    isEmail: formatIs('email'),
    isUrl: formatIs('uri'),
    isUUID: formatIs('uuid'),
    isDateString: formatIs('date-time'),
    isISO8601: formatIs('date-time'),
    arrayMinSize: has('minItems'),
    arrayMaxSize: has('maxItems'),
    arrayNotEmpty: has('minItems'),
    arrayUnique: has('uniqueItems'),
    isPositive: has('exclusiveMinimum', 'minimum'),
    isNegative: has('exclusiveMaximum', 'maximum'),
    isDivisibleBy: has('multipleOf'),
    nestedValidation: (f: Schema) =>
      has('properties', '$ref', 'anyOf')(f) || (typeof f['items'] === 'object' && has('properties', '$ref', 'anyOf')(f['items'] as Schema)),
    isNotEmptyObject: has('minProperties'),
  }).map(([k, v]) => [k.toLowerCase(), v]),
);

/** Rules the schema shows by the property's presence or shape. */
const STRUCTURAL = new Set(['isOptional', 'conditionalValidation', 'whitelistValidation', 'isDefined', 'allow', 'promiseValidation']);

/**
 * A rule that constrains nothing need not be shown: `@ArrayMinSize(0)`, `@MinLength(0)` (every array,
 * every string passes; the schema writes no `minItems: 0`, as for `Range` and `@Prop` bounds of 0).
 */
function vacuous(name: string, r: ValidationMetadata): boolean {
  const c = r.constraints?.[0] as unknown;
  return (name === 'arrayMinSize' || name === 'minLength') && typeof c === 'number' && c <= 0;
}

function silentRules(cls: Function, root: Schema, dto: Schema, warnings: readonly string[], seen = new Set<Function>(), prefix = ''): string[] {
  if (seen.has(cls)) return [];
  seen.add(cls);
  const out: string[] = [];
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const m of rulesOf(cls)) byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
  const props = (dto['properties'] as Record<string, Schema> | undefined) ?? {};
  for (const [property, rules] of byProperty) {
    const where = `${prefix}${property}`;
    const f0 = props[property];
    if (f0 === undefined) {
      out.push(...rules.filter((r) => !STRUCTURAL.has(ruleName(r))).map((r) => `${where}: ${ruleName(r)} (property not in the schema)`));
      continue;
    }
    const f = fragmentAt(root, { properties: props }, [property])!;
    const conditional = rules.some((r) => r.type === 'conditionalValidation');
    for (const r of rules) {
      const name = ruleName(r);
      if (STRUCTURAL.has(name) && name !== 'conditionalValidation') continue;
      if (vacuous(name, r)) continue;
      if (name === 'conditionalValidation') {
        if (!warnings.some((w) => /ValidateIf|only when|condition/i.test(w))) out.push(`${where}: ValidateIf (no warning)`);
        continue;
      }
      let target = f;
      if (r.each === true) {
        const each = (f['items'] as Schema | undefined) ?? (typeof f['additionalProperties'] === 'object' ? (f['additionalProperties'] as Schema) : undefined);
        if (each === undefined) {
          out.push(`${where}: ${name} ({ each: true }, but the schema is not an array)`);
          continue;
        }
        target = fragmentAt(root, { items: each }, [0]) ?? each;
      }
      const members = [target, ...((target['anyOf'] as Schema[] | undefined) ?? [])];
      const shown = KEYWORDS[name.toLowerCase()];
      const keyword = shown !== undefined && members.some(shown);
      const phrased =
        typeof f['description'] === 'string' && warnings.some((w) => w.includes(name) || w.includes(`${name.charAt(0).toUpperCase()}${name.slice(1)}`));
      if (!keyword && !phrased && !(conditional && typeof f['description'] === 'string')) out.push(`${where}: ${name}`);
    }
    const nested = nestedClass(cls, property);
    if (nested !== undefined) {
      const inner = fragmentAt(root, { properties: props }, [property])!;
      const obj = inner['items'] !== undefined ? fragmentAt(root, inner, [0]) : inner;
      if (obj !== undefined) out.push(...silentRules(nested, root, obj, warnings, seen, `${where}.`));
    }
  }
  return out;
}

/** The rules of a DTO parameter's class that its tool's schema shows by no keyword, no phrase and no warning. */
export function silentRulesOf(cls: Function, tool: ToolDefinition, parameter = 'dto'): string[] {
  const root = tool.inputSchema as Schema;
  const fragment = (root['properties'] as Record<string, Schema>)[parameter]!;
  return silentRules(cls, root, fragmentAt(root, fragment, []) ?? fragment, tool.warnings);
}

// ---- the run ----------------------------------------------------------------------------------

/** The tool's function: one DTO parameter named `dto`. */
function useDto(dto: object): string {
  return dto === undefined ? 'none' : 'ok';
}

function isDefinitionError(e: unknown): e is Error & { code: string } {
  return e instanceof Error && e.name === 'ToolDefinitionError';
}

function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

export async function judgeDto(entry: LoadedDto): Promise<DtoResult> {
  const dto = entry;
  let tool: ToolDefinition;
  try {
    tool = Tool.create(useDto, { name: 'f', params: { dto: dto.cls } });
  } catch (e) {
    if (!isDefinitionError(e)) throw e;
    return {
      id: dto.id,
      file: dto.file,
      refused: { code: e.code, message: e.message },
      warnings: [],
      argumentsTried: 0,
      validTried: 0,
      validAcceptedByClassValidator: 0,
      verdictsDiffering: 0,
      disagreements: [],
      silentRules: [],
    };
  }
  const root = tool.inputSchema as Schema;
  const dtoSchema = (root['properties'] as Record<string, Schema>)['dto']!;
  const validate = ajv.compile(root);
  const tried: Mutation[] = argumentsFor(root, dtoSchema, seedOf(dto.id));
  const disagreements: Disagreement[] = [];
  let validTried = 0;
  let validAccepted = 0;
  let differing = 0;
  for (const m of tried) {
    const invoker = await invokerVerdict(tool, m.value);
    const cv = classValidatorVerdict(dto.cls, m.value);
    if (m.kind === 'valid') {
      validTried++;
      if (cv.verdict === 'accepted') validAccepted++;
    }
    if (invoker.verdict !== cv.verdict) differing++;
    const schema: Verdict = validate({ dto: m.value }) ? 'accepted' : 'refused';
    const record = (kind: DisagreementKind): void => {
      disagreements.push({
        kind,
        mutation: m.kind,
        at: m.at,
        value: m.value,
        invoker: invoker.verdict,
        classValidator: cv.verdict,
        schema,
        invokerText: invoker.text,
        classValidatorText: cv.text,
      });
    };
    if (invoker.verdict === 'failed') record('unexplained-tool-failed');
    else if (invoker.verdict === 'refused' && cv.verdict === 'accepted') record(classifyInvokerRefusal(dto.cls, tool, invoker.text));
    // An explicit null on an optional property that is not nullable is taken as its absence ("Null and
    // absence"): where the absent property keeps its initializer, the invoker accepts the null that
    // class-validator, handed the null itself, refuses. The same named departure, seen from class-validator.
    else if (invoker.verdict === 'accepted' && cv.verdict === 'refused') {
      record(schema === 'refused' && nullAsAbsent(root, validate.errors ?? [], { dto: m.value }) ? 'null-as-absent' : 'unexplained-invoker-accepts');
    }
    if (invoker.verdict === 'accepted' && schema === 'refused')
      record(nullAsAbsent(root, validate.errors ?? [], { dto: m.value }) ? 'null-as-absent' : 'unexplained-schema-refuses');
    else if (invoker.verdict === 'refused' && schema === 'accepted') record(classifySchemaLooser(dto.cls, root, dtoSchema, tool, invoker.text));
  }
  const dtoFragment = fragmentAt(root, dtoSchema, []) ?? dtoSchema;
  return {
    id: dto.id,
    file: dto.file,
    schema: dtoFragment,
    warnings: tool.warnings,
    argumentsTried: tried.length,
    validTried,
    validAcceptedByClassValidator: validAccepted,
    verdictsDiffering: differing,
    disagreements,
    silentRules: silentRules(dto.cls, root, dtoFragment, tool.warnings),
  };
}

export async function judgeCorpus(kind: CorpusKind = 'plain'): Promise<CorpusReport> {
  const { projects, dtos } = loadCorpus(kind);
  const results: DtoResult[] = [];
  for (const d of dtos) results.push(await judgeDto(d));
  return { projects, dtos: results };
}

// ---- figures ----------------------------------------------------------------------------------

export interface Figures {
  readonly dtos: number;
  readonly accepted: number;
  readonly acceptedPercent: number;
  readonly refusedByCode: Readonly<Record<string, number>>;
  readonly argumentsTried: number;
  /** Share of generated valid arguments that class-validator accepts (how well the generator reaches the rules). */
  readonly validAcceptedPercent: number;
  /** Arguments whose invoker verdict differs from class-validator's, departures included, and their share. */
  readonly verdictsDiffering: number;
  readonly verdictsDifferingPercent: number;
  readonly disagreements: number;
  readonly byKind: Readonly<Record<string, number>>;
  readonly unexplained: number;
  readonly silentRules: number;
}

function percent(n: number, of: number): number {
  return Math.round((1000 * n) / Math.max(1, of)) / 10;
}

export function figures(report: CorpusReport): Figures {
  const accepted = report.dtos.filter((d) => d.refused === undefined);
  const refusedByCode: Record<string, number> = {};
  for (const d of report.dtos) if (d.refused !== undefined) refusedByCode[d.refused.code] = (refusedByCode[d.refused.code] ?? 0) + 1;
  const byKind: Record<string, number> = {};
  let count = 0;
  for (const d of report.dtos) {
    for (const x of d.disagreements) {
      byKind[x.kind] = (byKind[x.kind] ?? 0) + 1;
      count++;
    }
  }
  const argumentsTried = report.dtos.reduce((a, d) => a + d.argumentsTried, 0);
  const differing = report.dtos.reduce((a, d) => a + d.verdictsDiffering, 0);
  const unexplained = Object.entries(byKind)
    .filter(([k]) => k.startsWith('unexplained'))
    .reduce((a, [, n]) => a + n, 0);
  return {
    dtos: report.dtos.length,
    accepted: accepted.length,
    acceptedPercent: percent(accepted.length, report.dtos.length),
    refusedByCode,
    argumentsTried,
    validAcceptedPercent: percent(
      report.dtos.reduce((a, d) => a + d.validAcceptedByClassValidator, 0),
      report.dtos.reduce((a, d) => a + d.validTried, 0),
    ),
    verdictsDiffering: differing,
    verdictsDifferingPercent: percent(differing, argumentsTried),
    disagreements: count,
    byKind,
    unexplained,
    silentRules: report.dtos.reduce((a, d) => a + d.silentRules.length, 0),
  };
}
