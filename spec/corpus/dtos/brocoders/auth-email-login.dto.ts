// Source: https://github.com/brocoders/nestjs-boilerplate src/auth/dto/auth-email-login.dto.ts @ 9620f159eefe38f47747d02ab162852367c5472c
// Relative imports point into this folder; the transformer and User type are in ./_support.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsEmail, IsNotEmpty } from 'class-validator';
import { Transform } from 'class-transformer';
import { lowerCaseTransformer } from './_support';

export class AuthEmailLoginDto {
  @Transform(lowerCaseTransformer)
  @IsEmail()
  @IsNotEmpty()
  email: string;

  @IsNotEmpty()
  password: string;
}
