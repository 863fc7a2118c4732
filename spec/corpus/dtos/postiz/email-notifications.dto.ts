// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/users/email-notifications.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import { IsBoolean } from 'class-validator';

export class EmailNotificationsDto {
  @IsBoolean()
  sendSuccessEmails: boolean;

  @IsBoolean()
  sendFailureEmails: boolean;

  @IsBoolean()
  sendStreakEmails: boolean;
}

