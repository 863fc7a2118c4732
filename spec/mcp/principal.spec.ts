/**
 * One principal (lib/mcp/principal.ts) for everything keyed by who calls: session ownership, the
 * rate limit's buckets and the binding of a 2026-07-28 `requestState`. A token verifier's subject
 * counts whatever its JSON type: subject `2` is not subject `1` (a numeric `sub` was dropped, and
 * subject 2 used subject 1's session and state), nor subject `"2"`; two tokens of one subject are
 * one caller. The SDK's v1 client (2025-11-25) and v2 client (2026-07-28) over real HTTP.
 */
import 'reflect-metadata';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ObjectOf, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint, type McpHttpOptions } from 'tool-signatures/mcp';
import { connectHttp } from '../helpers/mcp-client';
import { modernCall } from './fixtures/http';

const PUBLIC = 'http://127.0.0.1/mcp';
const hour = () => Math.floor(Date.now() / 1000) + 3600;

/** Tokens and the subject their verifier gives (one client id for all). */
const SUBJECTS: Record<string, unknown> = {
  one: 1,
  'one-again': 1,
  two: 2,
  'two-text': '2',
  'no-subject': undefined,
  'object-subject': { tenant: 'a', user: 1 },
};

async function verifyAccessToken(token: string): Promise<AuthInfo> {
  if (!(token in SUBJECTS)) throw new InvalidTokenError('unknown token');
  const sub = SUBJECTS[token];
  return { token, clientId: 'app', scopes: [], expiresAt: hour(), ...(sub !== undefined ? { extra: { sub } } : {}) };
}

const Name = ObjectOf({ name: String });

class Desk {
  @Tool({ description: 'Says hello.' })
  hello(): string {
    return 'hello';
  }

  @Tool({ description: 'Asks for a name.' })
  async greet(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'Your name?', { key: 'name' });
    return answer.action === 'accept' ? `Hello, ${answer.value.name}!` : 'no name';
  }
}

async function serve(options: McpHttpOptions = {}): Promise<McpHttpEndpoint> {
  return serveMcpHttp(
    new ToolSet([new Desk()]),
    { name: 'desk', version: '1.0.0' },
    { port: 0, host: '127.0.0.1', auth: { verifyAccessToken, authorizationServers: ['https://auth.example.com'], resource: PUBLIC }, ...options },
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function legacy(url: URL, token: string): Promise<Client> {
  return (await connectHttp(url, { headers: bearer(token) })).client;
}

async function modern(url: URL, token: string): Promise<ModernClient> {
  const client = new ModernClient({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new ModernTransport(url, { requestInit: { headers: bearer(token) } }));
  return client;
}

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe('one principal for sessions, rate limits and requestState, whatever the type of the subject', () => {
  it('a session answers only its own subject: subject 2, "2", none or another object gets 404; another token of subject 1 is served', async () => {
    const http = await serve({ sessions: true });
    const owner = await legacy(http.url, 'one');
    try {
      const session = (owner.transport as StreamableHTTPClientTransport).sessionId!;
      const list = (token: string) =>
        fetch(http.url, {
          method: 'POST',
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': session,
            'mcp-protocol-version': '2025-11-25',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
        }).then((r) => r.status);
      expect(await Promise.all(['two', 'two-text', 'no-subject', 'object-subject', 'one-again'].map(list))).toEqual([404, 404, 404, 404, 200]);
    } finally {
      await owner.close();
      await http.close();
    }
  });

  it.each([
    ['MCP 2025-11-25 (v1 client)', legacy],
    ['MCP 2026-07-28 (v2 client)', modern],
  ] as const)('the rate limit keeps a bucket per subject: %s', async (_name, connect) => {
    const http = await serve({ rateLimit: { calls: 1, perSeconds: 3600 } });
    const clients = await Promise.all(['one', 'two', 'two-text', 'object-subject', 'one-again'].map((token) => connect(http.url, token)));
    try {
      const answers: string[] = [];
      for (const client of clients) answers.push(text(await client.callTool({ name: 'hello', arguments: {} })));
      expect(answers).toEqual(['hello', 'hello', 'hello', 'hello', expect.stringMatching(/^Tool 'hello' was not run: too many calls from this caller/)]);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await http.close();
    }
  });

  it('a 2026-07-28 requestState is refused (-32602) to another subject, and taken from another token of its own', async () => {
    const http = await serve();
    const call = (token: string, extra: Record<string, unknown> = {}) =>
      modernCall<{ requestState?: string; content?: { text: string }[] }>(http.url, 'greet', {}, extra, {
        headers: bearer(token),
        capabilities: { elicitation: {} },
      });
    try {
      const first = await call('one');
      const answer = { inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } }, requestState: first.result!.requestState };
      for (const other of ['two', 'two-text', 'no-subject']) expect((await call(other, answer)).error?.code).toBe(-32602);
      expect((await call('one-again', answer)).result?.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
    } finally {
      await http.close();
    }
  });
});
