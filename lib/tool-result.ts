/** One cost line a tool reports through `ToolContext.addCost`. */
export interface CostLine {
  readonly label: string;
  readonly amount: number;
  readonly unit?: string;
}

export type TextPart = { readonly type: 'text'; readonly text: string };
export type JsonPart = { readonly type: 'json'; readonly value: unknown };
export type ImagePart = { readonly type: 'image'; readonly mimeType: string; readonly data: Uint8Array };
export type AudioPart = { readonly type: 'audio'; readonly mimeType: string; readonly data: Uint8Array };
/** A link to a resource the client may read (MCP `resource_link`). */
export type ResourceLinkPart = {
  readonly type: 'resource_link';
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
  readonly mimeType?: string;
};
/** A resource embedded in the result: its text, or its bytes (MCP `resource`). */
export type ResourcePart = {
  readonly type: 'resource';
  readonly uri: string;
  readonly mimeType?: string;
} & ({ readonly text: string; readonly data?: undefined } | { readonly data: Uint8Array; readonly text?: undefined });
/** One piece of a tool's result. Make parts with the `Part` factories. */
export type Part = TextPart | JsonPart | ImagePart | AudioPart | ResourceLinkPart | ResourcePart;

/** What `Part.resourceLink` takes. */
export interface ResourceLinkInit {
  uri: string | URL;
  name: string;
  description?: string;
  mimeType?: string;
}

/** What `Part.resource` takes: the resource's text or its bytes. */
export type ResourceInit = { uri: string | URL; mimeType?: string } & ({ text: string; data?: undefined } | { data: Uint8Array; text?: undefined });

/** What one tool call produced. `invoke` resolves to one of these for every failure of the tool. */
export interface ToolResult {
  readonly isError: boolean;
  readonly parts: readonly Part[];
  /** The value an `endsLoop` tool returned. */
  readonly typedResult?: unknown;
  readonly costs: readonly CostLine[];
}

// A brand (Symbol.for, so that two copies of the package recognise each other's objects) marks what
// the factories made: a plain object that a tool returns is data, never mistaken for a part. The
// brand sits on the prototype of the objects the factories make, not on each object: defining a
// symbol property on every new object costs more than the rest of a call's result put together.
const PART = Symbol.for('tool-signatures.part');
const RESULT = Symbol.for('tool-signatures.result');

function brandedPrototype(mark: symbol): object {
  return Object.freeze(Object.create(Object.prototype, { [mark]: { value: true } }));
}

const PART_PROTOTYPE = brandedPrototype(PART);
const RESULT_PROTOTYPE = brandedPrototype(RESULT);

class TextPartObject {
  // A private brand: `#own in x` runs no Proxy trap (a Proxy never has it), unlike any property read.
  readonly #own = true;
  static owns(o: object): boolean {
    return #own in o;
  }
  declare readonly type: 'text';
  declare readonly text: string;
  constructor(text: string) {
    (this as { type: string }).type = 'text';
    (this as { text: string }).text = text;
    Object.freeze(this);
  }
}
class JsonPartObject {
  // A private brand: `#own in x` runs no Proxy trap (a Proxy never has it), unlike any property read.
  readonly #own = true;
  static owns(o: object): boolean {
    return #own in o;
  }
  declare readonly type: 'json';
  declare readonly value: unknown;
  constructor(value: unknown) {
    (this as { type: string }).type = 'json';
    (this as { value: unknown }).value = value;
    Object.freeze(this);
  }
}
/** Image and audio parts: encoded bytes and their media type. */
class MediaPartObject {
  // A private brand: `#own in x` runs no Proxy trap (a Proxy never has it), unlike any property read.
  readonly #own = true;
  static owns(o: object): boolean {
    return #own in o;
  }
  declare readonly type: 'image' | 'audio';
  declare readonly mimeType: string;
  declare readonly data: Uint8Array;
  constructor(type: 'image' | 'audio', mimeType: string, data: Uint8Array) {
    (this as { type: string }).type = type;
    (this as { mimeType: string }).mimeType = mimeType;
    (this as { data: Uint8Array }).data = data;
    Object.freeze(this);
  }
}
/** Resource links and embedded resources: fields copied from the init, absent ones left out. */
class FieldsPartObject {
  // A private brand: `#own in x` runs no Proxy trap (a Proxy never has it), unlike any property read.
  readonly #own = true;
  static owns(o: object): boolean {
    return #own in o;
  }
  constructor(type: 'resource_link' | 'resource', fields: Record<string, unknown>) {
    const self = this as Record<string, unknown>;
    self.type = type;
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) self[k] = v;
    Object.freeze(this);
  }
}
for (const c of [TextPartObject, JsonPartObject, MediaPartObject, FieldsPartObject]) Object.setPrototypeOf(c.prototype, PART_PROTOTYPE);

function uriText(uri: string | URL, factory: string): string {
  const text = uri instanceof URL ? uri.href : uri;
  if (typeof text !== 'string' || text === '') throw new TypeError(`Part.${factory} needs a uri.`);
  return text;
}

/** Bytes whose type is not known (RFC 2046). */
export const OCTETS = 'application/octet-stream';

/** A part as one line of text: what a model reads where a form carries text only. */
export function partText(part: Part): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'json':
      return jsonPartText(part.value);
    case 'image':
      return `[${part.mimeType} image]`;
    case 'audio':
      return `[${part.mimeType} audio]`;
    case 'resource_link':
      return `[${part.name}](${part.uri})`;
    case 'resource':
      return part.text ?? `[${part.mimeType ?? OCTETS} resource ${part.uri}]`;
  }
}

/**
 * A JSON part's value as text. `Part.json` takes JSON data; a value that is not (a bigint, a cycle)
 * is written as well as it can be (bigints as their digits' string, as the library's JSON form
 * writes them), or as a line that says it cannot be, never a throw.
 */
function jsonPartText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    try {
      return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
    } catch {
      return '[a JSON part whose value is not JSON data]';
    }
  }
}

/** A result's parts as one text: each part's text, one per line. */
export function partsText(parts: readonly Part[]): string {
  return parts.map(partText).join('\n');
}

export function isPart(value: unknown): value is Part {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PART] === true;
}

export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RESULT] === true;
}

/**
 * A part that a tool handed back, as the result keeps it: this copy of the library's own part as it
 * is, anything else (a Proxy that says it is a part and throws when read later, another copy's part)
 * copied, each field read once. Throws a TypeError for anything that is not a part's shape.
 */
export function copyPart(p: Part): Part {
  if (TextPartObject.owns(p) || JsonPartObject.owns(p) || MediaPartObject.owns(p) || FieldsPartObject.owns(p)) return p;
  const type: unknown = p.type;
  if (type === 'text') {
    const text: unknown = (p as TextPart).text;
    if (typeof text === 'string') return new TextPartObject(text);
  } else if (type === 'json') {
    return new JsonPartObject((p as JsonPart).value);
  } else if (type === 'image' || type === 'audio') {
    const mimeType: unknown = (p as ImagePart).mimeType;
    const data: unknown = (p as ImagePart).data;
    if (typeof mimeType === 'string' && data instanceof Uint8Array) return new MediaPartObject(type, mimeType, data);
  } else if (type === 'resource_link' || type === 'resource') {
    const fields: Record<string, unknown> = {};
    for (const k of ['uri', 'name', 'description', 'mimeType', 'text', 'data']) {
      const v: unknown = (p as unknown as Record<string, unknown>)[k];
      if (typeof v === 'string' || v instanceof Uint8Array) fields[k] = v;
    }
    if (typeof fields.uri === 'string') return new FieldsPartObject(type, fields) as unknown as Part;
  }
  throw new TypeError('the returned value holds a part that is not one the Part factories make.');
}

/** The library's own copy of a cost line a tool's result holds (each field read once). */
export function copyCost(c: CostLine): CostLine {
  const label: unknown = c.label;
  const amount: unknown = c.amount;
  const unit: unknown = c.unit;
  if (typeof label !== 'string' || typeof amount !== 'number') throw new TypeError('the returned result holds a cost line without a label and an amount.');
  return Object.freeze(typeof unit === 'string' ? { label, amount, unit } : { label, amount });
}

// Marks the factory objects themselves, so that `@Tool({ returns: Part })` can name them.
const FACTORY = Symbol.for('tool-signatures.part-factory');

/** Factories for result parts. */
export const Part = Object.freeze({
  [FACTORY]: true,
  /** A text part. */
  text(text: string): TextPart {
    return new TextPartObject(String(text));
  },
  /** A JSON part; `value` must already be JSON data. */
  json(value: unknown): JsonPart {
    return new JsonPartObject(value);
  },
  /** An image part: `data` holds the encoded image bytes. */
  image(mimeType: string, data: Uint8Array): ImagePart {
    return new MediaPartObject('image', mimeType, data) as ImagePart;
  },
  /** An audio part: `data` holds the encoded audio bytes (`audio/wav`, `audio/mpeg`, ...). */
  audio(mimeType: string, data: Uint8Array): AudioPart {
    return new MediaPartObject('audio', mimeType, data) as AudioPart;
  },
  /** A link to a resource that the client may read (MCP `resource_link`). */
  resourceLink(init: ResourceLinkInit): ResourceLinkPart {
    if (typeof init?.name !== 'string') throw new TypeError('Part.resourceLink needs a name.');
    const fields = { uri: uriText(init.uri, 'resourceLink'), name: init.name, description: init.description, mimeType: init.mimeType };
    return new FieldsPartObject('resource_link', fields) as unknown as ResourceLinkPart;
  },
  /** A resource embedded in the result, as text or as bytes (MCP `resource`). */
  resource(init: ResourceInit): ResourcePart {
    const uri = uriText(init?.uri, 'resource');
    if (typeof init.text !== 'string' && !(init.data instanceof Uint8Array))
      throw new TypeError('Part.resource needs the text or the bytes (data) of the resource.');
    const body = typeof init.text === 'string' ? { text: init.text } : { data: init.data };
    return new FieldsPartObject('resource', { uri, mimeType: init.mimeType, ...body }) as unknown as ResourcePart;
  },
});

export interface ToolResultInit {
  isError: boolean;
  parts: readonly Part[];
  typedResult?: unknown;
  costs?: readonly CostLine[];
}

class ResultObject {
  declare readonly isError: boolean;
  declare readonly parts: readonly Part[];
  declare readonly costs: readonly CostLine[];
  declare readonly typedResult?: unknown;
  /** `parts` and `costs` are arrays of its own, frozen here. */
  constructor(isError: boolean, parts: Part[], costs: readonly CostLine[], typed: boolean, typedResult: unknown) {
    const self = this as { -readonly [K in keyof ToolResult]: ToolResult[K] };
    self.isError = isError;
    self.parts = Object.freeze(parts);
    self.costs = costs.length === 0 ? NO_COSTS : Object.freeze(costs);
    if (typed) self.typedResult = typedResult;
    Object.freeze(this);
  }
}
Object.setPrototypeOf(ResultObject.prototype, RESULT_PROTOTYPE);

const NO_COSTS: readonly CostLine[] = Object.freeze([]);

function make(init: ToolResultInit): ToolResult {
  const typed = 'typedResult' in init;
  return new ResultObject(
    init.isError,
    init.parts.slice(),
    init.costs === undefined || init.costs.length === 0 ? NO_COSTS : init.costs.slice(),
    typed,
    typed ? init.typedResult : undefined,
  );
}

/**
 * The invoker's own results: `parts` and `costs` are fresh arrays that nobody else holds (or empty),
 * so they are frozen in place instead of copied.
 */
export function ownResult(isError: boolean, parts: Part[], costs: readonly CostLine[], typed: boolean, typedResult?: unknown): ToolResult {
  return new ResultObject(isError, parts, costs, typed, typedResult);
}

/** Factories for tool results. */
export const ToolResult = Object.freeze({
  [FACTORY]: true,
  /** A successful result: parts as given, or one JSON part holding `value`. */
  ok(partsOrValue?: Part | readonly Part[] | unknown): ToolResult {
    if (partsOrValue === undefined) return make({ isError: false, parts: [] });
    if (isPart(partsOrValue)) return make({ isError: false, parts: [partsOrValue] });
    if (Array.isArray(partsOrValue) && partsOrValue.length > 0 && partsOrValue.every(isPart)) {
      return make({ isError: false, parts: partsOrValue });
    }
    return make({ isError: false, parts: [Part.json(partsOrValue)] });
  },
  /** An error result that the model reads. */
  error(text: string): ToolResult {
    return make({ isError: true, parts: [Part.text(text)] });
  },
  /** A result with every field given (the invoker's own use: costs and typed results). */
  of(init: ToolResultInit): ToolResult {
    return make(init);
  },
});
