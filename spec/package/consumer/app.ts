// A TypeScript user of the installed package: decorators with design metadata, DTOs, a tool set.
import 'reflect-metadata';
import { IsOptional, Length } from 'class-validator';
import { Description, Int32, Param, Prop, Range, Tool, ToolSet, type ToolDefinition, type ToolResult } from 'tool-signatures';

export class Item {
  @Description('Catalogue SKU.') @Length(3, 20) sku!: string;
  @IsOptional() @Range(1, 99) @Prop({ type: Int32 }) qty?: number;
}

export class Shop {
  @Tool({ description: 'Put an item in the basket.' })
  addItem(item: Item, @Param({ optional: true }) note?: string): string {
    return `${item instanceof Item ? 'Item' : 'plain'} ${item.sku} x${item.qty ?? 1}${note ? ` (${note})` : ''}`;
  }
}

async function main(): Promise<void> {
  const tools = new ToolSet([new Shop()]);
  const tool: ToolDefinition | undefined = tools.get('add_item');
  const ok: ToolResult = await tools.invoke('add_item', '{"item":{"sku":"BOLT-M8","qty":3}}');
  const bad: ToolResult = await tools.invoke('add_item', '{"item":{"sku":"B"}}');
  console.log(JSON.stringify({ schema: tool?.inputSchema, ok: ok.parts, bad: bad.parts }));
}

if (require.main === module) void main();
