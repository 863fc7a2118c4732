/**
 * The event bus on which servers hear of a tool source's changes (list changes, a resource
 * updated): the MCP SDK v2's `ServerEventBus` shape. In one process the source's own listeners are
 * enough; replicas share a bus (`tool-signatures/redis`'s `RedisEventBus`), so that a change made on
 * one reaches the `subscriptions/listen` streams (2026-07-28) and the sessions (2025) held by all.
 */

/** A change, as the SDK's `ServerEvent`: each kind becomes one notification. */
export type McpEvent = (
  | { kind: 'tools_list_changed' }
  | { kind: 'prompts_list_changed' }
  | { kind: 'resources_list_changed' }
  | { kind: 'resource_updated'; uri: string }
) & { params?: Record<string, unknown> };

/** The SDK v2's `ServerEventBus`: `createMcpHandler` takes one of this shape. */
export interface McpEventBus {
  /** Sends the event to every listener (on every replica, for a shared bus). */
  publish(event: McpEvent): void;
  /** Adds a listener; returns an idempotent unsubscribe. */
  subscribe(listener: (event: McpEvent) => void): () => void;
}

/** `bus`: where servers hear of a source's changes. */
export interface McpBusOptions {
  /**
   * The bus the source's changes go through: each server made with it publishes its source's
   * changes there and hears every change published there, by any replica sharing it
   * (`RedisEventBus`). 2025 sessions' `list_changed` and `resources/updated`, and 2026-07-28
   * `subscriptions/listen` streams, are sent from it. stdio serves its own process's changes.
   * @default undefined: each server hears its own source's changes, in this process
   */
  bus?: McpEventBus;
}

const KINDS: ReadonlySet<string> = new Set(['tools_list_changed', 'prompts_list_changed', 'resources_list_changed', 'resource_updated']);

/** The longest resource URI an event may carry (a longer one is not an event). */
export const MAX_EVENT_URI_CHARS = 8192;

/** Whether a value read from outside (a shared bus's message) is a change event. */
export function isMcpEvent(value: unknown): value is McpEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { kind, uri, params } = value as { kind?: unknown; uri?: unknown; params?: unknown };
  if (typeof kind !== 'string' || !KINDS.has(kind)) return false;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return false;
  return kind !== 'resource_updated' || (typeof uri === 'string' && uri.length <= MAX_EVENT_URI_CHARS);
}

/** The bus in this process: `publish` reaches the listeners at once; one that throws does not keep the others from hearing. */
export class MemoryEventBus implements McpEventBus {
  readonly #listeners = new Set<(event: McpEvent) => void>();

  publish(event: McpEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // One listener's failure does not keep the others from hearing.
      }
    }
  }

  subscribe(listener: (event: McpEvent) => void): () => void {
    // Wrapped, so that one function subscribed twice is two listeners, each removed by its own call.
    const own = (event: McpEvent): void => listener(event);
    this.#listeners.add(own);
    return () => void this.#listeners.delete(own);
  }

  /** Listeners now. */
  get size(): number {
    return this.#listeners.size;
  }
}

/** The change listeners of a live source (a `ToolSet`, the NestJS registry). */
export interface SourceChanges {
  onChange?(listener: () => void): () => void;
  onServedChange?(listener: (changed: 'prompts' | 'resources') => void): () => void;
  onResourceUpdated?(listener: (uri: string) => void): () => void;
}

interface Publisher {
  refs: number;
  stop: () => void;
}
const publishers = new WeakMap<McpEventBus, WeakMap<object, Publisher>>();

/**
 * Publishes `source`'s changes on `bus` while held (once per source and bus, however many servers
 * hold it); returns the release (idempotent).
 */
export function holdPublisher(source: object, bus: McpEventBus): () => void {
  let bySource = publishers.get(bus);
  if (bySource === undefined) publishers.set(bus, (bySource = new WeakMap()));
  let publisher = bySource.get(source);
  if (publisher === undefined) {
    const s = source as SourceChanges;
    const offs = [
      s.onChange?.(() => bus.publish({ kind: 'tools_list_changed' })),
      s.onServedChange?.((changed) => bus.publish({ kind: changed === 'prompts' ? 'prompts_list_changed' : 'resources_list_changed' })),
      s.onResourceUpdated?.((uri) => bus.publish({ kind: 'resource_updated', uri })),
    ];
    publisher = { refs: 0, stop: () => offs.forEach((off) => off?.()) };
    bySource.set(source, publisher);
  }
  const held = publisher;
  held.refs++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--held.refs === 0) {
      held.stop();
      bySource.delete(source);
    }
  };
}

/**
 * Where a server made of `source` hears of changes: the source itself, or with a `bus` the bus
 * (each listener holding the source's publisher, so that its own changes are published there too).
 */
export function changesOf(source: object, bus: McpEventBus | undefined): SourceChanges {
  const s = source as SourceChanges;
  if (bus === undefined) {
    return {
      ...(s.onChange !== undefined ? { onChange: (l: () => void) => s.onChange!(l) } : {}),
      ...(s.onServedChange !== undefined ? { onServedChange: (l: (changed: 'prompts' | 'resources') => void) => s.onServedChange!(l) } : {}),
      ...(s.onResourceUpdated !== undefined ? { onResourceUpdated: (l: (uri: string) => void) => s.onResourceUpdated!(l) } : {}),
    };
  }
  const hear = (listener: (event: McpEvent) => void): (() => void) => {
    const release = holdPublisher(source, bus);
    const off = bus.subscribe(listener);
    return () => {
      off();
      release();
    };
  };
  return {
    ...(s.onChange !== undefined ? { onChange: (l: () => void) => hear((e) => e.kind === 'tools_list_changed' && l()) } : {}),
    ...(s.onServedChange !== undefined
      ? {
          onServedChange: (l: (changed: 'prompts' | 'resources') => void) =>
            hear((e) => (e.kind === 'prompts_list_changed' ? l('prompts') : e.kind === 'resources_list_changed' && l('resources'))),
        }
      : {}),
    ...(s.onResourceUpdated !== undefined ? { onResourceUpdated: (l: (uri: string) => void) => hear((e) => e.kind === 'resource_updated' && l(e.uri)) } : {}),
  };
}
