import type { IncomingMessage } from 'node:http';
import { MCP_TEXTS } from '../diagnostics';

/**
 * Who may call the HTTP endpoint: the `Host` header against DNS rebinding, the `Origin` header
 * against foreign web pages, and the public origin of an endpoint served behind a reverse proxy.
 * The one place that decides whether a request's host and origin are admitted (CORS reflects only
 * an origin admitted here).
 */

export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || isLoopbackAddress(host);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/** The host name of a `Host` header or an origin's authority, lower-cased, without port. */
export function hostName(authority: string): string {
  const a = authority.toLowerCase();
  if (a.startsWith('[')) return a.slice(0, a.indexOf(']') + 1);
  const colon = a.indexOf(':');
  return colon === -1 ? a : a.slice(0, colon);
}

/** The options that say who may call (a part of `McpEndpointOptions`). */
export interface McpAccessOptions {
  allowedOrigins?: string[];
  allowedHosts?: string[];
  publicOrigin?: string;
}

/** The admitted hosts and origins, read once per endpoint. */
export interface AccessPolicy {
  readonly hosts: ReadonlySet<string> | undefined;
  readonly origins: readonly string[] | undefined;
  /** `publicOrigin`, normalised (`https://mcp.example.com`), and its host name. */
  readonly publicOrigin: string | undefined;
  readonly publicHost: string | undefined;
}

/** Reads the options; a `publicOrigin` that is not an http(s) origin throws (a programmer's mistake, found at start). */
export function accessPolicy(o: McpAccessOptions): AccessPolicy {
  let publicOrigin: string | undefined;
  let publicHost: string | undefined;
  if (o.publicOrigin !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(o.publicOrigin);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== o.publicOrigin.replace(/\/$/, '')) {
      throw new Error(MCP_TEXTS.publicOriginInvalid(String(o.publicOrigin)));
    }
    publicOrigin = url.origin;
    publicHost = hostName(url.host);
  }
  return {
    hosts: o.allowedHosts === undefined ? undefined : new Set(o.allowedHosts.map((h) => h.toLowerCase())),
    origins: o.allowedOrigins,
    publicOrigin,
    publicHost,
  };
}

/** Whether the request's `Origin` (a browser's page) may call: its value when admitted, else undefined (none sent, or refused). */
export function admittedOrigin(req: IncomingMessage, p: AccessPolicy): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  if (origin === p.publicOrigin) return origin;
  if (p.origins !== undefined) return p.origins.includes(origin) ? origin : undefined;
  const m = /^https?:\/\/([^/]+)$/i.exec(origin);
  return isLoopbackAddress(req.socket.localAddress) && m !== null && LOOPBACK_NAMES.has(hostName(m[1]!)) ? origin : undefined;
}

/** Why the request may not call (the 403 text, naming the option that admits it), or undefined. */
export function refusedAccess(req: IncomingMessage, p: AccessPolicy): string | undefined {
  const loopback = isLoopbackAddress(req.socket.localAddress);
  const host = req.headers.host;
  if (p.hosts !== undefined || loopback) {
    const name = host === undefined ? '' : hostName(host);
    if (!(p.hosts ?? LOOPBACK_NAMES).has(name) && name !== p.publicHost) return MCP_TEXTS.hostRefused(shown(name));
  }
  const origin = req.headers.origin;
  if (origin === undefined || admittedOrigin(req, p) !== undefined) return undefined;
  return MCP_TEXTS.originRefused(shown(origin));
}

/** A header value as a refusal may quote it: at most 100 characters, nothing but printable ASCII. */
function shown(value: string): string {
  const printable = value.replace(/[^\x21-\x7e]/g, '?');
  return printable.length > 100 ? `${printable.slice(0, 100)}…` : printable;
}
