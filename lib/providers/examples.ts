import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '../tool-description';
import { copyJson } from './convert';
import type { ProviderLoss, SchemaNode } from './losses';
import { appendSentences, KEYWORD_PHRASES } from './phrases';

/**
 * A tool's examples (`@Tool({ examples })`) are the `examples` at the root of its input schema: each
 * provider form keeps them where its vendor documents a place for them, else moves them into the
 * tool's description (`Examples: {…}, {…}.`) with a loss. Slot examples (`examples` below the root)
 * go through each form's keyword rules like any other keyword.
 */

/** The input schema without its root `examples`, and those examples (undefined when it has none). */
export function withoutRootExamples(schema: JsonSchema): { schema: JsonSchema; examples?: unknown[] } {
  if (!Array.isArray(schema.examples)) return { schema };
  const { examples, ...rest } = schema;
  return { schema: rest, examples: copyJson(examples as unknown[]) };
}

/** The tool's description with the examples appended (as `KEYWORD_PHRASES.examples` says them), and the loss recorded. */
export function examplesIntoDescription(description: string, examples: readonly unknown[], reason: string, losses: ProviderLoss[]): string {
  if (examples.length === 0) return description;
  losses.push({ path: '', keyword: 'examples', action: 'moved-to-description', reason });
  return appendSentences(description, KEYWORD_PHRASES.examples!(examples));
}

let ajv: Ajv2020 | undefined;

/**
 * The examples that a down-converted schema still accepts, and those it does not (a strict form
 * whose recursion was unrolled to a fixed depth refuses an example that goes deeper). Formats are
 * not checked here: each example already passed the tool's own invoker.
 */
export function examplesFitting(schema: SchemaNode, examples: readonly unknown[]): { fit: unknown[]; misfit: unknown[] } {
  ajv ??= new Ajv2020({ strict: false, validateFormats: false, allErrors: false, logger: false });
  const validate = ajv.compile(schema);
  const fit: unknown[] = [];
  const misfit: unknown[] = [];
  for (const example of examples) (validate(example) ? fit : misfit).push(example);
  ajv.removeSchema(schema);
  return { fit, misfit };
}
