/**
 * A tool set and one model turn: `ToolSet.addClass` resolves the class per call (as a DI container
 * would), a `ToolContext` carries services and collects costs, and `runToolCalls` runs
 * parallel-safe calls together, the others in order, asking before a call that needs approval.
 *
 * Run: npm start -- samples/tool-set
 */
import 'reflect-metadata';
import { Param, runToolCalls, Tool, ToolContext, ToolSet } from 'tool-signatures';

class Clock {
  now(): string {
    return '2026-03-02T09:30:00Z';
  }
}

let instances = 0;
let running = 0;
let mostAtOnce = 0;

class Inventory {
  readonly serial = ++instances;
  private static stock = new Map([
    ['BOLT-M8', 120],
    ['NUT-M8', 4],
  ]);

  @Tool({ description: 'How many of an item are in stock.' })
  async stock(sku: string, ctx: ToolContext): Promise<string> {
    mostAtOnce = Math.max(mostAtOnce, ++running);
    await new Promise((r) => setTimeout(r, 30));
    running--;
    ctx.addCost({ label: 'stock lookup', amount: 1, unit: 'request' });
    const clock = ctx.services.get<Clock>(Clock);
    return `${sku}: ${Inventory.stock.get(sku) ?? 0} at ${clock?.now()} (instance #${this.serial})`;
  }

  @Tool({ description: 'Write off damaged stock.', requiresApproval: true, parallelSafe: false })
  writeOff(sku: string, @Param({ description: 'Units to remove.' }) qty: number): string {
    Inventory.stock.set(sku, (Inventory.stock.get(sku) ?? 0) - qty);
    return `${qty} × ${sku} written off`;
  }
}

async function main(): Promise<void> {
  // A new instance per call, as a transient registration in a container would give.
  const tools = new ToolSet().addClass(Inventory, () => new Inventory());
  console.log(
    `tools: ${tools
      .list()
      .map((t) => t.name)
      .join(', ')}`,
  );

  const context = new ToolContext({ services: new Map([[Clock, new Clock()]]) });
  const outcome = await runToolCalls(
    tools,
    [
      { id: 'c1', name: 'stock', arguments: '{"sku":"BOLT-M8"}' },
      { id: 'c2', name: 'stock', arguments: { sku: 'NUT-M8' } },
      { id: 'c3', name: 'write_off', arguments: { sku: 'NUT-M8', qty: 4 } },
      { id: 'c4', name: 'write_off', arguments: { sku: 'BOLT-M8', qty: 100 } },
    ],
    {
      context,
      approve: (call) => {
        const ok = (call.arguments as { qty: number }).qty <= 10;
        console.log(`approve ${call.name} ${JSON.stringify(call.arguments)}? ${ok ? 'yes' : 'no'}`);
        return ok;
      },
    },
  );
  for (const { id, result } of outcome.results)
    console.log(`${id} ${result.isError ? 'error' : 'ok'}: ${result.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}`);
  console.log(`stock calls running at once, at most: ${mostAtOnce}`);
  console.log(`costs: ${context.costs.length} lines`);
}

void main();
