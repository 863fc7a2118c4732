// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/auth/login.user.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
// '@prisma/client' points to ./_support (a stand-in, named there).
import {
  IsDefined,
  IsEmail,
  IsString,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { Provider } from './_support';

export class LoginUserDto {
  @IsString()
  @IsDefined()
  @ValidateIf((o) => !o.providerToken)
  @MinLength(3)
  password: string;

  @IsString()
  @IsDefined()
  provider: Provider;

  @IsString()
  @IsDefined()
  @ValidateIf((o) => !o.password)
  providerToken: string;

  @IsEmail()
  @IsDefined()
  email: string;

  datafast_visitor_id: string;
}
