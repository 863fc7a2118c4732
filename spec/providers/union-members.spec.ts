import 'reflect-metadata';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { formsOf, goldenTests } from './helpers';
import { AnyOf, Description, JsonObject, Prop, Tool, toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool } from 'tool-signatures';

/**
 * Contract v3.1, last bullet: union members' own descriptions and constraints are carried by every
 * provider form; what a provider cannot take moves into that member's description, with a loss
 * report (Gemini's minLength), as for any other slot. Reviewed forms in union-members.golden.json.
 */

@Description('A labelled point.')
class Pin {
  @Prop() label!: string;
}

const tools = [
  Tool.create((paths: string | string[]) => String(paths), {
    name: 'read_paths',
    description: 'Reads files.',
    params: {
      paths: {
        type: AnyOf({ type: String, minLength: 1, description: 'One path.' }, { type: [String], minItems: 1, each: { minLength: 1 } }),
        description: 'What to read.',
      },
    },
  }),
  Tool.create((props: object | string, pins?: Pin | Pin[]) => String(props) + String(pins), {
    name: 'set_props',
    params: { props: AnyOf({ type: JsonObject, description: 'The property values' }, String), pins: { type: AnyOf(Pin, [Pin]), optional: true } },
  }),
];

const GOLDEN = path.join(__dirname, 'union-members.golden.json');

describe('Provider forms of union members with their own options (v3.1)', () => {
  goldenTests(GOLDEN, formsOf(tools));

  it('every form is valid 2020-12 JSON Schema', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      for (const schema of [
        toOpenAITool(tool, { strict: true }).tool.function.parameters,
        toAnthropicTool(tool).tool.input_schema,
        toGeminiTool(tool).tool.parametersJsonSchema,
        toMcpTool(tool).tool.inputSchema,
      ]) {
        expect(ajv.validateSchema(schema as object)).toBe(true);
      }
    }
  });
});
