/**
 * Issue 23: one NestJS module serves tools, prompts and resources. A real NestJS 12 application
 * context with ToolsModule; a singleton provider with @Tool, @Prompt, @Resource and
 * @ResourceTemplate methods and a request-scoped one with a prompt; the registry's MCP endpoint read
 * by the SDK client over loopback HTTP. Prints one JSON object that spec/nestjs/served.spec.ts checks.
 */
import 'reflect-metadata';
import { Injectable, Module, Scope } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Int32, Param, Prompt, Resource, ResourceTemplate, Tool } from 'tool-signatures';
import { ToolRegistry, ToolsModule } from 'tool-signatures/nestjs';

@Injectable()
class Inventory {
  readonly stock = new Map([
    [1, 'bolts'],
    [2, 'nuts'],
  ]);

  @Tool({ description: 'How many items are in stock.' })
  count(): number {
    return this.stock.size;
  }

  @Prompt({ description: 'Ask for a restock plan.' })
  restockPlan(@Param({ type: Int32, description: 'Days ahead' }) days: number): string {
    return `Plan the restock of ${[...this.stock.values()].join(', ')} for the next ${days} days.`;
  }

  @Resource('inventory://all', { mimeType: 'application/json', description: 'Everything in stock.' })
  all(): unknown {
    return Object.fromEntries(this.stock);
  }

  @ResourceTemplate('inventory://items/{id}', { description: 'One item.' })
  item(@Param({ type: Int32 }) id: number): string {
    return this.stock.get(id) ?? 'none';
  }
}

let made = 0;

@Injectable({ scope: Scope.REQUEST })
class Greeter {
  readonly n = ++made;

  @Prompt({ description: 'Greets.' })
  greet(name: string): string {
    return `Hello ${name} from instance ${this.n}`;
  }
}

@Module({ imports: [ToolsModule.forRoot()], providers: [Inventory, Greeter] })
class AppModule {}

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
  const registry = app.get(ToolRegistry);
  out.registry = {
    tools: registry.list().map((t) => t.name),
    prompts: registry.prompts().map((p) => p.name),
    resources: registry.resources().map((r) => r.uri),
    templates: registry.resourceTemplates().map((t) => t.uriTemplate),
  };

  const handler = registry.mcpHttpHandler({ name: 'inventory', version: '1.0.0' });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  out.capabilities = client.getServerCapabilities();
  out.tools = (await client.listTools()).tools.map((t) => t.name);
  out.prompts = (await client.listPrompts()).prompts;
  out.plan = (await client.getPrompt({ name: 'restock_plan', arguments: { days: '7' } })).messages;
  out.greetings = [
    (await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } })).messages,
    (await client.getPrompt({ name: 'greet', arguments: { name: 'Bob' } })).messages,
  ];
  out.all = (await client.readResource({ uri: 'inventory://all' })).contents;
  out.item = (await client.readResource({ uri: 'inventory://items/2' })).contents;
  out.badItem = await client.readResource({ uri: 'inventory://items/two' }).then(
    () => 'read',
    (e: Error) => e.message,
  );
  await client.close();
  server.closeAllConnections();
  server.close();
  await app.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
