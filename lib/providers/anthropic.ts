import type { JsonSchema, ToolDescription } from '../tool-description';
import { convertSchema, copyJson, isSchema, onlyFormats, typesOf, type ConversionRules, type KeywordRule } from './convert';
import type { ProviderForm, ProviderLoss, SourceNode } from './losses';
import { checkName } from './names';
import { notSimplePattern } from './pattern';
import { fallbackLosses, strictBlockers, type Blocker } from './strictness';

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
  strict?: true;
}

/** The string formats Anthropic strict mode supports. */
export const ANTHROPIC_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid',
]);

/** Anthropic's per-request limits for strict schemas, which one tool alone must not pass. */
export const ANTHROPIC_STRICT_LIMITS = { optionalProperties: 24, typeArrays: 16 } as const;

const unsupported = (keyword: string): KeywordRule => () => `Anthropic strict mode does not support ${keyword}`;

/** Anthropic strict mode: its structured-output limits, as keyword rules. */
const STRICT_KEYWORDS: Readonly<Record<string, KeywordRule>> = {
  format: onlyFormats('Anthropic', ANTHROPIC_STRICT_FORMATS),
  minimum: unsupported('minimum'),
  maximum: unsupported('maximum'),
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
 */
export function toAnthropicTool(tool: ToolDescription, options: AnthropicToolOptions = {}): ProviderForm<AnthropicTool> {
  checkName('anthropic', tool.name);
  const base = { name: tool.name, description: tool.description };
  if (!options.strict) return { tool: { ...base, input_schema: copyJson(tool.inputSchema) }, losses: [] };
  const blockers = [...strictBlockers(tool.inputSchema), ...limitBlockers(tool.inputSchema)];
  if (blockers.length > 0) {
    return { tool: { ...base, input_schema: copyJson(tool.inputSchema) }, losses: fallbackLosses('Anthropic', blockers) };
  }
  const losses: ProviderLoss[] = [];
  return { tool: { ...base, input_schema: convertSchema(tool.inputSchema, STRICT_RULES, losses), strict: true }, losses };
}
