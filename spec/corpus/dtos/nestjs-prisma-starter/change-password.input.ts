// Source: https://github.com/notiz-dev/nestjs-prisma-starter src/users/dto/change-password.input.ts @ 225e5a906865df237a681c1ad228a3ecf2909326
// @nestjs/graphql decorators (@InputType, @ArgsType, @Field) stripped with their imports: @nestjs/graphql is not installed here.
import { IsNotEmpty, MinLength } from 'class-validator';

export class ChangePasswordInput {
  @IsNotEmpty()
  @MinLength(8)
  oldPassword: string;

  @IsNotEmpty()
  @MinLength(8)
  newPassword: string;
}
