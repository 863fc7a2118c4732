/**
 * Which MCP revision a message asks for: the one classifier of the HTTP endpoint
 * (lib/mcp/http/handler.ts, with the `MCP-Protocol-Version` header before it) and of stdio
 * (lib/mcp/stdio.ts, which pins a connection by it).
 */
import { DISCOVER_METHOD } from './discovery';

/** The protocol revisions the SDK v2 side serves (lib/mcp/modern/). */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];

/** The `_meta` key where a 2026-07-28 request names its protocol version (its per-request envelope's claim). */
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

let versions: readonly string[] | undefined;
/** The 2025 revisions the SDK v1 side serves. */
export function supportedVersions(): readonly string[] {
  // Loaded on first use: @modelcontextprotocol/sdk is an optional peer.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  versions ??= (require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js')).SUPPORTED_PROTOCOL_VERSIONS;
  return versions;
}

/**
 * What one message asks of the revision, by its body alone:
 * - `discover`: 2026-07-28's `server/discover` (a request), which a 2026-first client opens with and
 *   may give up on; the 2026 side answers it, and it chooses nothing for a stdio connection;
 * - `modern`: a message whose `_meta` names a protocol version (2026-07-28's envelope), whatever its
 *   method (an `initialize` with the claim too, as the SDK v2 classifies it);
 * - `legacy`: `initialize` without the claim (2025-11-25's handshake);
 * - `either`: anything else (a notification, an answer, a request naming no version).
 */
export type Asked = 'discover' | 'modern' | 'legacy' | 'either';

export function revisionAsked(message: { id?: unknown; method?: unknown; params?: unknown }): Asked {
  if (message.method === DISCOVER_METHOD && message.id !== undefined) return 'discover';
  const meta = (message.params as { _meta?: unknown } | null | undefined)?._meta;
  if (meta !== null && typeof meta === 'object' && PROTOCOL_VERSION_META in meta) return 'modern';
  return message.method === 'initialize' ? 'legacy' : 'either';
}

/**
 * Whether an HTTP request is for the 2026-07-28 side: its `MCP-Protocol-Version` header names a
 * revision of that era (2026-07-28 or a later date, which that side refuses with the versions it
 * serves); else (without the header, or with one nobody serves) its one message asks for 2026-07-28
 * or is a discovery (`revisionAsked`). A batch is 2025's. Any other version the 2025 side refuses,
 * naming every version served.
 */
export function isModernRequest(
  headerVersion: string | string[] | undefined,
  messages: readonly { id?: unknown; method?: unknown; params?: unknown }[],
): boolean {
  if (typeof headerVersion === 'string') {
    if (MODERN_VERSIONS.includes(headerVersion) || (/^\d{4}-\d{2}-\d{2}$/.test(headerVersion) && headerVersion >= MODERN_VERSIONS[0]!)) return true;
    if (supportedVersions().includes(headerVersion)) return false;
  }
  if (messages.length !== 1) return false;
  const asked = revisionAsked(messages[0]!);
  return asked === 'modern' || asked === 'discover';
}

/** Whether `messages` (one HTTP body) is a discovery request, which a 2025-only endpoint refuses as a 2025 server would (lib/mcp/discovery.ts). */
export function isDiscovery(messages: readonly { id?: unknown; method?: unknown; params?: unknown }[]): boolean {
  return messages.length === 1 && revisionAsked(messages[0]!) === 'discover';
}
