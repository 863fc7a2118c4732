import type { JsonSchema, ToolAnnotations, ToolDescription } from '../tool-description';
import { copyJson } from './convert';
import type { ProviderForm } from './losses';
import { checkName } from './names';

/** An MCP `tools/list` entry. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
}

/** True when the tool's output schema is not an object schema, so MCP gets it wrapped as `{ result }`. */
export function mcpOutputWrapped(tool: ToolDescription): boolean {
  return tool.outputSchema !== undefined && tool.outputSchema.type !== 'object';
}

/**
 * The MCP tool for `tool`: the canonical schemas as they are (MCP takes JSON Schema 2020-12, whose
 * `anyOf`, `$ref`/`$defs` and `examples` it keeps: the MCP specification's Tool `inputSchema`); a
 * non-object output schema wrapped as `{"type":"object","properties":{"result":…},"required":["result"],
 * "additionalProperties":false}` (send `structuredContent: { result }` then; see `mcpOutputWrapped`).
 * Throws `ProviderNameError` for a name outside MCP's tool-name rule.
 */
export function toMcpTool(tool: ToolDescription): ProviderForm<McpTool> {
  checkName('mcp', tool.name);
  const out: McpTool = { name: tool.name, description: tool.description, inputSchema: copyJson(tool.inputSchema) };
  if (tool.outputSchema !== undefined) {
    out.outputSchema = mcpOutputWrapped(tool)
      ? { type: 'object', properties: { result: copyJson(tool.outputSchema) }, required: ['result'], additionalProperties: false }
      : copyJson(tool.outputSchema);
  }
  if (tool.annotations !== undefined) out.annotations = { ...tool.annotations };
  return { tool: out, losses: [] };
}
