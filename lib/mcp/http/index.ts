/**
 * The Streamable HTTP endpoint of tool-signatures/mcp, by job: its options (options.ts), the
 * JSON-RPC codes and refusals (codes.ts), the body and its parsing (body.ts), the 2026 mirrored
 * headers (headers.ts), backpressure (backpressure.ts), stateless mode (stateless.ts), sessions
 * (sessions.ts), authentication (auth.ts), the request handler that routes among them (handler.ts),
 * and serving it on its own `node:http` server (listen.ts).
 */
export type { McpEndpointOptions, McpHttpAuthOptions, McpHttpHandler, McpServerFactory, McpSessionOptions, ModernServerFactory } from './options';
export { createStreamableHttpHandler } from './handler';
export { mcpMetadataPath } from './auth';
export { listenMcpHttp, type McpHttpEndpoint, type McpListenOptions } from './listen';
