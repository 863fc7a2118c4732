import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import * as fc from 'fast-check';
import { Tool, toAnthropicTool, toOpenAITool } from 'tool-signatures';
import { Drawing } from '../fixtures/unions';
import { nearly, shapeStrict, withoutAbsentNulls } from '../helpers/equivalence';

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

const note = fc.record({ type: fc.constant('note'), text: fc.string({ minLength: 1, maxLength: 5 }) });
const pin = fc.record({ type: fc.constant('pin'), lat: fc.double({ noNaN: true, noDefaultInfinity: true }), lng: fc.integer() });
const label = fc.oneof(fc.string({ maxLength: 4 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }));
const shape = fc.oneof(
  fc.record({ kind: fc.constant('circle'), radius: fc.double({ min: 0, max: 1000, noNaN: true }) }),
  fc.record({ kind: fc.constant('square'), side: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('group'), items: fc.array(fc.oneof(note, pin), { maxLength: 3 }), label }, { requiredKeys: ['kind', 'items'] }),
);
const drawArgs = fc.record({ shapes: fc.array(shape, { maxLength: 3 }), environment: label });

const leaf = fc.record(
  { field: fc.string({ maxLength: 4 }), equals: fc.oneof(fc.string({ maxLength: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { requiredKeys: [] },
);
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
