// Source: https://github.com/novuhq/novu apps/api/src/app/inbox/dtos/subscriber-session-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
import { IsDefined, IsOptional, IsString } from 'class-validator';

export class SubscriberSessionRequestDto {
  @IsString()
  @IsDefined()
  readonly applicationIdentifier: string;

  @IsString()
  @IsDefined()
  readonly subscriberId: string;

  @IsString()
  @IsOptional()
  readonly subscriberHash?: string;
}
