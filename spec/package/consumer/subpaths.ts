// Subpath types: found through `exports` (node16, bundler) and through `typesVersions` (node10).
import type { McpServerInfo } from 'tool-signatures/mcp';
import { Tool, type ToolDefinition } from 'tool-signatures';

export const info: McpServerInfo = { name: 'shop', version: '1.0.0' };
export const tool: ToolDefinition = Tool.create(function ping() {
  return 'pong';
});
