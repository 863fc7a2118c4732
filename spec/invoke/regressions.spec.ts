import 'reflect-metadata';
import { Int64, Tool, type ToolResult } from '../../lib';

/**
 * Bugs found by the reliability suites, one describe each, named after the bug (the suites in this
 * directory cover the same ground more broadly).
 */

function text(r: ToolResult): string {
  return r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p))).join('\n');
}

describe('number parameters accepted NaN and ±Infinity (1e400 in JSON text is Infinity)', () => {
  let got: unknown;
  const t = Tool.create(
    function ratio(r: number) {
      got = r;
      return 'ok';
    },
    { params: { r: Number } },
  );

  it.each(['{"r":1e400}', '{"r":-1e400}'])('text %s is refused', async (args) => {
    got = undefined;
    expect(text(await t.invoke(args))).toBe("Argument 'r' must be a number.");
    expect(got).toBeUndefined();
  });

  it.each([NaN, Infinity, -Infinity])('a parsed %s is refused', async (r) => {
    expect(text(await t.invoke({ r }))).toBe("Argument 'r' must be a number.");
  });

  it('finite numbers, -0 and the extremes still pass', async () => {
    for (const r of [0, -0, 1.5, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE]) {
      expect(text(await t.invoke({ r }))).toBe('ok');
      expect(Object.is(got, r)).toBe(true);
    }
  });
});

describe('a bigint beyond 2^53 in JSON text written with a fraction or an exponent was told to "send JSON text"', () => {
  let got: unknown;
  const t = Tool.create(
    function big(id: bigint) {
      got = id;
      return 'ok';
    },
    { params: { id: Int64 } },
  );

  it.each(['{"id":9.2e18}', '{"id":9007199254740993.0}', '{"id":1E19}'])('%s: the line asks for digits only', async (args) => {
    expect(text(await t.invoke(args))).toBe(
      "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807, written in digits only: beyond ±9007199254740991 a fraction or an exponent cannot be read exactly.",
    );
  });

  it('digits are read exactly; a parsed object beyond 2^53 keeps its own line', async () => {
    expect(text(await t.invoke('{"id":9200000000000000000}'))).toBe('ok');
    expect(got).toBe(9200000000000000000n);
    expect(text(await t.invoke('{"id":1e3}'))).toBe('ok');
    expect(got).toBe(1000n);
    expect(text(await t.invoke({ id: 9.2e18 }))).toBe(
      "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807, given exactly: a number beyond ±9007199254740991 has lost its digits. Send the arguments as JSON text.",
    );
  });
});

describe('a pattern ran on strings beyond maxLength, so maxLength could not bound a backtracking pattern', () => {
  const t = Tool.create(
    function slug(s: string) {
      return s;
    },
    { params: [{ name: 's', type: String, pattern: '^(a+)+$', maxLength: 16 }] },
  );

  it('a longer string gets its length line alone, at once', async () => {
    // Without the guard this call backtracks about 2^40 steps: it would not return (no clock needed).
    expect(text(await t.invoke({ s: `${'a'.repeat(40)}!` }))).toBe("Argument 's' must be at most 16 characters long.");
  });

  it('within maxLength the pattern is enforced as before, with its own line', async () => {
    expect(text(await t.invoke({ s: 'aab' }))).toBe("Argument 's' must match the pattern ^(a+)+$.");
    expect(text(await t.invoke({ s: 'aaa' }))).toBe('aaa');
    const both = Tool.create(
      function code(c: string) {
        return c;
      },
      { params: [{ name: 'c', type: String, pattern: '^[a-z]+$', minLength: 3, maxLength: 5 }] },
    );
    expect(text(await both.invoke({ c: 'A1' }))).toBe("Argument 'c' must be at least 3 characters long.\nArgument 'c' must match the pattern ^[a-z]+$.");
    expect(text(await both.invoke({ c: 'abcdefg' }))).toBe("Argument 'c' must be at most 5 characters long.");
  });
});
