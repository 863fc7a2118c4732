// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-access.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { Filter } from './_support';
import { Scope, scopes } from './_support';

import { IsArray, IsIn, IsOptional, IsString, IsUUID } from 'class-validator';

export class CreateAccessDto {
  @IsOptional()
  @IsString()
  alias?: string;

  @IsArray()
  @IsOptional()
  filters?: Filter[];

  @IsOptional()
  @IsUUID()
  granteeUserId?: string;

  @IsArray()
  @IsIn(Object.values(scopes), { each: true })
  @IsOptional()
  scopes?: Scope[];
}
