import { Inject, Injectable, Module, Scope } from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { Int32, Param, Range, Tool, ToolContext } from 'tool-signatures';
import { CatalogueModule, PriceBook } from './catalogue.module';

@Injectable()
export class OrderBook {
  readonly orders: string[] = [];
}

/** Request-scoped: ToolRegistry resolves it per call, in the call's request (its REQUEST). */
@Injectable({ scope: Scope.REQUEST })
export class OrderTools {
  constructor(
    private readonly prices: PriceBook,
    @Inject(REQUEST) private readonly request: { user: string } | undefined,
  ) {}

  @Tool({ description: 'Place an order. Returns its number.', parallelSafe: false })
  placeOrder(sku: string, @Range(1, 1000) @Param({ type: Int32 }) qty: number, ctx: ToolContext): string {
    const price = this.prices.price(sku);
    if (price === undefined) throw new RangeError(`no item ${sku}`);
    const book = ctx.services.get<OrderBook>(OrderBook); // any provider of the application, for this call
    book?.orders.push(`${qty} × ${sku}`);
    ctx.addCost({ label: 'order total', amount: price * qty, unit: 'EUR' });
    return `order ${1000 + (book?.orders.length ?? 0)} for ${this.request?.user ?? 'nobody'}: ${qty} × ${sku}`;
  }
}

@Module({ imports: [CatalogueModule], providers: [OrderBook, OrderTools] })
export class OrdersModule {}
