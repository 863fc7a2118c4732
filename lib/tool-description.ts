/** A JSON Schema 2020-12 object as this library writes it (plain JSON, frozen). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The MCP tool hints, passed to MCP clients as they are. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A verified access token, as MCP's bearer-token middleware gives it (the SDK's `AuthInfo`). */
export interface CallerAuthInfo {
  /** The bearer token itself: only when the server passes credentials to tools (MCP `exposeCredentials`). */
  readonly token?: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt?: number;
  readonly resource?: URL;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Who is calling, as far as the transport knows. Every field is optional: a direct call knows nothing. */
export interface ToolCaller {
  /** How the call arrived: `'mcp'`, `'ai-sdk'`, `'langchain'`, `'cli'`, or the application's own word. */
  readonly via?: string;
  /** MCP: who holds the verified access token (`extra.authInfo`: client id, scopes, expiry, resource), when the endpoint checks bearer tokens; the token itself only with `exposeCredentials`. */
  readonly authInfo?: CallerAuthInfo;
  /** MCP over HTTP: the request's headers (`extra.requestInfo.headers`), without `Authorization`, `Proxy-Authorization` and `Cookie` unless `exposeCredentials`. */
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** MCP: the session id, when the transport keeps sessions. */
  readonly sessionId?: string;
  /** The framework's own context of the call: the AI SDK's `context`, LangChain's run config. */
  readonly frameworkContext?: unknown;
}

/** Where a tool finds services for the call (a DI container, a Map, or a plain object). */
export interface ToolServices {
  get<T = unknown>(token: unknown): T | undefined;
}

/** What an approval predicate reads of the call's context (the call's `ToolContext`). */
export interface ApprovalContext {
  readonly toolName: string | undefined;
  readonly callId: string | undefined;
  readonly caller: ToolCaller;
  readonly services: ToolServices;
}

/**
 * `@Tool({ requiresApproval })` as a predicate: whether this call (its validated arguments, and the
 * context, with who is calling) needs an approval. A throw means it does.
 */
export type ApprovalPredicate = (args: Readonly<Record<string, unknown>>, context: ApprovalContext) => boolean | Promise<boolean>;

/**
 * Whether a call of the tool may run as an MCP task (the `io.modelcontextprotocol/tasks`
 * extension, protocol 2026-07-28: the call is answered with a task the client polls, answers and
 * cancels): `'optional'`, a task when the client declared the extension, else an ordinary call;
 * `'required'`, only as a task (a client that did not declare it is refused, -32021).
 */
export type ToolTaskMode = 'optional' | 'required';

/** A tool's task mode, and when its task is made (see `ToolTaskMode`). */
export interface ToolTask {
  readonly mode: ToolTaskMode;
  /**
   * `'call'`: the task is made as the call arrives, and the whole method runs in it. `'detach'`: the
   * call runs as an ordinary request (its questions are `input_required` rounds) until the method
   * calls `ctx.detach()`, which makes the task and answers the request with it; the method goes on
   * in the task. @default 'call'
   */
  readonly start?: 'call' | 'detach';
}

/** A tool as a model sees it: every field read-only and frozen. */
export interface ToolDescription {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly endsLoop: boolean;
  readonly requiresApproval: boolean;
  readonly parallelSafe: boolean;
  readonly timeoutSeconds: number;
  readonly annotations?: Readonly<ToolAnnotations>;
  /** How a call runs under MCP's tasks extension; absent: never as a task. */
  readonly task?: ToolTask;
  /** What the schema could not carry (for example a `@Matches` pattern with flags). */
  readonly warnings: readonly string[];
}
