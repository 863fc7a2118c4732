// Argument text from a model is untrusted: it is measured before anything is built from it, and
// it is parsed either by JSON.parse (fast) or, when 64-bit integers must be read without loss, by
// the scanner below, which builds exactly what JSON.parse builds.

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
   * @default 10000
   */
  readonly maxMembers?: number;
}

/** The default limits (4 Mi characters of text, 256 levels of nesting). */
export const DEFAULT_LIMITS: ArgumentLimits = Object.freeze({ maxTextLength: 4 * 1024 * 1024, maxDepth: 256, maxMembers: 10_000 });

/** How `parseArgumentText` reads numbers. */
export interface ArgumentTextOptions {
  /**
   * Read the text with the library's own scanner and record the exact text of integer literals
   * beyond ±(2^53 − 1) in `bigIntegers`. When false, `JSON.parse` is used.
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
 * the limit is ever built: before JSON.parse a linear scan (skipping strings) measures the depth,
 * and the scanner stops at the limit. A text that is both malformed and too deep is reported as
 * too deep on both paths.
 */
export function parseArgumentText(
  text: string,
  limits: ArgumentLimits,
  options: ArgumentTextOptions,
): ArgumentTextResult {
  if (text.length > limits.maxTextLength) {
    return {
      ok: false,
      message: `Arguments are too long: ${text.length} characters, the limit is ${limits.maxTextLength}.`,
    };
  }
  if (skipWhitespace(text, 0) === text.length) {
    return { ok: false, message: 'Arguments are empty: a JSON object is expected, like {}.' };
  }
  if (!options.keepBigIntegers) {
    // Only text longer than the depth limit can nest beyond it.
    if (text.length > limits.maxDepth && exceedsDepth(text, limits.maxDepth)) return tooDeep(limits);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return explainFailure(text, limits, error);
    }
    return { ok: true, value };
  }
  try {
    const scanned = scan(text, limits.maxDepth, true);
    return { ok: true, value: scanned.value, bigIntegers: scanned.bigIntegers ?? new Map() };
  } catch (error) {
    return explainFailure(text, limits, error);
  }
}

function tooDeep(limits: ArgumentLimits): ArgumentTextResult {
  return {
    ok: false,
    message: `Arguments are nested too deeply: the limit is ${limits.maxDepth} levels of arrays and objects.`,
  };
}

// One message for a failure on either path: too deep wins wherever it is in the text (as the
// pre-scan of the JSON.parse path decides), else the first syntax fault in our scanner's words
// (V8's message quotes the text, which may be huge).
function explainFailure(text: string, limits: ArgumentLimits, error: unknown): ArgumentTextResult {
  if (error instanceof DepthError || exceedsDepth(text, limits.maxDepth)) return tooDeep(limits);
  let fault = error;
  if (!(fault instanceof ScanError)) {
    try {
      scan(text, Infinity, false);
    } catch (scanError) {
      fault = scanError;
    }
  }
  if (fault instanceof ScanError) {
    return { ok: false, message: `Arguments are not valid JSON: ${fault.reason} at position ${fault.position}.` };
  }
  if (fault instanceof SyntaxError) return { ok: false, message: `Arguments are not valid JSON: ${fault.message}` };
  throw fault;
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

/**
 * True when arrays and objects in `text` nest deeper than `max`. Brackets inside strings are
 * skipped; malformed text is left for the parser to describe.
 */
function exceedsDepth(text: string, max: number): boolean {
  const n = text.length;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: the first one preceded by an even run of backslashes.
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return false;
        let b = q - 1;
        while (b > i && text.charCodeAt(b) === BACKSLASH) b--;
        if ((q - 1 - b) % 2 === 0) {
          i = q;
          break;
        }
        from = q + 1;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      if (--depth < 0) return false;
    }
  }
  return false;
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

class ScanError {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {}
}

class DepthError {}

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

function describe(text: string, i: number): string {
  return i >= text.length ? 'unexpected end of text' : `unexpected character ${show(text.charCodeAt(i))}`;
}

// Printable ASCII as itself, anything else (line breaks, controls, non-ASCII) as U+XXXX, so that
// the message stays one line of plain text.
function show(c: number): string {
  return c > 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

function fail(i: number, expected: string): never {
  throw new ScanError(`${describe(src, i)}, expected ${expected}`, i);
}

type JsonObject = Record<string, unknown>;
type Container = unknown[] | JsonObject;

// Sets a property the way JSON.parse does (CreateDataProperty): plain assignment would call the
// `__proto__` setter and replace the prototype, so that one key is defined instead. Assignment is
// kept for every other key (Object.prototype has no other setter) because defineProperty is about
// ten times slower.
function setProperty(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** RFC 6901 escaping of one reference token. */
function pointerToken(key: string | number): string {
  return typeof key === 'number' ? String(key) : key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

// The scanner's state lives at module level so that its helpers read it without closures; a scan
// runs synchronously to its end and calls nothing outside this module, so scans cannot interleave.
let src = '';
let pos = 0;
// The first backslash and the first control character at or after the last place they were
// looked for (Infinity: none). A string without either is sliced out whole; looking again only
// once the scan has passed them keeps the searches linear in total.
let nextBackslash = -1;
let nextControl = -1;
const CONTROL = /[\x00-\x1f]/g;
// Set by readNumber to the literal of an integer beyond ±(2^53 − 1), when they are kept.
let keepBig = false;
let bigLiteral: string | undefined;

// 10^0 … 10^22, all exact doubles.
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);

/** Reads the string whose opening quote is at `start`; sets `pos` after its closing quote. */
function readString(start: number): string {
  const from = start + 1;
  const close = src.indexOf('"', from);
  if (close >= 0 && close - from <= 32) {
    // Short strings (keys, most values) are checked in place: cheaper than a search.
    let j = from;
    for (; j < close; j++) {
      const c = src.charCodeAt(j);
      if (c === BACKSLASH || c < 0x20) break;
    }
    if (j === close) {
      pos = close + 1;
      return src.slice(from, close);
    }
  } else if (close >= 0) {
    if (nextBackslash < from) {
      const b = src.indexOf('\\', from);
      nextBackslash = b < 0 ? Infinity : b;
    }
    if (nextControl < from) {
      CONTROL.lastIndex = from;
      nextControl = CONTROL.test(src) ? CONTROL.lastIndex - 1 : Infinity;
    }
    if (close < nextBackslash && close < nextControl) {
      pos = close + 1;
      return src.slice(from, close);
    }
  }
  return readEscapedString(from);
}

function readEscapedString(from: number): string {
  const text = src;
  const n = text.length;
  let out = '';
  let chunk = from;
  let j = from;
  for (;;) {
    if (j >= n) throw new ScanError('unterminated string', j);
    const c = text.charCodeAt(j);
    if (c === QUOTE) {
      pos = j + 1;
      return out + text.slice(chunk, j);
    }
    if (c < 0x20) throw new ScanError(`${describe(text, j)} in a string (control characters must be escaped)`, j);
    if (c !== BACKSLASH) {
      j++;
      continue;
    }
    out += text.slice(chunk, j);
    switch (text.charCodeAt(j + 1)) {
      case 0x22: out += '"'; break;
      case 0x5c: out += '\\'; break;
      case 0x2f: out += '/'; break;
      case 0x62: out += '\b'; break;
      case 0x66: out += '\f'; break;
      case 0x6e: out += '\n'; break;
      case 0x72: out += '\r'; break;
      case 0x74: out += '\t'; break;
      case 0x75: {
        let code = 0;
        for (let k = j + 2; k < j + 6; k++) {
          const h = hexValue(text.charCodeAt(k));
          if (h < 0) throw new ScanError('bad \\u escape: four hex digits are expected', k);
          code = code * 16 + h;
        }
        out += String.fromCharCode(code);
        j += 4;
        break;
      }
      default:
        throw new ScanError(j + 1 >= n ? 'unterminated string' : `bad escape: backslash before ${show(text.charCodeAt(j + 1))}`, j + 1);
    }
    j += 2;
    chunk = j;
  }
}

/** Reads the number at `start`; sets `pos` after it, and `bigLiteral` for an unsafe integer. */
function readNumber(start: number): number {
  const text = src;
  let j = start;
  let c = text.charCodeAt(j);
  const negative = c === MINUS;
  if (negative) c = text.charCodeAt(++j);
  const firstDigit = j;
  // The digits as an integer: exact while there are at most 15 of them.
  let mantissa = 0;
  if (c === 0x30) {
    c = text.charCodeAt(++j);
  } else if (c >= 0x31 && c <= 0x39) {
    do {
      mantissa = mantissa * 10 + (c - 0x30);
      c = text.charCodeAt(++j);
    } while (c >= 0x30 && c <= 0x39);
  } else {
    fail(j, 'a digit');
  }
  const integerDigits = j - firstDigit;
  let digits = integerDigits;
  let exponent = 0;
  let integer = true;
  if (c === 0x2e) {
    integer = false;
    c = text.charCodeAt(++j);
    if (!(c >= 0x30 && c <= 0x39)) fail(j, 'a digit after the decimal point');
    const first = j;
    do {
      mantissa = mantissa * 10 + (c - 0x30);
      c = text.charCodeAt(++j);
    } while (c >= 0x30 && c <= 0x39);
    digits += j - first;
    exponent = first - j;
  }
  if (c === 0x65 || c === 0x45) {
    integer = false;
    c = text.charCodeAt(++j);
    const sign = c === MINUS ? -1 : 1;
    if (c === 0x2b || c === MINUS) c = text.charCodeAt(++j);
    if (!(c >= 0x30 && c <= 0x39)) fail(j, 'a digit in the exponent');
    let e = 0;
    do {
      if (e < 100_000) e = e * 10 + (c - 0x30);
      c = text.charCodeAt(++j);
    } while (c >= 0x30 && c <= 0x39);
    exponent += sign * e;
  }
  pos = j;
  if (digits <= 15) {
    // Clinger's fast path: an exact mantissa times or divided by an exact power of ten is rounded
    // once, so it equals the correctly rounded value that JSON.parse gives.
    if (exponent === 0) return negative ? -mantissa : mantissa;
    if (exponent > 0 && exponent <= 22) return negative ? -(mantissa * POW10[exponent]!) : mantissa * POW10[exponent]!;
    if (exponent < 0 && exponent >= -22) return negative ? -(mantissa / POW10[-exponent]!) : mantissa / POW10[-exponent]!;
  }
  const literal = text.slice(start, j);
  if (
    keepBig &&
    integer &&
    (integerDigits > 16 || (integerDigits === 16 && text.slice(firstDigit, j) > MAX_SAFE_DIGITS))
  ) {
    bigLiteral = literal;
  }
  return Number(literal);
}

/**
 * Where the big integers of one container are, recorded the first time one is found in it:
 * the ancestors and keys that lead to it (to confirm at the end that a later duplicate key did not
 * replace it), its JSON Pointer, and its current big integer children.
 */
interface BigHolder {
  readonly container: Container;
  readonly ancestors: readonly Container[];
  readonly keys: readonly (string | number)[];
  readonly pointer: string;
  readonly literals: Map<string | number, string>;
}

interface Scanned {
  readonly value: unknown;
  readonly bigIntegers: Map<string, string> | undefined;
}

/**
 * An iterative JSON parser that returns what JSON.parse returns for the same text (same values,
 * same key order, `__proto__` as an own property, the last of duplicate keys winning in the first
 * one's position) and, with `keepBigIntegers`, the exact text of unsafe integer literals. Throws
 * ScanError for malformed text and DepthError beyond `maxDepth`.
 */
function scan(text: string, maxDepth: number, keepBigIntegers: boolean): Scanned {
  src = text;
  nextBackslash = -1;
  nextControl = -1;
  keepBig = keepBigIntegers;
  bigLiteral = undefined;
  try {
    return scanValue(text, maxDepth);
  } finally {
    src = '';
    bigLiteral = undefined;
  }
}

function scanValue(text: string, maxDepth: number): Scanned {
  const n = text.length;
  const containers: Container[] = [];
  // For an object on the stack, the key its next value goes under; for an array, unused.
  const keys: string[] = [];
  let holders: Map<Container, BigHolder> | undefined;
  let records: { holder: BigHolder; key: string | number; literal: string }[] | undefined;
  let value: unknown;
  let i = skipWhitespace(text, 0);

  const recordBig = (literal: string, container: Container, key: string | number): void => {
    holders ??= new Map();
    records ??= [];
    let holder = holders.get(container);
    if (holder === undefined) {
      // `containers` ends with `container`; the key into each ancestor is its pending key or, for
      // an array, its length (the index its open child will take).
      const depth = containers.length - 1;
      const path: (string | number)[] = [];
      for (let k = 0; k < depth; k++) {
        const a = containers[k]!;
        path.push(Array.isArray(a) ? a.length : keys[k]!);
      }
      const pointer = path.map((p) => '/' + pointerToken(p)).join('');
      holder = { container, ancestors: containers.slice(0, depth), keys: path, pointer, literals: new Map() };
      holders.set(container, holder);
    }
    holder.literals.set(key, literal);
    records.push({ holder, key, literal });
  };

  // A container is part of the result unless a later duplicate key replaced it or an ancestor.
  const reachable = (holder: BigHolder): boolean => {
    const { ancestors, keys: path } = holder;
    for (let k = 0; k < ancestors.length; k++) {
      const below = k + 1 < ancestors.length ? ancestors[k + 1] : holder.container;
      const a = ancestors[k] as Record<string | number, unknown>;
      const key = path[k]!;
      if (!Object.prototype.hasOwnProperty.call(a, key) || a[key] !== below) return false;
    }
    return true;
  };

  const collect = (rootBig: string | undefined): Map<string, string> => {
    const found = new Map<string, string>();
    if (rootBig !== undefined) found.set('', rootBig);
    if (records === undefined) return found;
    const live = new Map<BigHolder, boolean>();
    for (const { holder, key, literal } of records) {
      let isLive = live.get(holder);
      if (isLive === undefined) live.set(holder, (isLive = reachable(holder)));
      if (isLive && holder.literals.get(key) === literal) found.set(holder.pointer + '/' + pointerToken(key), literal);
    }
    return found;
  };

  outer: for (;;) {
    // Here a value starts at i (after whitespace).
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      value = readString(i);
      i = pos;
    } else if (c === OPEN_BRACE) {
      if (containers.length >= maxDepth) throw new DepthError();
      i = skipWhitespace(text, i + 1);
      if (text.charCodeAt(i) === CLOSE_BRACE) {
        i++;
        value = {};
      } else {
        if (text.charCodeAt(i) !== QUOTE) fail(i, "a property name in double quotes or '}'");
        const key = readString(i);
        i = skipWhitespace(text, pos);
        if (text.charCodeAt(i) !== COLON) fail(i, "':' after the property name");
        containers.push({});
        keys.push(key);
        i = skipWhitespace(text, i + 1);
        continue outer;
      }
    } else if (c === OPEN_BRACKET) {
      if (containers.length >= maxDepth) throw new DepthError();
      i = skipWhitespace(text, i + 1);
      if (text.charCodeAt(i) === CLOSE_BRACKET) {
        i++;
        value = [];
      } else {
        containers.push([]);
        keys.push('');
        continue outer;
      }
    } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      value = readNumber(i);
      i = pos;
    } else if (c === 0x74 && text.startsWith('true', i)) {
      value = true;
      i += 4;
    } else if (c === 0x66 && text.startsWith('false', i)) {
      value = false;
      i += 5;
    } else if (c === 0x6e && text.startsWith('null', i)) {
      value = null;
      i += 4;
    } else {
      fail(i, 'a JSON value (an object, array, string, number, true, false or null)');
    }

    // A value is complete: store it in its container, then close containers as long as they end.
    for (;;) {
      const top = containers.length - 1;
      const container = containers[top];
      if (container === undefined) {
        const rootBig = bigLiteral;
        i = skipWhitespace(text, i);
        if (i < n) fail(i, 'nothing after the JSON value');
        return { value, bigIntegers: keepBig ? collect(rootBig) : undefined };
      }
      i = skipWhitespace(text, i);
      const next = text.charCodeAt(i);
      if (Array.isArray(container)) {
        if (bigLiteral !== undefined) {
          recordBig(bigLiteral, container, container.length);
          bigLiteral = undefined;
        }
        container.push(value);
        if (next === COMMA) {
          i = skipWhitespace(text, i + 1);
          continue outer;
        }
        if (next !== CLOSE_BRACKET) fail(i, "',' or ']'");
      } else {
        const key = keys[top]!;
        if (bigLiteral !== undefined) {
          recordBig(bigLiteral, container, key);
          bigLiteral = undefined;
        } else if (holders !== undefined) {
          // A duplicate key replaces an earlier big integer under the same key.
          holders.get(container)?.literals.delete(key);
        }
        setProperty(container, key, value);
        if (next === COMMA) {
          i = skipWhitespace(text, i + 1);
          if (text.charCodeAt(i) !== QUOTE) fail(i, 'a property name in double quotes');
          keys[top] = readString(i);
          i = skipWhitespace(text, pos);
          if (text.charCodeAt(i) !== COLON) fail(i, "':' after the property name");
          i = skipWhitespace(text, i + 1);
          continue outer;
        }
        if (next !== CLOSE_BRACE) fail(i, "',' or '}'");
      }
      i++;
      value = container;
      containers.pop();
      keys.pop();
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
