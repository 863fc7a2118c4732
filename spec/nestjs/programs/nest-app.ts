/**
 * A NestJS 12 application as teams write them, serving tools, prompts and resources over MCP
 * (`ToolsModule.forRoot({ mcp })` on @nestjs/platform-express), called by the real MCP SDK client:
 * a global TransformInterceptor (the `{ statusCode, data }` envelope of REST answers), a global
 * exception filter that writes HTTP error bodies, a guarded REST controller beside the endpoint, and
 * services that throw Nest's HttpExceptions. Also: `@Tool` on a controller, and the start's log.
 * Prints one JSON object that spec/nestjs/nest-app.spec.ts checks.
 */
import 'reflect-metadata';
import {
  Catch,
  Controller,
  Get,
  HttpException,
  Injectable,
  Module,
  NotFoundException,
  Param as RouteParam,
  UnprocessableEntityException,
  UseGuards,
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type LoggerService,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { map, type Observable } from 'rxjs';
import { Prompt, Resource, ResourceTemplate, Tool } from 'tool-signatures';
import { ToolsModule } from 'tool-signatures/nestjs';

// ---- the application's global enhancers

/** The REST envelope, as many applications write it: for HTTP answers, and nothing else. */
@Injectable()
class TransformInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((data: unknown) => ({ statusCode: context.switchToHttp().getResponse<{ statusCode: number }>().statusCode, data })));
  }
}

/** The same envelope written for HTTP only, without looking at the context's type. */
@Injectable()
class NaiveTransformInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((data: unknown) => ({ statusCode: 200, data })));
  }
}

/** Writes an HTTP error body: a filter of HTTP answers (it would throw on anything else). */
@Catch(HttpException)
class HttpErrorFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<{ status(code: number): { json(body: unknown): void } }>();
    response.status(exception.getStatus()).json({ error: exception.message, filtered: true });
  }
}

/** REST callers need the API key. */
@Injectable()
class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers['x-api-key'] === 'k1';
  }
}

// ---- the application's services and controller

const ORDERS: Record<string, string> = { 'A-1': 'two bolts' };

@Injectable()
class OrdersService {
  @Tool({ description: 'Find an order.' })
  findOrder(id: string): string {
    const order = ORDERS[id];
    if (order === undefined) throw new NotFoundException(`Order ${id} was not found`);
    return order;
  }

  @Tool({ description: 'Cancel an order.' })
  cancelOrder(id: string): string {
    throw new UnprocessableEntityException(`Order ${id} has shipped and cannot be cancelled`);
  }

  @Tool({ description: 'Every order.' })
  listOrders(): string[] {
    return Object.keys(ORDERS);
  }

  @ResourceTemplate('orders://{id}', { mimeType: 'text/plain' })
  order(id: string): string {
    return this.findOrder(id);
  }

  @Resource('orders://latest', { mimeType: 'text/plain' })
  latest(): string {
    throw new NotFoundException('No order yet today');
  }

  @Prompt({ description: 'Summarise an order.' })
  summarise(id: string): string {
    return `Summarise order ${id}.`;
  }
}

@Controller('orders')
@UseGuards(ApiKeyGuard)
class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get(':id')
  find(@RouteParam('id') id: string): string {
    return this.orders.findOrder(id);
  }
}

/** Keeps what Nest's logger is given. */
function recordingLogger(lines: string[]): LoggerService {
  const keep =
    (level: string) =>
    (message: unknown, ...rest: unknown[]) =>
      void lines.push(`${level} [${String(rest[rest.length - 1])}] ${String(message)}`);
  return { log: keep('log'), error: keep('error'), warn: keep('warn'), debug: keep('debug'), verbose: keep('verbose'), fatal: keep('fatal') };
}

const enhancers = (interceptor: Type<NestInterceptor>) => [
  { provide: APP_INTERCEPTOR, useClass: interceptor },
  { provide: APP_FILTER, useClass: HttpErrorFilter },
];

@Module({
  imports: [ToolsModule.forRoot({ mcp: { path: '/mcp' } })],
  controllers: [OrdersController],
  providers: [OrdersService, ...enhancers(TransformInterceptor)],
})
class AppModule {}

@Module({
  imports: [ToolsModule.forRoot({ mcp: { path: '/mcp' } })],
  controllers: [OrdersController],
  providers: [OrdersService, ...enhancers(NaiveTransformInterceptor)],
})
class NaiveAppModule {}

/** A controller with a tool method. */
@Controller('stock')
class StockController {
  @Tool({ description: 'Stock of an item.' })
  @Get(':sku')
  stock(sku: string): number {
    return sku.length;
  }
}

@Module({ imports: [ToolsModule.forRoot()], controllers: [StockController] })
class ControllerToolModule {}

const text = (result: unknown): unknown => {
  const r = result as { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
  return [r.isError ?? false, r.content.map((c) => c.text).join('\n')];
};
/** A JSON-RPC error as the client received it: its code, message and data. */
const refusal = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'answered',
    (e: { code?: unknown; message?: unknown; data?: unknown }) => ({ code: e.code, message: e.message, data: e.data }),
  );

async function serve(module: Type<unknown>, logs: string[]) {
  const app = await NestFactory.create(module, { logger: recordingLogger(logs), abortOnError: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  return { app, base, client };
}

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const logs: string[] = [];
  const { app, base, client } = await serve(AppModule, logs);
  out.tools = [
    text(await client.callTool({ name: 'find_order', arguments: { id: 'A-1' } })),
    text(await client.callTool({ name: 'list_orders', arguments: {} })),
    text(await client.callTool({ name: 'find_order', arguments: { id: 'A-9' } })),
    text(await client.callTool({ name: 'cancel_order', arguments: { id: 'A-1' } })),
  ];
  out.resources = [
    (await client.readResource({ uri: 'orders://A-1' })).contents,
    await refusal(client.readResource({ uri: 'orders://A-9' })),
    await refusal(client.readResource({ uri: 'orders://latest' })),
  ];
  // The same reads as an MCP 2026-07-28 client sends them (no session, the revision in _meta), and a URI nothing serves.
  out.modernResources = [];
  for (const uri of ['orders://A-9', 'orders://latest', 'nothing://here']) {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'resources/read',
        'mcp-name': uri,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'resources/read',
        params: { uri, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      }),
    });
    (out.modernResources as unknown[]).push([res.status, ((await res.json()) as { error?: unknown }).error]);
  }
  out.prompt = (await client.getPrompt({ name: 'summarise', arguments: { id: 'A-1' } })).messages;
  // The application's REST routes keep their enhancers: the guard, the envelope, the filter.
  out.rest = await Promise.all([
    fetch(`${base}/orders/A-1`).then(async (r) => [r.status, await r.json()]),
    fetch(`${base}/orders/A-1`, { headers: { 'x-api-key': 'k1' } }).then(async (r) => [r.status, await r.json()]),
    fetch(`${base}/orders/A-9`, { headers: { 'x-api-key': 'k1' } }).then(async (r) => [r.status, await r.json()]),
  ]);
  out.logged = logs.filter((l) => l.includes('[ToolsModule]'));
  await client.close();
  await app.close();

  // The envelope written without looking at the context's type: a global interceptor, so the REST route's answer only.
  const naive = await serve(NaiveAppModule, []);
  out.naive = [
    text(await naive.client.callTool({ name: 'find_order', arguments: { id: 'A-1' } })),
    text(await naive.client.callTool({ name: 'list_orders', arguments: {} })),
    (await naive.client.readResource({ uri: 'orders://A-1' })).contents,
    (await naive.client.getPrompt({ name: 'summarise', arguments: { id: 'A-1' } })).messages,
    await fetch(`${naive.base}/orders/A-1`, { headers: { 'x-api-key': 'k1' } }).then(async (r) => [r.status, await r.json()]),
  ];
  await naive.client.close();
  await naive.app.close();

  out.controllerTool = await NestFactory.createApplicationContext(ControllerToolModule, { logger: false, abortOnError: false }).then(
    async (ctx) => {
      await ctx.close();
      return 'started';
    },
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
