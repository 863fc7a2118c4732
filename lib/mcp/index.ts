/**
 * tool-signatures/mcp: serve tools over the Model Context Protocol with the official SDK (an
 * optional peer dependency). `tools/list` gives the canonical schemas; `tools/call` runs the invoker.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../definition';
import { encodeBase64 } from '../invoke/formats';
import type { Part, ToolResult } from '../invoke/result';
import { mcpOutputWrapped, toMcpTool } from '../providers/mcp';
import { connectStdio, type McpStdioOptions } from './stdio';

export { BoundedStdioTransport, DEFAULT_MAX_LINE_BYTES, type McpStdioOptions } from './stdio';

/** Where the server finds its tools: a `ToolSet` (anything with `list()`) or a list of definitions. */
export type McpToolSource = { list(): readonly ToolDefinition[] } | readonly ToolDefinition[];

/** The server's name and version, as MCP clients see them. */
export interface McpServerInfo {
  name: string;
  version: string;
}

function toolsOf(source: McpToolSource): readonly ToolDefinition[] {
  return Array.isArray(source) ? source : (source as { list(): readonly ToolDefinition[] }).list();
}

/**
 * An MCP SDK server whose `tools/list` gives the tools' schemas (output schemas wrapped as
 * `{ result }` when they are not objects; annotations as given) and whose `tools/call` runs each
 * call through the invoker. Argument problems and tool failures are `isError` results, never
 * protocol errors; the request's signal cancels the call.
 */
export function createMcpServer(tools: McpToolSource, info: McpServerInfo, options: ServerOptions = {}): Server {
  const server = new Server(info, { ...options, capabilities: { ...options.capabilities, tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsOf(tools).map((t) => toMcpTool(t).tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const list = toolsOf(tools);
    const tool = list.find((t) => t.name === request.params.name);
    if (tool === undefined) {
      return errorResult(`Unknown tool '${request.params.name}'. Available tools: ${list.map((t) => t.name).join(', ')}.`);
    }
    const result = await tool.invoke(request.params.arguments ?? {}, { signal: extra.signal, callId: String(extra.requestId) });
    return callToolResult(tool, result);
  });
  return server;
}

function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** A ToolResult in MCP's shape: parts as content, structuredContent whenever an output schema is listed. */
export function callToolResult(tool: ToolDefinition, result: ToolResult): CallToolResult {
  if (result.isError) return errorResult(result.parts.map(textOf).join('\n'));
  const out: CallToolResult = { content: result.parts.map(contentOf) };
  if (tool.outputSchema !== undefined) {
    const value = 'typedResult' in result ? result.typedResult : result.parts.find((p) => p.type === 'json')?.value;
    const structured = mcpOutputWrapped(tool) ? { result: value } : value;
    if (typeof structured === 'object' && structured !== null && !Array.isArray(structured)) {
      out.structuredContent = structured as Record<string, unknown>;
    }
  }
  return out;
}

function textOf(part: Part): string {
  return part.type === 'text' ? part.text : part.type === 'json' ? JSON.stringify(part.value) : `[${part.mimeType} image]`;
}

function contentOf(part: Part): CallToolResult['content'][number] {
  if (part.type === 'image') return { type: 'image', mimeType: part.mimeType, data: encodeBase64(part.data) };
  return { type: 'text', text: textOf(part) };
}

/**
 * Serves the tools over stdio (the process's stdin and stdout) until the client disconnects. Each
 * line is bounded (`maxLineBytes`): a longer one is answered with a JSON-RPC error and the server
 * goes on; a broken stdin or stdout sets the exit code to 1.
 */
export async function serveMcpStdio(tools: McpToolSource, info: McpServerInfo, options: McpStdioOptions = {}): Promise<Server> {
  return connectStdio(createMcpServer(tools, info), options);
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
