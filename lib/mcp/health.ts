import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A health route for load balancers and orchestrators: `GET` (or `HEAD`) on its path answers
 * `200 {"status":"ok"}`. It is answered before the Host, Origin and authentication checks (a probe
 * sends the pod's address as Host and no token) and says nothing but that the process serves.
 */

/** The health route. */
export interface McpHealthOptions {
  /** Its path (`/healthz`); served by `serveMcpHttp`'s server, mounted beside the endpoint by `ToolsModule.forRoot({ mcp })`. */
  path: string;
}

const BODY = JSON.stringify({ status: 'ok' });

/** The health route's path, checked (an absolute path without query), or undefined when there is none. */
export function healthPath(option: string | McpHealthOptions | undefined): string | undefined {
  if (option === undefined) return undefined;
  const path = typeof option === 'string' ? option : option.path;
  if (typeof path !== 'string' || !/^\/[^?#\s]*$/.test(path))
    throw new Error(`health.path must be an absolute path such as '/healthz' (got ${String(path).slice(0, 100)})`);
  return path;
}

/** Answers the request when it is for the health route (`path` as the request names it, an app's mount prefix included): true when it did. */
export function answerHealth(path: string | undefined, requestPath: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (path === undefined || requestPath !== path) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return true;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY), 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : BODY);
  return true;
}
