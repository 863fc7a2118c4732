import 'reflect-metadata';
import { Exclude, Expose } from 'class-transformer';
import { JsonValue, Part, Tool, ToolResult, type CreateOptions, type ToolDefinition } from '../../lib';

/** The one tool of an ad-hoc function that returns `value`. */
function returning(value: () => unknown, options: CreateOptions = {}): ToolDefinition {
  return Tool.create(function give() {
    return value();
  }, options);
}

async function partsOf(tool: ToolDefinition): Promise<unknown> {
  const r = await tool.invoke('{}');
  expect(r.isError).toBe(false);
  return JSON.parse(JSON.stringify(r.parts));
}

describe('Results', () => {
  it('undefined (void, Promise<void>): no content', async () => {
    expect(await partsOf(returning(() => undefined))).toEqual([]);
    expect(await partsOf(returning(async () => undefined))).toEqual([]);
  });

  it('a string: one text part', async () => {
    expect(await partsOf(returning(() => 'hello'))).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('a Part, Part[] or ToolResult made by the factories: passed through', async () => {
    const image = Part.image('image/png', new Uint8Array([1, 2]));
    const one = await returning(() => Part.text('a')).invoke({});
    expect(one.parts).toEqual([Part.text('a')]);
    const many = await returning(() => [Part.text('a'), Part.json({ b: 1 }), image]).invoke({});
    expect(many.parts).toHaveLength(3);
    expect(many.parts[2]).toBe(image);
    const ok = await returning(() => ToolResult.ok([Part.text('x')])).invoke({});
    expect(ok).toMatchObject({ isError: false, parts: [{ type: 'text', text: 'x' }], costs: [] });
    const error = await returning(() => ToolResult.error('Nothing found.')).invoke({});
    expect(error).toMatchObject({ isError: true, parts: [{ type: 'text', text: 'Nothing found.' }] });
  });

  it('a plain object shaped like a part is data, not a part', async () => {
    expect(await partsOf(returning(() => ({ type: 'text', text: 'x' })))).toEqual([{ type: 'json', value: { type: 'text', text: 'x' } }]);
    expect(await partsOf(returning(() => [{ type: 'text', text: 'x' }]))).toEqual([{ type: 'json', value: [{ type: 'text', text: 'x' }] }]);
  });

  it('null: the text null (a JSON part null when returns is JsonValue)', async () => {
    expect(await partsOf(returning(() => null))).toEqual([{ type: 'text', text: 'null' }]);
    const r = await returning(() => null, { returns: JsonValue }).invoke({});
    expect(r.parts).toEqual([Part.json(null)]);
    expect(r.parts[0]).toHaveProperty('value', null);
  });

  it('returns JsonValue: a string is a JSON part, not text', async () => {
    const r = await returning(() => 'hi', { returns: JsonValue }).invoke({});
    expect(r.parts[0]).toEqual({ type: 'json', value: 'hi' });
  });

  it('numbers and booleans as they are', async () => {
    expect(await partsOf(returning(() => 4.5))).toEqual([{ type: 'json', value: 4.5 }]);
    expect(await partsOf(returning(() => false))).toEqual([{ type: 'json', value: false }]);
  });

  it('bigint as a string of digits', async () => {
    const r = await returning(() => 2n ** 64n - 1n).invoke({});
    expect(r.parts[0]).toEqual({ type: 'json', value: '18446744073709551615' });
  });

  it('Date as toISOString(), URL as href, bytes as base64', async () => {
    const r = await returning(() => ({
      at: new Date(Date.UTC(2026, 11, 2, 10)),
      site: new URL('https://example.com/a b'),
      bytes: new Uint8Array([0, 1, 2, 253, 254, 255]),
      buffer: Buffer.from('hi'),
    })).invoke({});
    expect((r.parts[0] as { value: unknown }).value).toEqual({
      at: '2026-12-02T10:00:00.000Z',
      site: 'https://example.com/a%20b',
      bytes: 'AAEC/f7/',
      buffer: 'aGk=',
    });
  });

  it('a numeric enum member as its name when returns says so', async () => {
    enum Level {
      Low = 1,
      High = 2,
    }
    const one = await returning(() => Level.High, { returns: () => Level }).invoke({});
    expect(one.parts[0]).toEqual({ type: 'json', value: 'High' });
    const list = await returning(() => [Level.Low, Level.High], { returns: () => [Level] }).invoke({});
    expect(list.parts[0]).toEqual({ type: 'json', value: ['Low', 'High'] });
    const plain = await returning(() => Level.High).invoke({});
    expect(plain.parts[0]).toEqual({ type: 'json', value: 2 });
  });

  it('Set as an array, Map as an object', async () => {
    const r = await returning(() => ({
      tags: new Set(['a', 'b']),
      counts: new Map([
        ['x', 1],
        ['__proto__', 2],
      ]),
    })).invoke({});
    const value = (r.parts[0] as { value: Record<string, unknown> }).value;
    expect(value.tags).toEqual(['a', 'b']);
    expect(Object.getPrototypeOf(value.counts)).toBe(Object.prototype);
    expect(Object.keys(value.counts as object)).toEqual(['x', '__proto__']);
    expect(JSON.stringify(value.counts)).toBe('{"x":1,"__proto__":2}');
  });

  it('a class instance through instanceToPlain (@Exclude, @Expose hold), then the same conversions at every depth', async () => {
    class Secret {
      @Expose() id = 'k1';
      @Exclude() token = 'hidden';
      @Expose({ name: 'created_at' }) createdAt = new Date(Date.UTC(2026, 0, 1));
      link = new URL('https://example.com/x');
      raw = new Uint8Array([255]);
      big = 10n;
    }
    class Holder {
      @Expose() items = [new Secret()];
      @Expose() byName = new Map([['s', new Secret()]]);
    }
    const r = await returning(() => new Holder()).invoke({});
    const secret = { id: 'k1', created_at: '2026-01-01T00:00:00.000Z', link: 'https://example.com/x', raw: '/w==', big: '10' };
    // class-transformer itself does not apply a class's decorators to the values of a Map.
    const inMap = { id: 'k1', token: 'hidden', createdAt: '2026-01-01T00:00:00.000Z', link: 'https://example.com/x', raw: '/w==', big: '10' };
    expect(r.parts[0]).toEqual({ type: 'json', value: { items: [secret], byName: { s: inMap } } });
  });

  it('Promise<T> is awaited', async () => {
    expect(await partsOf(returning(() => Promise.resolve({ a: 1 })))).toEqual([{ type: 'json', value: { a: 1 } }]);
  });

  it('endsLoop: the returned value is also the typed result', async () => {
    const value = { answer: 42, at: new Date(0) };
    const r = await returning(() => value, { endsLoop: true }).invoke({});
    expect(r.typedResult).toBe(value);
    expect(r.parts[0]).toEqual({ type: 'json', value: { answer: 42, at: '1970-01-01T00:00:00.000Z' } });
    const plain = await returning(() => value).invoke({});
    expect('typedResult' in plain).toBe(false);
  });

  it('a value with no JSON form (a cycle) makes the call a failure, not a throw', async () => {
    const r = await returning(() => {
      const a: Record<string, unknown> = {};
      a.self = a;
      return a;
    }).invoke({});
    expect(r).toMatchObject({
      isError: true,
      parts: [{ type: 'text', text: "Tool 'give' failed: TypeError: the returned value has a cycle: it cannot be written as JSON." }],
    });
  });
});
