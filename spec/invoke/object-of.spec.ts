import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsAlphanumeric, IsInt, IsOptional, Min } from 'class-validator';
import {
  Discriminated,
  EnumOf,
  Int64,
  Nullable,
  ObjectOf,
  Prop,
  RecordOf,
  SetOf,
  Tool,
  ToolContext,
  toAnthropicTool,
  toGeminiTool,
  toMcpTool,
  toOpenAITool,
  type ElicitationRequest,
  type Hint,
  type ToolDefinition,
  type ToolResult,
} from 'tool-signatures';
import { compileFastPath } from '../../lib/invoke/arguments/fast-path';
import { calleeOf } from '../../lib/invoke/calling/invoker';
import { withFastPath } from '../helpers/fast-path';

/**
 * `ObjectOf` at call time: a value of a shape is checked as a DTO's is (messages name the shape) and
 * arrives as a validated plain object, its nested values converted as everywhere else; the fast
 * path and the general path agree on it.
 */

let received: unknown[] = [];

/** A tool whose parameters are the given names and hints, in order; it records what it receives. */
function tool(params: Record<string, Hint>): ToolDefinition {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function('record', `return function t(${Object.keys(params).join(', ')}) { record(Array.prototype.slice.call(arguments)); return 'ok'; };`);
  const fn = make((a: unknown[]) => (received = a)) as (...args: unknown[]) => string;
  return Tool.create(fn, { name: 't', params });
}

async function accepted(t: ToolDefinition, args: object | string): Promise<unknown[]> {
  received = [];
  const r = await t.invoke(args);
  expect([r.isError, r.parts]).toEqual([false, [{ type: 'text', text: 'ok' }]]);
  return received;
}

async function refusal(t: ToolDefinition, args: object | string): Promise<string> {
  const r = await t.invoke(args);
  expect(r.isError).toBe(true);
  return (r.parts[0] as { text: string }).text;
}

const isPlain = (v: unknown): boolean => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

class Stamp {
  @Prop() at!: Date;
  @IsInt() @Min(1) @Prop() version!: number;
  @Prop({ type: RecordOf(Number) }) @Type(() => Number) counts!: Map<string, number>;
  @IsOptional() @IsAlphanumeric() code?: string;
}

const Address = ObjectOf({ street: String, zip: { type: String, optional: true, pattern: '^[0-9]{5}$' } }, { name: 'Address' });
const Contact = ObjectOf(
  {
    name: { type: String, minLength: 1 },
    nickname: { type: String, optional: true },
    email: Nullable(String),
    site: { type: URL, optional: true },
    born: { type: Date, optional: true },
    id: { type: Int64, optional: true },
    tags: { type: SetOf(String), optional: true },
    address: Address,
    previous: { type: [Address], optional: true },
    stamp: { type: Stamp, optional: true },
    extra: { type: RecordOf(Date), optional: true },
    level: { type: EnumOf(['low', 'high']), optional: true },
  },
  { name: 'Contact' },
);

describe('ObjectOf: refusals name the shape and the path', () => {
  const t = tool({ contact: Contact });

  it('an unknown key, a missing property and a wrong type, at every depth', async () => {
    expect(await refusal(t, { contact: { name: 'A', email: null, address: { zip: '1', city: 'x' }, colour: 'red', previous: [{ street: 1 }] } })).toBe(
      [
        "Argument 'contact.address.street' is required.",
        "Argument 'contact.address.zip' must match the pattern ^[0-9]{5}$.",
        "Argument 'contact.previous[0].street' must be a string.",
        "Argument 'contact.colour' is not a property of Contact.",
        "Argument 'contact.address.city' is not a property of Address.",
      ].join('\n'),
    );
  });

  it('an anonymous shape is "the object"; null where none is accepted; not an object', async () => {
    const anonymous = tool({ point: ObjectOf({ x: Number, y: Nullable(Number) }) });
    expect(await refusal(anonymous, { point: { x: 1, y: null, z: 2 } })).toBe("Argument 'point.z' is not a property of the object.");
    expect(await refusal(anonymous, { point: null })).toBe("Argument 'point' must not be null.");
    expect(await refusal(anonymous, { point: [1, 2] })).toBe("Argument 'point' must be an object.");
    expect(await refusal(anonymous, { point: { x: '1', y: 2 } })).toBe("Argument 'point.x' must be a number.");
  });

  it("a nested class's rules still hold inside a shape: its schema's, and class-validator's at the path", async () => {
    const args = { contact: { name: 'A', email: null, address: { street: 's' }, stamp: { at: '2026-12-02T10:00:00Z', version: 0, counts: {} } } };
    expect(await refusal(t, args)).toBe("Argument 'contact.stamp.version' must be an integer of at least 1.");
    const coded = { contact: { ...args.contact, previous: [], stamp: { ...args.contact.stamp, version: 1, code: 'a b' } } };
    expect(await refusal(t, coded)).toBe("Argument 'contact.stamp.code' must contain only letters and numbers.");
  });
});

describe('ObjectOf: the method receives a plain object', () => {
  const t = tool({ contact: Contact });

  it('every level is a plain object; nested values are converted as everywhere else; absent optionals are absent', async () => {
    const [contact] = (await accepted(t, {
      contact: {
        name: 'Ada',
        email: null,
        site: 'https://example.com/a',
        born: '1815-12-10T00:00:00Z',
        id: 9007199254740993n,
        tags: ['a', 'b'],
        address: { street: 'Main' },
        previous: [{ street: 'Old', zip: '12345' }],
        stamp: { at: '2026-12-02T10:00:00Z', version: 2, counts: { a: 1 } },
        extra: { due: '2026-12-31T00:00:00Z' },
        level: 'high',
      },
    })) as [Record<string, unknown>];
    expect(isPlain(contact)).toBe(true);
    expect(Object.keys(contact)).toEqual(['name', 'email', 'site', 'born', 'id', 'tags', 'address', 'previous', 'stamp', 'extra', 'level']);
    expect(contact.email).toBeNull();
    expect(contact.site).toEqual(new URL('https://example.com/a'));
    expect(contact.born).toEqual(new Date('1815-12-10T00:00:00Z'));
    expect(contact.id).toBe(9007199254740993n);
    expect(contact.tags).toEqual(new Set(['a', 'b']));
    expect(isPlain(contact.address)).toBe(true);
    expect(contact.address).toStrictEqual({ street: 'Main' });
    expect(isPlain((contact.previous as unknown[])[0])).toBe(true);
    const stamp = contact.stamp as Stamp;
    expect(stamp).toBeInstanceOf(Stamp);
    expect(stamp.at).toEqual(new Date('2026-12-02T10:00:00Z'));
    expect(stamp.counts).toEqual(new Map([['a', 1]]));
    expect(isPlain(contact.extra)).toBe(true);
    expect((contact.extra as Record<string, unknown>).due).toEqual(new Date('2026-12-31T00:00:00Z'));
  });

  it('an absent optional property, and a null that means absent, leave no key', async () => {
    const [a] = (await accepted(t, { contact: { name: 'A', email: 'a@b.co', address: { street: 's' } } })) as [object];
    expect(a).toStrictEqual({ name: 'A', email: 'a@b.co', address: { street: 's' } });
    const [b] = (await accepted(t, { contact: { name: 'A', nickname: null, email: null, site: null, address: { street: 's', zip: null }, stamp: null } })) as [
      object,
    ];
    expect(b).toStrictEqual({ name: 'A', email: null, address: { street: 's' } });
    expect(Object.keys(b)).toEqual(['name', 'email', 'address']);
  });

  it('a property named like a member of Object.prototype is an own property; `__proto__` in the arguments is an unknown key', async () => {
    const Odd = ObjectOf({ constructor: { type: Number, optional: true }, toString: { type: String, optional: true } }, { name: 'Odd' });
    const odd = tool({ odd: Odd });
    const [v] = (await accepted(odd, '{"odd":{"constructor":1,"toString":"y"}}')) as [Record<string, unknown>];
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['constructor', 'toString']);
    // Absent, an inherited member is not read as the property.
    const [w] = (await accepted(odd, { odd: {} })) as [object];
    expect(Reflect.ownKeys(w)).toEqual([]);
    expect(await refusal(odd, '{"odd":{"__proto__":{"polluted":true}}}')).toBe("Argument 'odd.__proto__' is not a property of Odd.");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a shape property named __proto__ is a definition error (validators ignore that name)', () => {
    const e = (() => {
      try {
        return void tool({ odd: ObjectOf({ ['__proto__']: String }, { name: 'Odd' }) }).inputSchema;
      } catch (error) {
        return error as { code: string; message: string };
      }
    })();
    expect(e?.code).toBe('OLT015');
    expect(e?.message).toBe(
      "OLT015: Cannot build tool 't' (function t), parameter #0 'odd', property Odd.__proto__: an ObjectOf shape cannot have a property named '__proto__': JSON Schema validators ignore that name, so no value could ever be accepted for it. Rename it.",
    );
  });
});

describe('ObjectOf: recursion', () => {
  const Tree: Hint = ObjectOf({ label: String, children: { type: () => [Tree], optional: true }, at: { type: Date, optional: true } }, { name: 'Tree' });
  const t = tool({ tree: Tree });

  /** A chain `depth` levels deep: each tree holds one child. */
  function chain(depth: number, leaf: object = { label: 'leaf', at: '2026-01-01T00:00:00Z' }): object {
    let tree: object = leaf;
    for (let i = 0; i < depth; i++) tree = { label: `n${i}`, children: [tree] };
    return tree;
  }

  it('is validated and hydrated to any depth within maxDepth, a plain object at every level', async () => {
    const [tree] = (await accepted(t, { tree: chain(100) })) as [Record<string, unknown>];
    let node = tree;
    for (let i = 0; i < 100; i++) {
      expect(isPlain(node)).toBe(true);
      node = (node.children as Record<string, unknown>[])[0]!;
    }
    expect(node).toStrictEqual({ label: 'leaf', at: new Date('2026-01-01T00:00:00Z') });
  });

  it('a shape named with characters a $ref cannot hold is validated by its $defs key and named as given', async () => {
    const Page: Hint = ObjectOf({ next: { type: () => Page, optional: true } }, { name: 'a/b 50%' });
    const paged = tool({ page: Page });
    expect(await accepted(paged, { page: { next: { next: {} } } })).toStrictEqual([{ next: { next: {} } }]);
    expect(await refusal(paged, { page: { next: { x: 1 } } })).toBe("Argument 'page.next.x' is not a property of a/b 50%.");
  });

  it('a problem deep down is reported at its path; deeper than maxDepth is refused before validation', async () => {
    expect(await refusal(t, { tree: chain(3, { label: 'x', colour: 1 }) })).toBe(
      "Argument 'tree.children[0].children[0].children[0].colour' is not a property of Tree.",
    );
    expect(await refusal(t, { tree: chain(200) })).toBe('Arguments are nested too deeply: the limit is 256 levels of arrays and objects.');
  });
});

describe('ObjectOf: tagged unions', () => {
  const Circle = ObjectOf({ radius: Number }, { name: 'Circle' });
  const Text = ObjectOf({ kind: EnumOf(['text']), body: String, at: { type: Date, optional: true } }, { name: 'Text' });
  class Square {
    @Prop() side!: number;
  }
  const t = tool({ shape: Discriminated('kind', { circle: Circle, text: Text, square: Square }) });

  it('the member the tag names hydrates it: a plain object with the tag set (declared by the shape or not); a class as before', async () => {
    const [circle] = await accepted(t, { shape: { kind: 'circle', radius: 2 } });
    expect(circle).toStrictEqual({ kind: 'circle', radius: 2 });
    expect(isPlain(circle)).toBe(true);
    const [text] = await accepted(t, { shape: { kind: 'text', body: 'hi', at: '2026-01-01T00:00:00Z' } });
    expect(text).toStrictEqual({ kind: 'text', body: 'hi', at: new Date('2026-01-01T00:00:00Z') });
    const [square] = await accepted(t, { shape: { kind: 'square', side: 1 } });
    expect(square).toBeInstanceOf(Square);
    expect(square).toStrictEqual(Object.assign(new Square(), { side: 1 }));
  });

  it("refusals: an unknown tag, and the named member's own problems", async () => {
    expect(await refusal(t, { shape: { kind: 'hexagon' } })).toBe("Argument 'shape.kind' must be one of: circle, text, square.");
    expect(await refusal(t, { shape: { kind: 'circle', side: 1 } })).toBe(
      "Argument 'shape.radius' is required.\nArgument 'shape.side' is not a property of Circle.",
    );
  });
});

describe('ObjectOf: providers treat shapes as DTO objects', () => {
  class AddressDto {
    @Prop() street!: string;
    @Prop({ optional: true }) zip?: string;
  }
  const Tree: Hint = ObjectOf({ label: String, note: { type: String, optional: true }, children: { type: () => [Tree], optional: true } }, { name: 'Tree' });
  const asShape = tool({ address: ObjectOf({ street: String, zip: { type: String, optional: true } }, { name: 'AddressDto' }), tree: Tree });

  it('every provider form of a shape equals that of the equivalent DTO class', () => {
    class TreeNode {
      @Prop() label!: string;
      @Prop({ optional: true }) note?: string;
      @Prop({ type: () => [TreeNode], optional: true }) children?: TreeNode[];
    }
    Object.defineProperty(TreeNode, 'name', { value: 'Tree' });
    const asClass = tool({ address: AddressDto, tree: TreeNode });
    expect(JSON.stringify(asShape.inputSchema)).toBe(JSON.stringify(asClass.inputSchema));
    for (const form of [
      (d: ToolDefinition) => toOpenAITool(d, { strict: true }),
      (d: ToolDefinition) => toOpenAITool(d),
      (d: ToolDefinition) => toAnthropicTool(d, { strict: true }),
      (d: ToolDefinition) => toAnthropicTool(d),
      (d: ToolDefinition) => toGeminiTool(d),
      (d: ToolDefinition) => toMcpTool(d),
    ]) {
      expect(JSON.stringify(form(asShape))).toBe(JSON.stringify(form(asClass)));
    }
  });

  it('OpenAI strict: arguments shaped as it sends them (null for every absent optional) reach the method as the canonical ones', async () => {
    const canonical = await accepted(asShape, { address: { street: 's' }, tree: { label: 'a', children: [{ label: 'b' }] } });
    const strict = toOpenAITool(asShape, { strict: true }).tool.function.parameters as Record<string, unknown>;
    expect(JSON.stringify(strict)).toContain('"required":["label","note","children"]');
    const shaped = await accepted(asShape, {
      address: { street: 's', zip: null },
      tree: { label: 'a', note: null, children: [{ label: 'b', note: null, children: null }] },
    });
    expect(shaped).toStrictEqual(canonical);
    expect(Object.keys((shaped[1] as { children: object[] }).children[0]!)).toEqual(['label']);
  });
});

describe('ObjectOf: the fast path agrees with the general path', () => {
  const t = tool({ contact: Contact, count: Number });

  async function both(args: object): Promise<void> {
    const runs: { result: ToolResult; args: unknown[] }[] = [];
    for (const fast of [true, false]) {
      received = [];
      const result = await withFastPath(fast, () => t.invoke(structuredClone(args)));
      runs.push({ result, args: received });
    }
    expect(runs[0]!.result).toEqual(runs[1]!.result);
    expect(runs[0]!.args).toStrictEqual(runs[1]!.args);
    if (!runs[0]!.result.isError) expect(isPlain(runs[0]!.args[0])).toBe(true);
  }

  it('compiles a fast path for a tool with (non-recursive) shapes, which takes valid calls itself', () => {
    const fast = compileFastPath(calleeOf(t)!.spec)!;
    expect(fast).not.toBeNull();
    const out: unknown[] = [];
    expect(
      fast.run(
        { contact: { name: 'A', email: null, address: { street: 's', zip: '12345' }, born: '2000-01-01T00:00:00Z' }, count: 1 },
        out,
        fast.classValidator ? [] : null,
      ),
    ).toBe(true);
    expect(out).toStrictEqual([{ name: 'A', email: null, address: { street: 's', zip: '12345' }, born: new Date('2000-01-01T00:00:00Z') }, 1]);
    expect(isPlain(out[0]) && isPlain((out[0] as { address: object }).address)).toBe(true);
  });

  it.each([
    ['minimal', { contact: { name: 'A', email: null, address: { street: 's' } }, count: 1 }],
    [
      'full',
      {
        contact: {
          name: 'A',
          nickname: 'a',
          email: 'e',
          site: 'https://x.y/',
          born: '2000-01-01T00:00:00Z',
          id: 5,
          tags: ['x'],
          address: { street: 's', zip: '12345' },
          previous: [{ street: 't' }],
          stamp: { at: '2026-12-02T10:00:00Z', version: 1, counts: { a: 1 } },
          extra: { d: '2026-12-02T10:00:00Z' },
          level: 'low',
        },
        count: 1,
      },
    ],
    ['nulls for absent', { contact: { name: 'A', nickname: null, email: null, site: null, address: { street: 's', zip: null }, previous: null }, count: 1 }],
    ['unknown key', { contact: { name: 'A', email: null, address: { street: 's', city: 'c' } }, count: 1 }],
    ['missing', { contact: { name: 'A', address: { street: 's' } }, count: 1 }],
    ['wrong type', { contact: { name: 'A', email: 1, address: { street: 's' } }, count: 1 }],
    [
      'rule of a nested class',
      { contact: { name: 'A', email: null, address: { street: 's' }, stamp: { at: '2026-12-02T10:00:00Z', version: 0, counts: {} } }, count: 1 },
    ],
    [
      'class-validator rule of a nested class',
      { contact: { name: 'A', email: null, address: { street: 's' }, stamp: { at: '2026-12-02T10:00:00Z', version: 1, counts: {}, code: 'a b' } }, count: 1 },
    ],
    [
      'class-validator rule of a nested class, kept',
      { contact: { name: 'A', email: null, address: { street: 's' }, stamp: { at: '2026-12-02T10:00:00Z', version: 1, counts: {}, code: 'ab1' } }, count: 1 },
    ],
    ['bad nested format', { contact: { name: 'A', email: null, address: { street: 's' }, born: 'yesterday' }, count: 1 }],
    ['empty name', { contact: { name: '', email: null, address: { street: 's' } }, count: 1 }],
  ])('%s', async (_label, args) => {
    await both(args);
  });
});

describe('ObjectOf: elicitation', () => {
  const Callback = ObjectOf({ phone: { type: String, minLength: 3 }, slot: { type: EnumOf(['am', 'pm']), optional: true } }, { name: 'Callback' });

  function asking(...answers: Record<string, unknown>[]): { ctx: ToolContext; asked: ElicitationRequest[] } {
    const asked: ElicitationRequest[] = [];
    const ctx = new ToolContext({ client: { elicit: async (request) => (asked.push(request), { action: 'accept', content: answers.shift()! }) } });
    return { ctx, asked };
  }

  it('a flat shape is asked as a flat form; the answer is checked as arguments are and arrives as a plain object', async () => {
    const { ctx, asked } = asking({ phone: '1' }, { phone: '123' });
    const answer = await ctx.elicit(Callback, 'When should we call?');
    expect(answer).toStrictEqual({ action: 'accept', value: { phone: '123' } });
    expect(isPlain((answer as { value: object }).value)).toBe(true);
    expect(JSON.stringify(asked[0]!.requestedSchema)).toBe(
      '{"type":"object","properties":{"phone":{"type":"string","minLength":3},"slot":{"type":"string","enum":["am","pm"]}},"required":["phone"]}',
    );
    expect(asked[1]!.message).toBe("Field 'phone' must be at least 3 characters long.\n\nWhen should we call?");
  });

  it('a shape that the flat form cannot hold is a definition error naming the shape', async () => {
    const { ctx, asked } = asking();
    await expect(ctx.elicit(ObjectOf({ callback: Callback }, { name: 'Outer' }), 'x')).rejects.toThrow(
      "OLT002: Cannot build Outer.elicit: property 'callback' cannot be asked through MCP elicitation (a nested object, a union or an open value): a form takes only strings, numbers, integers, booleans and string enums, without nesting. Ask for a flatter DTO.",
    );
    expect(asked).toEqual([]);
  });
});
