import type { ValidatorRule } from '../metadata/class-validator';
import { isTypeRule } from './slot';

/**
 * The fixed phrase of each class-validator rule that no JSON Schema keyword says: appended to the
 * slot's description (and listed in the definition's warnings), so that no rule is silently absent
 * from what the model is told. class-validator still enforces every one of them.
 */
const PHRASES: Readonly<Record<string, (c: readonly unknown[]) => string>> = {
  // common
  equals: (c) => `Must equal ${show(c[0])}.`,
  notEquals: (c) => `Must not equal ${show(c[0])}.`,
  isEmpty: () => 'Must be empty.',
  isNotEmpty: () => 'Must not be empty.',
  isNotIn: (c) => `Must not be one of: ${list(c[0])}.`,
  isLatLong: () => 'Must be a latitude,longitude pair.',
  isLatitude: () => 'Must be a latitude.',
  isLongitude: () => 'Must be a longitude.',
  // dates
  minDate: (c) => `Must not be before ${showDate(c[0])}.`,
  maxDate: (c) => `Must not be after ${showDate(c[0])}.`,
  // objects
  isNotEmptyObject: () => 'Must have at least one property.',
  // arrays
  arrayContains: (c) => `Must contain: ${list(c[0])}.`,
  arrayNotContains: (c) => `Must not contain: ${list(c[0])}.`,
  // strings
  contains: (c) => `Must contain ${show(c[0])}.`,
  notContains: (c) => `Must not contain ${show(c[0])}.`,
  isAlpha: () => 'Must contain only letters.',
  isAlphanumeric: () => 'Must contain only letters and digits.',
  isDecimal: () => 'Must be a decimal number.',
  isAscii: () => 'Must contain only ASCII characters.',
  isBase32: () => 'Must be base32 encoded.',
  isBase58: () => 'Must be base58 encoded.',
  isBase64: () => 'Must be base64 encoded.',
  isIBAN: () => 'Must be an IBAN.',
  isBIC: () => 'Must be a BIC or SWIFT code.',
  isBooleanString: () => 'Must be a boolean as a string (true, false, 1 or 0).',
  isByteLength: (c) =>
    c[1] === undefined ? `Must be at least ${String(c[0])} bytes long (UTF-8).` : `Must be from ${String(c[0])} to ${String(c[1])} bytes long (UTF-8).`,
  isCreditCard: () => 'Must be a credit card number.',
  isCurrency: () => 'Must be an amount of money.',
  isISO4217CurrencyCode: () => 'Must be an ISO 4217 currency code.',
  isEthereumAddress: () => 'Must be an Ethereum address.',
  isBtcAddress: () => 'Must be a Bitcoin address.',
  isDataURI: () => 'Must be a data URI.',
  isFqdn: () => 'Must be a fully qualified domain name.',
  isFullWidth: () => 'Must contain full-width characters.',
  isHalfWidth: () => 'Must contain half-width characters.',
  isVariableWidth: () => 'Must contain both full-width and half-width characters.',
  isHexColor: () => 'Must be a hexadecimal color.',
  isHSL: () => 'Must be an HSL color.',
  isRgbColor: () => 'Must be an RGB color.',
  isIdentityCard: () => 'Must be an identity card number.',
  isPassportNumber: () => 'Must be a passport number.',
  isPostalCode: () => 'Must be a postal code.',
  isHexadecimal: () => 'Must be a hexadecimal number.',
  isOctal: () => 'Must be an octal number.',
  isMacAddress: () => 'Must be a MAC address.',
  isIp: (c) => (c[0] === undefined ? 'Must be an IP address (version 4 or 6).' : `Must be an IP address (version ${String(c[0])}).`),
  isPort: () => 'Must be a port number.',
  isIsbn: () => 'Must be an ISBN.',
  isEAN: () => 'Must be an EAN.',
  isIsin: () => 'Must be an ISIN.',
  isIso8601: () => 'Must be an ISO 8601 date.',
  isDateString: () => 'Must be an ISO 8601 date.',
  isRFC3339: () => 'Must be an RFC 3339 date.',
  isJson: () => 'Must be JSON text.',
  isJwt: () => 'Must be a JWT.',
  isLowercase: () => 'Must be lowercase.',
  isUppercase: () => 'Must be uppercase.',
  isMobilePhone: () => 'Must be a mobile phone number.',
  isPhoneNumber: () => 'Must be a phone number.',
  isISO31661Alpha2: () => 'Must be an ISO 3166-1 alpha-2 country code.',
  isISO31661Alpha3: () => 'Must be an ISO 3166-1 alpha-3 country code.',
  isISO31661Numeric: () => 'Must be an ISO 3166-1 numeric country code.',
  isISO6391: () => 'Must be an ISO 639-1 language code.',
  isLocale: () => 'Must be a locale.',
  isMongoId: () => 'Must be a MongoDB ObjectId.',
  isMultibyte: () => 'Must contain a multibyte character.',
  isSurrogatePair: () => 'Must contain a surrogate pair character.',
  isMagnetURI: () => 'Must be a magnet URI.',
  isMimeType: () => 'Must be a MIME type.',
  isMilitaryTime: () => 'Must be a time as HH:MM.',
  isTimeZone: () => 'Must be an IANA time zone.',
  isHash: (c) => `Must be a ${String(c[0])} hash.`,
  isISSN: () => 'Must be an ISSN.',
  isISRC: () => 'Must be an ISRC.',
  isNumberString: () => 'Must be a number as a string.',
  IsFirebasePushId: () => 'Must be a Firebase push ID.',
  isSemVer: () => 'Must be a semantic version.',
  isStrongPassword: () => 'Must be a strong password.',
  isTaxId: () => 'Must be a tax ID.',
};

/**
 * The rules that the schema already says without a phrase: by a keyword (annotations.ts), by the
 * slot's type (slot.ts), or by the slot's shape (required, optional, a nested object).
 */
const SHOWN = new Set(['isOptional', 'validateIf', 'validateNested', 'isDefined', 'whitelistValidation', 'allow', 'validatePromise', 'isArray', 'isInstance']);

/** Whether the schema shows a rule by the slot's shape (optional, nested, allowed), not by a value rule. */
export function shownByShape(name: string): boolean {
  return SHOWN.has(name);
}

/**
 * A rule's phrase, or undefined when the schema already shows the rule. A custom constraint's phrase
 * is its `defaultMessage`, or its name.
 */
export function rulePhrase(r: ValidatorRule): string | undefined {
  if (SHOWN.has(r.name) || isTypeRule(r.name)) return undefined;
  const row = PHRASES[r.name];
  if (row !== undefined) {
    if (!READS_CONSTRAINTS.has(r.name)) return withOptions(row(r.constraints), r.constraints);
    // A constraint that is not given (an unset environment variable) is never written as `undefined`.
    return r.name !== 'isIp' && r.constraints[0] === undefined ? `Must satisfy ${r.name}.` : row(r.constraints);
  }
  const message = r.constraint?.message();
  if (message !== undefined) return sentence(message);
  return `Must satisfy ${r.constraint?.name ?? r.name}.`;
}

/** The rows of PHRASES that say their constraints themselves; the others get them as options. */
const READS_CONSTRAINTS: ReadonlySet<string> = new Set([
  'equals',
  'notEquals',
  'isNotIn',
  'minDate',
  'maxDate',
  'arrayContains',
  'arrayNotContains',
  'contains',
  'notContains',
  'isByteLength',
  'isIp',
  'isHash',
]);

/**
 * What a rule's options (a locale, a version, an options object) narrow beyond the rule's fixed
 * phrase, written after it: `Must be a phone number (GB).`, `Must be an ISO 8601 date (strict: true).`
 * A value that is not given (`undefined`: an environment variable that was not set) is left out,
 * never written as `undefined`.
 */
function withOptions(phrase: string, constraints: readonly unknown[]): string {
  const said = constraints.map(optionText).filter((t) => t !== '');
  return said.length === 0 ? phrase : `${phrase.slice(0, -1)} (${said.join('; ')}).`;
}

/** One constraint as the phrase shows it: '' when it says nothing (absent, empty, a function). */
function optionText(v: unknown): string {
  if (v === undefined || v === null || typeof v === 'function' || typeof v === 'symbol') return '';
  if (typeof v === 'string') return v === '' ? '' : v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof RegExp) return String(v);
  if (Array.isArray(v))
    return v
      .map(optionText)
      .filter((t) => t !== '')
      .join(', ');
  if (typeof v === 'object') {
    return Object.keys(v)
      .sort()
      .map((k) => [k, optionText((v as Record<string, unknown>)[k])] as const)
      .filter(([, t]) => t !== '')
      .map(([k, t]) => `${k}: ${t}`)
      .join(', ');
  }
  return '';
}

/**
 * The options of a type or keyword rule that its type or keyword does not say (`@IsNumber({
 * maxDecimalPlaces: 2 })`, `@IsEmail({ allow_display_name: true })`, `@IsUrl({ require_tld: false })`),
 * as a phrase; undefined when they narrow nothing more. `said` lists the option names a keyword
 * already wrote (`@IsUrl`'s protocols as a pattern).
 */
export function optionPhrase(r: ValidatorRule, said: readonly string[] = []): string | undefined {
  const row = OPTION_PHRASES[r.name];
  if (row === undefined) return undefined;
  const o = r.constraints[0];
  const given =
    typeof o === 'object' && o !== null && !Array.isArray(o)
      ? Object.fromEntries(Object.entries(o).filter(([k, v]) => !said.includes(k) && optionText(v) !== ''))
      : {};
  return Object.keys(given).length === 0 ? undefined : row(given);
}

const OPTION_PHRASES: Readonly<Record<string, (o: Readonly<Record<string, unknown>>) => string | undefined>> = {
  isNumber: (o) => (typeof o.maxDecimalPlaces === 'number' ? `Must have at most ${o.maxDecimalPlaces} decimal places.` : undefined),
  isEmail: (o) => withOptions('Must be an email address.', [o]),
  isUrl: (o) => withOptions('Must be a URL.', [o]),
  // Where the rule names the type (a date-time string), its options are still said.
  isDateString: (o) => withOptions('Must be an ISO 8601 date.', [o]),
  isIso8601: (o) => withOptions('Must be an ISO 8601 date.', [o]),
};

/**
 * What a rule says when it holds only under `@ValidateIf`: every rule that the schema would
 * otherwise write as a keyword or a type is written as a phrase (a keyword would hold always), a
 * type rule that the slot's own type already says (`@IsString()` on a string) included.
 */
export function conditionalPhrase(r: ValidatorRule, kind: string): string | undefined {
  if (r.name === 'isDefined') return 'Must be given, and not null.';
  if (r.name === 'isArray') return KIND_PHRASES.isArray;
  if (SHOWN.has(r.name)) return undefined;
  const said = SAID_BY_KIND[r.name];
  // The type rule is told too (v3.2): the condition's phrase covers every rule of the property.
  if (said !== undefined) return said.includes(kind) ? (optionPhrase(r) ?? KIND_PHRASES[r.name]) : withOptions(KIND_PHRASES[r.name]!, []);
  const row = CONDITIONAL[r.name];
  if (row !== undefined) return NEEDS_CONSTRAINT.has(r.name) && r.constraints[0] === undefined ? `Must satisfy ${r.name}.` : row(r.constraints);
  return rulePhrase(r);
}

/** Whether a node of this kind says a type rule (`@IsInt` an integer, `@IsEnum` an enum). */
export function typeSays(name: string, kind: string): boolean {
  if (name === 'isEnum' || name === 'isIn') return kind === 'enum';
  // An enum's values are checked as the method receives them (a numeric enum's numbers).
  if (name === 'isInt') return kind === 'integer' || kind === 'enum';
  return SAID_BY_KIND[name]?.includes(kind) ?? true;
}

/** The type rules that only name a JSON kind: the kinds of node that already say them. */
const SAID_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  isString: ['string', 'enum'],
  isNumber: ['number', 'integer', 'enum'],
  isBoolean: ['boolean'],
  isDate: ['date'],
  isArray: ['array'],
  isObject: ['object', 'dto', 'record'],
};

const KIND_PHRASES: Readonly<Record<string, string>> = {
  isString: 'Must be a string.',
  isNumber: 'Must be a number.',
  isBoolean: 'Must be a boolean.',
  isDate: 'Must be a date.',
  isArray: 'Must be an array.',
  isObject: 'Must be an object.',
};

/** The rows of CONDITIONAL that say their first constraint. */
const NEEDS_CONSTRAINT: ReadonlySet<string> = new Set([
  'min',
  'max',
  'minLength',
  'maxLength',
  'isLength',
  'arrayMinSize',
  'arrayMaxSize',
  'isDivisibleBy',
  'matches',
  'isEnum',
  'isIn',
]);

/** The phrases of the rules written elsewhere as keywords or types, for when they hold only under a condition. */
const CONDITIONAL: Readonly<Record<string, (c: readonly unknown[]) => string>> = {
  min: (c) => `Must be at least ${String(c[0])}.`,
  max: (c) => `Must be at most ${String(c[0])}.`,
  minLength: (c) => `Must be at least ${count(c[0], 'character')} long.`,
  maxLength: (c) => `Must be at most ${count(c[0], 'character')} long.`,
  isLength: (c) =>
    c[1] === undefined
      ? `Must be at least ${count(c[0], 'character')} long.`
      : c[0] === c[1]
        ? `Must be exactly ${count(c[0], 'character')} long.`
        : `Must be from ${String(c[0])} to ${String(c[1])} characters long.`,
  arrayMinSize: (c) => `Must have at least ${count(c[0], 'item')}.`,
  arrayMaxSize: (c) => `Must have at most ${count(c[0], 'item')}.`,
  arrayNotEmpty: () => 'Must have at least 1 item.',
  arrayUnique: () => 'Must not repeat an item.',
  isPositive: () => 'Must be greater than 0.',
  isNegative: () => 'Must be less than 0.',
  isDivisibleBy: (c) => `Must be a multiple of ${String(c[0])}.`,
  matches: (c) => `Must match ${String(c[0] instanceof RegExp ? c[0] : new RegExp(String(c[0]), typeof c[1] === 'string' ? c[1] : ''))}.`,
  isInt: () => 'Must be an integer.',
  isEnum: (c) => `Must be one of: ${list(enumValues(c[0]))}.`,
  isIn: (c) => `Must be one of: ${list(c[0])}.`,
  isEmail: (c) => withOptions('Must be an email address.', c),
  isUrl: (c) => withOptions('Must be a URL.', c),
  isUuid: (c) =>
    withOptions(
      'Must be a UUID.',
      c.map((v) => (v === undefined || v === 'all' ? undefined : `version ${String(v)}`)),
    ),
};

/**
 * The values an enum rule takes as they are sent (under `@ValidateIf` the value is not converted: a
 * numeric enum's numbers), the reverse mappings of numeric members left out.
 */
function enumValues(e: unknown): unknown[] {
  if (Array.isArray(e)) return e;
  if (typeof e !== 'object' || e === null) return [];
  const o = e as Record<string, unknown>;
  return Object.keys(o)
    .filter((k) => !(/^-?\d+(\.\d+)?$/.test(k) && typeof o[k] === 'string'))
    .map((k) => o[k]);
}
function count(n: unknown, noun: string): string {
  return `${String(n)} ${noun}${n === 1 ? '' : 's'}`;
}

function sentence(text: string): string {
  const t = text.trim();
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function show(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : (JSON.stringify(v) ?? String(v));
}

function list(v: unknown): string {
  return Array.isArray(v) ? v.map(show).join(', ') : show(v);
}

function showDate(v: unknown): string {
  const d = typeof v === 'function' ? (v as () => unknown)() : v;
  return d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : String(d);
}
