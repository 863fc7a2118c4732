import 'reflect-metadata';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { formsOf, goldenTests } from './helpers';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { IsOptional } from 'class-validator';
import { createMcpServer } from 'tool-signatures/mcp';
import { Int32, Param, Prop, Range, Tool, toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool } from 'tool-signatures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { toStrictJsonSchema } = require('openai/lib/transform') as { toStrictJsonSchema: (s: object) => object };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { transformJSONSchema } = require('@anthropic-ai/sdk/lib/transform-json-schema') as { transformJSONSchema: (s: object) => { description?: string } };

/**
 * The provider forms of tools with examples (`@Tool({ examples })` at the root, `@Param({ examples })`
 * on a slot), compared as exact JSON text with the reviewed forms in examples.golden.json, loss
 * reports included: MCP and the non-strict OpenAI form keep `examples` (JSON Schema's own keyword),
 * Anthropic takes the tool's examples as `input_examples`, and what a vendor does not list moves into
 * a description with a loss.
 */

class TreeNode {
  @Prop() label!: string;
  @IsOptional() @Prop({ type: () => [TreeNode] }) children?: TreeNode[];
}

const deep = { label: 'a', children: [{ label: 'b', children: [{ label: 'c', children: [{ label: 'd' }] }] }] };

class Catalog {
  @Tool({ description: 'Forecasts the weather.', examples: [{ city: 'Oslo' }, { city: 'Lima', days: 3 }] })
  forecast(
    @Param({ description: 'A city.', examples: ['Oslo', 'Lima'] }) city: string,
    @Param({ optional: true, type: Int32 }) @Range(1, 7) days?: number,
  ): string {
    return `${city} ${days ?? 1}`;
  }

  @Tool({ description: 'Prints a tree.', examples: [{ root: { label: 'a' } }, { root: deep }] })
  print(@Param({ type: () => TreeNode }) root: TreeNode): string {
    return root.label;
  }
}

const GOLDEN = path.join(__dirname, 'examples.golden.json');

const tools = Tool.fromInstance(new Catalog());

describe('Provider forms of tools with examples', () => {
  goldenTests(GOLDEN, formsOf(tools));

  it('every emitted JSON Schema is valid 2020-12', () => {
    const ajv = new Ajv2020();
    for (const tool of tools) {
      for (const s of [
        toOpenAITool(tool).tool.function.parameters,
        toOpenAITool(tool, { strict: false }).tool.function.parameters,
        toAnthropicTool(tool, { strict: true }).tool.input_schema,
        toAnthropicTool(tool).tool.input_schema,
        toGeminiTool(tool).tool.parametersJsonSchema,
        toMcpTool(tool).tool.inputSchema,
      ]) {
        expect([tool.name, ajv.validateSchema(s), ajv.errors]).toEqual([tool.name, true, null]);
      }
    }
  });

  it('Anthropic: every input_examples entry is valid for the input_schema it is sent with (Anthropic checks them)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const tool of tools) {
      for (const strict of [false, true]) {
        const { tool: form } = toAnthropicTool(tool, { strict });
        expect(form.input_examples?.length).toBeGreaterThan(0);
        for (const example of form.input_examples ?? [])
          expect([tool.name, strict, ajv.validate(form.input_schema, example)]).toEqual([tool.name, strict, true]);
      }
    }
  });

  it('Anthropic strict: an example deeper than the unrolled recursion is moved into the description, with a loss', () => {
    const { tool: form, losses } = toAnthropicTool(tools[1]!, { strict: true });
    expect(form.strict).toBe(true);
    expect(form.input_examples).toEqual([{ root: { label: 'a' } }]);
    expect(form.description).toBe(`Prints a tree. Examples: ${JSON.stringify({ root: deep })}.`);
    expect(losses[losses.length - 1]).toEqual({
      path: '',
      keyword: 'examples',
      action: 'moved-to-description',
      reason:
        'Anthropic checks input_examples against the strict schema, whose recursion is unrolled; these examples go deeper, so they are in the description',
    });
  });

  it("the vendors' SDK transforms agree: OpenAI's toStrictJsonSchema changes nothing in our strict form, Anthropic's transformJSONSchema would move slot examples into the description as we do", () => {
    for (const tool of tools) {
      const { tool: form } = toOpenAITool(tool);
      expect(JSON.stringify(toStrictJsonSchema(form.function.parameters))).toBe(JSON.stringify(form.function.parameters));
    }
    const city = (tools[0]!.inputSchema.properties as Record<string, object>).city!;
    expect(transformJSONSchema(city).description).toBe('A city.\n\n{examples: ["Oslo","Lima"]}');
  });

  it('a tool without examples is sent as before (no input_examples, description unchanged)', () => {
    const plain = Tool.create((city: string) => city, { name: 'plain', description: 'Plain.', params: { city: String } });
    expect(JSON.stringify(toAnthropicTool(plain).tool)).toBe(
      '{"name":"plain","description":"Plain.","input_schema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}}',
    );
  });

  it('MCP: the real SDK client lists the tools with their examples as they are', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(tools, { name: 'catalog', version: '1.0.0' });
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => JSON.stringify(t.inputSchema))).toEqual(tools.map((t) => JSON.stringify(t.inputSchema)));
      expect(JSON.stringify(listed.tools[0]!.inputSchema.examples)).toBe('[{"city":"Oslo"},{"city":"Lima","days":3}]');
    } finally {
      await client.close();
      await server.close();
    }
  });
});
