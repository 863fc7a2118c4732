/**
 * The one decoder of MCP 2026-07-28 header values (SEP-2243: `Mcp-Name`, `Mcp-Param-*`), of one
 * strictness, for both revisions' checks (lib/mcp/http/headers.ts, lib/mcp/modern/param-headers.ts).
 */

/**
 * A header value as the client meant it: `=?base64?<Base64 of its UTF-8>?=` (how 2026-07-28 sends a
 * value that is not plain ASCII) decoded, any other value as it is; undefined for a `=?base64?…?=`
 * whose Base64 is not canonical (padding, alphabet, trailing bits) or whose bytes are not UTF-8.
 * The prefix is case-sensitive, as the SDK v2 writes and reads it.
 */
export function decodeHeaderValue(value: string): string | undefined {
  if (!value.startsWith('=?base64?') || !value.endsWith('?=') || value.length < 11) return value;
  const b64 = value.slice(9, -2);
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.toString('base64') !== b64) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
