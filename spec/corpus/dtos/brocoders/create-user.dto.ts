// Source: https://github.com/brocoders/nestjs-boilerplate src/users/dto/create-user.dto.ts @ 9620f159eefe38f47747d02ab162852367c5472c
// Relative imports point into this folder; the transformer and User type are in ./_support.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import {
  // decorators here
  Transform,
  Type,
} from 'class-transformer';
import {
  // decorators here
  IsEmail,
  IsNotEmpty,
  IsOptional,
  MinLength,
} from 'class-validator';
import { FileDto } from './file.dto';
import { RoleDto } from './role.dto';
import { StatusDto } from './status.dto';
import { lowerCaseTransformer } from './_support';

export class CreateUserDto {
  @Transform(lowerCaseTransformer)
  @IsNotEmpty()
  @IsEmail()
  email: string | null;

  @MinLength(6)
  password?: string;

  provider?: string;

  socialId?: string | null;

  @IsNotEmpty()
  firstName: string | null;

  @IsNotEmpty()
  lastName: string | null;

  @IsOptional()
  photo?: FileDto | null;

  @IsOptional()
  @Type(() => RoleDto)
  role?: RoleDto | null;

  @IsOptional()
  @Type(() => StatusDto)
  status?: StatusDto;
}
