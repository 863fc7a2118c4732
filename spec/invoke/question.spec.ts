/**
 * The approval question (lib/invoke/calling/question.ts): what a person is shown before a call runs.
 * Issue 21; the MCP and CLI questions over real transports are in spec/mcp/approval-question.spec.ts.
 */
import { approvalQuestion } from 'tool-signatures';

const ask = (args: unknown) => approvalQuestion({ name: 'run', arguments: args });
const head = "Allow tool 'run' to run with these arguments?\n";

describe('approvalQuestion', () => {
  it('shows every key and element as JSON; bigints as their digits', () => {
    expect(ask({ a: [1, 'x', null, true], b: { c: 12345678901234567890n } })).toEqual({
      ok: true,
      text: `${head}{"a":[1,"x",null,true],"b":{"c":12345678901234567890}}`,
    });
  });

  it('shortens a long key as a long value, never drops it', () => {
    const key = `${'k'.repeat(150)}${'z'.repeat(100)}`;
    expect(ask({ [key]: 1, after: 2 })).toEqual({
      ok: true,
      text: `${head}{"${'k'.repeat(120)}" … 70 characters not shown … "${'z'.repeat(60)}":1,"after":2}`,
    });
  });

  it('never splits a surrogate pair where it cuts; escapes Unicode tags and zero width and format characters', () => {
    const s = `${'a'.repeat(119)}😀${'b'.repeat(200)}`;
    const q = ask({ s });
    expect(q).toEqual({ ok: true, text: `${head}{"s":"${'a'.repeat(119)}" … 142 characters not shown … "${'b'.repeat(60)}"}` });
    expect(ask({ t: 'a\u{e0041}\u200b\u2028\ufeff\u00ad' })).toEqual({ ok: true, text: `${head}{"t":"a\\udb40\\udc41\\u200b\\u2028\\ufeff\\u00ad"}` });
  });

  it('a marker written inside a value stays inside its quotes, so it cannot pass for a shortening', () => {
    expect(ask({ c: '" … 9 characters not shown … "' })).toEqual({ ok: true, text: `${head}{"c":"\\" … 9 characters not shown … \\""}` });
  });

  it('refuses arguments that cannot be shown whole in 8,000 characters', () => {
    expect(ask({ hosts: Array.from({ length: 2000 }, (_, i) => `h${i}`) })).toEqual({
      ok: false,
      reason: 'its arguments cannot be shown whole in an approval question (at most 8000 characters, every argument with long strings shortened)',
    });
  });
});
