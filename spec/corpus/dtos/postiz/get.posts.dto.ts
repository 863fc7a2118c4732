// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/posts/get.posts.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import {
  IsOptional,
  IsString,
  IsDateString,
} from 'class-validator';

export class GetPostsDto {
  @IsDateString()
  startDate: string;

  @IsDateString()
  endDate: string;

  @IsOptional()
  @IsString()
  customer: string;
}
