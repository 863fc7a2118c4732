import type { CostLine } from '../tool-result';

/** A clock the invoker measures timeouts on (inject a fake one in tests). */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. Timers are unref'd: a pending tool timeout never keeps the process alive. */
export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => {
    const t = setTimeout(fn, ms);
    (t as { unref?: () => void }).unref?.();
    return t;
  },
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/** Where a tool finds services for the call (a DI container, a Map, or a plain object). */
export interface ToolServices {
  get<T = unknown>(token: unknown): T | undefined;
}

export interface ToolContextInit {
  /** @default the system clock */
  clock?: Clock;
  /** A DI container (anything with `get(token)`), a Map, or a plain object of services. */
  services?: ToolServices | ReadonlyMap<unknown, unknown> | Record<string, unknown>;
  signal?: AbortSignal;
  toolName?: string;
  callId?: string;
}

const BRAND = Symbol.for('tool-signatures.context');

function toServices(s: ToolContextInit['services']): ToolServices {
  if (s === undefined) return { get: () => undefined };
  if (s instanceof Map) return { get: <T>(t: unknown) => s.get(t) as T | undefined };
  if (typeof (s as ToolServices).get === 'function') return s as ToolServices;
  const record = s as Record<string, unknown>;
  return { get: <T>(t: unknown) => (typeof t === 'string' && Object.prototype.hasOwnProperty.call(record, t) ? (record[t] as T) : undefined) };
}

/**
 * What the runtime gives a tool for one call: cost reporting, the call's signal, its name and id,
 * and services. Declare a parameter `ctx: ToolContext` (imported as a value) to receive it.
 */
export class ToolContext {
  /** Recognised across copies of the package. */
  static readonly [BRAND] = true;

  readonly clock: Clock;
  readonly services: ToolServices;
  readonly signal: AbortSignal | undefined;
  readonly toolName: string | undefined;
  readonly callId: string | undefined;
  readonly #costs: CostLine[] = [];
  readonly #parent: ToolContext | undefined;

  constructor(init: ToolContextInit = {}, parent?: ToolContext) {
    this.clock = init.clock ?? parent?.clock ?? systemClock;
    this.services = init.services !== undefined ? toServices(init.services) : (parent?.services ?? toServices(undefined));
    this.signal = init.signal;
    this.toolName = init.toolName;
    this.callId = init.callId;
    this.#parent = parent;
  }

  /** Records a cost line; it reaches this call's result and the caller's context. */
  addCost(line: CostLine): void {
    const copy = Object.freeze({ ...line });
    this.#costs.push(copy);
    this.#parent?.addCost(copy);
  }

  /** The cost lines recorded in this context (a child's lines included). */
  get costs(): readonly CostLine[] {
    return [...this.#costs];
  }

  /** A child context for one call: its cost lines are forwarded here. */
  child(init: Omit<ToolContextInit, 'clock' | 'services'>): ToolContext {
    return new ToolContext(init, this);
  }
}

export function isToolContext(value: unknown): value is ToolContext {
  return typeof value === 'object' && value !== null && (value.constructor as unknown as Record<symbol, unknown>)?.[BRAND] === true;
}
