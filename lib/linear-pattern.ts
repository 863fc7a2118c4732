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

/** The pattern as the invoker runs it (throws when RE2 cannot run it: check `linearRefusal` first). */
export function linearPattern(source: string, flags = ''): LinearPattern {
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
