import 'reflect-metadata';
import { Param, Tool, ToolSet, type ToolResult } from '../../lib';

/**
 * Issue 15: one argument object with 330,000 unknown keys (3.8 MB) took 5 s of CPU: the schema
 * validator reported every key before the formatter kept 100 lines. Now a refused call is examined
 * for at most `maxMembers` keys and elements; beyond it the refusal is one line found with a
 * validator that stops at the first error. This spec checks the behaviour (the one-line refusal,
 * from text and from a parsed object, instead of 100 lines and a count of the rest); the cost,
 * about that of parsing the text (before the fix: about 100 times it), is a target of the bench
 * (`npm run bench -- --case refusal`, bench/cases/refusal.ts), not a wall-clock assertion here.
 */

function text(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

class Search {
  @Tool()
  find(@Param() query: string, @Param({ type: () => [Number] }) ids: number[] = []): string {
    return `${query} ${ids.length}`;
  }
}

const set = new ToolSet([new Search()]);

function hostileText(keys: number): string {
  const parts = ['"query":"x"'];
  for (let i = 0; i < keys; i++) parts.push(`"k${i}":1`);
  return `{${parts.join(',')}}`;
}

describe('issue 15: the work of a refusal is bounded', () => {
  const big = hostileText(330_000);
  const TOO_MANY = 'Arguments have too many keys and array elements to check: the limit is 20000 in all. Send only the parameters of the tool.';

  it('the 330,000-key object is refused in one line, from its text and parsed', async () => {
    expect(big.length).toBeGreaterThan(3_000_000);
    expect(text(await set.invoke('find', big))).toBe(TOO_MANY);
    // Already parsed: the same refusal, without validating 330,000 keys.
    expect(text(await set.invoke('find', JSON.parse(big) as object))).toBe(TOO_MANY);
  });

  it('arguments the schema accepts are not counted: a valid call with 50,000 ids runs', async () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => i);
    expect(text(await set.invoke('find', { query: 'q', ids }))).toBe('q 50000');
    expect(text(await set.invoke('find', JSON.stringify({ query: 'q', ids })))).toBe('q 50000');
  });

  it('a refused call within the limit still gets a line per problem (100 at most)', async () => {
    const r = text(await set.invoke('find', hostileText(150)));
    const lines = r.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe("Argument 'k0' is not a parameter of tool 'find'.");
    expect(lines[100]).toBe('(50 more problems not shown.)');
  });

  it('the limit is a field of ArgumentLimits, on the set or the call', async () => {
    const strict = new ToolSet([new Search()], { limits: { maxMembers: 10 } });
    expect(text(await strict.invoke('find', { query: 'q', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'x'] }))).toBe(
      'Arguments have too many keys and array elements to check: the limit is 10 in all. Send only the parameters of the tool.',
    );
    expect(text(await strict.invoke('find', { query: 'q', ids: [1, 'x'] }, { limits: { maxMembers: 100 } }))).toBe("Argument 'ids[1]' must be a number.");
  });
});
