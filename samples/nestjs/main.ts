/**
 * A NestJS application whose providers are tools: ToolsModule discovers them in every module and
 * offers one ToolRegistry (a ToolSet). Run: npm start -- samples/nestjs/main
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { runToolCalls, toOpenAITool } from 'tool-signatures';
import { ToolRegistry, ToolsModule } from 'tool-signatures/nestjs';
import { CatalogueModule } from './catalogue.module';
import { OrdersModule } from './orders.module';

@Module({ imports: [ToolsModule.forRoot(), CatalogueModule, OrdersModule] })
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const registry = app.get(ToolRegistry);

  for (const tool of registry.list()) console.log(`${tool.name}: ${JSON.stringify(toOpenAITool(tool).tool)}`);

  // One model turn, as the calls arrived, in the request of the user 'ana'.
  const context = registry.createContext();
  const turn = await registry.withRequest({ user: 'ana' }, () =>
    runToolCalls(
      registry,
      [
        { id: 'c1', name: 'price', arguments: '{"sku":"BOLT-M8"}' },
        { id: 'c2', name: 'place_order', arguments: '{"sku":"BOLT-M8","qty":0}' },
        { id: 'c3', name: 'place_order', arguments: '{"sku":"BOLT-M8","qty":40}' },
        { id: 'c4', name: 'price', arguments: '{"sku":"WIDGET"}' },
      ],
      { context },
    ),
  );
  for (const { id, result } of turn.results) {
    console.log(`${id} ${result.isError ? 'error' : 'ok'}: ${result.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p))).join(' ')}`);
  }
  console.log(`costs: ${context.costs.map((c) => `${c.label} ${c.amount} ${c.unit}`).join(', ')}`);

  // The same registry serves MCP prompts and resources (registry.mcpHttpHandler(...) serves them all).
  const quote = await registry.prompt('quote')!.get({ sku: 'NUT-M8', qty: '30' });
  if (quote.ok) console.log(`prompt quote: ${JSON.stringify(quote.value)}`);
  const skus = await registry
    .resources()
    .find((r) => r.uri === 'catalogue://skus')!
    .read();
  if (skus.ok) console.log(`resource catalogue://skus: ${JSON.stringify(skus.value)}`);
  await app.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
