// Source: https://github.com/EXPORTER1700/sn-test src/modules/profile/dto/update-profile.dto.ts @ b6453015f9a9e00d37044d27853189165becc0da
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsString, ValidateIf } from 'class-validator';

export class UpdateProfileDto {
  @IsString()
  @ValidateIf((object, value) => value !== null)
  firstName: string | null;

  @IsString()
  @ValidateIf((object, value) => value !== null)
  lastName: string | null;

  @IsString()
  @ValidateIf((object, value) => value !== null)
  photo: string | null;
}
