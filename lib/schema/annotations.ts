import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse, ToolDefinitionError } from '../errors';
import type { ValidatorRule } from '../metadata/class-validator';
import { conditionalPhrase, optionPhrase, rulePhrase, shownByShape, typeSays } from './rule-phrases';
import { isTypeRule } from './slot';
import type { ConstraintOptions, ItemOptions, RangeRecord, StringFormat } from '../metadata/options';
import { enumNode } from '../types/enums';
import type { MutableNode, TypeNode } from '../types/node';
import { fitsDesignType } from '../types/resolve';
import { conjunctionParts, linearRefusal, LinearRegExp } from '../linear-pattern';

/**
 * Applies a slot's annotations to its type's node. Our own decorators win over class-validator's
 * (`@Range` over `@Min`/`@Max`, `@Param({ minLength })` over `@MinLength`), whatever the order in
 * which they were written. Rules with `{ each: true }` annotate `items`.
 */
export interface Annotations {
  readonly options?: ConstraintOptions;
  readonly range?: RangeRecord;
  readonly rules: readonly ValidatorRule[];
  /** Collects what the schema could not carry. */
  readonly warnings: string[];
  /** Collects the fixed phrases of the rules that no keyword says, for the slot's description. */
  readonly phrases?: string[];
  /**
   * The rules hold only when a `@ValidateIf` condition does (v3.1): none is written as a keyword
   * (a keyword holds always); each is a phrase with the condition's gist, and a warning.
   */
  readonly conditional?: boolean;
}

/** The gist of a `@ValidateIf` condition, written after the phrases of the rules it decides (v3.1). */
export const CONDITION_GIST = 'Applies only when another property allows it.';

/** What a rule under `@ValidateIf` that no phrase of its own says still requires: the property itself. */
const GIVEN_PHRASE = 'Must be given.';

/**
 * Rules that require nothing of an absent value: class-validator skips or passes it, or (a nested
 * DTO) the nesting is a departure of its own ("nested DTOs are validated with or without @ValidateNested").
 */
const ABSENCE_TAKING = new Set(['validateIf', 'isOptional', 'allow', 'validateNested', 'validatePromise']);

type Keyword =
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'multipleOf'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'pattern'
  | 'format'
  | 'uniqueItems';

/** class-validator rules that become keywords: one row per rule name. */
const RULES: Readonly<Record<string, (c: readonly unknown[]) => Partial<Record<Keyword, unknown>>>> = {
  min: (c) => ({ minimum: c[0] }),
  max: (c) => ({ maximum: c[0] }),
  minLength: (c) => ({ minLength: c[0] }),
  maxLength: (c) => ({ maxLength: c[0] }),
  isLength: (c) => ({ minLength: c[0], maxLength: c[1] }),
  arrayMinSize: (c) => ({ minItems: c[0] }),
  arrayMaxSize: (c) => ({ maxItems: c[0] }),
  arrayNotEmpty: () => ({ minItems: 1 }),
  arrayUnique: () => ({ uniqueItems: true }),
  // An email rule's options change its language (a display name, an IP domain, no TLD): with any,
  // the phrase says them and no format is written, which would refuse what class-validator takes.
  isEmail: (c) => (hasOptions(c[0]) ? {} : { format: 'email' }),
  // v3.1's judge: validator.js's isURL takes `example.com` unless `require_protocol: true`, which
  // format uri refuses; so the format is written only then (and the rule keeps its phrase: format uri
  // takes `http://localhost`, which isURL refuses by its require_tld default).
  isUrl: (c) => (requiresProtocol(c[0]) ? { format: 'uri', pattern: protocolPattern(c[0]) } : {}),
  isUuid: (c) => ({ format: 'uuid', pattern: uuidPattern(c[0]) }),
  // validator.js's IPv4 language is ajv-formats' exactly; its IPv6 also takes a zone (`%eth0`),
  // which ours refuses (stricter). Without a version the rule keeps its phrase.
  isIp: (c) => (String(c[0]) === '4' ? { format: 'ipv4' } : String(c[0]) === '6' ? { format: 'ipv6' } : {}),
  // Our `hostname` (RFC 1123, ASCII) is stricter than validator.js's isFQDN in some ways (no
  // non-ASCII labels, 253 characters in all) and looser in others (a single label, a numeric top
  // level, a final dot): the format is written and the rule keeps its phrase for the rest.
  isFqdn: () => ({ format: 'hostname' }),
  isPositive: () => ({ exclusiveMinimum: 0 }),
  isNegative: () => ({ exclusiveMaximum: 0 }),
  isDivisibleBy: (c) => ({ multipleOf: c[0] }),
  matches: (c) => ({ pattern: patternOf(c) }),
};

function hasOptions(o: unknown): boolean {
  return typeof o === 'object' && o !== null && Object.values(o).some((v) => v !== undefined);
}

/** `@IsUrl({ require_protocol: true })`: validator.js refuses a URL without a scheme, as format uri does. */
function requiresProtocol(o: unknown): boolean {
  return typeof o === 'object' && o !== null && (o as { require_protocol?: unknown }).require_protocol === true;
}

/**
 * `@IsUrl({ protocols, require_protocol: true })`: validator.js takes only those schemes (in any
 * case), so the URL starts with one of them and `://`.
 */
function protocolPattern(o: unknown): string | undefined {
  const opts = (typeof o === 'object' && o !== null ? o : {}) as { protocols?: unknown; require_protocol?: unknown; require_valid_protocol?: unknown };
  const { protocols } = opts;
  if (opts.require_protocol !== true || opts.require_valid_protocol === false || !Array.isArray(protocols) || protocols.length === 0) return undefined;
  if (!protocols.every((p) => typeof p === 'string' && /^[a-z][a-z0-9+.-]*$/i.test(p))) return undefined;
  const caseless = (p: string) =>
    [...p].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch === '.' || ch === '+' ? `\\${ch}` : ch)).join('');
  const sorted = [...new Set(protocols as string[])].sort();
  return `^(?:${sorted.map(caseless).join('|')})://`;
}

/** The URL options a protocol pattern says exactly (the phrase leaves them out). */
export const URL_PATTERN_OPTIONS: readonly string[] = ['protocols', 'require_protocol', 'require_valid_protocol'];

const HEX = '[0-9A-Fa-f]';

/** `@IsUUID(version)`: validator.js's pattern of that version, in either case; none for all versions. */
function uuidPattern(version: unknown): RegExp | undefined {
  const v = String(version);
  if (/^[1-8]$/.test(v)) return new RegExp(`^${HEX}{8}-${HEX}{4}-${v}${HEX}{3}-[89ABab]${HEX}{3}-${HEX}{12}$`);
  if (v === 'nil') return /^00000000-0000-0000-0000-000000000000$/;
  if (v === 'max') return /^[Ff]{8}-[Ff]{4}-[Ff]{4}-[Ff]{4}-[Ff]{12}$/;
  return undefined;
}

/** A `@Matches` rule's pattern (class-validator keeps a RegExp, or a source and its flags). */
function patternOf(c: readonly unknown[]): RegExp {
  return c[0] instanceof RegExp ? c[0] : new RegExp(String(c[0]), typeof c[1] === 'string' ? c[1] : '');
}

/** The keywords each node kind can carry. */
const CARRIES: Readonly<Record<Keyword, (n: TypeNode) => boolean>> = {
  minimum: (n) => n.kind === 'number' || n.kind === 'integer' || n.kind === 'bigint',
  maximum: (n) => n.kind === 'number' || n.kind === 'integer' || n.kind === 'bigint',
  exclusiveMinimum: (n) => n.kind === 'number' || n.kind === 'integer' || n.kind === 'bigint',
  exclusiveMaximum: (n) => n.kind === 'number' || n.kind === 'integer' || n.kind === 'bigint',
  multipleOf: (n) => n.kind === 'number' || n.kind === 'integer',
  minLength: (n) => n.kind === 'string',
  maxLength: (n) => n.kind === 'string',
  // A pattern may stand beside a format (a Date's text, a URL's), tested on the string before it converts.
  pattern: (n) => n.kind === 'string' || n.kind === 'date' || n.kind === 'url',
  format: (n) => n.kind === 'string' && n.format === undefined,
  minItems: (n) => n.kind === 'array',
  maxItems: (n) => n.kind === 'array',
  uniqueItems: (n) => n.kind === 'array',
};

export function annotate(base: TypeNode, a: Annotations): TypeNode {
  let n: MutableNode = { ...base };
  const bounded = a.rules.filter((r) => r.name === 'matches' && !linearMatches(r.constraints as unknown[], patternOf(r.constraints)));
  const phrases = a.phrases ?? [];
  // Order never matters (v3.1): the rules are read in one order whatever the order they were written in.
  const rules = canonical(a.rules);
  if (a.conditional === true) {
    conditional(n, rules, a.warnings, phrases);
  } else {
    // Every class-validator rule holds: `validate()` runs without groups, so a rule limited to groups
    // (or marked `always`) is enforced like any other, and shows like any other.
    const fromRules = collect(
      rules.filter((r) => !r.each),
      a.warnings,
      phrases,
      '',
      n,
    );
    apply(n, fromRules, false);
    n = withMessages(
      n,
      rules.filter((r) => !r.each),
    );
    n = eachRules(
      n,
      rules.filter((r) => r.each),
      a.warnings,
      phrases,
    );
  }
  const o = a.options ?? {};
  n = own(n, o, base, a.range);
  if (o.each !== undefined) n = each(n, o.each);
  if (o.description !== undefined && n.description === undefined) n.description = o.description;
  for (const r of bounded) boundedPattern(n, r, a.warnings);
  return n;
}

/** The keywords by which a type rule's refusal shows: the value's type, its enum, its format. */
const TYPE_RULE_KEYWORDS: readonly string[] = ['type', 'enum', 'format', 'pattern'];

/**
 * The rules' own `message` texts, by the keyword that says each rule: a rule's own keywords first,
 * then a type rule's (a `@MinLength` message is the minLength refusal's, an `@IsString` one the
 * type refusal's). Rules that no keyword says keep their message for class-validator's verdict.
 */
function withMessages(n: MutableNode, rules: readonly ValidatorRule[]): MutableNode {
  if (!rules.some((r) => r.message !== undefined)) return n;
  const out: Record<string, string> = { ...n.messages };
  const typed: ValidatorRule[] = [];
  for (const r of rules) {
    if (r.message === undefined) continue;
    if (isTypeRule(r.name)) typed.push(r);
    const row = RULES[r.name];
    if (row === undefined) continue;
    for (const [k, v] of Object.entries(row(r.constraints))) if (v !== undefined) out[k] = r.message;
  }
  for (const r of typed) for (const k of TYPE_RULE_KEYWORDS) out[k] ??= r.message!;
  return { ...n, messages: out };
}

/**
 * A `@Matches` pattern that RE2 cannot run is a phrase (see `collect`) that class-validator enforces
 * with the pattern's own engine, only on a value whose length the schema bounds first (the maxLength
 * of the value it checks: the slot's, or its items' under `each`); a value without one is OLT015.
 */
function boundedPattern(n: TypeNode, r: ValidatorRule, warnings: string[]): void {
  const re = patternOf(r.constraints);
  const checked = r.each && n.kind === 'array' ? n.items : r.each && n.kind === 'record' && n.map === true ? n.values : n;
  const max = checked?.maxLength;
  if (max === undefined) throw refuse(D.unboundedPattern(String(re)));
  warnings.push(
    `@Matches pattern ${String(re)} uses lookaround or a backreference, which cannot be matched in linear time: it is not written to the schema; the description says "${patternPhrase(re)}", and class-validator enforces it, on values of at most ${max} characters (the maxLength).`,
  );
}

/** The phrase of a pattern that no keyword carries. */
function patternPhrase(re: RegExp): string {
  return `Must match the pattern ${re.flags === '' ? re.source : String(re)}.`;
}

/**
 * The rules in one order, whatever the order of their decorators: by name, then by their
 * constraints' text (two rules alike in both say the same thing).
 */
function canonical(rules: readonly ValidatorRule[]): ValidatorRule[] {
  if (rules.length < 2) return [...rules];
  // Compared field by field (the constraints' text only between two rules of one name: it is the
  // costly part), in the order of the text `name \0 constraint name \0 constraints \0 each`.
  const rows = rules.map((r, i) => ({ r, i, k: undefined as string | undefined }));
  const key = (x: (typeof rows)[number]): string => (x.k ??= constraintsKey(x.r.constraints));
  return rows
    .sort(
      (x, y) =>
        order(x.r.name, y.r.name) ||
        order(x.r.constraint?.name ?? '', y.r.constraint?.name ?? '') ||
        order(key(x), key(y)) ||
        (x.r.each ? 1 : 0) - (y.r.each ? 1 : 0) ||
        x.i - y.i,
    )
    .map((x) => x.r);
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function constraintsKey(c: readonly unknown[]): string {
  try {
    return (
      JSON.stringify(c, (_, v: unknown) =>
        v instanceof RegExp ? String(v) : typeof v === 'function' ? `fn:${(v as Function).name}` : typeof v === 'bigint' ? `${v}n` : v,
      ) ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * Rules under `@ValidateIf` (v3.1): class-validator runs them only when the condition holds, which
 * no keyword can say. Each is a phrase (items' rules as `Each item: ...`), the condition's gist
 * follows them, and each is listed in warnings; class-validator decides at call time.
 */
function conditional(n: TypeNode, rules: readonly ValidatorRule[], warnings: string[], phrases: string[]): void {
  const slot = n.kind === 'array' ? n.items : n.kind === 'record' && n.map === true ? n.values : undefined;
  const prefix = n.kind === 'array' ? 'Each item: ' : 'Each value: ';
  const found: [ValidatorRule, string][] = [];
  for (const r of rules) {
    const each = r.each && slot !== undefined;
    const p = conditionalPhrase(r, each ? slot.kind : n.kind);
    if (p === undefined) continue;
    const phrase = each ? prefix + p.charAt(0).toLowerCase() + p.slice(1) : p;
    phrases.push(phrase);
    found.push([r, phrase]);
  }
  // A rule the slot's own type already says (`@IsString()` on a string) has no phrase of its own, yet
  // it still refuses absence when the condition holds: the property is then required, and says so.
  if (found.length === 0) {
    const refusing = rules.find((r) => !ABSENCE_TAKING.has(r.name));
    if (refusing === undefined || rules.some((r) => r.name === 'isOptional')) return;
    phrases.push(GIVEN_PHRASE);
    found.push([refusing, GIVEN_PHRASE]);
  }
  phrases.push(CONDITION_GIST);
  for (const [r, phrase] of found) {
    warnings.push(
      `class-validator rule ${r.constraint?.name ?? r.name} holds only when its @ValidateIf condition does, which JSON Schema cannot say: the description says "${phrase} ${CONDITION_GIST}", and class-validator decides at call time.`,
    );
  }
}

/** The formats a slot may carry (v3), each checked by the invoker's parser of that name. */
export const FORMATS: Readonly<Record<StringFormat, true>> = {
  'date-time': true,
  date: true,
  time: true,
  duration: true,
  email: true,
  hostname: true,
  ipv4: true,
  ipv6: true,
  uri: true,
  'uri-reference': true,
  uuid: true,
};

/** The options `each` takes: those that apply to one element (`ItemOptions`). */
const ITEM_OPTIONS: Readonly<Record<keyof ItemOptions, true>> = {
  description: true,
  enum: true,
  minLength: true,
  maxLength: true,
  pattern: true,
  format: true,
  minimum: true,
  maximum: true,
  exclusiveMinimum: true,
  exclusiveMaximum: true,
  multipleOf: true,
};

/**
 * Our own options on a node (they win over class-validator's rules): `@Range`, then the bounds,
 * lengths, format and pattern options. `type` is the slot's type before any annotation (an integer
 * token's or bigint's own range).
 */
function own(n: MutableNode, o: ItemOptions & { minItems?: number; maxItems?: number }, type: TypeNode, range: RangeRecord | undefined): MutableNode {
  const ours: Partial<Record<Keyword, unknown>> = {};
  if (range !== undefined) {
    // On an integer token or bigint, @Range narrows the type's own range (an Int32 stays an Int32).
    for (const [k, v] of [
      ['minimum', range.min],
      ['maximum', range.max],
    ] as const) {
      if (isOpen(v)) continue;
      if (CARRIES[k](n)) insideType(type, k, numericBound(n, v, k));
      ours[k] = v;
    }
    if (isOpen(range.min) && isOpen(range.max) && !CARRIES.minimum(n)) throw refuse(D.notApplicable('@Range', n.kind));
  }
  // `minimum`/`maximum` options: one side of `@Range` each; `@Range` wins on a side it gives.
  for (const [k, side] of [
    ['minimum', range?.min],
    ['maximum', range?.max],
  ] as const) {
    const v = o[k];
    if (v === undefined || !isOpen(side)) continue;
    if (!CARRIES[k](n)) throw refuse(D.notApplicable(k, n.kind));
    insideType(type, k, numericBound(n, v, k));
    ours[k] = v;
  }
  if (o.exclusiveMinimum !== undefined) ours.exclusiveMinimum = o.exclusiveMinimum;
  if (o.exclusiveMaximum !== undefined) ours.exclusiveMaximum = o.exclusiveMaximum;
  if (o.multipleOf !== undefined) ours.multipleOf = o.multipleOf;
  if (o.minLength !== undefined) ours.minLength = o.minLength;
  if (o.maxLength !== undefined) ours.maxLength = o.maxLength;
  if (o.minItems !== undefined) ours.minItems = o.minItems;
  if (o.maxItems !== undefined) ours.maxItems = o.maxItems;
  if (o.format !== undefined) {
    if (typeof o.format !== 'string' || FORMATS[o.format] !== true) throw refuse(D.unknownFormat(String(o.format), Object.keys(FORMATS)));
    if (n.format !== undefined && n.format !== o.format) throw refuse(D.formatTaken(o.format, n.format));
    if (n.format === undefined) ours.format = o.format;
  }
  if (o.pattern !== undefined) ours.pattern = ownPattern(o.pattern);
  apply(n, ours, true);
  return n;
}

/** An integer token's or bigint's bound option must lie inside the type's own range. */
function insideType(type: TypeNode, k: 'minimum' | 'maximum', v: number | bigint): void {
  if (type.kind !== 'integer' && type.kind !== 'bigint') return;
  const lo = type.minimum;
  const hi = type.maximum;
  if ((lo !== undefined && v < lo) || (hi !== undefined && v > hi)) {
    throw refuse(D.outsideType(k, String(v), type.token ?? type.kind, String(lo), String(hi)));
  }
}

/**
 * `each` (v3 items): the options of one element of an array or Set (`items`), or one value of a
 * record (`additionalProperties`). Anything else is a definition error, never an ignored option.
 */
function each(n: MutableNode, o: ItemOptions): MutableNode {
  if (typeof o !== 'object' || o === null) throw refuse(D.eachTarget(n.kind));
  for (const key of Object.keys(o)) if (!Object.prototype.hasOwnProperty.call(ITEM_OPTIONS, key)) throw refuse(D.eachOption(key, Object.keys(ITEM_OPTIONS)));
  const slot = n.kind === 'array' ? 'items' : n.kind === 'record' ? 'values' : undefined;
  const element = slot === undefined ? undefined : n[slot];
  if (slot === undefined || element === undefined) throw refuse(D.eachTarget(n.kind));
  let e: MutableNode = { ...element };
  if (o.enum !== undefined) {
    const listed = enumNode(o.enum);
    const design = ELEMENT_DESIGN[e.kind];
    if (design === undefined || !fitsDesignType(listed, design)) throw refuse(D.eachEnum(e.token ?? e.kind));
    e = { ...listed, ...(e.description !== undefined ? { description: e.description } : {}) };
  }
  try {
    e = own(e, o, element, undefined);
  } catch (err) {
    throw err instanceof ToolDefinitionError ? refuse({ code: err.code, text: `each: ${err.reason}` }) : err;
  }
  if (o.description !== undefined) e.description = o.description;
  return { ...n, [slot]: e };
}

/** The design type an element of each kind stands for, for `each.enum` (other kinds take no enum). */
const ELEMENT_DESIGN: Partial<Record<TypeNode['kind'], Function>> = { string: String, number: Number, integer: Number, enum: Object, any: Object };

/**
 * class-validator rules with `{ each: true }`: class-validator checks each item of an array or Set
 * and each value of a Map, and the value itself when it is none of these; they are written where
 * they hold. On a plain-object record it would check the object itself, which no schema can say.
 */
function eachRules(n: MutableNode, rules: readonly ValidatorRule[], warnings: string[], phrases: string[]): MutableNode {
  if (rules.length === 0) return n;
  const slot = n.kind === 'array' ? 'items' : n.kind === 'record' && n.map === true ? 'values' : undefined;
  if (n.kind === 'record' && slot === undefined && rules.some((r) => !shownByShape(r.name)))
    throw refuse(D.eachRuleOnRecord(rules.find((r) => !shownByShape(r.name))!.name));
  const element = slot === undefined ? undefined : n[slot];
  if (slot === undefined || element === undefined) {
    apply(n, collect(rules, warnings, phrases, '', n), false);
    return n;
  }
  const keywords = collect(rules, warnings, phrases, slot === 'items' ? 'Each item: ' : 'Each value: ', element);
  if (Object.keys(keywords).length === 0 && !rules.some((r) => r.message !== undefined)) return n;
  const e: MutableNode = { ...element };
  apply(e, keywords, false);
  return { ...n, [slot]: withMessages(e, rules) };
}

/** A side of `@Range` that is left open. */
function isOpen(v: number | bigint | undefined): boolean {
  return v === undefined || v === Infinity || v === -Infinity;
}

/** Rules whose keyword says only part of what they check: the phrase is written beside it. */
const ALSO_PHRASED: ReadonlySet<string> = new Set(['isFqdn', 'isUrl']);

function collect(rules: readonly ValidatorRule[], warnings: string[], phrases: string[], prefix: string, target: TypeNode): Partial<Record<Keyword, unknown>> {
  const kind = target.kind;
  const out: Partial<Record<Keyword, unknown>> = {};
  const say = (found: string, r: ValidatorRule, text: (phrase: string) => string) => {
    const phrase = prefix === '' ? found : prefix + found.charAt(0).toLowerCase() + found.slice(1);
    phrases.push(phrase);
    warnings.push(`class-validator rule ${r.constraint?.name ?? r.name} ${text(phrase)}`);
  };
  for (const r of rules) {
    const row = RULES[r.name];
    const keywords = row === undefined ? {} : row(r.constraints);
    const written = Object.values(keywords).some((v) => v !== undefined);
    // A type rule that did not name the type (`@Type(() => String)` named it first): its phrase.
    const unsaid = row === undefined && isTypeRule(r.name) && !(typeSays(r.name, kind) && sameEnum(r, target)) ? conditionalPhrase(r, kind) : undefined;
    if (unsaid !== undefined) say(unsaid, r, (phrase) => `is not said by the type: the description says "${phrase}", and class-validator still enforces it.`);
    let saidOwn = false;
    if (!written || ALSO_PHRASED.has(r.name)) {
      // A URL written as format uri: its phrase says the options that neither the format (a scheme
      // required) nor the protocol pattern says.
      const found =
        r.name === 'isUrl'
          ? (optionPhrase(r, !written ? [] : keywords.pattern !== undefined ? URL_PATTERN_OPTIONS : ['require_protocol']) ?? 'Must be a URL.')
          : rulePhrase(r);
      saidOwn = found !== undefined;
      if (found !== undefined) {
        say(found, r, (phrase) =>
          written
            ? `is written as ${Object.entries(keywords)
                .filter(([, v]) => v !== undefined)
                .map(([k, v]) => `${k} ${String(v)}`)
                .join(', ')}, which says only part of it: the description says "${phrase}", and class-validator still enforces it.`
            : `has no JSON Schema keyword: the description says "${phrase}", and class-validator still enforces it.`,
        );
      }
    }
    // Options that narrow the rule beyond its type or keyword (v3.1): a phrase and a warning.
    // (A rule said by its own phrase has its options in it.)
    const options =
      (written || isTypeRule(r.name)) && !saidOwn
        ? optionPhrase(r, keywords.pattern !== undefined && r.name === 'isUrl' ? URL_PATTERN_OPTIONS : [])
        : undefined;
    if (options !== undefined)
      say(options, r, (phrase) => `has options that no JSON Schema keyword says: the description says "${phrase}", and class-validator still enforces it.`);
    for (const [k, v] of Object.entries(keywords) as [Keyword, unknown][]) {
      if (v === undefined) continue;
      if (k === 'pattern' && v instanceof RegExp && linearRefusal(v.source, v.flags) !== undefined) {
        // RE2 cannot run it: a phrase, enforced by class-validator within a length bound (boundedPattern).
        phrases.push(prefixed(prefix, patternPhrase(v)));
        continue;
      }
      const value = k === 'pattern' ? writablePattern(v as RegExp | string) : v;
      if (k === 'pattern' && value === undefined) {
        // Its flags are options no keyword says (v3.1): the phrase says the pattern as written.
        const shown = RegExp.prototype.toString.call(v);
        // Leading lookaheads with a flag: each part with the flag, as the invoker matches them.
        const parts = v instanceof RegExp ? conjunctionParts(v.source, v.flags) : undefined;
        if (parts !== undefined)
          phrases.push(prefixed(prefix, `Must match each of these patterns: ${parts.map((x) => `/${x}/${(v as RegExp).flags}`).join(', ')}.`));
        else phrases.push(prefix === '' ? `Must match ${shown}.` : `${prefix}must match ${shown}.`);
        warnings.push(`pattern ${shown} is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.`);
        continue;
      }
      if (k === 'pattern' && v instanceof RegExp) {
        // Leading lookaheads: the pattern is matched as the conjunction of its parts, which the
        // phrase spells out for a model that does not read lookahead.
        const parts = conjunctionParts(v.source, v.flags);
        if (parts !== undefined) phrases.push(prefixed(prefix, `Must match each of these patterns: ${parts.join(', ')}.`));
      }
      const merged = merge(k, out[k], value);
      if (merged !== NOT_MERGED) {
        out[k] = merged;
        continue;
      }
      // Two rules on one keyword that cannot be one value (two patterns, two formats): the first in
      // the rules' order is the keyword, the other its phrase.
      const found = conditionalPhrase(r, '');
      if (found !== undefined)
        say(
          found,
          r,
          (phrase) => `shares ${k} with another rule, which one keyword cannot say: the description says "${phrase}", and class-validator still enforces it.`,
        );
    }
  }
  return out;
}

/** A phrase about each item (`Each item: must ...`), or about the value itself. */
function prefixed(prefix: string, phrase: string): string {
  return prefix === '' ? phrase : prefix + phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

/** An enum rule is said by the node's enum only when it lists the same values (`@IsIn` narrower than `@IsEnum` is not). */
function sameEnum(r: ValidatorRule, n: TypeNode): boolean {
  if ((r.name !== 'isEnum' && r.name !== 'isIn') || n.kind !== 'enum') return true;
  let listed: readonly unknown[] | undefined;
  try {
    listed = enumNode(r.constraints[0] as Parameters<typeof enumNode>[0]).enum;
  } catch {
    return false;
  }
  const has = new Set(n.enum ?? []);
  return listed !== undefined && listed.length === has.size && listed.every((v) => has.has(v as never));
}

const NOT_MERGED = Symbol('not merged');
const LOWER: ReadonlySet<Keyword> = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems']);
const UPPER: ReadonlySet<Keyword> = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems']);

/**
 * Two rules on one keyword both hold (class-validator runs every rule), so the keyword says the
 * tighter: the larger lower bound, the smaller upper bound, a common multiple of two integers.
 */
function merge(k: Keyword, had: unknown, v: unknown): unknown {
  if (had === undefined || had === v) return v;
  if (typeof had === 'number' && typeof v === 'number') {
    if (LOWER.has(k)) return Math.max(had, v);
    if (UPPER.has(k)) return Math.min(had, v);
    if (k === 'multipleOf' && Number.isSafeInteger(had) && Number.isSafeInteger(v) && had > 0 && v > 0) {
      const lcm = (had / gcd(had, v)) * v;
      if (Number.isSafeInteger(lcm)) return lcm;
    }
  }
  return NOT_MERGED;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function apply(n: MutableNode, keywords: Partial<Record<Keyword, unknown>>, strict: boolean): void {
  for (const [k, v] of Object.entries(keywords) as [Keyword, unknown][]) {
    if (!CARRIES[k](n)) {
      if (strict) throw refuse(D.notApplicable(k === 'minimum' || k === 'maximum' ? '@Range' : k, n.kind));
      continue;
    }
    switch (k) {
      case 'minimum':
      case 'maximum':
        (n as Record<string, unknown>)[k] = numericBound(n, v, k);
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        exclusiveBound(n, v, k);
        break;
      case 'multipleOf':
        if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw refuse(D.notPositive(k, String(v)));
        n.multipleOf = v;
        break;
      case 'minLength':
      case 'minItems': {
        const count = nonNegativeInteger(v, k);
        (n as Record<string, unknown>)[k] = count === 0 ? undefined : count;
        break;
      }
      case 'maxLength':
      case 'maxItems':
        (n as Record<string, unknown>)[k] = nonNegativeInteger(v, k);
        break;
      default:
        (n as Record<string, unknown>)[k] = v;
    }
  }
  for (const [lo, hi] of [
    ['minimum', 'maximum'],
    ['minLength', 'maxLength'],
    ['minItems', 'maxItems'],
  ] as const) {
    const a = n[lo];
    const b = n[hi];
    if (a !== undefined && b !== undefined && a > b) {
      throw refuse(D.inverted(lo, String(a), hi, String(b)));
    }
  }
  for (const k of Object.keys(n) as (keyof MutableNode)[]) if (n[k] === undefined) delete n[k];
}

function numericBound(n: TypeNode, v: unknown, k: string): number | bigint {
  if (n.kind === 'bigint') {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  } else if (typeof v === 'number' && Number.isFinite(v)) {
    return v;
  } else if (typeof v === 'bigint' && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) {
    return Number(v);
  }
  throw refuse(D.notFinite(k, String(v), n.kind === 'bigint'));
}

/**
 * An exclusive bound: kept on a number; on an integer or bigint written as the inclusive bound of
 * the next integer inside (integers never carry exclusive keywords), where it is tighter than the
 * type's own.
 */
function exclusiveBound(n: MutableNode, v: unknown, k: 'exclusiveMinimum' | 'exclusiveMaximum'): void {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw refuse(D.notFinite(k, String(v), false));
  if (n.kind === 'number') {
    n[k] = v;
    return;
  }
  const low = k === 'exclusiveMinimum';
  const inside = low ? Math.floor(v) + 1 : Math.ceil(v) - 1;
  const b = n.kind === 'bigint' ? BigInt(inside) : inside;
  const current = low ? n.minimum : n.maximum;
  if (current === undefined || (low ? b > current : b < current)) {
    if (low) n.minimum = b;
    else n.maximum = b;
  }
}

function nonNegativeInteger(v: unknown, k: string): number {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  throw refuse(D.notNonNegative(k, String(v)));
}

/** A pattern is written only when it has no flags and compiles in Unicode mode (a source given as text is written as it is). */
function writablePattern(re: RegExp | string): string | undefined {
  if (typeof re === 'string') return compilesInUnicode(re) ? re : undefined;
  return re.flags === '' && compilesInUnicode(re.source) ? re.source : undefined;
}

function compilesInUnicode(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

function ownPattern(p: string | RegExp): string {
  const source = typeof p === 'string' ? p : p.flags === '' ? p.source : undefined;
  if (source === undefined || !compilesInUnicode(source)) throw refuse(D.pattern(String(p)));
  refuseNonLinear(String(p), source, '');
  return source;
}

/** A pattern that RE2 cannot run (it could not be matched in linear time) is refused. */
function refuseNonLinear(shown: string, source: string, flags: string): void {
  const why = linearRefusal(source, flags);
  if (why !== undefined) throw refuse(D.nonLinearPattern(shown, why));
}

/**
 * class-validator's own `@Matches` check runs RE2 too: its pattern in the metadata (the constraint
 * class-validator passes to validator.js's `matches`) is replaced by a `LinearRegExp` of the same
 * source and flags, so that the check after the invoker's cannot be the one that stalls. False for
 * a pattern RE2 cannot run: class-validator keeps its own, and runs it on bounded values only.
 */
function linearMatches(constraints: unknown[], re: RegExp): boolean {
  if (re instanceof LinearRegExp) return true;
  if (linearRefusal(re.source, re.flags) !== undefined) return false;
  constraints[0] = new LinearRegExp(re.source, re.flags, typeof constraints[0] === 'string' ? constraints[0] : undefined);
  return true;
}
