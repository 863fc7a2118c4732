import 'reflect-metadata';
import * as path from 'node:path';
import { Int32, ObjectOf, Tool, ToolContext, ToolInvoker, type ToolDefinition } from 'tool-signatures';
import { definitionError, inputText } from '../helpers/schema';
import { compileProgram, loadCompiled } from '../helpers/virtual-program';

/**
 * `Tool.create` with a destructured parameter, the way AI SDK and FastMCP tools are written: the
 * object pattern is the tool's input object, its properties the tool's arguments.
 */

const text = (r: { parts: readonly unknown[] }) => r.parts.map((p) => (p as { text: string }).text).join('');

function forecast({ city, days = 3 }: { city: string; days?: number }): string {
  return `${city} for ${days} days`;
}

describe('issue 31: Tool.create with a destructured parameter', () => {
  it("the pattern's properties are the arguments, typed by params; a default in the pattern is written and applies", async () => {
    const tool = Tool.create(forecast, { params: { city: String, days: Int32 } });
    expect(tool.name).toBe('forecast');
    expect(inputText(tool)).toBe(
      '{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":3}},"required":["city"],"additionalProperties":false}',
    );
    expect(text(await ToolInvoker.invoke(tool, '{"city":"Oslo"}'))).toBe('Oslo for 3 days');
    expect(text(await tool.invoke({ city: 'Oslo', days: 5 }))).toBe('Oslo for 5 days');
    const refused = await tool.invoke('{"city":"Oslo","days":2.5,"units":"metric"}');
    expect([refused.isError, text(refused)]).toEqual([
      true,
      "Argument 'days' must be an integer from -2147483648 to 2147483647.\nArgument 'units' is not a parameter of tool 'forecast'.",
    ]);
  });

  it('an arrow function with a renamed binding and a context parameter after the pattern', async () => {
    const tool = Tool.create(({ sku: code }: { sku: string }, ctx: ToolContext) => `${code} in ${ctx.toolName}`, {
      name: 'price',
      params: { sku: String, ctx: ToolContext },
    });
    expect(inputText(tool)).toBe('{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}');
    expect(text(await tool.invoke({ sku: 'A-1' }, { context: new ToolContext() }))).toBe('A-1 in price');
  });

  it('a misspelt params key is refused, naming the properties the fix keys by', async () => {
    const e = definitionError(() => Tool.create(forecast, { params: { cty: String, days: Int32 } }));
    expect(e.message).toBe(
      [
        "2 problems in tool 'forecast':",
        "- OLT002: Cannot build tool 'forecast' (function forecast), parameter #0 'city': an ad-hoc function has no design types. Give the type in Tool.create options.params (by name, or an array in parameter order), or a literal default.",
        "- OLT015: Cannot build tool 'forecast' (function forecast): Tool.create options.params names 'cty', which is not a parameter of the function (its parameters: city, days). Key the types by the parameter names, or give an array in parameter order.",
      ].join('\n'),
    );
    // The fix the text gives (key by 'city') builds: the first test's tool.
    expect(Tool.create(forecast, { params: { city: String, days: Int32 } }).name).toBe('forecast');
  });

  it('a nested pattern still has no name to read, and the fix it names works', async () => {
    const nested = ({ where: { city } }: { where: { city: string } }) => city;
    expect(definitionError(() => Tool.create(nested, { name: 'nested' })).message).toBe(
      'OLT014: Cannot build tool \'nested\' (function nested), parameter #0: its name cannot be read from the source (destructured other than as Tool.create\'s flat object input, minified, bound or native). Give it: @Param({ name: "..." }), or, for Tool.create, options.params as an array in parameter order: [{ name: "input", type: ... }].',
    );
    // Named, the parameter is one argument holding the whole object the pattern reads.
    const named = Tool.create(nested, { name: 'nested', params: [{ name: 'input', type: ObjectOf({ where: ObjectOf({ city: String }) }) }] });
    expect(inputText(named)).toBe(
      '{"type":"object","properties":{"input":{"type":"object","properties":{"where":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}},"required":["where"],"additionalProperties":false}},"required":["input"],"additionalProperties":false}',
    );
    expect(text(await named.invoke({ input: { where: { city: 'Oslo' } } }))).toBe('Oslo');
  });

  it("built with the plugin, the types come from the pattern's type and no params are written", async () => {
    const sources = {
      'weather.ts': `
import { Tool, type Int32, type ToolContext } from 'tool-signatures';
export function forecast({ city, days = 3 }: { city: string; /** Days ahead. */ days?: Int32 }, ctx?: ToolContext): string {
  return city + ' for ' + days + ' days in ' + ctx?.toolName;
}
export const tool = Tool.create(forecast);
`,
    };
    const { tool } = loadCompiled(compileProgram(sources, path.join(__dirname, 'virtual-destructured'), { plugin: true }), './weather') as {
      tool: ToolDefinition;
    };
    expect(inputText(tool)).toBe(
      '{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","description":"Days ahead.","minimum":-2147483648,"maximum":2147483647,"default":3}},"required":["city"],"additionalProperties":false}',
    );
    expect(text(await tool.invoke({ city: 'Oslo' }, { context: new ToolContext() }))).toBe('Oslo for 3 days in forecast');
  });
});
