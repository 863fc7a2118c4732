/**
 * Bounds on what is open at once, and backpressure for notifications on a slow SSE stream.
 */
import { type ServerResponse } from 'node:http';

/** Counts what is open at once against its bound. */
export class Gauge {
  open = 0;
  constructor(readonly max: number) {}
  tryAcquire(): boolean {
    if (this.open >= this.max) return false;
    this.open++;
    return true;
  }
  release(): void {
    this.open--;
  }
}

/** Messages that may wait for one slow stream at once; one more is dropped (a notification may be). */
export const MAX_WAITING_MESSAGES = 8;
/** How long one notification waits for a slow stream's buffer to drain before it is dropped. */
export const DRAIN_WAIT_MS = 2_000;
export const lanes = new WeakMap<ServerResponse, { tail: Promise<void>; waiting: number }>();

/**
 * Backpressure for the server's notifications on an SSE stream: they go out one at a time, each
 * only once the response's buffer has room (a client reading slower than they come fills it), and
 * the tool that awaits `ctx.log` or `ctx.progress` waits with them; beyond `MAX_WAITING_MESSAGES`
 * waiting for one stream, a notification is dropped, as is one for a stream that has closed (unless
 * `stored`: a session with an event store keeps it for the client to receive when it resumes).
 */
export async function inTurn(res: ServerResponse | undefined, send: () => unknown, stored = false): Promise<void> {
  if (res === undefined) {
    await send();
    return;
  }
  let lane = lanes.get(res);
  if (lane === undefined) {
    lane = { tail: Promise.resolve(), waiting: 0 };
    lanes.set(res, lane);
  }
  if (lane.waiting >= MAX_WAITING_MESSAGES) return;
  lane.waiting++;
  const previous = lane.tail;
  let done!: () => void;
  lane.tail = new Promise<void>((resolve) => (done = resolve));
  try {
    await previous;
    if (res.writableNeedDrain && !res.destroyed) {
      // Bounded: a notification waits at most DRAIN_WAIT_MS for room, then is dropped, so that a
      // tool awaiting `ctx.log` is never held by a stream that does not drain.
      const drained = await new Promise<boolean>((resolve) => {
        const go = (ok: boolean) => (): void => {
          clearTimeout(timer);
          res.off('drain', onDrain);
          res.off('close', onClose);
          resolve(ok);
        };
        const onDrain = go(true);
        const onClose = go(false);
        const timer = setTimeout(go(false), DRAIN_WAIT_MS);
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
      if (!drained) return;
    }
    if (res.destroyed || res.writableEnded) {
      if (stored) await send();
      return;
    }
    await send();
    // The message reaches the response's buffer (through the SDK transport's stream) before the next is measured.
    await new Promise<void>((resolve) => setImmediate(resolve));
  } finally {
    lane.waiting--;
    done();
  }
}

/**
 * Keeps a stream slot while the response is an SSE stream: `release` runs when its headers say it is
 * not one (a JSON answer), or when it closes.
 */
export function heldWhileStreaming(res: ServerResponse, release: () => void): void {
  let held = true;
  const free = (): void => {
    if (held) release();
    held = false;
  };
  res.once('close', free);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a));
    const type = headers === undefined ? undefined : Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    if (!String(type ?? res.getHeader('content-type') ?? '').startsWith('text/event-stream')) free();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * One HTTP POST in stateless mode: the responses it waits for, and how it answers (JSON once all
 * are in, or an SSE stream as soon as something must be sent before that).
 */
