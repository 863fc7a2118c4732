import 'reflect-metadata';
import { Matches, MaxLength } from 'class-validator';
import { Tool, ToolDefinitionError, type ToolResult } from '../../lib';
import { backtracksLinearly } from '../../lib/linear-pattern';
import { growthOverLinear, LINEAR } from '../helpers/growth';

/**
 * Issue 15: a pattern bounded by maxLength still stalled the process (`^(a|a)*$` with maxLength 40
 * took 15.7 s on one argument, `(\w+\s?)*$` 7 s). Every pattern the invoker runs now runs on RE2:
 * the time of a call grows linearly with the input, for the catastrophic patterns too. Before the
 * fix, the first call below did not return (the jest timeout fails it).
 */

function text(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

/**
 * The known catastrophic patterns, each with an adversarial string of n characters that almost
 * matches, and whether it matches (`(\w+\s?)*$` is not anchored at the start: it matches the empty
 * end of any string, which a backtracking engine finds only after trying every split of the letters).
 */
const CATASTROPHIC: readonly (readonly [string, (n: number) => string, boolean])[] = [
  ['^(a+)+$', (n) => `${'a'.repeat(n - 1)}!`, false],
  ['^(a|a)*$', (n) => `${'a'.repeat(n - 1)}b`, false],
  ['(\\w+\\s?)*$', (n) => `${'a'.repeat(n - 1)}!`, true],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', (n) => `${'a'.repeat(n - 1)}!`, false],
];

const MAX = 100_000;

function toolOf(pattern: string) {
  return Tool.create(
    function check(s: string) {
      return s;
    },
    { params: [{ name: 's', type: String, pattern, maxLength: MAX }] },
  );
}

describe('issue 15: patterns run in linear time', () => {
  it('the reported cases return: ^(a|a)*$ and (\\w+\\s?)*$ within maxLength 40', async () => {
    const t = Tool.create(
      function slug(s: string) {
        return s;
      },
      { params: [{ name: 's', type: String, pattern: '^(a|a)*$', maxLength: 40 }] },
    );
    expect(text(await t.invoke({ s: `${'a'.repeat(39)}b` }))).toBe("Argument 's' must match the pattern ^(a|a)*$.");
    const w = Tool.create(
      function words(s: string) {
        return s;
      },
      { params: [{ name: 's', type: String, pattern: '^(\\w+\\s?)*$', maxLength: 40 }] },
    );
    expect(text(await w.invoke({ s: `${'a'.repeat(39)}!` }))).toBe("Argument 's' must match the pattern ^(\\w+\\s?)*$.");
  });

  it.each(CATASTROPHIC)('%s: a hundred times the input costs about a hundred times as much (not 2^n, not n²)', async (pattern, hostile, matches) => {
    const t = toolOf(pattern);
    // Warm: the fast path refuses, the general path (ajv) reports.
    for (let i = 0; i < 5; i++) await t.invoke({ s: hostile(MAX / 10) });
    const r = await t.invoke({ s: hostile(MAX) });
    expect([r.isError, r.isError ? text(r) : 'accepted']).toEqual(matches ? [false, 'accepted'] : [true, `Argument 's' must match the pattern ${pattern}.`]);
    // From a hundredth of the bound to the bound, the call's cost grows as a linear pass does
    // (helpers/growth.ts: about 1; a quadratic engine about 100, a backtracking one far more).
    expect(
      await growthOverLinear(
        (args: string) => t.invoke(args),
        (n) => JSON.stringify({ s: hostile(n) }),
        MAX,
      ),
    ).toBeLessThan(LINEAR);
  });

  it('only patterns of one linear shape run on RegExp (anchored, no groups, one varying quantifier, no . or \\s); the rest on RE2', () => {
    for (const p of ['^[A-Z]{3}-\\d{4}$', '^[a-z0-9-]+$', '^\\p{L}+$', '^\\d{1,3}$', '^x[^\\]]*$', '^\\u0041\\d{2}$'])
      expect([p, backtracksLinearly(p)]).toEqual([p, true]);
    for (const p of [
      ...CATASTROPHIC.map(([c]) => c),
      '[a-z]+$',
      '^\\d+\\d+$',
      '^a*b*$',
      '^(ab)$',
      '^a|b$',
      '^.+$',
      '^\\s+$',
      '^[\\s]+$',
      '^a$b',
      '^(a)\\1$',
      '^a{2,}$x?',
    ]) {
      expect([p, backtracksLinearly(p)]).toEqual([p, false]);
    }
  });

  it('still matches what it should', async () => {
    expect(text(await toolOf('^(a|a)*$').invoke({ s: 'aaaa' }))).toBe('aaaa');
    expect(text(await toolOf('^[A-Z]{3}-\\d{4}$').invoke({ s: 'ABC-1234' }))).toBe('ABC-1234');
    expect(text(await toolOf('^\\u0041\\p{L}+$').invoke({ s: 'Aé' }))).toBe('Aé');
    expect(text(await toolOf('^[a-z0-9-]+$').invoke({ s: 'a-1' }))).toBe('a-1');
    expect(text(await toolOf('^[a-z0-9-]+$').invoke({ s: 'a_1' }))).toBe("Argument 's' must match the pattern ^[a-z0-9-]+$.");
  });

  it('class-validator @Matches (also one not written to the schema) cannot stall: its check runs on RE2 too', async () => {
    class Slug {
      @MaxLength(40) @Matches(/^(a|a)*$/) written!: string;
      @MaxLength(40) @Matches(/^(a|a)*$/i) flagged!: string;
      @MaxLength(40) @Matches('^(\\w+\\s?)*$') asText!: string;
    }
    const t = Tool.create(
      function slug(s: Slug) {
        return s.written;
      },
      { params: { s: Slug } },
    );
    const bad = `${'a'.repeat(39)}b`;
    // Written to the schema: the invoker's check (ajv) refuses first.
    expect(text(await t.invoke({ s: { written: bad, flagged: bad, asText: `${'a'.repeat(39)}!` } }))).toBe(
      ["Argument 's.written' must match the pattern ^(a|a)*$.", "Argument 's.asText' must match the pattern ^(\\w+\\s?)*$."].join('\n'),
    );
    // With a flag it is not in the schema: class-validator's own check runs, on RE2.
    expect(text(await t.invoke({ s: { written: 'aa', flagged: bad, asText: 'a b' } }))).toBe("Argument 's.flagged' must match /^(a|a)*$/i regular expression.");
    expect(text(await t.invoke({ s: { written: 'aa', flagged: 'AA', asText: 'a b' } }))).toBe('aa');
  });

  it('a pattern RE2 cannot run (backreference, lookbehind, negative lookahead) is refused when the tool is defined', () => {
    for (const pattern of ['^(a)\\1$', '^(?!a)b$', '(?<!x)y']) {
      let thrown: unknown;
      try {
        toolOf(pattern);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ToolDefinitionError);
      expect((thrown as ToolDefinitionError).code).toBe('OLT015');
      expect((thrown as Error).message).toContain(`pattern ${pattern} cannot be matched in linear time`);
    }
    class Twice {
      @Matches(/^(ab)\1$/) pair!: string;
    }
    expect(() =>
      Tool.create(
        function twice(t: Twice) {
          return t.pair;
        },
        { params: { t: Twice } },
      ),
    ).toThrow(
      /OLT015: .*@Matches pattern \/\^\(ab\)\\1\$\/ uses lookaround or a backreference, which cannot be matched in linear time, and its value has no maxLength/,
    );
  });
});
