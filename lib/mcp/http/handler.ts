/**
 * The endpoint's request handler: the edge (health, Host/Origin, CORS, auth), the POST checks in order, then the route by revision and mode.
 * What it answers: docs/mcp.md (Streamable HTTP); what it guarantees: SECURITY.md (The MCP HTTP endpoint).
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { describeThrown } from '../../thrown';
import { MCP_TEXTS } from '../../diagnostics';
import { MCP_CALLER, principalOfRequest as principalOf } from '../principal';
import { modernNodeSdk, modernSdk, type ModernRequestInfo } from '../modern';
import { LISTEN_DEFAULTS, ListenStreams } from '../listen';
import { MAX_SUBSCRIPTIONS } from '../prompts';
import { accessPolicy, admittedOrigin, refusedAccess } from '../access';
import { corsOf } from '../cors';
import { answerHealth, healthPath } from '../health';
import { MODERN_VERSIONS, isDiscovery, isModernRequest, supportedVersions } from '../revision';
import { DEFAULTS, type McpEndpointOptions, type McpHttpHandler, type McpServerFactory, type ModernServerFactory } from './options';
import { HEADER_MISMATCH, INTERNAL_ERROR, INVALID_PARAMS, PARSE_ERROR, Refusal, SERVER_ERROR, UNSUPPORTED_PROTOCOL_VERSION, refuse } from './codes';
import { type Message, accepts, declaredTooLarge, isJsonContentType, isRequest, parseMessages, readBody, soleId } from './body';
import { checkMirroredHeaders } from './headers';
import { Gauge, heldWhileStreaming } from './backpressure';
import { CallTransport, Exchange, isHandshake, withBatchLevel } from './stateless';
import { sessionEndpoint } from './sessions';
import { bearerAuth, publicPath } from './auth';

/** The request the 2026-07-28 handler is serving (its server reads it through `infoOf`). */
export const modernRequests = new AsyncLocalStorage<ModernRequestInfo>();

/** Writes a direct answer as JSON; when the request closes first, its call is cancelled and nothing is written (as the SDK does). */
async function answerDirect(res: ServerResponse, answered: Promise<{ status: number; response: unknown }>, gone: AbortController): Promise<void> {
  const closed = (): void => gone.abort(new Error('The HTTP request was closed.'));
  res.once('close', closed);
  const { status, response } = await answered;
  res.off('close', closed);
  if (gone.signal.aborted || res.writableEnded) return;
  const body = JSON.stringify(response);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

export function createStreamableHttpHandler(
  newServer: McpServerFactory,
  options: McpEndpointOptions = {},
  newModernServer?: ModernServerFactory,
): McpHttpHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs;
  const keepAliveMs = options.keepAliveMs ?? DEFAULTS.keepAliveMs;
  const requests = new Gauge(options.maxConcurrentRequests ?? DEFAULTS.maxConcurrentRequests);
  const streams = new Gauge(options.maxOpenStreams ?? DEFAULTS.maxOpenStreams);
  const maxListenStreams = options.maxListenStreams ?? LISTEN_DEFAULTS.maxListenStreams;
  const listens = new ListenStreams({
    max: maxListenStreams,
    perClient: options.maxListenStreamsPerClient ?? Math.max(1, Math.floor(maxListenStreams / 10)),
    idleTimeoutMs: options.listenIdleTimeoutMs ?? LISTEN_DEFAULTS.listenIdleTimeoutMs,
  });
  const maxListenResources = options.maxListenResources ?? MAX_SUBSCRIPTIONS;
  // Answers to the server's own questions (elicitation) have slots of their own: calls waiting for
  // an answer hold request slots, and their answers must never wait behind them.
  const answers = new Gauge(options.maxConcurrentRequests ?? DEFAULTS.maxConcurrentRequests);
  const access = accessPolicy(options);
  const cors = corsOf(options.cors, options.sessions === undefined || options.sessions === false ? 'POST' : 'GET, POST, DELETE');
  const health = healthPath(options.health);
  const auth = options.auth === undefined ? undefined : bearerAuth(options.auth);
  const stateful =
    options.sessions === undefined || options.sessions === false
      ? undefined
      : sessionEndpoint(newServer, options.sessions === true ? {} : options.sessions, options, streams, listens);

  let calls: CallTransport | undefined;
  let handshake: CallTransport | undefined;
  // The 2026-07-28 handler, made on the first such request (null: not served here). `free` gives the
  // request slot back (a listen stream holds none).
  let modern: ((req: IncomingMessage, res: ServerResponse, body: unknown, free: () => void) => Promise<void>) | null | undefined;
  let unwatch: (() => void) | undefined;
  let closeModern: (() => Promise<void>) | undefined;
  const modernHandler = (): typeof modern => {
    if (modern !== undefined) return modern;
    const sdk = newModernServer === undefined ? undefined : modernSdk();
    const nodeSdk = sdk === undefined ? undefined : modernNodeSdk();
    const factory = nodeSdk === undefined ? undefined : newModernServer!(() => modernRequests.getStore());
    if (sdk === undefined || nodeSdk === undefined || factory === undefined) return (modern = null);
    // The endpoint's own bound on listen streams comes first; the SDK's is set not to bind below it.
    const bus = factory.bus?.();
    const served = sdk.createMcpHandler(factory as never, {
      legacy: 'reject',
      maxRequestBodySize: maxBodyBytes,
      keepAliveMs,
      maxSubscriptions: listens.bounds.max,
      ...(bus !== undefined ? { bus: bus as never } : {}),
    });
    // The tool set's changes reach the 2026-07-28 clients listening (subscriptions/listen).
    unwatch = factory.watch?.(served.notify);
    closeModern = () => served.close();
    const node = nodeSdk.toNodeHandler(served, { maxRequestBodySize: maxBodyBytes });
    /**
     * A `subscriptions/listen` stream: idle by design, it gives its request slot back at once and
     * counts among the listen streams (in all and per client) instead; it names at most
     * `maxListenResources` URIs, and hears only of those its caller may read.
     */
    const listen = async (req: IncomingMessage, res: ServerResponse, message: { id?: unknown; params?: unknown }, free: () => void): Promise<void> => {
      free();
      const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
      const principal = principalOf(req);
      const close = (): void => {
        if (!res.headersSent || res.writableEnded) return;
        if (id !== null && factory.listenEnd !== undefined) res.end(factory.listenEnd(id));
        else res.end();
      };
      const refused = listens.hold(principal, res, close);
      if (refused !== undefined) return refuse(res, new Refusal(503, SERVER_ERROR, refused, { 'retry-after': '5' }), false, id);
      const info: ModernRequestInfo = {
        headers: req.headers,
        principal,
        streaming: true,
        ...((req as { auth?: AuthInfo }).auth !== undefined ? { authInfo: (req as { auth?: AuthInfo }).auth } : {}),
      };
      return modernRequests.run(info, async () => {
        const served = factory.listenBody === undefined ? { body: message } : await factory.listenBody(message, maxListenResources, info);
        if ('refusal' in served) return refuse(res, new Refusal(400, INVALID_PARAMS, served.refusal), false, id);
        return node(req, res, served.body);
      });
    };
    return (modern = (req, res, body, free) => {
      // SEP-2243: a call's Mcp-Param-* headers must say what its arguments say (lib/mcp/modern/param-headers.ts reads the tool's schema).
      const message =
        body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown; method?: unknown; params?: unknown }) : undefined;
      if (message?.method === 'subscriptions/listen') return listen(req, res, message, free);
      // The caller, as the call's `visible` rule sees it: a tool hidden from it is answered as unknown, not checked here.
      const auth = (req as { auth?: AuthInfo }).auth;
      const caller = { headers: req.headers, principal: principalOf(req), ...(auth !== undefined ? { authInfo: auth } : {}) };
      const mismatch = message === undefined ? undefined : factory.paramHeaderMismatch?.(message, caller);
      if (mismatch !== undefined) {
        refuse(
          res,
          new Refusal(400, HEADER_MISMATCH, mismatch),
          false,
          typeof message!.id === 'string' || typeof message!.id === 'number' ? message!.id : null,
        );
        return Promise.resolve();
      }
      // A plain call or list is answered on the direct path (lib/mcp/modern/direct.ts), as JSON.
      if (message !== undefined && accepts(req).json) {
        const gone = new AbortController();
        const answered = factory.direct?.(message as Record<string, unknown>, caller, gone.signal);
        if (answered !== undefined) return answerDirect(res, answered, gone);
      }
      // The SDK answers as an SSE stream once a call sends something before its result. As on 2025,
      // a request may stream only if its client takes a stream and the stream bound has room;
      // otherwise what it sends before its result is dropped, and it is answered as JSON.
      const streaming = accepts(req).sse && streams.tryAcquire();
      if (streaming) heldWhileStreaming(res, () => streams.release());
      return modernRequests.run({ headers: req.headers, principal: principalOf(req), streaming }, () => node(req, res, body));
    });
  };
  const servers: Server[] = [];
  const connect = (): CallTransport => {
    const transport = new CallTransport();
    const server = newServer({ stateless: true });
    servers.push(server);
    void server.connect(transport);
    return transport;
  };

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (answerHealth(health, publicPath(req), req, res)) return;
      const refusal = refusedAccess(req, access);
      if (refusal !== undefined) return refuse(res, new Refusal(403, SERVER_ERROR, refusal));
      if (cors?.answer(req, res, admittedOrigin(req, access)) === true) return;
      // Without `cors`, a preflight is refused before auth (a browser sends it without a token), saying which option answers it.
      if (cors === undefined && req.method === 'OPTIONS') {
        return refuse(res, new Refusal(405, SERVER_ERROR, MCP_TEXTS.corsOff(), { allow: stateful === undefined ? 'POST' : 'GET, POST, DELETE' }));
      }
      if (auth !== undefined && (await auth.handle(req, res))) return;
      if (stateful !== undefined) return await stateful.handle(req, res, (owned) => readPost(req, res, owned ? answers : undefined));
      if (req.method !== 'POST') {
        return refuse(res, new Refusal(405, SERVER_ERROR, 'Method Not Allowed: this endpoint is stateless (POST only)', { allow: 'POST' }));
      }
      const messages = await readPost(req, res);
      if (messages === undefined) return;
      calls ??= connect();
      const extra: MessageExtraInfo = {
        requestInfo: { headers: req.headers, [MCP_CALLER]: principalOf(req) } as MessageExtraInfo['requestInfo'],
        ...((req as { auth?: AuthInfo }).auth !== undefined ? { authInfo: (req as { auth?: AuthInfo }).auth } : {}),
      };
      if (!messages.some(isRequest)) {
        calls.dispatch(messages, new Exchange(res, false, streams, 0), extra);
        res.writeHead(202).end();
        return;
      }
      const accept = accepts(req);
      const exchange = new Exchange(res, accept.sse, streams, keepAliveMs);
      // A client that takes only SSE, or asks for progress, gets the stream from the start.
      if (!accept.json || messages.some((m) => (m.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken !== undefined))
        exchange.stream();
      // Per-client handshake requests go to the handshake server, the rest to the calls server.
      const handshakeRequests = messages.filter(isHandshake);
      const toHandshake = handshakeRequests.length === 0 ? undefined : (handshake ??= connect());
      const handshakeIds = toHandshake?.dispatch(handshakeRequests, exchange, extra);
      const callIds = calls.dispatch(
        handshakeRequests.length === 0
          ? messages
          : withBatchLevel(
              messages.filter((m) => !isHandshake(m)),
              handshakeRequests,
            ),
        exchange,
        extra,
      );
      if (!exchange.done) {
        res.once('close', () => {
          if (exchange.done) return;
          exchange.end();
          calls?.abandon(callIds);
          if (handshakeIds !== undefined) toHandshake?.abandon(handshakeIds);
        });
      }
    } catch (e) {
      refuse(res, new Refusal(500, INTERNAL_ERROR, `Internal error: ${describeThrown(e, false).slice(0, 200)}`));
    }
  };

  /**
   * The POST checks and the body, parsed; undefined when a refusal has been sent. With `reserve`
   * (a POST to a session its sender owns), a POST beyond the request limit takes a slot of the
   * reserve instead, and is let in only if it holds no request (answers and notifications).
   */
  async function readPost(req: IncomingMessage, res: ServerResponse, reserve?: Gauge): Promise<Message[] | undefined> {
    const accept = accepts(req);
    if (!accept.json && !accept.sse) {
      refuse(res, new Refusal(406, SERVER_ERROR, 'Not Acceptable: the client must accept application/json or text/event-stream'));
      return undefined;
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      refuse(res, new Refusal(415, SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json'));
      return undefined;
    }
    let gauge = requests;
    if (!requests.tryAcquire()) {
      if (reserve === undefined || !reserve.tryAcquire()) {
        refuse(res, new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many requests in progress', { 'retry-after': '1' }));
        return undefined;
      }
      gauge = reserve;
    }
    // Given back when the response closes, or before (a listen stream holds none), once.
    let held = true;
    const free = (): void => {
      if (held) gauge.release();
      held = false;
    };
    res.once('close', free);
    let body = (req as { body?: unknown }).body;
    // A body parser (Nest's, Express's) read it already: its declared length is still held to the
    // bound (a chunked one only to the parser's own limit).
    const parsedTooLarge = body !== undefined ? declaredTooLarge(req, maxBodyBytes) : undefined;
    if (parsedTooLarge !== undefined) {
      refuse(res, parsedTooLarge);
      return undefined;
    }
    if (body === undefined) {
      const text = await readBody(req, maxBodyBytes, bodyTimeoutMs);
      if (text instanceof Refusal) {
        // The rest of the body is not read: the connection cannot carry another request.
        refuse(res, text, true);
        res.once('finish', () => req.destroy());
        return undefined;
      }
      try {
        body = JSON.parse(text);
      } catch {
        refuse(res, new Refusal(400, PARSE_ERROR, 'Parse error: the body is not JSON'));
        return undefined;
      }
    }
    const messages = parseMessages(body);
    if (messages instanceof Refusal) {
      refuse(res, messages);
      return undefined;
    }
    // A slot of the reserve carries only answers and notifications, on either revision.
    if (gauge !== requests && messages.some(isRequest)) {
      refuse(res, new Refusal(503, SERVER_ERROR, 'Service Unavailable: too many requests in progress', { 'retry-after': '1' }), false, soleId(messages));
      return undefined;
    }
    // Mcp-Method / Mcp-Name against the body: one rule and one answer on both revisions, before the route.
    const mismatch = checkMirroredHeaders(req, messages);
    if (mismatch !== undefined) {
      refuse(res, mismatch, false, soleId(messages));
      return undefined;
    }
    // MCP 2026-07-28 (and a version only it can answer) goes to its own handler (lib/mcp/modern/).
    if (isModernRequest(req.headers['mcp-protocol-version'], messages)) {
      const serve = modernHandler();
      if (serve !== null && serve !== undefined) {
        await serve(req, res, body, free);
        return undefined;
      }
    }
    // Checked once the body is read (within its bounds), so that the refusal names the request's id.
    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && !supportedVersions().includes(version as string)) {
      const served = [...(modernHandler() ? MODERN_VERSIONS : []), ...supportedVersions()];
      const data = { supported: served, requested: String(version).slice(0, 64) };
      // A 2025-only endpoint refuses discovery as a 2025 server does, so that 2026-first clients fall back (lib/mcp/discovery.ts).
      const code = !modernHandler() && isDiscovery(messages) ? SERVER_ERROR : UNSUPPORTED_PROTOCOL_VERSION;
      refuse(res, new Refusal(400, code, `Bad Request: unsupported protocol version (supported: ${served.join(', ')})`, {}, data), false, soleId(messages));
      return undefined;
    }
    return messages;
  }

  return Object.assign(handler, {
    sessions: stateful?.sessions ?? new Map<string, Server>(),
    servesMetadata: auth !== undefined,
    ...(health !== undefined ? { healthPath: health } : {}),
    close: async (): Promise<void> => {
      unwatch?.();
      await stateful?.close();
      await Promise.all([...servers.map((s) => s.close()), closeModern?.()]);
    },
  });
}
