/**
 * The store of spent 2026-07-28 `requestState`s (lib/mcp/spent-states.ts): a state is spent once;
 * the store holds at most its bound, and a state it had to forget (and any minted no later) stays
 * refused; states past their expiry are forgotten freely.
 */
import { MAX_SPENT_STATES } from 'tool-signatures/mcp';
import { SpentStates } from 'tool-signatures/mcp/spent-states';

describe('SpentStates', () => {
  it('spends a state once', () => {
    const store = new SpentStates();
    expect([store.spend('a', 1, 1000, 10), store.spend('a', 1, 1000, 11), store.spend('b', 2, 1000, 12)]).toEqual([true, false, true]);
  });

  it('holds at most its bound; a forgotten state, and every state minted no later, is refused from then on', () => {
    const store = new SpentStates(3);
    expect(['a', 'b', 'c'].map((id, i) => store.spend(id, 10 + i, 10_000, 100))).toEqual([true, true, true]);
    // d pushes out a (minted at 10): a, and an unspent state minted at 10, are refused; one minted at 11 is not.
    expect(store.spend('d', 13, 10_000, 100)).toBe(true);
    expect(store.size).toBe(3);
    expect([store.spend('a', 10, 10_000, 101), store.spend('old', 10, 10_000, 101), store.spend('e', 11, 10_000, 101)]).toEqual([false, false, true]);
    expect(store.size).toBe(3);
  });

  it('forgets states past their expiry, without refusing anything for it', () => {
    const store = new SpentStates(3);
    store.spend('a', 10, 500, 100);
    store.spend('b', 11, 500, 100);
    expect(store.size).toBe(2);
    expect(store.spend('c', 600, 1_200, 600)).toBe(true);
    expect(store.size).toBe(1);
    expect(store.spend('d', 12, 1_200, 600)).toBe(true);
  });

  it('bounds the process-wide store at 10,000 states', () => {
    expect(MAX_SPENT_STATES).toBe(10_000);
    const store = new SpentStates();
    for (let i = 0; i < 12_000; i++) store.spend(`s${i}`, i, Number.MAX_SAFE_INTEGER, 0);
    expect(store.size).toBe(MAX_SPENT_STATES);
  });
});
