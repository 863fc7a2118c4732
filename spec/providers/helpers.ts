import * as fs from 'node:fs';
import type { ProviderLoss } from '../../lib/providers';
import { toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool, type ToolDefinition } from 'tool-signatures';

/** Losses as one readable line each: `action path keyword`. */
export const lines = (losses: readonly ProviderLoss[]): string[] => losses.map(({ action, path, keyword }) => `${action} ${path || '(root)'} ${keyword}`);

export type FormMaker = (t: ToolDefinition) => { tool: unknown; losses: readonly unknown[] };

/** Every provider form, by the key the golden files use. */
export const FORMS: Readonly<Record<string, FormMaker>> = {
  'openai strict': (t) => toOpenAITool(t, { strict: true }),
  openai: (t) => toOpenAITool(t, { strict: false }),
  'anthropic strict': (t) => toAnthropicTool(t, { strict: true }),
  anthropic: (t) => toAnthropicTool(t),
  gemini: (t) => toGeminiTool(t),
  'gemini openapi': (t) => toGeminiTool(t, { form: 'openapi' }),
  mcp: (t) => toMcpTool(t),
};

/** Each tool's forms as JSON text (tool and loss report), keyed `name / provider`. */
export function formsOf(tools: readonly ToolDefinition[], forms: Readonly<Record<string, FormMaker>> = FORMS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tool of tools) {
    for (const [provider, make] of Object.entries(forms)) out[`${tool.name} / ${provider}`] = JSON.stringify(make(tool));
  }
  return out;
}

/** The golden checks: the same keys as the reviewed file, then each form's exact text. */
export function goldenTests(file: string, actual: Record<string, string>): void {
  const expected = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  it('covers every tool and provider', () => {
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
  });
  it.each(Object.keys(expected))('%s: exact text, loss report included', (key) => {
    expect(actual[key]).toBe(expected[key]);
  });
}
