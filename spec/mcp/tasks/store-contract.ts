/**
 * The contract of a `TaskStore` (lib/mcp/tasks/store.ts), one `it` per rule, run against any store:
 * the memory store here (spec/mcp/tasks/store.spec.ts), a shared one (Redis) by its own spec.
 * `make` gets the clock the store must read (ms since the epoch), so that expiry needs no waiting.
 */
import type { StoredTask, TaskStore } from 'tool-signatures/mcp';

export function taskStoreContract(name: string, make: (now: () => number) => TaskStore | Promise<TaskStore>): void {
  describe(`TaskStore contract: ${name}`, () => {
    let clock = 1_000_000;
    let store: TaskStore;
    let n = 0;
    const task = (over: Partial<StoredTask> = {}): StoredTask => ({
      id: `task-${++n}`,
      owner: 'ada',
      tool: 'slow',
      status: 'working',
      createdAt: clock,
      lastUpdatedAt: clock,
      ttlMs: 60_000,
      pollIntervalMs: 1000,
      leaseUntil: clock + 30_000,
      inputRequests: {},
      answers: {},
      ...over,
    });

    beforeEach(async () => {
      clock = 1_000_000;
      store = await make(() => clock);
    });

    it('create is durable: get finds the task as it was given', async () => {
      const t = task();
      expect(await store.create(t, 10)).toBe(true);
      expect(await store.get(t.id)).toEqual(t);
    });

    it('create refuses an id taken, and a caller with maxActive unfinished tasks (finished ones do not count)', async () => {
      const a = task();
      expect(await store.create(a, 2)).toBe(true);
      expect(await store.create({ ...a }, 2)).toBe(false);
      expect(await store.create(task(), 2)).toBe(true);
      expect(await store.create(task(), 2)).toBe(false);
      expect(await store.create(task({ owner: 'bob' }), 2)).toBe(true);
      expect(await store.transition(a.id, { status: 'completed', result: { content: [] } })).toBe(true);
      expect(await store.create(task(), 2)).toBe(true);
    });

    it('get of an unknown id is undefined', async () => {
      expect(await store.get('nope')).toBeUndefined();
    });

    it('a terminal status is final: no transition, question or renewal moves it', async () => {
      const t = task();
      await store.create(t, 10);
      expect(await store.transition(t.id, { status: 'cancelled', statusMessage: 'by the client' })).toBe(true);
      expect(await store.transition(t.id, { status: 'completed', result: { content: [] } })).toBe(false);
      expect(await store.ask(t.id, 'q', { method: 'elicitation/create' })).toBe(false);
      await store.renew(t.id, clock + 99_999);
      expect(await store.get(t.id)).toMatchObject({ status: 'cancelled', statusMessage: 'by the client', inputRequests: {} });
      expect((await store.get(t.id))?.result).toBeUndefined();
    });

    it('completed carries its result, failed its error', async () => {
      const a = task();
      const b = task();
      await store.create(a, 10);
      await store.create(b, 10);
      clock += 5;
      await store.transition(a.id, { status: 'completed', result: { content: [{ type: 'text', text: 'ok' }] } });
      await store.transition(b.id, { status: 'failed', error: { code: -32603, message: 'boom' } });
      expect(await store.get(a.id)).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'ok' }] }, lastUpdatedAt: clock });
      expect(await store.get(b.id)).toMatchObject({ status: 'failed', error: { code: -32603, message: 'boom' } });
    });

    it('ask makes the task input_required; answers to outstanding keys are taken, others ignored; working again once none is left', async () => {
      const t = task();
      await store.create(t, 10);
      await store.ask(t.id, 'a', { method: 'elicitation/create', params: { message: 'A?' } });
      await store.ask(t.id, 'b', { method: 'elicitation/create', params: { message: 'B?' } });
      expect(await store.get(t.id)).toMatchObject({ status: 'input_required', inputRequests: { a: {}, b: {} } });
      expect(await store.answer(t.id, { a: { action: 'accept' }, never: { action: 'accept' } })).toBe(true);
      const partly = await store.get(t.id);
      expect([partly?.status, Object.keys(partly!.inputRequests), partly?.answers]).toEqual(['input_required', ['b'], { a: { action: 'accept' } }]);
      await store.answer(t.id, { a: { action: 'decline' }, b: { action: 'cancel' } });
      expect(await store.get(t.id)).toMatchObject({ status: 'working', inputRequests: {}, answers: { a: { action: 'accept' }, b: { action: 'cancel' } } });
    });

    it('answer of an unknown task is false', async () => {
      expect(await store.answer('nope', { a: 1 })).toBe(false);
    });

    it('a lease guard applies a transition only once the lease ran out; renew extends it', async () => {
      const t = task({ leaseUntil: clock + 100 });
      await store.create(t, 10);
      expect(await store.transition(t.id, { status: 'failed', error: { code: -32603, message: 'lost' } }, { leaseExpiredBy: clock + 50 })).toBe(false);
      await store.renew(t.id, clock + 1000);
      expect(await store.transition(t.id, { status: 'failed', error: { code: -32603, message: 'lost' } }, { leaseExpiredBy: clock + 500 })).toBe(false);
      expect(await store.transition(t.id, { status: 'failed', error: { code: -32603, message: 'lost' } }, { leaseExpiredBy: clock + 1001 })).toBe(true);
    });

    it('a task is gone ttlMs after it was created', async () => {
      const t = task({ ttlMs: 1000 });
      await store.create(t, 10);
      clock += 999;
      expect((await store.get(t.id))?.id).toBe(t.id);
      clock += 1;
      expect(await store.get(t.id)).toBeUndefined();
      expect(await store.transition(t.id, { status: 'cancelled' })).toBe(false);
    });

    it('watch hears every change of its task (an answer, a cancellation), not of others, until stopped', async () => {
      const t = task();
      const other = task();
      await store.create(t, 10);
      await store.create(other, 10);
      let heard = 0;
      let resolve!: () => void;
      let changed = new Promise<void>((r) => (resolve = r));
      const off = store.watch(t.id, () => {
        heard++;
        resolve();
      });
      await store.ask(other.id, 'x', {});
      await store.ask(t.id, 'q', {});
      await changed;
      changed = new Promise<void>((r) => (resolve = r));
      await store.transition(t.id, { status: 'cancelled' });
      await changed;
      expect(heard).toBe(2);
      off();
      await store.answer(other.id, { x: 1 });
      expect(heard).toBe(2);
    });
  });
}
