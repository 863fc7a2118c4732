// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/sets/sets.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import { IsDefined, IsOptional, IsString } from 'class-validator';

export class SetsDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  @IsDefined()
  name: string;

  @IsString()
  @IsDefined()
  content: string;
}

export class UpdateSetsDto {
  @IsString()
  @IsDefined()
  id: string;

  @IsString()
  @IsDefined()
  name: string;

  @IsString()
  @IsDefined()
  content: string;
} 