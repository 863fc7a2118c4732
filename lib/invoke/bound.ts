import type { ToolSpec } from '../schema/tool-spec';

const INTERNALS = Symbol.for('tool-signatures.internals');

/** What a definition made by this library calls: its spec, and the function with its `this`. */
export interface BoundInternals {
  readonly spec: ToolSpec;
  readonly fn: Function;
  readonly target: unknown;
}

export function attachInternals(tool: object, internals: BoundInternals): void {
  Object.defineProperty(tool, INTERNALS, { value: Object.freeze(internals) });
}

/** The spec and callee behind a definition made by this library, or undefined for anything else. */
export function internalsOf(tool: unknown): BoundInternals | undefined {
  return typeof tool === 'object' && tool !== null ? (tool as { [INTERNALS]?: BoundInternals })[INTERNALS] : undefined;
}
