import { toAnthropicTool, toGeminiTool, toOpenAITool } from '../../lib/providers';
import { toolOf } from './fixtures';
import { lines } from './helpers';

/**
 * Exclusive bounds and multipleOf (v3) in each form, as each vendor documents them: OpenAI strict
 * lists them; Anthropic strict supports no numerical constraint; Gemini's subset lists only
 * minimum and maximum. What moves is said in the description, with a loss.
 */
const numeric = () =>
  toolOf(
    'weigh',
    {
      type: 'object',
      properties: {
        grams: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
        below: { type: 'number', description: 'A limit.', exclusiveMaximum: 10 },
      },
      required: ['grams', 'below'],
      additionalProperties: false,
    },
    { description: 'Weighs.' },
  );

describe('exclusive bounds and multipleOf in the provider forms', () => {
  it('OpenAI strict keeps them', () => {
    const { tool, losses } = toOpenAITool(numeric());
    expect(JSON.stringify(tool.function.parameters)).toBe(JSON.stringify(numeric().inputSchema));
    expect(losses).toEqual([]);
  });

  it('Anthropic strict moves them into the description', () => {
    const { tool, losses } = toAnthropicTool(numeric(), { strict: true });
    expect(JSON.stringify(tool.input_schema)).toBe(
      '{"type":"object","properties":{"grams":{"type":"number","description":"Must be greater than 0. Must be a multiple of 0.5."},' +
        '"below":{"type":"number","description":"A limit. Must be less than 10."}},"required":["grams","below"],"additionalProperties":false}',
    );
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/grams exclusiveMinimum',
      'moved-to-description /properties/grams multipleOf',
      'moved-to-description /properties/below exclusiveMaximum',
    ]);
  });

  it('Gemini (both forms) moves them into the description', () => {
    for (const form of ['jsonSchema', 'openapi'] as const) {
      const { tool, losses } = toGeminiTool(numeric(), { form });
      const schema = ('parameters' in tool ? tool.parameters : tool.parametersJsonSchema) as { properties: Record<string, { description?: string }> };
      expect([schema.properties.grams!.description, schema.properties.below!.description]).toEqual([
        'Must be greater than 0. Must be a multiple of 0.5.',
        'A limit. Must be less than 10.',
      ]);
      expect(lines(losses).filter((l) => !l.endsWith('additionalProperties'))).toEqual([
        'moved-to-description /properties/grams exclusiveMinimum',
        'moved-to-description /properties/grams multipleOf',
        'moved-to-description /properties/below exclusiveMaximum',
      ]);
    }
  });
});
