/**
 * A real NestJS 12 application context (ES module only; loaded here through require(esm), as a
 * CommonJS Nest app on Node 20 loads it) with ToolsModule, and a real Nest HTTP application
 * (@nestjs/platform-express) serving forRoot({ mcp }). Prints one JSON object that
 * spec/nestjs/nestjs.spec.ts checks.
 */
import 'reflect-metadata';
import { Controller, Get, Inject, Injectable, Module, Scope, type INestApplicationContext, type LoggerService } from '@nestjs/common';
import { NestFactory, REQUEST } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Description, Int32, Param, Range, Tool, ToolContext, runToolCalls } from 'tool-signatures';
import { ToolRegistry, ToolsModule, TOOLS_MODULE_OPTIONS, type ToolsModuleOptions } from 'tool-signatures/nestjs';

// ---- catalogue module: a plain service and a tool provider that injects it

@Injectable()
class PriceBook {
  price(sku: string): number {
    return sku.startsWith('BOLT') ? 0.25 : 1.5;
  }
}

@Injectable()
class CatalogueTools {
  constructor(private readonly prices: PriceBook) {}

  @Tool({ description: 'Look an item up.' })
  lookup(@Description('Catalogue SKU.') sku: string) {
    return { sku, price: this.prices.price(sku) };
  }
}

@Module({ providers: [PriceBook, CatalogueTools], exports: [PriceBook] })
class CatalogueModule {}

// ---- orders module: a tool provider that injects the other module's provider, and reaches a service through ToolContext

@Injectable()
class AuditLog {
  readonly lines: string[] = [];
}

@Injectable()
class OrderTools {
  constructor(private readonly prices: PriceBook) {}

  @Tool({ description: 'Place an order.', parallelSafe: false })
  placeOrder(sku: string, @Range(1, 100) @Param({ type: Int32 }) qty: number, ctx: ToolContext): string {
    const total = this.prices.price(sku) * qty;
    ctx.services.get<AuditLog>(AuditLog)?.lines.push(`${qty} × ${sku}`);
    ctx.addCost({ label: 'order', amount: total, unit: 'EUR' });
    return `ordered ${qty} × ${sku} for ${total.toFixed(2)} EUR`;
  }
}

/** Request-scoped: resolved per call, with the call's request as REQUEST. */
@Injectable({ scope: Scope.REQUEST })
class SessionTools {
  static created = 0;
  readonly id = ++SessionTools.created;
  constructor(@Inject(REQUEST) private readonly request: { user?: string; headers?: Record<string, string | string[] | undefined> } | undefined) {}

  @Tool({ description: 'Who is asking.' })
  whoami(): string {
    return `${this.request?.user ?? this.request?.headers?.['x-user'] ?? 'anonymous'} (instance ${this.id})`;
  }
}

@Module({ imports: [CatalogueModule], providers: [AuditLog, OrderTools, SessionTools] })
class OrdersModule {}

@Module({ imports: [ToolsModule.forRoot(), CatalogueModule, OrdersModule] })
class AppModule {}

// ---- a third module whose provider reuses the name 'lookup'

@Injectable()
class OtherLookup {
  @Tool({ description: 'Another lookup.' })
  lookup(id: string): string {
    return id;
  }
}

@Module({ providers: [OtherLookup] })
class OtherModule {}

@Module({ imports: [ToolsModule.forRoot(), CatalogueModule, OtherModule] })
class ClashingAppModule {}

@Module({ imports: [ToolsModule.forRoot({ scoped: 'refuse' }), CatalogueModule, OrdersModule] })
class RefusingAppModule {}

@Injectable()
class Settings {
  readonly maxTextLength = 40;
}

@Module({ providers: [Settings], exports: [Settings] })
class SettingsModule {}

@Module({
  imports: [
    ToolsModule.forRootAsync({
      imports: [SettingsModule],
      inject: [Settings],
      useFactory: (s: Settings): ToolsModuleOptions => ({ limits: { maxTextLength: s.maxTextLength } }),
    }),
    CatalogueModule,
  ],
})
class AsyncAppModule {}

/** The application's own routes, beside the MCP endpoint that ToolsModule mounts. */
@Controller('health')
class HealthController {
  @Get()
  health(): { ok: boolean } {
    return { ok: true };
  }
}

@Module({
  imports: [ToolsModule.forRoot({ mcp: { path: '/tools/mcp', info: { name: 'shop', version: '2.0.0' } } }), CatalogueModule],
  controllers: [HealthController],
})
class McpAppModule {}

/** Keeps what Nest's logger is given (the app's `logger` option), for the warnings' text. */
function recordingLogger(lines: string[]): LoggerService {
  const keep =
    (level: string) =>
    (message: unknown, ...rest: unknown[]) =>
      void lines.push(`${level} [${String(rest[rest.length - 1])}] ${String(message)}`);
  return { log: keep('log'), error: keep('error'), warn: keep('warn'), debug: keep('debug'), verbose: keep('verbose'), fatal: keep('fatal') };
}

const quiet = { logger: false as const, abortOnError: false };
const text = (r: { parts: readonly { type: string }[] }) =>
  r.parts.map((p) => ('text' in p ? p.text : JSON.stringify((p as unknown as { value: unknown }).value))).join('\n');
const failure = (p: Promise<INestApplicationContext>) =>
  p.then(
    async (app) => {
      await app.close();
      return 'started';
    },
    (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
  );

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const app = await NestFactory.createApplicationContext(AppModule, quiet);
  const registry = app.get(ToolRegistry);

  out.tools = registry.list().map((t) => t.name);
  out.sameRegistryEverywhere = app.get(ToolRegistry, { strict: false }) === app.select(OrdersModule).get(ToolRegistry, { strict: false });
  out.lookup = text(await registry.invoke('lookup', { sku: 'BOLT-M8' }));
  out.order = text(await registry.invoke('place_order', '{"sku":"BOLT-M8","qty":8}'));
  out.badOrder = [
    (await registry.invoke('place_order', { sku: 'BOLT-M8', qty: 0 })).isError,
    text(await registry.invoke('place_order', { sku: 'BOLT-M8', qty: 0 })),
  ];
  out.audit = app.get(AuditLog, { strict: false }).lines;

  // Request scope: a new instance per call, the given request as REQUEST, one instance per request.
  out.whoami = [text(await registry.invoke('whoami', {})), text(await registry.invoke('whoami', {}))];
  const request = { user: 'ana' };
  out.whoamiInRequest = [text(await registry.invoke('whoami', {}, { request })), text(await registry.invoke('whoami', {}, { request }))];
  const context = registry.createContext();
  const turn = await registry.withRequest({ user: 'bo' }, () =>
    runToolCalls(
      registry,
      [
        { id: 'c1', name: 'whoami', arguments: '{}' },
        { id: 'c2', name: 'place_order', arguments: '{"sku":"NUT-M8","qty":2}' },
      ],
      { context },
    ),
  );
  out.turn = turn.results.map((r) => [r.id, text(r.result)]);
  out.turnCosts = context.costs.map((c) => `${c.label} ${c.amount} ${c.unit}`);

  // MCP over the registry's handler, with a real MCP client.
  const handler = registry.mcpHttpHandler({ name: 'shop', version: '1.0.0' });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`), {
      requestInit: { headers: { 'x-user': 'cy' } },
    }),
  );
  out.mcpTools = (await client.listTools()).tools.map((t) => t.name);
  const mcpBad = await client.callTool({ name: 'place_order', arguments: { sku: 'X', qty: 1000 } });
  const mcpWho = await client.callTool({ name: 'whoami', arguments: {} });
  out.mcpCalls = [
    [mcpBad.isError, mcpBad.content],
    [mcpWho.isError ?? false, (mcpWho.content as { text: string }[])[0]?.text.replace(/instance \d+/, 'instance n')],
  ];
  await client.close();
  server.closeAllConnections();
  server.close();
  await app.close();

  // forRoot({ mcp }) on a real Nest HTTP application (Express, with Nest's own body parser), on a
  // free port: the real MCP client reaches the endpoint at its path; the app's routes still answer.
  const httpApp = await NestFactory.create(McpAppModule, { logger: false, abortOnError: false });
  await httpApp.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(httpApp.getHttpServer().address() as AddressInfo).port}`;
  const mountClient = new Client({ name: 'test', version: '1.0.0' });
  await mountClient.connect(new StreamableHTTPClientTransport(new URL(`${base}/tools/mcp`)));
  const served = await mountClient.callTool({ name: 'lookup', arguments: { sku: 'NUT-M8' } });
  const refused = await mountClient.callTool({ name: 'place_order', arguments: { sku: 'X', qty: 1000 } });
  out.mounted = [
    mountClient.getServerVersion(),
    (await mountClient.listTools()).tools.map((t) => t.name),
    [served.isError ?? false, served.content],
    [refused.isError, refused.content],
    await (await fetch(`${base}/health`)).json(),
    (await fetch(`${base}/elsewhere/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
  ];
  await mountClient.close();
  await httpApp.close();

  // forRoot({ mcp }) in an application context (no HTTP platform: Nest 12 gives a null adapter):
  // the app starts, says in a warning that the endpoint is not served, and its tools still run.
  const warnings: string[] = [];
  out.mcpWithoutHttp = await NestFactory.createApplicationContext(McpAppModule, { logger: recordingLogger(warnings), abortOnError: false }).then(
    async (ctx) => {
      const lookup = text(await ctx.get(ToolRegistry).invoke('lookup', { sku: 'BOLT-M8' }));
      await ctx.close();
      return ['started', lookup, warnings.filter((w) => w.includes('[ToolsModule]'))];
    },
    (e: unknown) => [e instanceof Error ? `${e.name}: ${e.message}` : String(e)],
  );

  out.clash = await failure(NestFactory.createApplicationContext(ClashingAppModule, quiet));
  out.refused = await failure(NestFactory.createApplicationContext(RefusingAppModule, quiet));

  const asyncApp = await NestFactory.createApplicationContext(AsyncAppModule, quiet);
  const asyncRegistry = asyncApp.get(ToolRegistry);
  out.async = [
    asyncRegistry.list().map((t) => t.name),
    asyncApp.get(TOOLS_MODULE_OPTIONS, { strict: false }),
    text(await asyncRegistry.invoke('lookup', JSON.stringify({ sku: 'x'.repeat(50) }))),
  ];
  await asyncApp.close();

  // A call's context can be the caller's own: its services are then the caller's.
  out.ownContext = text(await registry.invoke('lookup', { sku: 'NUT' }, { context: new ToolContext() }));

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
