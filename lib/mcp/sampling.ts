/**
 * `ctx.sample` over MCP: a tool asks the client's model through `sampling/createMessage`, where the
 * client declared `sampling` when it initialized (a session, or stdio). Without it, the context has
 * no sampler and `ctx.sample` rejects with `NO_SAMPLING`, saying why.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CreateMessageResultSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolClient } from '../invoke/calling/context';

/** The sampler of one request's client, or undefined when the client offers no model. */
export function samplerOf(server: Server, extra: RequestHandlerExtra<ServerRequest, ServerNotification>): ToolClient['sample'] {
  if (server.getClientCapabilities()?.sampling === undefined) return undefined;
  return async (request, signal) => {
    const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences, metadata } = request;
    const params = {
      messages: messages.map((m) => ({ role: m.role, content: { ...m.content } })),
      maxTokens,
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(stopSequences !== undefined ? { stopSequences: [...stopSequences] } : {}),
      ...(modelPreferences !== undefined ? { modelPreferences: { ...modelPreferences, ...(modelPreferences.hints !== undefined ? { hints: modelPreferences.hints.map((h) => ({ ...h })) } : {}) } } : {}),
      ...(metadata !== undefined ? { metadata: { ...metadata } } : {}),
    };
    const result = await extra.sendRequest({ method: 'sampling/createMessage', params: params as never }, CreateMessageResultSchema, signal !== undefined ? { signal } : {});
    return {
      role: result.role,
      content: result.content as never,
      model: result.model,
      ...(result.stopReason !== undefined ? { stopReason: result.stopReason } : {}),
    };
  };
}
