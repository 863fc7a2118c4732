// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-tag.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { IsOptional, IsString } from 'class-validator';

export class CreateTagDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  name: string;

  @IsOptional()
  @IsString()
  userId?: string;
}
