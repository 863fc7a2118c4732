// Source: https://github.com/ghostfolio/ghostfolio apps/api/src/dtos/filter.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
import { IsOptional, IsString } from 'class-validator';

export class FilterDto {
  @IsOptional()
  @IsString()
  accounts?: string;

  @IsOptional()
  @IsString()
  assetClasses?: string;

  @IsOptional()
  @IsString()
  dataSource?: string;

  @IsOptional()
  @IsString()
  symbol?: string;

  @IsOptional()
  @IsString()
  tags?: string;
}
