/**
 * The 2026-07-28 `requestState`s that may not be used again: a state that carried an accepted
 * approval is spent once a request has used it, so that one approval runs its call once. In memory,
 * per process: replicas that take each other's retries do not share it.
 */

/** The most spent states remembered at once. */
export const MAX_SPENT_STATES = 10_000;

interface Spent {
  readonly mintedAt: number;
  readonly expiresAt: number;
}

/**
 * Spent states by id, at most `max`. Beyond the bound the one spent longest ago is forgotten, and
 * every state minted no later than it is refused from then on (as if spent): a forgotten state can
 * never be used again, at the cost of refusing some older states that were not (their clients start
 * the request again). A state past its expiry is forgotten freely: the codec refuses it anyway.
 */
export class SpentStates {
  readonly #spent = new Map<string, Spent>();
  /** States minted at or before this time (ms) are refused: a state of theirs was forgotten. */
  #floor = -Infinity;

  constructor(private readonly max = MAX_SPENT_STATES) {}

  /** Marks the state spent; false when it is spent already (or may be: minted no later than a forgotten one). */
  spend(id: string, mintedAt: number, expiresAt: number, now = Date.now()): boolean {
    if (mintedAt <= this.#floor || this.#spent.has(id)) return false;
    // The front holds the states spent longest ago; those past their expiry go (a bounded walk per call, amortized).
    for (const [old, state] of this.#spent) {
      if (state.expiresAt > now) break;
      this.#spent.delete(old);
    }
    if (this.#spent.size >= this.max) {
      const [old, state] = this.#spent.entries().next().value!;
      this.#spent.delete(old);
      this.#floor = Math.max(this.#floor, state.mintedAt);
    }
    this.#spent.set(id, { mintedAt, expiresAt });
    return true;
  }

  /** States remembered now. */
  get size(): number {
    return this.#spent.size;
  }
}
