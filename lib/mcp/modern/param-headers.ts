/**
 * SEP-2243's `Mcp-Param-*` headers on 2026-07-28 `tools/call`: what a tool's schema declares with
 * `x-mcp-header`, checked against the call's arguments before a server answers it.
 */
import type { ToolDefinition } from '../../invoke/tools/bound-tool';
import { toolNamed, type McpToolSource } from '../source';
import { decodeHeaderValue } from '../header-value';
import type { ModernRequestInfo } from './scope';

/** The longest `Mcp-Param-*` header value read, in characters (a longer one is refused). */
const MAX_PARAM_HEADER_CHARS = 8192;

/**
 * SEP-2243: an argument whose schema property carries `x-mcp-header: Name` (a chain of `properties`
 * from the root, a string, integer or boolean) is mirrored by the client in the `Mcp-Param-Name`
 * header, as it is or as `=?base64?<Base64 of its UTF-8>?=`. When the call's arguments carry a
 * value, the header must be there and say the same; a Base64 value that is not canonical, or not
 * UTF-8, is refused. The endpoint answers a mismatch 400 with `HeaderMismatch` (-32020).
 */
export function paramHeaderMismatch(
  tools: McpToolSource,
  shown: (name: string) => boolean,
  message: { method?: unknown; params?: unknown },
  headers: ModernRequestInfo['headers'],
): string | undefined {
  if (message.method !== 'tools/call') return undefined;
  const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
  const name = params?.name;
  if (typeof name !== 'string' || name.length > 256) return undefined;
  const tool = toolNamed(tools, name);
  const declarations = tool === undefined ? [] : headerDeclarations(tool);
  // A tool the caller is not shown is unknown to it: its call is answered as an unknown tool's.
  if (declarations.length === 0 || !shown(name)) return undefined;
  for (const d of declarations) {
    let value: unknown = params?.arguments;
    for (const key of d.path)
      value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined || value === null || !['string', 'number', 'boolean'].includes(typeof value)) continue;
    const headerName = `Mcp-Param-${d.header}`;
    const raw = headers[headerName.toLowerCase()];
    const sent = Array.isArray(raw) ? raw.join(', ') : raw;
    if (sent === undefined) return `Header mismatch: the arguments carry '${d.path.join('.')}' but the ${headerName} header is absent`;
    if (sent.length > MAX_PARAM_HEADER_CHARS) return `Header mismatch: the ${headerName} header is longer than ${MAX_PARAM_HEADER_CHARS} characters`;
    const decoded = decodeHeaderValue(sent);
    if (decoded === undefined) return `Header mismatch: the ${headerName} header carries an invalid Base64 value`;
    const same = typeof value === 'number' ? /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(decoded) && Number(decoded) === value : decoded === String(value);
    if (!same) return `Header mismatch: the ${headerName} header does not match the argument '${d.path.join('.')}'`;
  }
  return undefined;
}

/** A tool's `x-mcp-header` declarations, read once per tool (the schema MCP lists is the tool's `inputSchema`). */
const declared = new WeakMap<ToolDefinition, readonly { path: string[]; header: string }[]>();
function headerDeclarations(tool: ToolDefinition): readonly { path: string[]; header: string }[] {
  let found = declared.get(tool);
  if (found !== undefined) return found;
  const list: { path: string[]; header: string }[] = [];
  const walk = (schema: unknown, path: string[]): void => {
    const properties = (schema as { properties?: unknown } | null)?.properties;
    if (properties === null || typeof properties !== 'object' || path.length >= 8) return;
    for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
      if (property === null || typeof property !== 'object') continue;
      const header = (property as Record<string, unknown>)['x-mcp-header'];
      if (typeof header === 'string' && header !== '') list.push({ path: [...path, key], header });
      walk(property, [...path, key]);
    }
  };
  walk(tool.inputSchema, []);
  declared.set(tool, (found = list));
  return found;
}
