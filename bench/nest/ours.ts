import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Param, Tool } from 'tool-signatures';
import { ToolsModule } from 'tool-signatures/nestjs';
import { OrderLine, Orders, Priority, type OrderSummary } from '../domain';
import { urlOf, type Booted } from './booted';

/** Ours: the tool on a provider, `ToolsModule.forRoot({ mcp })` serves it. */
@Injectable()
class OursOrders {
  private readonly orders = new Orders();

  @Tool()
  placeOrder(
    @Param({ minLength: 1, maxLength: 32 }) docketId: string,
    @Param({ type: () => [OrderLine] }) items: OrderLine[],
    @Param({ enum: Priority }) priority: Priority,
    due: Date,
  ): Promise<OrderSummary> {
    return this.orders.placeOrder(docketId, items, priority, due);
  }
}

@Module({ imports: [ToolsModule.forRoot({ mcp: { path: '/mcp', info: { name: 'bench', version: '1.0.0' } } })], providers: [OursOrders] })
class OursModule {}

export async function bootOurs(): Promise<Booted> {
  const app = await NestFactory.create(OursModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: urlOf(app) };
}
