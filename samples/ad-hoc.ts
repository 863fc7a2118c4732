/**
 * Ad-hoc tools: `Tool.create(fn, options)` for a plain function (types from `params`, or from
 * literal defaults), and `Tool.create(instance, 'method')` for one method of an instance.
 *
 * Run: npm start -- samples/ad-hoc
 */
import 'reflect-metadata';
import { DateOnly, EnumOf, Int32, Tool } from 'tool-signatures';

// Types from the literal defaults: `count` is a number, `unit` a string.
const repeat = Tool.create(
  function repeatWord(word: string, count = 2, separator = ' ') {
    return Array.from({ length: count }, () => word).join(separator);
  },
  { description: 'Repeat a word.', params: { word: String } },
);

// Types from `params`, keyed by parameter name; an arrow function needs a name.
const daysUntil = Tool.create(
  (date: string, unit: string = 'days') => {
    const ms = new Date(`${date}T00:00:00Z`).getTime() - new Date('2026-03-02T00:00:00Z').getTime();
    return unit === 'weeks' ? Math.floor(ms / 604_800_000) : Math.floor(ms / 86_400_000);
  },
  {
    name: 'time_until',
    description: 'How long from 2 March 2026 until a date.',
    params: { date: DateOnly, unit: { type: EnumOf(['days', 'weeks']), description: 'Count in days or whole weeks.' } },
    returns: Int32,
  },
);

class Counter {
  private n = 0;
  @Tool({ description: 'Add to the counter and return the total.', parallelSafe: false })
  add(by = 1): number {
    return (this.n += by);
  }
}

async function main(): Promise<void> {
  const counter = new Counter();
  const add = Tool.create(counter, 'add');
  for (const t of [repeat, daysUntil, add])
    console.log(`${t.name}: ${JSON.stringify(t.inputSchema)}${t.outputSchema ? ` → ${JSON.stringify(t.outputSchema)}` : ''}`);

  const text = (r: { isError: boolean; parts: readonly { type: string; text?: string; value?: unknown }[] }) =>
    `${r.isError ? 'error' : 'ok'}: ${r.parts.map((p) => p.text ?? JSON.stringify(p.value)).join(' ')}`;
  console.log(text(await repeat.invoke({ word: 'tick', count: 3 })));
  console.log(text(await daysUntil.invoke('{"date": "2026-03-30", "unit": "weeks"}')));
  console.log(text(await daysUntil.invoke('{"date": "30/03/2026"}')));
  await add.invoke({ by: 5 });
  console.log(text(await add.invoke({})));
}

void main();
