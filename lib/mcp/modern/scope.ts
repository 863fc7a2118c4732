/**
 * The scope of a 2026-07-28 request (lib/mcp/call.ts's `CallScope`), made of the SDK v2's context
 * (`ctx.mcpReq`, `ctx.http`) and of what the HTTP endpoint knows of the request that the context
 * does not say (`ModernRequestInfo`: headers, principal, whether it may stream).
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { ServerContext } from '@modelcontextprotocol/server';
import { callerPrincipal } from '../principal';
import { LEVELS, LOG_LEVEL_META, ownLevel, type CallAsks, type CallScope } from '../call';

/** What the HTTP endpoint knows of a request that the SDK's context does not say. */
export interface ModernRequestInfo {
  /** The Node request's headers (as a 2025 request's `requestInfo.headers`). */
  readonly headers: Record<string, string | string[] | undefined>;
  /** Who sends it (the rate limit's and the sessions' principal). */
  readonly principal: string;
  /** The verified token's holder, for a request the endpoint serves before the SDK's context exists (a listen stream's filter). */
  readonly authInfo?: AuthInfo;
  /**
   * Whether its answer may be an SSE stream; when false, what a call sends before its result
   * (progress, log messages) is dropped and the answer is JSON. @default true
   */
  readonly streaming?: boolean;
}

/** Who sends a request the endpoint checks before a v2 server answers it. */
export interface ModernCaller extends ModernRequestInfo {
  /** The verified bearer token's holder, when the endpoint has `auth`. */
  readonly authInfo?: AuthInfo;
}

/** The principal of a request (lib/mcp/principal.ts): the one the endpoint recorded (`info`: HTTP's, a stdio connection's), else the verified token's. */
export function principalOf(ctx: ServerContext, info: ModernRequestInfo | undefined): string {
  return callerPrincipal(ctx.http?.authInfo as AuthInfo | undefined, info?.principal, '');
}

/**
 * What a 2026-07-28 request says of itself that its scope is made of: its id, its `_meta` and the
 * envelope keys lifted out of it, the verified token. The SDK's context says it (`factsOf`); so
 * does a request's own body on the direct path (./direct.ts).
 */
export interface RequestFacts {
  readonly id: string | number;
  readonly meta: Record<string, unknown> | undefined;
  readonly envelope: Record<string, unknown> | undefined;
  readonly authInfo: AuthInfo | undefined;
}

/** A request's facts, as the SDK's context gives them. */
export function factsOf(ctx: ServerContext): RequestFacts {
  return {
    id: ctx.mcpReq.id,
    meta: ctx.mcpReq._meta as Record<string, unknown> | undefined,
    envelope: ctx.mcpReq.envelope as Record<string, unknown> | undefined,
    authInfo: ctx.http?.authInfo as AuthInfo | undefined,
  };
}

/** The scope of a 2026-07-28 request the SDK's context describes: its level is its own (the revision has no session level), its questions `asks`. */
export function requestScope(ctx: ServerContext, info: ModernRequestInfo | undefined, signal: AbortSignal, asks: CallAsks): CallScope {
  return scopeOf(factsOf(ctx), info, signal, asks, (n) => ctx.mcpReq.notify(n as never));
}

/** The one formula of a 2026-07-28 request's scope, from its facts; `notify` sends what belongs to it. */
export function scopeOf(facts: RequestFacts, info: ModernRequestInfo | undefined, signal: AbortSignal, asks: CallAsks, notify: CallScope['notify']): CallScope {
  const { authInfo, envelope } = facts;
  // The SDK lifts the reserved envelope keys out of `_meta` (into the envelope); the log level is among them.
  const level = ownLevel({ ...facts.meta, ...(envelope?.[LOG_LEVEL_META] !== undefined ? { [LOG_LEVEL_META]: envelope[LOG_LEVEL_META] } : {}) });
  const token = (facts.meta as { progressToken?: unknown } | undefined)?.progressToken;
  return {
    revision: '2026-07-28',
    requestId: facts.id,
    signal,
    principal: callerPrincipal(authInfo, info?.principal, ''),
    ...(authInfo !== undefined ? { authInfo } : {}),
    headers: info?.headers ?? {},
    ...(typeof token === 'string' || typeof token === 'number' ? { progressToken: token } : {}),
    level: level !== -1 ? level : LEVELS.length,
    asks,
    notify: info?.streaming === false ? () => Promise.resolve() : notify,
  };
}

/** The scope of the caller of a request served before the SDK's context exists (a listen's filter, the `Mcp-Param-*` check). */
export function callerScope(info: ModernRequestInfo | undefined): CallScope {
  return {
    revision: '2026-07-28',
    requestId: 0,
    signal: new AbortController().signal,
    principal: callerPrincipal(info?.authInfo, info?.principal, ''),
    ...(info?.authInfo !== undefined ? { authInfo: info.authInfo } : {}),
    headers: info?.headers ?? {},
    level: LEVELS.length,
    asks: {},
    notify: () => Promise.resolve(),
  };
}

/** What a client declares it can be asked. */
export type DeclaredCapabilities = { elicitation?: { form?: object; url?: object }; sampling?: object; roots?: object };

/** The client's capabilities as this request declares them. */
export function capabilitiesOf(ctx: ServerContext): DeclaredCapabilities {
  return declaredIn(ctx.mcpReq.envelope as Record<string, unknown> | undefined);
}

/** The client's capabilities as a request's envelope declares them. */
export function declaredIn(envelope: Record<string, unknown> | undefined): DeclaredCapabilities {
  const declared = envelope?.['io.modelcontextprotocol/clientCapabilities'];
  return (declared !== null && typeof declared === 'object' ? declared : {}) as never;
}
