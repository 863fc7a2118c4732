/**
 * `ctx.sample` over MCP: a tool asks the client's model through `sampling/createMessage`, where the
 * client declared `sampling` (when it initialized: a session, or stdio; in each request's `_meta` on
 * 2026-07-28, lib/mcp/modern/). Without it, the context has no sampler and `ctx.sample` rejects
 * with `NO_SAMPLING`, saying why. Tools in sampling need the client's `sampling.tools`.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CreateMessageResultSchema, CreateMessageResultWithToolsSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { ToolContextError, type SamplingRequest, type ToolClient } from '../invoke/calling/context';
import { MCP_TEXTS } from '../diagnostics';

/**
 * The `sampling/createMessage` parameters of a request (copies: nothing of the tool's objects is
 * sent as it is). `sampling` is what the client declared; tools without `sampling.tools` are refused.
 */
export function samplingParams(request: SamplingRequest, sampling: { tools?: unknown } | undefined): Record<string, unknown> {
  const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences, metadata, tools, toolChoice } = request;
  if (tools !== undefined && sampling?.tools === undefined) throw new ToolContextError('NO_SAMPLING', MCP_TEXTS.samplingToolsUndeclared());
  return {
    messages: messages.map((m) => ({ role: m.role, content: Array.isArray(m.content) ? m.content.map((c: object) => ({ ...c })) : { ...m.content } })),
    maxTokens,
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
    ...(stopSequences !== undefined ? { stopSequences: [...stopSequences] } : {}),
    ...(modelPreferences !== undefined
      ? { modelPreferences: { ...modelPreferences, ...(modelPreferences.hints !== undefined ? { hints: modelPreferences.hints.map((h) => ({ ...h })) } : {}) } }
      : {}),
    ...(metadata !== undefined ? { metadata: { ...metadata } } : {}),
    ...(tools !== undefined
      ? {
          tools: tools.map((t) => ({
            name: t.name,
            ...(t.description !== undefined && t.description !== '' ? { description: t.description } : {}),
            inputSchema: t.inputSchema,
          })),
        }
      : {}),
    ...(toolChoice !== undefined ? { toolChoice: { mode: toolChoice.mode } } : {}),
  };
}

/** The sampler of one request's client, or undefined when the client offers no model. */
export function samplerOf(server: Server, extra: RequestHandlerExtra<ServerRequest, ServerNotification>): ToolClient['sample'] {
  const sampling = server.getClientCapabilities()?.sampling as { tools?: unknown } | undefined;
  if (sampling === undefined) return undefined;
  return async (request, signal) => {
    const params = samplingParams(request, sampling);
    const schema = request.tools !== undefined ? CreateMessageResultWithToolsSchema : CreateMessageResultSchema;
    const result = await extra.sendRequest({ method: 'sampling/createMessage', params: params as never }, schema, signal !== undefined ? { signal } : {});
    return {
      role: result.role,
      content: result.content as never,
      model: result.model,
      ...(result.stopReason !== undefined ? { stopReason: result.stopReason } : {}),
    };
  };
}
