// Source: https://github.com/brocoders/nestjs-boilerplate src/auth/dto/auth-update.dto.ts @ 9620f159eefe38f47747d02ab162852367c5472c
// Relative imports point into this folder; the transformer and User type are in ./_support.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsEmail, IsNotEmpty, IsOptional, MinLength } from 'class-validator';
import { FileDto } from './file.dto';
import { Transform } from 'class-transformer';
import { lowerCaseTransformer } from './_support';

export class AuthUpdateDto {
  @IsOptional()
  photo?: FileDto | null;

  @IsOptional()
  @IsNotEmpty({ message: 'mustBeNotEmpty' })
  firstName?: string;

  @IsOptional()
  @IsNotEmpty({ message: 'mustBeNotEmpty' })
  lastName?: string;

  @IsOptional()
  @IsNotEmpty()
  @IsEmail()
  @Transform(lowerCaseTransformer)
  email?: string;

  @IsOptional()
  @IsNotEmpty()
  @MinLength(6)
  password?: string;

  @IsOptional()
  @IsNotEmpty({ message: 'mustBeNotEmpty' })
  oldPassword?: string;
}
