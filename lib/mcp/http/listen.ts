/**
 * Serving an endpoint handler on its own `node:http` server.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isLoopbackHost } from '../access';
import { DEFAULTS, type McpEndpointOptions, type McpHttpHandler } from './options';
import { WELL_KNOWN } from './auth';

/** Where `listen` serves the endpoint. */
export interface McpListenOptions {
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The path the endpoint answers on. @default '/mcp' */
  path?: string;
  /** The longest time the request headers may take to arrive (Node's `headersTimeout`). @default 10000 */
  headersTimeoutMs?: number;
}

/** A running endpoint: its HTTP server, its URL, and `close()`. */
export interface McpHttpEndpoint {
  server: HttpServer;
  url: URL;
  /** The open sessions' protocol servers (stateful mode). */
  readonly sessions: ReadonlyMap<string, Server>;
  close(): Promise<void>;
}

/** Serves an endpoint handler (from `createStreamableHttpHandler`) on its own `node:http` server; resolves once it listens. */
export async function listenMcpHttp(handler: McpHttpHandler, options: McpListenOptions & McpEndpointOptions = {}): Promise<McpHttpEndpoint> {
  const path = options.path ?? '/mcp';
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const bodyTimeout = options.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs;
  const host = options.host ?? '127.0.0.1';
  if (options.auth !== undefined && options.auth.resource === undefined && !isLoopbackHost(host)) {
    throw new Error(
      `serveMcpHttp: with auth on a non-loopback address (${host}), give auth.resource (the endpoint's public URL): the protected-resource metadata is never derived from a request's Host header there`,
    );
  }
  const requestTimeout = Math.max(headersTimeout, bodyTimeout) + 1000;
  // Node checks the header and request timeouts only every connectionsCheckingInterval (30 s by
  // default): checked four times per headers timeout, a slow client is answered 408 on time.
  const server = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(headersTimeout / 4))) }, (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const p = q === -1 ? url : url.slice(0, q);
    if (p === path || p === handler.healthPath || (handler.servesMetadata && p.startsWith(WELL_KNOWN))) {
      void handler(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  server.headersTimeout = headersTimeout;
  // Node answers 408 and closes the connection when a request (headers and body) takes longer.
  server.requestTimeout = requestTimeout;
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: new URL(`http://${shown}:${address.port}${path}`),
    sessions: handler.sessions,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
