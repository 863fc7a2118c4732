import { RE2JS } from 're2js';

/**
 * Every pattern the invoker runs on an argument is matched by RE2 (the `re2js` port: time linear
 * in the input, whatever the pattern), never by the backtracking engine of `RegExp`, on which
 * `^(a|a)*$` takes seconds on 40 characters. RE2 reads the pattern as JavaScript writes it
 * (`\u0041`, `\u{1F600}`, `[^]` are translated); see the README for what differs.
 *
 * RE2 has no lookaround. A pattern made of leading positive lookaheads and a rest, anchored at the
 * start (`^(?=.*[a-z])(?=.*\d).{8,}$`, the password idiom), is matched as the conjunction of its
 * parts: each lookahead `(?=X)` holds at position 0 exactly when `^(?:X)` matches, and the rest
 * is `^(?:rest)`; each part runs on RE2. Any other pattern RE2 cannot run (a negative lookahead, a
 * lookbehind, a backreference, a lookahead further in) has a `linearRefusal`.
 */

/** What the invoker runs: `test` in linear time. */
export interface LinearPattern {
  readonly source: string;
  test(input: string): boolean;
  toString(): string;
}

const FLAGS: Readonly<Record<string, number>> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

/** A pattern as RE2 runs it: one compiled pattern, or the conjunction of a lookahead pattern's parts. */
interface Engine {
  test(input: string): boolean;
  /** The match of the pattern (the first, as `RegExp.exec` finds it), or null. */
  find(input: string): { readonly index: number; readonly text: string } | null;
}

const compiled = new Map<string, Engine>();
const MAX_CACHED = 1024;

function re2(source: string, flags: string): RE2JS {
  let bits = 0;
  for (const f of flags) bits |= FLAGS[f] ?? 0;
  return RE2JS.compile(RE2JS.translateRegExp(source), bits);
}

function single(re: RE2JS): Engine {
  return {
    test: (input) => re.test(input),
    find: (input) => {
      const m = re.matcher(input);
      return m.find() ? { index: m.start(0), text: m.group(0) ?? '' } : null;
    },
  };
}

function compile(source: string, flags: string): Engine {
  const key = `${flags}/${source}`;
  let engine = compiled.get(key);
  if (engine === undefined) {
    try {
      engine = single(re2(source, flags));
    } catch (e) {
      const split = flags.includes('m') ? undefined : leadingLookaheads(source);
      if (split === undefined) throw e;
      engine = conjunction(
        split.lookaheads.map((x) => re2(`^(?:${x})`, flags)),
        re2(`^(?:${split.rest})`, flags),
      );
    }
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(key, engine);
  }
  return engine;
}

/** Every lookahead holds at the start, and the rest matches there (its match is the pattern's). */
function conjunction(lookaheads: readonly RE2JS[], rest: RE2JS): Engine {
  const all = (input: string) => lookaheads.every((re) => re.test(input));
  return {
    test: (input) => all(input) && rest.test(input),
    find: (input) => {
      if (!all(input)) return null;
      const m = rest.matcher(input);
      return m.find() ? { index: 0, text: m.group(0) ?? '' } : null;
    },
  };
}

/**
 * A pattern read as `^(?=A)(?=B)...rest`: its lookaheads' bodies and its rest, or undefined when it
 * is not of that shape (no leading `^`, no lookahead right after it, a quantified lookahead, or an
 * alternative `|` outside every group, which would not be anchored). Whether each part runs on RE2
 * is for the caller to find out.
 */
export function leadingLookaheads(source: string): { readonly lookaheads: readonly string[]; readonly rest: string } | undefined {
  if (!source.startsWith('^')) return undefined;
  const lookaheads: string[] = [];
  let i = 1;
  while (source.startsWith('(?=', i)) {
    const end = groupEnd(source, i);
    if (end < 0) return undefined;
    lookaheads.push(source.slice(i + 3, end));
    i = end + 1;
  }
  const rest = source.slice(i);
  if (lookaheads.length === 0 || /^[*+?{]/.test(rest) || topLevelBar(rest)) return undefined;
  return { lookaheads, rest };
}

/** The index of the `)` that closes the group opened at `open`, or -1. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The index of the `]` that closes the class opened at `open` (the end of the text when none does). */
function classEnd(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return source.length;
}

/** Whether `|` appears outside every group and class. */
function topLevelBar(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * The parts a lookahead pattern is matched as (`^.*[a-z]`, `^.*\d`, `^.{8,}$`), each a pattern
 * that must match; undefined for a pattern RE2 runs as it is, or cannot run.
 */
export function conjunctionParts(source: string, flags = ''): readonly string[] | undefined {
  if (linearRefusal(source, flags) !== undefined) return undefined;
  try {
    re2(source, flags);
    return undefined;
  } catch {
    const split = leadingLookaheads(source)!;
    const anchored = (x: string) => (topLevelBar(x) ? `^(?:${x})` : `^${x}`);
    return [...split.lookaheads.map(anchored), ...(split.rest === '' ? [] : [anchored(split.rest)])];
  }
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
  const engine = compile(source, flags);
  // ajv keeps one compiled pattern per `toString()`: it must differ between patterns.
  return { source, test: (input) => engine.test(input), toString: () => `/${source}/${flags}` };
}

/**
 * A `RegExp` whose matching is RE2's: `exec` (which `test`, `match`, `replace` and validator.js's
 * `matches` all go through) runs in linear time. Given to class-validator's `@Matches` in place of
 * its own pattern, so that its check cannot be the one that stalls.
 */
export class LinearRegExp extends RegExp {
  readonly #engine: Engine;
  readonly #shown: string | undefined;

  /** `shown`: the text messages show for it (class-validator's `$constraint1`), when it was given as a string. */
  constructor(source: string, flags = '', shown?: string) {
    super(source, flags.replace(/[gy]/g, ''));
    this.#engine = compile(source, flags);
    this.#shown = shown;
  }

  override toString(): string {
    return this.#shown ?? super.toString();
  }

  override exec(input: string): RegExpExecArray | null {
    const text = String(input);
    const m = this.#engine.find(text);
    if (m === null) return null;
    return Object.assign([m.text], { index: m.index, input: text, groups: undefined }) as unknown as RegExpExecArray;
  }
}

// One atom: an escape (\d, \u0041, \u{1F600}, \p{L}, \x41, \cA, \-), a class, or one character.
const ATOM =
  /^(?:\\(?:u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[pP]\{[A-Za-z_=]+\}|c[A-Za-z]|[^0-9kuxpPc])|\[(?:\\.|[^\]\\])*\]|[^\\[\](){}|^$*+?.])/u;
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
