import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import * as fc from 'fast-check';
import {
  AnyOf,
  Discriminated,
  EnumOf,
  Int32,
  Nullable,
  ObjectOf,
  Tool,
  toOpenAITool,
  type Hint,
  type ParamOptions,
  type ToolDefinition,
} from 'tool-signatures';
import { nearly, shapeStrict, withoutAbsentNulls } from '../helpers/equivalence';

/**
 * `ObjectOf` shapes, by property (fast-check, seeded, 1,000 cases each): for a recursive shape and for
 * a tagged union of shapes (one holding an untagged union of shapes), the invoker accepts exactly
 * what an independent ajv accepts for the canonical schema, every accepted value reaches the method
 * as plain objects, and arguments shaped as OpenAI strict sends them reach it as the canonical ones.
 */

const Tree: Hint = ObjectOf(
  {
    label: { type: String, minLength: 1, maxLength: 4 },
    weight: { type: Int32, optional: true },
    children: { type: () => [Tree], optional: true, maxItems: 3 },
    parent: { type: () => Nullable(Tree), optional: true },
  },
  { name: 'Tree' },
);
const Note = ObjectOf({ text: { type: String, minLength: 1 } }, { name: 'Note' });
const Pin = ObjectOf({ lat: Number, lng: Int32 }, { name: 'Pin' });
const Circle = ObjectOf({ radius: Number }, { name: 'Circle' });
const Square = ObjectOf({ kind: EnumOf(['square']), side: Int32 }, { name: 'Square' });
const Group = ObjectOf({ items: [AnyOf(Note, Pin)], label: { type: AnyOf(String, [String]), optional: true } }, { name: 'Group' });
const Shape = Discriminated('kind', { circle: Circle, square: Square, group: Group });

const received: unknown[][] = [];
function recording(name: string, params: Record<string, Hint | ParamOptions>): ToolDefinition {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function(
    'record',
    `return function ${name}(${Object.keys(params).join(', ')}) { record(Array.prototype.slice.call(arguments)); return 'ok'; };`,
  );
  return Tool.create(make((a: unknown[]) => received.push(a)) as (...args: unknown[]) => string, { name, params });
}
const grow = recording('grow', { tree: Tree, depth: { type: Int32, optional: true } });
const draw = recording('draw', { shapes: [Shape], main: Shape });

/** Trees; `withParent`: `parent` always given (null or a tree), as the strict form (optional and nullable) cannot say "absent". */
function trees(withParent: boolean) {
  return fc.letrec((tie) => ({
    tree: fc.record(
      {
        label: fc.string({ minLength: 1, maxLength: 4 }),
        weight: fc.integer({ min: -5, max: 5 }),
        children: fc.array(tie('tree'), { maxLength: 2, depthIdentifier: 'tree' }),
        parent: fc.oneof({ depthSize: 'small', maxDepth: 4 }, fc.constant(null), tie('tree')),
      },
      { requiredKeys: withParent ? ['label', 'parent'] : ['label'] },
    ),
  })).tree;
}
const growArgs = fc.record({ tree: trees(false), depth: fc.integer({ min: 0, max: 9 }) }, { requiredKeys: ['tree'] });
const strictGrowArgs = fc.record({ tree: trees(true), depth: fc.integer({ min: 0, max: 9 }) }, { requiredKeys: ['tree'] });

const note = fc.record({ text: fc.string({ minLength: 1, maxLength: 3 }) });
const pin = fc.record({ lat: fc.double({ noNaN: true, noDefaultInfinity: true }), lng: fc.integer({ min: -9, max: 9 }) });
const shape = fc.oneof(
  fc.record({ kind: fc.constant('circle'), radius: fc.double({ min: 0, max: 100, noNaN: true }) }),
  fc.record({ kind: fc.constant('square'), side: fc.integer({ min: 1, max: 100 }) }),
  fc.record(
    {
      kind: fc.constant('group'),
      items: fc.array(fc.oneof(note, pin), { maxLength: 3 }),
      label: fc.oneof(fc.string({ maxLength: 3 }), fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 })),
    },
    { requiredKeys: ['kind', 'items'] },
  ),
);
const drawArgs = fc.record({ shapes: fc.array(shape, { maxLength: 3 }), main: shape });

const independent = new Ajv2020({ strict: false });

/** Every object the method received is a plain object (no class anywhere in these tools). */
function allPlain(v: unknown): boolean {
  if (Array.isArray(v)) return v.every(allPlain);
  if (v === null || typeof v !== 'object') return true;
  return Object.getPrototypeOf(v) === Object.prototype && Object.values(v).every(allPlain);
}

describe('ObjectOf shapes: the invoker accepts exactly what the canonical schema accepts', () => {
  it.each([
    ['a recursive shape', grow, growArgs],
    ['a tagged union of shapes (one holding an untagged union of shapes)', draw, drawArgs],
  ] as const)('%s', async (_label, tool, valid) => {
    const canonical = independent.compile(tool.inputSchema as object);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(nearly(valid as fc.Arbitrary<unknown>), async (a) => {
        received.length = 0;
        const result = await tool.invoke(a as object);
        const ok = canonical(withoutAbsentNulls(a, tool.inputSchema as Record<string, unknown>, tool.inputSchema as Record<string, unknown>));
        expect([!result.isError, a]).toEqual([ok, a]);
        if (ok) {
          accepted++;
          expect(allPlain(received[0])).toBe(true);
        }
      }),
      { numRuns: 1000, seed: 1313 },
    );
    // Both sides of the equivalence were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1000);
  });

  it.each([
    ['a recursive shape', grow, strictGrowArgs],
    ['a tagged union of shapes', draw, drawArgs],
  ] as const)('%s: OpenAI strict arguments (null for every absent optional) reach the method as the canonical ones', async (_label, tool, valid) => {
    const openai = toOpenAITool(tool, { strict: true }).tool.function.parameters as Record<string, unknown>;
    const strict = independent.compile(openai);
    await fc.assert(
      fc.asyncProperty(valid as fc.Arbitrary<Record<string, unknown>>, async (a) => {
        received.length = 0;
        expect((await tool.invoke(a)).isError).toBe(false);
        const shaped = shapeStrict(a, openai, openai) as object;
        expect(strict(shaped)).toBe(true);
        expect((await tool.invoke(shaped)).isError).toBe(false);
        expect(received).toHaveLength(2);
        expect(received[1]).toStrictEqual(received[0]);
      }),
      { numRuns: 1000, seed: 1414 },
    );
  });
});
