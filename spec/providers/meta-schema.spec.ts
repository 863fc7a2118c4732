import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '../../lib/tool-description';
import { toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool } from '../../lib/providers';
import { everyTool, openTool, orderTool, recordTool, toolOf } from './fixtures';

const ajv = new Ajv2020();
const tools = {
  order: orderTool,
  every: everyTool,
  record: recordTool,
  open: openTool,
  output: () => toolOf('count', { type: 'object', properties: {}, additionalProperties: false }, { outputSchema: { type: 'integer' } }),
};

/** Every emitted schema that is JSON Schema (Gemini's OpenAPI-subset `parameters` is not, by design). */
function emitted(make: () => ReturnType<typeof orderTool>): [string, JsonSchema | undefined][] {
  const tool = make();
  return [
    ['openai strict', toOpenAITool(tool).tool.function.parameters],
    ['openai', toOpenAITool(tool, { strict: false, api: 'responses' }).tool.parameters],
    ['anthropic strict', toAnthropicTool(tool, { strict: true }).tool.input_schema],
    ['anthropic', toAnthropicTool(tool).tool.input_schema],
    ['gemini', toGeminiTool(tool).tool.parametersJsonSchema],
    ['mcp input', toMcpTool(tool).tool.inputSchema],
    ['mcp output', toMcpTool(tool).tool.outputSchema],
  ];
}

describe('every emitted schema is valid JSON Schema 2020-12 (ajv 8.20 meta-schema)', () => {
  it.each(Object.entries(tools))('%s tool', (_, make) => {
    for (const [form, schema] of emitted(make)) {
      if (schema === undefined) continue;
      expect([form, ajv.validateSchema(schema), ajv.errors]).toEqual([form, true, null]);
    }
  });
});
