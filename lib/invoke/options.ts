import type { ToolContext } from './context';

/** Options of one call. */
export interface InvokeOptions {
  /** The caller's signal: aborting it aborts the tool's signal and makes `invoke` reject with its reason. */
  signal?: AbortSignal;
  /** The caller's context; the call runs in a child of it that forwards cost lines. */
  context?: ToolContext;
  /** An id for the call, visible to the tool as `ctx.callId`. */
  callId?: string;
}
