/** One cost line a tool reports through `ToolContext.addCost`. */
export interface CostLine {
  readonly label: string;
  readonly amount: number;
  readonly unit?: string;
}

export type TextPart = { readonly type: 'text'; readonly text: string };
export type JsonPart = { readonly type: 'json'; readonly value: unknown };
export type ImagePart = { readonly type: 'image'; readonly mimeType: string; readonly data: Uint8Array };
/** One piece of a tool's result. Make parts with the `Part` factories. */
export type Part = TextPart | JsonPart | ImagePart;

/** What one tool call produced. `invoke` resolves to one of these for every failure of the tool. */
export interface ToolResult {
  readonly isError: boolean;
  readonly parts: readonly Part[];
  /** The value an `endsLoop` tool returned. */
  readonly typedResult?: unknown;
  readonly costs: readonly CostLine[];
}

// A brand (Symbol.for, so that two copies of the package recognise each other's objects) marks what
// the factories made: a plain object that a tool returns is data, never mistaken for a part.
const PART = Symbol.for('tool-signatures.part');
const RESULT = Symbol.for('tool-signatures.result');

function brand<T extends object>(value: T, mark: symbol): T {
  Object.defineProperty(value, mark, { value: true });
  return Object.freeze(value);
}

export function isPart(value: unknown): value is Part {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PART] === true;
}

export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RESULT] === true;
}

// Marks the factory objects themselves, so that `@Tool({ returns: Part })` can name them.
const FACTORY = Symbol.for('tool-signatures.part-factory');

/** Factories for result parts. */
export const Part = Object.freeze({
  [FACTORY]: true,
  /** A text part. */
  text(text: string): TextPart {
    return brand({ type: 'text' as const, text: String(text) }, PART);
  },
  /** A JSON part; `value` must already be JSON data. */
  json(value: unknown): JsonPart {
    return brand({ type: 'json' as const, value }, PART);
  },
  /** An image part: `data` holds the encoded image bytes. */
  image(mimeType: string, data: Uint8Array): ImagePart {
    return brand({ type: 'image' as const, mimeType, data }, PART);
  },
});

export interface ToolResultInit {
  isError: boolean;
  parts: readonly Part[];
  typedResult?: unknown;
  costs?: readonly CostLine[];
}

function make(init: ToolResultInit): ToolResult {
  const result: { -readonly [K in keyof ToolResult]: ToolResult[K] } = {
    isError: init.isError,
    parts: Object.freeze([...init.parts]),
    costs: Object.freeze([...(init.costs ?? [])]),
  };
  if ('typedResult' in init) result.typedResult = init.typedResult;
  return brand(result, RESULT);
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
