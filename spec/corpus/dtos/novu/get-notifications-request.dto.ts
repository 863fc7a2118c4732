// Source: https://github.com/novuhq/novu apps/api/src/app/inbox/dtos/get-notifications-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { Transform } from 'class-transformer';

import { CursorPaginationRequestDto } from './cursor-pagination-request';
import { NotificationFilter } from './_support';

const LIMIT = {
  DEFAULT: 10,
  MAX: 100,
};

export class GetNotificationsRequestDto
  extends CursorPaginationRequestDto(LIMIT.DEFAULT, LIMIT.MAX)
  implements NotificationFilter
{
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsBoolean()
  @Transform(({ value }) => value === 'true')
  read?: boolean;

  @IsOptional()
  @IsBoolean()
  @Transform(({ value }) => value === 'true')
  archived?: boolean;
}
