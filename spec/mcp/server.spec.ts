import 'reflect-metadata';
import { IsInt, Length, Max, Min } from 'class-validator';
import { Description, Int32, Param, Prop, Tool, type ToolDefinition } from 'tool-signatures';
import { createMcpServer, serveMcpHttp } from 'tool-signatures/mcp';
import { connectHttp, connectV1 } from '../helpers/mcp-client';
import { Tally } from '../helpers/signals';

class OrderLine {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
}

class Receipt {
  @Prop() orderId!: string;
  @Prop({ type: Int32 }) lines!: number;
}

class Shop {
  readonly started = new Tally();
  readonly aborted = new Tally();

  @Tool({ description: 'Place an order', returns: () => Receipt, annotations: { title: 'Place order', destructiveHint: false } })
  placeOrder(@Description('Where to ship') city: string, @Param({ type: () => [OrderLine] }) lines: OrderLine[]) {
    const receipt = new Receipt();
    receipt.orderId = `${city}-${lines.length}`;
    receipt.lines = lines.reduce((n, l) => n + l.qty, 0);
    return receipt;
  }

  @Tool({ returns: Int32 })
  count(@Param({ type: [String] }) items: string[]) {
    return items.length;
  }

  @Tool()
  async slow(signal: AbortSignal) {
    this.started.add();
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => {
        this.aborted.add();
        resolve();
      });
    });
    return 'stopped';
  }
}

const connect = (tools: readonly ToolDefinition[]) => connectV1(createMcpServer(tools, { name: 'shop', version: '1.0.0' }));

describe('MCP server (real SDK client)', () => {
  const shop = new Shop();
  const tools = Tool.fromInstance(shop);

  it('tools/list gives our schemas, wrapped output schemas and annotations', async () => {
    const { client, close } = await connect(tools);
    try {
      const { tools: listed } = await client.listTools();
      expect(JSON.stringify(listed)).toBe(
        JSON.stringify([
          {
            name: 'place_order',
            description: 'Place an order',
            inputSchema: tools[0]!.inputSchema,
            outputSchema: tools[0]!.outputSchema,
            annotations: { title: 'Place order', destructiveHint: false },
          },
          {
            name: 'count',
            description: '',
            inputSchema: tools[1]!.inputSchema,
            outputSchema: {
              type: 'object',
              properties: { result: { type: 'integer', minimum: -2147483648, maximum: 2147483647 } },
              required: ['result'],
              additionalProperties: false,
            },
          },
          { name: 'slow', description: '', inputSchema: { type: 'object', properties: {}, additionalProperties: false } },
        ]),
      );
    } finally {
      await close();
    }
  });

  it('tools/call runs the invoker: content and structuredContent', async () => {
    const { client, close } = await connect(tools);
    try {
      const ok = await client.callTool({
        name: 'place_order',
        arguments: {
          city: 'Oslo',
          lines: [
            { sku: 'a', qty: 2 },
            { sku: 'b', qty: 3 },
          ],
        },
      });
      expect(ok).toEqual({ content: [{ type: 'text', text: '{"orderId":"Oslo-2","lines":5}' }], structuredContent: { orderId: 'Oslo-2', lines: 5 } });
      const wrapped = await client.callTool({ name: 'count', arguments: { items: ['x', 'y'] } });
      expect(wrapped).toEqual({ content: [{ type: 'text', text: '2' }], structuredContent: { result: 2 } });
    } finally {
      await close();
    }
  });

  it('a bad call is an isError result naming the argument, not a protocol error', async () => {
    const { client, close } = await connect(tools);
    try {
      const bad = await client.callTool({ name: 'place_order', arguments: { city: 'Oslo', lines: [{ sku: 'a', qty: 0 }], extra: 1 } });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toBeUndefined();
      expect((bad.content as { text: string }[])[0]!.text).toBe(
        "Argument 'lines[0].qty' must be an integer from 1 to 1000.\nArgument 'extra' is not a parameter of tool 'place_order'.",
      );
      const unknown = await client.callTool({ name: 'nope', arguments: {} });
      expect(unknown).toEqual({ isError: true, content: [{ type: 'text', text: "Unknown tool 'nope'. Available tools: place_order, count, slow." }] });
    } finally {
      await close();
    }
  });

  it("cancelling a call aborts the tool's signal", async () => {
    const { client, close } = await connect(tools);
    try {
      const controller = new AbortController();
      const call = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
      await shop.started.reached(1);
      controller.abort(new Error('user cancelled'));
      await expect(call).rejects.toThrow('user cancelled');
      await shop.aborted.reached(1);
      expect([shop.started.count, shop.aborted.count]).toEqual([1, 1]);
    } finally {
      await close();
    }
  });

  it('serves over Streamable HTTP on 127.0.0.1 (stateless)', async () => {
    const { client, close } = await connectHttp(await serveMcpHttp(tools, { name: 'shop', version: '1.0.0' }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['place_order', 'count', 'slow']);
      const ok = await client.callTool({ name: 'count', arguments: { items: ['a'] } });
      expect(ok.structuredContent).toEqual({ result: 1 });
      const bad = await client.callTool({ name: 'count', arguments: { items: 'a' } });
      expect(bad).toEqual({ isError: true, content: [{ type: 'text', text: "Argument 'items' must be an array." }] });
    } finally {
      await close();
    }
  });
});
