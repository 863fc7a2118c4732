/**
 * A refusal (its JSON-RPC code from lib/mcp/codes.ts) answered before any message reached a server.
 */
import { type ServerResponse } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

export {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  PARSE_ERROR,
  REQUEST_CANCELLED,
  SERVER_ERROR,
  SESSION_NOT_FOUND,
  UNSUPPORTED_PROTOCOL_VERSION,
} from '../codes';

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
