// Source: https://github.com/gitroomhq/postiz-app libraries/nestjs-libraries/src/dtos/signature/signature.dto.ts @ 74b01ada154a177242d558bedc646fcfed100adf
import { IsBoolean, IsDefined, IsString } from 'class-validator';

export class SignatureDto {
  @IsString()
  @IsDefined()
  content: string;

  @IsBoolean()
  @IsDefined()
  autoAdd: boolean;
}
