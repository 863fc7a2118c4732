/**
 * Tools resolved from a tsyringe container: `ToolSet.addClass` asks the container for the tool's
 * class on every call, so its dependencies are injected; each call gets its own child container
 * (a per-call scope), disposed when the call's work has ended, which disposes the instances it made.
 *
 * Run: npm start -- samples/tsyringe
 */
import 'reflect-metadata';
import { container, type DependencyContainer, injectable, Lifecycle, singleton } from 'tsyringe';
import { Description, Int32, Param, Range, Tool, ToolSet } from 'tool-signatures';

@singleton()
class PriceList {
  private readonly prices = new Map([
    ['BOLT-M8', 0.12],
    ['NUT-M8', 0.05],
  ]);
  price(sku: string): number | undefined {
    return this.prices.get(sku);
  }
}

let opened = 0;

/** A per-call resource: a connection the container opens for one call and disposes after it. */
@injectable()
class Connection {
  readonly id = ++opened;
  closed = false;
  dispose(): void {
    this.closed = true;
    console.log(`connection #${this.id} disposed`);
  }
}

@injectable()
class Quotes {
  constructor(
    private readonly prices: PriceList,
    private readonly connection: Connection,
  ) {}

  @Tool({ description: 'Quote a price for a quantity of one item.' })
  quote(@Description('Catalogue SKU.') sku: string, @Range(1, 10_000) @Param({ type: Int32 }) qty: number): string {
    const unit = this.prices.price(sku);
    if (unit === undefined) throw new Error(`unknown SKU ${sku}`);
    return `${qty} × ${sku} = ${(unit * qty).toFixed(2)} EUR (connection #${this.connection.id})`;
  }
}

// One instance of Connection and of Quotes per child container: per call.
container.register(Connection, { useClass: Connection }, { lifecycle: Lifecycle.ContainerScoped });
container.register(Quotes, { useClass: Quotes }, { lifecycle: Lifecycle.ContainerScoped });

async function main(): Promise<void> {
  const scopes = new WeakMap<object, DependencyContainer>();
  const tools = new ToolSet().addClass(
    Quotes,
    (cls) => {
      const scope = container.createChildContainer();
      const instance = scope.resolve(cls as typeof Quotes);
      scopes.set(instance, scope);
      return instance;
    },
    { release: (instance) => scopes.get(instance)?.dispose() },
  );
  console.log(
    `tools: ${tools
      .list()
      .map((t) => `${t.name} ${JSON.stringify(t.inputSchema)}`)
      .join('\n')}`,
  );
  for (const args of ['{"sku":"BOLT-M8","qty":250}', '{"sku":"NUT-M8","qty":1000}', '{"sku":"WASHER","qty":1}', '{"sku":"NUT-M8","qty":0}']) {
    const r = await tools.invoke('quote', args);
    console.log(`${r.isError ? 'error' : 'ok'}: ${r.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}`);
  }
  // The call with bad arguments was refused before anything was resolved.
  console.log(`connections opened: ${opened}`);
  console.log(`the price list is one singleton: ${container.resolve(PriceList) === container.createChildContainer().resolve(PriceList)}`);
}

void main();
