// Source: https://github.com/ghostfolio/ghostfolio apps/api/src/app/portfolio/update-holding-tags.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { Tag } from './_support';
import { IsArray } from 'class-validator';

export class UpdateHoldingTagsDto {
  @IsArray()
  tags: Tag[];
}
