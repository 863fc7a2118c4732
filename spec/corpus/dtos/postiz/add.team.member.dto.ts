// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/settings/add.team.member.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsString,
  ValidateIf,
} from 'class-validator';

export class AddTeamMemberDto {
  @IsDefined()
  @IsEmail()
  @ValidateIf((o) => o.sendEmail)
  email: string;

  @IsString()
  @IsIn(['USER', 'ADMIN'])
  role: string;

  @IsDefined()
  @IsBoolean()
  sendEmail: boolean;
}
