// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-account-balance.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { IsISO8601, IsNumber, IsUUID } from 'class-validator';

export class CreateAccountBalanceDto {
  @IsUUID()
  accountId: string;

  @IsNumber()
  balance: number;

  @IsISO8601()
  date: string;
}
