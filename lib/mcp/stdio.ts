/**
 * MCP over stdio, with bounds: one JSON-RPC message per line on stdin, answers on stdout. A line
 * longer than `maxLineBytes` is not kept: its bytes are dropped as they arrive, the client gets a
 * JSON-RPC error (id null) and stderr a line, and the server goes on serving. A line that is not
 * JSON, or not a JSON-RPC message, gets the JSON-RPC error for it. The SDK's own transport closes
 * the connection when its buffer overflows, and the process then exits with code 0, silently.
 */
import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describeThrown } from '../thrown';
import { revisionAsked } from './revision';
import { INVALID_REQUEST, PARSE_ERROR } from './codes';

/** Options of `serveMcpStdio`. */
export interface McpStdioOptions {
  /**
   * The longest line (one JSON-RPC message) read from stdin, in bytes; a longer one is dropped and
   * answered with a JSON-RPC error. Memory held for one message stays below it.
   * @default 16777216 (16 MiB: an argument of 4 Mi characters fits, even written with escapes)
   */
  maxLineBytes?: number;
  /** @default process.stdin */
  stdin?: Readable;
  /** @default process.stdout */
  stdout?: Writable;
  /** Where dropped lines and transport failures are reported. @default process.stderr */
  stderr?: Writable;
  /**
   * MCP 2026-07-28 `subscriptions/listen` streams open at once on the connection; one more is
   * answered with a JSON-RPC error. @default 1000
   */
  maxListenStreams?: number;
  /**
   * Resource URIs one `subscriptions/listen` may name; a listen naming more is refused with
   * `-32602`. The same figure bounds a 2025 connection's `resources/subscribe`. @default 1000
   */
  maxListenResources?: number;
}

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

const NEWLINE = 0x0a;

/** A stdio transport that bounds each line and never closes on a bad one. */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #stderr: Writable;
  readonly #max: number;
  /** The pieces of the line being read, and their length in bytes. */
  #pieces: Buffer[] = [];
  #length = 0;
  /** The line being read is over the limit: its bytes are dropped until its newline. */
  #dropping = false;
  #closed = false;

  constructor(options: McpStdioOptions = {}) {
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#stderr = options.stderr ?? process.stderr;
    this.#max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  async start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onFailure);
    this.#stdout.on('error', this.#onFailure);
    this.#stdin.on('end', this.#onEnd);
  }

  readonly #onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (;;) {
      const end = data.indexOf(NEWLINE);
      const piece = end === -1 ? data : data.subarray(0, end);
      if (!this.#dropping) {
        if (this.#length + piece.length > this.#max) {
          this.#pieces = [];
          this.#length = 0;
          this.#dropping = true;
        } else if (piece.length > 0) {
          this.#pieces.push(piece);
          this.#length += piece.length;
        }
      }
      if (end === -1) return;
      this.#endOfLine();
      data = data.subarray(end + 1);
    }
  };

  #endOfLine(): void {
    if (this.#dropping) {
      this.#dropping = false;
      this.#report(`a line longer than ${this.#max} bytes was dropped; the server goes on.`);
      this.#answerError(INVALID_REQUEST, `Request too large: a message longer than ${this.#max} bytes was dropped.`);
      return;
    }
    const line = Buffer.concat(this.#pieces, this.#length).toString('utf8').replace(/\r$/, '');
    this.#pieces = [];
    this.#length = 0;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.#answerError(PARSE_ERROR, 'Parse error: the line is not JSON.');
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.#answerError(INVALID_REQUEST, 'Invalid Request: the line is not a JSON-RPC 2.0 message.', idOf(parsed));
      return;
    }
    try {
      this.onmessage?.(message.data);
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(describeThrown(e)));
    }
  }

  #answerError(code: number, message: string, id: string | number | null = null): void {
    void this.#write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }

  #report(text: string): void {
    try {
      this.#stderr.write(`mcp stdio: ${text}\n`);
    } catch {
      // stderr is gone too: nothing more can be said.
    }
  }

  readonly #onEnd = (): void => {
    void this.close();
  };

  /** A broken stdin or stdout: reported, the process's exit code set to 1, the transport closed. */
  readonly #onFailure = (error: Error): void => {
    process.exitCode = 1;
    this.#report(`transport failed: ${describeThrown(error)}`);
    this.onerror?.(error);
    void this.close();
  };

  #write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.#closed || this.#stdout.destroyed) return resolve();
      if (this.#stdout.write(text)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('end', this.#onEnd);
    this.#stdin.off('error', this.#onFailure);
    this.#stdout.off('error', this.#onFailure);
    this.#pieces = [];
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.onclose?.();
  }
}

function idOf(v: unknown): string | number | null {
  if (typeof v !== 'object' || v === null) return null;
  const id = (v as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Connects a server to the bounded stdio transport. */
export async function connectStdio(server: Server, options: McpStdioOptions = {}): Promise<Server> {
  await server.connect(new BoundedStdioTransport(options));
  return server;
}

/** A channel over the bounded transport: what one protocol server (either revision's) connects to. */
class Channel implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly started: Promise<void>;
  #started!: () => void;
  readonly #ended: (() => void)[] = [];
  /** The connection went to the other revision: this channel's server is told it ended, and its sends are dropped. */
  #detached = false;
  #over = false;
  /**
   * Checks or rewrites an incoming message before the server sees it (a 2026 listen's URIs:
   * lib/mcp/modern/); undefined drops it (the check answered it). Messages reach the server in
   * the order they came, those after one being checked wait for it.
   */
  inbound?: (message: JSONRPCMessage) => JSONRPCMessage | undefined | Promise<JSONRPCMessage | undefined>;
  readonly #checking: Promise<JSONRPCMessage | undefined>[] = [];

  constructor(private readonly wire: BoundedStdioTransport) {
    this.started = new Promise((resolve) => (this.#started = resolve));
  }

  async start(): Promise<void> {
    this.#started();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#detached ? Promise.resolve() : this.wire.send(message);
  }

  close(): Promise<void> {
    return this.#detached ? Promise.resolve() : this.wire.close();
  }

  /** Hands a message to the server, through `inbound`. */
  deliver(message: JSONRPCMessage): void {
    if (this.#detached) return;
    const through = this.inbound === undefined ? message : this.inbound(message);
    if (this.#checking.length === 0 && !(through instanceof Promise)) {
      if (through !== undefined) this.onmessage?.(through);
      return;
    }
    this.#checking.push(Promise.resolve(through).catch((e: unknown) => (this.onerror?.(e instanceof Error ? e : new Error(describeThrown(e))), undefined)));
    if (this.#checking.length === 1) void this.#drain();
  }

  async #drain(): Promise<void> {
    while (this.#checking.length > 0) {
      const m = await this.#checking[0];
      void this.#checking.shift();
      if (m !== undefined && !this.#detached) this.onmessage?.(m);
    }
  }

  /** Calls `f` once the connection has ended. */
  onEnd(f: () => void): void {
    this.#ended.push(f);
  }

  /** The connection has ended: the server is told (once), then whatever waited for it. */
  ended(): void {
    if (this.#over) return;
    this.#over = true;
    this.onclose?.();
    for (const f of this.#ended.splice(0)) f();
  }

  /** The connection went to the other revision: this server hears and says nothing more, and is told it ended. */
  detach(): void {
    if (this.#detached) return;
    this.#detached = true;
    this.ended();
  }
}

/** One revision's side of a stdio connection: its channel, and the messages that wait while its server connects. */
interface Side {
  readonly channel: Channel;
  ready: boolean;
  readonly waiting: JSONRPCMessage[];
}

/**
 * Serves both protocol revisions over the bounded stdio transport. The connection is pinned to a
 * revision by the first request only one revision answers: `initialize` connects `legacy` as
 * `connectStdio` does (2025-11-25); a request with the `_meta` envelope is served by the SDK's v2
 * `serveStdio` with the servers of `modern` (lib/mcp/modern/, 2026-07-28). `server/discover`
 * does not pin: it is answered by the 2026 side, and an `initialize` after it still gets 2025 (a
 * client gives up on discovery after a while, 1 s for the AI SDK's, and a server still starting
 * reads both at once); the 2026 side then ends, its late answers dropped. A first message that asks
 * for neither pins 2025 (as `initialize` would have to come first), and one after a discovery goes
 * where the discovery went. Messages that arrive while a side connects wait, in order.
 */
export async function connectStdioBothEras(
  legacy: Server,
  serveModern: (channel: Transport & Pick<Channel, 'onEnd' | 'inbound'>) => void,
  options: McpStdioOptions = {},
): Promise<Server> {
  const wire = new BoundedStdioTransport(options);
  const sides: Partial<Record<'legacy' | 'modern', Side>> = {};
  let pinned: 'legacy' | 'modern' | undefined;
  const sideOf = (revision: 'legacy' | 'modern'): Side => {
    const existing = sides[revision];
    if (existing !== undefined) return existing;
    const side: Side = { channel: new Channel(wire), ready: false, waiting: [] };
    sides[revision] = side;
    const connected = revision === 'modern' ? (serveModern(side.channel), side.channel.started) : legacy.connect(side.channel);
    connected.then(
      () => {
        side.ready = true;
        for (const m of side.waiting.splice(0)) side.channel.deliver(m);
      },
      (e: unknown) => side.channel.onerror?.(e instanceof Error ? e : new Error(describeThrown(e))),
    );
    return side;
  };
  wire.onmessage = (message) => {
    if (pinned === undefined) {
      const asked = revisionAsked(message);
      if (asked === 'legacy' || asked === 'modern') pinned = asked;
      else if (asked === 'either' && sides.modern === undefined) pinned = 'legacy';
      // The other side, if any, was a discovery the client gave up on.
      if (pinned !== undefined) for (const [revision, side] of Object.entries(sides)) if (revision !== pinned) side.channel.detach();
    }
    const side = sideOf(pinned ?? 'modern');
    if (side.ready) side.channel.deliver(message);
    else side.waiting.push(message);
  };
  wire.onclose = () => {
    for (const side of Object.values(sides)) side.channel.ended();
  };
  wire.onerror = (e) => {
    for (const side of Object.values(sides)) side.channel.onerror?.(e);
  };
  await wire.start();
  return legacy;
}
