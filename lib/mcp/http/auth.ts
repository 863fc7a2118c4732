/**
 * Bearer-token authentication and the protected-resource metadata (RFC 9728).
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { audienceChecked } from '../audience';
import { isLoopbackAddress } from '../access';
import { type McpHttpAuthOptions } from './options';
import { Refusal, SERVER_ERROR, refuse } from './codes';

/** Where MCP clients look for an endpoint's protected-resource metadata (RFC 9728). */
export const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * The request's path as the client sent it: a framework that mounts the handler under a prefix
 * (Express `app.use('/mcp-a', handler)`) strips the prefix from `req.url` and keeps the whole
 * path in `req.originalUrl`.
 */
export function publicPath(req: IncomingMessage): string {
  const original = (req as { originalUrl?: unknown }).originalUrl;
  const url = typeof original === 'string' && original.startsWith('/') ? original : (req.url ?? '/');
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The path, under the server's origin, where clients look for the protected-resource metadata of
 * the endpoint at `endpointPath` (RFC 9728 §3.1: the well-known prefix goes before the path):
 * `/mcp-a` → `/.well-known/oauth-protected-resource/mcp-a`. An app that mounts the handler under
 * a prefix routes this path to the same handler, which answers the metadata there.
 */
export function mcpMetadataPath(endpointPath: string): string {
  const p = endpointPath.startsWith('/') ? endpointPath : `/${endpointPath}`;
  return p === '/' ? WELL_KNOWN : `${WELL_KNOWN}${p.replace(/\/+$/, '')}`;
}

/**
 * Bearer-token authentication with the SDK's own `requireBearerAuth` middleware, and the
 * protected-resource metadata (RFC 9728) that MCP clients fetch to find the authorization server.
 * `handle` answers the request itself (metadata, 401, 403) and returns true, or sets `req.auth`
 * and returns false.
 */
export function bearerAuth(o: McpHttpAuthOptions) {
  const { requireBearerAuth } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js') as typeof import('@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js');
  const resourceOf = (req: IncomingMessage): URL | undefined => {
    if (o.resource !== undefined) return new URL(String(o.resource));
    // Off loopback the Host header may name any server: nothing is derived from it there.
    if (!isLoopbackAddress(req.socket.localAddress)) return undefined;
    const url = new URL(`http://${req.headers.host ?? 'localhost'}`);
    // Set as a path (a request path `//other.example/x` must not name another host).
    url.pathname = publicPath(req);
    // Asked for the metadata, the resource is the path after the well-known prefix (RFC 9728 §3.1).
    if (url.pathname.startsWith(WELL_KNOWN)) url.pathname = url.pathname.slice(WELL_KNOWN.length) || '/';
    return url;
  };
  const metadataUrl = (resource: URL): string => new URL(`${WELL_KNOWN}${resource.pathname === '/' ? '' : resource.pathname}`, resource).href;
  const middlewares = new Map<string, ReturnType<typeof requireBearerAuth>>();
  const middlewareFor = (resource: URL | undefined) => {
    const key = resource === undefined ? '' : metadataUrl(resource);
    let m = middlewares.get(key);
    if (m === undefined) {
      if (middlewares.size > 16) middlewares.clear();
      m = requireBearerAuth({
        verifier: audienceChecked(o.verifyAccessToken, resource),
        requiredScopes: o.requiredScopes ?? [],
        ...(key !== '' ? { resourceMetadataUrl: key } : {}),
      });
      middlewares.set(key, m);
    }
    return m;
  };
  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const resource = resourceOf(req);
      if (publicPath(req).startsWith(WELL_KNOWN)) {
        if (req.method !== 'GET') {
          refuse(res, new Refusal(405, SERVER_ERROR, 'Method Not Allowed', { allow: 'GET' }));
          return true;
        }
        if (resource === undefined) {
          refuse(
            res,
            new Refusal(404, SERVER_ERROR, 'Not Found: the protected-resource metadata needs auth.resource (the public URL) when served off loopback'),
          );
          return true;
        }
        const body = JSON.stringify({
          resource: resource.href,
          authorization_servers: o.authorizationServers.map(String),
          ...(o.requiredScopes !== undefined ? { scopes_supported: o.requiredScopes } : {}),
          bearer_methods_supported: ['header'],
          ...(o.resourceName !== undefined ? { resource_name: o.resourceName } : {}),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'access-control-allow-origin': '*' }).end(body);
        return true;
      }
      let passed = false;
      // The SDK middleware is written for Express: it answers through res.set / res.status().json().
      const expressLike = Object.assign(Object.create(res) as ServerResponse, {
        set: (name: string, value: string) => res.setHeader(name, value),
        status: (code: number) => ({
          json: (value: unknown) => {
            const body = JSON.stringify(value);
            res
              .writeHead(code, {
                ...Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)])),
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              })
              .end(body);
          },
        }),
      });
      await middlewareFor(resource)(req as never, expressLike as never, () => {
        passed = true;
      });
      return !passed;
    },
  };
}
