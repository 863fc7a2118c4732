import { toAnthropicTool, ANTHROPIC_STRICT_LIMITS } from '../../lib/providers';
import * as expected from './expected';
import { everyTool, openTool, orderTool, recordTool, toolOf, ORDER_SCHEMA } from './fixtures';
import { lines } from './helpers';

describe('Anthropic form', () => {
  it('is { name, description, input_schema } with the canonical schema when not strict (the default)', () => {
    const { tool, losses } = toAnthropicTool(orderTool());
    expect(JSON.stringify(tool)).toBe(`{"name":"create_order","description":"Create an order.","input_schema":${JSON.stringify(ORDER_SCHEMA)}}`);
    expect(losses).toEqual([]);
  });

  it('strict: moves bounds and lengths into descriptions and sends strict: true', () => {
    const { tool, losses } = toAnthropicTool(orderTool(), { strict: true });
    expect(JSON.stringify(tool)).toBe(expected.anthropicStrictOrder);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/docketId minLength',
      'moved-to-description /properties/docketId maxLength',
      'moved-to-description /properties/items/items/properties/sku minLength',
      'moved-to-description /properties/items/items/properties/sku maxLength',
      'moved-to-description /properties/items/items/properties/qty minimum',
      'moved-to-description /properties/items/items/properties/qty maximum',
      'moved-to-description /properties/days minimum',
      'moved-to-description /properties/days maximum',
    ]);
  });

  it('strict: keeps simple patterns, listed formats, minItems 0/1 and defaults; moves the rest', () => {
    const { tool, losses } = toAnthropicTool(everyTool(), { strict: true });
    expect(JSON.stringify(tool)).toBe(expected.anthropicStrictEvery);
    expect(lines(losses)).toEqual([
      'moved-to-description /properties/code minLength',
      'moved-to-description /properties/code maxLength',
      'moved-to-description /properties/twice pattern',
      'moved-to-description /properties/blob contentEncoding',
      'moved-to-description /properties/tags/items maxLength',
      'moved-to-description /properties/tags minItems',
      'moved-to-description /properties/tags maxItems',
      'moved-to-description /properties/tags uniqueItems',
      'moved-to-description /properties/ratio minimum',
      'moved-to-description /properties/ratio maximum',
      'moved-to-description /properties/count minimum',
      'moved-to-description /properties/count maximum',
    ]);
    expect(losses.find((l) => l.keyword === 'pattern')?.reason).toBe('Anthropic strict mode supports only simple patterns; this one uses a backreference');
  });

  it.each([
    ['^(?=a)b$', 'a lookahead or lookbehind'],
    ['(?<!x)y', 'a lookahead or lookbehind'],
    ['\\bword\\b', 'a word boundary'],
    ['^(?<year>\\d{4})$', 'a named group'],
    ['^\\p{L}+$', 'a Unicode property escape'],
  ])('strict: the pattern %s is not simple (%s)', (pattern, feature) => {
    const { losses } = toAnthropicTool(
      toolOf('p', { type: 'object', properties: { s: { type: 'string', pattern } }, required: ['s'], additionalProperties: false }),
      { strict: true },
    );
    expect(losses).toEqual([
      {
        path: '/properties/s',
        keyword: 'pattern',
        action: 'moved-to-description',
        reason: `Anthropic strict mode supports only simple patterns; this one uses ${feature}`,
      },
    ]);
  });

  it('strict: an escaped backslash before b is a literal, not a word boundary', () => {
    const { losses } = toAnthropicTool(
      toolOf('p', { type: 'object', properties: { s: { type: 'string', pattern: '^a\\\\b$' } }, required: ['s'], additionalProperties: false }),
      { strict: true },
    );
    expect(losses).toEqual([]);
  });

  it('falls back to non-strict for a Record, JsonValue, JsonObject and JsonArray', () => {
    const record = toAnthropicTool(recordTool(), { strict: true });
    expect('strict' in record.tool).toBe(false);
    expect(record.tool.input_schema).toEqual(recordTool().inputSchema);
    expect(lines(record.losses)).toEqual(['fell-back-to-non-strict /properties/counts additionalProperties']);
    expect(lines(toAnthropicTool(openTool(), { strict: true }).losses)).toEqual([
      'fell-back-to-non-strict /properties/anything type',
      'fell-back-to-non-strict /properties/bag additionalProperties',
      'fell-back-to-non-strict /properties/list items',
    ]);
  });

  it('falls back when one tool alone passes the per-request limit of optional properties', () => {
    const properties = Object.fromEntries(Array.from({ length: ANTHROPIC_STRICT_LIMITS.optionalProperties + 1 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const { tool, losses } = toAnthropicTool(toolOf('many', { type: 'object', properties, additionalProperties: false }), { strict: true });
    expect('strict' in tool).toBe(false);
    expect(losses).toEqual([
      {
        path: '',
        keyword: 'required',
        action: 'fell-back-to-non-strict',
        reason: 'Anthropic strict mode cannot express 25 optional properties (at most 24); the tool is sent without strict mode',
      },
    ]);
  });

  it('refuses a name Anthropic refuses, and takes up to 128 characters', () => {
    expect(() => toAnthropicTool(toolOf('a'.repeat(128), ORDER_SCHEMA))).not.toThrow();
    expect(() => toAnthropicTool(toolOf('a'.repeat(129), ORDER_SCHEMA))).toThrow(
      /is not accepted by anthropic: it must be 1-128 characters, each an ASCII letter, digit, _ or -\.$/,
    );
    expect(() => toAnthropicTool(toolOf('get docket', ORDER_SCHEMA))).toThrow(/anthropic/);
  });
});
