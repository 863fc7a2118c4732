// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-asset-profile.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { IsCurrencyCode } from './_support';

import { AssetClass, AssetSubClass, DataSource, Prisma } from './_support';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEnum,
  IsOptional,
  IsString,
  IsUrl,
  ValidateNested
} from 'class-validator';

import { CountryDto } from './country.dto';
import { HoldingDto } from './holding.dto';
import { SectorDto } from './sector.dto';

export class CreateAssetProfileDto {
  @IsEnum(AssetClass)
  @IsOptional()
  assetClass?: AssetClass;

  @IsEnum(AssetSubClass)
  @IsOptional()
  assetSubClass?: AssetSubClass;

  @IsOptional()
  @IsString()
  comment?: string;

  @IsArray()
  @IsOptional()
  @Type(() => CountryDto)
  @ValidateNested({ each: true })
  countries?: Prisma.InputJsonArray;

  @IsCurrencyCode()
  currency: string;

  @IsOptional()
  @IsString()
  cusip?: string;

  @IsEnum(DataSource)
  dataSource: DataSource;

  @IsOptional()
  @IsString()
  figi?: string;

  @IsOptional()
  @IsString()
  figiComposite?: string;

  @IsOptional()
  @IsString()
  figiShareClass?: string;

  @IsArray()
  @IsOptional()
  @Type(() => HoldingDto)
  @ValidateNested({ each: true })
  holdings?: Prisma.InputJsonArray;

  @IsBoolean()
  @IsOptional()
  isActive?: boolean;

  @IsOptional()
  @IsString()
  isin?: string;

  @IsOptional()
  @IsString()
  name?: string;

  @IsArray()
  @IsOptional()
  @Type(() => SectorDto)
  @ValidateNested({ each: true })
  sectors?: Prisma.InputJsonArray;

  @IsString()
  symbol: string;

  @IsOptional()
  @IsUrl({
    protocols: ['http', 'https'],
    require_protocol: true
  })
  url?: string;
}
