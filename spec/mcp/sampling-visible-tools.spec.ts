/**
 * `ctx.sample` with tools offers the client's model only the tools the caller is shown, in the way
 * docs/tool-sets.md shows: `tools: set.listFor(ctx)` (where `set.list()` offered tools hidden from
 * this caller by the set's `visible` rule), and a `tool_use` is run with `set.invoke(name, input,
 * { context: ctx })`, so that a model naming a hidden tool gets the unknown-tool text. The SDK's v1
 * client (2025-11-25, in a session) and v2 client (2026-07-28, answering `input_required` itself).
 */
import 'reflect-metadata';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { partText, Tool, ToolContext, ToolSet, type SamplingContent } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';

/** What the hidden tool did; nothing, for a caller who may not see it. */
const ran: string[] = [];

class Weather {
  @Tool({ description: 'The temperature in a city.' })
  temperature(city: string): string {
    return `${city.length * 3}`;
  }

  @Tool({ description: "Reads the station's raw feed (staff only)." })
  admin_raw_feed(station: string): string {
    ran.push(station);
    return 'raw';
  }
}

const weather = new ToolSet([new Weather()], { visible: (tool, ctx) => !tool.name.startsWith('admin_') || ctx.caller.headers?.['x-role'] === 'staff' });

class Assistant {
  @Tool({ description: 'Asks the caller model, which may use the weather tools this caller sees.' })
  async forecast(ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample('How warm is Paris?', { maxTokens: 100, tools: weather.listFor(ctx), key: 'turn' });
    const blocks = (Array.isArray(answer.content) ? answer.content : [answer.content]) as SamplingContent[];
    const results: string[] = [];
    for (const use of blocks.filter((b): b is Extract<SamplingContent, { type: 'tool_use' }> => b.type === 'tool_use')) {
      results.push((await weather.invoke(use.name, use.input, { context: ctx })).parts.map(partText).join(''));
    }
    return results.join(' | ');
  }
}

/** The model: it uses the tool the spec names, and records the tools it was offered. */
const model = { use: 'temperature', offered: [] as string[][] };
function answer(params: { tools?: { name: string }[] }) {
  model.offered.push((params.tools ?? []).map((t) => t.name));
  const input = model.use === 'temperature' ? { city: 'Paris' } : { station: 'north' };
  return { role: 'assistant' as const, content: [{ type: 'tool_use' as const, id: 'u1', name: model.use, input }], model: 'm', stopReason: 'toolUse' };
}

const callers: [string, (url: URL, headers: Record<string, string>) => Promise<{ forecast(): Promise<string>; close(): Promise<void> }>][] = [
  [
    'MCP 2025-11-25 (v1 client, in a session)',
    async (url, headers) => {
      const client = new Client({ name: 'v1', version: '1.0.0' }, { capabilities: { sampling: { tools: {} } } });
      client.setRequestHandler(CreateMessageRequestSchema, (request) => answer(request.params) as never);
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      return {
        forecast: async () => ((await client.callTool({ name: 'forecast', arguments: {} })).content as { text: string }[])[0]!.text,
        close: () => client.close(),
      };
    },
  ],
  [
    'MCP 2026-07-28 (v2 client)',
    async (url, headers) => {
      const client = new ModernClient(
        { name: 'v2', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { sampling: { tools: {} } } },
      );
      client.setRequestHandler('sampling/createMessage', (request) => answer(request.params as never) as never);
      await client.connect(new ModernTransport(url, { requestInit: { headers } }));
      return {
        forecast: async () => ((await client.callTool({ name: 'forecast', arguments: {} })) as { content: { text: string }[] }).content[0]!.text,
        close: () => client.close(),
      };
    },
  ],
];

describe.each(callers)('ctx.sample offers the tools this caller sees: %s', (_name, connect) => {
  let http: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([new Assistant()]), { name: 'assistant', version: '1.0.0' }, { port: 0, host: '127.0.0.1', sessions: true });
  });
  afterAll(() => http.close());
  beforeEach(() => {
    model.offered = [];
    ran.length = 0;
  });

  it('a caller the staff tool is hidden from is offered the others only; a model that names it anyway gets the unknown-tool text', async () => {
    const c = await connect(http.url, {});
    try {
      model.use = 'temperature';
      expect(await c.forecast()).toBe('15');
      model.use = 'admin_raw_feed';
      expect(await c.forecast()).toBe("Unknown tool 'admin_raw_feed'. Available tools: temperature.");
      expect(model.offered).toEqual([['temperature'], ['temperature']]);
      expect(ran).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('a caller who sees it is offered it, and its use runs', async () => {
    const c = await connect(http.url, { 'x-role': 'staff' });
    try {
      model.use = 'admin_raw_feed';
      expect(await c.forecast()).toBe('raw');
      expect([model.offered, ran]).toEqual([[['temperature', 'admin_raw_feed']], ['north']]);
    } finally {
      await c.close();
    }
  });
});
