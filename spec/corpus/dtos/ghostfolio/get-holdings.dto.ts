// Source: https://github.com/ghostfolio/ghostfolio apps/api/src/app/portfolio/get-holdings.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules point to ./_support (stand-ins, named there) or into this folder.
import { DateRangeFilterDto } from './date-range-filter.dto';
import { HoldingType } from './_support';

import { IsIn, IsOptional, IsString } from 'class-validator';

export class GetHoldingsDto extends DateRangeFilterDto {
  @IsIn(['ACTIVE', 'CLOSED'] as HoldingType[])
  @IsOptional()
  holdingType?: HoldingType;

  @IsOptional()
  @IsString()
  query?: string;
}
