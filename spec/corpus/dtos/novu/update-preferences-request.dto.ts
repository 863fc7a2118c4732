// Source: https://github.com/novuhq/novu apps/api/src/app/inbox/dtos/update-preferences-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
import { IsBoolean, IsOptional } from 'class-validator';

export class UpdatePreferencesRequestDto {
  @IsOptional()
  @IsBoolean()
  readonly email?: boolean;

  @IsOptional()
  @IsBoolean()
  readonly sms?: boolean;

  @IsOptional()
  @IsBoolean()
  readonly in_app?: boolean;

  @IsOptional()
  @IsBoolean()
  readonly chat?: boolean;

  @IsOptional()
  @IsBoolean()
  readonly push?: boolean;
}
