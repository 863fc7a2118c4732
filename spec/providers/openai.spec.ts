import { ProviderNameError, toOpenAITool } from '../../lib/providers';
import * as expected from './expected';
import { everyTool, openTool, orderTool, recordTool, toolOf, ORDER_SCHEMA } from './fixtures';
import { lines } from './helpers';

describe('OpenAI form', () => {
  it('is the Chat Completions function tool, strict by default', () => {
    const { tool, losses } = toOpenAITool(orderTool());
    expect(JSON.stringify(tool)).toBe(expected.openAIStrictOrder);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/docketId minLength',
      'moved-to-description /properties/docketId maxLength',
      'moved-to-description /properties/items/items/properties/sku minLength',
      'moved-to-description /properties/items/items/properties/sku maxLength',
      'moved-to-description /properties/days default',
      'widened /properties/days type',
    ]);
  });

  it('is the flat Responses API tool with api: responses', () => {
    expect(JSON.stringify(toOpenAITool(orderTool(), { api: 'responses' }).tool)).toBe(expected.openAIResponsesOrder);
  });

  it('sends the canonical schema unchanged with strict: false', () => {
    const { tool, losses } = toOpenAITool(orderTool(), { strict: false });
    expect(JSON.stringify(tool)).toBe(
      `{"type":"function","function":{"name":"create_order","description":"Create an order.","parameters":${JSON.stringify(ORDER_SCHEMA)},"strict":false}}`,
    );
    expect(losses).toEqual([]);
  });

  it('strict: moves what OpenAI does not list, requires every property and widens the optional ones to null', () => {
    const { tool, losses } = toOpenAITool(everyTool());
    expect(JSON.stringify(tool)).toBe(expected.openAIStrictEvery);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/site format',
      'moved-to-description /properties/code minLength',
      'moved-to-description /properties/code maxLength',
      'moved-to-description /properties/blob contentEncoding',
      'moved-to-description /properties/tags/items maxLength',
      'moved-to-description /properties/tags uniqueItems',
      'moved-to-description /properties/mode default',
      'moved-to-description /properties/ratio default',
      'moved-to-description /properties/labels default',
      'widened /properties/address/properties/zip type',
      'widened /properties/mode type',
      'widened /properties/ratio type',
      'made-required /properties/count required',
      'widened /properties/labels type',
      'widened /properties/address type',
    ]);
    expect(losses[0]?.reason).toBe('OpenAI strict mode supports only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid');
  });

  it('strict: an optional enum gains null in its type and its list', () => {
    const { tool } = toOpenAITool(
      toolOf('pick', { type: 'object', properties: { p: { type: 'string', enum: ['Low', 'High'] } }, additionalProperties: false }),
    );
    expect(JSON.stringify(tool.function.parameters)).toBe(
      '{"type":"object","properties":{"p":{"type":["string","null"],"enum":["Low","High",null]}},"required":["p"],"additionalProperties":false}',
    );
  });

  it('strict: a tool without parameters lists an empty required', () => {
    const { tool } = toOpenAITool(toolOf('ping', { type: 'object', properties: {}, additionalProperties: false }));
    expect(JSON.stringify(tool.function.parameters)).toBe('{"type":"object","properties":{},"required":[],"additionalProperties":false}');
  });

  it('falls back to non-strict for a Record property, saying why', () => {
    const { tool, losses } = toOpenAITool(recordTool());
    expect(tool.function.strict).toBe(false);
    expect(tool.function.parameters).toEqual(recordTool().inputSchema);
    expect(losses).toEqual([
      {
        path: '/properties/counts',
        keyword: 'additionalProperties',
        action: 'fell-back-to-non-strict',
        reason: 'OpenAI strict mode cannot express a Record (an object whose additionalProperties is a schema); the tool is sent without strict mode',
      },
    ]);
  });

  it('falls back to non-strict for JsonValue, JsonObject and JsonArray', () => {
    const { tool, losses } = toOpenAITool(openTool(), { api: 'responses' });
    expect(tool.strict).toBe(false);
    expect(lines(losses)).toEqual([
      'fell-back-to-non-strict /properties/anything type',
      'fell-back-to-non-strict /properties/bag additionalProperties',
      'fell-back-to-non-strict /properties/list items',
    ]);
  });

  it('refuses a name OpenAI refuses', () => {
    const long = 'a'.repeat(65);
    expect(() => toOpenAITool(toolOf(long, ORDER_SCHEMA))).toThrow(ProviderNameError);
    expect(() => toOpenAITool(toolOf('get.docket', ORDER_SCHEMA))).toThrow(
      "Tool name 'get.docket' is not accepted by openai: it must be 1-64 characters, each an ASCII letter, digit, _ or -.",
    );
    expect(() => toOpenAITool(toolOf('a'.repeat(64), ORDER_SCHEMA))).not.toThrow();
  });

  it('returns fresh objects and leaves the frozen canonical schema alone', () => {
    const tool = everyTool();
    const before = JSON.stringify(tool.inputSchema);
    const first = toOpenAITool(tool).tool.function.parameters;
    expect(JSON.stringify(tool.inputSchema)).toBe(before);
    expect(Object.isFrozen(first)).toBe(false);
    expect(toOpenAITool(tool, { strict: false }).tool.function.parameters).not.toBe(tool.inputSchema);
  });
});
