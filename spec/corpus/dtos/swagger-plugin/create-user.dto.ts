// Written after the sign-up DTOs of public NestJS projects built with the swagger CLI plugin (no @ApiProperty):
// mirlanovsamat/browser_game src/modules/user/dto/createUser.dto.ts, RENACYT-UCV/student-events-backend
// src/modules/user/dto/create-user.dto.ts (the `@Transform(({ value }) => value?.trim())` and
// `value.trim().toLowerCase()` idioms, which throw on null where they do not guard).
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class CreateUserDto {
  /** The name shown to other users */
  @IsString()
  @IsNotEmpty()
  @Transform(({ value }) => value?.trim())
  name: string;

  @IsEmail()
  @IsNotEmpty()
  @Transform(({ value }) => value.trim().toLowerCase())
  email: string;

  @Transform(({ value }) => `${value}`.trim())
  @IsNotEmpty()
  @IsString()
  @MinLength(6)
  password: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Transform(({ value }) => value.trim())
  nickname?: string;

  /** @example "Berlin" */
  @IsOptional()
  city?: string | null;
}
