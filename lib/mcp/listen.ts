/**
 * Listen streams: the MCP 2026-07-28 `subscriptions/listen` streams and, with sessions, the 2025
 * GET streams, on which a client waits to hear of changes. They stay open and idle by design, so
 * they are counted apart from the requests and call streams that work needs
 * (`maxConcurrentRequests`, `maxOpenStreams`): in all and per client, and a stream on which nothing
 * but keep-alive comments was written for the idle time is closed.
 */
import type { ServerResponse } from 'node:http';

/** The bounds of the listen streams (`McpEndpointOptions`: `maxListenStreams`, `maxListenStreamsPerClient`, `listenIdleTimeoutMs`). */
export interface ListenBounds {
  readonly max: number;
  readonly perClient: number;
  readonly idleTimeoutMs: number;
}

export const LISTEN_DEFAULTS = {
  maxListenStreams: 1000,
  listenIdleTimeoutMs: 30 * 60_000,
} as const;

/** Whether a chunk written on an SSE stream is a comment (`: keepalive`), which does not count as use. */
function isComment(chunk: unknown): boolean {
  if (typeof chunk === 'string') return chunk.charCodeAt(0) === 0x3a;
  return chunk instanceof Uint8Array && chunk[0] === 0x3a;
}

/** The listen streams open, in all and per client (the principal of its token, else its address). */
export class ListenStreams {
  #open = 0;
  readonly #held = new Map<string, number>();

  constructor(readonly bounds: ListenBounds) {}

  /**
   * Counts `res` as a listen stream of `client` until it closes, and calls `close` once nothing but
   * comments was written on it for the idle time; or, when a bound is reached, holds nothing and
   * says which (the text of the refusal).
   */
  hold(client: string, res: ServerResponse, close: () => void): string | undefined {
    if (this.#open >= this.bounds.max) return `Service Unavailable: too many listen streams are open (${this.bounds.max})`;
    const held = this.#held.get(client) ?? 0;
    if (held >= this.bounds.perClient) return `Service Unavailable: this client holds its share of listen streams (${this.bounds.perClient}); close one first`;
    this.#open++;
    this.#held.set(client, held + 1);
    const timer = setTimeout(close, this.bounds.idleTimeoutMs);
    timer.unref();
    const write = res.write;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      // Closed by the server (idle) while a writer still had a frame to send: it is dropped.
      if (this.writableEnded || this.destroyed) return false;
      if (!isComment(chunk)) timer.refresh();
      return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    } as typeof res.write;
    res.once('close', () => {
      clearTimeout(timer);
      this.#open--;
      const count = (this.#held.get(client) ?? 1) - 1;
      if (count <= 0) this.#held.delete(client);
      else this.#held.set(client, count);
    });
    return undefined;
  }
}

/**
 * What one connection's client was last listed of a kind, where lists vary by caller: a
 * `list_changed` is sent to it only when a change changed what it is listed, since one for a change
 * it cannot see (a tool only admins are shown, added) would tell it that something hidden from it
 * exists and changed. `names` lists as the list handler does, for the caller of a request.
 */
export class ListedView<E> {
  #last: { extra: E; text: string } | undefined;

  constructor(private readonly names: (extra: E) => readonly string[]) {}

  /** The client was given a list, in the request of `extra`. */
  shown(extra: E): void {
    this.#last = { extra, text: JSON.stringify(this.names(extra)) };
  }

  /** Whether what the client was last listed differs now (false when it never listed: it has nothing to refresh). */
  changed(): boolean {
    const last = this.#last;
    if (last === undefined) return false;
    const text = JSON.stringify(this.names(last.extra));
    if (text === last.text) return false;
    last.text = text;
    return true;
  }
}
