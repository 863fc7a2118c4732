// Written after order DTOs of public NestJS projects built with the swagger CLI plugin: nested lines with
// @ValidateNested and @Type, an enum, a list with @IsArray() alone, and `T | null` slots only the plugin types.
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsEnum, IsInt, IsNotEmpty, IsOptional, IsPositive, IsString, Max, ValidateNested } from 'class-validator';

export enum OrderStatus {
  Draft = 'draft',
  Placed = 'placed',
}

export class OrderLineDto {
  @IsString()
  @IsNotEmpty()
  sku: string;

  @IsInt()
  @IsPositive()
  @Max(1000)
  quantity: number;
}

export class AddressDto {
  @IsString()
  street: string;

  @IsString()
  city: string;
}

export class CreateOrderDto {
  /** Who orders */
  @IsNotEmpty()
  customerId: string | null;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  lines: OrderLineDto[];

  @IsOptional()
  @IsEnum(OrderStatus)
  status?: OrderStatus;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  shipTo?: AddressDto | null;

  @IsOptional()
  @IsArray()
  tags?: string[];
}
