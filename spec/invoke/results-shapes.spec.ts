import 'reflect-metadata';
import { Tool, type ToolResult } from '../../lib';

/**
 * The contract's "Results": a returned plain object becomes a JSON part holding its JSON form. A flat
 * object (strings, numbers, booleans, nulls) is copied by a function made for its keys; these rows
 * check that the copy is exactly the JSON form whatever the object looks like.
 */

function valueOf(r: ToolResult): unknown {
  expect(r.isError).toBe(false);
  expect(r.parts).toHaveLength(1);
  const part = r.parts[0]!;
  expect(part.type).toBe('json');
  return (part as { value: unknown }).value;
}

async function returned(value: unknown): Promise<unknown> {
  const tool = Tool.create(() => value, { name: 'give' });
  return valueOf(await tool.invoke({}));
}

describe('Results: a returned flat object', () => {
  it('is a copy with the same keys in the same order', async () => {
    const o = { b: 'x', a: 1, c: true, d: null };
    const v = await returned(o);
    expect(v).not.toBe(o);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v as object)).toEqual(['b', 'a', 'c', 'd']);
    expect(v).toEqual(o);
  });

  it('keeps integer-like keys in their own order, as Object.keys has them', async () => {
    const v = await returned({ z: 1, 2: 'b', 1: 'a' });
    expect(Object.keys(v as object)).toEqual(['1', '2', 'z']);
  });

  it('leaves out symbol keys, undefined values and functions', async () => {
    const s = Symbol('s');
    expect(await returned({ a: 1, [s]: 2 })).toEqual({ a: 1 });
    expect(Object.getOwnPropertySymbols(await returned({ a: 1, [s]: 2 }))).toEqual([]);
    expect(await returned({ a: 1, b: undefined, c: () => 1 })).toEqual({ a: 1 });
  });

  it('reads a getter once', async () => {
    let reads = 0;
    const o = {
      get a() {
        reads++;
        return 'x';
      },
    };
    expect(await returned(o)).toEqual({ a: 'x' });
    expect(reads).toBe(1);
  });

  it('keeps an own __proto__ key as an own property', async () => {
    const o = JSON.parse('{"__proto__": 1, "a": 2}') as object;
    const v = (await returned(o)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toBe(1);
  });

  it('converts values that are not flat, at any position, with the same keys as a flat object before', async () => {
    expect(await returned({ a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
    const v = await returned({ a: 1, b: new Date(Date.UTC(2026, 11, 2)) });
    expect(v).toEqual({ a: 1, b: '2026-12-02T00:00:00.000Z' });
    expect(await returned({ a: 2n, b: 'x' })).toEqual({ a: '2', b: 'x' });
    expect(await returned({ a: { deep: [1, new Set([2])] }, b: 'x' })).toEqual({ a: { deep: [1, [2]] }, b: 'x' });
    expect(await returned({ a: 3, b: 'y' })).toEqual({ a: 3, b: 'y' });
  });

  it('tells apart objects whose keys differ only in order or number', async () => {
    expect(Object.keys((await returned({ a: 1, b: 2 })) as object)).toEqual(['a', 'b']);
    expect(Object.keys((await returned({ b: 2, a: 1 })) as object)).toEqual(['b', 'a']);
    expect(await returned({ a: 1 })).toEqual({ a: 1 });
    expect(await returned({ a: 1, b: 2, c: 3 })).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('ignores enumerable properties of its prototype chain, as Object.keys does', async () => {
    const o = Object.create({ inherited: 1 }) as Record<string, unknown>;
    o.own = 2;
    expect(await returned(o)).toEqual({ own: 2 });
  });

  it('copies an object without a prototype into a plain one', async () => {
    const o = Object.create(null) as Record<string, unknown>;
    o.a = 1;
    const v = await returned(o);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(v).toEqual({ a: 1 });
  });

  it('refuses a cycle below a flat level', async () => {
    const o: Record<string, unknown> = { a: 1 };
    o.self = o;
    const tool = Tool.create(() => o, { name: 'give' });
    const r = await tool.invoke({});
    expect(r.isError).toBe(true);
    expect((r.parts[0] as { text: string }).text).toBe("Tool 'give' failed: TypeError: the returned value has a cycle: it cannot be written as JSON.");
  });
});
