import type { JsonSchema, ToolDescription } from '../tool-description';
import { convertSchema, typesOf, type ConversionRules, type KeywordRule } from './convert';
import type { ProviderForm, ProviderLoss, SchemaNode, SourceNode } from './losses';
import { checkName } from './names';
import { KEYWORD_ORDER } from '../schema/keywords';
import { unrollRecursion } from './unroll';
import { examplesIntoDescription, withoutRootExamples } from './examples';

/** Options of `toGeminiTool`. */
export interface GeminiToolOptions {
  /**
   * `jsonSchema`: `parametersJsonSchema`, JSON Schema as Gemini's structured-output subset takes it.
   * `openapi`: `parameters`, Gemini's OpenAPI 3.0 subset `Schema` (upper-case `type`, `nullable`),
   * for models and SDKs that only take that field.
   * @default 'jsonSchema'
   */
  form?: 'jsonSchema' | 'openapi';
}

/** A Gemini function declaration with a JSON Schema. */
export interface GeminiJsonSchemaDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: JsonSchema;
}

/** A Gemini function declaration with an OpenAPI-subset `Schema`. */
export interface GeminiOpenApiDeclaration {
  name: string;
  description: string;
  parameters: GeminiSchema;
}

/** Gemini's OpenAPI-subset Schema object (as plain JSON). */
export type GeminiSchema = { readonly [field: string]: unknown };

const JSON_SCHEMA_FORMATS: ReadonlySet<string> = new Set(['date-time', 'date', 'time']);
const OPENAPI_FORMATS: ReadonlySet<string> = new Set(['date-time']);

const notInSubset =
  (keyword: string): KeywordRule =>
  () =>
    `Gemini's schema subset does not list ${keyword} (not enforced)`;
const formatRule =
  (formats: ReadonlySet<string>): KeywordRule =>
  (value) =>
    formats.has(String(value)) ? undefined : `Gemini supports only the string formats ${[...formats].join(', ')} here`;

/**
 * What Gemini's documented schema subset leaves out, in both forms. Source: the Gemini API reference,
 * whose JSON Schema fields list only `$id`, `$defs`, `$ref`, `$anchor`, `type`, `format`, `title`,
 * `description`, `enum`, `items`, `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`,
 * `anyOf`, `oneOf`, `properties`, `additionalProperties`, `required` (ai.google.dev/api, Schema and
 * `responseJsonSchema`; `parametersJsonSchema` takes the same subset).
 */
const SUBSET_KEYWORDS: Readonly<Record<string, KeywordRule>> = {
  minLength: notInSubset('minLength'),
  maxLength: notInSubset('maxLength'),
  pattern: notInSubset('pattern'),
  contentEncoding: notInSubset('contentEncoding'),
  uniqueItems: notInSubset('uniqueItems'),
  exclusiveMinimum: notInSubset('exclusiveMinimum'),
  exclusiveMaximum: notInSubset('exclusiveMaximum'),
  multipleOf: notInSubset('multipleOf'),
  default: notInSubset('default'),
  examples: notInSubset('examples'),
};

const JSON_SCHEMA_RULES: ConversionRules = {
  keywords: { ...SUBSET_KEYWORDS, format: formatRule(JSON_SCHEMA_FORMATS) },
};

const OPENAPI_TYPES: Readonly<Record<string, string>> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
};

/** The OpenAPI subset: upper-case type names, `nullable` for `[T, "null"]`, string enums only. */
function toOpenApiNode(node: SchemaNode, source: SourceNode): void {
  const types = typesOf(source);
  const nonNull = types.filter((type) => type !== 'null');
  if (types.length > 0 && nonNull.length <= 1) {
    node.type = OPENAPI_TYPES[nonNull[0] ?? 'null'];
    if (nonNull.length === 1 && types.includes('null')) node.nullable = true;
  }
  if (Array.isArray(node.enum)) {
    node.enum = node.enum.filter((value) => value !== null);
    node.format = 'enum';
  }
}

const OPENAPI_RULES: ConversionRules = {
  keywords: {
    ...SUBSET_KEYWORDS,
    format: formatRule(OPENAPI_FORMATS),
    enum: (value) => ((value as unknown[]).every((v) => typeof v === 'string' || v === null) ? undefined : "Gemini's OpenAPI subset takes string enums only"),
    additionalProperties: (value) =>
      value === false
        ? { action: 'removed', reason: "Gemini's OpenAPI subset has no additionalProperties; the invoker still refuses unknown properties" }
        : "Gemini's OpenAPI subset has no additionalProperties",
  },
  finish: toOpenApiNode,
  order: ['type', 'nullable', ...KEYWORD_ORDER.slice(1)],
};

/**
 * The Gemini function declaration for `tool`. Throws `ProviderNameError` for a name Gemini refuses.
 */
export function toGeminiTool(tool: ToolDescription, options: { form: 'openapi' }): ProviderForm<GeminiOpenApiDeclaration>;
export function toGeminiTool(tool: ToolDescription, options?: { form?: 'jsonSchema' }): ProviderForm<GeminiJsonSchemaDeclaration>;
export function toGeminiTool(tool: ToolDescription, options?: GeminiToolOptions): ProviderForm<GeminiJsonSchemaDeclaration | GeminiOpenApiDeclaration>;
export function toGeminiTool(tool: ToolDescription, options: GeminiToolOptions = {}): ProviderForm<GeminiJsonSchemaDeclaration | GeminiOpenApiDeclaration> {
  checkName('gemini', tool.name);
  const losses: ProviderLoss[] = [];
  // Neither form lists `examples` (the OpenAPI Schema's `example` holds one value): the tool's examples go into its description.
  const { schema, examples } = withoutRootExamples(tool.inputSchema);
  const describe = (): string =>
    examples === undefined
      ? tool.description
      : examplesIntoDescription(
          tool.description,
          examples,
          "Gemini's schema subset does not list examples; the tool's examples are in its description",
          losses,
        );
  if (options.form === 'openapi') {
    // The OpenAPI subset has anyOf but no $ref: recursive classes are unrolled (else kept, with a loss).
    const unrolled = unrollRecursion(schema, "Gemini's OpenAPI subset", losses);
    if (unrolled === undefined)
      losses.push({
        path: '/$defs',
        keyword: '$defs',
        action: 'removed',
        reason: "Gemini's OpenAPI subset has no $ref, and this recursion cannot be cut; the schema is sent as it is",
      });
    const parameters = convertSchema(unrolled ?? schema, OPENAPI_RULES, losses);
    return { tool: { name: tool.name, description: describe(), parameters }, losses };
  }
  const parametersJsonSchema = convertSchema(schema, JSON_SCHEMA_RULES, losses);
  return { tool: { name: tool.name, description: describe(), parametersJsonSchema }, losses };
}
