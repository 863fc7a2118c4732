import { attachGenerated } from './generated';
import type { ParamOptions, PromptOptions, PropOptions, RangeRecord, ResourceOptions, StaticClassMeta, ToolClassOptions, ToolOptions } from './options';

/**
 * The one storage of this library: plain records keyed by class, written by the decorators and read
 * by the schema builder (inheritance is merged by the reader).
 */

export interface SlotRecord {
  options?: ParamOptions | PropOptions;
  range?: RangeRecord;
  description?: string;
  /**
   * Option names the decorator does not have (misspelt, or another library's): recorded when it ran,
   * reported when the definition is built, with the class's other problems.
   */
  misspelt?: readonly string[];
}

export interface ToolRecord {
  readonly options: ToolOptions;
  /** The function as written: what `@Tool` found on the prototype, before any wrapper below it. */
  readonly source: Function;
}

/** A `@Prompt`, `@Resource` or `@ResourceTemplate` method: what else an MCP server serves from a class. */
export type ServedRecord =
  | { readonly kind: 'prompt'; readonly options: PromptOptions; readonly source: Function }
  | { readonly kind: 'resource' | 'template'; readonly uri: string; readonly options: ResourceOptions; readonly source: Function };

export interface ClassRecord {
  description?: string;
  readonly tools: Map<PropertyKey, ToolRecord>;
  readonly served: Map<PropertyKey, ServedRecord>;
  readonly methodDescriptions: Map<PropertyKey, string>;
  readonly params: Map<PropertyKey, Map<number, SlotRecord>>;
  readonly props: Map<string, SlotRecord>;
  /** Property keys in the order their decorators ran (source order: one `__decorate` call per member). */
  readonly decorated: string[];
  staticMeta?: StaticClassMeta;
  /** `@Tools` on the class. */
  toolDefaults?: ToolClassOptions;
}

const records = new WeakMap<Function, ClassRecord>();

/** The record of a class itself (not its bases), created on first write. */
export function recordOf(cls: Function): ClassRecord {
  let r = records.get(cls);
  if (r === undefined) {
    r = { tools: new Map(), served: new Map(), methodDescriptions: new Map(), params: new Map(), props: new Map(), decorated: [] };
    records.set(cls, r);
  }
  return r;
}

export function peekRecord(cls: Function): ClassRecord | undefined {
  attachGenerated(defineStaticMetadata);
  return records.get(cls);
}

export function slotOf(cls: Function, method: PropertyKey, index: number): SlotRecord {
  const r = recordOf(cls);
  let m = r.params.get(method);
  if (m === undefined) r.params.set(method, (m = new Map()));
  let s = m.get(index);
  if (s === undefined) m.set(index, (s = {}));
  return s;
}

export function propOf(cls: Function, key: string): SlotRecord {
  const r = recordOf(cls);
  let s = r.props.get(key);
  if (s === undefined) r.props.set(key, (s = {}));
  notePropertyDecorated(cls, key);
  return s;
}

export function notePropertyDecorated(cls: Function, key: string): void {
  const order = recordOf(cls).decorated;
  if (!order.includes(key)) order.push(key);
}

/**
 * Records what the compile-time plugin (or its generated module) read from the static types.
 * Generated code calls this; users do not.
 */
export function defineStaticMetadata(cls: Function, meta: StaticClassMeta): void {
  recordOf(cls).staticMeta = meta;
}

/** The classes of a chain, base first (Object excluded). */
export function lineage(cls: Function): Function[] {
  const chain: Function[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype && c !== Object; c = Object.getPrototypeOf(c)) {
    chain.unshift(c as Function);
  }
  return chain;
}

const HOOKED = Symbol.for('tool-signatures.decorate-hook');

/**
 * Every decorated member of a class goes through one `Reflect.decorate` call (tsc's `__decorate`
 * uses it when reflect-metadata is loaded), in source order. Watching those calls gives the order of
 * the properties whatever library's decorators they carry. Re-installed on each decorator call,
 * since loading reflect-metadata afterwards replaces `Reflect.decorate`.
 */
export function installDecorateHook(): void {
  const R = Reflect as unknown as { decorate?: ((...args: unknown[]) => unknown) & { [HOOKED]?: boolean } };
  const original = R.decorate;
  if (typeof original !== 'function' || original[HOOKED]) return;
  const hooked = Object.assign(
    function decorate(this: unknown, decorators: unknown, target: unknown, key?: unknown, desc?: unknown) {
      if (typeof key === 'string' && desc === undefined && typeof target === 'object' && target !== null) {
        const cls = (target as { constructor?: unknown }).constructor;
        if (typeof cls === 'function') notePropertyDecorated(cls, key);
      }
      // eslint-disable-next-line prefer-rest-params
      return original.apply(this, arguments as unknown as unknown[]);
    },
    { [HOOKED]: true },
  );
  try {
    Object.defineProperty(Reflect, 'decorate', { value: hooked, writable: true, configurable: true, enumerable: false });
  } catch {
    // a frozen Reflect: order then comes from the class source and our own decorators
  }
}

installDecorateHook();
