// Written after profile DTOs whose rule and declared type disagree (a phone number or postal code declared
// `number` under `@IsString()`): class-validator checks the value as sent, a string.
import { IsNotEmpty, IsOptional, IsPhoneNumber, IsString, Length } from 'class-validator';

export class UpdateProfileDto {
  @IsOptional()
  @IsString()
  @IsPhoneNumber()
  phone?: number;

  @IsString()
  @IsNotEmpty()
  @Length(4, 10)
  postalCode: number;

  /** A few words about the user */
  @IsOptional()
  @IsString()
  bio?: string | null;
}
