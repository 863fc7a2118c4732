import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsObject, Length, Max, Min, ValidateNested } from 'class-validator';
import { Param, Tool } from 'tool-signatures';

/**
 * The workload's types and the trivial methods every case calls. The DTOs carry class-validator
 * rules (ours reads them into the schema and enforces them; the class-transformer +
 * class-validator case runs them); the floor and the other peers build the same classes by hand.
 */

export enum Priority {
  Low = 'Low',
  High = 'High',
}

export class OrderLine {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
}

export class Address {
  @Length(1, 64) city!: string;
  @Length(1, 16) postcode!: string;
}

export class BulkLine {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
  @IsObject() @ValidateNested() @Type(() => Address) shipTo!: Address;
}

/** What the trivial methods return: a small JSON object, the same for every case. */
export interface OrderSummary {
  readonly docketId: string;
  readonly lines: number;
  readonly units: number;
  readonly due: number;
}

function summary(docketId: string, items: readonly { qty: number }[], due: Date): OrderSummary {
  let units = 0;
  for (let i = 0; i < items.length; i++) units += items[i]!.qty;
  return { docketId, lines: items.length, units, due: due.getTime() };
}

/** The tool class: ours builds its definitions; every peer calls the same instance's methods. */
export class Orders {
  /** When set, the arguments of the last call are kept in `last` (the equivalence spec reads them). */
  record = false;
  last: readonly unknown[] = [];

  @Tool()
  async placeOrder(
    @Param({ minLength: 1, maxLength: 32 }) docketId: string,
    @Param({ type: () => [OrderLine] }) items: OrderLine[],
    @Param({ enum: Priority }) priority: Priority,
    due: Date,
  ): Promise<OrderSummary> {
    if (this.record) this.last = [docketId, items, priority, due];
    return summary(docketId, items, due);
  }

  @Tool()
  async placeBulkOrder(
    @Param({ minLength: 1, maxLength: 32 }) docketId: string,
    @Param({ type: () => [BulkLine] }) items: BulkLine[],
    @Param({ enum: Priority }) priority: Priority,
    due: Date,
  ): Promise<OrderSummary> {
    if (this.record) this.last = [docketId, items, priority, due];
    return summary(docketId, items, due);
  }
}

/**
 * A fresh tool class and a fresh DTO class, decorated exactly as `Orders.placeOrder` and
 * `OrderLine` (the cold build measures definitions of classes the library has never seen).
 */
export function freshToolClass(): new () => object {
  class Line {
    @Length(1, 32) sku!: string;
    @IsInt() @Min(1) @Max(1000) qty!: number;
  }
  class FreshOrders {
    @Tool()
    async placeOrder(
      @Param({ minLength: 1, maxLength: 32 }) docketId: string,
      @Param({ type: () => [Line] }) items: Line[],
      @Param({ enum: Priority }) priority: Priority,
      due: Date,
    ): Promise<OrderSummary> {
      return summary(docketId, items, due);
    }
  }
  return FreshOrders;
}
