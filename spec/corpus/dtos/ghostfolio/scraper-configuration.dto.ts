// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/scraper-configuration.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import {
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl
} from 'class-validator';

export class ScraperConfigurationDto {
  @IsNumber()
  @IsOptional()
  defaultMarketPrice?: number;

  @IsObject()
  @IsOptional()
  headers?: { [key: string]: string };

  @IsOptional()
  @IsString()
  locale?: string;

  @IsIn(['instant', 'lazy'])
  @IsOptional()
  mode?: 'instant' | 'lazy';

  @IsString()
  selector: string;

  @IsUrl({
    protocols: ['http', 'https'],
    require_protocol: true
  })
  url: string;
}
