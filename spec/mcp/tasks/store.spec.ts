/** The memory `TaskStore` against the store contract (spec/mcp/tasks/store-contract.ts), and its own bound. */
import { MemoryTaskStore } from 'tool-signatures/mcp';
import { taskStoreContract } from './store-contract';

taskStoreContract('MemoryTaskStore', (now) => new MemoryTaskStore({ now }));

describe('MemoryTaskStore', () => {
  it('keeps at most maxTasks: a create beyond is refused until one expires', async () => {
    let clock = 0;
    const store = new MemoryTaskStore({ maxTasks: 1, now: () => clock });
    const t = (id: string) => ({
      id,
      owner: 'ada',
      tool: 't',
      status: 'working' as const,
      createdAt: clock,
      lastUpdatedAt: clock,
      ttlMs: 10,
      pollIntervalMs: 1,
      leaseUntil: clock + 10,
      inputRequests: {},
      answers: {},
    });
    expect(await store.create(t('a'), 5)).toBe(true);
    expect(await store.create(t('b'), 5)).toBe(false);
    clock = 10;
    expect(await store.create(t('c'), 5)).toBe(true);
  });
});
