import 'reflect-metadata';
import { createServer, request, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Tool } from 'tool-signatures';
import { serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { connectHttp, type HttpSetup } from '../helpers/mcp-client';
import { initialize as initializeRequest, jsonHeaders, raw } from './fixtures/http';

/**
 * HTTP as deployments run it: behind a reverse proxy that forwards the public Host (the refusal
 * names the option that admits it; `publicOrigin` admits it), CORS for browser clients (off unless
 * configured; preflight 204; only admitted origins; the session header exposed), and a health route.
 * A real node:http server, a real reverse proxy in front of it, and the real MCP SDK client.
 */

function echo(text: string): string {
  return `echo: ${text}`;
}

const info = { name: 'deploy', version: '1.0.0' };
const tools = () => [Tool.create(echo, { params: { text: String } })];
const initialize = JSON.stringify(initializeRequest(1, '2025-11-25'));

/** A reverse proxy on loopback that forwards every request to `target` with the public Host header (nginx's `proxy_set_header Host $host`). */
async function reverseProxy(target: URL, publicHost: string): Promise<{ url: URL; close: () => Promise<void> }> {
  const server: HttpServer = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: publicHost, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: new URL(`http://127.0.0.1:${port}${target.pathname}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function echoThrough(url: URL, setup: HttpSetup = {}): Promise<unknown> {
  const { client } = await connectHttp(url, setup);
  try {
    return (await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).content;
  } finally {
    await client.close();
  }
}

async function serving(options: McpHttpOptions, body: (url: URL) => Promise<void>): Promise<void> {
  const http = await serveMcpHttp(tools(), info, options);
  try {
    await body(http.url);
  } finally {
    await http.close();
  }
}

const ECHOED = [{ type: 'text', text: 'echo: hi' }];

describe('issue 31: behind a reverse proxy', () => {
  it('a forwarded public Host is refused with a text that names allowedHosts and publicOrigin; publicOrigin admits it', async () => {
    await serving({}, async (url) => {
      const proxy = await reverseProxy(url, 'mcp.example.com');
      try {
        const r = await raw(proxy.url, { headers: jsonHeaders, body: initialize });
        expect([r.status, JSON.parse(r.text)]).toEqual([
          403,
          {
            jsonrpc: '2.0',
            error: {
              code: -32000,
              message:
                "Forbidden: Host header not allowed ('mcp.example.com'). If this host name is served on purpose (a reverse proxy that forwards the Host header), admit it with the endpoint option allowedHosts: ['mcp.example.com'], or give the public URL's origin as publicOrigin (options of serveMcpHttp, createMcpHttpHandler and ToolsModule.forRoot({ mcp })).",
            },
            id: null,
          },
        ]);
        // The SDK client's own error shows the same text.
        await expect(echoThrough(proxy.url)).rejects.toThrow(
          /Forbidden: Host header not allowed \('mcp\.example\.com'\)\. .* allowedHosts: \['mcp\.example\.com'\]/,
        );
      } finally {
        await proxy.close();
      }
    });
    await serving({ publicOrigin: 'https://mcp.example.com' }, async (url) => {
      const proxy = await reverseProxy(url, 'mcp.example.com');
      try {
        expect(await echoThrough(proxy.url)).toEqual(ECHOED);
        // A page of the public origin may call; another host is still refused; loopback still serves.
        expect(await echoThrough(proxy.url, { headers: { origin: 'https://mcp.example.com' } })).toEqual(ECHOED);
        expect((await raw(url, { headers: { ...jsonHeaders, host: 'evil.example.com' }, body: initialize })).status).toBe(403);
        expect(await echoThrough(url)).toEqual(ECHOED);
      } finally {
        await proxy.close();
      }
    });
    await serving({ allowedHosts: ['mcp.example.com'] }, async (url) => {
      const proxy = await reverseProxy(url, 'mcp.example.com');
      try {
        expect(await echoThrough(proxy.url)).toEqual(ECHOED);
      } finally {
        await proxy.close();
      }
    });
  }, 60_000);

  it('a publicOrigin that is not an origin is refused when the endpoint is made', async () => {
    await expect(serveMcpHttp(tools(), info, { publicOrigin: 'https://mcp.example.com/mcp' })).rejects.toThrow(
      "publicOrigin must be an http or https origin without a path, such as 'https://mcp.example.com' (got 'https://mcp.example.com/mcp').",
    );
  });
});

describe('issue 31: CORS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, mcp-session-id, mcp-protocol-version, authorization, mcp-param-city, x-other',
    },
  });

  it('off unless configured: OPTIONS is 405, naming the cors option, and no CORS header is sent (stateless and with sessions)', async () => {
    const text =
      "Method Not Allowed: OPTIONS (a browser's CORS preflight) is answered only with the endpoint option cors: true, which admits the origins that allowedOrigins or publicOrigin admit (options of serveMcpHttp, createMcpHttpHandler and ToolsModule.forRoot({ mcp })).";
    for (const [options, allow] of [
      [{}, 'POST'],
      [{ sessions: true }, 'GET, POST, DELETE'],
    ] as const) {
      await serving({ allowedOrigins: ['https://app.example'], ...options }, async (url) => {
        const r = await raw(url, preflight('https://app.example'));
        expect([r.status, r.headers.allow, r.headers['access-control-allow-origin'], JSON.parse(r.text)]).toEqual([
          405,
          allow,
          undefined,
          { jsonrpc: '2.0', error: { code: -32000, message: text }, id: null },
        ]);
        // The endpoint goes on serving.
        expect(await echoThrough(url)).toEqual(ECHOED);
      });
    }
  });

  it('on: a preflight of an admitted origin is 204 with the methods, headers and max age; a foreign origin is 403', async () => {
    await serving({ allowedOrigins: ['https://app.example'], cors: true, sessions: true }, async (url) => {
      const r = await raw(url, preflight('https://app.example'));
      expect(r.status).toBe(204);
      expect(r.text).toBe('');
      const cors = Object.fromEntries(Object.entries(r.headers).filter(([k]) => k.startsWith('access-control-') || k === 'vary' || k === 'allow'));
      expect(cors).toEqual({
        vary: 'Origin',
        'access-control-allow-origin': 'https://app.example',
        'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
        allow: 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'content-type, accept, authorization, last-event-id, mcp-session-id, mcp-protocol-version, mcp-param-city',
        'access-control-max-age': '600',
      });
      const foreign = await raw(url, preflight('https://evil.example'));
      expect([foreign.status, foreign.headers['access-control-allow-origin']]).toEqual([403, undefined]);
    });
  });

  it("on: a preflight's requested headers are read up to 4,096 characters and 64 names; only the endpoint's own and Mcp-* are named back", async () => {
    await serving({ allowedOrigins: ['https://app.example'], cors: true }, async (url) => {
      const allowed = async (requested: string) => {
        const r = await raw(url, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': requested },
        });
        return [r.status, r.headers['access-control-allow-headers']];
      };
      const own = 'content-type, accept, authorization, last-event-id, mcp-session-id, mcp-protocol-version';
      // The 64th name is read, the 65th is not.
      const names = [...Array.from({ length: 62 }, (_, i) => `x-pad-${i}`), 'mcp-param-sixty-third', 'mcp-param-sixty-fourth', 'mcp-param-sixty-fifth'];
      expect(await allowed(names.join(','))).toEqual([204, `${own}, mcp-param-sixty-third, mcp-param-sixty-fourth`]);
      // A name that starts within the first 4,096 characters is read up to there; one after them is not.
      const long = `x-${'a'.repeat(4080)},mcp-param-in, mcp-param-out`;
      expect(long.indexOf('mcp-param-out')).toBeGreaterThan(4096);
      expect(await allowed(long)).toEqual([204, `${own}, mcp-param-in`]);
    });
  });

  it('on: the real client from an admitted origin reads the session id it is exposed; a stateless endpoint on loopback admits a loopback page (the Inspector web mode)', async () => {
    await serving({ allowedOrigins: ['https://app.example'], cors: { maxAgeSeconds: 60 }, sessions: true }, async (url) => {
      const seen: Headers[] = [];
      const recording: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        seen.push(response.headers);
        return response;
      };
      expect(await echoThrough(url, { headers: { origin: 'https://app.example' }, fetch: recording })).toEqual(ECHOED);
      const first = seen[0]!;
      expect([first.get('access-control-allow-origin'), first.get('access-control-expose-headers'), first.get('mcp-session-id') !== null]).toEqual([
        'https://app.example',
        'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
        true,
      ]);
    });
    await serving({ cors: true }, async (url) => {
      // No allowedOrigins: on a loopback server, loopback pages are admitted (the Inspector's web mode).
      const r = await raw(url, preflight('http://localhost:6274'));
      expect([r.status, r.headers['access-control-allow-origin'], r.headers['access-control-allow-methods'], r.headers['access-control-max-age']]).toEqual([
        204,
        'http://localhost:6274',
        'POST',
        '600',
      ]);
    });
  });
});

describe('issue 31: a health route', () => {
  it('answers GET 200 before the Host and Origin checks, 405 for other methods, and the endpoint still serves', async () => {
    await serving({ health: '/healthz' }, async (url) => {
      const health = new URL('/healthz', url);
      const ok = await raw(health, { method: 'GET', headers: { host: '10.0.0.7:8080' } });
      expect([ok.status, ok.headers['content-type'], ok.headers['cache-control'], ok.text]).toEqual([200, 'application/json', 'no-store', '{"status":"ok"}']);
      const post = await raw(health, { method: 'POST', headers: jsonHeaders, body: initialize });
      expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
      expect((await raw(new URL('/other', url), { method: 'GET', headers: {} })).status).toBe(404);
      expect(await echoThrough(url)).toEqual(ECHOED);
    });
  });

  it('a health path that is not an absolute path is refused when the endpoint is made', async () => {
    await expect(serveMcpHttp(tools(), info, { health: 'healthz' })).rejects.toThrow("health.path must be an absolute path such as '/healthz' (got healthz)");
  });
});
