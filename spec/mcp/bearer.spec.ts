/**
 * Issue 21: a token whose `AuthInfo.resource` named another server was accepted, and the bearer
 * token and the `authorization` header reached tool code through `ctx.caller`. Now a token that
 * names a resource is accepted only by that resource (401 `invalid_token` otherwise, RFC 8707 and
 * the MCP authorization spec), and tools see who is calling but not the credentials, unless the
 * endpoint opts in with `exposeCredentials`. Over real HTTP on loopback, the SDK client and raw
 * requests.
 */
import 'reflect-metadata';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { connectHttp } from '../helpers/mcp-client';
import { initialize as initializeRequest } from './fixtures/http';

const PUBLIC = 'https://tools.example.com/mcp';
const hour = () => Math.floor(Date.now() / 1000) + 3600;

/** Tokens by the resource they were issued for. */
const TOKENS: Record<string, string | URL | undefined> = {
  ours: new URL(PUBLIC),
  'ours-slash': `${PUBLIC}/`,
  theirs: new URL('https://other.example.com/mcp'),
  'their-path': 'https://tools.example.com/admin',
  none: undefined,
};

async function verifyAccessToken(token: string): Promise<AuthInfo> {
  if (!(token in TOKENS)) throw new InvalidTokenError('unknown token');
  const resource = TOKENS[token];
  return { token, clientId: `client-${token}`, scopes: ['tools'], expiresAt: hour(), ...(resource !== undefined ? { resource: resource as URL } : {}) };
}

class Whoami {
  @Tool({ description: 'What the tool is told of its caller.' })
  whoami(ctx: ToolContext): string {
    const { authInfo, headers } = ctx.caller;
    return JSON.stringify({ authInfo, headers: Object.keys(headers ?? {}).sort(), secrets: JSON.stringify(ctx.caller).includes('s3cret') });
  }
}

async function serve(options: McpHttpOptions) {
  return serveMcpHttp(
    new ToolSet([new Whoami()]),
    { name: 'who', version: '1.0.0' },
    { auth: { verifyAccessToken, authorizationServers: ['https://auth.example.com'], resource: PUBLIC }, ...options },
  );
}

/** A client with a bearer token (and more headers). */
const connect = async (url: URL, token: string, headers: Record<string, string> = {}) =>
  (await connectHttp(url, { headers: { authorization: `Bearer ${token}`, ...headers } })).client;

const initialize = JSON.stringify(initializeRequest(1));

describe('issue 21: the audience of a bearer token', () => {
  it('a token issued for another resource gets 401 invalid_token with WWW-Authenticate; one for this resource (or naming none) is served', async () => {
    const http = await serve({});
    try {
      for (const token of ['theirs', 'their-path']) {
        const r = await fetch(http.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: initialize,
        });
        expect([r.status, r.headers.get('www-authenticate'), await r.json()]).toEqual([
          401,
          'Bearer error="invalid_token", error_description="Token was not issued for this resource", resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"',
          { error: 'invalid_token', error_description: 'Token was not issued for this resource' },
        ]);
        await expect(connect(http.url, token)).rejects.toMatchObject({ code: 401 });
      }
      for (const token of ['ours', 'ours-slash', 'none']) {
        const client = await connect(http.url, token);
        const r = (await client.callTool({ name: 'whoami', arguments: {} })) as { content: { text: string }[] };
        expect(JSON.parse(r.content[0]!.text).authInfo.clientId).toBe(`client-${token}`);
        await client.close();
      }
    } finally {
      await http.close();
    }
  });
});

describe('issue 21: credentials stay out of tool code', () => {
  it('by default ctx.caller holds who is calling, not the token, the Authorization header or the cookies', async () => {
    const http = await serve({});
    try {
      const client = await connect(http.url, 'ours', { cookie: 'session=s3cret', 'x-tenant': 'acme' });
      const r = (await client.callTool({ name: 'whoami', arguments: {} })) as { content: { text: string }[] };
      const seen = JSON.parse(r.content[0]!.text);
      expect(seen.authInfo).toEqual({ clientId: 'client-ours', scopes: ['tools'], expiresAt: expect.any(Number), resource: PUBLIC });
      expect(seen.headers).not.toContain('authorization');
      expect(seen.headers).not.toContain('cookie');
      expect(seen.headers).toContain('x-tenant');
      expect(seen.secrets).toBe(false);
      expect(r.content[0]!.text).not.toContain('Bearer');
      await client.close();
    } finally {
      await http.close();
    }
  });

  it('with exposeCredentials, the tool is given the token and the credential headers', async () => {
    const http = await serve({ exposeCredentials: true });
    try {
      const client = await connect(http.url, 'ours', { cookie: 'session=s3cret' });
      const r = (await client.callTool({ name: 'whoami', arguments: {} })) as { content: { text: string }[] };
      const seen = JSON.parse(r.content[0]!.text);
      expect([seen.authInfo.token, seen.headers.includes('authorization'), seen.headers.includes('cookie'), seen.secrets]).toEqual(['ours', true, true, true]);
      await client.close();
    } finally {
      await http.close();
    }
  });
});
