import 'reflect-metadata';
import fc from 'fast-check';
import { JsonValue, Param, Part, runToolCalls, Tool, ToolResult, ToolSet, type ToolDefinition } from '../../lib';
import { describeThrown } from '../../lib/thrown';

/**
 * Issue 15: nothing a tool throws or returns makes `invoke` throw or reject, and `runToolCalls`
 * returns every call's result. Before the fix, an error whose `name` getter throws made `invoke`
 * throw synchronously, and `{ get then() { throw } }` made it reject.
 */

function text(r: ToolResult): string {
  return r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p.type === 'json' ? p.value : p.mimeType))).join('\n');
}

/** Reads every field of a result the way a caller (a provider form, an MCP server) does. */
function readAll(r: ToolResult): void {
  expect(typeof r.isError).toBe('boolean');
  for (const p of r.parts) {
    if (p.type === 'text') expect(typeof p.text).toBe('string');
    else if (p.type === 'image') expect(p.data).toBeInstanceOf(Uint8Array);
    else expect(p.type).toBe('json');
  }
  for (const c of r.costs) expect(typeof c.label).toBe('string');
}

const boom = (): never => {
  throw new Error('trap');
};

// ---- the hostile values ---------------------------------------------------------------------

function revoked(target: object = {}): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

const throwingTraps: ProxyHandler<object> = {
  get: boom,
  has: boom,
  ownKeys: boom,
  getOwnPropertyDescriptor: boom,
  getPrototypeOf: boom,
  defineProperty: boom,
  set: boom,
  deleteProperty: boom,
  isExtensible: boom,
  preventExtensions: boom,
  apply: boom,
  construct: boom,
};

function cycle(): object {
  const a: Record<string, unknown> = { name: 'a' };
  a.self = a;
  a.list = [a, { back: a }];
  return a;
}

/** Hostile values, each made fresh (a Proxy over a part, a result, an error, a promise). */
const HOSTILE: Record<string, () => unknown> = {
  'error with a throwing name getter': () => Object.defineProperty(new Error('x'), 'name', { get: boom }),
  'error with a throwing message getter': () => Object.defineProperty(new Error('x'), 'message', { get: boom }),
  'error with an empty message': () => new RangeError(''),
  'a proxy whose traps throw': () => new Proxy({}, throwingTraps),
  'a function proxy whose traps throw': () => new Proxy(() => 1, throwingTraps),
  'a revoked proxy': () => revoked(),
  'a revoked function proxy': () => revoked(() => 1),
  'a thenable whose then getter throws': () => ({
    get then() {
      return boom();
    },
  }),
  'a thenable whose then throws': () => ({ then: boom }),
  'a thenable that rejects with a proxy': () => ({ then: (_: unknown, reject: (e: unknown) => void) => reject(new Proxy({}, throwingTraps)) }),
  'a promise whose constructor getter throws': () => Object.defineProperty(Promise.resolve(1), 'constructor', { get: boom }),
  'a cycle': cycle,
  'a symbol': () => Symbol('s'),
  'an object with a throwing toJSON and getters': () => ({
    toJSON: boom,
    get x() {
      return boom();
    },
  }),
  'an object whose toString throws': () => ({ toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom }),
  'a proxy that says it is a part, then throws': () => new Proxy({}, { get: (_t, k) => (typeof k === 'symbol' ? true : boom()) }),
  'a proxy that says it is a result, then throws': () => {
    let reads = 0;
    return new Proxy({}, { get: (_t, k) => (typeof k === 'symbol' && reads++ < 1 ? true : boom()), has: () => true });
  },
  'a proxy over a real part, trapping once armed': () => new Proxy(Part.text('ok'), { get: (t, k, r) => (armed ? boom() : Reflect.get(t, k, r)) }),
  'a result whose parts getter throws': () => Object.create(Object.getPrototypeOf(ToolResult.ok('x')), { parts: { get: boom } }),
  'an array of parts with a throwing getter': () => Object.defineProperty([Part.text('a')], 0, { get: boom }),
  'a huge bigint': () => 2n ** 4000n,
  'a map with a proxy key': () => new Map([[new Proxy({}, throwingTraps), 1]]),
  'a class instance with a throwing getter': () =>
    new (class Odd {
      get v(): number {
        return boom();
      }
    })(),
};

const NAMES = Object.keys(HOSTILE);

/** Set once a call has resolved: the proxy over a real part throws from then on. */
let armed = false;

// ---- the tools ------------------------------------------------------------------------------

type Behaviour = { readonly how: 'throw' | 'return' | 'reject' | 'resolve'; readonly what: string };

let next: Behaviour = { how: 'return', what: NAMES[0]! };

function act(): unknown {
  const value = HOSTILE[next.what]!();
  switch (next.how) {
    case 'throw':
      throw value;
    case 'return':
      return value;
    case 'reject':
      return Promise.reject(value);
    case 'resolve':
      return Promise.resolve().then(() => value);
  }
}

class Hostile {
  @Tool({ timeoutSeconds: 30 })
  timed(@Param() n: number): unknown {
    return act();
  }

  @Tool({ parallelSafe: false })
  serial(): unknown {
    return act();
  }

  @Tool({ requiresApproval: true, endsLoop: true })
  guarded(@Param() n: number): unknown {
    return act();
  }

  @Tool({ returns: JsonValue })
  json(): unknown {
    return act();
  }

  @Tool()
  plain(): unknown {
    return act();
  }
}

const foreignTool: ToolDefinition = {
  name: 'foreign',
  description: 'a definition not made by the library',
  inputSchema: { type: 'object' },
  invoke: () => act() as Promise<ToolResult>,
} as unknown as ToolDefinition;

const set = new ToolSet([new Hostile(), foreignTool]);
const TOOLS = ['timed', 'serial', 'guarded', 'json', 'plain', 'foreign'];

const behaviour = fc.record({ how: fc.constantFrom<Behaviour['how']>('throw', 'return', 'reject', 'resolve'), what: fc.constantFrom(...NAMES) });

describe('issue 15: a tool cannot make invoke throw or reject', () => {
  it('describeThrown never throws, and says the name alone for an empty message', () => {
    for (const name of NAMES) expect(typeof describeThrown(HOSTILE[name]!())).toBe('string');
    expect(describeThrown(new RangeError(''))).toBe('RangeError');
    expect(describeThrown(new RangeError('far'))).toBe('RangeError: far');
    expect(describeThrown(new RangeError('far'), false)).toBe('far');
    expect(describeThrown(Object.defineProperty(new Error('x'), 'name', { get: boom }))).toBe('a value that cannot be shown');
    expect(describeThrown(revoked())).toBe('a value that cannot be shown');
    expect(describeThrown('plain')).toBe('plain');
  });

  it.each(NAMES)('%s: thrown, returned, rejected or resolved, invoke resolves to a result', async (name) => {
    for (const how of ['throw', 'return', 'reject', 'resolve'] as const) {
      for (const tool of ['plain', 'json', 'timed', 'foreign']) {
        next = { how, what: name };
        let r: ToolResult | undefined;
        try {
          r = await set.invoke(tool, tool === 'timed' ? { n: 1 } : {});
        } catch (e) {
          throw new Error(`${tool} ${how} ${name}: invoke rejected or threw (${describeThrown(e)})`, { cause: e });
        }
        readAll(r);
        if (how === 'throw' || how === 'reject') expect(r.isError).toBe(true);
      }
    }
  });

  it('the error text of a throwing getter, a revoked proxy, an empty message', async () => {
    next = { how: 'throw', what: 'error with a throwing name getter' };
    expect(text(await set.invoke('plain', {}))).toBe("Tool 'plain' failed: a value that cannot be shown");
    next = { how: 'reject', what: 'a revoked proxy' };
    expect(text(await set.invoke('plain', {}))).toBe("Tool 'plain' failed: a value that cannot be shown");
    next = { how: 'throw', what: 'error with an empty message' };
    expect(text(await set.invoke('plain', {}))).toBe("Tool 'plain' failed: RangeError");
    next = { how: 'return', what: 'a thenable whose then getter throws' };
    expect(text(await set.invoke('plain', {}))).toBe("Tool 'plain' failed: Error: trap");
    next = { how: 'throw', what: 'error with an empty message' };
    expect(text(await set.invoke('foreign', {}))).toBe("Tool 'foreign' failed: RangeError");
  });

  it("a part or result that is a Proxy is never kept: the result holds the library's own parts", async () => {
    next = { how: 'return', what: 'a proxy over a real part, trapping once armed' };
    const r = await set.invoke('plain', {});
    armed = true;
    readAll(r);
    armed = false;
    readAll(r);
    expect(text(r)).toBe('ok');
  });

  it('property: for any mix of hostile tools, runToolCalls returns every result (1,000 turns)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ tool: fc.constantFrom(...TOOLS), behaviour }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (calls, approve) => {
          // Each call acts as its own behaviour says: the tool reads `next` when it runs, and calls of
          // a turn may run concurrently, so every call's behaviour is set just before it starts.
          const queue = calls.map((c) => c.behaviour);
          const tools = new ToolSet([wrap(new Hostile(), queue), foreignFrom(queue)]);
          const outcome = await runToolCalls(
            tools,
            calls.map((c, i) => ({ id: `c${i}`, name: c.tool, arguments: c.tool === 'timed' || c.tool === 'guarded' ? { n: i } : {} })),
            {
              approve: () => {
                if (approve) return true;
                throw new Proxy({}, throwingTraps); // eslint-disable-line @typescript-eslint/only-throw-error
              },
            },
          );
          expect(outcome.results.map((r) => r.id)).toEqual(calls.map((_c, i) => `c${i}`));
          for (const r of outcome.results) readAll(r.result);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** The instance's tools, each taking its behaviour from the queue in call order. */
function wrap(instance: Hostile, queue: Behaviour[]): Hostile {
  const take = (): void => {
    next = queue.shift() ?? next;
  };
  for (const name of ['timed', 'serial', 'guarded', 'json', 'plain'] as const) {
    const original = Hostile.prototype[name];
    Object.defineProperty(instance, name, {
      value: function (this: Hostile, ...args: unknown[]) {
        take();
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
  return instance;
}

function foreignFrom(queue: Behaviour[]): ToolDefinition {
  return {
    ...foreignTool,
    invoke: () => {
      next = queue.shift() ?? next;
      return act() as Promise<ToolResult>;
    },
  } as unknown as ToolDefinition;
}
