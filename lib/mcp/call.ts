/**
 * One MCP request's scope, as every handler of the table (lib/mcp/table.ts) sees it on either
 * revision: who sends it, its signal and id, its log level, how its client can be asked (a 2025
 * session's requests, or a 2026-07-28 round of questions), and how a notification reaches it. The
 * binders (lib/mcp/server.ts for the SDK v1 `Server`, lib/mcp/modern/ for the v2 one) build it
 * from what their SDK hands a handler; `clientOf` turns it into the `ToolClient` of one call.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { approvalQuestion } from '../invoke/calling/question';
import type { ApprovalDecision, ApprovalRequest, CallerAuthInfo, LogLevel, ToolClient } from '../invoke/calling/context';
import { MCP_TEXTS } from '../diagnostics';

/** One MCP method's handler: the request's params (as the SDK parsed them) and its scope; its result, or a thrown protocol error. */
export type Row<S> = (params: Record<string, unknown>, scope: S) => unknown;

/** The protocol revisions a request may be served in. */
export type Revision = '2025-11-25' | '2026-07-28';

/** How the client of one request can be asked (absent: it cannot). */
export interface CallAsks {
  readonly elicit?: ToolClient['elicit'];
  readonly sample?: ToolClient['sample'];
  readonly roots?: ToolClient['roots'];
  /** Asks the user to approve a call (on 2026-07-28 its accepted answer spends the request's state). */
  readonly approval?: ToolClient['elicit'];
  /** Why `elicit` is absent, when it is for a reason of the transport (a stateless endpoint). */
  readonly cannotElicit?: string;
  /** Why an approval cannot be asked when `approval` is absent. @default the client did not declare elicitation */
  readonly cannotApprove?: string;
  /** Tasks hook (lib/mcp/tasks/runtime.ts): makes the call a task (`ctx.detach()`), where its tool's task starts so. */
  readonly detach?: () => Promise<boolean>;
}

/** One request, as the handlers of the table see it. */
export interface CallScope {
  readonly revision: Revision;
  readonly requestId: string | number;
  readonly signal: AbortSignal;
  /** Who sends it (lib/mcp/principal.ts): the rate limit's bucket. */
  readonly principal: string;
  readonly authInfo?: AuthInfo;
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly sessionId?: string;
  readonly progressToken?: string | number;
  /** The least level of a log message sent to the client (an index of `LEVELS`; `LEVELS.length` sends none). */
  readonly level: number;
  readonly asks: CallAsks;
  /** Sends a notification that belongs to this request (progress, a log message). */
  notify(notification: { method: string; params: Record<string, unknown> }): Promise<void>;
  /** Closes the stream that carries the answer, for the client to resume (2025 sessions with an event store). */
  readonly closeStream?: () => void;
}

export const LEVELS: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The `_meta` key of a request's own log level (the 2026-07-28 protocol's; honoured on every revision). */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';

/** A request's own log level (its `_meta`'s), as an index of `LEVELS`; -1 when it names none. */
export function ownLevel(meta: Record<string, unknown> | undefined): number {
  const asked = meta?.[LOG_LEVEL_META];
  return typeof asked === 'string' ? LEVELS.indexOf(asked as LogLevel) : -1;
}

/** Request headers that carry credentials: kept from tool code unless `exposeCredentials`. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** The caller's headers (a copy), without the credential headers unless they are to be exposed. */
function callerHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  expose: boolean,
): Record<string, string | readonly string[] | undefined> {
  const out: Record<string, string | readonly string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!expose && CREDENTIAL_HEADERS.has(name.toLowerCase())) continue;
    // A header named __proto__ is defined, never assigned.
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What a tool is told of the verified token: everything but the token, unless it is to be exposed. */
function callerAuthInfo(authInfo: AuthInfo, expose: boolean): CallerAuthInfo {
  if (expose) return authInfo;
  const { token: _token, ...rest } = authInfo;
  return rest;
}

/** The longest log or progress message sent to a client, in UTF-16 code units; a longer one is cut, and says how much was cut. */
export const MAX_NOTIFICATION_TEXT = 8192;
/** Log and progress notifications one call may send per second (and at once, in a burst); more are dropped. */
export const MAX_NOTIFICATIONS_PER_SECOND = 100;

// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A tool's log or progress message as a client may show it: control characters (terminal escapes)
 * and bidirectional controls written as their `\uXXXX` escape (newlines and tabs stay), then cut to
 * `MAX_NOTIFICATION_TEXT` characters (never inside an escape or a surrogate pair), saying how many
 * more there were.
 */
export function notificationText(text: string): string {
  const shown = text.replace(UNSAFE_TEXT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (shown.length <= MAX_NOTIFICATION_TEXT) return shown;
  let end = MAX_NOTIFICATION_TEXT;
  const escape = shown.lastIndexOf('\\u', end - 1);
  if (escape !== -1 && escape > end - 6 && /^\\u[0-9a-f]{4}$/.test(shown.slice(escape, escape + 6))) end = escape;
  else if (/[\ud800-\udbff]/.test(shown[end - 1]!)) end--;
  return `${shown.slice(0, end)}… (${shown.length - end} more characters not shown)`;
}

/** A token bucket: `MAX_NOTIFICATIONS_PER_SECOND` per second, as many at once. */
function notificationBudget(): () => boolean {
  let tokens = MAX_NOTIFICATIONS_PER_SECOND;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(MAX_NOTIFICATIONS_PER_SECOND, tokens + ((now - last) * MAX_NOTIFICATIONS_PER_SECOND) / 1000);
    last = now;
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}

/** The client of one request for a call of `toolName` (the logger of its log messages): who calls, progress, logging, questions, approval. */
export function clientOf(scope: CallScope, toolName: string, exposeCredentials: boolean): ToolClient {
  const token = scope.progressToken;
  const caller = {
    via: 'mcp',
    ...(scope.authInfo !== undefined ? { authInfo: callerAuthInfo(scope.authInfo, exposeCredentials) } : {}),
    ...(scope.headers !== undefined ? { headers: callerHeaders(scope.headers, exposeCredentials) } : {}),
    ...(scope.sessionId !== undefined ? { sessionId: scope.sessionId } : {}),
  };
  const budget = notificationBudget();
  const { elicit, sample, roots, approval, cannotElicit, cannotApprove, detach } = scope.asks;
  return {
    caller,
    ...(token !== undefined ? { progressToken: token } : {}),
    ...(sample !== undefined ? { sample } : {}),
    ...(roots !== undefined ? { roots } : {}),
    ...(scope.closeStream !== undefined ? { closeStream: scope.closeStream } : {}),
    // Tasks hook (lib/mcp/tasks/runtime.ts): `ctx.detach()` of a call that may become a task.
    ...(detach !== undefined ? { detach } : {}),
    ...(token !== undefined
      ? {
          progress: (u) =>
            budget()
              ? scope.notify({
                  method: 'notifications/progress',
                  params: {
                    progressToken: token,
                    progress: u.done,
                    ...(u.total !== undefined ? { total: u.total } : {}),
                    ...(u.message !== undefined ? { message: notificationText(String(u.message)) } : {}),
                  },
                })
              : undefined,
        }
      : {}),
    log: (level, message) => {
      if (LEVELS.indexOf(level) < scope.level || !budget()) return undefined;
      return scope.notify({ method: 'notifications/message', params: { level, logger: toolName, data: notificationText(message) } });
    },
    ...(elicit !== undefined ? { elicit } : {}),
    ...(cannotElicit !== undefined ? { cannotElicit } : {}),
    approve: (request) => askToApprove(approval, cannotApprove, request),
  };
}

/** Asks the user to approve a call (an empty form: accept approves), or refuses saying why it cannot. */
async function askToApprove(elicit: ToolClient['elicit'], cannot: string | undefined, request: ApprovalRequest): Promise<ApprovalDecision> {
  if (elicit === undefined) return { approved: false, reason: cannot ?? MCP_TEXTS.approvalClientCannotAsk() };
  const question = approvalQuestion(request);
  if (!question.ok) return { approved: false, reason: question.reason };
  const reply = await elicit({ key: 'approval', message: question.text, requestedSchema: { type: 'object', properties: {} } }, request.context.signal);
  if (reply.action === 'accept') return true;
  return { approved: false, reason: reply.action === 'decline' ? 'the user declined' : 'the user dismissed the request' };
}
