// Source: https://github.com/novuhq/novu apps/api/src/app/inbox/dtos/get-notifications-count-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
import { BadRequestException } from './_support';
import { IsArray, IsDefined, ValidateNested, IsBoolean, IsOptional, IsString, ArrayMaxSize } from 'class-validator';
import { plainToClass, Transform, Type } from 'class-transformer';
import { NotificationFilter } from './_support';

export class NotificationsFilter implements NotificationFilter {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsBoolean()
  read?: boolean;

  @IsOptional()
  @IsBoolean()
  archived?: boolean;
}

export class GetNotificationsCountRequestDto {
  @IsDefined()
  @Transform(({ value }) => {
    try {
      const filters = JSON.parse(value);
      if (Array.isArray(filters)) {
        return filters.map((el) => plainToClass(NotificationsFilter, el));
      }

      return filters;
    } catch (e) {
      throw new BadRequestException('Invalid filters, the JSON object should be provided.');
    }
  })
  @IsArray()
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => NotificationsFilter)
  filters: NotificationsFilter[];
}
