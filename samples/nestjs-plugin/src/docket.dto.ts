import { IsOptional, Length } from 'class-validator';
import type { DateOnly, Int32, Uuid } from 'tool-signatures';

export enum Court {
  District = 'district',
  Appeals = 'appeals',
}

/** One entry on a court docket. */
export class DocketEntry {
  /** The entry's identifier */
  id!: Uuid;
  /** When it was filed */
  filed!: DateOnly;
  /** What was filed */
  @Length(1, 200) title!: string;
  pages?: Int32;
}

/** A docket search. */
export class DocketQuery {
  /** Words the title must contain */
  @Length(2, 80) text!: string;
  court!: Court;
  /** Only entries filed on or after this day */
  @IsOptional() since?: DateOnly | null;
}
