/**
 * The rest of an MCP server beside its tools: `prompts/*`, `resources/*` (with subscriptions) and
 * `completion/complete`, from the prompts, resources and templates of a `ToolSet` (`@Prompt`,
 * `@Resource` and `@ResourceTemplate` methods). Each capability is declared only when the set has
 * something to serve under it.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ToolClient, ToolContext, InvokeOptions } from '../invoke/calling/context';
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServedReply } from '../invoke/tools/served';
import { MAX_URI_LENGTH } from '../decorators/uri-template';
import { ListedView, listedByCaller } from './listen';
import type { SourceChanges } from './event-bus';
import { capabilityOf } from './capabilities';

/** MCP's code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;

/** The part of a `ToolSet` that serves prompts and resources (the NestJS `ToolRegistry` is one). */
export interface ServedSource {
  prompts(): readonly PromptDefinition[];
  prompt(name: string): PromptDefinition | undefined;
  resources(): readonly ResourceDefinition[];
  resourceTemplates(): readonly ResourceTemplateDefinition[];
  resourceAt(uri: string): ResourceDefinition | ResourceTemplateDefinition | undefined;
  onResourceUpdated(listener: (uri: string) => void): () => void;
  /** Calls `listener` when prompts, or resources and templates, are added (a `ToolSet`): the server then declares and sends `list_changed`. */
  onServedChange?(listener: (changed: 'prompts' | 'resources') => void): () => void;
  /** `ToolSet`'s `visibleServed` rule and the request's context: what one caller sees. */
  isServedVisible?(item: PromptDefinition | ResourceDefinition | ResourceTemplateDefinition, context: ToolContext): boolean;
  callContext?(name: string, options?: InvokeOptions): ToolContext;
}

/** Whether a tool source also serves prompts and resources. */
export function isServedSource(source: unknown): source is ServedSource {
  const s = source as Partial<ServedSource> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    !Array.isArray(s) &&
    typeof s.prompts === 'function' &&
    typeof s.resourceAt === 'function' &&
    typeof s.onResourceUpdated === 'function'
  );
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The most URIs one connection may be subscribed to; a subscription beyond them is refused. */
export const MAX_SUBSCRIPTIONS = 1000;

/** Each server's rule of who may hear of a resource's changes (see `serveResources`). */
const watchRules = new WeakMap<Server, (extra: Extra, uri: string) => Promise<boolean>>();

/**
 * Whether the caller of `extra` may hear of changes to `uri` from `server`: the rule
 * `resources/subscribe` applies (the resource is one this caller may read), for the 2026-07-28
 * listen streams (lib/mcp/modern.ts). Undefined for a server that serves no resources.
 */
export function watchRuleOf(server: Server): ((extra: Extra, uri: string) => Promise<boolean>) | undefined {
  return watchRules.get(server);
}

/**
 * Declares and handles prompts, resources and completion on `server` (before it connects), from
 * `source`. `clientOf` gives a request's client (who is calling, logging), as a tool call gets it.
 */
export function servePromptsAndResources(
  server: Server,
  source: ServedSource,
  clientOf: (extra: Extra, name: string) => ToolClient,
  changes: SourceChanges = source,
  stateless = false,
): void {
  const hasPrompts = source.prompts().length > 0;
  const hasResources = source.resources().length > 0 || source.resourceTemplates().length > 0;
  if (!hasPrompts && !hasResources) return;
  // A set that can change (a ToolSet) says so, and its servers send list_changed for what they declared.
  const live = typeof source.onServedChange === 'function';
  const seen = (extra: Extra) => seenBy(source, clientOf(extra, ''));
  // Where what a client is listed varies by caller, list_changed goes only to one whose list changed.
  const byCaller = live && listedByCaller(source).served;
  const shown = {
    prompts: byCaller
      ? new ListedView((extra: Extra) =>
          seen(extra)
            .prompts()
            .map((p) => p.name),
        )
      : undefined,
    resources: byCaller
      ? new ListedView((extra: Extra) => [
          ...seen(extra)
            .resources()
            .map((r) => r.uri),
          ...seen(extra)
            .resourceTemplates()
            .map((t) => t.uriTemplate),
        ])
      : undefined,
  };
  server.registerCapabilities({
    ...(hasPrompts ? { prompts: capabilityOf('prompts', live, stateless) } : {}),
    ...(hasResources ? { resources: capabilityOf('resources', live, stateless) } : {}),
    completions: {},
  });
  if (live) {
    const off = changes.onServedChange!((changed) => {
      // A server whose transport has closed stops listening; a kind it did not declare is not announced.
      if (server.transport === undefined || shown[changed]?.changed() === false) return;
      if (changed === 'prompts' && hasPrompts) server.sendPromptListChanged().catch(() => undefined);
      if (changed === 'resources' && hasResources) server.sendResourceListChanged().catch(() => undefined);
    });
    const closed = server.onclose;
    server.onclose = () => {
      off();
      closed?.();
    };
  }
  const options = (extra: Extra, name: string): InvokeOptions => ({ signal: extra.signal, callId: String(extra.requestId), client: clientOf(extra, name) });
  if (hasPrompts) servePrompts(server, seen, options, shown.prompts);
  if (hasResources) serveResources(server, seen, options, shown.resources, changes, !stateless);
  server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
    const { ref, argument, context } = request.params;
    const source = seen(extra);
    const given = { arguments: { ...context?.arguments } };
    let target: PromptDefinition | ResourceTemplateDefinition | undefined;
    if (ref.type === 'ref/prompt') {
      target = source.prompt(ref.name);
      if (target === undefined) throw protocolError(ErrorCode.InvalidParams, unknownPrompt(source, ref.name));
    } else {
      target = source.resourceTemplates().find((t) => t.uriTemplate === ref.uri);
      if (target === undefined) {
        // As the SDK's McpServer: a fixed resource's URI has nothing to complete; any other is unknown.
        if (ref.uri.length <= MAX_URI_LENGTH && source.resources().some((r) => r.uri === ref.uri))
          return { completion: { values: [], total: 0, hasMore: false } };
        throw protocolError(ErrorCode.InvalidParams, unknownTemplate(source, ref.uri));
      }
    }
    const values = await target.complete(argument.name, argument.value, given);
    return { completion: { values: [...values.values], total: values.total, hasMore: values.hasMore } };
  });
}

/** What one caller sees of the source: everything, or what the `visibleServed` rule shows it. */
type Seen = Pick<ServedSource, 'prompts' | 'prompt' | 'resources' | 'resourceTemplates' | 'resourceAt'>;

function seenBy(source: ServedSource, client: ToolClient): Seen {
  const rule = source.isServedVisible;
  if (rule === undefined || source.callContext === undefined) return source;
  const context = source.callContext('', { client });
  const shown = <T extends PromptDefinition | ResourceDefinition | ResourceTemplateDefinition>(d: T | undefined): T | undefined =>
    d !== undefined && rule.call(source, d, context) ? d : undefined;
  return {
    prompts: () => source.prompts().filter((p) => shown(p) !== undefined),
    prompt: (name) => shown(source.prompt(name)),
    resources: () => source.resources().filter((r) => shown(r) !== undefined),
    resourceTemplates: () => source.resourceTemplates().filter((t) => shown(t) !== undefined),
    resourceAt: (uri) => {
      const fixed = source.resources().find((r) => r.uri === uri);
      if (fixed !== undefined) return shown(fixed);
      return source.resourceTemplates().find((t) => shown(t) !== undefined && t.match(uri) !== undefined);
    },
  };
}

function servePrompts(
  server: Server,
  seen: (extra: Extra) => Seen,
  options: (extra: Extra, name: string) => InvokeOptions,
  shown: ListedView<Extra> | undefined,
): void {
  server.setRequestHandler(ListPromptsRequestSchema, (_request, extra) => {
    shown?.shown(extra);
    return {
      prompts: seen(extra)
        .prompts()
        .map((p) => ({
          name: p.name,
          ...(p.title !== undefined ? { title: p.title } : {}),
          description: p.description ?? '',
          arguments: p.arguments.map((a) => ({ ...a })),
        })),
    };
  });
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const source = seen(extra);
    const prompt = source.prompt(name);
    if (prompt === undefined) throw protocolError(ErrorCode.InvalidParams, unknownPrompt(source, name));
    const reply = await prompt.get(request.params.arguments ?? {}, options(extra, name));
    const messages = answer(reply);
    return {
      ...(prompt.description !== undefined && prompt.description !== '' ? { description: prompt.description } : {}),
      messages: messages.map((m) => ({ ...m })),
    } as never;
  });
}

function serveResources(
  server: Server,
  seen: (extra: Extra) => Seen,
  options: (extra: Extra, name: string) => InvokeOptions,
  shown: ListedView<Extra> | undefined,
  changes: SourceChanges,
  subscriptions: boolean,
): void {
  const described = (r: ResourceDefinition | ResourceTemplateDefinition) => ({
    name: r.name,
    ...(r.title !== undefined ? { title: r.title } : {}),
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
  });
  server.setRequestHandler(ListResourcesRequestSchema, (_request, extra) => {
    shown?.shown(extra);
    return {
      resources: seen(extra)
        .resources()
        .map((r) => ({ uri: r.uri, ...described(r) })),
    };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (_request, extra) => {
    shown?.shown(extra);
    return {
      resourceTemplates: seen(extra)
        .resourceTemplates()
        .map((t) => ({ uriTemplate: t.uriTemplate, ...described(t) })),
    };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    const found = known(seen(extra), uri);
    const reply = 'uriTemplate' in found ? await found.read(uri, options(extra, found.name)) : await found.read(options(extra, found.name));
    return { contents: answer(reply).map((c) => ({ ...c })) };
  });
  /**
   * Who may hear of a resource's changes: a caller that may read it (`visibleServed`, and the
   * guards of a NestJS provider's method, asked without reading), else the error a read would get
   * (hidden and unknown alike: -32002; refused by a guard: -32600). One rule for
   * `resources/subscribe` and the 2026-07-28 listen streams.
   */
  const watchable = async (extra: Extra, uri: string): Promise<void> => {
    const found = known(seen(extra), uri);
    if (!(await found.admits(options(extra, found.name), uri)))
      throw protocolError(REFUSED, `Resource '${uri.length > 256 ? `${uri.slice(0, 256)}…` : uri}' was refused.`);
  };
  watchRules.set(server, (extra, uri) =>
    watchable(extra, uri).then(
      () => true,
      () => false,
    ),
  );
  // Without a connection to belong to (stateless), there are no subscriptions (lib/mcp/capabilities.ts).
  if (!subscriptions) return;
  // Subscriptions are per connection (one server per stdio connection or HTTP session).
  const subscribed = new Set<string>();
  server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    await watchable(extra, uri);
    if (!subscribed.has(uri) && subscribed.size >= MAX_SUBSCRIPTIONS) {
      throw protocolError(
        ErrorCode.InvalidRequest,
        `This connection is subscribed to ${MAX_SUBSCRIPTIONS} resources, the most it may be; unsubscribe from one first.`,
      );
    }
    subscribed.add(uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  const off = changes.onResourceUpdated!((uri) => {
    if (!subscribed.has(uri) || server.transport === undefined) return;
    server.sendResourceUpdated({ uri }).catch(() => undefined);
  });
  const closed = server.onclose;
  server.onclose = () => {
    off();
    subscribed.clear();
    closed?.();
  };
}

/** The resource at `uri`, or the protocol error MCP gives for one that does not exist. */
function known(source: Seen, uri: string): ResourceDefinition | ResourceTemplateDefinition {
  const found = uri.length <= MAX_URI_LENGTH ? source.resourceAt(uri) : undefined;
  // The URI goes back in the error's data (SEP-2164), as long as the server would read one.
  if (found === undefined)
    throw Object.assign(protocolError(RESOURCE_NOT_FOUND, `Unknown resource '${uri.length > 256 ? `${uri.slice(0, 256)}…` : uri}'.`), {
      data: { uri: uri.slice(0, MAX_URI_LENGTH) },
    });
  return found;
}

/** The code of a get or read refused to its caller (a NestJS guard said no): the request as a whole is refused. */
export const REFUSED = ErrorCode.InvalidRequest;

/** The JSON-RPC code of each reason a get or read gives no value. */
const REPLY_CODES: Readonly<Record<Exclude<ServedReply<unknown>, { ok: true }>['reason'], number>> = {
  arguments: ErrorCode.InvalidParams,
  refused: REFUSED,
  'not-found': RESOURCE_NOT_FOUND,
  failed: ErrorCode.InternalError,
};

/** A reply's value; refused arguments are invalid params, a refused caller an invalid request, what is not there -32002, a method's failure an internal error. */
function answer<T>(reply: ServedReply<T>): T {
  if (reply.ok) return reply.value;
  throw protocolError(REPLY_CODES[reply.reason], reply.text);
}

function unknownTemplate(source: Seen, uri: string): string {
  const shown = uri.length > 256 ? `${uri.slice(0, 256)}…` : uri;
  const templates = source.resourceTemplates().map((t) => t.uriTemplate);
  return `Unknown resource template '${shown}'. Available templates: ${templates.length > 0 ? templates.join(', ') : 'none'}.`;
}

function unknownPrompt(source: Seen, name: string): string {
  const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  const names = source.prompts().map((p) => p.name);
  return `Unknown prompt '${shown}'. Available prompts: ${names.length > 0 ? names.join(', ') : 'none'}.`;
}

/**
 * An error the SDK sends as it is: its code, and its message without the `MCP error <code>: ` that
 * an `McpError` writes before it (the client writes that once).
 */
function protocolError(code: number, text: string): Error {
  return Object.assign(new Error(text), { code });
}
