/**
 * The `Mcp-Method` and `Mcp-Name` headers checked against the body (MCP 2026-07-28, SEP-2243).
 */
import { type IncomingMessage } from 'node:http';
import { HEADER_MISMATCH, Refusal } from './codes';
import { type Message } from './body';

/** A header's value, its surrounding whitespace trimmed (RFC 9110), or undefined when absent. */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
}

/** `=?base64?…?=` (the 2026-07-28 encoding of a value that is not plain ASCII) decoded; other values as they are. */
export function decodedHeader(value: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  return m === null ? value : Buffer.from(m[1]!, 'base64').toString('utf8');
}

/** Methods whose `Mcp-Name` header mirrors `params.name` (tools, prompts) or `params.uri` (resources). */
export const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** A header value shown in an error message, cut short. */
export const quoted = (v: string): string => `'${v.length > 100 ? `${v.slice(0, 100)}…` : v}'`;

/**
 * The `Mcp-Method` and `Mcp-Name` headers (MCP 2026-07-28, SEP-2243) against the body: a proxy may
 * route or authorize on the header while the server acts on the body, so a header that disagrees
 * with the body is refused (400, `HeaderMismatch` -32020). Headers are checked when sent (clients of
 * earlier revisions send none); values are case-sensitive. In a batch every message must match.
 */
export function checkMirroredHeaders(req: IncomingMessage, messages: readonly Message[]): Refusal | undefined {
  const method = headerValue(req, 'mcp-method');
  const name = headerValue(req, 'mcp-name');
  if (method === undefined && name === undefined) return undefined;
  for (const m of messages) {
    const bodyMethod = typeof m.method === 'string' ? m.method : undefined;
    if (bodyMethod === undefined) continue; // an answer to the server's question has no method
    if (method !== undefined && method !== bodyMethod) {
      return new Refusal(400, HEADER_MISMATCH, `Header mismatch: Mcp-Method header value ${quoted(method)} does not match body value ${quoted(bodyMethod)}`);
    }
    const field = NAMED_METHODS[bodyMethod];
    if (name === undefined || field === undefined) continue;
    const params = m.params as Message | undefined;
    const bodyName = typeof params === 'object' && params !== null ? params[field] : undefined;
    const headerName = decodedHeader(name);
    if (bodyName !== headerName) {
      return new Refusal(
        400,
        HEADER_MISMATCH,
        `Header mismatch: Mcp-Name header value ${quoted(headerName)} does not match body value ${typeof bodyName === 'string' ? quoted(bodyName) : `(no params.${field})`}`,
      );
    }
  }
  return undefined;
}
