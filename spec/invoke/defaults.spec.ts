import 'reflect-metadata';
import { IsOptional, IsString, Length } from 'class-validator';
import { Int32, Nullable, Param, Prop, SetOf, Tool, type ToolDefinition, type ToolResult } from '../../lib';
import { calleeOf } from '../../lib/invoke/calling/invoker';
import { compileFastPath } from '../../lib/invoke/arguments/fast-path';
import { __setFastPath, withFastPath } from '../helpers/fast-path';

/**
 * The invoker on defaults (v3): an absent property with `@Prop({ default })` receives the default at
 * any depth, a mutable default is copied per call, a required slot with a default refuses absence,
 * an optional property without one keeps its initializer, and an empty DTO accepts `{}` only. Every
 * row runs on the fast path and on the general path, which must give the same answer.
 */

enum Level {
  Low = 1,
  High = 2,
}

class Window {
  @Prop({ type: Int32, default: 10 }) limit!: number;
  @Prop({ enum: Level, default: Level.High }) level!: Level;
  @Prop({ type: [String], default: ['a'] }) tags!: string[];
  @Prop({ default: new Date(Date.UTC(2026, 0, 1)) }) since!: Date;
  @Prop({ type: SetOf(String), default: new Set(['s']) }) marks!: Set<string>;
  @IsOptional() @IsString() mode = 'freeform';
}

class Search {
  @Length(1, 20) text!: string;
  @Prop({ type: () => [Window] }) windows!: Window[];
  @Prop({ type: () => Window, default: { limit: 3 } }) first!: Window;
}

class Strict {
  @Prop({ default: 'asc', optional: false }) sort!: string;
}

class Empty {}

class Service {
  calls: unknown[][] = [];

  @Tool() search(q: Search, @Param({ type: Nullable(String) }) note: string | null = null) {
    this.calls.push([q, note]);
    q.windows[0]?.tags.push('changed');
    q.windows[0]?.marks.add('changed');
    q.windows[0]?.since.setUTCFullYear(1999);
    return 'ok';
  }

  @Tool() strict(s: Strict, @Param({ default: 7, optional: false }) days: number) {
    this.calls.push([s, days]);
    return 'ok';
  }

  @Tool() nothing(e: Empty, @Param({ type: Nullable(Int32), default: null }) n: number | null) {
    this.calls.push([e, n]);
    return 'ok';
  }
}

function textOf(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

describe.each([true, false])('defaults reach the method (fast path: %s)', (fast) => {
  const service = new Service();
  const tools = new Map(Tool.fromInstance(service).map((t) => [t.name, t] as const));
  const tool = (name: string): ToolDefinition => tools.get(name)!;

  beforeAll(() => __setFastPath(fast));
  afterAll(() => __setFastPath(true));
  beforeEach(() => {
    service.calls = [];
  });

  it('the fast path serves these tools (it does not decline them, and accepts absent properties with defaults itself)', () => {
    for (const t of tools.values()) expect(compileFastPath(calleeOf(t)!.spec)).not.toBeNull();
    const fastPath = compileFastPath(calleeOf(tool('search'))!.spec)!;
    const out: unknown[] = [];
    expect(fastPath.run({ q: { text: 'x', windows: [{}] } }, out, fastPath.classValidator ? [] : null)).toBe(true);
    expect((out[0] as Search).windows[0]).toBeInstanceOf(Window);
    expect((out[0] as Search).windows[0]!.level).toBe(Level.High);
  });

  it('an absent property gets its @Prop default, at any depth; an optional one without it keeps its initializer', async () => {
    const r = await tool('search').invoke({ q: { text: 'x', windows: [{}, { limit: 2, level: 'Low', mode: 'exact' }] } });
    expect(r.isError).toBe(false);
    const [q, note] = service.calls[0] as [Search, string | null];
    expect(note).toBeNull();
    expect(q).toBeInstanceOf(Search);
    expect(q.first).toBeInstanceOf(Window);
    expect({ ...q.first }).toEqual({
      limit: 3,
      level: Level.High,
      tags: ['a'],
      since: new Date(Date.UTC(2026, 0, 1)),
      marks: new Set(['s']),
      mode: 'freeform',
    });
    const [w0, w1] = q.windows as [Window, Window];
    expect(w0).toBeInstanceOf(Window);
    expect({ ...w0 }).toEqual({
      limit: 10,
      level: Level.High,
      tags: ['a', 'changed'],
      since: new Date(Date.UTC(1999, 0, 1)),
      marks: new Set(['s', 'changed']),
      mode: 'freeform',
    });
    expect({ ...w1 }).toEqual({ limit: 2, level: Level.Low, tags: ['a'], since: new Date(Date.UTC(2026, 0, 1)), marks: new Set(['s']), mode: 'exact' });
  });

  it("a mutable default is copied for each call: a method that changes it does not change the next call's", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await tool('search').invoke('{"q":{"text":"x","windows":[{}]}}')).isError).toBe(false);
    }
    const seen = service.calls.map((c) => {
      const w = (c[0] as Search).windows[0]!;
      return { tags: w.tags, marks: [...w.marks], year: w.since.getUTCFullYear() };
    });
    expect(seen).toEqual([
      { tags: ['a', 'changed'], marks: ['s', 'changed'], year: 1999 },
      { tags: ['a', 'changed'], marks: ['s', 'changed'], year: 1999 },
    ]);
    const [a, b] = service.calls as [[Search], [Search]];
    expect(a[0].windows[0]!.tags).not.toBe(b[0].windows[0]!.tags);
  });

  it('null for an optional property that is not nullable means absent: the default applies', async () => {
    expect((await tool('search').invoke({ q: { text: 'x', windows: [{ limit: null, tags: null }] } })).isError).toBe(false);
    const w = (service.calls[0]![0] as Search).windows[0]!;
    expect([w.limit, w.tags]).toEqual([10, ['a', 'changed']]);
  });

  it('a value that is given is used, not the default', async () => {
    expect((await tool('search').invoke({ q: { text: 'x', windows: [], first: { limit: 4, tags: [] } }, note: 'n' })).isError).toBe(false);
    const [q, note] = service.calls[0] as [Search, string];
    expect([q.first.limit, q.first.tags, note]).toEqual([4, [], 'n']);
  });

  it('a required slot with a default refuses absence (the default is only what the model is told)', async () => {
    expect(textOf(await tool('strict').invoke({ s: {} }))).toBe("Argument 'days' is required.\nArgument 's.sort' is required.");
    expect(textOf(await tool('strict').invoke({ s: { sort: null }, days: 1 }))).toBe("Argument 's.sort' must not be null.");
    expect(service.calls).toEqual([]);
    expect((await tool('strict').invoke({ s: { sort: 'desc' }, days: 1 })).isError).toBe(false);
    expect(service.calls[0]).toEqual([Object.assign(new Strict(), { sort: 'desc' }), 1]);
  });

  it('an empty DTO accepts {} (an instance of its class) and refuses any key; { default: null } reaches a nullable parameter', async () => {
    expect((await tool('nothing').invoke({ e: {} })).isError).toBe(false);
    const [e, n] = service.calls[0] as [Empty, number | null];
    expect(e).toBeInstanceOf(Empty);
    expect(n).toBeNull();
    expect(textOf(await tool('nothing').invoke({ e: { x: 1 } }))).toBe("Argument 'e.x' is not a property of Empty.");
    expect(textOf(await tool('nothing').invoke({}))).toBe("Argument 'e' is required.");
  });
});

/** What the method received, with each instance's class named (so that two paths can be compared). */
function shape(v: unknown): unknown {
  if (v instanceof Date) return { Date: v.toISOString() };
  if (v instanceof Set) return { Set: [...v].map(shape) };
  if (Array.isArray(v)) return v.map(shape);
  if (typeof v === 'object' && v !== null) return { [v.constructor.name]: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) };
  return v;
}

describe('the fast path and the general path agree on defaults', () => {
  it('for generated arguments: absent, null, valid and wrong values of properties with defaults, at two depths', async () => {
    const fc = (await import('fast-check')).default;
    const service = new Service();
    const search = Tool.fromInstance(service).find((t) => t.name === 'search')!;
    const value = fc.constantFrom<unknown>(undefined, null, 1, 2.5, 'Low', 'High', 'x', [], ['b'], {}, '2026-02-03T04:05:06Z', true);
    const window = fc
      .record({ limit: value, level: value, tags: value, since: value, marks: value, mode: value })
      .map((w) => Object.fromEntries(Object.entries(w).filter(([, v]) => v !== undefined)));
    const args = fc.record({ windows: fc.array(window, { maxLength: 2 }), first: fc.option(window, { nil: undefined }) });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(args, async ({ windows, first }) => {
        const input = { q: { text: 'x', windows, ...(first !== undefined ? { first } : {}) } };
        const runs: unknown[] = [];
        for (const fast of [true, false]) {
          service.calls = [];
          const r = await withFastPath(fast, () => search.invoke(JSON.stringify(input)));
          runs.push({ isError: r.isError, text: r.isError ? textOf(r) : undefined, received: shape(service.calls[0]) });
        }
        expect(runs[0]).toEqual(runs[1]);
        if (!(runs[0] as { isError: boolean }).isError) accepted++;
      }),
      { numRuns: 1000, seed: 12 },
    );
    expect(accepted).toBeGreaterThan(20);
  });
});
