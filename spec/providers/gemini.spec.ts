import { toGeminiTool } from '../../lib/providers';
import * as expected from './expected';
import { everyTool, openTool, orderTool, recordTool, toolOf, ORDER_SCHEMA } from './fixtures';
import { lines } from './helpers';

describe('Gemini form: parametersJsonSchema (the default)', () => {
  it('moves what Gemini does not list (lengths, default) for the order tool', () => {
    const { tool, losses } = toGeminiTool(orderTool());
    expect(JSON.stringify(tool)).toBe(expected.geminiOrder);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/docketId minLength',
      'moved-to-description /properties/docketId maxLength',
      'moved-to-description /properties/items/items/properties/sku minLength',
      'moved-to-description /properties/items/items/properties/sku maxLength',
      'moved-to-description /properties/days default',
    ]);
  });

  it('keeps date-time, date and time; moves other formats, patterns, encodings, uniqueItems and defaults', () => {
    const { tool, losses } = toGeminiTool(everyTool());
    expect(JSON.stringify(tool)).toBe(expected.geminiEvery);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/site format',
      'moved-to-description /properties/id format',
      'moved-to-description /properties/email format',
      'moved-to-description /properties/code minLength',
      'moved-to-description /properties/code maxLength',
      'moved-to-description /properties/code pattern',
      'moved-to-description /properties/twice pattern',
      'moved-to-description /properties/blob contentEncoding',
      'moved-to-description /properties/tags/items maxLength',
      'moved-to-description /properties/tags uniqueItems',
      'moved-to-description /properties/mode default',
      'moved-to-description /properties/ratio default',
      'moved-to-description /properties/labels default',
      'moved-to-description /properties/address/properties/zip pattern',
    ]);
  });

  it('keeps Records and open values, which Gemini accepts', () => {
    expect(JSON.stringify((toGeminiTool(recordTool()).tool.parametersJsonSchema.properties as Record<string, unknown>).counts)).toBe(
      '{"type":"object","additionalProperties":{"type":"integer","minimum":0,"maximum":255}}',
    );
    expect(JSON.stringify(toGeminiTool(openTool()).tool.parametersJsonSchema)).toBe(JSON.stringify(openTool().inputSchema));
  });
});

describe('Gemini form: OpenAPI-subset parameters', () => {
  it('writes upper-case types, drops additionalProperties: false with a report', () => {
    const { tool, losses } = toGeminiTool(orderTool(), { form: 'openapi' });
    expect(JSON.stringify(tool)).toBe(expected.geminiOpenApiOrder);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/docketId minLength',
      'moved-to-description /properties/docketId maxLength',
      'moved-to-description /properties/items/items/properties/sku minLength',
      'moved-to-description /properties/items/items/properties/sku maxLength',
      'removed /properties/items/items additionalProperties',
      'moved-to-description /properties/days default',
      'removed (root) additionalProperties',
    ]);
  });

  it('writes nullable for [T, "null"], string enums with format enum, other enums in words', () => {
    const { tool, losses } = toGeminiTool(everyTool(), { form: 'openapi' });
    expect(JSON.stringify(tool)).toBe(expected.geminiOpenApiEvery);
    expect(lines(losses)).toContain('moved-to-description /properties/size enum');
    expect(lines(losses)).toContain('moved-to-description /properties/day format');
  });

  it("states a Record's value schema in words", () => {
    const { tool, losses } = toGeminiTool(recordTool(), { form: 'openapi' });
    expect(JSON.stringify(tool)).toBe(expected.geminiOpenApiRecord);
    expect(lines(losses)).toContain('moved-to-description /properties/counts additionalProperties');
  });

  it('refuses names Gemini refuses', () => {
    expect(() => toGeminiTool(toolOf('1st', ORDER_SCHEMA))).toThrow(/gemini: it must be at most 64 characters, starting with an ASCII letter or _/);
    expect(() => toGeminiTool(toolOf('ns:get.docket-v2', ORDER_SCHEMA))).not.toThrow();
    expect(() => toGeminiTool(toolOf(`a${'b'.repeat(64)}`, ORDER_SCHEMA))).toThrow(/gemini/);
  });
});
