import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS for browser clients (web MCP clients, the MCP Inspector's web mode). Off unless configured.
 * It never widens who may call: only an origin the endpoint admits (`allowedOrigins`,
 * `publicOrigin`, or a loopback page on a loopback server; lib/mcp/access.ts) is named in
 * `Access-Control-Allow-Origin`, and a refused one is answered 403 before CORS is looked at.
 */

/** CORS options (`cors: true` takes the defaults). */
export interface McpCorsOptions {
  /** How long a browser may cache a preflight's answer, in seconds. @default 600 */
  maxAgeSeconds?: number;
}

/** The request headers a browser client sends to an MCP endpoint; any `Mcp-*` header (`Mcp-Param-*` of 2026-07-28) too. */
const ALLOWED_HEADERS = new Set(['content-type', 'accept', 'authorization', 'last-event-id', 'mcp-session-id', 'mcp-protocol-version']);
/** The response headers a browser client must be able to read. */
const EXPOSED = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';
/** A preflight lists at most this many headers (and this many characters): bounded work per request. */
const MAX_REQUEST_HEADERS = 64;
const MAX_REQUEST_HEADERS_LENGTH = 4096;

export interface Cors {
  /**
   * Sets the CORS headers for an admitted `origin` (undefined: none, or the request has no
   * `Origin`), and answers a preflight (`OPTIONS`) itself with 204: true when it did.
   */
  answer(req: IncomingMessage, res: ServerResponse, origin: string | undefined): boolean;
}

/** The endpoint's CORS, or undefined when it is off. `methods`: what the endpoint takes (`POST`, or `GET, POST, DELETE` with sessions). */
export function corsOf(option: boolean | McpCorsOptions | undefined, methods: string): Cors | undefined {
  if (option === undefined || option === false) return undefined;
  const maxAge = option === true ? 600 : (option.maxAgeSeconds ?? 600);
  if (!Number.isInteger(maxAge) || maxAge < 0) throw new Error(`cors.maxAgeSeconds must be an integer of at least 0 (got ${String(maxAge).slice(0, 50)})`);
  return {
    answer(req, res, origin) {
      res.setHeader('vary', 'Origin');
      if (origin !== undefined) {
        res.setHeader('access-control-allow-origin', origin);
        res.setHeader('access-control-expose-headers', EXPOSED);
      }
      if (req.method !== 'OPTIONS') return false;
      const headers: Record<string, string> = { allow: `${methods}, OPTIONS` };
      if (origin !== undefined) {
        headers['access-control-allow-methods'] = methods;
        headers['access-control-allow-headers'] = allowedHeaders(req.headers['access-control-request-headers']);
        headers['access-control-max-age'] = String(maxAge);
      }
      res.writeHead(204, headers).end();
      return true;
    },
  };
}

/** The requested headers the endpoint takes (the fixed list and `Mcp-*`), as the preflight answer names them. */
function allowedHeaders(requested: string | undefined): string {
  const asked = (requested ?? '')
    .slice(0, MAX_REQUEST_HEADERS_LENGTH)
    .split(',', MAX_REQUEST_HEADERS)
    .map((h) => h.trim().toLowerCase());
  const taken = asked.filter((h) => ALLOWED_HEADERS.has(h) || /^mcp-[a-z0-9-]+$/.test(h));
  return [...new Set([...ALLOWED_HEADERS, ...taken])].join(', ');
}
