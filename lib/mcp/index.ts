/**
 * tool-signatures/mcp: serve tools over the Model Context Protocol with the official SDK (an
 * optional peer dependency). The protocol handlers are in `./server` (`createMcpServer`); this module
 * connects them to stdio and Streamable HTTP.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type McpServerInfo, type McpToolSource } from './server';

export { createMcpServer, callToolResult, type McpServerInfo, type McpServerOptions, type McpToolSource } from './server';

/** Serves the tools over stdio (the process's stdin and stdout) until the client disconnects. */
export async function serveMcpStdio(tools: McpToolSource, info: McpServerInfo): Promise<Server> {
  const server = createMcpServer(tools, info);
  await server.connect(new StdioServerTransport());
  return server;
}

/**
 * A Node `http` request handler for Streamable HTTP in stateless mode: every request gets its own
 * server and transport, so any number of replicas can sit behind a load balancer. Mounted behind a
 * body parser (Express, NestJS), it reads the parsed `req.body` instead of the consumed stream.
 */
export function createMcpHttpHandler(tools: McpToolSource, info: McpServerInfo): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const server = createMcpServer(tools, info);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      // Behind a framework whose body parser has already read the stream (Express, NestJS), the body is req.body.
      await transport.handleRequest(req, res, (req as IncomingMessage & { body?: unknown }).body);
    } catch (e) {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: e instanceof Error ? e.message : 'Internal error' }, id: null }));
      }
    }
  };
}

export interface McpHttpOptions {
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The path the endpoint answers on. @default '/mcp' */
  path?: string;
}

/** Starts an HTTP server with the Streamable HTTP endpoint; resolves once it listens. */
export async function serveMcpHttp(tools: McpToolSource, info: McpServerInfo, options: McpHttpOptions = {}): Promise<{ server: HttpServer; url: URL; close(): Promise<void> }> {
  const path = options.path ?? '/mcp';
  const handle = createMcpHttpHandler(tools, info);
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: new URL(`http://${host}:${address.port}${path}`),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
