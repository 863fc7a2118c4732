// Source: https://github.com/ghostfolio/ghostfolio apps/api/src/dtos/date-range-filter.dto.ts @ c542997d27990365b607c7a6c9fe4bc8835a55c8
// Imports of ghostfolio's own modules point to ./_support (stand-ins, named there) or into this folder.
import { DATE_RANGES, DEFAULT_DATE_RANGE } from './_support';
import { DateRange } from './_support';

import { Matches } from 'class-validator';

import { FilterDto } from './filter.dto';

// A named date range or a calendar year like '2024', '2023', '2022', etc.
export const DATE_RANGE_PATTERN = new RegExp(
  `^(${DATE_RANGES.join('|')}|\\d{4})$`
);

export class DateRangeFilterDto extends FilterDto {
  @Matches(DATE_RANGE_PATTERN)
  range?: DateRange = DEFAULT_DATE_RANGE;
}
