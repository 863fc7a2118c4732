// Source: https://github.com/novuhq/novu apps/api/src/app/environments-v1/dtos/create-environment-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsDefined, IsMongoId, IsOptional, IsString } from 'class-validator';

export class CreateEnvironmentRequestDto {
  @IsDefined()
  @IsString()
  name: string;

  @IsOptional()
  @IsMongoId()
  parentId?: string;
}
