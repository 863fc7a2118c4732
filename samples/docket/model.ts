/**
 * The docket service's types: enums, DTOs with class-validator rules and class-transformer hints,
 * dates. Shared by the service, the main job and the samples.
 */
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsOptional, Length, Matches } from 'class-validator';
import { DateOnly, Description, Int32, Nullable, Prop, Range, TimeOnly, Uuid } from 'tool-signatures';

/** A string enum: the schema lists its values. */
export enum Priority {
  Low = 'low',
  Normal = 'normal',
  Urgent = 'urgent',
}

/** A numeric enum: the schema lists its member names; the method receives the number. */
export enum DocketStatus {
  Open,
  Scheduled,
  Shipped,
  Cancelled,
}

/** The carriers the freight desk quotes. */
export const CARRIERS = ['ups', 'dhl', 'freightline'] as const;
export type Carrier = (typeof CARRIERS)[number];

@Description('One line of a docket: a catalogue item and how many.')
export class DocketLine {
  @Description('Catalogue SKU, like BOLT-M8.')
  @Matches(/^[A-Z]+-[A-Z0-9]+$/)
  sku!: string;

  @Description('How many units.')
  @Range(1, 1000)
  @Prop({ type: Int32 })
  qty!: number;
}

@Description('A new docket: who it is for, what to pick, and when it is wanted.')
export class NewDocket {
  @Description('Customer account number.')
  @Length(3, 12)
  customer!: string;

  @Description('How soon it is needed.')
  @Prop({ enum: Priority })
  @IsOptional()
  priority: Priority = Priority.Normal;

  @Type(() => DocketLine)
  @ArrayNotEmpty()
  @ArrayMaxSize(50)
  lines!: DocketLine[];

  @Description('The day the customer wants it delivered.')
  @Prop({ type: DateOnly })
  @IsOptional()
  deliverBy?: string;

  @Description('A note for the warehouse.')
  @Prop({ type: Nullable(String) })
  @IsOptional()
  @Length(0, 200)
  note?: string | null;
}

/** What the service tells the model about one docket. */
export class DocketView {
  @Prop({ type: Uuid }) id!: string;
  @Prop() customer!: string;
  @Prop({ enum: DocketStatus }) status!: DocketStatus;
  @Prop({ enum: Priority }) priority!: Priority;
  @Type(() => DocketLine) lines!: DocketLine[];
  @Prop() createdAt!: Date;
  @Prop({ type: Nullable(DateOnly) }) deliverBy!: string | null;
}

/** A delivery slot booked for a docket. */
export class DeliverySlot {
  @Prop({ type: DateOnly }) date!: string;
  @Prop({ type: TimeOnly }) from!: string;
  @Prop({ type: TimeOnly }) to!: string;
}

@Description('The report that ends the turn: what was done, for the user.')
export class ShiftReport {
  @Description('One or two sentences for the user.')
  @Length(1, 500)
  summary!: string;

  @Description('Ids of the dockets created or changed in this conversation.')
  @Prop({ type: [Uuid] })
  dockets!: string[];

  @Description('Whether anything still needs a person.')
  @Prop()
  needsFollowUp!: boolean;
}
