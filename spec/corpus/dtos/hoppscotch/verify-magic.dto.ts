// Source: https://github.com/hoppscotch/hoppscotch packages/hoppscotch-backend/src/auth/dto/verify-magic.dto.ts @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
import { IsNotEmpty, IsString } from 'class-validator';

// Inputs to verify and sign a user in via magic-link
export class VerifyMagicDto {
  @IsString()
  @IsNotEmpty()
  deviceIdentifier: string;

  @IsString()
  @IsNotEmpty()
  token: string;
}
