/**
 * What a caller is not shown (a tool hidden by `visible`, a prompt, resource or template hidden by
 * `visibleServed`) is refused exactly as what does not exist, on every path: the 2026-07-28
 * `Mcp-Param-*` header check (it answered 400 -32020 for a hidden tool, where an unknown one is an
 * "Unknown tool" result), `tools/call` with and without approval, `prompts/get`, `resources/read`,
 * `resources/subscribe` and `completion/complete`. The SDK's v1 client (2025-11-25) and v2 client
 * (2026-07-28), and raw 2026 POSTs, against one `serveMcpHttp` endpoint.
 */
import 'reflect-metadata';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Param, Prompt, Resource, ResourceTemplate, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { connectHttp } from '../helpers/mcp-client';
import { modernPost } from './fixtures/http';

const route = Tool.fromJsonSchema(
  {
    name: 'admin_route',
    description: 'Routes a query in a region',
    inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } }, required: ['query'] },
  },
  (args) => `routed ${JSON.stringify(args)}`,
);

/** Whatever ran; nothing hidden may. */
const ran: string[] = [];

class Desk {
  @Tool({ description: 'Answers pong.' })
  ping(): string {
    return 'pong';
  }

  @Tool({ description: 'Moves money.', requiresApproval: true })
  admin_transfer(amount: number): string {
    ran.push(`transfer ${amount}`);
    return 'moved';
  }

  @Prompt({ description: 'Says hello.' })
  hello() {
    return 'Hello.';
  }

  @Prompt({ description: 'The payroll summary.' })
  admin_payroll(@Param({ complete: (typed: string) => ['march', 'may'].filter((m) => m.startsWith(typed)) }) month: string) {
    ran.push(`payroll ${month}`);
    return `Payroll for ${month}.`;
  }

  @Resource('public://motd')
  motd() {
    return 'Tea at four.';
  }

  @Resource('admin://payroll')
  payroll() {
    ran.push('payroll');
    return 'secret';
  }

  @ResourceTemplate('admin://people/{id}')
  person(@Param({ complete: (typed: string) => ['ada', 'alan'].filter((p) => p.startsWith(typed)) }) id: string) {
    ran.push(`person ${id}`);
    return `person ${id}`;
  }
}

const isAdmin = (headers: Record<string, unknown> | undefined) => headers?.['x-role'] === 'admin';
const set = () =>
  new ToolSet([new Desk(), route], {
    visible: (tool, ctx) => !tool.name.startsWith('admin_') || isAdmin(ctx.caller.headers),
    visibleServed: (item, ctx) =>
      !('name' in item && item.name.startsWith('admin_')) &&
      !('uri' in item && item.uri.startsWith('admin:')) &&
      !('uriTemplate' in item && item.uriTemplate.startsWith('admin:'))
        ? true
        : isAdmin(ctx.caller.headers),
  });

/** A request's outcome as text, the name asked for written `<name>`: a result, or an error's code and message. */
async function outcome(name: string, run: Promise<unknown>): Promise<string> {
  const text = await run.then(
    (r) => JSON.stringify(r),
    (e: { code?: unknown; message?: unknown }) => JSON.stringify({ code: e.code, message: e.message }),
  );
  return text.split(name).join('<name>');
}

type Asker = {
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  getPrompt(p: { name: string; arguments?: Record<string, string> }): Promise<unknown>;
  readResource(p: { uri: string }): Promise<unknown>;
  complete(p: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
  }): Promise<unknown>;
};

/** Each refusal: what is hidden, and the same request of something that does not exist. */
function pairs(c: Asker): [string, (name: string) => Promise<unknown>, string, string][] {
  return [
    ['tools/call with an x-mcp-header argument', (name) => c.callTool({ name, arguments: { region: 'eu', query: 'q' } }), 'admin_route', 'admin_nope1'],
    ['tools/call of a tool that requires approval', (name) => c.callTool({ name, arguments: { amount: 5 } }), 'admin_transfer', 'admin_nope22'],
    ['prompts/get', (name) => c.getPrompt({ name, arguments: { month: 'may' } }), 'admin_payroll', 'admin_nope33'],
    ['resources/read of a fixed resource', (uri) => c.readResource({ uri }), 'admin://payroll', 'admin://nope44'],
    ['resources/read of a template', (uri) => c.readResource({ uri }), 'admin://people/ada', 'admin://nopes/ada'],
    [
      'completion of a prompt argument',
      (name) => c.complete({ ref: { type: 'ref/prompt', name }, argument: { name: 'month', value: 'm' } }),
      'admin_payroll',
      'admin_nope55',
    ],
    [
      'completion of a template variable',
      (uri) => c.complete({ ref: { type: 'ref/resource', uri }, argument: { name: 'id', value: 'a' } }),
      'admin://people/{id}',
      'admin://nopes/{id}',
    ],
    [
      'completion on a fixed resource',
      (uri) => c.complete({ ref: { type: 'ref/resource', uri }, argument: { name: 'id', value: 'a' } }),
      'admin://payroll',
      'admin://nope44',
    ],
  ];
}

describe('a hidden tool, prompt or resource is refused as an unknown one', () => {
  let http: McpHttpEndpoint;
  let sessions: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(set(), { name: 'desk', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
    sessions = await serveMcpHttp(set(), { name: 'desk', version: '1.0.0' }, { port: 0, host: '127.0.0.1', sessions: true });
  });
  afterAll(async () => {
    await http.close();
    await sessions.close();
  });
  beforeEach(() => {
    ran.length = 0;
  });

  const clients: [string, () => Promise<Asker & { close(): Promise<void> }>][] = [
    [
      'MCP 2026-07-28, the v2 client',
      async () => {
        const client = new ModernClient(
          { name: 'v2', version: '1.0.0' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
        );
        client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: {} }));
        await client.connect(new ModernTransport(http.url));
        await client.listTools();
        return client as never;
      },
    ],
    [
      'MCP 2025-11-25, the v1 client, in a session',
      async () => {
        const { client } = await connectHttp(sessions.url, { capabilities: { elicitation: {} }, onElicit: () => ({ action: 'accept', content: {} }) });
        return client as never;
      },
    ],
  ];

  it.each(clients)('%s: every refusal of what is hidden reads as that of what does not exist, and nothing hidden runs', async (_name, connect) => {
    const c = await connect();
    try {
      for (const [what, ask, hidden, unknown] of pairs(c)) {
        const [h, u] = [await outcome(hidden, ask(hidden)), await outcome(unknown, ask(unknown))];
        expect([what, h]).toEqual([what, u]);
        expect([what, h]).toEqual([what, expect.stringMatching(/Unknown (tool|prompt|resource|resource template) '<name>'/)]);
      }
      expect(ran).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('the caller who may see them is shown all of them (so the names above are real)', async () => {
    const { client } = await connectHttp(sessions.url, { headers: { 'x-role': 'admin' } });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping', 'admin_transfer', 'admin_route']);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['hello', 'admin_payroll']);
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['public://motd', 'admin://payroll']);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['admin://people/{id}']);
    } finally {
      await client.close();
    }
  });

  it('MCP 2025-11-25: resources/subscribe of a hidden resource is refused as an unknown one', async () => {
    const { client } = await connectHttp(sessions.url);
    try {
      expect(await outcome('admin://payroll', client.subscribeResource({ uri: 'admin://payroll' }))).toBe(
        await outcome('admin://nope44', client.subscribeResource({ uri: 'admin://nope44' })),
      );
    } finally {
      await client.close();
    }
  });

  it('MCP 2026-07-28 raw: a hidden tool whose Mcp-Param header is missing is answered as an unknown tool (200, "Unknown tool"), not 400 -32020; the caller who sees it gets 400 -32020', async () => {
    const post = async (name: string, headers: Record<string, string> = {}) => {
      const res = await modernPost(http.url, 'tools/call', { name, arguments: { region: 'eu', query: 'q' } }, { id: 1, headers });
      return `${res.status} ${(await res.text()).split(name).join('<name>')}`;
    };
    const hidden = await post('admin_route');
    expect(hidden).toBe(await post('admin_nope1'));
    expect(hidden).toMatch(/^200 .*Unknown tool '<name>'\. Available tools: ping\./);
    expect(await post('admin_route', { 'x-role': 'admin' })).toMatch(/^400 .*"code":-32020/);
  });
});
