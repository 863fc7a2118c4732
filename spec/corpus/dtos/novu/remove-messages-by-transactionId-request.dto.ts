// Source: https://github.com/novuhq/novu apps/api/src/app/messages/dtos/remove-messages-by-transactionId-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { ChannelTypeEnum } from './_support';
import { IsEnum, IsOptional } from 'class-validator';

export class DeleteMessageByTransactionIdRequestDto {
  @IsOptional()
  @IsEnum(ChannelTypeEnum)
  channel?: ChannelTypeEnum;
}
