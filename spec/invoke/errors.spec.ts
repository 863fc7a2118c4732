import 'reflect-metadata';
import { IsOptional, Min } from 'class-validator';
import {
  DateOnly,
  Int32,
  Int64,
  Param,
  Prop,
  Range,
  RecordOf,
  SetOf,
  TimeOnly,
  TimeSpan,
  Tool,
  ToolContext,
  ToolResult,
  UInt8,
  Uuid,
  type Clock,
  type ToolDefinition,
} from '../../lib';

function textOf(r: ToolResult): string {
  expect(r.isError).toBe(true);
  expect(r.parts).toHaveLength(1);
  return (r.parts[0] as { text: string }).text;
}

enum Priority {
  Low,
  High,
}

class OrderLine {
  @Prop({ minLength: 1, maxLength: 32 }) sku!: string;
  @Range(1, 1000) @Prop({ type: Int32 }) qty!: number;
  @IsOptional() @Min(0) @Prop() discount?: number;
}

class Shop {
  @Tool()
  createOrder(
    @Param({ minLength: 1, maxLength: 32 }) docketId: string,
    @Param({ type: () => [OrderLine], minItems: 1 }) items: OrderLine[],
    @Param({ enum: Priority }) priority: Priority,
    due: Date,
    @Param({ type: Int32 }) days = 3,
  ): string {
    return `${docketId} ${items.length} ${priority} ${due.toISOString()} ${days}`;
  }
}

const order = (): ToolDefinition => Tool.create(new Shop(), 'createOrder');
const valid = { docketId: 'A-1', items: [{ sku: 'x1', qty: 3 }], priority: 'High', due: '2026-12-02T10:00:00Z' };

describe('Errors become results: arguments', () => {
  it('a valid call runs', async () => {
    const r = await order().invoke(JSON.stringify(valid));
    expect(r).toMatchObject({ isError: false, parts: [{ type: 'text', text: 'A-1 1 1 2026-12-02T10:00:00.000Z 3' }] });
  });

  it('missing, unknown, null and wrong-typed arguments: every problem, one per line', async () => {
    const r = await order().invoke(
      '{"docketId":"","items":[{"sku":"x","qty":3.5},{"sku":5},{"qty":0,"zz":1}],"priority":"Mid","due":"2026-02-30T10:00:00Z","extra":1}',
    );
    expect(textOf(r)).toBe(
      [
        "Argument 'docketId' must be at least 1 character long.",
        "Argument 'items[0].qty' must be an integer from 1 to 1000.",
        "Argument 'items[1].qty' is required.",
        "Argument 'items[1].sku' must be a string.",
        "Argument 'items[2].sku' is required.",
        "Argument 'items[2].qty' must be an integer from 1 to 1000.",
        "Argument 'priority' must be one of: Low, High.",
        "Argument 'due' must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z.",
        "Argument 'extra' is not a parameter of tool 'create_order'.",
        "Argument 'items[2].zz' is not a property of OrderLine.",
      ].join('\n'),
    );
  });

  it('is required', async () => {
    const { due: _, ...rest } = valid;
    expect(textOf(await order().invoke(rest))).toBe("Argument 'due' is required.");
  });

  it('must not be null (a required parameter that is not nullable)', async () => {
    expect(textOf(await order().invoke({ ...valid, docketId: null }))).toBe("Argument 'docketId' must not be null.");
    expect(textOf(await order().invoke({ ...valid, priority: null }))).toBe("Argument 'priority' must not be null.");
    expect(textOf(await order().invoke({ ...valid, items: [{ sku: null, qty: 1 }] }))).toBe("Argument 'items[0].sku' must not be null.");
  });

  it('a value of the wrong type gets only its type line', async () => {
    expect(textOf(await order().invoke({ ...valid, docketId: 5 }))).toBe("Argument 'docketId' must be a string.");
    expect(textOf(await order().invoke({ ...valid, priority: 1 }))).toBe("Argument 'priority' must be one of: Low, High.");
    expect(textOf(await order().invoke({ ...valid, items: 'x' }))).toBe("Argument 'items' must be an array.");
    expect(textOf(await order().invoke({ ...valid, items: [[]] }))).toBe("Argument 'items[0]' must be an object.");
    expect(textOf(await order().invoke({ ...valid, days: 'three' }))).toBe("Argument 'days' must be an integer from -2147483648 to 2147483647.");
    expect(textOf(await order().invoke({ ...valid, items: [{ sku: 'x', qty: 1, discount: 'no' }] }))).toBe(
      "Argument 'items[0].discount' must be a number of at least 0.",
    );
  });

  it('bounds: lengths, counts, one-sided bounds', async () => {
    expect(textOf(await order().invoke({ ...valid, docketId: 'x'.repeat(33) }))).toBe("Argument 'docketId' must be at most 32 characters long.");
    expect(textOf(await order().invoke({ ...valid, items: [] }))).toBe("Argument 'items' must have at least 1 item.");
    expect(textOf(await order().invoke({ ...valid, items: [{ sku: 'x', qty: 1, discount: -1 }] }))).toBe(
      "Argument 'items[0].discount' must be a number of at least 0.",
    );
  });

  it('formats are checked by the parsers that convert them', async () => {
    const f = Tool.create(
      function formats(_a: unknown, _b: unknown, _c: unknown, _d: unknown, _e: unknown, _f: unknown, _g: unknown) {
        return 'ok';
      },
      {
        params: [
          { name: 'at', type: Date },
          { name: 'site', type: URL },
          { name: 'id', type: Uuid },
          { name: 'day', type: DateOnly },
          { name: 'time', type: TimeOnly },
          { name: 'span', type: TimeSpan },
          { name: 'blob', type: Uint8Array },
        ],
      },
    );
    const good = {
      at: '2026-12-02T10:00:00+01:00',
      site: 'https://example.com/',
      id: '123e4567-e89b-12d3-a456-426614174000',
      day: '2024-02-29',
      time: '10:00:00',
      span: '1.02:03:04.5',
      blob: 'AAEC',
    };
    expect((await f.invoke(good)).isError).toBe(false);
    const bad = {
      at: '2026-12-31T23:59:60Z',
      site: 'http://x:99999/',
      id: 'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
      day: '2026-02-30',
      time: '24:00:00',
      span: '99:00:00',
      blob: 'QR==',
    };
    expect(textOf(await f.invoke(bad))).toBe(
      [
        "Argument 'at' must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z.",
        "Argument 'site' must be an absolute URI, like https://example.com/.",
        "Argument 'id' must be a UUID, like 123e4567-e89b-12d3-a456-426614174000.",
        "Argument 'day' must be a date (yyyy-MM-dd), like 2026-12-02.",
        "Argument 'time' must be a time of day (HH:mm:ss), like 10:00:00.",
        "Argument 'span' must be a duration [-][d.]hh:mm:ss[.fffffff], like 1.02:03:04.",
        "Argument 'blob' must be base64 (standard alphabet, padded).",
      ].join('\n'),
    );
  });

  it('patterns, sets and records; odd keys are bracketed as JSON strings', async () => {
    const t = Tool.create(
      function tally(_code: string, _tags: Set<string>, _counts: Record<string, number>) {
        return 'ok';
      },
      {
        params: [
          { name: 'code', type: String, pattern: '^[a-z]+$' },
          { name: 'tags', type: SetOf(String) },
          { name: 'counts', type: RecordOf(UInt8) },
        ],
      },
    );
    const r = await t.invoke('{"code":"A1","tags":["a","b","a"],"counts":{"ok":1,"odd key":-1,"a.b":300,"x1":"n"}}');
    expect(textOf(r)).toBe(
      [
        "Argument 'code' must match the pattern ^[a-z]+$.",
        "Argument 'tags' must not have duplicate items (items 0 and 2 are equal).",
        'Argument \'counts["odd key"]\' must be an integer from 0 to 255.',
        'Argument \'counts["a.b"]\' must be an integer from 0 to 255.',
        "Argument 'counts.x1' must be an integer from 0 to 255.",
      ].join('\n'),
    );
  });

  it('bigint: the exact range, read from the text without loss; from a parsed object, digits beyond 2^53 are refused', async () => {
    let got: unknown;
    const t = Tool.create(
      function big(id: bigint) {
        got = id;
        return 'ok';
      },
      { params: { id: Int64 } },
    );
    expect((await t.invoke('{"id":9223372036854775807}')).isError).toBe(false);
    expect(got).toBe(9223372036854775807n);
    expect((await t.invoke('{"id":-9223372036854775808}')).isError).toBe(false);
    expect(got).toBe(-9223372036854775808n);
    expect((await t.invoke({ id: 42 })).isError).toBe(false);
    expect(got).toBe(42n);
    expect(textOf(await t.invoke('{"id":9223372036854775808}'))).toBe("Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807.");
    expect(textOf(await t.invoke({ id: 2 ** 60 }))).toBe(
      "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807, given exactly: a number beyond ±9007199254740991 has lost its digits. Send the arguments as JSON text.",
    );
    expect(textOf(await t.invoke('{"id":1.5}'))).toBe("Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807.");
  });

  it('empty or malformed argument text: one line that says so', async () => {
    expect(textOf(await order().invoke(''))).toBe('Arguments are empty: a JSON object is expected, like {}.');
    expect(textOf(await order().invoke('  \n'))).toBe('Arguments are empty: a JSON object is expected, like {}.');
    expect(textOf(await order().invoke('{"docketId": }'))).toBe(
      "Arguments are not valid JSON: unexpected character '}', expected a JSON value (an object, array, string, number, true, false or null) at position 13.",
    );
    expect(textOf(await order().invoke('[1,2]'))).toBe('Arguments must be a JSON object, like {"name": "value"}, not an array.');
    expect(textOf(await order().invoke('null'))).toBe('Arguments must be a JSON object, like {"name": "value"}, not null.');
    expect(textOf(await order().invoke('"x"'))).toBe('Arguments must be a JSON object, like {"name": "value"}, not a string.');
  });
});

describe('Errors become results: the call', () => {
  it('an exception: its name and message, no stack', async () => {
    const t = Tool.create(function boom() {
      throw new TypeError('x is not a function');
    });
    expect(textOf(await t.invoke({}))).toBe("Tool 'boom' failed: TypeError: x is not a function");
    const a = Tool.create(async function later() {
      await Promise.resolve();
      throw new RangeError('too far');
    });
    expect(textOf(await a.invoke({}))).toBe("Tool 'later' failed: RangeError: too far");
    const s = Tool.create(function str() {
      throw 'plain text'; // eslint-disable-line @typescript-eslint/only-throw-error
    });
    expect(textOf(await s.invoke({}))).toBe("Tool 'str' failed: plain text");
  });
});

/** A clock the test moves by hand. */
class FakeClock implements Clock {
  time = 0;
  readonly timers = new Map<number, { at: number; fn: () => void }>();
  #next = 1;
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.timers.set(id, { at: this.time + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  advance(ms: number): void {
    this.time += ms;
    for (const [id, t] of [...this.timers]) {
      if (t.at <= this.time) {
        this.timers.delete(id);
        t.fn();
      }
    }
  }
}

const flush = () => new Promise<void>((r) => setImmediate(r));

describe('timeouts', () => {
  it('measured on the context clock (fake): the result says so and the tool signal is aborted', async () => {
    const clock = new FakeClock();
    let seen: AbortSignal | undefined;
    const t = Tool.create(
      function slow(signal: AbortSignal) {
        seen = signal;
        return new Promise(() => undefined);
      },
      { timeoutSeconds: 5, params: [AbortSignal] },
    );
    const pending = t.invoke({}, { context: new ToolContext({ clock }) });
    await flush();
    expect(clock.timers.size).toBe(1);
    clock.advance(4999);
    expect(seen!.aborted).toBe(false);
    clock.advance(1);
    expect(textOf(await pending)).toBe("Tool 'slow' timed out after 5 s.");
    expect(seen!.aborted).toBe(true);
    expect((seen!.reason as DOMException).name).toBe('TimeoutError');
    expect(clock.timers.size).toBe(0);
  });

  it('a call that ends in time clears its timer', async () => {
    const clock = new FakeClock();
    const t = Tool.create(
      async function quick() {
        return 'done';
      },
      { timeoutSeconds: 5 },
    );
    const r = await t.invoke({}, { context: new ToolContext({ clock }) });
    expect(r.parts[0]).toEqual({ type: 'text', text: 'done' });
    expect(clock.timers.size).toBe(0);
  });

  it('with real timers', async () => {
    // The tool never settles by itself: the result is the timeout's, and the tool saw its signal
    // aborted. A timeout that never fired would hold the test until jest's per-test timeout.
    let seen: AbortSignal | undefined;
    const t = Tool.create(
      function sleepy(signal: AbortSignal) {
        seen = signal;
        return new Promise(() => undefined);
      },
      { timeoutSeconds: 0.05, params: [AbortSignal] },
    );
    expect(textOf(await t.invoke({}))).toBe("Tool 'sleepy' timed out after 0.05 s.");
    expect(seen?.aborted).toBe(true);
  });

  it('no signal and no timer for a tool that needs none', async () => {
    let seen: ToolContext | undefined;
    const t = Tool.create(
      function plain(ctx: ToolContext) {
        seen = ctx;
        return 'x';
      },
      { params: [ToolContext] },
    );
    await t.invoke({});
    expect(seen!.signal).toBeUndefined();
  });
});

describe('caller cancellation', () => {
  it('invoke rejects with the signal reason, and the tool signal is aborted', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const t = Tool.create(
      function waits(signal: AbortSignal) {
        seen = signal;
        return new Promise(() => undefined);
      },
      { params: [AbortSignal] },
    );
    const pending = t.invoke({}, { signal: controller.signal });
    await flush();
    const reason = new Error('user left');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(seen!.aborted).toBe(true);
    expect(seen!.reason).toBe(reason);
  });

  it("a signal aborted while the tool's synchronous part runs rejects the call too, and aborts the tool signal", async () => {
    const controller = new AbortController();
    const reason = new Error('left at once');
    let seen: AbortSignal | undefined;
    const t = Tool.create(
      function abortsItsCaller(signal: AbortSignal) {
        seen = signal;
        controller.abort(reason);
        return new Promise(() => undefined);
      },
      { params: [AbortSignal] },
    );
    await expect(t.invoke({}, { signal: controller.signal })).rejects.toBe(reason);
    expect([seen!.aborted, seen!.reason]).toEqual([true, reason]);
  });

  it('an already aborted signal rejects before anything runs', async () => {
    let ran = false;
    const t = Tool.create(function never() {
      ran = true;
    });
    const reason = new Error('gone');
    await expect(t.invoke({}, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(ran).toBe(false);
  });

  it('the listener is removed when the call ends', async () => {
    const controller = new AbortController();
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, fn: EventListener, o?: AddEventListenerOptions) => {
      added.push(fn);
      add(type, fn, o);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, fn: EventListener) => {
      removed.push(fn);
      remove(type, fn);
    }) as typeof signal.removeEventListener;
    const t = Tool.create(async function fine() {
      return 1;
    });
    await t.invoke({}, { signal });
    expect(added).toHaveLength(1);
    expect(removed).toEqual(added);
  });
});

describe('costs on every path', () => {
  const costly = (body: (ctx: ToolContext) => unknown, options = {}) =>
    Tool.create(
      function costly(ctx: ToolContext) {
        ctx.addCost({ label: 'search', amount: 2, unit: 'credits' });
        return body(ctx);
      },
      { params: [ToolContext], ...options },
    );
  const line = { label: 'search', amount: 2, unit: 'credits' };

  it('success: the call lines, forwarded to the caller context', async () => {
    const parent = new ToolContext();
    const r = await costly(() => 'ok').invoke({}, { context: parent, callId: 'c1' });
    expect(r.costs).toEqual([line]);
    expect(parent.costs).toEqual([line]);
    const again = await costly(() => 'ok').invoke({}, { context: parent });
    expect(again.costs).toEqual([line]);
    expect(parent.costs).toEqual([line, line]);
  });

  it('exception, timeout, and a returned ToolResult keep the lines', async () => {
    expect(
      (
        await costly(() => {
          throw new Error('x');
        }).invoke({})
      ).costs,
    ).toEqual([line]);
    const clock = new FakeClock();
    const pending = costly(() => new Promise(() => undefined), { timeoutSeconds: 1 }).invoke({}, { context: new ToolContext({ clock }) });
    await flush();
    clock.advance(1000);
    const timed = await pending;
    expect(textOf(timed)).toBe("Tool 'costly' timed out after 1 s.");
    expect(timed.costs).toEqual([line]);
    expect((await costly(() => ToolResult.error('no')).invoke({})).costs).toEqual([line]);
  });

  it('refused arguments: the tool did not run, no lines', async () => {
    const r = await costly(() => 'ok').invoke({ nope: 1 });
    expect(textOf(r)).toBe("Argument 'nope' is not a parameter of tool 'costly'.");
    expect(r.costs).toEqual([]);
  });

  it('the context carries the tool name and call id', async () => {
    let seen: ToolContext | undefined;
    await costly((ctx) => {
      seen = ctx;
    }).invoke({}, { callId: 'call-7' });
    expect(seen!.toolName).toBe('costly');
    expect(seen!.callId).toBe('call-7');
  });
});
