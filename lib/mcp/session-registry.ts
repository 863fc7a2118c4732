/**
 * What a 2025 session is, kept apart from the process serving it: its owner, the client's
 * `initialize` (capabilities, info, protocol version) and its log level. A replica that receives a
 * request of a session it does not hold restores the session from its record, only for the owner;
 * a registry shared by replicas (`tool-signatures/redis`'s `RedisSessionRegistry`) lets a session
 * outlive the replica that opened it.
 */

/** One session's record. */
export interface SessionRecord {
  /** The `Mcp-Session-Id`. */
  readonly id: string;
  /** Its owner (lib/mcp/principal.ts): only the owner's requests are served, or restore it. */
  readonly owner: string;
  /** The protocol revision agreed at `initialize`. */
  readonly protocolVersion: string;
  /** The client's `initialize` params as received (capabilities and info): a replica restores the session's server from them. */
  readonly initialize: Readonly<Record<string, unknown>>;
  /** The level the client set (`logging/setLevel`). */
  readonly logLevel?: string;
}

/**
 * Where sessions' records live. Every method may reject when the registry cannot answer; the
 * endpoint then refuses the request (fail closed) rather than serve a session it cannot check.
 */
export interface SessionRegistry {
  /** Records a new session (an id not in use: ids are random). */
  create(record: SessionRecord): Promise<void>;
  /** The record of a session, its time to live renewed; undefined when there is none (ended, expired, never made). */
  get(id: string): Promise<SessionRecord | undefined>;
  /** Sets the session's log level; false when there is no such session. */
  setLogLevel(id: string, level: string): Promise<boolean>;
  /** Ends the session (DELETE, or closed by the server). */
  delete(id: string): Promise<void>;
}

/** The bounds of a session registry. */
export interface SessionRegistryBounds {
  /** How long a session is kept after its last request, in seconds. @default 3600 */
  ttlSeconds?: number;
  /** Sessions recorded at once (in memory); one more is refused. @default 10000 */
  maxSessions?: number;
}

export const SESSION_REGISTRY_DEFAULTS = { ttlSeconds: 3600, maxSessions: 10_000 } as const;

/** The largest session record kept, in characters of its JSON (a larger `initialize` is refused). */
export const MAX_SESSION_RECORD_CHARS = 64 * 1024;

/** The record's JSON, checked against the bound. */
export function sessionRecordText(record: SessionRecord): string {
  const text = JSON.stringify(record);
  if (text.length > MAX_SESSION_RECORD_CHARS)
    throw new RangeError(`a session record may be at most ${MAX_SESSION_RECORD_CHARS} characters (got ${text.length})`);
  return text;
}

/** A record read back, checked for its shape (a shared registry's text comes from outside this process). */
export function parseSessionRecord(text: string): SessionRecord | undefined {
  try {
    const r = JSON.parse(text) as Partial<SessionRecord> | null;
    if (r === null || typeof r !== 'object') return undefined;
    if (typeof r.id !== 'string' || typeof r.owner !== 'string' || typeof r.protocolVersion !== 'string') return undefined;
    if (typeof r.initialize !== 'object' || r.initialize === null || Array.isArray(r.initialize)) return undefined;
    if (r.logLevel !== undefined && typeof r.logLevel !== 'string') return undefined;
    return r as SessionRecord;
  } catch {
    return undefined;
  }
}

/**
 * The record of session `id` for a request of `principal`: undefined when there is none or it is
 * another's (the two are answered alike, 404, so that a session's existence is not told to others).
 */
export async function restoreSession(registry: SessionRegistry, id: string, principal: string): Promise<SessionRecord | undefined> {
  const record = await registry.get(id);
  return record !== undefined && record.owner === principal ? record : undefined;
}

/** Sessions' records in this process: the default, for one process. */
export class MemorySessionRegistry implements SessionRegistry {
  readonly #records = new Map<string, { text: string; expiresAt: number }>();
  readonly #bounds: Required<SessionRegistryBounds>;

  constructor(bounds: SessionRegistryBounds = {}) {
    this.#bounds = { ...SESSION_REGISTRY_DEFAULTS, ...bounds };
  }

  async create(record: SessionRecord): Promise<void> {
    const text = sessionRecordText(record);
    this.#sweep();
    if (this.#records.has(record.id)) throw new Error('a session with this id exists');
    if (this.#records.size >= this.#bounds.maxSessions) throw new RangeError(`too many sessions are recorded (${this.#bounds.maxSessions})`);
    this.#records.set(record.id, { text, expiresAt: Date.now() + this.#bounds.ttlSeconds * 1000 });
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const held = this.#live(id);
    if (held === undefined) return undefined;
    held.expiresAt = Date.now() + this.#bounds.ttlSeconds * 1000;
    return parseSessionRecord(held.text);
  }

  async setLogLevel(id: string, level: string): Promise<boolean> {
    const held = this.#live(id);
    const record = held === undefined ? undefined : parseSessionRecord(held.text);
    if (held === undefined || record === undefined) return false;
    held.text = sessionRecordText({ ...record, logLevel: level });
    held.expiresAt = Date.now() + this.#bounds.ttlSeconds * 1000;
    return true;
  }

  async delete(id: string): Promise<void> {
    this.#records.delete(id);
  }

  /** Sessions recorded now (expired ones not yet swept included). */
  get size(): number {
    return this.#records.size;
  }

  #live(id: string): { text: string; expiresAt: number } | undefined {
    const held = this.#records.get(id);
    if (held !== undefined && held.expiresAt <= Date.now()) {
      this.#records.delete(id);
      return undefined;
    }
    return held;
  }

  #sweep(): void {
    const now = Date.now();
    for (const [id, held] of this.#records) if (held.expiresAt <= now) this.#records.delete(id);
  }
}
