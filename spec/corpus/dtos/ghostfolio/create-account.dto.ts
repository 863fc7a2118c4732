// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-account.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { IsCurrencyCode } from './_support';

import { Transform, TransformFnParams } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsNumber,
  IsOptional,
  IsString,
  ValidateIf
} from 'class-validator';
import { isString } from './_support';

export class CreateAccountDto {
  /**
   * The initial balance, stored as the account balance of today.
   * Optional because callers may instead supply the full history via `balances`.
   */
  @IsNumber()
  @IsOptional()
  balance?: number;

  @IsOptional()
  @IsString()
  @Transform(({ value }: TransformFnParams) =>
    isString(value) ? value.trim() : value
  )
  comment?: string | null;

  @IsCurrencyCode()
  currency: string;

  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  name: string;

  @IsString()
  @ValidateIf((_object, value) => value !== null)
  platformId: string | null;

  @ArrayUnique()
  @IsArray()
  @IsOptional()
  @IsString({ each: true })
  tags?: string[];
}
