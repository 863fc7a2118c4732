/**
 * The binder of the table's rows onto the SDK v1 `Server` (2025-11-25 and earlier): each row set
 * with the public `setRequestHandler`, under the SDK's own request schema of its method (the SDK
 * parses the params, and checks a `tools/call` result, before and after the row).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { Row } from './call';

/** The v1 SDK's request schema of each method a row may answer. */
const SCHEMAS = {
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'resources/subscribe': SubscribeRequestSchema,
  'resources/unsubscribe': UnsubscribeRequestSchema,
  'completion/complete': CompleteRequestSchema,
  'logging/setLevel': SetLevelRequestSchema,
} as const;

export type V1Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Sets each row on `server`, its scope made of the SDK's `extra` by `scopeOf`; `wrap` is put around each row first. */
export function bindRows<S>(
  server: Server,
  rows: ReadonlyMap<string, Row<S>>,
  scopeOf: (request: { method: string; params?: Record<string, unknown> }, extra: V1Extra) => S,
  wrap: (method: string, row: Row<S>) => Row<S> = (_method, row) => row,
): void {
  for (const [method, row] of rows) {
    const schema = (SCHEMAS as Readonly<Record<string, (typeof SCHEMAS)[keyof typeof SCHEMAS]>>)[method];
    if (schema === undefined) throw new Error(`no v1 request schema for the MCP method '${method}'`);
    const wrapped = wrap(method, row);
    server.setRequestHandler(
      schema as typeof ListToolsRequestSchema,
      ((request: { method: string; params?: Record<string, unknown> }, extra: V1Extra) => wrapped(request.params ?? {}, scopeOf(request, extra))) as never,
    );
  }
}
