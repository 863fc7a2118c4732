import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { Tool, toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool, type ToolDefinition } from 'tool-signatures';
import { DocketService } from '../../samples/docket/service';

/**
 * The provider forms of the samples' tools (the main job's docket service), compared as exact
 * JSON text with the reviewed forms in samples.golden.json, loss reports included.
 */

const GOLDEN = path.join(__dirname, 'samples.golden.json');

const FORMS: Readonly<Record<string, (t: ToolDefinition) => { tool: unknown; losses: readonly unknown[] }>> = {
  'openai strict': (t) => toOpenAITool(t, { strict: true }),
  openai: (t) => toOpenAITool(t, { strict: false }),
  'openai responses strict': (t) => toOpenAITool(t, { strict: true, api: 'responses' }),
  'anthropic strict': (t) => toAnthropicTool(t, { strict: true }),
  anthropic: (t) => toAnthropicTool(t),
  gemini: (t) => toGeminiTool(t),
  'gemini openapi': (t) => toGeminiTool(t, { form: 'openapi' }),
  mcp: (t) => toMcpTool(t),
};

function forms(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tool of Tool.fromInstance(new DocketService())) {
    for (const [provider, make] of Object.entries(FORMS)) out[`${tool.name} / ${provider}`] = JSON.stringify(make(tool));
  }
  return out;
}

describe("Provider forms of the samples' tools", () => {
  const actual = forms();
  const expected = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>;

  it('covers every tool and provider', () => {
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
  });

  it.each(Object.keys(expected))('%s', (key) => {
    expect(actual[key]).toBe(expected[key]);
  });

  it('every JSON Schema form is valid 2020-12', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const [key, text] of Object.entries(actual)) {
      if (key.endsWith('gemini openapi')) continue; // an OpenAPI subset with upper-case types, not JSON Schema
      const form = JSON.parse(text) as { tool: Record<string, unknown> };
      const t = form.tool;
      const fn = t.function as Record<string, unknown> | undefined;
      const schema = fn?.parameters ?? t.parameters ?? t.input_schema ?? t.parametersJsonSchema ?? t.inputSchema;
      expect({ key, ok: ajv.validateSchema(schema as object) }).toEqual({ key, ok: true });
    }
  });
});

/** Writes the golden file from the current forms (run by hand after a reviewed change). */
export function writeGolden(): void {
  fs.writeFileSync(GOLDEN, `${JSON.stringify(forms(), null, 1)}\n`);
}
