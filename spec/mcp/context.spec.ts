import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { IsAlphanumeric, IsEmail, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Int32, JsonValue, Param, Part, Prop, Tool, ToolContext, ToolContextError, ToolSet, type ToolDefinition } from 'tool-signatures';
import { createMcpHttpHandler, createMcpServer, serveMcpHttp, type McpServerOptions, type McpToolSource } from 'tool-signatures/mcp';
import { connectHttp, connectV1 } from '../helpers/mcp-client';

class Contact {
  @IsEmail() email!: string;
  @IsInt() @Min(18) @Max(120) age!: number;
  @IsOptional() @IsAlphanumeric() nickname?: string;
  @IsIn(['phone', 'mail']) channel!: string;
}

class Nested {
  @Prop() name!: string;
  @Prop({ type: () => Contact }) contact!: Contact;
}

const elicited: unknown[] = [];

class Desk {
  ran: string[] = [];

  @Tool({ description: 'Counts to n, reporting progress and logging.' })
  async count(@Param({ type: Int32 }) n: number, ctx: ToolContext): Promise<string> {
    for (let i = 1; i <= n; i++) {
      await ctx.log('info', `step ${i}`);
      await ctx.progress(i, n, `${i} of ${n}`);
    }
    return `counted to ${n}`;
  }

  @Tool({ description: 'Asks for a contact.' })
  async ask(ctx: ToolContext): Promise<string> {
    try {
      const answer = await ctx.elicit(Contact, 'Who should we call?');
      elicited.push(answer);
      if (answer.action !== 'accept') return answer.action;
      return `${answer.value instanceof Contact ? 'Contact' : 'plain'} ${answer.value.email} ${answer.value.age}`;
    } catch (e) {
      if (e instanceof ToolContextError) return `${e.code}: ${e.message}`;
      throw e;
    }
  }

  @Tool({ description: 'Asks with a DTO that no form can hold.' })
  async askNested(ctx: ToolContext): Promise<string> {
    await ctx.elicit(Nested, 'Tell us');
    return 'never';
  }

  @Tool({ description: 'Refunds an order.', requiresApproval: true })
  refund(@Param({ type: Int32 }) amount: number): string {
    this.ran.push(`refund ${amount}`);
    return `refunded ${amount}`;
  }

  @Tool({ description: 'Pays; large amounts need approval.', requiresApproval: (args) => (args.amount as number) > 100 })
  pay(@Param({ type: Int32 }) amount: number): string {
    this.ran.push(`pay ${amount}`);
    return `paid ${amount}`;
  }

  @Tool({ description: 'Who is calling.' })
  whoami(ctx: ToolContext): string {
    return JSON.stringify({
      via: ctx.caller.via,
      client: ctx.caller.authInfo?.clientId,
      scopes: ctx.caller.authInfo?.scopes,
      tenant: ctx.caller.headers?.['x-tenant'],
    });
  }

  @Tool({ description: 'Admin only.' })
  purge(): string {
    this.ran.push('purge');
    return 'purged';
  }

  @Tool({ description: 'Any JSON.' })
  echo(@Param({ type: JsonValue }) value: unknown): unknown {
    return value;
  }

  @Tool({ description: 'Media and resources.' })
  media(): Part[] {
    return [
      Part.audio('audio/wav', new Uint8Array([82, 73, 70, 70])),
      Part.resourceLink({ uri: 'file:///orders/7.pdf', name: 'order 7', mimeType: 'application/pdf', description: 'The invoice' }),
      Part.resource({ uri: 'memo://notes/1', mimeType: 'text/plain', text: 'call back tomorrow' }),
      Part.resource({ uri: 'memo://blobs/2', data: new Uint8Array([1, 2, 3]) }),
    ];
  }
}

type Answer = (request: ElicitRequest) => ElicitResult;

/** A client in memory; with `answer`, it declares elicitation and answers with it. */
const connect = (source: McpToolSource, answer?: Answer, options?: McpServerOptions) =>
  connectV1(
    createMcpServer(source, { name: 'desk', version: '1.0.0' }, options),
    answer !== undefined ? { capabilities: { elicitation: {} }, onElicit: answer } : { capabilities: {} },
  );

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content.map((c) => c.text).join('\n');
}

/** Records progress notifications and log messages, in the order they arrive. */
async function countWithEvents(client: Client): Promise<{ result: unknown; events: string[] }> {
  const events: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    events.push(`log ${n.params.level} ${n.params.logger}: ${String(n.params.data)}`);
  });
  const result = await client.callTool({ name: 'count', arguments: { n: 3 } }, undefined, {
    onprogress: (p) => events.push(`progress ${p.progress}/${p.total} ${p.message}`),
  });
  events.push('result');
  return { result, events };
}

const ORDERED = [
  'log info count: step 1',
  'progress 1/3 1 of 3',
  'log info count: step 2',
  'progress 2/3 2 of 3',
  'log info count: step 3',
  'progress 3/3 3 of 3',
  'result',
];

describe('the call context over MCP (real SDK client)', () => {
  beforeEach(() => {
    elicited.length = 0;
  });

  describe('progress and logging', () => {
    it('in memory: notifications and log messages arrive in order, before the result', async () => {
      const { client, close } = await connect(new ToolSet([new Desk()]));
      try {
        const { result, events } = await countWithEvents(client);
        expect(text(result)).toBe('counted to 3');
        expect(events).toEqual(ORDERED);
      } finally {
        await close();
      }
    });

    it('over Streamable HTTP: the same, on the POST response stream', async () => {
      const { client, close } = await connectHttp(await serveMcpHttp(new ToolSet([new Desk()]), { name: 'desk', version: '1.0.0' }));
      try {
        const { result, events } = await countWithEvents(client);
        expect(text(result)).toBe('counted to 3');
        expect(events).toEqual(ORDERED);
      } finally {
        await close();
      }
    });

    it('the level a client sets filters log messages', async () => {
      const { client, close } = await connect(new ToolSet([new Desk()]));
      try {
        await client.setLoggingLevel('warning');
        const { events } = await countWithEvents(client);
        expect(events).toEqual(['progress 1/3 1 of 3', 'progress 2/3 2 of 3', 'progress 3/3 3 of 3', 'result']);
      } finally {
        await close();
      }
    });

    it('outside MCP, progress and log go to the client callbacks of the context, and elicit says no one can answer', async () => {
      const seen: string[] = [];
      const context = new ToolContext({
        client: { progress: (u) => void seen.push(`${u.done}/${u.total}`), log: (level, message) => void seen.push(`${level} ${message}`) },
      });
      const set = new ToolSet([new Desk()]);
      expect((await set.invoke('count', { n: 2 }, { context })).parts).toEqual([{ type: 'text', text: 'counted to 2' }]);
      expect(seen).toEqual(['info step 1', '1/2', 'info step 2', '2/2']);
      const asked = await set.invoke('ask', {});
      expect(asked.parts).toEqual([
        {
          type: 'text',
          text: "NO_ELICITATION: no client can answer a question here (tool 'ask'): the call did not come from an MCP client that supports elicitation.",
        },
      ]);
    });
  });

  describe('elicitation', () => {
    const valid = { email: 'ada@example.com', age: 36, channel: 'phone' };

    it('sends the DTO as a flat requested schema; an accepted answer is a validated instance of the DTO', async () => {
      const { client, asked, close } = await connect(new ToolSet([new Desk()]), () => ({ action: 'accept', content: valid }));
      try {
        expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe('Contact ada@example.com 36');
        expect(JSON.stringify(asked[0]!.params)).toBe(
          JSON.stringify({
            message: 'Who should we call?',
            requestedSchema: {
              type: 'object',
              properties: {
                email: { type: 'string', format: 'email' },
                age: { type: 'integer', minimum: 18, maximum: 120 },
                nickname: { type: 'string', description: 'Must contain only letters and digits.' },
                channel: { type: 'string', enum: ['phone', 'mail'] },
              },
              required: ['email', 'age', 'channel'],
            },
          }),
        );
      } finally {
        await close();
      }
    });

    it('decline and cancel reach the tool as they are', async () => {
      for (const action of ['decline', 'cancel'] as const) {
        const { client, close } = await connect(new ToolSet([new Desk()]), () => ({ action }));
        try {
          expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe(action);
          expect(elicited.pop()).toEqual({ action });
        } finally {
          await close();
        }
      }
    });

    it('an invalid answer is asked again with its problems, then refused: it never reaches the tool', async () => {
      const answers = [{ ...valid, age: 12, nickname: 'a b' }, valid];
      const { client, asked, close } = await connect(new ToolSet([new Desk()]), () => ({ action: 'accept', content: answers.shift()! }));
      try {
        expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe('Contact ada@example.com 36');
        expect(asked.map((a) => (a.params as { message: string }).message)).toEqual([
          'Who should we call?',
          "Field 'age' must be an integer from 18 to 120.\n\nWho should we call?",
        ]);
      } finally {
        await close();
      }
      elicited.length = 0;
      const always = await connect(new ToolSet([new Desk()]), () => ({ action: 'accept', content: { ...valid, nickname: 'not ok!' } }));
      try {
        expect(text(await always.client.callTool({ name: 'ask', arguments: {} }))).toBe(
          "ELICITATION_INVALID: the answer was refused: Field 'nickname' must contain only letters and numbers.",
        );
        expect(always.asked).toHaveLength(2);
        expect(elicited).toEqual([]);
      } finally {
        await always.close();
      }
    });

    it('a DTO that the flat form cannot hold is a definition error', async () => {
      const { client, asked, close } = await connect(new ToolSet([new Desk()]), () => ({ action: 'cancel' }));
      try {
        const result = await client.callTool({ name: 'ask_nested', arguments: {} });
        expect(result.isError).toBe(true);
        expect(text(result)).toBe(
          "Tool 'ask_nested' failed: ToolDefinitionError: OLT002: Cannot build Nested.elicit: property 'contact' cannot be asked through MCP elicitation (a nested object, a union or an open value): a form takes only strings, numbers, integers, booleans and string enums, without nesting. Ask for a flatter DTO.",
        );
        expect(asked).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  describe('approvals', () => {
    it('a requiresApproval tool asks the user through elicitation: accepted runs, declined is refused', async () => {
      const desk = new Desk();
      const answers: ElicitResult['action'][] = ['accept', 'decline'];
      const { client, asked, close } = await connect(new ToolSet([desk]), () => ({ action: answers.shift()! }));
      try {
        expect(text(await client.callTool({ name: 'refund', arguments: { amount: 5 } }))).toBe('refunded 5');
        const refused = await client.callTool({ name: 'refund', arguments: { amount: 6 } });
        expect([refused.isError, text(refused)]).toEqual([true, "Tool 'refund' was not approved: the user declined."]);
        expect((asked[0]!.params as { message: string }).message).toBe('Allow tool \'refund\' to run with these arguments?\n{"amount":5}');
        expect(desk.ran).toEqual(['refund 5']);
      } finally {
        await close();
      }
    });

    it('refused with a clear text when the client cannot elicit', async () => {
      const desk = new Desk();
      const { client, close } = await connect(new ToolSet([desk]));
      try {
        const refused = await client.callTool({ name: 'refund', arguments: { amount: 5 } });
        expect([refused.isError, text(refused)]).toEqual([
          true,
          "Tool 'refund' was not approved: it needs the user's approval, and this MCP connection cannot ask the user (the client did not declare elicitation on it).",
        ]);
        expect(desk.ran).toEqual([]);
      } finally {
        await close();
      }
    });

    it('a predicate asks only for the calls it names; the application can decide instead, with a reason', async () => {
      const desk = new Desk();
      const { client, asked, close } = await connect(new ToolSet([desk]), () => ({ action: 'accept' }), {
        approve: (request) => ({ approved: (request.arguments as { amount: number }).amount < 1000, reason: 'over the refund limit' }),
      });
      try {
        expect(text(await client.callTool({ name: 'pay', arguments: { amount: 50 } }))).toBe('paid 50');
        expect(text(await client.callTool({ name: 'pay', arguments: { amount: 500 } }))).toBe('paid 500');
        expect(text(await client.callTool({ name: 'refund', arguments: { amount: 5000 } }))).toBe("Tool 'refund' was not approved: over the refund limit.");
        expect(asked).toEqual([]);
        expect(desk.ran).toEqual(['pay 50', 'pay 500']);
      } finally {
        await close();
      }
    });
  });

  describe('who is calling, and per-caller tools', () => {
    /** A stateless endpoint behind a stand-in for bearer auth: `Bearer <client>:<scope,scope>` becomes `req.auth`. */
    async function serveWithAuth(source: McpToolSource): Promise<{ url: URL; close(): Promise<void> }> {
      const handle = createMcpHttpHandler(source, { name: 'desk', version: '1.0.0' });
      const server = createServer((req: IncomingMessage & { auth?: unknown }, res) => {
        const [clientId, scopes] = (req.headers.authorization ?? '').replace(/^Bearer /, '').split(':');
        req.auth = { token: 't', clientId, scopes: scopes ? scopes.split(',') : [] };
        void handle(req, res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: new URL(`http://127.0.0.1:${port}/mcp`),
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    }

    const clientAs = async (url: URL, token: string) => (await connectHttp(url, { headers: { authorization: `Bearer ${token}`, 'x-tenant': 'north' } })).client;

    it('a caller without the scope neither sees nor calls a hidden tool; the tool sees auth info and headers', async () => {
      const desk = new Desk();
      const set = new ToolSet([desk], { visible: (tool, ctx) => tool.name !== 'purge' || (ctx.caller.authInfo?.scopes.includes('admin') ?? false) });
      const http = await serveWithAuth(set);
      const user = await clientAs(http.url, 'ada:read');
      const admin = await clientAs(http.url, 'root:read,admin');
      try {
        expect((await user.listTools()).tools.map((t) => t.name)).not.toContain('purge');
        expect((await admin.listTools()).tools.map((t) => t.name)).toContain('purge');
        const refused = await user.callTool({ name: 'purge', arguments: {} });
        expect([refused.isError, text(refused)]).toEqual([
          true,
          "Unknown tool 'purge'. Available tools: count, ask, ask_nested, refund, pay, whoami, echo, media.",
        ]);
        expect(desk.ran).toEqual([]);
        expect(text(await admin.callTool({ name: 'purge', arguments: {} }))).toBe('purged');
        expect(JSON.parse(text(await user.callTool({ name: 'whoami', arguments: {} })))).toEqual({
          via: 'mcp',
          client: 'ada',
          scopes: ['read'],
          tenant: 'north',
        });
      } finally {
        await user.close();
        await admin.close();
        await http.close();
      }
    });
  });

  describe('the tool set path', () => {
    it("a set's maxDepth holds over MCP", async () => {
      const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
      const { client, close } = await connect(new ToolSet([new Desk()], { limits: { maxDepth: 8 } }));
      try {
        expect(text(await client.callTool({ name: 'echo', arguments: { value: deep(5) } }))).toBe('[[[[[1]]]]]');
        const refused = await client.callTool({ name: 'echo', arguments: { value: deep(12) } });
        expect([refused.isError, text(refused)]).toEqual([true, 'Arguments are nested too deeply: the limit is 8 levels of arrays and objects.']);
      } finally {
        await close();
      }
    });

    it('ToolSet.add sends notifications/tools/list_changed, and the new tool is listed', async () => {
      const set = new ToolSet([new Desk()]);
      const { client, close } = await connect(set);
      try {
        expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
        const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
        set.add(
          Tool.create(function late() {
            return 'late';
          }),
        );
        await changed;
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('late');
      } finally {
        await close();
      }
    });

    it('audio, resource links and embedded resources arrive as MCP content', async () => {
      const { client, close } = await connect([...Tool.fromInstance(new Desk())] as ToolDefinition[]);
      try {
        expect((await client.callTool({ name: 'media', arguments: {} })).content).toEqual([
          { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
          { type: 'resource_link', uri: 'file:///orders/7.pdf', name: 'order 7', description: 'The invoice', mimeType: 'application/pdf' },
          { type: 'resource', resource: { uri: 'memo://notes/1', mimeType: 'text/plain', text: 'call back tomorrow' } },
          { type: 'resource', resource: { uri: 'memo://blobs/2', blob: 'AQID' } },
        ]);
      } finally {
        await close();
      }
    });
  });

  describe('over Streamable HTTP with sessions (the SDK transport, one server per session)', () => {
    /** The smallest stateful endpoint: requests are routed to their session's transport by `mcp-session-id`. */
    async function serveStateful(source: McpToolSource): Promise<{ url: URL; close(): Promise<void> }> {
      const sessions = new Map<string, StreamableHTTPServerTransport>();
      const server = createServer((req, res) => {
        const id = req.headers['mcp-session-id'];
        let transport = typeof id === 'string' ? sessions.get(id) : undefined;
        if (transport === undefined) {
          transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (sid) => void sessions.set(sid, transport!) });
          void createMcpServer(source, { name: 'desk', version: '1.0.0' }).connect(transport);
        }
        void transport.handleRequest(req, res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: new URL(`http://127.0.0.1:${port}/mcp`),
        close: async () => {
          await Promise.all([...sessions.values()].map((t) => t.close()));
          await new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          });
        },
      };
    }

    it('an elicitation is answered, an approval asked and list_changed received over real HTTP; a stateless request cannot ask, and says so', async () => {
      const desk = new Desk();
      const set = new ToolSet([desk]);
      const http = await serveStateful(set);
      const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
      const answers: ElicitResult[] = [{ action: 'accept', content: { email: 'ada@example.com', age: 36, channel: 'mail' } }, { action: 'accept' }];
      client.setRequestHandler(ElicitRequestSchema, () => answers.shift()!);
      const stateless = await serveMcpHttp(set, { name: 'desk', version: '1.0.0' });
      const statelessClient = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
      statelessClient.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept' }));
      try {
        await client.connect(new StreamableHTTPClientTransport(http.url));
        expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe('Contact ada@example.com 36');
        expect(text(await client.callTool({ name: 'refund', arguments: { amount: 9 } }))).toBe('refunded 9');
        await statelessClient.connect(new StreamableHTTPClientTransport(stateless.url));
        expect(text(await statelessClient.callTool({ name: 'refund', arguments: { amount: 10 } }))).toBe(
          "Tool 'refund' was not approved: it needs the user's approval, and this MCP endpoint is stateless, and a stateless endpoint cannot send requests to the client (an elicitation, an approval question): the answer would come back as another HTTP request, which no session ties to this call. " +
            'To ask the user, serve the endpoint with sessions (the option `sessions: true` of serveMcpHttp and createMcpHttpHandler, or of ToolsModule.forRoot({ mcp })), or over stdio; a client of the 2026-07-28 protocol, which this endpoint also serves, is asked without sessions.',
        );
        expect(desk.ran).toEqual(['refund 9']);
        const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
        set.add(
          Tool.create(function late() {
            return 'late';
          }),
        );
        await changed;
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('late');
      } finally {
        await client.close();
        await statelessClient.close();
        await http.close();
        await stateless.close();
      }
    });
  });
});
