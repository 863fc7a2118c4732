import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import * as fc from 'fast-check';
import { Param, Tool, toAnthropicTool, toGeminiTool, toOpenAITool } from 'tool-signatures';
import { expectMetaValid } from '../helpers/schema';

/**
 * v3 formats in the provider forms: each form keeps the formats its vendor documents (OpenAI strict:
 * not uri nor uri-reference; Anthropic strict: not uri-reference; Gemini: date-time, date, time in
 * its JSON Schema form, date-time in its OpenAPI form) and moves the rest into the description
 * with a loss report; a model's answer in the strict shape reaches the method as the canonical one.
 */

const received: unknown[][] = [];

class Net {
  @Tool()
  check(
    @Param({ format: 'duration' }) every: string,
    @Param({ format: 'hostname' }) host: string,
    @Param({ type: [String], each: { format: 'uri-reference', maxLength: 40 } }) links: string[],
    @Param({ format: 'ipv4', optional: true }) v4?: string,
    @Param({ format: 'ipv6', optional: true }) v6?: string,
  ) {
    received.push([every, host, links, v4, v6]);
    return 'ok';
  }
}

const tool = Tool.fromInstance(new Net())[0]!;

const OPENAI_STRICT =
  '{"type":"function","function":{"name":"check","description":"","parameters":{"type":"object","properties":{"every":{"type":"string","format":"duration"},"host":{"type":"string","format":"hostname"},' +
  '"links":{"type":"array","items":{"type":"string","description":"Format: uri-reference. At most 40 characters."}},"v4":{"type":["string","null"],"format":"ipv4"},"v6":{"type":["string","null"],"format":"ipv6"}},' +
  '"required":["every","host","links","v4","v6"],"additionalProperties":false},"strict":true}}';

describe('Formats in the provider forms (v3)', () => {
  it('OpenAI strict keeps duration, hostname, ipv4, ipv6; uri-reference goes to the description, with its loss', () => {
    const form = toOpenAITool(tool);
    expect(JSON.stringify(form.tool)).toBe(OPENAI_STRICT);
    expectMetaValid(form.tool.function.parameters);
    expect(form.losses.filter((l) => l.keyword === 'format')).toEqual([
      {
        path: '/properties/links/items',
        keyword: 'format',
        action: 'moved-to-description',
        reason: 'OpenAI strict mode supports only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid',
      },
    ]);
  });

  it('Anthropic keeps every format; in strict mode uri-reference goes to the description, with its loss', () => {
    expect(JSON.stringify(toAnthropicTool(tool).tool.input_schema)).toBe(JSON.stringify(tool.inputSchema));
    const strict = toAnthropicTool(tool, { strict: true });
    expect(JSON.stringify(strict.tool.input_schema)).toBe(
      '{"type":"object","properties":{"every":{"type":"string","format":"duration"},"host":{"type":"string","format":"hostname"},' +
        '"links":{"type":"array","items":{"type":"string","description":"Format: uri-reference. At most 40 characters."}},"v4":{"type":"string","format":"ipv4"},"v6":{"type":"string","format":"ipv6"}},"required":["every","host","links"],"additionalProperties":false}',
    );
    expect(strict.losses.filter((l) => l.keyword === 'format')).toEqual([
      {
        path: '/properties/links/items',
        keyword: 'format',
        action: 'moved-to-description',
        reason: 'Anthropic strict mode supports only the formats date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid',
      },
    ]);
  });

  it('Gemini keeps none of them: each goes to the description, with its loss', () => {
    const form = toGeminiTool(tool);
    expect(JSON.stringify(form.tool.parametersJsonSchema)).toBe(
      '{"type":"object","properties":{"every":{"type":"string","description":"Format: duration."},"host":{"type":"string","description":"Format: hostname."},' +
        '"links":{"type":"array","items":{"type":"string","description":"Format: uri-reference. At most 40 characters."}},"v4":{"type":"string","description":"Format: ipv4."},"v6":{"type":"string","description":"Format: ipv6."}},"required":["every","host","links"],"additionalProperties":false}',
    );
    expect(form.losses.filter((l) => l.keyword === 'format').map((l) => l.path)).toEqual([
      '/properties/every',
      '/properties/host',
      '/properties/links/items',
      '/properties/v4',
      '/properties/v6',
    ]);
    const openapi = toGeminiTool(tool, { form: 'openapi' });
    expect(openapi.losses.filter((l) => l.keyword === 'format').map((l) => l.reason)).toEqual(
      Array(5).fill('Gemini supports only the string formats date-time here'),
    );
  });

  it('the strict round trip: an answer in the OpenAI strict shape (null for what is absent) reaches the method as the canonical one', async () => {
    const canonical = addFormats(new Ajv2020({ strict: false })).compile(tool.inputSchema as object);
    const args = fc.record(
      {
        every: fc.constantFrom('P1D', 'PT30M', 'P2W', 'P1Y2M3DT4H5M6S'),
        host: fc.domain(),
        v4: fc.ipV4(),
        v6: fc.ipV6(),
        links: fc.array(fc.constantFrom('/a/b', '../x?y=1', '#top', 'https://e.x/'), { maxLength: 3 }),
      },
      { requiredKeys: ['every', 'host', 'links'] },
    );
    await fc.assert(
      fc.asyncProperty(args, async (a) => {
        expect(canonical(a)).toBe(true);
        received.length = 0;
        expect((await tool.invoke(a)).isError).toBe(false);
        const viaStrict = { v4: null, v6: null, ...a };
        expect((await tool.invoke(JSON.stringify(viaStrict))).isError).toBe(false);
        expect(received[1]).toEqual(received[0]);
      }),
      { numRuns: 1000, seed: 20261203 },
    );
  });
});
