// Source: https://github.com/novuhq/novu apps/api/src/app/shared/dtos/cursor-pagination-request.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { Type } from 'class-transformer';
import { IsInt, IsMongoId, IsOptional, Max, Min } from 'class-validator';

import type { Constructor, CursorPaginationParams } from './_support';

export function CursorPaginationRequestDto(defaultLimit = 10, maxLimit = 100): Constructor<CursorPaginationParams> {
  class CursorPaginationRequest {
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(maxLimit)
    limit = defaultLimit;

    @IsOptional()
    @IsMongoId({
      message: 'The after cursor must be a valid MongoDB ObjectId',
    })
    after?: string;

    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(0)
    offset = 0;
  }

  return CursorPaginationRequest;
}
