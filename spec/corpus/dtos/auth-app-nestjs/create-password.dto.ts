// Source: https://github.com/daguttt/auth-app-nestjs src/users/dto/create-password.dto.ts @ 85e4a92b29b03ce7e47a4b0d083d3a6eb9a50e06
// The import of ../constants/password-format points into this folder.
import { IsString, Matches } from 'class-validator';
import { passwordFormat } from './password-format';

export class CreatePasswordDto {
  @IsString()
  @Matches(passwordFormat)
  newPassword: string;

  @IsString()
  @Matches(passwordFormat)
  confirmPassword: string;
}
