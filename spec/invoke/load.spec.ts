import 'reflect-metadata';
import { setMaxListeners } from 'node:events';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import fc from 'fast-check';
import { EnumOf, Int32, Param, Tool, ToolContext, ToolSet, type Clock, type ToolResult } from '../../lib';

/**
 * Load and faults: 10,000 concurrent invocations across tools with random delays, thrown errors,
 * timeouts, caller cancellations and refused arguments. Every result must be its own call's (the id
 * and a checksum travel in the arguments and come back in the result and its cost line), every timer
 * and abort listener the invoker makes must be released, the heap must return near its start, and
 * a tool that never settles and ignores its signal must be reported as timed out and then be
 * collectable (nothing the invoker holds keeps its promise alive).
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_202);
const CALLS = 10_000;

// ---- instruments ------------------------------------------------------------------------------

/**
 * A clock on real timers, 20 times faster than the real one (a 1 s timeout is 50 ms), that counts
 * what it schedules. `hold()` keeps new timers waiting until `release()`: the 10,000 calls are
 * started in one synchronous loop (slow under --detectOpenHandles), and their timeouts are then
 * measured from its end, so that a loaded event loop cannot make a short call time out.
 */
class CountingClock implements Clock {
  scheduled = 0;
  cleared = 0;
  fired = 0;
  private readonly live = new Map<object, ReturnType<typeof setTimeout> | undefined>();
  private readonly waiting: [object, () => void, number][] = [];
  private running = true;
  now(): number {
    return Date.now() * 20;
  }
  hold(): void {
    this.running = false;
  }
  release(): void {
    this.running = true;
    for (const [token, fn, ms] of this.waiting.splice(0)) if (this.live.has(token)) this.arm(token, fn, ms);
  }
  setTimeout(fn: () => void, ms: number): unknown {
    this.scheduled++;
    const token = {};
    this.live.set(token, undefined);
    if (this.running) this.arm(token, fn, ms);
    else this.waiting.push([token, fn, ms]);
    return token;
  }
  private arm(token: object, fn: () => void, ms: number): void {
    this.live.set(
      token,
      setTimeout(() => {
        this.live.delete(token);
        this.fired++;
        fn();
      }, ms / 20),
    );
  }
  clearTimeout(token: unknown): void {
    if (!this.live.has(token as object)) return;
    clearTimeout(this.live.get(token as object));
    this.live.delete(token as object);
    this.cleared++;
  }
  get pending(): number {
    return this.live.size;
  }
}

/**
 * Counts the abort listeners added to and removed from every AbortSignal while installed. A `once`
 * listener is also gone when its signal has fired (Node removes it without removeEventListener).
 */
function countAbortListeners(): { live: () => number; added: () => number; restore: () => void } {
  const proto = AbortSignal.prototype as unknown as EventTarget;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const live = new Map<AbortSignal, Map<unknown, boolean>>();
  let added = 0;
  proto.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    if (type === 'abort' && listener != null) {
      let m = live.get(this as AbortSignal);
      if (m === undefined) live.set(this as AbortSignal, (m = new Map()));
      if (!m.has(listener)) added++;
      m.set(listener, typeof options === 'object' && options !== null && (options as AddEventListenerOptions).once === true);
    }
    return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  };
  proto.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    if (type === 'abort') {
      const m = live.get(this as AbortSignal);
      m?.delete(listener);
      if (m?.size === 0) live.delete(this as AbortSignal);
    }
    return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
  };
  const count = (): number => {
    let n = 0;
    for (const [signal, m] of live) for (const once of m.values()) if (!(once && signal.aborted)) n++;
    return n;
  };
  let left: number | undefined;
  return {
    live: () => left ?? count(),
    added: () => added,
    restore: () => {
      proto.addEventListener = add;
      proto.removeEventListener = remove;
      // Count now, then forget the signals and listeners: the patch must keep nothing alive.
      left = count();
      live.clear();
    },
  };
}

function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Collects garbage until nothing more goes: a few rounds, each after the pending callbacks have run. */
async function settle(gc: () => void): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
}

function timeouts(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}

// ---- the tools --------------------------------------------------------------------------------

const MODES = ['ok', 'throw', 'reject', 'hang', 'cancel', 'refuse'] as const;
type Mode = (typeof MODES)[number];

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Weak references to the promises of calls that never settle: they must be collectable afterwards. */
const hung: WeakRef<Promise<never>>[] = [];

class Worker {
  @Tool({ timeoutSeconds: 1 })
  async work(
    id: string,
    @Param({ type: () => [Int32] }) numbers: number[],
    @Param({ type: Int32 }) delayMs: number,
    @Param({ type: EnumOf(MODES) }) mode: Mode,
    ctx: ToolContext,
    signal: AbortSignal,
  ): Promise<string> {
    ctx.addCost({ label: id, amount: numbers.length });
    if (mode === 'throw') throw new RangeError(`boom ${id}`);
    await sleep(delayMs, signal);
    if (mode === 'reject') throw new TypeError(`late ${id}`);
    if (mode === 'hang') {
      // Never settles, and ignores its signal.
      const never = new Promise<never>(() => undefined);
      hung.push(new WeakRef(never));
      return never;
    }
    return `${id}:${numbers.reduce((a, b) => a + b, 0)}:${ctx.callId}`;
  }

  @Tool({ timeoutSeconds: 1 })
  quick(id: string, @Param({ type: () => [Int32] }) numbers: number[], @Param({ type: EnumOf(MODES) }) mode: Mode): string | Promise<never> {
    if (mode === 'throw' || mode === 'reject') throw new Error(`quick ${id}`);
    if (mode === 'hang') {
      const never = new Promise<never>(() => undefined);
      hung.push(new WeakRef(never));
      return never;
    }
    return `${id}:${numbers.reduce((a, b) => a + b, 0)}`;
  }
}

interface Call {
  readonly id: string;
  readonly tool: 'work' | 'quick';
  readonly mode: Mode;
  readonly numbers: number[];
  readonly delayMs: number;
  readonly cancelAfterMs: number;
  readonly asText: boolean;
}

const callArb: fc.Arbitrary<Omit<Call, 'id'>> = fc.record({
  tool: fc.constantFrom('work' as const, 'work' as const, 'quick' as const),
  mode: fc.constantFrom<Mode>('ok', 'ok', 'ok', 'ok', 'ok', 'throw', 'reject', 'hang', 'cancel', 'refuse'),
  numbers: fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 8 }),
  delayMs: fc.integer({ min: 0, max: 20 }),
  cancelAfterMs: fc.integer({ min: 0, max: 5 }),
  asText: fc.boolean(),
});

/**
 * Starts every call at once (one synchronous loop) and returns their promises in order; `cancelled`
 * gets, for each cancellation, a promise resolved when its timer has fired.
 */
function start(tools: ToolSet, calls: readonly Call[], parent: ToolContext, shared: AbortSignal, cancelled: Promise<void>[]): Promise<ToolResult>[] {
  return calls.map((c) => {
    const args = {
      id: c.id,
      numbers: c.mode === 'refuse' ? [...c.numbers, 1.5] : c.numbers,
      ...(c.tool === 'work' ? { delayMs: c.delayMs } : {}),
      mode: c.mode,
    };
    // Cancellations get their own signal; half the other calls share one that never aborts.
    let signal: AbortSignal | undefined;
    if (c.mode === 'cancel') {
      const own = new AbortController();
      cancelled.push(
        new Promise((resolve) =>
          setTimeout(() => {
            own.abort(new Error(`cancelled ${c.id}`));
            resolve();
          }, c.cancelAfterMs),
        ),
      );
      signal = own.signal;
    } else if (Number(c.id.slice(1)) % 2 === 0) {
      signal = shared;
    }
    return tools.invoke(c.tool, c.asText ? JSON.stringify(args) : args, { context: parent, callId: c.id, ...(signal ? { signal } : {}) });
  });
}

describe('load and faults', () => {
  it(`${CALLS} concurrent invocations: each result is its own call's; timers, listeners and heap are released`, async () => {
    const gc = collectGarbage();
    const calls: Call[] = fc.sample(callArb, { numRuns: CALLS, seed: SEED }).map((c, i) => ({ ...c, id: `c${i}` }));
    const tools = new ToolSet([new Worker()]);
    const clock = new CountingClock();
    const shared = new AbortController();
    // Half the calls listen on this one signal at once: the caller's choice, so the caller lifts Node's warning.
    setMaxListeners(CALLS, shared.signal);
    const parent = new ToolContext({ clock });

    // A warm-up round first, on its own clock and context: the code the calls run is compiled and its
    // caches filled before the heap is measured, so what the measured round leaves is what it leaks.
    const warmClock = new CountingClock();
    warmClock.hold();
    const warmCancels: Promise<void>[] = [];
    const warm = start(tools, calls, new ToolContext({ clock: warmClock }), shared.signal, warmCancels);
    warmClock.release();
    await Promise.allSettled(warm);
    await Promise.all(warmCancels);
    hung.length = 0;

    const listeners = countAbortListeners();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const timeoutsBefore = timeouts();
    const started = process.hrtime.bigint();
    let outcomes: PromiseSettledResult<ToolResult>[];
    const cancels: Promise<void>[] = [];
    clock.hold();
    try {
      let pending = start(tools, calls, parent, shared.signal, cancels);
      clock.release();
      outcomes = await Promise.allSettled(pending);
      pending = [];
    } finally {
      listeners.restore();
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    const counts: Record<string, number> = {};
    calls.forEach((c, i) => {
      const o = outcomes[i]!;
      const key = `${c.tool}/${c.mode}`;
      counts[key] = (counts[key] ?? 0) + 1;
      const sum = c.numbers.reduce((a, b) => a + b, 0);
      const got =
        o.status === 'fulfilled'
          ? { isError: o.value.isError, text: o.value.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n'), costs: o.value.costs }
          : { rejected: String((o.reason as Error).message) };
      let expected: unknown;
      const cost = c.tool === 'work' ? [{ label: c.id, amount: c.numbers.length }] : [];
      switch (c.mode) {
        case 'ok':
          expected = { isError: false, text: c.tool === 'work' ? `${c.id}:${sum}:${c.id}` : `${c.id}:${sum}`, costs: cost };
          break;
        case 'throw':
          expected = {
            isError: true,
            text: c.tool === 'work' ? `Tool 'work' failed: RangeError: boom ${c.id}` : `Tool 'quick' failed: Error: quick ${c.id}`,
            costs: cost,
          };
          break;
        case 'reject':
          expected = {
            isError: true,
            text: c.tool === 'work' ? `Tool 'work' failed: TypeError: late ${c.id}` : `Tool 'quick' failed: Error: quick ${c.id}`,
            costs: cost,
          };
          break;
        case 'hang':
          expected = { isError: true, text: `Tool '${c.tool}' timed out after 1 s.`, costs: cost };
          break;
        case 'cancel':
          // The caller's signal may fire before, during or after the call: a rejection with its
          // reason, or (when the call was already over) the call's own result.
          if ('rejected' in got) expected = { rejected: `cancelled ${c.id}` };
          else expected = { isError: false, text: c.tool === 'work' ? `${c.id}:${sum}:${c.id}` : `${c.id}:${sum}`, costs: cost };
          break;
        case 'refuse':
          expected = { isError: true, text: `Argument 'numbers[${c.numbers.length}]' must be an integer from -2147483648 to 2147483647.`, costs: [] };
          break;
      }
      if (JSON.stringify(got) !== JSON.stringify(expected)) expect({ call: c, got }).toEqual({ call: c, got: expected });
    });

    // The cancellation timers of calls that finished first have run out; then Node's timers are counted.
    await Promise.all(cancels);
    const timeoutsAfter = timeouts();
    // Nothing the invoker or the tool set holds keeps a call's result alive once the caller lets go.
    const results = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [new WeakRef(o.value)] : []));
    outcomes = [];
    calls.length = 0;
    await settle(gc);
    const resultsAlive = results.filter((w) => w.deref() !== undefined).length;
    const heapAfter = process.memoryUsage().heapUsed;
    const alive = hung.filter((w) => w.deref() !== undefined).length;
    const growthMb = (heapAfter - heapBefore) / 1024 / 1024;
    console.log(
      [
        `load: ${CALLS} concurrent calls in ${seconds.toFixed(2)} s = ${Math.round(CALLS / seconds)} calls/s (${Object.entries(counts)
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')})`,
        `timers: ${clock.scheduled} scheduled on the context clock, ${clock.cleared} cleared, ${clock.fired} fired, ${clock.pending} pending; Node Timeout handles ${timeoutsBefore} before, ${timeoutsAfter} after`,
        `abort listeners: ${listeners.added()} added, ${listeners.live()} left`,
        `heap: ${(heapBefore / 1024 / 1024).toFixed(1)} MB before, ${(heapAfter / 1024 / 1024).toFixed(1)} MB after GC (${growthMb >= 0 ? '+' : ''}${growthMb.toFixed(2)} MB); never-settling promises still reachable: ${alive} of ${hung.length}; results still reachable: ${resultsAlive} of ${results.length}`,
      ].join('\n'),
    );
    // Every timer the invoker scheduled was cleared or fired; no abort listener is left anywhere.
    expect(clock.pending).toBe(0);
    expect(clock.scheduled).toBe(clock.cleared + clock.fired);
    expect(listeners.live()).toBe(0);
    expect(timeoutsAfter).toBeLessThanOrEqual(timeoutsBefore);

    expect(hung.length).toBeGreaterThan(0);
    expect(alive).toBe(0);
    expect(results.length).toBeGreaterThan(CALLS / 2);
    expect(resultsAlive).toBe(0);
    expect(growthMb).toBeLessThan(8);
    // The time is printed, not asserted: speed is the benchmark's (npm run bench), and this machine is shared.
  });

  it('a tool that never settles and ignores its signal: timed out, its signal aborted, the caller listener removed, its promise collectable', async () => {
    const gc = collectGarbage();
    const clock = new CountingClock();
    const listeners = countAbortListeners();
    let toolSignal: AbortSignal | undefined;
    let never: WeakRef<Promise<never>> | undefined;
    const t = Tool.create(
      function stuck(signal: AbortSignal) {
        toolSignal = signal;
        const p = new Promise<never>(() => undefined);
        never = new WeakRef(p);
        return p;
      },
      { timeoutSeconds: 2, params: { signal: AbortSignal } },
    );
    const caller = new AbortController();
    let r: ToolResult;
    try {
      r = await t.invoke({}, { signal: caller.signal, context: new ToolContext({ clock }) });
    } finally {
      listeners.restore();
    }
    expect(r.isError).toBe(true);
    expect(r.parts).toEqual([{ type: 'text', text: "Tool 'stuck' timed out after 2 s." }]);
    expect(toolSignal!.aborted).toBe(true);
    expect((toolSignal!.reason as DOMException).name).toBe('TimeoutError');
    expect(listeners.added()).toBe(1);
    expect(listeners.live()).toBe(0);
    expect([clock.scheduled, clock.fired, clock.pending]).toEqual([1, 1, 0]);
    // Aborting the caller afterwards changes nothing and finds no listener.
    caller.abort(new Error('late'));
    await settle(gc);
    expect(never!.deref()).toBeUndefined();
  });
});
