/**
 * Who sends an MCP request: the one formula behind session ownership, the per-client session
 * share, the rate limit's buckets and the binding of a 2026-07-28 `requestState`.
 */
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { canonicalJson } from '../json';

/**
 * The principal of a request: the verified token's client id and subject (`AuthInfo.extra.sub`,
 * whatever JSON type the verifier gives it: `2` and `"2"` are two subjects, and no subject is a
 * third), else the connection's remote address (HTTP), else `connection` (a transport with one
 * client: stdio, in memory). Two tokens of one client and subject are one principal.
 */
export function principalOf(authInfo: AuthInfo | undefined, address: string | undefined, connection = ''): string {
  if (authInfo !== undefined) return `token ${JSON.stringify([authInfo.clientId, subjectOf((authInfo.extra as { sub?: unknown } | undefined)?.sub)])}`;
  return address !== undefined ? `address ${address}` : connection;
}

/**
 * The principal of an HTTP request: its verified token's (set on `req.auth` by the endpoint's
 * `auth`), else its connection's remote address. A session answers only its owner; it is also the
 * unit of the per-client share, of the rate limit and of a 2026-07-28 `requestState`.
 */
export function principalOfRequest(req: IncomingMessage): string {
  return principalOf((req as { auth?: AuthInfo }).auth, req.socket.remoteAddress ?? '');
}

/** A subject as JSON that keeps its type: a string as it is, anything else tagged with its type. */
function subjectOf(sub: unknown): unknown {
  if (sub === undefined || sub === null) return null;
  if (typeof sub === 'string') return sub;
  return { [typeof sub]: canonicalJson(sub) };
}
