/**
 * What specs wait on instead of polling or sleeping: a promise resolved by the thing itself (a
 * tool entering, a stream opening, a session closing), or a count that resolves its waiters when
 * it reaches their figure. A spec that waits for an event that never comes is held to jest's
 * per-test timeout, and fails there.
 */

export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

/** A promise and the function that resolves it, to hand to the code under test. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A count that code under test bumps (`add`) and a spec awaits (`reached(n)`). */
export class Tally {
  #count = 0;
  readonly #waiting: { n: number; resolve: () => void }[] = [];

  get count(): number {
    return this.#count;
  }

  add(): void {
    this.#count++;
    for (let i = this.#waiting.length - 1; i >= 0; i--) {
      const w = this.#waiting[i]!;
      if (w.n <= this.#count) {
        this.#waiting.splice(i, 1);
        w.resolve();
      }
    }
  }

  /** Resolves once the count is at least `n`. */
  reached(n: number): Promise<void> {
    if (this.#count >= n) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push({ n, resolve }));
  }
}

/**
 * Fakes only `Date` (standing still at `now`, default the real time): the SDK's timers, I/O and
 * microtasks run for real. Undo with `jest.useRealTimers()`.
 */
export function fakeOnlyDate(now?: number | Date): void {
  jest.useFakeTimers({
    ...(now !== undefined ? { now } : {}),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
