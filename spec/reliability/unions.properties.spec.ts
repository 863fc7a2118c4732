import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import * as fc from 'fast-check';
import { Tool, toAnthropicTool, toOpenAITool } from 'tool-signatures';
import { Drawing } from '../fixtures/unions';

/**
 * Unions and recursive classes, by property (fast-check, seeded, 1,000 cases each): the invoker
 * accepts exactly what an independent ajv accepts for the canonical schema, and arguments shaped as
 * a strict provider sends them (every optional property present, null for "nothing") reach the
 * method as the canonical ones do.
 */

const received: unknown[][] = [];
class Recording extends Drawing {
  override draw(shapes: Parameters<Drawing['draw']>[0], environment: string | string[]): string {
    received.push([shapes, environment]);
    return 'ok';
  }
  override search(where: Parameters<Drawing['search']>[0], limit?: number): string {
    received.push([where, limit]);
    return 'ok';
  }
}
const [draw, search] = Tool.fromInstance(new Recording());
const independent = new Ajv2020({ strict: false });

const anyJson = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -3, max: 3000 }), fc.string({ maxLength: 3 }), fc.constant([]), fc.constant({}));
/** Sometimes replaces a value, drops a key or adds one: arguments near the valid ones. */
function nearly<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: fc.tuple(valid, fc.nat(40), anyJson, fc.constantFrom('replace', 'drop', 'add')).map(([v, i, x, how]) => mutate(v, i, x, how)) });
}
function mutate(v: unknown, index: number, x: unknown, how: string): unknown {
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const visit = (n: unknown) => {
    if (Array.isArray(n)) n.forEach((c, i) => (slots.push([n, i]), visit(c)));
    else if (n !== null && typeof n === 'object') for (const [k, c] of Object.entries(n)) slots.push([n as Record<string, unknown>, k]), visit(c);
  };
  const copy = structuredClone(v);
  visit(copy);
  if (slots.length === 0) return x;
  const [holder, key] = slots[index % slots.length]!;
  if (how === 'replace') (holder as Record<string | number, unknown>)[key] = x;
  else if (how === 'drop' && !Array.isArray(holder)) delete holder[key as string];
  else if (!Array.isArray(holder)) holder.extra = x;
  return copy;
}

const note = fc.record({ type: fc.constant('note'), text: fc.string({ minLength: 1, maxLength: 5 }) });
const pin = fc.record({ type: fc.constant('pin'), lat: fc.double({ noNaN: true, noDefaultInfinity: true }), lng: fc.integer() });
const label = fc.oneof(fc.string({ maxLength: 4 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }));
const shape = fc.oneof(
  fc.record({ kind: fc.constant('circle'), radius: fc.double({ min: 0, max: 1000, noNaN: true }) }),
  fc.record({ kind: fc.constant('square'), side: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('group'), items: fc.array(fc.oneof(note, pin), { maxLength: 3 }), label }, { requiredKeys: ['kind', 'items'] }),
);
const drawArgs = fc.record({ shapes: fc.array(shape, { maxLength: 3 }), environment: label });

const leaf = fc.record({ field: fc.string({ maxLength: 4 }), equals: fc.oneof(fc.string({ maxLength: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true })) }, { requiredKeys: [] });
const { filter } = fc.letrec((tie) => ({
  // Depth-bounded: a leaf or a combination, the combination less likely the deeper it is.
  filter: fc.oneof({ depthSize: 'small', maxDepth: 6 }, leaf, tie('combination')),
  combination: fc.record(
    {
      field: fc.string({ maxLength: 4 }),
      and: fc.array(tie('filter'), { maxLength: 2 }),
      or: fc.array(tie('filter'), { maxLength: 2 }),
      not: tie('filter'),
    },
    { requiredKeys: [] },
  ),
}));
const searchArgs = fc.record({ where: filter, limit: fc.integer({ min: -5, max: 5 }) }, { requiredKeys: ['where'] });

describe('unions and recursive classes: the invoker accepts exactly what the canonical schema accepts', () => {
  it.each([
    ['a tagged union of three classes (one holding another union) and an untagged union', draw!, drawArgs],
    ['a recursive filter', search!, searchArgs],
  ] as const)('%s', async (_label, tool, valid) => {
    const canonical = independent.compile(tool.inputSchema as object);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(nearly(valid as fc.Arbitrary<unknown>), async (a) => {
        const result = await tool.invoke(a as object);
        const ok = canonical(withoutAbsentNulls(a, tool.inputSchema as Record<string, unknown>, tool.inputSchema as Record<string, unknown>));
        expect([!result.isError, a]).toEqual([ok, a]);
        if (ok) accepted++;
      }),
      { numRuns: 1000, seed: 1212 },
    );
    // Both sides of the equivalence were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1000);
  });
});

const checks = new WeakMap<object, (v: unknown) => boolean>();
/** An independent check of one union member (with the root's $defs), compiled once. */
function memberCheck(member: Record<string, unknown>, root: Record<string, unknown>): (v: unknown) => boolean {
  let check = checks.get(member);
  if (check === undefined) {
    const compiled = independent.compile({ ...member, ...(root.$defs !== undefined ? { $defs: root.$defs } : {}) });
    check = (v) => compiled(v);
    checks.set(member, check);
  }
  return check;
}

/** A tagged member (its one-value enum properties) that the value's tag names. */
function tagMatches(member: Record<string, unknown>, value: unknown): boolean {
  if (value === null || typeof value !== 'object' || member.properties === undefined) return false;
  const tags = Object.entries(member.properties as Record<string, Record<string, unknown>>).filter(([, p]) => Array.isArray(p.enum) && p.enum.length === 1);
  return tags.length > 0 && tags.every(([k, p]) => (value as Record<string, unknown>)[k] === (p.enum as unknown[])[0]);
}

/**
 * The contract's "null means absent": a null for an optional property that does not accept null is
 * what leaving it out is. The canonical arguments it stands for, for the independent check.
 */
function withoutAbsentNulls(value: unknown, schema: Record<string, unknown>, root: Record<string, unknown>): unknown {
  if (typeof schema.$ref === 'string') return withoutAbsentNulls(value, (root.$defs as Record<string, Record<string, unknown>>)[schema.$ref.slice(8)]!, root);
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf as Record<string, unknown>[];
    const fits = members.find((m) => tagMatches(m, value)) ?? members.find((m) => memberCheck(m, root)(withoutAbsentNulls(value, m, root)));
    return fits === undefined ? value : withoutAbsentNulls(value, fits, root);
  }
  if (Array.isArray(value)) return schema.items === undefined ? value : value.map((v) => withoutAbsentNulls(v, schema.items as Record<string, unknown>, root));
  if (value === null || typeof value !== 'object' || schema.properties === undefined) return value;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const props = schema.properties as Record<string, Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const sub = Object.prototype.hasOwnProperty.call(props, k) ? props[k] : undefined;
    if (v === null && sub !== undefined && !required.has(k) && !memberCheck(sub, root)(null)) continue;
    out[k] = sub === undefined ? v : withoutAbsentNulls(v, sub, root);
  }
  return out;
}

/** A strict provider's shape of canonical arguments: every optional property of a closed object present, null when absent. */
function shapeStrict(value: unknown, schema: Record<string, unknown>, root: Record<string, unknown>): unknown {
  if (typeof schema.$ref === 'string') return shapeStrict(value, (root.$defs as Record<string, Record<string, unknown>>)[schema.$ref.slice(8)]!, root);
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf as Record<string, unknown>[];
    const fits = members.find((m) => tagMatches(m, value)) ?? members.find((m) => memberCheck(m, root)(value)) ?? members[0]!;
    return shapeStrict(value, fits, root);
  }
  if (Array.isArray(value)) return value.map((v) => shapeStrict(v, (schema.items ?? {}) as Record<string, unknown>, root));
  if (value === null || typeof value !== 'object' || schema.properties === undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
    const v = (value as Record<string, unknown>)[name];
    out[name] = v === undefined ? null : shapeStrict(v, sub, root);
  }
  return out;
}

describe('the strict round trip holds for unions and recursive classes', () => {
  it.each([
    ['draw', draw!, drawArgs],
    ['search', search!, searchArgs],
  ] as const)('%s: OpenAI strict and Anthropic strict shapes reach the method as the canonical arguments do', async (_label, tool, valid) => {
    const openai = toOpenAITool(tool).tool.function.parameters as Record<string, unknown>;
    const anthropic = toAnthropicTool(tool, { strict: true }).tool.input_schema as Record<string, unknown>;
    const strictOpenAI = independent.compile(openai);
    const strictAnthropic = independent.compile(anthropic);
    await fc.assert(
      fc.asyncProperty(valid as fc.Arbitrary<Record<string, unknown>>, async (a) => {
        received.length = 0;
        expect((await tool.invoke(a)).isError).toBe(false);
        const shaped = shapeStrict(a, openai, openai) as object;
        expect(strictOpenAI(shaped)).toBe(true);
        expect((await tool.invoke(shaped)).isError).toBe(false);
        // Anthropic strict keeps optional properties optional (recursion unrolled): canonical arguments within its depth are its shape.
        if (JSON.stringify(a).split('"not"').length <= 3) expect(strictAnthropic(a)).toBe(true);
        expect(received).toHaveLength(2);
        expect(received[1]).toStrictEqual(received[0]);
      }),
      { numRuns: 1000, seed: 3434 },
    );
  });
});
