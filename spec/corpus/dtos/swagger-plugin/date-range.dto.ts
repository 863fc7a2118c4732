// Written after the date filters of public NestJS projects: kfirazu/Dispatcher-backend src/news/dtos/dates-dto.ts
// (`@IsOptional() @IsDateString() from?: Date`), and range DTOs declaring `Date` under `@IsDateString()`:
// class-transformer leaves the text as sent, so the rule checks the text and the method gets a string.
import { IsDateString, IsOptional } from 'class-validator';

export class DateRangeDto {
  @IsOptional()
  @IsDateString()
  from?: Date;

  @IsOptional()
  @IsDateString()
  to?: Date;
}

export class CreateBookingDto {
  @IsDateString()
  startsAt: Date;

  @IsDateString({ strict: true })
  endsAt: Date;
}
