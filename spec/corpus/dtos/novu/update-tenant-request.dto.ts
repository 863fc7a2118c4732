// Source: https://github.com/novuhq/novu apps/api/src/app/tenant/dtos/update-tenant-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IUpdateTenantDto, TenantCustomData } from './_support';
import { IsOptional, IsString } from 'class-validator';

export class UpdateTenantRequestDto implements IUpdateTenantDto {
  @IsOptional()
  @IsString()
  identifier?: string;

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  data?: TenantCustomData;
}
