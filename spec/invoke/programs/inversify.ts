/**
 * The inversify recipe (inversify 8, an ES module only package, loaded here through require(esm) as
 * a CommonJS app on Node 20 loads it): `ToolSet.addClass(cls, resolve, { release })` with a child
 * container per call whose per-call services are singletons of that child, so that
 * `unbindAllAsync()` runs their `@preDestroy` once the call has settled. Prints one JSON object
 * that spec/invoke/toolset-inversify.spec.ts checks.
 */
import 'reflect-metadata';
// inversify 8 publishes its types through `exports` only: a CommonJS program under `node10`
// resolution reads them with resolution-mode, and loads the module itself with require(esm).
import type { Container as ContainerType, Newable } from 'inversify' with { 'resolution-mode': 'import' };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Container, inject, injectable, preDestroy } = require('inversify') as typeof import('inversify', { with: { 'resolution-mode': 'import' }});
type Container = ContainerType;
import { Int32, Param, Tool, ToolSet } from 'tool-signatures';

const events: string[] = [];

/** Per call: one session, closed when the call ends. */
@injectable()
class DbSession {
  static opened = 0;
  readonly id = ++DbSession.opened;

  @preDestroy()
  close(): void {
    events.push(`closed session ${this.id}`);
  }
}

@injectable()
class Warehouse {
  readonly stock = new Map([['BOLT-M8', 120]]);
}

@injectable()
class StockTools {
  constructor(
    @inject(Warehouse) private readonly warehouse: Warehouse,
    @inject(DbSession) private readonly session: DbSession,
  ) {}

  @Tool({ description: 'Stock of an item.' })
  stock(sku: string): string {
    return `${sku}: ${this.warehouse.stock.get(sku) ?? 0} (session ${this.session.id})`;
  }

  @Tool({ description: 'Write stock off.' })
  writeOff(sku: string, @Param({ type: Int32 }) qty: number): string {
    if (qty > (this.warehouse.stock.get(sku) ?? 0)) throw new RangeError(`only ${this.warehouse.stock.get(sku) ?? 0} in stock`);
    this.warehouse.stock.set(sku, (this.warehouse.stock.get(sku) ?? 0) - qty);
    return `${qty} × ${sku} written off (session ${this.session.id})`;
  }
}

/** The recipe: a child container per call holding the per-call bindings, unbound after the call. */
function perCall(root: Container, perCallServices: Newable[]) {
  const scopes = new WeakMap<object, Container>();
  return {
    resolve: <T extends object>(cls: abstract new (...args: never[]) => T): T => {
      const scope = new Container({ parent: root });
      for (const s of perCallServices) scope.bind(s).toSelf().inSingletonScope();
      scope
        .bind(cls as unknown as Newable<T>)
        .toSelf()
        .inSingletonScope();
      const instance = scope.get(cls as unknown as Newable<T>);
      scopes.set(instance, scope);
      return instance;
    },
    release: (instance: object) => scopes.get(instance)?.unbindAllAsync(),
  };
}

const text = (r: { parts: readonly { type: string }[] }) => r.parts.map((p) => (p as unknown as { text: string }).text).join('\n');

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const root = new Container();
  root.bind(Warehouse).toSelf().inSingletonScope();

  const { resolve, release } = perCall(root, [DbSession]);
  const set = new ToolSet().addClass(StockTools, resolve, { release });
  out.calls = [
    text(await set.invoke('stock', { sku: 'BOLT-M8' })),
    text(await set.invoke('write_off', { sku: 'BOLT-M8', qty: 20 })),
    text(await set.invoke('write_off', { sku: 'BOLT-M8', qty: 5000 })),
    text(await set.invoke('write_off', { sku: 'BOLT-M8', qty: 'all' })),
    text(await set.invoke('stock', { sku: 'BOLT-M8' })),
  ];
  await new Promise((r) => setImmediate(r));
  out.events = events;
  out.opened = DbSession.opened;

  // Without a per-call scope: the root container's binding decides (transient: a new instance per call).
  const plain = new Container();
  plain.bind(Warehouse).toSelf().inSingletonScope();
  plain.bind(DbSession).toSelf();
  plain.bind(StockTools).toSelf();
  const simple = new ToolSet().addClass(StockTools, (cls) => plain.get(cls as unknown as Newable<StockTools>));
  out.simple = [text(await simple.invoke('stock', { sku: 'BOLT-M8' })), text(await simple.invoke('stock', { sku: 'BOLT-M8' }))];

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
