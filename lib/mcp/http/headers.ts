/**
 * The standard request headers of MCP 2026-07-28 (SEP-2243) against the body: the one
 * `Mcp-Method` / `Mcp-Name` rule of both revisions, their values read by the one decoder
 * (lib/mcp/header-value.ts; the `Mcp-Param-*` check, which needs the tool's schema, is
 * lib/mcp/modern/param-headers.ts's, with the same decoder).
 */
import { type IncomingMessage } from 'node:http';
import { HEADER_MISMATCH, Refusal } from './codes';
import { type Message } from './body';
import { decodeHeaderValue } from '../header-value';

/** A header's value, its surrounding whitespace trimmed (RFC 9110), or undefined when absent. */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
}

/** Methods whose `Mcp-Name` header mirrors `params.name` (tools, prompts), `params.uri` (resources) or `params.taskId` (tasks). */
export const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri' | 'taskId'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** A header value shown in an error message, cut short. */
export const quoted = (v: string): string => `'${v.length > 100 ? `${v.slice(0, 100)}…` : v}'`;

/**
 * The `Mcp-Method` and `Mcp-Name` headers (MCP 2026-07-28, SEP-2243) against the body: a proxy may
 * route or authorize on the header while the server acts on the body, so a header that disagrees
 * with the body is refused (400, `HeaderMismatch` -32020). Headers are checked when sent (clients of
 * earlier revisions send none); values are case-sensitive. In a batch every message must match. The
 * endpoint checks them before it routes by revision: the same rule and answer on both (the SDK v2's
 * own check behind it then finds them agreeing).
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
    const headerName = decodeHeaderValue(name);
    if (headerName === undefined)
      return new Refusal(400, HEADER_MISMATCH, `Header mismatch: the Mcp-Name header value ${quoted(name)} carries an invalid Base64 value`);
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
