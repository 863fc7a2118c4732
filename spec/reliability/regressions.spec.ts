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
  const t = Tool.create(function ratio(r: number) {
    got = r;
    return 'ok';
  }, { params: { r: Number } });

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
