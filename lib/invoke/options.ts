import type { ToolContext } from './context';
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
}
