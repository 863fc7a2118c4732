import { RE2JS } from 're2js';

/**
 * Every pattern the invoker runs on an argument is matched by RE2 (the `re2js` port: time linear
 * in the input, whatever the pattern), never by the backtracking engine of `RegExp`, on which
 * `^(a|a)*$` takes seconds on 40 characters. A pattern RE2 cannot run (a backreference, a lookahead
 * or lookbehind) is refused when the tool is defined. RE2 reads the pattern as JavaScript writes it
 * (`\u0041`, `\u{1F600}`, `[^]` are translated); see the README for what differs.
 */

/** What the invoker runs: `test` in linear time. */
export interface LinearPattern {
  readonly source: string;
  test(input: string): boolean;
  toString(): string;
}

const FLAGS: Readonly<Record<string, number>> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

const compiled = new Map<string, RE2JS>();
const MAX_CACHED = 1024;

function compile(source: string, flags: string): RE2JS {
  const key = `${flags}/${source}`;
  let re = compiled.get(key);
  if (re === undefined) {
    let bits = 0;
    for (const f of flags) bits |= FLAGS[f] ?? 0;
    re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(key, re);
  }
  return re;
}

/** Why RE2 cannot run the pattern (its own words), or undefined when it can. */
export function linearRefusal(source: string, flags = ''): string | undefined {
  try {
    compile(source, flags);
    return undefined;
  } catch (e) {
    const message = (e as { message?: unknown }).message;
    return typeof message === 'string' ? message : 'it cannot be compiled';
  }
}

/**
 * The pattern as the invoker runs it (throws when RE2 cannot run it: check `linearRefusal` first).
 * A pattern that even a backtracking engine runs in linear time (`backtracksLinearly`) is run by
 * `RegExp`, which is several times faster on short strings; the rest by RE2.
 */
export function linearPattern(source: string, flags = ''): LinearPattern {
  if (flags === '' && backtracksLinearly(source)) {
    const native = new RegExp(source, 'u');
    return { source, test: (input) => native.test(input), toString: () => `/${source}/` };
  }
  const re = compile(source, flags);
  // ajv keeps one compiled pattern per `toString()`: it must differ between patterns.
  return { source, test: (input) => re.test(input), toString: () => `/${source}/${flags}` };
}

/**
 * A `RegExp` whose matching is RE2's: `exec` (which `test`, `match`, `replace` and validator.js's
 * `matches` all go through) runs in linear time. Given to class-validator's `@Matches` in place of
 * its own pattern, so that its check cannot be the one that stalls.
 */
export class LinearRegExp extends RegExp {
  readonly #re: RE2JS;
  readonly #shown: string | undefined;

  /** `shown`: the text messages show for it (class-validator's `$constraint1`), when it was given as a string. */
  constructor(source: string, flags = '', shown?: string) {
    super(source, flags.replace(/[gy]/g, ''));
    this.#re = compile(source, flags);
    this.#shown = shown;
  }

  override toString(): string {
    return this.#shown ?? super.toString();
  }

  override exec(input: string): RegExpExecArray | null {
    const text = String(input);
    const m = this.#re.matcher(text);
    if (!m.find()) return null;
    const found = Object.assign([m.group(0) ?? ''], { index: m.start(0), input: text, groups: undefined }) as unknown as RegExpExecArray;
    return found;
  }
}

// One atom: an escape (\d, \u0041, \u{1F600}, \p{L}, \x41, \cA, \-), a class, or one character.
const ATOM = /^(?:\\(?:u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[pP]\{[A-Za-z_=]+\}|c[A-Za-z]|[^0-9kuxpPc])|\[(?:\\.|[^\]\\])*\]|[^\\[\](){}|^$*+?.])/u;
const QUANTIFIER = /^(?:[*+?]|\{(\d+)(?:(,)(\d*))?\})\??/u;

/**
 * Whether a backtracking engine runs the pattern in linear time, by its shape alone: anchored at the
 * start (`^`), no groups or alternatives, and at most one quantifier whose count varies (`*`, `+`,
 * `?`, `{m,n}`): each start of the rest is tried once. Such a pattern also reads the same in RE2 and
 * in JavaScript, because `.`, `\s` and `\S` (which RE2 reads otherwise) are left out.
 */
export function backtracksLinearly(source: string): boolean {
  if (!source.startsWith('^')) return false;
  let rest = source.slice(1);
  if (rest.endsWith('$') && !rest.endsWith('\\$')) rest = rest.slice(0, -1);
  let varying = 0;
  while (rest.length > 0) {
    const atom = ATOM.exec(rest);
    if (atom === null || /\\[sS]/u.test(atom[0])) return false;
    rest = rest.slice(atom[0].length);
    const q = QUANTIFIER.exec(rest);
    if (q === null) continue;
    rest = rest.slice(q[0].length);
    const fixed = q[1] !== undefined && (q[2] === undefined || q[3] === q[1]);
    if (!fixed && ++varying > 1) return false;
  }
  return true;
}
