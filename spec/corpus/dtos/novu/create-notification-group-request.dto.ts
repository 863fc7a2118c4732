// Source: https://github.com/novuhq/novu apps/api/src/app/notification-groups/dtos/create-notification-group-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsDefined, IsString } from 'class-validator';

export class CreateNotificationGroupRequestDto {
  @IsString()
  @IsDefined()
  name: string;
}
