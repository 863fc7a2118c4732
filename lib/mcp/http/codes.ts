/**
 * The JSON-RPC codes the endpoint answers with, and a refusal answered before any message reached a server.
 */
import { type ServerResponse } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC error codes the endpoint answers with (the SDK's transport uses the same). */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const SERVER_ERROR = -32000;
export const SESSION_NOT_FOUND = -32001;
export const INVALID_PARAMS = -32602;
/** MCP 2026-07-28's `HeaderMismatch`: an `Mcp-Method` / `Mcp-Name` header that disagrees with the body. */
export const HEADER_MISMATCH = -32020;

/** A request refused before any JSON-RPC message reached the server. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly message: string,
    readonly headers: Record<string, string> = {},
    readonly data?: unknown,
  ) {}
}

/** MCP 2026-07-28's `UnsupportedProtocolVersion` (its `data` lists the versions served and echoes the one asked for). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Answers the refusal as a JSON-RPC error. `id`: the id of the request refused, once the body has
 * been read and is a single request (a client matches the error to its call); null where none can
 * be known (the body unread, not JSON, too big, or a batch).
 */
export function refuse(res: ServerResponse, r: Refusal, closeConnection = false, id: RequestId | null = null): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: r.code, message: r.message, ...(r.data !== undefined ? { data: r.data } : {}) }, id });
  const headers: Record<string, string | number> = { ...r.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  if (closeConnection) headers.connection = 'close';
  res.writeHead(r.status, headers).end(body);
}
