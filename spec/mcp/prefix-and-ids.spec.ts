/**
 * Issue 22: a handler mounted under a path prefix (`app.use('/mcp-a', handler)` in Express) with
 * `auth` pointed clients' 401 to `/.well-known/oauth-protected-resource` (404 there), and served
 * its metadata under the prefix with the wrong `resource`; every refusal answered `id: null`, even
 * where the request's id was known; the 2026-07-28 `Mcp-Method` / `Mcp-Name` headers were not
 * checked against the body. Over a real Express 5 app on loopback, the SDK client's own discovery
 * functions, and raw requests.
 */
import 'reflect-metadata';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { checkResourceAllowed } from '@modelcontextprotocol/sdk/shared/auth-utils.js';
import { Tool, ToolSet } from 'tool-signatures';
import { createMcpHttpHandler, mcpMetadataPath, serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';

/** The little of Express 5 the spec uses (express ships no types; @types/express is not installed). */
interface ExpressApp {
  use(path: string, handler: unknown): ExpressApp;
  listen(port: number, host: string, done: () => void): HttpServer;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as () => ExpressApp;

class Echo {
  @Tool({ description: 'Echoes its text.' })
  echo(text: string): string {
    return text;
  }
}

const info = { name: 'echo', version: '1.0.0' };
const hour = () => Math.floor(Date.now() / 1000) + 3600;
async function verifyAccessToken(token: string): Promise<AuthInfo> {
  if (token !== 'good') throw new InvalidTokenError('unknown token');
  return { token, clientId: 'client', scopes: [], expiresAt: hour() };
}
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const callEcho = (id: number | string, name = 'echo') =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { text: 'hi' } } });

/** Two endpoints in one Express app, under /mcp-a and /mcp-b, each with its metadata where RFC 9728 puts it. */
async function expressApp() {
  const app = express();
  const handlers = ['/mcp-a', '/mcp-b'].map((path) => {
    const handler = createMcpHttpHandler(new ToolSet([new Echo()]), info, {
      auth: { verifyAccessToken, authorizationServers: [`https://auth.example.com${path}`] },
    });
    app.use(path, handler);
    app.use(mcpMetadataPath(path), handler);
    return handler;
  });
  const server = await new Promise<HttpServer>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: async () => {
      await Promise.all(handlers.map((h) => h.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('issue 22: a handler mounted under a path prefix, with auth', () => {
  it('points the 401 to /.well-known/oauth-protected-resource/<prefix>, and answers the metadata there naming the prefixed resource', async () => {
    const app = await expressApp();
    try {
      for (const path of ['/mcp-a', '/mcp-b']) {
        const endpoint = new URL(`${app.origin}${path}`);
        const r = await fetch(endpoint, { method: 'POST', headers: jsonHeaders, body: callEcho(1) });
        expect(r.status).toBe(401);
        const { resourceMetadataUrl } = extractWWWAuthenticateParams(r);
        expect(resourceMetadataUrl?.href).toBe(`${app.origin}/.well-known/oauth-protected-resource${path}`);
        // The SDK client's discovery, from the header's URL and from the endpoint alone (path-aware well-known URL).
        const fromHeader = await discoverOAuthProtectedResourceMetadata(endpoint, { resourceMetadataUrl: resourceMetadataUrl! });
        const fromEndpoint = await discoverOAuthProtectedResourceMetadata(endpoint);
        for (const metadata of [fromHeader, fromEndpoint]) {
          expect([metadata.resource, metadata.authorization_servers]).toEqual([endpoint.href, [`https://auth.example.com${path}`]]);
          expect(checkResourceAllowed({ requestedResource: endpoint, configuredResource: metadata.resource })).toBe(true);
        }
      }
      // The root metadata is no endpoint's: nothing is mounted there.
      expect((await fetch(`${app.origin}/.well-known/oauth-protected-resource`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves a real client with a token under the prefix', async () => {
    const app = await expressApp();
    try {
      const client = new Client({ name: 'spec', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${app.origin}/mcp-b`), { requestInit: { headers: { authorization: 'Bearer good' } } }));
      const r = await client.callTool({ name: 'echo', arguments: { text: 'under a prefix' } });
      expect(r.content).toEqual([{ type: 'text', text: 'under a prefix' }]);
      await client.close();
    } finally {
      await app.close();
    }
  });

  it('mcpMetadataPath puts the well-known prefix before the endpoint path', () => {
    expect([mcpMetadataPath('/mcp-a'), mcpMetadataPath('mcp'), mcpMetadataPath('/'), mcpMetadataPath('/a/b/')]).toEqual([
      '/.well-known/oauth-protected-resource/mcp-a',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/a/b',
    ]);
  });
});

async function serve(options: McpHttpOptions = {}) {
  return serveMcpHttp(new ToolSet([new Echo()]), info, options);
}

async function post(url: URL, body: string, headers: Record<string, string> = {}) {
  const r = await fetch(url, { method: 'POST', headers: { ...jsonHeaders, ...headers }, body });
  return { status: r.status, body: (await r.json()) as { id: unknown; error?: { code: number; message: string }; result?: unknown } };
}

describe('issue 22: every error echoes the request id', () => {
  it('an unsupported protocol version is refused with the request id; a body with no known id keeps id null', async () => {
    const http = await serve();
    try {
      const bad = await post(http.url, callEcho('call-7'), { 'mcp-protocol-version': '1999-01-01' });
      expect([bad.status, bad.body.id, bad.body.error?.code]).toEqual([400, 'call-7', -32022]);
      expect(bad.body.error?.message).toContain('unsupported protocol version');
      // MCP 2026-07-28's UnsupportedProtocolVersion: every version served, of both revisions, and the one asked for.
      const data = (bad.body.error as { data?: { supported: string[]; requested: string } }).data!;
      expect([data.supported.slice(0, 2), data.requested]).toEqual([['2026-07-28', '2025-11-25'], '1999-01-01']);
      const parse = await post(http.url, '{"jsonrpc":"2.0","id":3,', {});
      expect([parse.status, parse.body.id, parse.body.error?.code]).toEqual([400, null, -32700]);
      const batch = await post(http.url, `[${callEcho(1)},${callEcho(2)}]`, { 'mcp-protocol-version': '1999-01-01' });
      expect([batch.status, batch.body.id]).toEqual([400, null]);
      const tooBig = await serve({ maxBodyBytes: 64 });
      try {
        const big = await post(
          tooBig.url,
          JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(200) } } }),
        );
        expect([big.status, big.body.id]).toEqual([413, null]);
      } finally {
        await tooBig.close();
      }
    } finally {
      await http.close();
    }
  });

  it('a session refusal (and a 503 once the body is read) names the request id', async () => {
    const http = await serve({ sessions: { maxSessions: 1 } });
    try {
      const missing = await post(http.url, callEcho(41));
      expect([missing.status, missing.body.id]).toEqual([400, 41]);
      const unknown = await post(http.url, callEcho('q'), { 'mcp-session-id': 'no-such-session' });
      expect([unknown.status, unknown.body.id, unknown.body.error?.code]).toEqual([404, 'q', -32001]);
      const initialize = (id: string) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        });
      const first = await fetch(http.url, { method: 'POST', headers: jsonHeaders, body: initialize('first') });
      expect(first.status).toBe(200);
      await first.text();
      const second = await post(http.url, initialize('second'));
      expect([second.status, second.body.id, second.body.error?.message]).toEqual([503, 'second', 'Service Unavailable: too many sessions']);
    } finally {
      await http.close();
    }
  });
});

describe('issue 22: Mcp-Method and Mcp-Name headers (MCP 2026-07-28) agree with the body', () => {
  it('refuses a header that disagrees with the body: 400, HeaderMismatch -32020, the request id', async () => {
    const http = await serve();
    try {
      const cases: [Record<string, string>, string][] = [
        [{ 'mcp-method': 'prompts/get' }, "Header mismatch: Mcp-Method header value 'prompts/get' does not match body value 'tools/call'"],
        [{ 'MCP-METHOD': 'TOOLS/CALL' }, "Header mismatch: Mcp-Method header value 'TOOLS/CALL' does not match body value 'tools/call'"],
        [{ 'mcp-method': 'tools/call', 'mcp-name': 'shout' }, "Header mismatch: Mcp-Name header value 'shout' does not match body value 'echo'"],
        [
          { 'mcp-name': `=?base64?${Buffer.from('shout').toString('base64')}?=` },
          "Header mismatch: Mcp-Name header value 'shout' does not match body value 'echo'",
        ],
        // One decoder of one strictness (the Mcp-Param-* check's): Base64 without its padding is not canonical.
        [{ 'mcp-name': '=?base64?ZWNobw?=' }, "Header mismatch: the Mcp-Name header value '=?base64?ZWNobw?=' carries an invalid Base64 value"],
      ];
      for (const [headers, message] of cases) {
        const r = await post(http.url, callEcho(5), headers);
        expect([r.status, r.body.id, r.body.error]).toEqual([400, 5, { code: -32020, message }]);
      }
      const resource = await post(http.url, JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'resources/read', params: { uri: 'file:///a' } }), {
        'mcp-method': 'resources/read',
        'mcp-name': 'file:///b',
      });
      expect([resource.status, resource.body.id, resource.body.error?.code]).toEqual([400, 6, -32020]);
      // A header never echoes more than a short excerpt.
      const long = await post(http.url, callEcho(8), { 'mcp-name': 'n'.repeat(5000) });
      expect([long.status, long.body.error!.message.length < 300]).toEqual([400, true]);
    } finally {
      await http.close();
    }
  });

  it('serves a request whose headers agree (names case-insensitive, values trimmed, base64 decoded), and one without them', async () => {
    const http = await serve();
    try {
      const agreeing: Record<string, string>[] = [
        { 'mcp-method': 'tools/call', 'mcp-name': 'echo' },
        { 'Mcp-Method': ' tools/call ', 'Mcp-Name': '  echo ' },
        { 'mcp-method': 'tools/call', 'mcp-name': `=?base64?${Buffer.from('echo').toString('base64')}?=` },
        {},
      ];
      for (const headers of agreeing) {
        const r = await post(http.url, callEcho(11), headers);
        expect([r.status, r.body.id, r.body.result]).toEqual([200, 11, { content: [{ type: 'text', text: 'hi' }] }]);
      }
      const list = await post(http.url, JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'tools/list' }), { 'mcp-method': 'tools/list' });
      expect([list.status, list.body.id]).toEqual([200, 12]);
    } finally {
      await http.close();
    }
  });
});
