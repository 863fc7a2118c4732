import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsArray, IsDate, IsEnum, IsObject, Length, validate, ValidateNested, type ValidationError } from 'class-validator';
import { dateTimeMs } from '../dates';
import { BulkLine, OrderLine, Priority, type Orders } from '../domain';
import { fail, ok, thrown, type BenchResult, type Case } from './result';

/**
 * What a NestJS `ValidationPipe` does: `plainToInstance` of an arguments class, then class-validator
 * `validate` with `whitelist` and `forbidNonWhitelisted` (and class-validator's default
 * `forbidUnknownValues`). The line DTOs are the same classes ours uses. `due` goes through a
 * `@Transform` with the strict date-time parser, then `@IsDate()`: `@Type(() => Date)` alone would
 * take anything `new Date` reads ("2026", "Dec 2 2026", a number), which is not the rule.
 */

function strictDate({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const ms = dateTimeMs(value);
  return ms === ms ? new Date(ms) : value;
}

export class PlaceOrderArgs {
  @Length(1, 32) docketId!: string;
  @IsArray() @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => OrderLine) items!: OrderLine[];
  @IsEnum(Priority) priority!: Priority;
  @Transform(strictDate) @IsDate() due!: Date;
}

export class PlaceBulkOrderArgs {
  @Length(1, 32) docketId!: string;
  @IsArray() @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => BulkLine) items!: BulkLine[];
  @IsEnum(Priority) priority!: Priority;
  @Transform(strictDate) @IsDate() due!: Date;
}

const OPTIONS = { whitelist: true, forbidNonWhitelisted: true } as const;

function message(errors: readonly ValidationError[]): string {
  let e = errors[0];
  let path = e?.property ?? '';
  while (e !== undefined && e.constraints === undefined && e.children !== undefined && e.children.length > 0) {
    e = e.children[0]!;
    path += `.${e.property}`;
  }
  const reason = e?.constraints === undefined ? 'is invalid' : Object.values(e.constraints)[0];
  return `Argument '${path}' ${reason}.`;
}

export function ctcvCase(service: Orders): Case {
  return {
    key: 'ctcv',
    title: 'class-transformer plainToInstance + class-validator validate (whitelist, forbidNonWhitelisted)',
    async small(a: unknown): Promise<BenchResult> {
      const v = plainToInstance(PlaceOrderArgs, a);
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail('The arguments must be a JSON object.');
      const errors = await validate(v, OPTIONS);
      if (errors.length > 0) return fail(message(errors));
      try {
        return ok(await service.placeOrder(v.docketId, v.items, v.priority, v.due));
      } catch (e) {
        return thrown(e);
      }
    },
    async large(a: unknown): Promise<BenchResult> {
      const v = plainToInstance(PlaceBulkOrderArgs, a);
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail('The arguments must be a JSON object.');
      const errors = await validate(v, OPTIONS);
      if (errors.length > 0) return fail(message(errors));
      try {
        return ok(await service.placeBulkOrder(v.docketId, v.items, v.priority, v.due));
      } catch (e) {
        return thrown(e);
      }
    },
  };
}
