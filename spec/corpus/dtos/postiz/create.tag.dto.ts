// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/posts/create.tag.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import { IsString } from 'class-validator';

export class CreateTagDto {
  @IsString()
  name: string;

  @IsString()
  color: string;
}
