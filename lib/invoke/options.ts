import type { Approver } from './approval';
import type { ToolClient, ToolContext } from './context';
import type { ArgumentLimits } from './json-text';

/** Options of one call. */
export interface InvokeOptions {
  /** The caller's signal: aborting it aborts the tool's signal and makes `invoke` reject with its reason. */
  signal?: AbortSignal;
  /** The caller's context; the call runs in a child of it that forwards cost lines. */
  context?: ToolContext;
  /** An id for the call, visible to the tool as `ctx.callId`. */
  callId?: string;
  /**
   * Limits on the argument text of this call (length, nesting depth); unset fields fall back to the
   * ToolSet's limits, then to `DEFAULT_LIMITS`.
   * @default DEFAULT_LIMITS (4 Mi characters, 256 levels)
   */
  limits?: Partial<ArgumentLimits>;
  /**
   * Who is calling and what their client can do for the tool (progress, log, elicit): the call's
   * context gets it (`ctx.caller`, `ctx.progress`, ...). The MCP server and the adapters fill it in.
   * @default none: the parent context's client, if any
   */
  client?: ToolClient;
  /**
   * Decides, through a `ToolSet`, whether a call of a tool that requires approval may run; it wins
   * over the set's own `approve`. Not used by `tool.invoke`, which runs what it is given.
   * @default the set's `approve`; without one, such calls are refused
   */
  approve?: Approver;
}
