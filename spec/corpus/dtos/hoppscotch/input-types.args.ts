// Source: https://github.com/hoppscotch/hoppscotch packages/hoppscotch-backend/src/types/input-types.args.ts @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
// @nestjs/swagger decorators stripped with their import: @nestjs/swagger is not installed here.
// @nestjs/graphql decorators (@ArgsType, @InputType, @Field) stripped with their import: not installed here.
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';

export class PaginationArgs {
  @IsString()
  @IsOptional()
  cursor: string;

  @IsInt()
  @Min(1)
  @IsOptional()
  @Type(() => Number)
  take: number = 10;
}

export class OffsetPaginationArgs {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Type(() => Number)
  skip: number = 0;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Type(() => Number)
  take: number = 10;
}
