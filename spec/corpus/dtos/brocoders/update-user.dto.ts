// Source: https://github.com/brocoders/nestjs-boilerplate src/users/dto/update-user.dto.ts @ 9620f159eefe38f47747d02ab162852367c5472c
// PartialType comes from ./_support (a stand-in for @nestjs/swagger's); relative imports point into this folder.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { PartialType } from './_support';
import { CreateUserDto } from './create-user.dto';

import { Transform, Type } from 'class-transformer';
import { IsEmail, IsOptional, MinLength } from 'class-validator';
import { FileDto } from './file.dto';
import { RoleDto } from './role.dto';
import { StatusDto } from './status.dto';
import { lowerCaseTransformer } from './_support';

export class UpdateUserDto extends PartialType(CreateUserDto) {
  @Transform(lowerCaseTransformer)
  @IsOptional()
  @IsEmail()
  email?: string | null;

  @IsOptional()
  @MinLength(6)
  password?: string;

  provider?: string;

  socialId?: string | null;

  @IsOptional()
  firstName?: string | null;

  @IsOptional()
  lastName?: string | null;

  @IsOptional()
  photo?: FileDto | null;

  @IsOptional()
  @Type(() => RoleDto)
  role?: RoleDto | null;

  @IsOptional()
  @Type(() => StatusDto)
  status?: StatusDto;
}
