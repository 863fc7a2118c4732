/**
 * The MCP handlers, one row per method, written once over the request's own scope (lib/mcp/call.ts)
 * and served on both revisions: the SDK v1 `Server` binds them for 2025-11-25 (lib/mcp/server.ts),
 * the v2 one for 2026-07-28 (lib/mcp/modern/). `tools/*` go through the `ToolSet` (limits,
 * approvals, visibility, costs, timeouts: the same path as every other caller); prompts, resources
 * and completion are lib/mcp/prompts.ts's rows. What a connection keeps (a 2025 session's log
 * level, its subscriptions, its `list_changed`) is the v1 binder's, not the table's.
 */
import type { CallToolResult, ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { partsIn, partsText } from '../invoke/calling/parts';
import type { ToolDefinition } from '../invoke/tools/bound-tool';
import type { Approver } from '../invoke/calling/context';
import type { ToolResult } from '../tool-result';
import { ToolSet } from '../invoke/tools/toolset';
import { MCP_TEXTS } from '../diagnostics';
import { mcpOutputWrapped, toMcpTool } from '../providers/mcp';
import { clientOf, type CallScope, type Row } from './call';
import { isServedSource, servedRows, type ServedRows } from './prompts';
import { limiterOf, type McpRateLimit } from './rate-limit';
import { isSetLike, listedByCaller, type McpToolSource, type SetLike } from './source';
import { capabilityOf } from './capabilities';

export { isSetLike, type McpToolSource, type SetLike } from './source';

/** The set that calls go through: the source itself, or a set of its tools (made per use for a live `list()`). */
function setOf(source: McpToolSource, fixed: ToolSet | undefined): SetLike {
  if (fixed !== undefined) return fixed;
  if (isSetLike(source)) return source;
  return new ToolSet((source as { list(): readonly ToolDefinition[] }).list());
}

/** What the rows are written with. */
export interface TableOptions {
  approve?: Approver;
  exposeCredentials?: boolean;
  rateLimit?: McpRateLimit;
  /** For the stateless endpoint: no `listChanged`, no `resources.subscribe` declared (lib/mcp/capabilities.ts). @default false */
  stateless?: boolean;
}

/** The handlers of one source, by method, and what they declare. */
export interface McpTable {
  readonly rows: ReadonlyMap<string, Row<CallScope>>;
  /** The capabilities the rows need declared (tools, logging, and prompts, resources and completion when served). */
  readonly capabilities: ServerCapabilities;
  /** Whether the tool list can change (a `ToolSet`): `tools.listChanged` is declared. */
  readonly live: boolean;
  /** The tools the caller of a request is shown (its `tools/list`, before MCP's form): a tool not among them is unknown to it. */
  listedTo(scope: CallScope): readonly ToolDefinition[];
  /** Prompts, resources and completion, when the source serves some. */
  readonly served: ServedRows<CallScope> | undefined;
  /** The client of a request for a call of `name`. */
  clientOf(scope: CallScope, name: string): ReturnType<typeof clientOf>;
}

/**
 * The table of `tools`: `tools/list` gives the tools' schemas (output schemas wrapped as
 * `{ result }` when they are not objects; annotations as given; only the tools the caller may see)
 * and `tools/call` runs each call through the tool set. Argument problems, refusals and tool
 * failures are `isError` results, never protocol errors; the request's signal cancels the call.
 */
export function mcpTable(tools: McpToolSource, options: TableOptions = {}): McpTable {
  const { approve, exposeCredentials = false, rateLimit, stateless = false } = options;
  const limiter = rateLimit === undefined ? undefined : limiterOf(rateLimit);
  const live = isSetLike(tools) && typeof tools.onChange === 'function';
  const fixed = Array.isArray(tools) ? new ToolSet(tools as readonly ToolDefinition[]) : undefined;
  const client = (scope: CallScope, name: string) => clientOf(scope, name, exposeCredentials);
  const listedTo = (scope: CallScope): readonly ToolDefinition[] => {
    const set = setOf(tools, fixed);
    return set.listFor !== undefined && set.callContext !== undefined ? set.listFor(set.callContext('', { client: client(scope, '') })) : set.list();
  };
  const rows = new Map<string, Row<CallScope>>();
  rows.set('tools/list', (_params, scope) => ({ tools: listedTo(scope).map((t) => toMcpTool(t).tool) }));
  rows.set('tools/call', async (params, scope) => {
    const name = params.name as string;
    if (limiter !== undefined) {
      // A store that cannot answer refuses the call (fail closed).
      const decision = await limiter.take(scope.principal).catch(() => undefined);
      if (decision === undefined) return errorResult(MCP_TEXTS.rateLimitUnavailable(name.slice(0, 128)));
      if (!decision.ok) return errorResult(MCP_TEXTS.rateLimited(name.slice(0, 128), limiter.limit.calls, limiter.limit.perSeconds, decision.retryInSeconds));
    }
    const set = setOf(tools, fixed);
    const result = await set.invoke(name, (params.arguments as object | undefined) ?? {}, {
      signal: scope.signal,
      callId: String(scope.requestId),
      client: client(scope, name),
      ...(approve !== undefined ? { approve } : {}),
    });
    return callToolResult(set.get?.(name) ?? set.list().find((t) => t.name === name), result);
  });
  const served = isServedSource(tools) ? servedRows<CallScope>(tools, client, stateless) : undefined;
  if (served !== undefined) for (const [method, row] of served.rows) rows.set(method, row);
  return {
    rows,
    capabilities: { tools: capabilityOf('tools', live, stateless), logging: {}, ...served?.capabilities },
    live,
    listedTo,
    served,
    clientOf: client,
  };
}

/** Whether a source's tool list varies by caller (then `list_changed` goes only to a caller whose list changed). */
export function toolsByCaller(tools: McpToolSource): boolean {
  return listedByCaller(tools).tools;
}

function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * A ToolResult in MCP's shape: parts as content (text, JSON as text, image, audio, resource link,
 * embedded resource), structuredContent whenever an output schema is listed; an error result is
 * `isError` with its text.
 */
export function callToolResult(tool: ToolDefinition | undefined, result: ToolResult): CallToolResult {
  if (result.isError) return errorResult(partsText(result.parts));
  const out: CallToolResult = { content: partsIn('mcp', result.parts).content as CallToolResult['content'] };
  if (tool?.outputSchema !== undefined) {
    const value = 'typedResult' in result ? result.typedResult : result.parts.find((p) => p.type === 'json')?.value;
    const structured = mcpOutputWrapped(tool) ? { result: value } : value;
    if (typeof structured === 'object' && structured !== null && !Array.isArray(structured)) {
      out.structuredContent = structured as Record<string, unknown>;
    }
  }
  return out;
}
