import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { McpController, McpStrategy, StreamableHttpTransport, Tool } from '@rekog/mcp-nest';
import { smallSchema } from '../cases/zod';
import { Orders } from '../domain';
import { urlOf, type Booted } from './booted';

/** MCP-Nest's: an `@McpController` with its `@Tool` and the zod schema of the SDK legs. */
@McpController()
class TheirOrders {
  private readonly orders = new Orders();

  @Tool({ name: 'place_order', description: 'Place an order', parameters: smallSchema })
  async placeOrder(@Payload() v: ReturnType<typeof smallSchema.parse>) {
    const summary = await this.orders.placeOrder(v.docketId, v.items, v.priority, v.due);
    return { content: [{ type: 'text', text: JSON.stringify(summary) }] };
  }
}

@Module({ controllers: [TheirOrders] })
class TheirModule {}

/** As MCP-Nest's README: the strategy, its HTTP adapter, the microservice started before `listen`. */
export async function bootMcpNest(): Promise<Booted> {
  const mcp = new McpStrategy({ name: 'bench', version: '1.0.0', transports: [new StreamableHttpTransport()] });
  const app = await NestFactory.create(TheirModule, { logger: false, abortOnError: false });
  mcp.setHttpAdapter(app.getHttpAdapter());
  app.connectMicroservice({ strategy: mcp });
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return { app, url: urlOf(app) };
}
