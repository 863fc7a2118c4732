import 'reflect-metadata';
import { Tool, type ToolDefinition } from 'tool-signatures';
import { Circle, Drawing, Filter, Group, Note, Pin, Square } from '../fixtures/unions';

/** The method's received arguments, captured by a subclass of the fixture. */
class Captured extends Drawing {
  static last: unknown[] = [];
  override draw(shapes: never[], environment: string | string[]): string {
    Captured.last = [shapes, environment];
    return super.draw(shapes, environment);
  }
  override search(where: Filter, limit?: number): string {
    Captured.last = [where, limit];
    return super.search(where, limit);
  }
}

const tools = Tool.fromInstance(new Captured());
const draw = tools.find((t) => t.name === 'draw')!;
const search = tools.find((t) => t.name === 'search')!;

async function refusal(tool: ToolDefinition, args: object | string): Promise<string> {
  const r = await tool.invoke(args);
  expect(r.isError).toBe(true);
  return (r.parts[0] as { text: string }).text;
}

async function accepted(tool: ToolDefinition, args: object | string): Promise<unknown[]> {
  const r = await tool.invoke(args);
  expect([r.isError, r.parts]).toEqual([false, expect.anything()]);
  return Captured.last;
}

/** A filter `depth` levels deep: and → or → not → and → ... → a leaf. */
function deepFilter(depth: number, leaf: object = { field: 'status', equals: 'open' }): object {
  let f: object = leaf;
  for (let i = 0; i < depth; i++) f = i % 3 === 0 ? { and: [f] } : i % 3 === 1 ? { or: [{ field: 'x', equals: i }, f] } : { not: f };
  return f;
}

describe('tagged unions: the tag picks the member', () => {
  it('hydrates each member into the class its tag names, at every depth; the tag is set where the class declares it', async () => {
    const [shapes] = (await accepted(draw, {
      shapes: [
        { kind: 'circle', radius: 2 },
        { kind: 'square', side: 3 },
        {
          kind: 'group',
          items: [
            { type: 'note', text: 'hi' },
            { type: 'pin', lat: 1, lng: 2 },
          ],
          label: ['a', 'b'],
        },
      ],
      environment: 'prod',
    })) as [unknown[]];
    expect(shapes.map((s) => (s as object).constructor)).toEqual([Circle, Square, Group]);
    expect((shapes[0] as Circle).area()).toBeCloseTo(Math.PI * 4);
    expect(shapes[0]).toEqual(Object.assign(new Circle(), { kind: 'circle', radius: 2 }));
    // Square declares no `kind`: the tag is checked, never set on the instance.
    expect(Object.keys(shapes[1] as object)).toEqual(['side']);
    const group = shapes[2] as Group;
    expect(group.items.map((i) => i.constructor)).toEqual([Note, Pin]);
    expect(group.label).toEqual(['a', 'b']);
    expect(Object.keys(group.items[0]!)).toEqual(['text']);
  });

  it("a missing or unknown tag is one problem at the tag; a known tag lists only its member's problems", async () => {
    expect(await refusal(draw, { shapes: [{ radius: 1 }, { kind: 'hexagon', side: 1 }, { kind: 'square', side: 0, radius: 2 }], environment: 'x' })).toBe(
      [
        "Argument 'shapes[0].kind' must be one of: circle, square, group.",
        "Argument 'shapes[1].kind' must be one of: circle, square, group.",
        "Argument 'shapes[2].side' must be an integer from 1 to 100.",
        "Argument 'shapes[2].radius' is not a property of Square.",
      ].join('\n'),
    );
  });

  it('problems of a union nested in an array of another union name their member and full path', async () => {
    expect(
      await refusal(draw, {
        shapes: [{ kind: 'group', items: [{ type: 'pin', lat: 'north' }, { type: 'note', text: '' }, { type: 'nope' }] }],
        environment: ['a', 1],
      }),
    ).toBe(
      [
        "Argument 'shapes[0].items[0].lng' is required.",
        "Argument 'shapes[0].items[0].lat' must be a number.",
        "Argument 'shapes[0].items[1].text' must be at least 1 character long.",
        "Argument 'shapes[0].items[2].type' must be one of: note, pin.",
        "Argument 'environment[1]' must be a string.",
      ].join('\n'),
    );
  });

  it('a value that is not an object gets the union\'s type line; null where none is accepted is "must not be null."', async () => {
    expect(await refusal(draw, { shapes: ['circle', null], environment: 'x' })).toBe(
      ["Argument 'shapes[0]' must be an object.", "Argument 'shapes[1]' must not be null."].join('\n'),
    );
  });

  it("a member's rules hold inside the array of another union (Note's @MinLength, Group's @ArrayMaxSize)", async () => {
    expect(
      await refusal(draw, {
        shapes: [
          {
            kind: 'group',
            items: [
              { type: 'pin', lat: 0, lng: 0 },
              { type: 'pin', lat: 0, lng: 0 },
              { type: 'pin', lat: 0, lng: 0 },
              { type: 'pin', lat: 0, lng: 0 },
            ],
          },
        ],
        environment: 'x',
      }),
    ).toBe("Argument 'shapes[0].items' must have at most 3 items.");
  });
});

describe('a hostile call', () => {
  it('thousands of refused union members: at most 100 lines, the rest counted', async () => {
    const shapes = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? { kind: 'square', side: 0 } : { kind: 'nope' }));
    const text = await refusal(draw, { shapes, environment: 'x' });
    const lines = text.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe("Argument 'shapes[0].side' must be an integer from 1 to 100.");
    expect(lines[1]).toBe("Argument 'shapes[1].kind' must be one of: circle, square, group.");
    expect(lines[100]).toBe('(4900 more problems not shown.)');
  });
});

describe('untagged unions', () => {
  it("the contract's line when no member has the value's JSON type", async () => {
    expect(await refusal(draw, { shapes: [], environment: 3 })).toBe("Argument 'environment' must be a string or an array of strings.");
  });

  it("when exactly one member has the value's JSON type, that member's problems are listed", async () => {
    expect(await refusal(draw, { shapes: [], environment: ['a', 2, true] })).toBe(
      ["Argument 'environment[1]' must be a string.", "Argument 'environment[2]' must be a string."].join('\n'),
    );
  });

  it('the first member that the value matches decides the conversion', async () => {
    expect((await accepted(draw, { shapes: [], environment: ['a'] }))[1]).toEqual(['a']);
    expect((await accepted(draw, '{"shapes":[],"environment":"a"}'))[1]).toBe('a');
  });
});

describe('a recursive filter', () => {
  it('validates and hydrates five levels deep (and more): a Filter instance at every level', async () => {
    for (const depth of [5, 12]) {
      const [where] = (await accepted(search, { where: deepFilter(depth) })) as [Filter];
      let f: Filter | undefined = where;
      let levels = 0;
      while (f !== undefined) {
        expect(f).toBeInstanceOf(Filter);
        levels++;
        f = f.and?.[0] ?? f.or?.[1] ?? f.not;
      }
      expect(levels).toBe(depth + 1);
    }
  });

  it('refuses with the path through every level and the member-specific problem', async () => {
    expect(await refusal(search, { where: deepFilter(5, { field: 3, equals: [1], extra: true }) })).toBe(
      [
        "Argument 'where.or[1].and[0].not.or[1].and[0].field' must be a string.",
        "Argument 'where.or[1].and[0].not.or[1].and[0].equals' must be a string or a number.",
        "Argument 'where.or[1].and[0].not.or[1].and[0].extra' is not a property of Filter.",
      ].join('\n'),
    );
  });

  it('null for an optional recursive slot means absent; the wrong type is its type line', async () => {
    const [where] = (await accepted(search, { where: { not: null, and: [{ field: 'a' }] } })) as [Filter];
    expect(where.not).toBeUndefined();
    expect(await refusal(search, { where: { not: 'x' } })).toBe("Argument 'where.not' must be an object.");
  });

  it('a parsed object deeper than maxDepth is refused before validation (no stack overflow)', async () => {
    const r = await search.invoke({ where: deepFilter(400) });
    expect((r.parts[0] as { text: string }).text).toMatch(/^Arguments are nested too deeply/);
    const text = await search.invoke(JSON.stringify({ where: deepFilter(400) }));
    expect((text.parts[0] as { text: string }).text).toMatch(/nested too deeply/);
  });
});
