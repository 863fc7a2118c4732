import type { JsonSchema } from '../tool-description';

/** What happened to a keyword a provider could not take as it is. */
export type LossAction = 'moved-to-description' | 'widened' | 'made-required' | 'removed' | 'unrolled' | 'fell-back-to-non-strict';

/** One entry of a loss report: where, which keyword, what was done and why. */
export interface ProviderLoss {
  /** JSON pointer into the schema (`""` is the root, `/properties/items/items/properties/qty`). */
  readonly path: string;
  readonly keyword: string;
  readonly action: LossAction;
  readonly reason: string;
}

/** A provider form: exactly the object the vendor's API takes, and the loss report. */
export interface ProviderForm<T> {
  readonly tool: T;
  readonly losses: readonly ProviderLoss[];
}

/** A mutable schema node while a provider form is built (plain JSON). */
export type SchemaNode = { [keyword: string]: unknown };

/** The canonical schema as read (never written to). */
export type SourceNode = JsonSchema;
