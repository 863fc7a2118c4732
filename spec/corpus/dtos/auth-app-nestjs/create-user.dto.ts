// Source: https://github.com/daguttt/auth-app-nestjs src/users/dto/create-user.dto.ts @ 85e4a92b29b03ce7e47a4b0d083d3a6eb9a50e06
import { IsEmail, IsString, Matches } from 'class-validator';

export class CreateUserDto {
  @IsString()
  fullName: string;

  @IsEmail()
  email: string;

  @IsString()
  @Matches(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[a-zA-Z]).{8,}$/)
  password?: string;
}
