// Source: https://github.com/hoppscotch/hoppscotch packages/hoppscotch-backend/src/access-token/dto/create-access-token.dto.ts @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
import { IsNotEmpty, IsNumber, IsString, ValidateIf } from 'class-validator';

// Inputs to create a new PAT
export class CreateAccessTokenDto {
  @IsString()
  @IsNotEmpty()
  label: string;

  @ValidateIf((o) => o.expiryInDays !== null)
  @IsNumber()
  expiryInDays: number | null;
}
