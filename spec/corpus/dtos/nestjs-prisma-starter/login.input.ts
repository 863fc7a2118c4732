// Source: https://github.com/notiz-dev/nestjs-prisma-starter src/auth/dto/login.input.ts @ 225e5a906865df237a681c1ad228a3ecf2909326
// @nestjs/graphql decorators (@InputType, @ArgsType, @Field) stripped with their imports: @nestjs/graphql is not installed here.
import { IsEmail, IsNotEmpty, MinLength } from 'class-validator';

export class LoginInput {
  @IsEmail()
  email: string;

  @IsNotEmpty()
  @MinLength(8)
  password: string;
}
