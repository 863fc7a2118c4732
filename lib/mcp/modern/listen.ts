/**
 * What 2026-07-28 `subscriptions/listen` streams hear: a live source's changes, each list change
 * only to a caller whose list it changed (the bus), and only of the resources its caller may read
 * (the listen's body).
 */
import type { ServerEventBus } from '@modelcontextprotocol/server';
import { MCP_TEXTS } from '../../diagnostics';
import type { CallScope, Row } from '../call';
import type { McpTable } from '../table';
import type { McpToolSource } from '../source';
import type { McpEvent, McpEventBus } from '../event-bus';
import { callerScope, type ModernRequestInfo } from './scope';

/** What the SDK's handler sends to the `subscriptions/listen` streams (its `notify`). */
export interface ListenNotifier {
  toolsChanged(): void;
  promptsChanged(): void;
  resourcesChanged(): void;
  resourceUpdated(uri: string): void;
}

/** Sends a live source's changes (a `ToolSet`'s `add`, `notifyResourceUpdated`) to the listening clients; returns how to stop. */
export function watch(tools: McpToolSource, notify: ListenNotifier): () => void {
  const source = tools as {
    onChange?(listener: () => void): () => void;
    onServedChange?(listener: (changed: 'prompts' | 'resources') => void): () => void;
    onResourceUpdated?(listener: (uri: string) => void): () => void;
  };
  if (Array.isArray(tools)) return () => undefined;
  const offs = [
    source.onChange?.(() => notify.toolsChanged()),
    source.onServedChange?.((changed) => (changed === 'prompts' ? notify.promptsChanged() : notify.resourcesChanged())),
    source.onResourceUpdated?.((uri) => notify.resourceUpdated(uri)),
  ];
  return () => {
    for (const off of offs) off?.();
  };
}

/** The list methods whose answer a list change may change, by the change's kind. */
const LISTS_OF: Readonly<Record<string, readonly string[]>> = {
  tools_list_changed: ['tools/list'],
  prompts_list_changed: ['prompts/list'],
  resources_list_changed: ['resources/list', 'resources/templates/list'],
};

/**
 * The bus on which the SDK's listen streams hear of changes. A list change reaches a stream only
 * when what its caller is listed changed: where a `visible` or `visibleServed` rule decides the
 * list, a change a caller cannot see (a tool only admins are shown, added) would tell it that
 * something hidden from it exists and changed. Each stream keeps what its caller was last listed
 * (its text), taken as it subscribes (inside its listen request, whose caller `infoOf` gives) with
 * the very handlers that answer `tools/list` and the others.
 */
export function callerBus(
  handlers: ReadonlyMap<string, Row<CallScope>>,
  byCaller: { tools: boolean; served: boolean },
  infoOf: () => ModernRequestInfo | undefined,
  base: McpEventBus,
): ServerEventBus {
  const varies = (kind: string): boolean => (kind === 'tools_list_changed' ? byCaller.tools : kind in LISTS_OF && byCaller.served);
  return {
    publish(event) {
      base.publish(event);
    },
    subscribe(listener) {
      let heard = listener;
      if (byCaller.tools || byCaller.served) {
        const scope = callerScope(infoOf());
        // Asked at once (the handlers list synchronously), so that each change is compared with the list as it was.
        const ask = (method: string): Promise<unknown> => {
          try {
            return Promise.resolve(handlers.get(method)!({}, scope));
          } catch (e) {
            return Promise.reject(e);
          }
        };
        const listed = (kind: string): Promise<string> =>
          Promise.all(LISTS_OF[kind]!.filter((m) => handlers.has(m)).map(ask)).then(
            (lists) => JSON.stringify(lists),
            // A list that cannot be made says nothing of a change.
            () => '',
          );
        const last = new Map<string, Promise<string>>();
        for (const kind of Object.keys(LISTS_OF)) if (varies(kind)) last.set(kind, listed(kind));
        // Events reach the stream in the order they were published, each once its list is compared.
        let tail = Promise.resolve();
        heard = (event) => {
          const before = last.get(event.kind);
          const now = before === undefined ? undefined : listed(event.kind);
          if (now !== undefined) last.set(event.kind, now);
          tail = tail
            .then(async () => {
              if (before === undefined || (await before) !== (await now)) listener(event);
            })
            .catch(() => undefined);
        };
      }
      return base.subscribe(heard as (event: McpEvent) => void);
    },
  };
}

/**
 * The body a `subscriptions/listen` is served with: its `resourceSubscriptions` cut to the URIs its
 * caller may read, by the rule `resources/subscribe` applies (lib/mcp/prompts.ts: `visibleServed`,
 * and a NestJS guard's yes), so the acknowledgement lists only those and nothing is heard of the
 * others (hidden and unknown alike). A listen naming more than `max` URIs is refused.
 */
export async function listenBody(
  table: McpTable,
  message: { id?: unknown; params?: unknown },
  max: number,
  info: ModernRequestInfo | undefined,
): Promise<{ body: unknown } | { refusal: string }> {
  const params = message.params as { notifications?: { resourceSubscriptions?: unknown } } | undefined;
  const uris = params?.notifications?.resourceSubscriptions;
  // What is not an array of strings is the SDK's to refuse (-32602).
  if (!Array.isArray(uris) || uris.some((u) => typeof u !== 'string')) return { body: message };
  if (uris.length > max) return { refusal: MCP_TEXTS.tooManyListenResources(uris.length, max) };
  const served = table.served;
  if (served === undefined || !served.hasResources) return { body: message };
  const scope = callerScope(info);
  const kept: string[] = [];
  for (const uri of new Set(uris as string[])) if (await served.watchable(scope, uri)) kept.push(uri);
  return { body: { ...message, params: { ...params, notifications: { ...params!.notifications, resourceSubscriptions: kept } } } };
}
