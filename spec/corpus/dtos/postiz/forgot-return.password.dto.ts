// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/auth/forgot-return.password.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
// '@gitroom/nestjs-libraries/services/make.is' points to ./_support (a stand-in, named there).
import {
  IsDefined,
  IsIn,
  IsString,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { makeId } from './_support';

export class ForgotReturnPasswordDto {
  @IsString()
  @IsDefined()
  @MinLength(3)
  password: string;

  @IsString()
  @IsDefined()
  @IsIn([makeId(10)], {
    message: 'Passwords do not match',
  })
  @ValidateIf((o) => o.password !== o.repeatPassword)
  repeatPassword: string;

  @IsString()
  @IsDefined()
  @MinLength(5)
  token: string;
}
