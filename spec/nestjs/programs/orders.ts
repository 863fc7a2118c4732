/**
 * A NestJS 12 application as a new user writes it: an orders service and a customers service, each
 * with `create` and `list` methods over class-validator DTOs written for `ValidationPipe` (no change
 * made to them for tools), served as tools over MCP by `ToolsModule.forRoot({ input: 'dto', prefix,
 * mcp })` on a real Nest HTTP application (@nestjs/platform-express), called by the real MCP SDK
 * client. Prints one JSON object that spec/nestjs/dto-input.spec.ts checks.
 */
import 'reflect-metadata';
import { Body, Controller, Injectable, Module, Post, ValidationPipe, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { Type } from 'class-transformer';
import { ArrayNotEmpty, IsEmail, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { Tool } from 'tool-signatures';
import { ToolsModule } from 'tool-signatures/nestjs';

// ---- the DTOs, as the team wrote them for its controllers

class OrderLineDto {
  @IsString() sku!: string;
  @IsInt() @Min(1) qty!: number;
}

class CreateOrderDto {
  @IsString() customerId!: string;
  @ArrayNotEmpty() @ValidateNested({ each: true }) @Type(() => OrderLineDto) lines!: OrderLineDto[];
}

class ListOrdersDto {
  @IsOptional() @IsIn(['open', 'shipped']) status?: string;
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
}

class CreateCustomerDto {
  @IsString() @MinLength(2) name!: string;
  @IsEmail({}, { message: 'use your work address' }) email!: string;
  @IsOptional() @IsInt() @Min(18) age?: number;
}

class ListCustomersDto {
  @IsOptional() @IsString() search?: string;
}

// ---- the services: the same methods the controllers call, marked as tools

@Injectable()
class OrdersService {
  readonly orders: { id: number; customerId: string; lines: OrderLineDto[]; status: string }[] = [];

  @Tool({ description: 'Place an order.' })
  create(dto: CreateOrderDto) {
    const order = { id: this.orders.length + 1, customerId: dto.customerId, lines: dto.lines, status: 'open' };
    this.orders.push(order);
    return { id: order.id, lines: dto.lines.length, instance: dto instanceof CreateOrderDto && dto.lines[0] instanceof OrderLineDto };
  }

  @Tool({ description: 'List orders.' })
  list(query: ListOrdersDto) {
    return this.orders
      .filter((o) => query.status === undefined || o.status === query.status)
      .slice(0, query.limit ?? 100)
      .map((o) => o.id);
  }
}

@Injectable()
class CustomersService {
  readonly customers: { name: string; email: string }[] = [];

  @Tool({ description: 'Register a customer.' })
  create(dto: CreateCustomerDto) {
    this.customers.push({ name: dto.name, email: dto.email });
    return `customer ${this.customers.length}: ${dto.name}`;
  }

  @Tool({ description: 'List customers.' })
  list(query: ListCustomersDto) {
    return this.customers.filter((c) => query.search === undefined || c.name.includes(query.search)).map((c) => c.name);
  }
}

@Controller('orders')
class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post()
  create(@Body(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true })) dto: CreateOrderDto) {
    return this.orders.create(dto);
  }
}

@Module({ providers: [OrdersService], controllers: [OrdersController] })
class OrdersModule {}

@Module({ providers: [CustomersService] })
class CustomersModule {}

/** Each provider's tools are named after its module: `orders_create`, `customers_list`. */
const moduleName = ({ module }: { module: Function | undefined }) => module?.name.replace(/Module$/, '').toLowerCase();

@Module({ imports: [ToolsModule.forRoot({ input: 'dto', prefix: moduleName, mcp: { path: '/mcp' } }), OrdersModule, CustomersModule] })
class AppModule {}

/** The same application without prefixes: the two `list` methods clash at start, as before. */
@Module({ imports: [ToolsModule.forRoot({ input: 'dto' }), OrdersModule, CustomersModule] })
class UnprefixedModule {}

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
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const listed = (await client.listTools()).tools;
  out.tools = listed.map((t) => t.name);
  out.schemas = Object.fromEntries(listed.map((t) => [t.name, JSON.stringify(t.inputSchema)]));
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    return [r.isError ?? false, (r.content as { type: string; text?: string }[]).map((c) => c.text).join('\n')];
  };
  out.calls = {
    customersCreate: await call('customers_create', { name: 'Ada', email: 'ada@example.com', age: 36 }),
    customersList: await call('customers_list', {}),
    ordersCreate: await call('orders_create', { customerId: 'c1', lines: [{ sku: 'BOLT', qty: 2 }] }),
    ordersListAll: await call('orders_list', {}),
    ordersListOpen: await call('orders_list', { status: 'open', limit: 10 }),
    badCustomer: await call('customers_create', { name: 'A', email: 'ada', age: 17 }),
    badOrder: await call('orders_create', { customerId: 'c1', lines: [{ sku: 'BOLT', qty: 0 }], dto: {} }),
  };
  // The controller takes the same DTO, unchanged, through ValidationPipe.
  const posted = await fetch(`${base}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerId: 'c2', lines: [{ sku: 'NUT', qty: 1 }] }),
  });
  out.controller = [posted.status, await posted.json()];
  await client.close();
  await app.close();
  out.unprefixed = await failure(NestFactory.createApplicationContext(UnprefixedModule, { logger: false, abortOnError: false }));
  process.stdout.write(JSON.stringify(out));
}

main().catch((e: unknown) => {
  process.stderr.write(String(e instanceof Error ? e.stack : e));
  process.exit(1);
});
