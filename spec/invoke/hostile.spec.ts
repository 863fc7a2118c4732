import 'reflect-metadata';
import fc from 'fast-check';
import { IsOptional } from 'class-validator';
import { Int32, JsonValue, Param, Prop, RecordOf, Tool, type ToolDefinition, type ToolResult } from '../../lib';

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((Item.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
});

function text(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

class Item {
  @Prop() name!: string;
  @IsOptional() @Prop({ type: Int32 }) qty?: number;
}

let received: unknown[] = [];
class Store {
  @Tool()
  put(
    @Param({ type: () => [Item] }) items: Item[],
    @Param({ type: RecordOf(String), optional: true }) tags?: Record<string, string>,
    @Param({ type: JsonValue, optional: true }) extra?: unknown,
    @Param({ optional: true }) note?: string,
    @Param({ type: () => [Int32], optional: true }) numbers?: number[],
  ): string {
    received = [items, tags, extra, note, numbers];
    return 'stored';
  }
}
const tool = (): ToolDefinition => Tool.create(new Store(), 'put');

describe('hostile arguments never make invoke reject or throw', () => {
  it.each([
    ['', 'Arguments are empty: a JSON object is expected, like {}.'],
    ['{', "Arguments are not valid JSON: unexpected end of text, expected a property name in double quotes or '}' at position 1."],
    ['[]', 'Arguments must be a JSON object, like {"name": "value"}, not an array.'],
    ['null', 'Arguments must be a JSON object, like {"name": "value"}, not null.'],
    ['42', 'Arguments must be a JSON object, like {"name": "value"}, not a number.'],
  ])('text %j', async (args, expected) => {
    const r = await tool().invoke(args);
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(expected);
  });

  it('parsed values that are not objects', async () => {
    expect(text(await tool().invoke([] as unknown as object))).toBe('Arguments must be a JSON object, like {"name": "value"}, not an array.');
    expect(text(await tool().invoke(null as unknown as object))).toBe('Arguments must be a JSON object, like {"name": "value"}, not null.');
  });

  it('__proto__ and constructor keys: refused where unknown, kept as own data where open, nothing polluted', async () => {
    const top = await tool().invoke('{"items":[],"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');
    expect(text(top)).toBe("Argument '__proto__' is not a parameter of tool 'put'.\nArgument 'constructor' is not a parameter of tool 'put'.");
    const nested = await tool().invoke('{"items":[{"name":"a","__proto__":{"polluted":1}}]}');
    expect(text(nested)).toBe("Argument 'items[0].__proto__' is not a property of Item.");
    const parsed = await tool().invoke(JSON.parse('{"items":[{"name":"a","constructor":{"prototype":{"polluted":1}}}]}'));
    expect(text(parsed)).toBe("Argument 'items[0].constructor' is not a property of Item.");
    const open = await tool().invoke('{"items":[{"name":"a"}],"tags":{"__proto__":"x","constructor":"y"},"extra":{"__proto__":{"polluted":1}}}');
    expect(open.isError).toBe(false);
    const [items, tags, extra] = received as [Item[], Record<string, string>, Record<string, unknown>];
    expect(items[0]).toBeInstanceOf(Item);
    expect(Object.getPrototypeOf(tags)).toBe(Object.prototype);
    expect(Object.keys(tags)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(tags, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(Object.keys(extra)).toEqual(['__proto__']);
  });

  it('a 1 MB string', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const r = await tool().invoke(JSON.stringify({ items: [], note: big }));
    expect(r.isError).toBe(false);
    expect(received[3]).toBe(big);
  });

  it('a 10,000-element array: accepted; when every element is wrong, the lines are counted', async () => {
    const numbers = Array.from({ length: 10_000 }, (_, i) => i);
    expect((await tool().invoke(JSON.stringify({ items: [], numbers }))).isError).toBe(false);
    expect(received[4]).toEqual(numbers);
    const wrong = await tool().invoke(JSON.stringify({ items: [], numbers: numbers.map(String) }));
    const lines = text(wrong).split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe("Argument 'numbers[0]' must be an integer from -2147483648 to 2147483647.");
    expect(lines[100]).toBe('(9900 more problems not shown.)');
  });

  it('10,000 levels of nesting: refused by the depth limit, from text and from a parsed object', async () => {
    const deepText = `{"items":[],"extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(text(await tool().invoke(deepText))).toBe('Arguments are nested too deeply: the limit is 256 levels of arrays and objects.');
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(text(await tool().invoke({ items: [], extra: deep }))).toBe('Arguments are nested too deeply: the limit is 256 levels of arrays and objects.');
    // A tool whose schema is closed everywhere never descends into the deep value.
    const closed = Tool.create(
      function closed(_items: Item[]) {
        return 'x';
      },
      { params: { _items: () => [Item] } },
    );
    expect(text(await closed.invoke({ _items: [{ name: 'a', qty: deep }] }))).toBe(
      "Argument '_items[0].qty' must be an integer from -2147483648 to 2147483647.",
    );
  });

  it('oversized input is refused with a clear line; the limits can be set per call', async () => {
    const huge = JSON.stringify({ items: [], note: 'x'.repeat(5 * 1024 * 1024) });
    expect(text(await tool().invoke(huge))).toBe(`Arguments are too long: ${huge.length} characters, the limit is 4194304.`);
    expect((await tool().invoke(huge, { limits: { maxTextLength: 8 * 1024 * 1024 } })).isError).toBe(false);
    expect(text(await tool().invoke('{"items":[],"extra":[[[1]]]}', { limits: { maxDepth: 3 } }))).toBe(
      'Arguments are nested too deeply: the limit is 3 levels of arrays and objects.',
    );
  });

  it('arbitrary JSON values and arbitrary text: always a result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.record({ items: fc.jsonValue(), tags: fc.jsonValue(), extra: fc.jsonValue() })), async (value) => {
        const fromObject = await tool().invoke(value as object);
        const fromText = await tool().invoke(JSON.stringify(value) ?? '');
        expect(typeof fromObject.isError).toBe('boolean');
        expect(fromText.isError).toBe(fromObject.isError);
      }),
      { numRuns: 300, seed: 20_261_202 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string(), async (s) => {
        const r = await tool().invoke(s);
        expect(typeof r.isError).toBe('boolean');
      }),
      { numRuns: 300, seed: 20_261_202 },
    );
  });
});
