/**
 * tool-signatures/mcp: serve tools over the Model Context Protocol with the official SDK (an
 * optional peer dependency). `tools/list` gives the canonical schemas; `tools/call` runs the invoker.
 */
import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../definition';
import { encodeBase64 } from '../invoke/formats';
import type { Part, ToolResult } from '../invoke/result';
import { mcpOutputWrapped, toMcpTool } from '../providers/mcp';
import { createStreamableHttpHandler, listenMcpHttp, type McpEndpointOptions, type McpHttpEndpoint, type McpHttpHandler, type McpListenOptions } from './http';

export type { McpEndpointOptions, McpHttpAuthOptions, McpHttpEndpoint, McpHttpHandler, McpListenOptions, McpServerFactory, McpSessionOptions } from './http';
export { createStreamableHttpHandler, listenMcpHttp } from './http';

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
      const name = request.params.name.length > 64 ? `${request.params.name.slice(0, 64)}…` : request.params.name;
      return errorResult(`Unknown tool '${name}'. Available tools: ${list.map((t) => t.name).join(', ')}.`);
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

/** Serves the tools over stdio (the process's stdin and stdout) until the client disconnects. */
export async function serveMcpStdio(tools: McpToolSource, info: McpServerInfo): Promise<Server> {
  const server = createMcpServer(tools, info);
  await server.connect(new StdioServerTransport());
  return server;
}

/**
 * A Node `http` request handler for the Streamable HTTP endpoint (lib/mcp/http.ts): stateless by
 * default (any number of replicas behind a load balancer), stateful with `sessions`. Origin and
 * Host are checked, bodies and concurrency bounded (see `McpEndpointOptions`). Mounted behind a
 * body parser (Express, NestJS), it reads the parsed `req.body` instead of the consumed stream.
 */
export function createMcpHttpHandler(tools: McpToolSource, info: McpServerInfo, options: McpEndpointOptions = {}): McpHttpHandler {
  return createStreamableHttpHandler(() => createMcpServer(tools, info), options);
}

/** Options of `serveMcpHttp`: where it listens, and the endpoint's checks and bounds. */
export type McpHttpOptions = McpListenOptions & McpEndpointOptions;

/** Starts an HTTP server with the Streamable HTTP endpoint (127.0.0.1, /mcp by default); resolves once it listens. */
export async function serveMcpHttp(tools: McpToolSource, info: McpServerInfo, options: McpHttpOptions = {}): Promise<McpHttpEndpoint> {
  return listenMcpHttp(createMcpHttpHandler(tools, info, options), options);
}
