// Source: https://github.com/novuhq/novu apps/api/src/app/subscribers/dtos/update-subscriber-global-preferences-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsBoolean, IsOptional, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ChannelPreference } from './channel-preference';

export class UpdateSubscriberGlobalPreferencesRequestDto {
  @IsBoolean()
  @IsOptional()
  enabled?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => ChannelPreference)
  preferences?: ChannelPreference[];
}
