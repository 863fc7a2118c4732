import 'reflect-metadata';
import { IsInt, Length, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { Param, Tool } from 'tool-signatures';
import { classToolSpecs } from '../../lib/schema/class-tools';

class Line {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) qty!: number;
}
class Order {
  @Length(1, 16) id!: string;
  @Type(() => Line) lines!: Line[];
}

/** A class of 200 tools with DTO parameters, declared the way a decorator-heavy service would be. */
function makeBigService(): new () => object {
  class Big {}
  for (let i = 0; i < 200; i++) {
    const key = `handleOrder${i}`;
    const fn = {
      [key](this: unknown, order: Order, note = 'x') {
        return [order, note];
      },
    }[key]!;
    Object.defineProperty(Big.prototype, key, { value: fn, writable: true, configurable: true });
    const desc = Object.getOwnPropertyDescriptor(Big.prototype, key)!;
    Reflect.defineMetadata('design:paramtypes', [Order, Object], Big.prototype, key);
    Param({ type: Order })(Big.prototype, key, 0);
    Tool({ description: `Handle order ${i}` })(Big.prototype, key, desc);
  }
  return Big;
}

describe('Caching', () => {
  it('a class of 200 tools builds its definitions once; another instance reuses them', () => {
    const Big = makeBigService();
    const first = Tool.fromInstance(new Big());
    const specs = classToolSpecs(Big);
    const second = Tool.fromInstance(new Big());
    expect(first).toHaveLength(200);
    expect(first[199]!.name).toBe('handle_order199');
    // The same frozen schema objects and the same cached specs: nothing was built twice.
    expect(classToolSpecs(Big)).toBe(specs);
    second.forEach((t, i) => expect(t.inputSchema).toBe(first[i]!.inputSchema));
    // The DTO's fragment is built once per class and shared by every tool that takes it.
    const orderOf = (t: (typeof first)[number]) => (t.inputSchema.properties as Record<string, unknown>).order;
    expect(orderOf(first[0]!)).toEqual(orderOf(first[199]!));
    // Each definition is bound to its own instance.
    expect(first[0]).not.toBe(second[0]);
  });
});
