// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-asset-profile-with-market-data.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { MarketData } from './_support';

import { DataSource } from './_support';
import { IsArray, IsIn, IsOptional } from 'class-validator';

import { CreateAssetProfileDto } from './create-asset-profile.dto';

export class CreateAssetProfileWithMarketDataDto extends CreateAssetProfileDto {
  @IsIn([DataSource.MANUAL], {
    message: `dataSource must be '${DataSource.MANUAL}'`
  })
  override dataSource: DataSource;

  @IsArray()
  @IsOptional()
  marketData?: MarketData[];
}
