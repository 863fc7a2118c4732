/**
 * Class tools: `@Tool` methods of a plain class become tool definitions. Names come from the
 * method names (snake_case, a trailing `Async` dropped), parameters from the signature, defaults
 * from the source, finer types from hints.
 *
 * Run: npm start -- samples/class-tools
 */
import 'reflect-metadata';
import { Description, Int32, Param, Range, Tool, ToolResult } from 'tool-signatures';

class UnitConverter {
  @Tool({ description: 'Convert a length between metric and imperial units.' })
  convertLength(
    @Description('The length to convert.') value: number,
    @Param({ enum: ['mm', 'cm', 'm', 'in', 'ft'] }) from: string,
    @Param({ enum: ['mm', 'cm', 'm', 'in', 'ft'] }) to: string,
    @Description('Decimal places in the answer.') @Range(0, 6) @Param({ type: Int32 }) digits = 2,
  ): string {
    const mm: Record<string, number> = { mm: 1, cm: 10, m: 1000, in: 25.4, ft: 304.8 };
    return `${value} ${from} = ${((value * mm[from]!) / mm[to]!).toFixed(digits)} ${to}`;
  }

  @Tool()
  @Description('Round a number to a multiple of a step; fails for a step of 0.')
  async roundToAsync(value: number, step = 1): Promise<number | ToolResult> {
    if (step === 0) return ToolResult.error('step must not be 0.');
    return Math.round(value / step) * step;
  }
}

async function main(): Promise<void> {
  const tools = Tool.fromInstance(new UnitConverter());
  for (const t of tools) console.log(`${t.name}: ${JSON.stringify(t.inputSchema)}`);

  const [convert, round] = tools as [(typeof tools)[number], (typeof tools)[number]];
  const show = (r: ToolResult) =>
    `${r.isError ? 'error' : 'ok'}: ${r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p.type === 'json' ? p.value : p.mimeType))).join(' ')}`;
  console.log(show(await convert.invoke('{"value": 12, "from": "in", "to": "cm"}')));
  console.log(show(await convert.invoke({ value: 1, from: 'm', to: 'ft', digits: 4 })));
  console.log(show(await convert.invoke('{"value": "12", "from": "yd", "to": "cm", "digits": 9}')));
  console.log(show(await round.invoke({ value: 17, step: 5 })));
  console.log(show(await round.invoke({ value: 17, step: 0 })));
}

void main();
