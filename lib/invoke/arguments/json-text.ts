import { pointerOf } from '../../json';
// Argument text from a model is untrusted: it is measured before anything is built from it, and
// only JSON.parse builds values from it. Integer literals beyond ±(2^53 − 1), which JSON.parse
// would round, are located by the same linear pass that measures the depth and handed to
// JSON.parse as marker strings (Node 20's JSON.parse has no source-text access; lossless-json,
// the maintained alternative, recurses per level and overflows the stack near 5,000 levels).

/** Limits on argument text, enforced before it is parsed. */
export interface ArgumentLimits {
  /**
   * The longest argument text accepted, in UTF-16 code units (`string.length`).
   * @default 4194304 (4 Mi), so that a 1 MB string argument, even with escapes, passes.
   */
  readonly maxTextLength: number;
  /**
   * The deepest nesting of arrays and objects accepted: `{}` is depth 1, `{"a":[]}` depth 2.
   * @default 256, far beyond any real tool's arguments, and low enough that nothing built from
   * them can exhaust the stack of code that walks them recursively.
   */
  readonly maxDepth: number;
  /**
   * The most keys and array elements, counted over the whole arguments, that a call whose
   * arguments do not match the schema is examined for; beyond it the refusal is one line, found
   * without validating the rest, so that the work of a refusal is bounded (a 330,000-key object
   * is refused in milliseconds, not seconds of validation and a line per key). Arguments the
   * schema accepts are not counted.
   * @default 20000
   */
  readonly maxMembers?: number;
}

/** The default limits (4 Mi characters of text, 256 levels of nesting). */
export const DEFAULT_LIMITS: ArgumentLimits = Object.freeze({ maxTextLength: 4 * 1024 * 1024, maxDepth: 256, maxMembers: 20_000 });

/** How `parseArgumentText` reads numbers. */
export interface ArgumentTextOptions {
  /**
   * Record the exact text of integer literals beyond ±(2^53 − 1) in `bigIntegers`. The value is
   * `JSON.parse`'s either way.
   */
  readonly keepBigIntegers: boolean;
}

/** What `parseArgumentText` found: the value, or one line saying why there is none. */
export type ArgumentTextResult =
  | {
      readonly ok: true;
      /** Exactly what `JSON.parse` returns for the text. */
      readonly value: unknown;
      /**
       * With `keepBigIntegers`: JSON Pointer (RFC 6901) → exact literal text of every integer
       * literal (no fraction, no exponent) whose magnitude exceeds `Number.MAX_SAFE_INTEGER` and
       * that is part of the value (a duplicate key's overwritten value is not), in text order.
       * Present (possibly empty) exactly when `keepBigIntegers` is true.
       */
      readonly bigIntegers?: Map<string, string>;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Parses the argument text of a tool call within `limits`. Never throws for any text: empty text,
 * text over the length or depth limits and malformed JSON each give one message line
 * (`Arguments are not valid JSON: unexpected character '}' at position 7.`). Nothing deeper than
 * the limit is ever built: before JSON.parse a linear scan (skipping strings) measures the depth
 * of any text with more opening brackets than the limit. A text that is both malformed and too
 * deep is reported as too deep.
 */
export function parseArgumentText(text: string, limits: ArgumentLimits, options: ArgumentTextOptions): ArgumentTextResult {
  if (text.length > limits.maxTextLength) {
    return {
      ok: false,
      message: `Arguments are too long: ${text.length} characters, the limit is ${limits.maxTextLength}.`,
    };
  }
  if (skipWhitespace(text, 0) === text.length) {
    return { ok: false, message: 'Arguments are empty: a JSON object is expected, like {}.' };
  }
  // The scan runs when the text may nest too deeply or may hold a big integer literal.
  const findBig = options.keepBigIntegers && SIXTEEN_DIGITS.test(text);
  let big: number[] | undefined;
  if (findBig || mayNestBeyond(text, limits.maxDepth)) {
    const scanned = scanStructure(text, limits.maxDepth, findBig);
    if (scanned === TOO_DEEP) return tooDeep(limits);
    if (scanned.length > 0) big = scanned;
  }
  const prefix = big === undefined ? '' : markerPrefix(text);
  let value: unknown;
  try {
    value = JSON.parse(big === undefined ? text : markBigIntegers(text, big, prefix));
  } catch (error) {
    return explainFailure(text, error);
  }
  if (!options.keepBigIntegers) return { ok: true, value };
  if (big === undefined) return { ok: true, value, bigIntegers: new Map() };
  const root = { value };
  const bigIntegers = placeMarked(root, text, big, prefix);
  return { ok: true, value: root.value, bigIntegers };
}

function tooDeep(limits: ArgumentLimits): ArgumentTextResult {
  return {
    ok: false,
    message: `Arguments are nested too deeply: the limit is ${limits.maxDepth} levels of arrays and objects.`,
  };
}

// One message for malformed text (within the depth limit, which was checked first): the first
// fault in our words (V8's message quotes the text, which may be huge).
function explainFailure(text: string, error: unknown): ArgumentTextResult {
  const fault = findFault(text);
  if (fault !== undefined) return { ok: false, message: `Arguments are not valid JSON: ${fault.reason} at position ${fault.position}.` };
  if (error instanceof SyntaxError) return { ok: false, message: `Arguments are not valid JSON: ${error.message}` };
  throw error;
}

/**
 * True when an already-parsed value nests arrays and objects at most `maxDepth` deep (same
 * counting as `ArgumentLimits.maxDepth`). Iterative; each object is visited once, so shared
 * sub-objects cost nothing extra; a cycle is reported as too deep (false). Typed arrays and
 * `ArrayBuffer`s are leaves.
 */
export function measureDepth(value: unknown, maxDepth: number): boolean {
  if (!isContainer(value)) return true;
  // Depth-first with an explicit path: `heights` holds each finished object's height, `onPath`
  // the objects being walked (a cycle returns to one of them).
  const heights = new Map<object, number>();
  const onPath = new Set<object>();
  const path: { node: object; children: unknown[]; next: number; height: number }[] = [];
  const open = (node: object): boolean => {
    if (path.length >= maxDepth) return false;
    onPath.add(node);
    path.push({ node, children: childrenOf(node), next: 0, height: 1 });
    return true;
  };
  if (!open(value)) return false;
  while (path.length > 0) {
    const frame = path[path.length - 1]!;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (!isContainer(child)) continue;
      if (onPath.has(child)) return false;
      const known = heights.get(child);
      if (known !== undefined) {
        frame.height = Math.max(frame.height, known + 1);
        if (path.length + known > maxDepth) return false;
        continue;
      }
      if (!open(child)) return false;
      continue;
    }
    path.pop();
    onPath.delete(frame.node);
    heights.set(frame.node, frame.height);
    const parent = path[path.length - 1];
    if (parent !== undefined) parent.height = Math.max(parent.height, frame.height + 1);
  }
  return true;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

function childrenOf(node: object): unknown[] {
  if (Array.isArray(node)) return node as unknown[];
  if (node instanceof Map) return [...(node as Map<unknown, unknown>).values()];
  if (node instanceof Set) return [...(node as Set<unknown>)];
  return Object.values(node);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

// Without a run of 16 digits anywhere there is no integer literal beyond 2^53.
const SIXTEEN_DIGITS = /\d{16}/;

/**
 * False when `text` cannot nest deeper than `max`: it has at most `max` opening brackets and
 * braces, strings included (a native search, much cheaper than the scan that skips strings).
 */
function mayNestBeyond(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) if (++count > max) return true;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (++count > max) return true;
  return false;
}

const TOO_DEEP = 'too deep';
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);

/**
 * One pass over `text`, strings skipped: `TOO_DEEP` when arrays and objects nest deeper than
 * `max`; else, with `findBig`, the start and end offsets of every integer literal (no fraction,
 * no exponent) beyond ±(2^53 − 1), in text order. Malformed text is left for JSON.parse to refuse
 * (a literal found in it is only ever replaced by a string, which cannot make it well-formed).
 */
function scanStructure(text: string, max: number, findBig: boolean): number[] | typeof TOO_DEEP {
  const n = text.length;
  const big: number[] = [];
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: the first one preceded by an even run of backslashes.
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return big;
        let b = q - 1;
        while (b > i && text.charCodeAt(b) === BACKSLASH) b--;
        if ((q - 1 - b) % 2 === 0) {
          i = q;
          break;
        }
        from = q + 1;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return TOO_DEEP;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      if (--depth < 0) return big;
    } else if (findBig && (c === MINUS || isDigit(c))) {
      // A number token: its integer digits, then any fraction and exponent characters.
      const first = c === MINUS ? i + 1 : i;
      let j = first;
      while (isDigit(text.charCodeAt(j))) j++;
      const digits = j - first;
      let d = text.charCodeAt(j);
      if (d === 0x2e || d === 0x65 || d === 0x45) {
        while (isDigit(d) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === MINUS) d = text.charCodeAt(++j);
      } else if (text.charCodeAt(first) !== 0x30 && (digits > 16 || (digits === 16 && text.slice(first, j) > MAX_SAFE_DIGITS))) {
        big.push(i, j);
      }
      i = j - 1;
    }
  }
  return big;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

// The marker of the k-th big literal is a string of `nulRun + 1` NUL characters and k. A string
// in the text can hold NULs only as `\u0000` escapes, never more in a row than the longest run of
// them in the text, so no string of the text equals a marker.
function markerPrefix(text: string): string {
  let longest = 0;
  for (const run of text.match(NUL_ESCAPES) ?? []) longest = Math.max(longest, run.length / 6);
  return '\u0000'.repeat(longest + 1);
}

const NUL_ESCAPES = /(?:\\u0000)+/g;

/** The text with each big literal (offsets from scanStructure) replaced by its marker string. */
function markBigIntegers(text: string, big: readonly number[], prefix: string): string {
  const escapedPrefix = JSON.stringify(prefix).slice(0, -1);
  let out = '';
  let from = 0;
  for (let k = 0; k < big.length; k += 2) {
    out += text.slice(from, big[k]) + escapedPrefix + k / 2 + '"';
    from = big[k + 1]!;
  }
  return out + text.slice(from);
}

/**
 * Replaces every marker in the parsed value by the number JSON.parse gives for its literal, and
 * returns JSON Pointer → literal for them in text order. Markers that a later duplicate key
 * replaced are not in the value, so they are not reported. Iterative (the value may be as deep as
 * the limit allows).
 */
function placeMarked(root: { value: unknown }, text: string, big: readonly number[], prefix: string): Map<string, string> {
  const found: (readonly [string, string] | undefined)[] = [];
  const place = (holder: Record<string | number, unknown>, key: string | number, marker: string, path: readonly (string | number)[]): void => {
    const k = Number(marker.slice(prefix.length));
    const literal = text.slice(big[2 * k], big[2 * k + 1]);
    holder[key] = Number(literal);
    found[k] = [pointerOf(path), literal];
  };
  const isMarker = (v: unknown): v is string => typeof v === 'string' && v.startsWith(prefix);
  const path: (string | number)[] = [];
  if (isMarker(root.value)) place(root, 'value', root.value, path);
  // Depth-first: each frame is a container, its keys (undefined for an array) and the next index.
  const stack: { node: Record<string | number, unknown>; keys: string[] | undefined; next: number }[] = [];
  const open = (node: unknown): void => {
    if (typeof node === 'object' && node !== null) {
      stack.push({ node: node as Record<string, unknown>, keys: Array.isArray(node) ? undefined : Object.keys(node), next: 0 });
    }
  };
  open(root.value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const size = frame.keys === undefined ? (frame.node as unknown as unknown[]).length : frame.keys.length;
    if (frame.next === size) {
      stack.pop();
      continue;
    }
    const key = frame.keys === undefined ? frame.next : frame.keys[frame.next]!;
    frame.next++;
    const child = frame.node[key];
    if (isMarker(child)) {
      place(frame.node, key, child, [...path.slice(0, stack.length - 1), key]);
    } else if (typeof child === 'object' && child !== null) {
      // path[d] is the key from the container at stack[d] to the one at stack[d + 1].
      path[stack.length - 1] = key;
      open(child);
    }
  }
  const out = new Map<string, string>();
  for (const entry of found) if (entry !== undefined) out.set(entry[0], entry[1]);
  return out;
}

// ---- the first fault of malformed text, in our words ----------------------------------------
// JSON.parse says only that text is malformed (and quotes it); this walks the grammar of RFC 8259
// iteratively, building nothing, to name the first fault and its position.

interface Fault {
  readonly reason: string;
  readonly position: number;
}

class FaultAt {
  constructor(readonly fault: Fault) {}
}

function describe(text: string, i: number): string {
  return i >= text.length ? 'unexpected end of text' : `unexpected character ${show(text.charCodeAt(i))}`;
}

// Printable ASCII as itself, anything else (line breaks, controls, non-ASCII) as U+XXXX, so that
// the message stays one line of plain text.
function show(c: number): string {
  return c > 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

function faultAt(position: number, reason: string): never {
  // A fault in flight to the parser's one catch, which reads it back (not an error a caller sees).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw new FaultAt({ reason, position });
}

function expected(text: string, i: number, what: string): never {
  return faultAt(i, `${describe(text, i)}, expected ${what}`);
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** The offset after the string whose opening quote is at `start`. */
function skipString(text: string, start: number): number {
  const n = text.length;
  for (let j = start + 1; ; j++) {
    if (j >= n) faultAt(j, 'unterminated string');
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c < 0x20) faultAt(j, `${describe(text, j)} in a string (control characters must be escaped)`);
    if (c !== BACKSLASH) continue;
    const e = text.charCodeAt(++j);
    if (e === 0x75) {
      for (let k = j + 1; k < j + 5; k++) if (!isHexDigit(text.charCodeAt(k))) faultAt(k, 'bad \\u escape: four hex digits are expected');
      j += 4;
    } else if (!(e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) {
      faultAt(j, j >= n ? 'unterminated string' : `bad escape: backslash before ${show(e)}`);
    }
  }
}

/** The offset after the number at `start`. */
function skipNumber(text: string, start: number): number {
  let j = text.charCodeAt(start) === MINUS ? start + 1 : start;
  let c = text.charCodeAt(j);
  if (c === 0x30) c = text.charCodeAt(++j);
  else if (c >= 0x31 && c <= 0x39) while (isDigit(c)) c = text.charCodeAt(++j);
  else expected(text, j, 'a digit');
  if (c === 0x2e) {
    if (!isDigit((c = text.charCodeAt(++j)))) expected(text, j, 'a digit after the decimal point');
    while (isDigit(c)) c = text.charCodeAt(++j);
  }
  if (c === 0x65 || c === 0x45) {
    c = text.charCodeAt(++j);
    if (c === 0x2b || c === MINUS) c = text.charCodeAt(++j);
    if (!isDigit(c)) expected(text, j, 'a digit in the exponent');
    while (isDigit(c)) c = text.charCodeAt(++j);
  }
  return j;
}

/** Where and why `text` is not JSON; undefined when it is. */
function findFault(text: string): Fault | undefined {
  try {
    checkGrammar(text);
    return undefined;
  } catch (error) {
    if (error instanceof FaultAt) return error.fault;
    throw error;
  }
}

function checkGrammar(text: string): void {
  const n = text.length;
  // The open containers, innermost last: true for an object.
  const open: boolean[] = [];
  let i = skipWhitespace(text, 0);
  // After a property name: expects ':' and moves to the value.
  const colon = (): void => {
    i = skipWhitespace(text, i);
    if (text.charCodeAt(i) !== COLON) expected(text, i, "':' after the property name");
    i = skipWhitespace(text, i + 1);
  };
  for (;;) {
    // A value starts at i.
    const c = text.charCodeAt(i);
    let opened = false;
    if (c === QUOTE) {
      i = skipString(text, i);
    } else if (c === OPEN_BRACE) {
      i = skipWhitespace(text, i + 1);
      if (text.charCodeAt(i) === CLOSE_BRACE) i++;
      else {
        if (text.charCodeAt(i) !== QUOTE) expected(text, i, "a property name in double quotes or '}'");
        i = skipString(text, i);
        colon();
        open.push(true);
        opened = true;
      }
    } else if (c === OPEN_BRACKET) {
      i = skipWhitespace(text, i + 1);
      if (text.charCodeAt(i) === CLOSE_BRACKET) i++;
      else {
        open.push(false);
        opened = true;
      }
    } else if (c === MINUS || isDigit(c)) {
      i = skipNumber(text, i);
    } else if (c === 0x74 && text.startsWith('true', i)) {
      i += 4;
    } else if (c === 0x66 && text.startsWith('false', i)) {
      i += 5;
    } else if (c === 0x6e && text.startsWith('null', i)) {
      i += 4;
    } else {
      expected(text, i, 'a JSON value (an object, array, string, number, true, false or null)');
    }
    if (opened) continue;
    // A value is complete: close containers as long as they end, or move to the next value.
    for (;;) {
      i = skipWhitespace(text, i);
      if (open.length === 0) {
        if (i < n) expected(text, i, 'nothing after the JSON value');
        return;
      }
      const inObject = open[open.length - 1]!;
      const next = text.charCodeAt(i);
      if (next === COMMA) {
        i = skipWhitespace(text, i + 1);
        if (inObject) {
          if (text.charCodeAt(i) !== QUOTE) expected(text, i, 'a property name in double quotes');
          i = skipString(text, i);
          colon();
        }
        break;
      }
      if (next !== (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) expected(text, i, inObject ? "',' or '}'" : "',' or ']'");
      i++;
      open.pop();
    }
  }
}

/**
 * Whether a parsed value holds more than `max` keys and array elements in all (stops counting at
 * `max + 1`: the work is bounded by the limit, not by the value's size).
 */
export function exceedsMembers(value: unknown, max: number): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      if ((count += v.length) > max) return true;
      for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object' && v[i] !== null) stack.push(v[i]);
      continue;
    }
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      if (++count > max) return true;
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return false;
}
