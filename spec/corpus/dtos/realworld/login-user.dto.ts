// Source: https://github.com/lujakob/nestjs-realworld-example-app src/user/dto/login-user.dto.ts @ c1c2cc4e448b279ff083272df1ac50d20c3304fa
import { IsNotEmpty } from 'class-validator';

export class LoginUserDto {

  @IsNotEmpty()
  readonly email: string;

  @IsNotEmpty()
  readonly password: string;
}