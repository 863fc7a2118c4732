import type { JsonSchema, ToolDescription } from '../tool-description';
import { convertSchema, copyJson, onlyFormats, type ConversionRules, type KeywordRule } from './convert';
import type { ProviderForm, ProviderLoss, SchemaNode } from './losses';
import { checkName } from './names';
import { pointerSegment } from '../json';
import { fallbackLosses, strictBlockers } from './strictness';
import { examplesIntoDescription, withoutRootExamples } from './examples';

/** Options of `toOpenAITool`. */
export interface OpenAIToolOptions {
  /**
   * Structured Outputs for the arguments: every property required, optional ones widened to
   * accept `null`, unsupported keywords moved into descriptions. A tool that cannot be made
   * strict is sent with `strict: false` and a `fell-back-to-non-strict` loss.
   * @default true
   */
  strict?: boolean;
  /** Which API's tools list the form is for. @default 'chat' */
  api?: 'chat' | 'responses';
}

/** A Chat Completions function tool. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema; strict: boolean };
}

/** A Responses API function tool. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
}

/** The string formats OpenAI strict mode lists as supported (`uri` is not among them). */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const notListed =
  (keyword: string): KeywordRule =>
  () =>
    `OpenAI strict mode does not list ${keyword} as supported`;

/** OpenAI strict mode: the keywords it does not list, moved into descriptions. */
const STRICT_KEYWORDS: Readonly<Record<string, KeywordRule>> = {
  format: onlyFormats('OpenAI', OPENAI_STRICT_FORMATS),
  minLength: notListed('minLength'),
  maxLength: notListed('maxLength'),
  contentEncoding: notListed('contentEncoding'),
  uniqueItems: notListed('uniqueItems'),
  default: notListed('default'),
  examples: notListed('examples'),
};

const REQUIRED_REASON = 'OpenAI strict mode needs every property in required';

/** Every property required; an optional one widened to accept null (the invoker reads null as absent). */
function requireEvery(node: SchemaNode, _source: unknown, pointer: string, losses: ProviderLoss[]): void {
  const properties = node.properties as Record<string, SchemaNode> | undefined;
  if (properties === undefined) return;
  const required = new Set((node.required as string[] | undefined) ?? []);
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name)) continue;
    const path = `${pointer}/properties/${pointerSegment(name)}`;
    if (acceptsNull(property)) {
      losses.push({
        path,
        keyword: 'required',
        action: 'made-required',
        reason: `${REQUIRED_REASON}; the property already accepts null, so it cannot be left out to get its default`,
      });
    } else {
      widenToNull(property);
      losses.push({ path, keyword: 'type', action: 'widened', reason: `${REQUIRED_REASON}; the optional property now also accepts null, which means absent` });
    }
  }
  node.required = Object.keys(properties);
}

function acceptsNull(node: SchemaNode): boolean {
  const type = node.type;
  if (Array.isArray(node.anyOf)) return node.anyOf.some((m) => acceptsNull(m as SchemaNode));
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
}

function widenToNull(node: SchemaNode): void {
  if (Array.isArray(node.anyOf)) {
    node.anyOf = [...node.anyOf, { type: 'null' }];
    return;
  }
  if (typeof node.$ref === 'string') {
    // A reference with a null beside it: the union of the reference and null (the description stays outside).
    node.anyOf = [{ $ref: node.$ref }, { type: 'null' }];
    delete node.$ref;
    return;
  }
  const type = node.type;
  if (typeof type === 'string') node.type = [type, 'null'];
  else if (Array.isArray(type)) node.type = [...type, 'null'];
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
}

const STRICT_RULES: ConversionRules = { keywords: STRICT_KEYWORDS, finish: requireEvery };

/**
 * The parameters, description and strict flag for OpenAI, with the loss report. Without strict mode
 * the parameters are the canonical JSON Schema as it is (`examples` included: JSON Schema's own
 * keyword). Strict mode does not list `examples` among the keywords it supports (its SDK's
 * toStrictJsonSchema keeps it as an annotation; we follow the documented list, as for `default`):
 * the tool's examples are moved into its description, a slot's into the slot's.
 */
export function openAIParameters(
  tool: ToolDescription,
  strict: boolean,
): { parameters: JsonSchema; description: string; strict: boolean; losses: ProviderLoss[] } {
  const description = tool.description;
  if (!strict) return { parameters: copyJson(tool.inputSchema), description, strict: false, losses: [] };
  const blockers = strictBlockers(tool.inputSchema);
  if (blockers.length > 0) {
    return { parameters: copyJson(tool.inputSchema), description, strict: false, losses: fallbackLosses('OpenAI', blockers) };
  }
  const losses: ProviderLoss[] = [];
  const { schema, examples } = withoutRootExamples(tool.inputSchema);
  const parameters = convertSchema(schema, STRICT_RULES, losses);
  const text =
    examples === undefined
      ? description
      : examplesIntoDescription(
          description,
          examples,
          "OpenAI strict mode does not list examples as supported; the tool's examples are in its description",
          losses,
        );
  return { parameters, description: text, strict: true, losses };
}

/**
 * The OpenAI function tool for `tool`: Chat Completions `{ type, function: {...} }` or, with
 * `api: 'responses'`, the Responses API's flat form. Throws `ProviderNameError` for a name OpenAI refuses.
 */
export function toOpenAITool(tool: ToolDescription, options: OpenAIToolOptions & { api: 'responses' }): ProviderForm<OpenAIResponsesTool>;
export function toOpenAITool(tool: ToolDescription, options?: OpenAIToolOptions & { api?: 'chat' }): ProviderForm<OpenAIChatTool>;
export function toOpenAITool(tool: ToolDescription, options?: OpenAIToolOptions): ProviderForm<OpenAIChatTool | OpenAIResponsesTool>;
export function toOpenAITool(tool: ToolDescription, options: OpenAIToolOptions = {}): ProviderForm<OpenAIChatTool | OpenAIResponsesTool> {
  checkName('openai', tool.name);
  const { parameters, description, strict, losses } = openAIParameters(tool, options.strict ?? true);
  const fn = { name: tool.name, description, parameters, strict };
  return options.api === 'responses' ? { tool: { type: 'function', ...fn }, losses } : { tool: { type: 'function', function: fn }, losses };
}
