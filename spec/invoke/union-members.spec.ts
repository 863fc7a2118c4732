import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { AnyOf, Description, Discriminated, Int32, JsonObject, Prop, Tool, type ToolDefinition } from 'tool-signatures';

/**
 * Contract v3.1, last bullet: an `AnyOf` member's constraints are written in its fragment, so the
 * invoker enforces them as the schema says (the schema the model sees accepts exactly what the
 * invoker accepts), and the member that a value matches still decides its conversion.
 */

let received: unknown[] = [];
const paths = Tool.create(
  (paths: string | string[], props?: object | string, when?: Date | string | null) => {
    received = [paths, props, when];
    return 'ok';
  },
  {
    name: 'paths',
    params: {
      paths: AnyOf({ type: String, minLength: 1 }, { type: [String], minItems: 1, each: { minLength: 1 } }),
      props: { type: AnyOf({ type: JsonObject, description: 'The property values' }, { type: String, maxLength: 5 }), optional: true },
      when: { type: AnyOf({ type: Date, description: 'An instant.' }, { type: String, nullable: true, pattern: '^(today|tomorrow)$' }), optional: true },
    },
  },
);

async function verdict(tool: ToolDefinition, args: object): Promise<string> {
  const r = await tool.invoke(args);
  return r.isError ? (r.parts[0] as { text: string }).text : 'accepted';
}

describe('Union members with their own options: enforced as written (v3.1)', () => {
  it.each([
    [{ paths: '' }, "Argument 'paths' must be at least 1 character long."],
    [{ paths: [] }, "Argument 'paths' must have at least 1 item."],
    [{ paths: ['a', ''] }, "Argument 'paths[1]' must be at least 1 character long."],
    [{ paths: 3 }, "Argument 'paths' must be a string or an array of strings."],
    [{ paths: 'a', props: 'toolong' }, "Argument 'props' must be at most 5 characters long."],
    [{ paths: 'a', when: 'yesterday' }, expect.stringContaining("Argument 'when' ")],
  ])('refuses %j', async (args, text) => {
    expect(await verdict(paths, args)).toEqual(text);
  });

  it.each([
    [{ paths: 'a' }],
    [{ paths: ['a', 'b'] }],
    [{ paths: 'a', props: { x: 1 } }],
    [{ paths: 'a', props: 'abc' }],
    [{ paths: 'a', when: null }],
    [{ paths: 'a', when: 'today' }],
  ])('accepts %j', async (args) => {
    expect(await verdict(paths, args)).toBe('accepted');
  });

  it('the member a value matches decides its conversion: a Date member gives a Date, a string member the string', async () => {
    expect(await verdict(paths, { paths: 'a', when: '2026-01-02T03:04:05Z' })).toBe('accepted');
    expect(received[2]).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(await verdict(paths, { paths: 'a', when: 'tomorrow' })).toBe('accepted');
    expect(received[2]).toBe('tomorrow');
  });

  it('the invoker and an independent ajv agree on every sample (the schema says what is enforced)', async () => {
    const ajv = new Ajv2020({ strict: false });
    const check = ajv.compile(paths.inputSchema);
    const values = ['', 'a', [], [''], ['a'], ['a', ''], 3, null, { x: 1 }, 'abcdef', 'abc', [1]];
    for (const p of values) {
      // (null for an optional parameter is taken as its absence: the OpenAI strict form sends it)
      for (const q of [undefined, ...values.filter((v) => v !== null)]) {
        const args = q === undefined ? { paths: p } : { paths: p, props: q };
        expect({ args, invoker: (await verdict(paths, args)) === 'accepted' }).toEqual({ args, invoker: check(args) });
      }
    }
  });

  it('a DTO property whose members carry options (the class-validator rules run too)', async () => {
    @Description('A search.')
    class Search {
      @Prop({ type: AnyOf({ type: String, minLength: 2 }, { type: [String], maxItems: 2 }) }) terms!: string | string[];
    }
    const t = Tool.create((s: Search) => (s instanceof Search ? JSON.stringify(s.terms) : 'not an instance'), { name: 'search', params: { s: Search } });
    expect(await verdict(t, { s: { terms: 'a' } })).toBe("Argument 's.terms' must be at least 2 characters long.");
    expect(await verdict(t, { s: { terms: ['a', 'b', 'c'] } })).toBe("Argument 's.terms' must have at most 2 items.");
    const r = await t.invoke({ s: { terms: ['a'] } });
    expect(r.parts).toEqual([expect.objectContaining({ text: '["a"]' })]);
  });
});

describe('Union members with their own options: property (fast-check)', () => {
  it('for any member bounds, the invoker accepts exactly what an independent ajv reads in the schema', async () => {
    const ajv = new Ajv2020({ strict: false });
    const value = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }),
      fc.integer({ min: -3, max: 12 }),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 2 }), fc.integer(), { maxKeys: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat(3),
        fc.nat(3),
        fc.nat(3),
        fc.nat(4),
        fc.array(value, { minLength: 1, maxLength: 8 }),
        async (minLength, extra, minItems, minimum, values) => {
          const t = Tool.create((v: unknown) => JSON.stringify(v), {
            name: 'prop',
            params: {
              v: AnyOf(
                { type: String, minLength, maxLength: minLength + extra },
                { type: [String], minItems, each: { minLength } },
                { type: Int32, minimum, description: 'A count.' },
              ),
            },
          });
          const check = ajv.compile(t.inputSchema);
          for (const v of values) {
            const r = await t.invoke({ v });
            if (r.isError === check({ v })) return false;
          }
          return true;
        },
      ),
      { numRuns: 60, seed: 20 },
    );
  });
});

describe('Discriminated members with their own description: invoked as before', () => {
  it('the tag picks the member and its class is built', async () => {
    class Sq {
      @Prop() side!: number;
    }
    class Ci {
      @Prop() r!: number;
    }
    const t = Tool.create((s: Sq | Ci) => (s instanceof Sq ? `square ${s.side}` : s instanceof Ci ? `circle ${s.r}` : 'plain'), {
      name: 'shape',
      params: { s: Discriminated('kind', { sq: { type: Sq, description: 'Four equal sides.' }, ci: Ci }) },
    });
    expect((await t.invoke({ s: { kind: 'sq', side: 2 } })).parts).toEqual([expect.objectContaining({ text: 'square 2' })]);
    expect(await verdict(t, { s: { kind: 'sq', r: 2 } })).toContain("Argument 's");
  });
});
