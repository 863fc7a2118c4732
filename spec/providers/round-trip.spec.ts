import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import * as fc from 'fast-check';
import { IsInt, IsOptional, Length, Max, Min } from 'class-validator';
import { Int32, Nullable, Param, Prop, Range, SetOf, Tool, Uuid, toAnthropicTool, toOpenAITool } from 'tool-signatures';

/**
 * The round trip: arguments valid for the canonical schema, shaped as a strict provider would send
 * them (every optional property present, `null` where the model had nothing to say), are accepted
 * by the invoker and reach the method as the same values as the canonical arguments.
 */

enum Priority {
  Low = 'Low',
  High = 'High',
}

class Line {
  @Length(1, 8) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
  @IsOptional() @Prop() note?: string;
}

const received: unknown[][] = [];

class Orders {
  @Tool()
  place(
    @Param({ minLength: 1, maxLength: 16 }) id: string,
    @Param({ type: () => [Line], minItems: 1, maxItems: 3 }) lines: Line[],
    @Param({ enum: Priority }) priority: Priority = Priority.Low,
    @Param({ optional: true }) due: Date,
    @Range(0, 30) @Param({ type: Int32 }) days = 3,
    @Param({ type: Nullable(String) }) memo: string | null,
    @Param({ type: Uuid, optional: true }) ref: string,
    @Param({ type: SetOf(String), optional: true }) tags: Set<string>,
  ) {
    received.push([id, lines, priority, due, days, memo, ref, tags]);
    return 'ok';
  }
}

const tool = Tool.fromInstance(new Orders())[0]!;
const independent = addFormats(new Ajv2020({ strict: false }));
const validCanonical = independent.compile(tool.inputSchema as object);

const line = fc.record(
  { sku: fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme-ascii' }), qty: fc.integer({ min: 1, max: 1000 }), note: fc.string({ maxLength: 10 }) },
  { requiredKeys: ['sku', 'qty'] },
);
const args = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 16, unit: 'grapheme-ascii' }),
    lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    priority: fc.constantFrom('Low', 'High'),
    due: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    days: fc.integer({ min: 0, max: 30 }),
    memo: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
    ref: fc.uuid(),
    tags: fc.uniqueArray(fc.string({ maxLength: 5 }), { maxLength: 4 }),
  },
  { requiredKeys: ['id', 'lines', 'memo'] },
);

/** Every property a strict schema requires but the canonical one leaves optional, sent as null. */
function shapeStrict(value: Record<string, unknown>, schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(props)) {
    const v = value[name];
    if (v === undefined) out[name] = null;
    else if (Array.isArray(v) && (sub.items as Record<string, unknown> | undefined)?.properties)
      out[name] = v.map((x) => shapeStrict(x as Record<string, unknown>, sub.items as Record<string, unknown>));
    else out[name] = v;
  }
  return out;
}

async function call(a: object): Promise<unknown[]> {
  received.length = 0;
  const result = await tool.invoke(a);
  if (result.isError) throw new Error(`refused ${JSON.stringify(a)}: ${JSON.stringify(result.parts)}`);
  expect(received).toHaveLength(1);
  return received[0]!;
}

describe('Round trip through strict provider shapes (fast-check, seeded)', () => {
  const openai = toOpenAITool(tool, { strict: true }).tool.function.parameters as Record<string, unknown>;
  const anthropic = toAnthropicTool(tool, { strict: true }).tool.input_schema as Record<string, unknown>;

  it.each([
    ['OpenAI strict', openai],
    ['Anthropic strict', anthropic],
  ])('%s: the invoker accepts the shaped arguments and passes the same values', async (_label, strictSchema) => {
    await fc.assert(
      fc.asyncProperty(args, async (a) => {
        expect(validCanonical(a)).toBe(true);
        const canonical = await call(a);
        const shaped = await call(shapeStrict(a, strictSchema));
        expect(shaped).toStrictEqual(canonical);
      }),
      { numRuns: 1000, seed: 4242, verbose: true },
    );
  });

  it('absent and null optionals reach the method as the default', async () => {
    const values = await call(shapeStrict({ id: 'A', lines: [{ sku: 'x', qty: 1 }], memo: null }, openai));
    expect(values[2]).toBe('Low');
    expect(values[3]).toBeUndefined();
    expect(values[4]).toBe(3); // undefined was passed, so the source default applies
    expect(values[5]).toBeNull(); // nullable: null is passed as null
    expect((values[1] as Line[])[0]).toBeInstanceOf(Line);
    expect((values[1] as Line[])[0]!.note).toBeUndefined();
  });
});
