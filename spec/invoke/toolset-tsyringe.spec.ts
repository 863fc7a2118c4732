/**
 * The tsyringe recipe: `ToolSet.addClass(cls, resolve, { release })` with a child container per
 * call, so that each call gets its own tool instance and container-scoped services, which
 * `child.dispose()` disposes once the call has settled; singletons stay shared and alive.
 * (tsyringe is CommonJS: this runs in jest itself.)
 */
import 'reflect-metadata';
import { container as rootContainer, inject, injectable, Lifecycle, scoped, singleton, type DependencyContainer, type Disposable } from 'tsyringe';
import { Int32, Param, Tool, ToolSet } from 'tool-signatures';
import { Tally } from '../helpers/signals';

/** Per call: one session, disposed when the call ends. */
@scoped(Lifecycle.ContainerScoped)
class DbSession implements Disposable {
  static opened = 0;
  static disposed: number[] = [];
  readonly id = ++DbSession.opened;
  dispose(): void {
    DbSession.disposed.push(this.id);
  }
}

@singleton()
class Warehouse {
  readonly stock = new Map([['BOLT-M8', 120]]);
}

@scoped(Lifecycle.ContainerScoped)
class StockTools {
  static inside = new Tally();
  static together = 1;

  constructor(
    @inject(Warehouse) private readonly warehouse: Warehouse,
    @inject(DbSession) private readonly session: DbSession,
  ) {}

  @Tool({ description: 'Stock of an item.' })
  stock(sku: string): string {
    return `${sku}: ${this.warehouse.stock.get(sku) ?? 0} (session ${this.session.id})`;
  }

  @Tool({ description: 'Write stock off.' })
  async writeOff(sku: string, @Param({ type: Int32 }) qty: number): Promise<string> {
    // Waits until `together` calls are inside at once (the concurrent spec sets 3).
    StockTools.inside.add();
    await StockTools.inside.reached(StockTools.together);
    if (qty > (this.warehouse.stock.get(sku) ?? 0)) throw new RangeError(`only ${this.warehouse.stock.get(sku) ?? 0} in stock`);
    this.warehouse.stock.set(sku, (this.warehouse.stock.get(sku) ?? 0) - qty);
    return `${qty} × ${sku} written off (session ${this.session.id})`;
  }
}

@injectable()
class PlainTools {
  static created = 0;
  constructor() {
    PlainTools.created++;
  }

  @Tool({ description: 'Ping.' })
  ping(): string {
    return 'pong';
  }
}

/** The recipe: a child container per call, disposed after the call. */
function perCall(container: DependencyContainer) {
  const scopes = new WeakMap<object, DependencyContainer>();
  return {
    resolve: <T extends object>(cls: abstract new (...args: never[]) => T): T => {
      const scope = container.createChildContainer();
      const instance = scope.resolve(cls as unknown as new () => T);
      scopes.set(instance, scope);
      return instance;
    },
    release: (instance: object) => scopes.get(instance)?.dispose(),
  };
}

const text = (r: { parts: readonly { type: string }[] }) => r.parts.map((p) => (p as unknown as { text: string }).text).join('\n');

beforeEach(() => {
  DbSession.opened = 0;
  DbSession.disposed = [];
  StockTools.inside = new Tally();
  StockTools.together = 1;
});

it('resolves a tool class from the container per call, its scoped services disposed after each call', async () => {
  const { resolve, release } = perCall(rootContainer);
  const set = new ToolSet().addClass(StockTools, resolve, { release });

  expect(text(await set.invoke('stock', { sku: 'BOLT-M8' }))).toBe('BOLT-M8: 120 (session 1)');
  expect(text(await set.invoke('write_off', { sku: 'BOLT-M8', qty: 20 }))).toBe('20 × BOLT-M8 written off (session 2)');
  expect(text(await set.invoke('stock', { sku: 'BOLT-M8' }))).toBe('BOLT-M8: 100 (session 3)');
  expect(DbSession.disposed).toEqual([1, 2, 3]);
});

it('disposes after a tool that throws too, and resolves nothing for invalid arguments', async () => {
  const { resolve, release } = perCall(rootContainer);
  const set = new ToolSet().addClass(StockTools, resolve, { release });

  const failed = await set.invoke('write_off', { sku: 'BOLT-M8', qty: 5000 });
  expect([failed.isError, text(failed)]).toEqual([true, "Tool 'write_off' failed: RangeError: only 100 in stock"]);
  const invalid = await set.invoke('write_off', { sku: 'BOLT-M8', qty: 'all' });
  expect(text(invalid)).toBe("Argument 'qty' must be an integer from -2147483648 to 2147483647.");
  expect([DbSession.opened, DbSession.disposed]).toEqual([1, [1]]);
});

it('runs concurrent calls in separate scopes (all three inside at once)', async () => {
  const { resolve, release } = perCall(rootContainer);
  const set = new ToolSet().addClass(StockTools, resolve, { release });
  StockTools.together = 3;
  const results = await Promise.all([1, 2, 3].map(() => set.invoke('write_off', { sku: 'BOLT-M8', qty: 1 })));
  expect(results.map(text).sort()).toEqual([
    '1 × BOLT-M8 written off (session 1)',
    '1 × BOLT-M8 written off (session 2)',
    '1 × BOLT-M8 written off (session 3)',
  ]);
  expect(DbSession.disposed.sort()).toEqual([1, 2, 3]);
});

it('without a per-call scope: container.resolve (a transient class is built per call)', async () => {
  const set = new ToolSet().addClass(PlainTools, (cls) => rootContainer.resolve(cls as new () => PlainTools));
  await set.invoke('ping', {});
  await set.invoke('ping', {});
  expect(PlainTools.created).toBe(2);
});
