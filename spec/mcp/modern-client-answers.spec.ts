/**
 * docs/mcp.md, "Asking on 2026-07-28", as a real client lives it: the SDK v2 client
 * (`@modelcontextprotocol/client`, pinned to 2026-07-28) answers the `input_required` questions
 * itself, through the handlers it registered (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`), and sends the request again; `callTool`, `getPrompt` and `readResource` give the
 * final result. Each question is asked once, and questions of one turn are asked together.
 * docs/prompts-resources.md: a prompt or a resource asks as a tool does.
 */
import 'reflect-metadata';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { ObjectOf, Prompt, Resource, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';

const Name = ObjectOf({ name: String });
/** What each method ran to (a run per round: code before a question runs once per round). */
const ran: string[] = [];

class Concierge {
  @Tool({ description: 'Greets the user, with a line from the model' })
  async greet(ctx: ToolContext): Promise<string> {
    ran.push('greet');
    const [name, line] = await Promise.all([
      ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' }),
      ctx.sample('Say hello', { maxTokens: 20, key: 'hello' }),
    ]);
    return `${line.text}, ${name.action === 'accept' ? name.value.name : 'stranger'} (${line.model})`;
  }

  @Tool({ description: "Names the client's roots, then asks which to use" })
  async pick(ctx: ToolContext): Promise<string> {
    ran.push('pick');
    const roots = await ctx.roots();
    const chosen = await ctx.elicit<{ name: string }>(Name, `Which of ${roots.map((r) => r.name).join(', ')}?`);
    return chosen.action === 'accept' ? `picked ${chosen.value.name} of ${roots.map((r) => r.uri).join(' ')}` : `none (${chosen.action})`;
  }

  @Prompt({ description: 'A welcome for someone' })
  async welcome(ctx: ToolContext): Promise<string> {
    ran.push('welcome');
    const who = await ctx.elicit<{ name: string }>(Name, 'Who is it for?', { key: 'who' });
    return `Welcome, ${who.action === 'accept' ? who.value.name : 'nobody'}.`;
  }

  @Resource('notes://mine', { description: "The user's notes" })
  async notes(ctx: ToolContext): Promise<string> {
    ran.push('notes');
    const owner = await ctx.elicit<{ name: string }>(Name, 'Whose notes?', { key: 'owner' });
    return `notes of ${owner.action === 'accept' ? owner.value.name : 'nobody'}`;
  }
}

/** A call's result as the v2 client gives it, in its JSON text (keys in order). */
const answered = (text: string) =>
  JSON.stringify({ _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'concierge', version: '1.0.0' } }, content: [{ type: 'text', text }] });

interface Asked {
  method: string;
  text: string;
}

/** The v2 client, pinned to 2026-07-28, answering every question itself and writing down what it was asked. */
async function answeringClient(url: URL, asked: Asked[], answer: (message: string) => Record<string, string> | undefined): Promise<ModernClient> {
  const client = new ModernClient(
    { name: 'v2', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {}, sampling: {}, roots: {} } },
  );
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push({ method: 'elicitation/create', text: request.params.message });
    const content = answer(request.params.message);
    return content === undefined ? { action: 'decline' } : { action: 'accept', content };
  });
  client.setRequestHandler('sampling/createMessage', (request) => {
    const first = request.params.messages[0]?.content;
    asked.push({ method: 'sampling/createMessage', text: first !== undefined && !Array.isArray(first) && first.type === 'text' ? first.text : '?' });
    return { role: 'assistant', content: { type: 'text', text: 'Hello there' }, model: 'spec-model', stopReason: 'endTurn' };
  });
  client.setRequestHandler('roots/list', () => {
    asked.push({ method: 'roots/list', text: '' });
    return {
      roots: [
        { uri: 'file:///work', name: 'work' },
        { uri: 'file:///home', name: 'home' },
      ],
    };
  });
  await client.connect(new ModernTransport(url));
  return client;
}

describe('MCP 2026-07-28: the SDK v2 client answers input_required questions itself', () => {
  let http: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([new Concierge()]), { name: 'concierge', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());
  beforeEach(() => {
    ran.length = 0;
  });

  it("a tool's two questions of one turn (the user and the model) are answered in one round: the call runs twice", async () => {
    const asked: Asked[] = [];
    const client = await answeringClient(http.url, asked, () => ({ name: 'Ada' }));
    try {
      const r = await client.callTool({ name: 'greet', arguments: {} });
      expect(JSON.stringify(r)).toBe(answered('Hello there, Ada (spec-model)'));
      expect(asked).toEqual([
        { method: 'elicitation/create', text: 'What is your name?' },
        { method: 'sampling/createMessage', text: 'Say hello' },
      ]);
      expect(ran).toEqual(['greet', 'greet']);
    } finally {
      await client.close();
    }
  });

  it("questions one after another (the client's roots, then the user) take a round each; a declined answer reaches the tool", async () => {
    const asked: Asked[] = [];
    const client = await answeringClient(http.url, asked, () => ({ name: 'work' }));
    try {
      const r = await client.callTool({ name: 'pick', arguments: {} });
      expect(JSON.stringify(r)).toBe(answered('picked work of file:///work file:///home'));
      expect(asked).toEqual([
        { method: 'roots/list', text: '' },
        { method: 'elicitation/create', text: 'Which of work, home?' },
      ]);
      expect(ran).toEqual(['pick', 'pick', 'pick']);
    } finally {
      await client.close();
    }
    const declining = await answeringClient(http.url, [], () => undefined);
    try {
      const r = await declining.callTool({ name: 'pick', arguments: {} });
      expect(JSON.stringify(r)).toBe(answered('none (decline)'));
    } finally {
      await declining.close();
    }
  });

  it('a prompt asks as a tool does: getPrompt gives the messages made with the answer', async () => {
    const asked: Asked[] = [];
    const client = await answeringClient(http.url, asked, () => ({ name: 'Grace' }));
    try {
      const r = await client.getPrompt({ name: 'welcome' });
      expect(r.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Welcome, Grace.' } }]);
      expect([asked, ran]).toEqual([[{ method: 'elicitation/create', text: 'Who is it for?' }], ['welcome', 'welcome']]);
    } finally {
      await client.close();
    }
  });

  it('a resource asks as a tool does: readResource gives the contents made with the answer', async () => {
    const asked: Asked[] = [];
    const client = await answeringClient(http.url, asked, () => ({ name: 'Alan' }));
    try {
      const r = await client.readResource({ uri: 'notes://mine' });
      expect(r.contents).toEqual([{ uri: 'notes://mine', mimeType: 'text/plain', text: 'notes of Alan' }]);
      expect([asked, ran]).toEqual([[{ method: 'elicitation/create', text: 'Whose notes?' }], ['notes', 'notes']]);
    } finally {
      await client.close();
    }
  });
});
