// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/create-platform.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { IsOptional, IsString, IsUrl } from 'class-validator';

export class CreatePlatformDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  name: string;

  @IsUrl({
    protocols: ['http', 'https'],
    require_protocol: true
  })
  url: string;
}
