import 'reflect-metadata';
import {
  Int32,
  Param,
  Tool,
  ToolContext,
  ToolDefinitionError,
  ToolInvoker,
  ToolResult as Results,
  ToolSet,
  runToolCalls,
  type ApprovalRequest,
  type ToolDefinition,
  type ToolResult,
} from '../../lib';
import { deferred, type Deferred } from '../helpers/signals';

function text(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

describe('ToolSet', () => {
  class Clock {
    @Tool() now(): string {
      return 'noon';
    }
    @Tool() add(@Param({ type: Int32 }) a: number, @Param({ type: Int32 }) b: number): number {
      return a + b;
    }
  }
  const echo = Tool.create(
    function echo(s: string) {
      return s;
    },
    { params: { s: String } },
  );

  it('takes instances (their @Tool methods) and definitions; get, has, list', () => {
    const set = new ToolSet([new Clock(), echo]);
    expect(set.list().map((t) => t.name)).toEqual(['now', 'add', 'echo']);
    expect(set.get('echo')).toBe(echo);
    expect(set.has('add')).toBe(true);
    expect(set.get('nope')).toBeUndefined();
    expect(set.size).toBe(3);
  });

  it('duplicate names are refused (OLT007)', () => {
    const set = new ToolSet([echo]);
    let error: unknown;
    try {
      set.add(
        Tool.create(
          function echo(s: string) {
            return s;
          },
          { params: { s: String } },
        ),
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as ToolDefinitionError).code).toBe('OLT007');
    expect((error as Error).message).toBe(
      "OLT007: Cannot build tool 'echo': two tools are named 'echo' in one tool set. Give one another name: @Tool({ name: '...' }).",
    );
    expect(set.size).toBe(1);
  });

  it('an instance without tools is refused', () => {
    expect(() => new ToolSet().add(new (class Empty {})())).toThrow(ToolDefinitionError);
  });

  it('invoke by name; an unknown name is an error result that lists the tools', async () => {
    const set = new ToolSet([new Clock(), echo]);
    expect(await set.invoke('add', '{"a":2,"b":3}')).toMatchObject({ isError: false, parts: [{ type: 'json', value: 5 }] });
    const r = await set.invoke('subtract', {});
    expect(r.isError).toBe(true);
    expect(text(r)).toBe("Unknown tool 'subtract'. Available tools: now, add, echo.");
  });

  it('addClass: schemas from the class, a fresh instance resolved for each call, released after it', async () => {
    const made: Counter[] = [];
    const released: Counter[] = [];
    class Counter {
      count = 0;
      @Tool() bump(ctx: ToolContext): number {
        void ctx;
        return ++this.count;
      }
    }
    const set = new ToolSet().addClass(
      Counter,
      (cls) => {
        const c = new (cls as typeof Counter)();
        made.push(c);
        return c;
      },
      { release: (c) => void released.push(c) },
    );
    expect(set.get('bump')!.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect((await set.invoke('bump', {})).parts[0]).toEqual({ type: 'json', value: 1 });
    expect((await set.invoke('bump', {})).parts[0]).toEqual({ type: 'json', value: 1 });
    expect((await set.get('bump')!.invoke({})).parts[0]).toEqual({ type: 'json', value: 1 });
    expect(made).toHaveLength(3);
    await new Promise((r) => setImmediate(r));
    expect(released).toEqual(made);
  });

  it('addClass: an async resolver, and a resolver that fails is an error result', async () => {
    class Greeter {
      constructor(readonly who: string) {}
      @Tool() greet(): string {
        return `hi ${this.who}`;
      }
    }
    const ok = new ToolSet().addClass(Greeter, async () => new Greeter('ada'));
    expect(text(await ok.invoke('greet', {}))).toBe('hi ada');
    const failing = new ToolSet().addClass(Greeter, () => {
      throw new Error('no container');
    });
    expect(text(await failing.invoke('greet', {}))).toBe("Tool 'greet' failed: Error: no container");
  });

  it('ToolInvoker.invoke is tool.invoke', async () => {
    const set = new ToolSet([new Clock()]);
    const add = set.get('add')!;
    expect(await ToolInvoker.invoke(add, '{"a":1,"b":2}')).toEqual(await add.invoke('{"a":1,"b":2}'));
    expect(text(await ToolInvoker.invoke(add, '{"a":1}'))).toBe("Argument 'b' is required.");
  });

  it('a definition made elsewhere is called through its own invoke; its throw becomes a result', async () => {
    const foreign: ToolDefinition = {
      name: 'outside',
      description: '',
      inputSchema: { type: 'object', properties: {} },
      endsLoop: false,
      requiresApproval: false,
      parallelSafe: true,
      timeoutSeconds: 0,
      warnings: [],
      invoke: async (args) => (typeof args === 'string' && args.includes('boom') ? Promise.reject(new Error('boom')) : Results.ok('fine')),
    };
    const set = new ToolSet([foreign]);
    expect(set.get('outside')).toBe(foreign);
    expect((await set.invoke('outside', '{}')).parts[0]).toEqual({ type: 'json', value: 'fine' });
    expect(text(await set.invoke('outside', '{"boom":1}'))).toBe("Tool 'outside' failed: Error: boom");
  });

  it('limits: the set default, overridden per call', async () => {
    const set = new ToolSet([echo], { limits: { maxTextLength: 20 } });
    expect(text(await set.invoke('echo', JSON.stringify({ s: 'x'.repeat(30) })))).toBe('Arguments are too long: 38 characters, the limit is 20.');
    expect(text(await set.invoke('echo', JSON.stringify({ s: 'x'.repeat(30) }), { limits: { maxTextLength: 100 } }))).toBe('x'.repeat(30));
  });
});

describe('runToolCalls', () => {
  const log: string[] = [];
  // A fetch runs until the test lets it go (`leave`) or its signal aborts; `entered` resolves when it has started.
  let entered = new Map<string, Deferred>();
  let leave = new Map<string, Deferred>();
  const gate = (gates: Map<string, Deferred>, id: string): Deferred => {
    if (!gates.has(id)) gates.set(id, deferred());
    return gates.get(id)!;
  };
  class Work {
    @Tool() async fetch(id: string, signal: AbortSignal): Promise<string> {
      log.push(`start ${id}`);
      gate(entered, id).resolve();
      await new Promise<void>((resolve) => {
        void gate(leave, id).promise.then(resolve);
        signal.addEventListener('abort', () => resolve());
      });
      log.push(`end ${id}`);
      return id;
    }
    @Tool({ parallelSafe: false }) async write(id: string): Promise<string> {
      log.push(`start ${id}`);
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${id}`);
      return id;
    }
    @Tool({ requiresApproval: true }) pay(@Param({ type: Int32 }) amount: number): string {
      log.push(`pay ${amount}`);
      return `paid ${amount}`;
    }
    @Tool({ endsLoop: true }) finish(answer: string): { answer: string } {
      return { answer };
    }
  }
  beforeEach(() => {
    log.length = 0;
    entered = new Map();
    leave = new Map();
  });

  it('parallel-safe calls overlap; the others run alone, in order; results in call order with ids', async () => {
    const set = new ToolSet([new Work()]);
    gate(leave, 'c').resolve();
    const turn = runToolCalls(set, [
      { id: 'c1', name: 'fetch', arguments: '{"id":"a"}' },
      { id: 'c2', name: 'fetch', arguments: { id: 'b' } },
      { id: 'c3', name: 'write', arguments: '{"id":"w"}' },
      { id: 'c4', name: 'fetch', arguments: '{"id":"c"}' },
    ]);
    // a and b run at once: both have started while neither has ended; b is let go first.
    await Promise.all([gate(entered, 'a').promise, gate(entered, 'b').promise]);
    expect(log).toEqual(['start a', 'start b']);
    gate(leave, 'b').resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a', 'start b', 'end b']);
    gate(leave, 'a').resolve();
    const { results } = await turn;
    expect(log).toEqual(['start a', 'start b', 'end b', 'end a', 'start w', 'end w', 'start c', 'end c']);
    expect(results.map((r) => [r.id, r.name, text(r.result)])).toEqual([
      ['c1', 'fetch', 'a'],
      ['c2', 'fetch', 'b'],
      ['c3', 'write', 'w'],
      ['c4', 'fetch', 'c'],
    ]);
  });

  it('approval: asked with the exact parsed arguments; a refusal is an error result', async () => {
    const set = new ToolSet([new Work()]);
    const asked: ApprovalRequest[] = [];
    const { results } = await runToolCalls(
      set,
      [
        { id: 'p1', name: 'pay', arguments: '{"amount":5}' },
        { id: 'p2', name: 'pay', arguments: '{"amount":500}' },
        { id: 'p3', name: 'pay', arguments: '{"amount":"x"}' },
      ],
      {
        approve: (call) => {
          asked.push(call);
          return (call.arguments as { amount: number }).amount < 100;
        },
      },
    );
    expect(results.map((r) => text(r.result))).toEqual([
      'paid 5',
      "Tool 'pay' was not approved.",
      "Argument 'amount' must be an integer from -2147483648 to 2147483647.",
    ]);
    expect(asked.map((a) => [a.id, a.name, a.arguments])).toEqual([
      ['p1', 'pay', { amount: 5 }],
      ['p2', 'pay', { amount: 500 }],
    ]);
    expect(Object.isFrozen(asked[0]!.arguments)).toBe(true);
    expect(log).toEqual(['pay 5']);
  });

  it('approval is tied to the arguments as they were when approved', async () => {
    const set = new ToolSet([new Work()]);
    const args = { amount: 5 };
    const { results } = await runToolCalls(set, [{ id: 'p', name: 'pay', arguments: args }], {
      approve: async () => {
        args.amount = 9999;
        return true;
      },
    });
    expect(text(results[0]!.result)).toBe('paid 5');
  });

  it('without an approve callback, calls that need approval are refused', async () => {
    const { results } = await runToolCalls(new ToolSet([new Work()]), [{ id: 'p', name: 'pay', arguments: '{"amount":1}' }]);
    expect(text(results[0]!.result)).toBe("Tool 'pay' was not approved.");
  });

  it('an endsLoop result is the turn final typed result; unknown tools are error results', async () => {
    const set = new ToolSet([new Work()]);
    const outcome = await runToolCalls(
      set,
      [
        { id: 'x', name: 'missing', arguments: '{}' },
        { id: 'f', name: 'finish', arguments: '{"answer":"42"}' },
      ],
      { context: new ToolContext() },
    );
    expect(text(outcome.results[0]!.result)).toBe("Unknown tool 'missing'. Available tools: fetch, write, pay, finish.");
    expect(outcome.final).toEqual({ id: 'f', name: 'finish', value: { answer: '42' } });
  });

  it('cancellation rejects the turn with the signal reason', async () => {
    const controller = new AbortController();
    const pending = runToolCalls(new ToolSet([new Work()]), [{ id: 'a', name: 'fetch', arguments: '{"id":"slow"}' }], { signal: controller.signal });
    await gate(entered, 'slow').promise;
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
