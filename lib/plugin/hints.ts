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
  | { readonly k: 'class'; readonly decl: ts.ClassDeclaration }
  /** An object type with no class (interface, type alias, inline object type, mapped type): `ObjectOf`. */
  | { readonly k: 'object'; readonly shape: ShapeIR }
  /** A union that is not a literal union: `AnyOf`, members as written. */
  | { readonly k: 'anyOf'; readonly of: readonly HintIR[] }
  /** A union of classes or object types tagged by a string literal property: `Discriminated`. */
  | { readonly k: 'discriminated'; readonly tag: string; readonly members: readonly (readonly [string, HintIR & { readonly k: 'class' | 'object' }])[] };

/**
 * One object type, read once per program: every use of the type refers to this one record, so a
 * type that reaches itself (`children: Tree[]`) is a cycle of records. A shape on a cycle is written
 * once as a named constant (`const __ts_Tree: ObjectHint = ObjectOf(...)`) that its uses refer to,
 * so that the runtime sees one hint and writes it in `$defs`.
 */
export interface ShapeIR {
  readonly name?: string;
  readonly description?: string;
  /** Filled in after the record is made (a property may refer back to the shape). */
  readonly properties: ShapePropIR[];
  /** Where it is declared (the type's and its properties' declarations): a generated module's sources. */
  readonly decls: ts.Declaration[];
}

export interface ShapePropIR {
  readonly key: string;
  readonly type: HintIR;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly description?: string;
  readonly tags?: TagsIR;
}

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
  /** `Object` where plain tsc records it for a written `T | null` or `T | undefined` (see Analyzer.property). */
  readonly design?: GlobalName | 'Object';
  readonly tags?: TagsIR;
}

export interface ClassIR {
  readonly decl: ts.ClassDeclaration;
  readonly methods: Map<string, MethodIR>;
  /** Set when the class is a DTO. */
  properties?: PropIR[];
  /** `@Tools({ prefix })` on the class or a base (a literal): written before each of its tool names. */
  prefix?: string;
}

/** A `Tool.create(fn, options)` call: what fills `options`. */
export interface CreateIR {
  readonly call: ts.CallExpression;
  readonly method: MethodIR;
  /** The function's declaration when it can be imported by name (for the generated module). */
  readonly fnDecl?: ts.FunctionDeclaration | ts.VariableDeclaration;
}

/** The hints directly inside a hint (a shape's property types included). */
function children(h: HintIR): readonly HintIR[] {
  switch (h.k) {
    case 'array':
    case 'set':
    case 'record':
    case 'nullable':
      return [h.of];
    case 'anyOf':
      return h.of;
    case 'discriminated':
      return h.members.map(([, m]) => m);
    case 'object':
      return h.shape.properties.map((p) => p.type);
    default:
      return [];
  }
}

/**
 * The user declarations a hint depends on: classes and enums it names, and the declarations of the
 * object types it reads (each once, through cycles too).
 */
export function refsOf(h: HintIR | undefined, out: ts.Declaration[] = [], seen = new Set<ShapeIR>()): ts.Declaration[] {
  if (h === undefined) return out;
  if (h.k === 'class' || h.k === 'enumRef') out.push(h.decl);
  if (h.k === 'object') {
    if (seen.has(h.shape)) return out;
    seen.add(h.shape);
    out.push(...h.shape.decls);
  }
  for (const c of children(h)) refsOf(c, out, seen);
  return out;
}

/** The shapes of a hint (through other shapes), each once. */
export function shapesOf(h: HintIR | undefined, out = new Set<ShapeIR>()): Set<ShapeIR> {
  if (h === undefined) return out;
  if (h.k === 'object') {
    if (out.has(h.shape)) return out;
    out.add(h.shape);
  }
  for (const c of children(h)) shapesOf(c, out);
  return out;
}

const onCycle = new WeakMap<ShapeIR, boolean>();

/** Whether a shape reaches itself through its properties (it is then written once, as a named constant). */
export function isRecursive(shape: ShapeIR): boolean {
  let r = onCycle.get(shape);
  if (r === undefined) {
    const reached = new Set<ShapeIR>();
    for (const p of shape.properties) shapesOf(p.type, reached);
    r = reached.has(shape);
    onCycle.set(shape, r);
  }
  return r;
}

/**
 * Whether the code of a hint names something that may not exist yet when the code runs (a class,
 * an enum, a recursive shape's constant): it is then written lazily, `() => hint`.
 */
export function needsThunk(h: HintIR): boolean {
  if (h.k === 'class' || h.k === 'enumRef') return true;
  // A shape written in place makes each of its own properties lazy where they need it.
  if (h.k === 'object') return isRecursive(h.shape);
  return children(h).some(needsThunk);
}
