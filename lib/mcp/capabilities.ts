/**
 * Capabilities that tell the truth per mode. A 2025-11-25 server declares `listChanged` (tools,
 * prompts, resources) where its source can change and its transport can deliver the notification,
 * and `resources.subscribe` where the transport can deliver `notifications/resources/updated`:
 * over stdio and in a session (its GET stream). The stateless HTTP endpoint has neither a stream a
 * notification could travel on nor a connection a subscription could belong to, so its servers
 * declare neither, and do not serve `resources/subscribe` / `unsubscribe` (-32601) rather than
 * answer `{}` and never send an update. (2026-07-28 delivers through `subscriptions/listen` in every
 * mode; its servers are made apart, never stateless in this sense.)
 */

/** The capability a server declares for one kind of what it serves. */
export function capabilityOf(kind: 'tools' | 'prompts' | 'resources', live: boolean, stateless: boolean): { listChanged?: true; subscribe?: true } {
  if (stateless) return {};
  const listChanged = live ? { listChanged: true as const } : {};
  return kind === 'resources' ? { subscribe: true, ...listChanged } : listChanged;
}
