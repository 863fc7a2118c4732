import 'reflect-metadata';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { formsOf, goldenTests } from './helpers';
import { Tool, toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool } from 'tool-signatures';
import { Drawing } from '../fixtures/unions';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { toStrictJsonSchema } = require('openai/lib/transform') as { toStrictJsonSchema: (s: object) => object };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { transformJSONSchema } = require('@anthropic-ai/sdk/lib/transform-json-schema') as { transformJSONSchema: (s: object) => object };

/**
 * The provider forms of the union and recursive-class tools, compared as exact JSON text with the
 * reviewed forms in unions.golden.json (loss reports included), checked against the 2020-12
 * meta-schema and against the vendors' own SDK transforms.
 */

const GOLDEN = path.join(__dirname, 'unions.golden.json');

const tools = Tool.fromInstance(new Drawing());

describe('Provider forms of the union and recursive-class tools', () => {
  goldenTests(GOLDEN, formsOf(tools));

  it('every emitted JSON Schema is valid 2020-12', () => {
    const ajv = new Ajv2020();
    for (const tool of tools) {
      const schemas = [
        toOpenAITool(tool).tool.function.parameters,
        toOpenAITool(tool, { strict: false }).tool.function.parameters,
        toAnthropicTool(tool, { strict: true }).tool.input_schema,
        toAnthropicTool(tool).tool.input_schema,
        toGeminiTool(tool).tool.parametersJsonSchema,
        toMcpTool(tool).tool.inputSchema,
      ];
      for (const s of schemas) expect([tool.name, ajv.validateSchema(s), ajv.errors]).toEqual([tool.name, true, null]);
    }
  });

  it("OpenAI strict is sent strict (anyOf below the root and recursive $defs kept), and the SDK's toStrictJsonSchema changes nothing", () => {
    for (const tool of tools) {
      const { tool: form } = toOpenAITool(tool);
      expect(form.function.strict).toBe(true);
      expect(JSON.stringify(toStrictJsonSchema(form.function.parameters))).toBe(JSON.stringify(form.function.parameters));
    }
  });

  it("Anthropic strict: the union tool is strict and the SDK's transformJSONSchema keeps every property and union member", () => {
    const { tool: form } = toAnthropicTool(tools[0]!, { strict: true });
    expect(form.strict).toBe(true);
    const text = JSON.stringify(form.input_schema);
    const theirs = JSON.stringify(transformJSONSchema(form.input_schema));
    for (const key of text.match(/"[A-Za-z_]+":\{/g) ?? []) expect(theirs).toContain(key);
  });

  it('Anthropic strict: the filter unrolled three levels has more optional properties than Anthropic allows, so it is sent without strict, and the report says why', () => {
    const { tool: form, losses } = toAnthropicTool(tools[1]!, { strict: true });
    expect(form.strict).toBeUndefined();
    expect(losses).toEqual([
      {
        path: '',
        keyword: 'required',
        action: 'fell-back-to-non-strict',
        reason: 'Anthropic strict mode cannot express 39 optional properties (at most 24); the tool is sent without strict mode',
      },
    ]);
  });

  it("Gemini's OpenAPI form has no $ref left: the filter is unrolled three levels, each cut in the report", () => {
    const { tool: form, losses } = toGeminiTool(tools[1]!, { form: 'openapi' });
    expect(JSON.stringify(form.parameters)).not.toContain('$ref');
    expect(losses[0]).toEqual({
      path: '/$defs',
      keyword: '$defs',
      action: 'unrolled',
      reason: "Gemini's OpenAPI subset does not take recursive schemas; each recursive class is unrolled to 3 levels",
    });
    expect(losses.filter((l) => l.action === 'removed' && l.keyword === 'properties')).toHaveLength(27);
  });
});
