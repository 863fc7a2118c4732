// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/media/save.media.information.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import { IsNumber, IsOptional, IsString, IsUrl, ValidateIf } from 'class-validator';

export class SaveMediaInformationDto {
  @IsString()
  id: string;

  @IsString()
  alt: string;

  @IsUrl()
  @ValidateIf((o) => !!o.thumbnail)
  thumbnail: string;

  @IsNumber()
  @ValidateIf((o) => !!o.thumbnailTimestamp)
  thumbnailTimestamp: number;
}
