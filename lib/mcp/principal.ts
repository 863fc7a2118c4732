/**
 * Who sends an MCP request: the one formula behind session ownership, the per-client session
 * share, the listen streams' share, the rate limit's buckets, a task's owner and the binding of a
 * 2026-07-28 `requestState`, on both revisions and every transport.
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

/**
 * Where the HTTP endpoint records the principal of a stateless 2025 request, on the `requestInfo`
 * it hands the SDK v1 transport: one v1 server serves every caller there, and the SDK passes a
 * handler only `authInfo` and `requestInfo` of a request (not its connection). A session's server is
 * made for its owner instead (`connection`). ARCHITECTURE.md lists the per-request channels.
 */
export const MCP_CALLER = Symbol('tool-signatures.mcpCaller');

/**
 * The principal of a request as a binder sees it: the one the HTTP endpoint recorded (`recorded`:
 * `principalOfRequest`'s), else the verified token's, else `connection` (the server's one client:
 * a session's owner, a stdio connection, in memory).
 */
export function callerPrincipal(authInfo: AuthInfo | undefined, recorded: unknown, connection: string): string {
  return typeof recorded === 'string' ? recorded : principalOf(authInfo, undefined, connection);
}

/** The principal recorded on a v1 `requestInfo` (`MCP_CALLER`), if any. */
export function recordedPrincipal(requestInfo: object | undefined): unknown {
  return (requestInfo as { [MCP_CALLER]?: unknown } | undefined)?.[MCP_CALLER];
}

let connections = 0;
/** The principal of a connection whose transport names none (stdio, in memory): its own. */
export function connectionPrincipal(): string {
  return `connection ${++connections}`;
}

/** A subject as JSON that keeps its type: a string as it is, anything else tagged with its type. */
function subjectOf(sub: unknown): unknown {
  if (sub === undefined || sub === null) return null;
  if (typeof sub === 'string') return sub;
  return { [typeof sub]: canonicalJson(sub) };
}
