import type { ToolSpec } from '../../schema/tool-spec';

/** How a definition reaches the function it calls: fixed, or resolved per call (ToolSet.addClass). */
export type Callee =
  | { readonly kind: 'fixed'; readonly fn: Function; readonly target: unknown }
  | {
      readonly kind: 'resolved';
      readonly key: PropertyKey;
      readonly resolve: () => unknown;
      readonly release?: (instance: object) => unknown;
    };

/** What a definition made by this library calls: its spec and its callee. */
export interface Bound {
  readonly spec: ToolSpec;
  readonly callee: Callee;
}

const bound = new WeakMap<object, Bound>();

export function bindTool(tool: object, spec: ToolSpec, callee: Callee): void {
  bound.set(tool, Object.freeze({ spec, callee }));
}

/** The spec and callee behind a definition made by this library, or undefined for anything else. */
export function calleeOf(tool: unknown): Bound | undefined {
  return typeof tool === 'object' && tool !== null ? bound.get(tool) : undefined;
}
