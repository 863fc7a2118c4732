import type { JsonSchema, ToolDescription } from '../tool-description';
import { convertSchema, copyJson, isSchema, onlyFormats, typesOf, type ConversionRules, type KeywordRule } from './convert';
import type { ProviderForm, ProviderLoss, SourceNode } from './losses';
import { checkName } from './names';
import { notSimplePattern } from './pattern';
import { fallbackLosses, strictBlockers, type Blocker } from './strictness';
import { unrollRecursion } from './unroll';
import { examplesFitting, examplesIntoDescription, withoutRootExamples } from './examples';

/** Options of `toAnthropicTool`. */
export interface AnthropicToolOptions {
  /**
   * Strict tool use: keywords outside Anthropic's structured-output limits moved into
   * descriptions and `strict: true` sent. A tool that cannot be made strict is sent without it,
   * with a `fell-back-to-non-strict` loss.
   * @default false
   */
  strict?: boolean;
}

/** An Anthropic Messages API custom tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
  /** The tool's examples (`@Tool({ examples })`), which Anthropic takes beside the schema. */
  input_examples?: Record<string, unknown>[];
  strict?: true;
}

/** The string formats Anthropic strict mode supports. */
export const ANTHROPIC_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Anthropic's per-request limits for strict schemas, which one tool alone must not pass. */
export const ANTHROPIC_STRICT_LIMITS = { optionalProperties: 24, typeArrays: 16 } as const;

const unsupported =
  (keyword: string): KeywordRule =>
  () =>
    `Anthropic strict mode does not support ${keyword}`;

/** Anthropic strict mode: its structured-output limits, as keyword rules. */
const STRICT_KEYWORDS: Readonly<Record<string, KeywordRule>> = {
  format: onlyFormats('Anthropic', ANTHROPIC_STRICT_FORMATS),
  // "Numerical constraints (minimum, maximum, multipleOf)" are not supported (Anthropic, Structured outputs, JSON Schema limitations).
  minimum: unsupported('minimum'),
  maximum: unsupported('maximum'),
  exclusiveMinimum: unsupported('exclusiveMinimum'),
  exclusiveMaximum: unsupported('exclusiveMaximum'),
  multipleOf: unsupported('multipleOf'),
  minLength: unsupported('minLength'),
  maxLength: unsupported('maxLength'),
  pattern: (value) => {
    const feature = notSimplePattern(String(value));
    return feature && `Anthropic strict mode supports only simple patterns; this one uses ${feature}`;
  },
  contentEncoding: () => 'Anthropic strict mode does not list contentEncoding',
  minItems: (value) => (value === 0 || value === 1 ? undefined : 'Anthropic strict mode supports minItems of 0 or 1 only'),
  maxItems: unsupported('maxItems'),
  uniqueItems: unsupported('uniqueItems'),
  // Not in the strict mode's list; the SDK's transformJSONSchema moves it into the description too.
  examples: unsupported('examples'),
};

const STRICT_RULES: ConversionRules = { keywords: STRICT_KEYWORDS };

/** Optional properties and type arrays in one schema, against Anthropic's per-request limits. */
function limitBlockers(schema: JsonSchema): Blocker[] {
  let optional = 0;
  let typeArrays = 0;
  const visit = (node: SourceNode): void => {
    if (typesOf(node).length > 1) typeArrays += 1;
    if (isSchema(node.properties)) {
      const required = new Set((node.required as string[] | undefined) ?? []);
      for (const [name, child] of Object.entries(node.properties)) {
        if (!required.has(name)) optional += 1;
        if (isSchema(child)) visit(child);
      }
    }
    if (isSchema(node.items)) visit(node.items);
    if (Array.isArray(node.anyOf)) for (const member of node.anyOf) if (isSchema(member)) visit(member);
  };
  visit(schema);
  const found: Blocker[] = [];
  if (optional > ANTHROPIC_STRICT_LIMITS.optionalProperties) {
    found.push({ path: '', keyword: 'required', what: `${optional} optional properties (at most ${ANTHROPIC_STRICT_LIMITS.optionalProperties})` });
  }
  if (typeArrays > ANTHROPIC_STRICT_LIMITS.typeArrays) {
    found.push({ path: '', keyword: 'type', what: `${typeArrays} type unions (at most ${ANTHROPIC_STRICT_LIMITS.typeArrays})` });
  }
  return found;
}

/**
 * The Anthropic tool for `tool`, strict or not. Throws `ProviderNameError` for a name Anthropic refuses.
 * The tool's examples go to `input_examples`, Anthropic's own field for them (its tool-definition
 * page, platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools; `Tool.input_examples` in
 * @anthropic-ai/sdk 1.16.0). Anthropic checks each against `input_schema`: in strict mode, an example
 * that the unrolled recursion no longer accepts is moved into the description instead, with a loss.
 */
export function toAnthropicTool(tool: ToolDescription, options: AnthropicToolOptions = {}): ProviderForm<AnthropicTool> {
  checkName('anthropic', tool.name);
  const { schema, examples } = withoutRootExamples(tool.inputSchema);
  const base = { name: tool.name, description: tool.description };
  const loose = (losses: ProviderLoss[]): ProviderForm<AnthropicTool> => ({
    tool: withExamples({ ...base, input_schema: copyJson(schema) }, examples),
    losses,
  });
  if (!options.strict) return loose([]);
  // Anthropic strict mode refuses recursive schemas: recursive classes are unrolled first.
  const losses: ProviderLoss[] = [];
  const unrolled = unrollRecursion(schema, 'Anthropic strict mode', losses);
  const blockers =
    unrolled === undefined
      ? [{ path: '/$defs', keyword: '$defs', what: 'a recursive class whose recursion is required at every level' }]
      : [...strictBlockers(unrolled), ...limitBlockers(unrolled)];
  if (blockers.length > 0) return loose(fallbackLosses('Anthropic', blockers));
  const input_schema = convertSchema(unrolled!, STRICT_RULES, losses);
  if (examples === undefined) return { tool: { ...base, input_schema, strict: true }, losses };
  const { fit, misfit } = schema.$defs === undefined ? { fit: examples, misfit: [] } : examplesFitting(input_schema, examples);
  const description = examplesIntoDescription(
    base.description,
    misfit,
    'Anthropic checks input_examples against the strict schema, whose recursion is unrolled; these examples go deeper, so they are in the description',
    losses,
  );
  return { tool: withExamples({ ...base, description, input_schema, strict: true }, fit), losses };
}

/** The tool with `input_examples` after `input_schema` (none when there are no examples). */
function withExamples(tool: AnthropicTool, examples: readonly unknown[] | undefined): AnthropicTool {
  if (examples === undefined || examples.length === 0) return tool;
  const { strict, ...rest } = tool;
  return { ...rest, input_examples: examples as Record<string, unknown>[], ...(strict ? { strict } : {}) };
}
