/**
 * The direct path of MCP 2026-07-28: a plain `tools/call` or `tools/list` (no question answered, no
 * task, nothing the call could stream, a client that declares nothing it could be asked) answered
 * by the same rows, scope and round of questions as the SDK's v2 server binds (./factory.ts), without
 * building that server, the web `Request` and the SDK transport per request. It runs after the
 * endpoint's checks (Host/Origin, auth, body bounds, the revision, `Mcp-Method`/`Mcp-Name`, the
 * `Mcp-Param-*` check, the request slot): only what the SDK's server would do itself is done here,
 * and its answer is the SDK's, byte for byte (spec/mcp/modern-direct.spec.ts sends both paths the
 * same requests). Anything else (a request the SDK might refuse or answer otherwise) is not taken:
 * `answer` gives undefined and the SDK's v2 server answers it.
 */
import type { CallScope, Row } from '../call';
import { INTERNAL_ERROR, MISSING_CLIENT_CAPABILITY } from '../codes';
import { MODERN_VERSIONS, PROTOCOL_VERSION_META } from '../revision';
import type { Sdk } from './sdk';
import { declaredIn, scopeOf, type ModernCaller } from './scope';
import { withQuestions, type States } from './questions';

/** The envelope keys a direct request may carry in its `_meta` (a progress token or a log level could make its answer a stream). */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set([PROTOCOL_VERSION_META, 'io.modelcontextprotocol/clientInfo', 'io.modelcontextprotocol/clientCapabilities']);
/** What a direct request's client may declare: nothing it could be asked (elicitation, sampling, roots: a round of questions). */
const DECLARED_KEYS: ReadonlySet<string> = new Set(['experimental', 'extensions']);
/** The params each direct method may carry. */
const PARAM_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  'tools/call': new Set(['name', 'arguments', '_meta']),
  'tools/list': new Set(['_meta']),
};

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const only = (o: Record<string, unknown>, keys: ReadonlySet<string>): boolean => Object.keys(o).every((k) => keys.has(k));

/** What the direct path is made of: the factory's rows (traced), and what its v2 servers are made with. */
export interface DirectParts {
  readonly sdk: Sdk;
  readonly rows: ReadonlyMap<string, Row<CallScope>>;
  readonly states: States;
  /** The server's identity, stamped into every result's `_meta` as the SDK does. */
  readonly info: { name: string; version: string };
  /** `tools/list`'s caching hint (the factory's `cacheHints`, the one home of the rule). */
  readonly listHint: { readonly ttlMs: number; readonly cacheScope: 'public' | 'private' };
  /** Whether the tool named runs as a task (the SDK's server and the tasks runtime answer those). */
  isTask(name: string): boolean;
}

/** A direct answer: its HTTP status and JSON-RPC response. */
export interface DirectAnswer {
  readonly status: number;
  readonly response: unknown;
}

/** The direct path: `answer` gives the JSON-RPC response of a request it serves, else undefined. */
export function directPath(parts: DirectParts): {
  answer(message: Record<string, unknown>, caller: ModernCaller, signal: AbortSignal): Promise<DirectAnswer> | undefined;
} {
  const { sdk, rows, states, info, listHint } = parts;
  const serverInfo = { 'io.modelcontextprotocol/serverInfo': info };
  const noNotifications = (): Promise<void> => Promise.resolve();
  const unminted = (): Promise<string> => Promise.reject(new Error('a direct request asks no question'));
  return {
    answer(message, caller, signal) {
      const { id, method, params } = message;
      if (message.jsonrpc !== '2.0' || !(typeof id === 'string' || Number.isSafeInteger(id)) || typeof method !== 'string') return undefined;
      const row = rows.get(method);
      const keys = PARAM_KEYS[method];
      if (row === undefined || keys === undefined || !isPlain(params) || !only(params, keys) || !directHeaders(caller.headers, method)) return undefined;
      const meta = params._meta;
      if (!isPlain(meta) || !only(meta, ENVELOPE_KEYS) || meta[PROTOCOL_VERSION_META] !== MODERN_VERSIONS[0] || !plainClient(meta)) return undefined;
      if (
        method === 'tools/call' &&
        (typeof params.name !== 'string' || !(params.arguments === undefined || isPlain(params.arguments)) || parts.isTask(params.name))
      ) {
        return undefined;
      }
      const facts = { id: id as string | number, meta, envelope: meta, authInfo: caller.authInfo };
      const scope = (s: AbortSignal, asks: CallScope['asks']): CallScope => scopeOf(facts, caller, s, asks, noNotifications);
      const run =
        method === 'tools/call'
          ? withQuestions(sdk, states, row, { method, params }, { state: undefined, given: {}, capabilities: declaredIn(meta), signal, scope, mint: unminted })
          : Promise.resolve().then(() => row(params, scope(signal, {})));
      return run.then(
        async (result) => ({
          status: 200,
          response: {
            result: encoded(
              method === 'tools/call' ? await checkedCall(result) : (result as Record<string, unknown>),
              method === 'tools/list' ? listHint : undefined,
            ),
            jsonrpc: '2.0',
            id,
          },
        }),
        (thrown: { code?: unknown; message?: unknown; data?: unknown }) => {
          const error = errorOf(thrown);
          // A handler's error is answered in band (200), but for -32021, which the protocol answers 400.
          return { status: error.code === MISSING_CLIENT_CAPABILITY ? 400 : 200, response: { jsonrpc: '2.0', id, error } };
        },
      );
    },
  };

  /** A call's result as the SDK's server checks it, with the SDK's public schema of it (which also gives its keys the schema's order). */
  async function checkedCall(result: unknown): Promise<Record<string, unknown>> {
    const checked = await sdk.specTypeSchemas.CallToolResult['~standard'].validate(result);
    if (checked.issues !== undefined) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, 'Invalid tools/call result');
    return checked.value as Record<string, unknown>;
  }

  /** A complete result as the SDK's 2026-07-28 codec writes it: `resultType`, the cache fields of a list, the server's identity. */
  function encoded(result: Record<string, unknown>, hint: DirectParts['listHint'] | undefined): Record<string, unknown> {
    const typed = result.resultType === undefined ? { ...result, resultType: 'complete' } : result;
    const cached = hint === undefined ? typed : { ...typed, ttlMs: hint.ttlMs, cacheScope: hint.cacheScope };
    return cached._meta === undefined ? { ...cached, _meta: serverInfo } : cached;
  }
}

/** A thrown protocol error as the SDK's server answers it: its code when it has one, else an internal error. */
function errorOf(error: { code?: unknown; message?: unknown; data?: unknown }): { code: number; message: string; data?: unknown } {
  const code = Number.isSafeInteger(error?.code) ? (error.code as number) : INTERNAL_ERROR;
  return {
    code,
    message: typeof error?.message === 'string' ? error.message : 'Internal error',
    ...(error?.data !== undefined ? { data: error.data } : {}),
  };
}

/** The request's own headers name the revision, the method and (for a call) the tool; the endpoint checked that they agree with the body. */
function directHeaders(headers: ModernCaller['headers'], method: string): boolean {
  return (
    headers['mcp-protocol-version'] === MODERN_VERSIONS[0] &&
    typeof headers['mcp-method'] === 'string' &&
    (method !== 'tools/call' || typeof headers['mcp-name'] === 'string')
  );
}

/** An envelope whose client declares nothing it could be asked, and names itself plainly (or not at all). */
function plainClient(meta: Record<string, unknown>): boolean {
  const declared = meta['io.modelcontextprotocol/clientCapabilities'];
  if (!isPlain(declared) || !only(declared, DECLARED_KEYS) || !Object.values(declared).every(isPlain)) return false;
  const client = meta['io.modelcontextprotocol/clientInfo'];
  return client === undefined || (isPlain(client) && typeof client.name === 'string' && typeof client.version === 'string' && only(client, CLIENT_KEYS));
}
const CLIENT_KEYS: ReadonlySet<string> = new Set(['name', 'version', 'title']);
