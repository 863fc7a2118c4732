import type { JsonSchema, ToolDescription } from '../tool-description';
import type { ToolDefinition } from '../invoke/tools/bound-tool';
import type { ProviderLoss } from '../providers';
import type { FoundServed, FoundTool } from './discover';
import type { Library } from './load';
import { describeThrown } from '../thrown';

export const PROVIDERS = ['openai', 'anthropic', 'gemini', 'mcp'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export interface CatalogueOptions {
  readonly providers: readonly ProviderId[];
  /** `true`/`false` force strict forms on or off (OpenAI, Anthropic); `undefined` keeps each provider's default. */
  readonly strict: boolean | undefined;
}

/** One provider's form of a tool: what its API takes and what could not be carried as it is. */
export type ProviderEntry = { readonly tool: unknown; readonly losses: readonly ProviderLoss[] } | { readonly error: string };

export interface CatalogueEntry extends ToolDescription {
  readonly from: string;
  readonly providers?: { readonly [P in ProviderId]?: ProviderEntry };
}

export interface Catalogue {
  readonly module: string;
  readonly tools: readonly CatalogueEntry[];
  /** The module's prompts, resources and resource templates (`@Prompt`, `@Resource`, `@ResourceTemplate`), when it has some. */
  readonly served?: readonly FoundServed[];
}

/** The catalogue as plain JSON: the definition's fields, where it came from, the asked-for provider forms. */
export function buildCatalogue(
  lib: Library,
  module: string,
  found: readonly FoundTool[],
  options: CatalogueOptions,
  served: readonly FoundServed[] = [],
): Catalogue {
  return {
    module,
    ...(served.length > 0 ? { served } : {}),
    tools: found.map(({ tool, from }) => {
      const entry: { -readonly [K in keyof CatalogueEntry]: CatalogueEntry[K] } = {
        name: tool.name,
        description: tool.description,
        from,
        inputSchema: tool.inputSchema,
        endsLoop: tool.endsLoop,
        requiresApproval: tool.requiresApproval,
        parallelSafe: tool.parallelSafe,
        timeoutSeconds: tool.timeoutSeconds,
        warnings: tool.warnings,
      };
      if (tool.outputSchema !== undefined) entry.outputSchema = tool.outputSchema;
      if (tool.annotations !== undefined) entry.annotations = tool.annotations;
      if (options.providers.length > 0) {
        entry.providers = Object.fromEntries(options.providers.map((p) => [p, providerForm(lib, p, tool, options.strict)]));
      }
      return entry;
    }),
  };
}

function providerForm(lib: Library, provider: ProviderId, tool: ToolDefinition, strict: boolean | undefined): ProviderEntry {
  const opts = strict === undefined ? {} : { strict };
  try {
    switch (provider) {
      case 'openai':
        return lib.toOpenAITool(tool, opts);
      case 'anthropic':
        return lib.toAnthropicTool(tool, opts);
      case 'gemini':
        return lib.toGeminiTool(tool);
      case 'mcp':
        return lib.toMcpTool(tool);
    }
  } catch (e) {
    return { error: describeThrown(e, false) };
  }
}

// ---- the readable table -----------------------------------------------------------------------

/** The catalogue for people: one block per tool, parameters as rows, provider forms as loss lists. */
export function renderTable(catalogue: Catalogue): string {
  const out: string[] = [`${catalogue.module}: ${catalogue.tools.length} tool${catalogue.tools.length === 1 ? '' : 's'}`];
  for (const t of catalogue.tools) {
    out.push('');
    out.push(`${t.name}${t.description ? `  ${t.description}` : ''}`);
    out.push(`  from: ${t.from}`);
    const traits = [
      t.requiresApproval ? 'requires approval' : undefined,
      t.endsLoop ? 'ends the loop' : undefined,
      t.parallelSafe ? 'parallel-safe' : 'one at a time',
      t.timeoutSeconds > 0 ? `timeout ${t.timeoutSeconds} s` : undefined,
      ...Object.entries(t.annotations ?? {}).map(([k, v]) => (v === true ? k.replace(/Hint$/, '') : `${k}: ${JSON.stringify(v)}`)),
    ].filter((x): x is string => x !== undefined);
    out.push(`  ${traits.join(', ')}`);
    const rows = schemaRows(t.inputSchema, '');
    if (rows.length === 0) out.push('  parameters: none');
    else {
      out.push('  parameters:');
      out.push(...alignRows(rows).map((r) => `    ${r}`));
    }
    if (t.outputSchema !== undefined) out.push(`  returns: ${summarize(t.outputSchema, true)}`);
    for (const w of t.warnings) out.push(`  warning: ${w}`);
    for (const [provider, form] of Object.entries(t.providers ?? {})) {
      if ('error' in form) {
        out.push(`  ${provider}: cannot be sent: ${form.error}`);
        continue;
      }
      const strict = form.tool as { strict?: unknown; function?: { strict?: unknown } };
      const isStrict = strict.strict === true || strict.function?.strict === true;
      const label = provider === 'openai' || provider === 'anthropic' ? `${provider} (${isStrict ? 'strict' : 'not strict'})` : provider;
      out.push(`  ${label}: ${form.losses.length === 0 ? 'sent as is' : `${form.losses.length} change${form.losses.length === 1 ? '' : 's'}`}`);
      for (const loss of form.losses) out.push(`    ${loss.path || '(root)'}  ${loss.keyword}: ${loss.action}. ${loss.reason}`);
    }
  }
  out.push(...servedLines(catalogue.served ?? []));
  return out.join('\n') + '\n';
}

/** The prompts, resources and templates: one block each, after the tools. */
function servedLines(served: readonly FoundServed[]): string[] {
  const out: string[] = [];
  for (const s of served) {
    out.push('');
    const head = s.kind === 'prompt' ? `prompt ${s.name}` : `${s.kind} ${s.key}${s.name !== s.key ? `  (${s.name})` : ''}`;
    out.push(`${head}${s.description ? `  ${s.description}` : ''}`);
    out.push(`  from: ${s.from}`);
    if (s.title !== undefined) out.push(`  title: ${s.title}`);
    if (s.mimeType !== undefined) out.push(`  mime type: ${s.mimeType}`);
    if (s.arguments !== undefined) {
      if (s.arguments.length === 0) out.push('  arguments: none');
      else {
        out.push('  arguments:');
        out.push(...alignRows(s.arguments.map((a): Row => [a.name, 'text', a.required ? 'required' : 'optional', a.description ?? ''])).map((r) => `    ${r}`));
      }
    }
  }
  return out;
}

type Row = [name: string, type: string, need: string, description: string];

/** One row per property, nested objects and array items flattened into paths (`lines[].qty`). */
function schemaRows(schema: JsonSchema, prefix: string, depth = 0): Row[] {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (props === undefined || depth > 4) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows: Row[] = [];
  for (const [name, fragment] of Object.entries(props)) {
    const path = `${prefix}${name}`;
    const need = required.has(name) ? 'required' : 'optional';
    rows.push([path, summarize(fragment), need, typeof fragment.description === 'string' ? fragment.description : '']);
    const nested = nestedObject(fragment);
    if (nested !== undefined) rows.push(...schemaRows(nested.schema, `${path}${nested.suffix}.`, depth + 1));
  }
  return rows;
}

function nestedObject(fragment: JsonSchema): { schema: JsonSchema; suffix: string } | undefined {
  if (fragment.properties !== undefined) return { schema: fragment, suffix: '' };
  const items = fragment.items as JsonSchema | undefined;
  if (items?.properties !== undefined) return { schema: items, suffix: '[]' };
  return undefined;
}

/**
 * A fragment in a few words: `integer 1..1000`, `string (date)`, `"low" | "high"`, `array of object`;
 * with `members`, an object also names its properties (`object {id, note?}`).
 */
export function summarize(fragment: JsonSchema, members = false): string {
  const parts: string[] = [];
  const types = Array.isArray(fragment.type) ? (fragment.type as string[]) : fragment.type === undefined ? [] : [fragment.type as string];
  const anyOf = Array.isArray(fragment.anyOf) ? (fragment.anyOf as JsonSchema[]) : undefined;
  if (typeof fragment.$ref === 'string') parts.push(refName(fragment.$ref));
  else if (anyOf !== undefined) {
    // A union: its members in order (an object member names its properties, so that tagged members can be told apart).
    const shown = anyOf.filter((m) => m.type !== 'null');
    parts.push(shown.map((m) => summarize(m, true)).join(' | '));
    if (shown.length < anyOf.length) parts.push('or null');
  } else if (Array.isArray(fragment.enum)) parts.push((fragment.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | '));
  else if (types.includes('array')) {
    const items = fragment.items as JsonSchema | undefined;
    parts.push(items === undefined ? 'array' : `array of ${summarize(items, members)}`);
  } else if (types.includes('object') && fragment.additionalProperties !== undefined && typeof fragment.additionalProperties === 'object') {
    parts.push(`map of ${summarize(fragment.additionalProperties as JsonSchema, members)}`);
  } else if (members && fragment.properties !== undefined) {
    const required = new Set((fragment.required as string[] | undefined) ?? []);
    const names = Object.keys(fragment.properties as object).map((n) => (required.has(n) ? n : `${n}?`));
    parts.push(`object {${names.join(', ')}}`);
  } else {
    const base = types.filter((t) => t !== 'null');
    parts.push(base.length === 0 ? 'any JSON' : base.join(' | '));
  }
  if (types.includes('null') || (Array.isArray(fragment.enum) && (fragment.enum as unknown[]).includes(null) && !parts[0]!.includes('null')))
    parts.push('or null');
  if (typeof fragment.format === 'string') parts.push(`(${fragment.format})`);
  if (fragment.contentEncoding !== undefined) parts.push(`(${String(fragment.contentEncoding)})`);
  if (fragment.minimum !== undefined || fragment.maximum !== undefined) parts.push(`${fragment.minimum ?? ''}..${fragment.maximum ?? ''}`);
  if (fragment.minLength !== undefined || fragment.maxLength !== undefined) parts.push(`length ${fragment.minLength ?? 0}..${fragment.maxLength ?? ''}`);
  if (fragment.minItems !== undefined || fragment.maxItems !== undefined) parts.push(`items ${fragment.minItems ?? 0}..${fragment.maxItems ?? ''}`);
  if (fragment.uniqueItems === true) parts.push('unique');
  if (typeof fragment.pattern === 'string') parts.push(`/${fragment.pattern}/`);
  if (fragment.default !== undefined) parts.push(`default ${JSON.stringify(fragment.default)}`);
  return parts.join(' ');
}

/** `#/$defs/TreeNode` → `TreeNode` (a class or shape written once in `$defs`: recursive). */
function refName(ref: string): string {
  const m = /^#\/\$defs\/(.+)$/.exec(ref);
  return m === null ? `$ref ${ref}` : `${m[1]} (recursive, $defs)`;
}

function alignRows(rows: readonly Row[]): string[] {
  const widths = [0, 1, 2].map((i) => Math.min(48, Math.max(...rows.map((r) => r[i]!.length))));
  return rows.map((r) =>
    r
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell))
      .join('  ')
      .trimEnd(),
  );
}
