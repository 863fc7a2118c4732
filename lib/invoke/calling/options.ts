import type { Approver } from './approval';
import type { ToolClient, ToolContext } from './context';
import type { ArgumentLimits } from '../arguments/json-text';
import type { ApprovalPredicate, ToolDescription } from '../../tool-description';
import type { ToolResult } from '../../tool-result';

/** What went wrong in one call, as `errorText` sees it. */
export interface ToolFailure {
  /** The tool's name. */
  readonly tool: string;
  /**
   * `threw`: the tool threw or rejected, its instance could not be resolved, or its result has no
   * JSON form; `timeout`: it ran past `timeoutSeconds`; `approval`: the approval check threw.
   */
  readonly kind: 'threw' | 'timeout' | 'approval';
  /** What was thrown (undefined for a timeout). */
  readonly error: unknown;
  /**
   * The text the model reads when `errorText` is not given: `Tool 'x' failed: Name: message`,
   * `Tool 'x' timed out after N s.`, `Tool 'x' was not approved.` (the approver's exception is not in it).
   */
  readonly text: string;
}

/**
 * Shapes what a failure tells the model: return the text of the error result. What it throws, or a
 * value that is not a string, falls back to `failure.text`.
 */
export type ErrorText = (failure: ToolFailure) => string;

/** Options of one call. */
export interface InvokeOptions {
  /** The caller's signal: aborting it aborts the tool's signal and makes `invoke` reject with its reason. */
  signal?: AbortSignal;
  /** The caller's context; the call runs in a child of it that forwards cost lines. */
  context?: ToolContext;
  /** An id for the call, visible to the tool as `ctx.callId`. */
  callId?: string;
  /**
   * Limits on the arguments of this call (text length, nesting depth, members); unset fields fall
   * back to the ToolSet's limits, then to `DEFAULT_LIMITS`.
   * @default DEFAULT_LIMITS (4 Mi characters, 256 levels, 20,000 keys and elements for a refusal)
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
  /**
   * What a failure of the tool tells the model (a tool's message may hold what the model must not
   * read, like a connection string); falls back to the ToolSet's `errorText`.
   * @default the failure's own text: `Tool 'x' failed: Name: message`
   */
  errorText?: ErrorText;
}

/** The text of a failure: `errorText`'s, or the default when there is none or it fails. */
export function failureText(errorText: ErrorText | undefined, failure: ToolFailure): string {
  if (errorText === undefined) return failure.text;
  try {
    const text: unknown = errorText(failure);
    return typeof text === 'string' ? text : failure.text;
  } catch {
    return failure.text;
  }
}

/** A tool as a model sees it, and the means to call it. */
export interface ToolDefinition extends ToolDescription {
  /**
   * `@Tool({ requiresApproval: (args, ctx) => ... })`: decides per call whether an approval is
   * needed (`requiresApproval` is then true: the tool may need one).
   */
  readonly approvalWhen?: ApprovalPredicate;
  invoke(args: string | object, options?: InvokeOptions): Promise<ToolResult>;
}
