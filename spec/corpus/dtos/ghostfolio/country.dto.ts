// Source: https://github.com/ghostfolio/ghostfolio libs/common/src/lib/dtos/country.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules, @prisma/client, lodash and date-fns point to ./_support (stand-ins, named there).
import { IsISO31661Alpha2, IsNumber, Max, Min } from 'class-validator';

export class CountryDto {
  @IsISO31661Alpha2()
  code: string;

  @IsNumber()
  @Max(1)
  @Min(0)
  weight: number;
}
