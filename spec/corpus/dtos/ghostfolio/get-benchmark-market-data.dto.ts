// Source: https://github.com/ghostfolio/ghostfolio apps/api/src/app/endpoints/benchmarks/get-benchmark-market-data.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules point to ./_support (stand-ins, named there) or into this folder.
import { DateRangeFilterDto } from './date-range-filter.dto';

import { Transform, TransformFnParams } from 'class-transformer';
import { IsBoolean } from 'class-validator';

export class GetBenchmarkMarketDataDto extends DateRangeFilterDto {
  @IsBoolean()
  @Transform(({ value }: TransformFnParams) => {
    return value === 'true';
  })
  withExcludedAccounts? = false;
}
