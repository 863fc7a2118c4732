import type * as ts from 'typescript';

/**
 * What the plugin read from a static type, before it is written as code: the hint language of the
 * reflector (`Number`, `Int32`, `[T]`, `SetOf(T)`, ...) with references to user declarations kept
 * as declarations, so that each output (the transformer, the generated module) can name them.
 */
export type HintIR =
  | { readonly k: 'global'; readonly name: GlobalName }
  | { readonly k: 'lib'; readonly name: string }
  | { readonly k: 'array' | 'set' | 'nullable'; readonly of: HintIR }
  /** `Record<string, T>`, or `Map<string, T>` (`map`: the method receives a Map). */
  | { readonly k: 'record'; readonly of: HintIR; readonly map?: boolean }
  | { readonly k: 'enumRef'; readonly decl: ts.EnumDeclaration }
  | { readonly k: 'enumLiterals'; readonly values: readonly (string | number | boolean)[] }
  | { readonly k: 'enumObject'; readonly members: readonly (readonly [string, string | number])[] }
  | { readonly k: 'class'; readonly decl: ts.ClassDeclaration };

/** A value read from a doc tag (`@default`, `@example`, a bound): JSON, or a bigint bound. */
export type TagValue = string | number | bigint | boolean | null | readonly TagValue[] | { readonly [key: string]: TagValue };

/** The slot options a property's or a parameter's doc tags give, as `[option, value]` in the order written. */
export type TagsIR = readonly (readonly [option: string, value: TagValue])[];

export type GlobalName = 'Number' | 'String' | 'Boolean' | 'BigInt' | 'Date' | 'URL' | 'Uint8Array' | 'Buffer' | 'AbortSignal' | 'Array' | 'Set' | 'Map';

export interface ParamIR {
  readonly name?: string;
  readonly type?: HintIR;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly description?: string;
  readonly design?: GlobalName;
  readonly tags?: TagsIR;
}

export interface MethodIR {
  readonly description?: string;
  readonly returns?: HintIR;
  readonly params: readonly ParamIR[];
}

export interface PropIR {
  readonly key: string;
  readonly type?: HintIR;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly description?: string;
  readonly design?: GlobalName;
  readonly tags?: TagsIR;
}

export interface ClassIR {
  readonly decl: ts.ClassDeclaration;
  readonly methods: Map<string, MethodIR>;
  /** Set when the class is a DTO. */
  properties?: PropIR[];
}

/** A `Tool.create(fn, options)` call: what fills `options`. */
export interface CreateIR {
  readonly call: ts.CallExpression;
  readonly method: MethodIR;
  /** The function's declaration when it can be imported by name (for the generated module). */
  readonly fnDecl?: ts.FunctionDeclaration | ts.VariableDeclaration;
}

export function refsOf(h: HintIR | undefined, out: ts.Declaration[] = []): ts.Declaration[] {
  if (h === undefined) return out;
  if (h.k === 'class' || h.k === 'enumRef') out.push(h.decl);
  else if (h.k === 'array' || h.k === 'set' || h.k === 'record' || h.k === 'nullable') refsOf(h.of, out);
  return out;
}
