import { mcpOutputWrapped, toMcpTool, ProviderNameError } from '../../lib/providers';
import { orderTool, toolOf, ORDER_SCHEMA, EVERY_KEYWORD_SCHEMA } from './fixtures';

describe('MCP form', () => {
  it('carries the canonical input schema as it is', () => {
    const { tool, losses } = toMcpTool(orderTool());
    expect(JSON.stringify(tool)).toBe(`{"name":"create_order","description":"Create an order.","inputSchema":${JSON.stringify(ORDER_SCHEMA)}}`);
    expect(losses).toEqual([]);
  });

  it('passes an object output schema and annotations through', () => {
    const output = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false };
    const tool = toolOf('make', EVERY_KEYWORD_SCHEMA, { outputSchema: output, annotations: { title: 'Make', readOnlyHint: true } });
    expect(mcpOutputWrapped(tool)).toBe(false);
    const form = toMcpTool(tool).tool;
    expect(JSON.stringify(form.outputSchema)).toBe(JSON.stringify(output));
    expect(JSON.stringify(form.annotations)).toBe('{"title":"Make","readOnlyHint":true}');
  });

  it.each([
    [{ type: 'integer', minimum: 1, maximum: 1000 }],
    [{ type: 'array', items: { type: 'string' } }],
    [{ type: ['object', 'null'], properties: {}, additionalProperties: false }],
  ])('wraps a non-object output schema %j as { result }', (output) => {
    const tool = toolOf('count', ORDER_SCHEMA, { outputSchema: output });
    expect(mcpOutputWrapped(tool)).toBe(true);
    expect(JSON.stringify(toMcpTool(tool).tool.outputSchema)).toBe(
      `{"type":"object","properties":{"result":${JSON.stringify(output)}},"required":["result"],"additionalProperties":false}`,
    );
  });

  it('says no wrapping for a tool without an output schema', () => {
    expect(mcpOutputWrapped(orderTool())).toBe(false);
    expect('outputSchema' in toMcpTool(orderTool()).tool).toBe(false);
  });

  it('refuses names outside 1-128 of letters, digits, _, - and .', () => {
    expect(() => toMcpTool(toolOf('admin.tools.list', ORDER_SCHEMA))).not.toThrow();
    let caught: unknown;
    try {
      toMcpTool(toolOf('user/update', ORDER_SCHEMA));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ProviderNameError);
    expect(caught).toMatchObject({ code: 'PROVIDER_NAME', provider: 'mcp', toolName: 'user/update' });
    expect(() => toMcpTool(toolOf('x'.repeat(129), ORDER_SCHEMA))).toThrow(/1-128 characters/);
  });
});
