// Source: https://github.com/hoppscotch/hoppscotch packages/hoppscotch-backend/src/auth/dto/signin-magic.dto.ts @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
import { IsEmail } from 'class-validator';

// Inputs to initiate Magic-Link auth flow
export class SignInMagicDto {
  @IsEmail()
  email: string;
}
