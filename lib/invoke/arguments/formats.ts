import type AjvCore from 'ajv/dist/core';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { StringFormat } from '../../types/hints';

// Every format here is read by one parser that both decides whether a string is acceptable and
// produces the value the method receives, so that validation and conversion cannot disagree.
// Where ajv-formats' (full mode) check is the contract's rule, it is used as is (`date`), or
// behind the bounds the contract adds (`email`, `uuid`, the grammar of `uri`); the parsers of our
// own walk the string once with charCodeAt (no backtracking regular expressions), and each says
// in one line why it is ours. What every parser accepts is a subset of what stock ajv-formats
// accepts for the same format, except `time` without an offset (a documented departure of the
// contract, for TimeOnly).
//
// Deliberately stricter than RFC 3339 / ajv-formats:
// - date-time: the separator is `T` or `t` only (the RFC's ABNF; the space that the RFC's note
//   allows "for readability", and that ajv-formats accepts, is refused); the offset must be `Z`,
//   `z` or `±hh:mm` (ajv-formats also takes `±hh` and `±hhmm`); no leap second (`Date` cannot hold
//   it); years 0000–9999 only.
// - time: at most 7 fraction digits (TimeOnly's precision); offset as for date-time; no leap second.
// - uri: also `new URL` must accept it (so `http://x:99999/` is refused), and it must be at most
//   65,536 characters.
// - uuid: no `urn:uuid:` prefix, no braces.
// - email: the RFC 5321 lengths (local part ≤ 64, each domain label ≤ 63, whole address ≤ 254).
// - uri-reference: the RFC 3986 character set and length bound of `uri` (no `"`, which ajv-formats'
//   pattern lets through).
// - duration, hostname, ipv4, ipv6: exactly ajv-formats' (full mode), behind a length bound that
//   only refuses what its pattern would refuse too.

const MS_PER_DAY = 86_400_000;
const MAX_URI_LENGTH = 65_536;
const MAX_EMAIL_LENGTH = 254;

/** A format check: true when the string is acceptable (and therefore convertible). */
export type FormatChecker = (s: string) => boolean;

/** The JSON Schema `format` names that the library checks with its own parsers. */
export type StrictFormatName = StringFormat;

/** A decimal digit's value at `i`, or -1. */
function digitAt(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

/** The value of two decimal digits at `i`, or -1. */
function twoDigitsAt(s: string, i: number): number {
  const a = digitAt(s, i);
  const b = digitAt(s, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

function isLeapYear(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

// The reading position after the last time read; module state keeps the reader allocation-free,
// and it never calls out, so nothing can interleave.
let end = 0;

/**
 * Reads `HH:mm:ss[.f…]` at `at` (with at most `maxFraction` fraction digits) and sets `end`. False
 * when malformed or out of range.
 */
function readTime(s: string, at: number, maxFraction: number): boolean {
  const h = twoDigitsAt(s, at);
  const mi = twoDigitsAt(s, at + 3);
  const se = twoDigitsAt(s, at + 6);
  if (s.charCodeAt(at + 2) !== 0x3a || s.charCodeAt(at + 5) !== 0x3a) return false;
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return false;
  let i = at + 8;
  if (s.charCodeAt(i) === 0x2e) {
    i++;
    const first = i;
    while (digitAt(s, i) >= 0) i++;
    const count = i - first;
    if (count === 0 || count > maxFraction) return false;
  }
  end = i;
  return true;
}

/** Reads `Z`, `z` or `±hh:mm` at `at`, which must end the string. */
function readOffsetToEnd(s: string, at: number): boolean {
  const c = s.charCodeAt(at);
  if (c === 0x5a || c === 0x7a) return s.length === at + 1;
  if ((c !== 0x2b && c !== 0x2d) || s.length !== at + 6 || s.charCodeAt(at + 3) !== 0x3a) return false;
  const oh = twoDigitsAt(s, at + 1);
  const om = twoDigitsAt(s, at + 4);
  return oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}

/**
 * Parses an RFC 3339 date-time with a required offset (`2026-12-02T10:00:00Z`,
 * `2026-12-02t10:00:00.5+01:00`) and returns the `Date` of that instant; `undefined` when the text
 * is not one. The calendar date must exist, the second must be 00–59 (a leap second cannot be held
 * by `Date`), the fraction may have any number of digits (milliseconds are kept, truncated). The
 * separator is `T` or `t`; a space is refused (RFC 3339's grammar requires `T`).
 */
export function parseDateTime(s: string): Date | undefined {
  // Ours: stricter than ajv-formats (separator `T`/`t` only, offset `Z`/`z`/`±hh:mm`, no leap
  // second) and it converts; one straight pass (it runs on every date argument), reading as
  // readTime and readOffsetToEnd do, without their shared state.
  const n = s.length;
  if (n < 20) return undefined;
  const y1 = twoDigitsAt(s, 0);
  const y2 = twoDigitsAt(s, 2);
  const m = twoDigitsAt(s, 5);
  const d = twoDigitsAt(s, 8);
  const t = s.charCodeAt(10);
  if (y1 < 0 || y2 < 0 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || (t !== 0x54 && t !== 0x74)) return undefined;
  const y = y1 * 100 + y2;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  const h = twoDigitsAt(s, 11);
  const mi = twoDigitsAt(s, 14);
  const se = twoDigitsAt(s, 17);
  if (s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return undefined;
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 0x2e) {
    const first = ++i;
    for (let c = digitAt(s, i); c >= 0; c = digitAt(s, ++i)) if (i - first < 3) ms = ms * 10 + c;
    const count = i - first;
    if (count === 0) return undefined;
    // Digits beyond milliseconds are dropped (truncation, never rounding into the next second).
    if (count === 1) ms *= 100;
    else if (count === 2) ms *= 10;
  }
  let offset = 0;
  const z = s.charCodeAt(i);
  if (z === 0x5a || z === 0x7a) {
    if (n !== i + 1) return undefined;
  } else {
    if ((z !== 0x2b && z !== 0x2d) || n !== i + 6 || s.charCodeAt(i + 3) !== 0x3a) return undefined;
    const oh = twoDigitsAt(s, i + 1);
    const om = twoDigitsAt(s, i + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return undefined;
    offset = (z === 0x2d ? -1 : 1) * (oh * 60 + om);
  }
  // Days from civil (H. Hinnant): exact for every proleptic Gregorian date (`Date.UTC` would map
  // years 0–99 to 1900–1999).
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const days = era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
  return new Date(days * MS_PER_DAY + ((h * 60 + mi) * 60 + se) * 1000 + ms - offset * 60_000);
}

const ajvDate = (fullFormats.date as { validate: (s: string) => boolean }).validate;

/** Parses a calendar date `yyyy-MM-dd` that exists (leap years counted); returns it unchanged. */
export function parseDate(s: string): string | undefined {
  // ajv-formats' `date` is exactly the contract's rule.
  return ajvDate(s) ? s : undefined;
}

/**
 * Parses a time of day `HH:mm:ss[.fffffff]` (1–7 fraction digits) with an optional RFC 3339
 * offset (`Z`, `z`, `±hh:mm`); no leap second. Returns it unchanged.
 */
export function parseTime(s: string): string | undefined {
  // Ours: the contract differs from ajv-formats' `time` (the offset is optional; at most 7
  // fraction digits; no leap second).
  if (!readTime(s, 0, 7)) return undefined;
  if (end === s.length) return s;
  return readOffsetToEnd(s, end) ? s : undefined;
}

/**
 * Parses a .NET TimeSpan in the invariant "c" form `[-][d.]hh:mm:ss[.fffffff]`; returns it
 * unchanged. Accepts exactly what the contract's pattern
 * `^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d{1,7})?$` accepts, and is stricter in one way: the parts must
 * make a real span (hours 00–23, minutes and seconds 00–59), as .NET's own parser requires. The
 * number of days is not bounded (the method receives the text).
 */
export function parseTimeSpan(s: string): string | undefined {
  // Ours: ajv-formats has no .NET TimeSpan (its `duration` is ISO 8601's `P…`).
  let i = s.charCodeAt(0) === 0x2d ? 1 : 0;
  const first = i;
  while (digitAt(s, i) >= 0) i++;
  const run = i - first;
  let hoursAt: number;
  if (s.charCodeAt(i) === 0x2e && run >= 1) hoursAt = i + 1;
  else if (run === 2) hoursAt = first;
  else return undefined;
  const h = twoDigitsAt(s, hoursAt);
  const m = twoDigitsAt(s, hoursAt + 3);
  const sec = twoDigitsAt(s, hoursAt + 6);
  if (s.charCodeAt(hoursAt + 2) !== 0x3a || s.charCodeAt(hoursAt + 5) !== 0x3a) return undefined;
  if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 59) return undefined;
  i = hoursAt + 8;
  if (i === s.length) return s;
  if (s.charCodeAt(i) !== 0x2e) return undefined;
  const fraction = s.length - i - 1;
  if (fraction < 1 || fraction > 7) return undefined;
  for (let j = i + 1; j < s.length; j++) if (digitAt(s, j) < 0) return undefined;
  return s;
}

// RFC 3986 characters: unreserved, gen-delims, sub-delims and `%` (checked for two hex digits).
const URI_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%") {
  URI_CHAR[c.charCodeAt(0)] = 1;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

const rfc3986Uri = fullFormats.uri as (s: string) => boolean;

/** At most 65,536 characters, each an RFC 3986 character, every `%` followed by two hex digits. */
function uriCharacters(s: string): boolean {
  if (s.length > MAX_URI_LENGTH) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || URI_CHAR[c] !== 1) return false;
    if (c === 0x25 && !(isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)))) return false;
  }
  return true;
}

/**
 * Parses an absolute URI (`https://example.com/a?b#c`, `mailto:a@b.c`, `urn:isbn:0451450523`) and
 * returns the `URL`. It must have a scheme, be made only of RFC 3986 characters (ASCII, no
 * whitespace or control characters; other characters percent-encoded), match RFC 3986's grammar,
 * be at most 65,536 characters, and be accepted by `new URL` (which refuses, say, a port above
 * 65535).
 */
export function parseUri(s: string): URL | undefined {
  // ajv-formats' `uri` grammar, behind the contract's stricter character and length bounds, then
  // `new URL`, which both refuses what ajv-formats lets through (a bad port) and converts.
  if (s.length === 0 || !uriCharacters(s)) return undefined;
  // The character check above leaves nothing that can make ajv-formats' RFC 3986 pattern
  // backtrack far, and the length bound caps what remains.
  if (!rfc3986Uri(s)) return undefined;
  try {
    return new URL(s);
  } catch {
    return undefined;
  }
}

const rfc3986UriReference = fullFormats['uri-reference'] as RegExp;

/**
 * Parses a URI reference (RFC 3986): an absolute URI, or a relative one (`/a/b?c`, `../x`, `#top`,
 * `""`); returns it unchanged (a relative reference has no `URL` of its own). The characters and
 * length are bounded as for `uri`.
 */
export function parseUriReference(s: string): string | undefined {
  // ajv-formats' `uri-reference` grammar behind `uri`'s character and length bounds (its pattern
  // also lets `"` through, which RFC 3986 does not).
  return uriCharacters(s) && rfc3986UriReference.test(s) ? s : undefined;
}

const ajvDuration = fullFormats.duration as RegExp;
const MAX_DURATION_LENGTH = 256;

/**
 * Parses an ISO 8601 duration as JSON Schema's `duration` reads it (RFC 3339 appendix A):
 * `P` then years, months, days and a `T` with hours, minutes, seconds (each optional, at least
 * one, whole numbers: `P3DT4H30M`, `PT0S`), or weeks alone (`P2W`); returns it unchanged. At most
 * 256 characters.
 */
export function parseDuration(s: string): string | undefined {
  // ajv-formats' `duration`, exactly; the length bound keeps its work small.
  return s.length <= MAX_DURATION_LENGTH && ajvDuration.test(s) ? s : undefined;
}

const ajvHostname = fullFormats.hostname as RegExp;

/**
 * Parses a host name (RFC 1123): dot-separated labels of ASCII letters, digits and inner hyphens,
 * each 1–63 characters, at most 253 in all, an optional final dot (`example.com`, `localhost`);
 * returns it unchanged. Not accepted: underscores, non-ASCII (an internationalised name must be
 * given in its `xn--` form).
 */
export function parseHostname(s: string): string | undefined {
  // ajv-formats' `hostname`, exactly (its own look-ahead bounds the length to 254).
  return s.length <= 254 && ajvHostname.test(s) ? s : undefined;
}

const ajvIpv4 = fullFormats.ipv4 as RegExp;

/** Parses a dotted-quad IPv4 address (`192.0.2.1`; no leading zeros); returns it unchanged. */
export function parseIpv4(s: string): string | undefined {
  // ajv-formats' `ipv4`, exactly (which is also validator.js's, class-validator's @IsIP('4')).
  return s.length <= 15 && ajvIpv4.test(s) ? s : undefined;
}

const ajvIpv6 = fullFormats.ipv6 as RegExp;

/**
 * Parses an IPv6 address in any RFC 4291 text form (`2001:db8::1`, `::ffff:192.0.2.1`); returns it
 * unchanged. No zone (`%eth0`) and no brackets.
 */
export function parseIpv6(s: string): string | undefined {
  // ajv-formats' `ipv6`, exactly (validator.js's, class-validator's @IsIP('6'), also takes a zone).
  return s.length <= 45 && ajvIpv6.test(s) ? s : undefined;
}

const ajvUuid = fullFormats.uuid as RegExp;

/** Parses a UUID `8-4-4-4-12` hex digits (either case; no braces, no `urn:uuid:`); returns it. */
export function parseUuid(s: string): string | undefined {
  // ajv-formats' `uuid`, which also takes a `urn:uuid:` prefix: the length 36 leaves no room for it.
  return s.length === 36 && ajvUuid.test(s) ? s : undefined;
}

const ajvEmail = fullFormats.email as RegExp;

/**
 * A practical email address check; returns the address unchanged. The language is ajv-formats'
 * (full mode): a dot-atom local part (RFC 5322 atext, no leading, trailing or doubled dot), `@`, and
 * a domain of at least two dot-separated labels, each of ASCII letters, digits and inner hyphens.
 * Stricter: RFC 5321 lengths (local part ≤ 64, label ≤ 63, whole ≤ 254). Not accepted, as in
 * ajv-formats: quoted local parts, IP-literal domains, non-ASCII (internationalised) addresses, and
 * a single-label domain such as `a@localhost`.
 */
export function parseEmail(s: string): string | undefined {
  // ajv-formats' `email`, behind the RFC 5321 lengths that the contract adds (they also bound the
  // pattern's work).
  if (s.length > MAX_EMAIL_LENGTH) return undefined;
  const at = s.indexOf('@');
  if (at < 1 || at > 64) return undefined;
  for (let start = at + 1; start <= s.length; ) {
    const dot = s.indexOf('.', start);
    const end = dot < 0 ? s.length : dot;
    if (end - start > 63) return undefined;
    start = end + 1;
  }
  return ajvEmail.test(s) ? s : undefined;
}

// Standard alphabet value of each ASCII character, or -1.
const BASE64_VALUE = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) {
  BASE64_VALUE[c.charCodeAt(0)] = i;
}

function base64Value(c: number): number {
  return c < 128 ? (BASE64_VALUE[c] ?? -1) : -1;
}

/**
 * Decodes strict RFC 4648 base64 (standard alphabet, padded): the length is a multiple of 4, `=`
 * appears only as the last one or two characters, no whitespace, and the unused bits of the last
 * character are zero (only the canonical encoding of each byte string is accepted: `QR==` is
 * refused). `""` decodes to no bytes. Returns a `Uint8Array` over its own `ArrayBuffer`.
 */
export function decodeBase64(s: string): Uint8Array | undefined {
  // Ours: stricter than ajv-formats' `byte` (only the canonical encoding) and it converts.
  const n = s.length;
  if (n % 4 !== 0) return undefined;
  let pad = 0;
  if (n > 0 && s.charCodeAt(n - 1) === 0x3d) pad = s.charCodeAt(n - 2) === 0x3d ? 2 : 1;
  const dataEnd = n - pad;
  for (let i = 0; i < dataEnd; i++) if (base64Value(s.charCodeAt(i)) < 0) return undefined;
  if (pad > 0) {
    const last = base64Value(s.charCodeAt(dataEnd - 1));
    if ((last & (pad === 2 ? 0x0f : 0x03)) !== 0) return undefined;
  }
  const bytes = new Uint8Array((n / 4) * 3 - pad);
  // Decoding into our own buffer keeps Buffer's shared pool out of the returned bytes.
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(s, 'base64');
  return bytes;
}

/** Encodes bytes as standard, padded base64 (the form `decodeBase64` accepts). */
export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * The parser of each format a slot may carry: it decides and converts (undefined: refused). Every
 * `format` the library writes is a key here, so that nothing written goes unchecked.
 */
export const FORMAT_PARSERS: Readonly<Record<StrictFormatName, (s: string) => unknown>> = Object.freeze({
  'date-time': parseDateTime,
  date: parseDate,
  time: parseTime,
  duration: parseDuration,
  email: parseEmail,
  hostname: parseHostname,
  ipv4: parseIpv4,
  ipv6: parseIpv6,
  uri: parseUri,
  'uri-reference': parseUriReference,
  uuid: parseUuid,
});

/** The `format` checks built from the parsers above: what passes them converts. */
export const FORMAT_CHECKERS: Readonly<Record<StrictFormatName, FormatChecker>> = Object.freeze(
  Object.fromEntries(Object.entries(FORMAT_PARSERS).map(([name, parse]) => [name, (s: string) => parse(s) !== undefined])) as Record<
    StrictFormatName,
    FormatChecker
  >,
);

/**
 * Registers `FORMAT_CHECKERS` on an ajv instance (any dialect), replacing any format of the same
 * name (ajv-formats' included), so that ajv and the converters never disagree.
 */
export function addStrictFormats<A extends Pick<AjvCore, 'addFormat'>>(ajv: A): A {
  for (const name of Object.keys(FORMAT_CHECKERS) as StrictFormatName[]) {
    ajv.addFormat(name, { type: 'string', validate: FORMAT_CHECKERS[name] });
  }
  return ajv;
}

/**
 * The reason, in plain words, that an error text gives for a string that is not of a format; it
 * follows `Argument '<path>' `. Keys: the JSON Schema formats, plus `base64` (`contentEncoding`)
 * and `timespan` (the TimeSpan pattern).
 */
export const FORMAT_MESSAGES: Readonly<Record<StrictFormatName | 'base64' | 'timespan', string>> = Object.freeze({
  'date-time': 'must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z.',
  date: 'must be a date (yyyy-MM-dd), like 2026-12-02.',
  time: 'must be a time of day (HH:mm:ss), like 10:00:00.',
  uri: 'must be an absolute URI, like https://example.com/.',
  uuid: 'must be a UUID, like 123e4567-e89b-12d3-a456-426614174000.',
  email: 'must be an email address.',
  duration: 'must be an ISO 8601 duration, like P3DT4H or PT30M.',
  hostname: 'must be a host name, like example.com.',
  ipv4: 'must be an IPv4 address, like 192.0.2.1.',
  ipv6: 'must be an IPv6 address, like 2001:db8::1.',
  'uri-reference': 'must be a URI reference, like https://example.com/ or /path?q=1.',
  base64: 'must be base64 (standard alphabet, padded).',
  timespan: 'must be a duration [-][d.]hh:mm:ss[.fffffff], like 1.02:03:04.',
});
