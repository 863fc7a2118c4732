/** A call's approval: whether it needs one, asking the approver, and the arguments it fixes. */
import { failureText, type ApprovalRequest, type Approver, type ErrorText, type ToolContext, type ToolDefinition } from './context';
import { ToolResult } from '../../tool-result';

/** Whether the call needs an approval: always for `requiresApproval: true`, else the predicate's answer. */
export async function approvalNeeded(tool: ToolDefinition, args: object, context: ToolContext): Promise<boolean> {
  if (!tool.requiresApproval) return false;
  const when = tool.approvalWhen;
  if (typeof when !== 'function') return true;
  try {
    return (await when(args as Readonly<Record<string, unknown>>, context)) !== false;
  } catch {
    // A predicate that fails cannot vouch for the call: ask.
    return true;
  }
}

/**
 * Asks `approver` (none: refused) and returns the refusal, or undefined when approved. The refusal
 * text is `Tool 'x' was not approved.`, with the approver's reason after a colon when it gave one.
 * What the approver throws is not in it: `errorText` (kind `approval`) may put it there.
 */
export async function refusalOf(approver: Approver | undefined, request: ApprovalRequest, errorText?: ErrorText): Promise<ToolResult | undefined> {
  let why = '';
  if (approver !== undefined) {
    try {
      const decision = await approver(request);
      if (decision === true) return undefined;
      if (typeof decision === 'object' && decision !== null) {
        if (decision.approved === true) return undefined;
        if (typeof decision.reason === 'string' && decision.reason !== '') why = `: ${decision.reason.replace(/[.\s]+$/, '')}`;
      }
    } catch (e) {
      const text = `Tool '${request.name}' was not approved.`;
      return ToolResult.error(failureText(errorText, { tool: request.name, kind: 'approval', error: e, text }));
    }
  }
  return ToolResult.error(`Tool '${request.name}' was not approved${why}.`);
}

/** An approver that approves: what a call that was already approved passes on, so no one asks twice. */
export const APPROVED: Approver = () => true;

export function deepFreeze(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || depth > 1024) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v, depth + 1);
}

/** A copy of the arguments (text is immutable), so that what was approved is what runs. */
export function snapshot(args: string | object): string | object {
  if (typeof args === 'string') return args;
  try {
    return structuredClone(args);
  } catch {
    return args;
  }
}
