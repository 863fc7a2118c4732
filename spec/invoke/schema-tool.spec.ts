import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Tool, type ToolContext, ToolDefinitionError, ToolSet } from 'tool-signatures';
import { createMcpServer } from 'tool-signatures/mcp';

/** A hand-written schema with the keywords a generated one never has. */
const SHIPMENT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'address',
      type: 'object',
      properties: { street: { type: 'string', minLength: 1 }, zip: { type: 'string', pattern: '^[0-9]{5}$' } },
      required: ['street'],
      additionalProperties: false,
    },
  },
  properties: {
    to: { $ref: '#address' },
    from: { $ref: '#/$defs/address' },
    mode: { enum: ['ground', 'air'] },
    weightKg: { type: 'number', exclusiveMinimum: 0 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
  required: ['to', 'mode'],
  allOf: [{ not: { required: ['from'], properties: { from: { const: null } } } }],
  if: { properties: { mode: { const: 'air' } } },
  then: { required: ['weightKg'], properties: { weightKg: { maximum: 30 } } },
  else: { properties: { weightKg: { maximum: 1000 } } },
  additionalProperties: false,
};

const received: unknown[] = [];
const shipment = Tool.fromJsonSchema(
  { name: 'ship', description: 'Books a shipment.', inputSchema: SHIPMENT, annotations: { idempotentHint: false } },
  (args, ctx) => {
    received.push(args);
    return `booked ${String(args.mode)} by ${ctx.toolName}`;
  },
);

function text(result: { parts: readonly { type: string; text?: string }[] }): string {
  return result.parts.map((p) => p.text ?? '').join('\n');
}

describe('Tool.fromJsonSchema: schema-first tools', () => {
  beforeEach(() => {
    received.length = 0;
  });

  it('lists the input schema exactly as written ($schema, $defs, $anchor, allOf, if/then/else kept)', () => {
    expect(JSON.stringify(shipment.inputSchema)).toBe(JSON.stringify(SHIPMENT));
    expect(shipment.name).toBe('ship');
    expect(shipment.annotations).toEqual({ idempotentHint: false });
    expect(Object.isFrozen(shipment.inputSchema)).toBe(true);
    // A copy: changing the object given afterwards changes nothing.
    const written = { type: 'object', properties: { a: { type: 'string' } } };
    const tool = Tool.fromJsonSchema({ name: 'copy', description: 'd', inputSchema: written }, () => 'ok');
    written.properties.a.type = 'number';
    expect(JSON.stringify(tool.inputSchema)).toBe('{"type":"object","properties":{"a":{"type":"string"}}}');
  });

  it('lists it as written through MCP tools/list (real SDK client)', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(new ToolSet([shipment]), { name: 's', version: '1' });
    await server.connect(serverSide);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    try {
      const listed = await client.listTools();
      expect(listed.tools[0]!.inputSchema).toEqual(SHIPMENT);
      const called = await client.callTool({ name: 'ship', arguments: { to: { street: 'Main St 1' }, mode: 'ground' } });
      expect(called.content).toEqual([{ type: 'text', text: 'booked ground by ship' }]);
      const refused = await client.callTool({ name: 'ship', arguments: { to: { street: 'Main St 1' }, mode: 'air' } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('passes the validated JSON to the function, with the call context', async () => {
    const args = { to: { street: 'Main St 1', zip: '12345' }, mode: 'air', weightKg: 12.5, tags: ['fragile'] };
    const result = await shipment.invoke(JSON.stringify(args));
    expect(result.isError).toBe(false);
    expect(text(result)).toBe('booked air by ship');
    expect(received).toEqual([args]);
  });

  it.each([
    ['$ref by $anchor', { to: { street: '' }, mode: 'ground' }, "Argument 'to.street' must NOT have fewer than 1 characters."],
    ['$ref by pointer', { to: { street: 'a' }, from: { street: 'b', city: 'x' }, mode: 'ground' }, "Argument 'from.city' is not allowed here."],
    ['required', { mode: 'ground' }, "Argument 'to' is required."],
    ['enum', { to: { street: 'a' }, mode: 'sea' }, "Argument 'mode' must be equal to one of the allowed values."],
    ['if/then', { to: { street: 'a' }, mode: 'air' }, "Argument 'weightKg' is required."],
    ['if/then maximum', { to: { street: 'a' }, mode: 'air', weightKg: 31 }, "Argument 'weightKg' must be <= 30."],
    ['else', { to: { street: 'a' }, mode: 'ground', weightKg: 1001 }, "Argument 'weightKg' must be <= 1000."],
    ['pattern', { to: { street: 'a', zip: '1234' }, mode: 'ground' }, 'Argument \'to.zip\' must match pattern "^[0-9]{5}$".'],
    ['additionalProperties', { to: { street: 'a' }, mode: 'ground', extra: 1 }, "Argument 'extra' is not allowed here."],
  ])('enforces %s, and the function is not called', async (_what, args, problem) => {
    const result = await shipment.invoke(args);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(problem);
    expect(received).toEqual([]);
  });

  it('enforces allOf', async () => {
    const tool = Tool.fromJsonSchema(
      { name: 'both', description: 'd', inputSchema: { type: 'object', allOf: [{ required: ['a'] }, { required: ['b'] }] } },
      () => 'ok',
    );
    expect(text(await tool.invoke({ a: 1 }))).toContain("Argument 'b' is required.");
    expect((await tool.invoke({ a: 1, b: 2 })).isError).toBe(false);
  });

  it('reads arguments within the same limits as every tool (a tool set’s, then the call’s)', async () => {
    const open = Tool.fromJsonSchema({ name: 'open', description: 'd', inputSchema: { type: 'object' } }, () => 'ok');
    const deep = { v: { v: { v: { v: {} } } } };
    const set = new ToolSet([open], { limits: { maxDepth: 3 } });
    expect(text(await set.invoke('open', deep))).toBe('Arguments are nested too deeply: the limit is 3 levels of arrays and objects.');
    expect(text(await set.invoke('open', JSON.stringify(deep)))).toContain('nested too deeply');
    expect(text(await open.invoke(JSON.stringify({ s: 'x'.repeat(100) }), { limits: { maxTextLength: 50 } }))).toContain('50');
    expect(text(await open.invoke('[1]'))).toBe('Arguments must be a JSON object, like {"name": "value"}, not an array.');
    expect((await open.invoke(deep)).isError).toBe(false);
  });

  it('bounds the problems of an argument object with more members than the limit', async () => {
    const closed = Tool.fromJsonSchema({ name: 'closed', description: 'd', inputSchema: { type: 'object', additionalProperties: false } }, () => 'ok');
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const alone = text(await closed.invoke(many, { limits: { maxMembers: 10 } }));
    expect(alone.split('\n')).toHaveLength(1);
    expect(alone).toContain('10');
    expect(text(await new ToolSet([closed], { limits: { maxMembers: 10 } }).invoke('closed', many))).toBe(alone);
  });

  it('runs patterns on the linear-time engine: a backreference, which it cannot run, is refused when the tool is made', () => {
    expect(() =>
      Tool.fromJsonSchema(
        { name: 'p', description: 'd', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a)\\1$' } } } },
        () => 'ok',
      ),
    ).toThrow(ToolDefinitionError);
  });

  it('refuses, when the tool is made, a schema that is not a 2020-12 object schema or cannot be enforced', () => {
    const make = (inputSchema: Record<string, unknown>) => () => Tool.fromJsonSchema({ name: 'bad', description: 'd', inputSchema }, () => 'ok');
    expect(make({ type: 'string' })).toThrow(
      'Tool.fromJsonSchema: the inputSchema of tool \'bad\' must be an object schema ({ "type": "object", ... }), as MCP requires.',
    );
    expect(make({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' })).toThrow(
      'only JSON Schema 2020-12 (https://json-schema.org/draft/2020-12/schema) is read',
    );
    expect(make({ type: 'object', properties: { a: { type: 'strnig' } } })).toThrow("Tool.fromJsonSchema: the inputSchema of tool 'bad' cannot be enforced");
    expect(make({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toThrow('cannot be enforced');
    expect(make({ type: 'object', default: () => 1 })).toThrow("the schema of tool 'bad' is not JSON");
    expect(() => Tool.fromJsonSchema({ name: 'bad name', description: 'd', inputSchema: { type: 'object' } }, () => 'ok')).toThrow(ToolDefinitionError);
  });

  it('keeps the tool options: approval, timeout, a failure as an error result', async () => {
    const guarded = Tool.fromJsonSchema({ name: 'guarded', description: 'd', inputSchema: { type: 'object' }, requiresApproval: true }, () => 'ran');
    expect(guarded.requiresApproval).toBe(true);
    const refusedResult = await new ToolSet([guarded]).invoke('guarded', {});
    expect(refusedResult.isError).toBe(true);
    expect(received).toEqual([]);
    const approved = await new ToolSet([guarded], { approve: () => true }).invoke('guarded', {});
    expect(text(approved)).toBe('ran');
    const throwing = Tool.fromJsonSchema({ name: 'boom', description: 'd', inputSchema: { type: 'object' } }, () => {
      throw new Error('no stock');
    });
    expect(text(await throwing.invoke({}))).toBe("Tool 'boom' failed: Error: no stock");
    const slow = Tool.fromJsonSchema(
      { name: 'slow', description: 'd', inputSchema: { type: 'object' }, timeoutSeconds: 0.01 },
      (_a, ctx: ToolContext) => new Promise((resolve) => ctx.signal?.addEventListener('abort', () => resolve('late'))),
    );
    expect(text(await slow.invoke({}))).toBe("Tool 'slow' timed out after 0.01 s.");
  });
});
