import * as ts from 'typescript';
import { DIAGNOSTICS as D, REFUSED_TYPES, type Diagnosis } from '../diagnostics';
import { SlotError } from './diagnostics';
import { summaryOf, tagOptions } from './docs';
import type { PluginDiagnostic } from './diagnostics';
import { isRecursive, shapesOf, type GlobalName, type HintIR, type ShapeIR, type ShapePropIR } from './hints';
import { finalSymbol, isGlobalLib, isOurs, TOKEN_NAMES } from './recognize';

/**
 * Reads a static type as a hint. The type's syntax is read first (it keeps what the checker
 * forgets: token aliases such as `Int32`, the written order of a union); the checker's type is the
 * fallback (inferred types, instantiated generics, mapped types). An object type with no class
 * (interface, type alias, inline object type, intersection, mapped type) is read once per program
 * as a shape (`ObjectOf`), from the checker's resolved properties.
 */

const lib = (name: string): HintIR => ({ k: 'lib', name });
const glob = (name: GlobalName): HintIR => ({ k: 'global', name });
const BUILTIN_CTORS = new Set<string>(['Date', 'URL', 'Uint8Array', 'Buffer']);

export interface SlotType {
  readonly hint: HintIR;
  /** `T | null` at the top: written as `nullable: true` beside the hint of `T`. */
  readonly nullable: boolean;
  /** `T | undefined` at the top: the slot may be left out. */
  readonly optional: boolean;
  /** The built-in constructor that emitDecoratorMetadata would record for `T`. */
  readonly design?: GlobalName;
}

export class TypeReader {
  /** Object types read so far (a shape is recorded before its properties are read: cycles end here). */
  private readonly shapes = new Map<ts.Type, ShapeIR>();
  /** The types of the shapes, in the order they were recorded (a failed read forgets those it recorded). */
  private readonly recorded: ts.Type[] = [];
  /** The types and type aliases being read: reaching one again, other than through a shape, has no schema. */
  private readonly visiting = new Set<ts.Type>();
  private readonly aliases = new Set<ts.Symbol>();
  private literalOrder: Map<string | number, number> | undefined;

  /** `report` takes what the doc tags of a shape's properties say wrong (each shape is read once). */
  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
    private readonly report: (d: PluginDiagnostic) => void = () => undefined,
  ) {}

  /**
   * A parameter's or property's type: top-level `null`/`undefined` split off. A shape on a cycle needs
   * a name (it is written once in `$defs` under it): an anonymous one is OLT006, as at run time.
   */
  slot(node: ts.TypeNode | undefined, type: ts.Type): SlotType {
    const s = this.slotOf(node, type);
    for (const shape of shapesOf(s.hint)) if (shape.name === undefined && isRecursive(shape)) throw new SlotError(D.anonymousShapeCycle());
    return s;
  }

  private slotOf(node: ts.TypeNode | undefined, type: ts.Type): SlotType {
    let nullable = false;
    let inner: HintIR;
    const parts = node !== undefined ? this.unionNodes(node) : undefined;
    const optional = parts?.hasUndefined === true || this.hasUndefined(type);
    if (parts !== undefined) {
      nullable = parts.hasNull;
      inner = parts.rest.length === 1 ? this.fromNode(parts.rest[0]!) : this.union(parts.rest);
    } else if (node !== undefined) {
      inner = this.fromNode(node);
    } else {
      nullable = this.hasNull(type);
      inner = this.fromType(this.checker.getNonNullableType(type));
    }
    if (inner.k === 'nullable') {
      nullable = true;
      inner = inner.of;
    }
    return { hint: inner, nullable, optional, ...(designOf(inner) !== undefined ? { design: designOf(inner) } : {}) };
  }

  /** A return type: `Promise<T>` unwrapped; undefined for void. */
  returns(node: ts.TypeNode | undefined, type: ts.Type): HintIR | undefined {
    let n = node;
    let t = type;
    if (n !== undefined && ts.isTypeReferenceNode(n) && this.globalName(n.typeName) === 'Promise') {
      const arg = n.typeArguments?.[0];
      t = arg ? this.checker.getTypeFromTypeNode(arg) : this.checker.getAnyType();
      n = arg;
    } else {
      const awaited = this.checker.getAwaitedType(t);
      if (awaited !== undefined && awaited !== t) {
        t = awaited;
        n = undefined;
      }
    }
    if (t.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return undefined;
    if (n !== undefined && (n.kind === ts.SyntaxKind.VoidKeyword || n.kind === ts.SyntaxKind.UndefinedKeyword)) return undefined;
    const parts = this.resultParts(n, t);
    if (parts !== undefined) return parts;
    const s = this.slot(n, t);
    return s.nullable ? { k: 'nullable', of: s.hint } : s.hint;
  }

  private resultParts(n: ts.TypeNode | undefined, t: ts.Type): HintIR | undefined {
    const name = (x: ts.Type) => {
      const sym = x.aliasSymbol ?? x.getSymbol();
      return sym !== undefined && isOurs(this.checker, sym) ? sym.name : undefined;
    };
    const isPart = (x: ts.Type) =>
      ['Part', 'TextPart', 'JsonPart', 'ImagePart'].includes(name(x) ?? '') ||
      (x.isUnion() && x.types.every((u) => ['TextPart', 'JsonPart', 'ImagePart'].includes(name(u) ?? '')));
    if (n !== undefined && ts.isTypeReferenceNode(n)) {
      const sym = this.checker.getSymbolAtLocation(ts.isQualifiedName(n.typeName) ? n.typeName.right : n.typeName);
      if (sym !== undefined && isOurs(this.checker, sym, n.typeName)) {
        const fin = finalSymbol(this.checker, sym)!.name;
        if (fin === 'ToolResult') return lib('ToolResult');
        if (['Part', 'TextPart', 'JsonPart', 'ImagePart'].includes(fin)) return lib('Part');
      }
    }
    if (name(t) === 'ToolResult') return lib('ToolResult');
    if (isPart(t)) return lib('Part');
    if (this.checker.isArrayType(t)) {
      const el = this.checker.getTypeArguments(t as ts.TypeReference)[0];
      if (el !== undefined && isPart(el)) return { k: 'array', of: lib('Part') };
    }
    return undefined;
  }

  private unionNodes(node: ts.TypeNode): { hasNull: boolean; hasUndefined: boolean; rest: ts.TypeNode[] } | undefined {
    let n = node;
    while (ts.isParenthesizedTypeNode(n)) n = n.type;
    if (!ts.isUnionTypeNode(n)) return undefined;
    let hasNull = false;
    let hasUndefined = false;
    const rest: ts.TypeNode[] = [];
    for (const m of n.types) {
      if (ts.isLiteralTypeNode(m) && m.literal.kind === ts.SyntaxKind.NullKeyword) hasNull = true;
      else if (m.kind === ts.SyntaxKind.UndefinedKeyword) hasUndefined = true;
      else rest.push(m);
    }
    return { hasNull, hasUndefined, rest };
  }

  private hasNull(type: ts.Type): boolean {
    return type.isUnion() ? type.types.some((t) => t.flags & ts.TypeFlags.Null) : (type.flags & ts.TypeFlags.Null) !== 0;
  }

  private hasUndefined(type: ts.Type): boolean {
    return type.isUnion() ? type.types.some((t) => t.flags & ts.TypeFlags.Undefined) : false;
  }

  /** A union of several non-null members as written: a literal union, else `AnyOf` / `Discriminated`. */
  private union(members: readonly ts.TypeNode[]): HintIR {
    const values = members.map(literalOf);
    if (values.every((v) => v !== undefined) && new Set(values.map((v) => typeof v)).size === 1) return enumLiterals(values as (string | number | boolean)[]);
    return this.mixed(members.map((node) => ({ node, type: this.checker.getTypeFromTypeNode(node) })));
  }

  /**
   * A union that is not one literal union: each member its own hint, in order, except literals,
   * which are gathered by kind into one `EnumOf` where the first of them stands (`true | false`:
   * `boolean`; members of one enum: the enum). Members that are all classes or object types sharing
   * a property of distinct string literal types make a tagged union.
   */
  private mixed(entries: readonly { readonly node?: ts.TypeNode; readonly type: ts.Type }[]): HintIR {
    const members: HintIR[] = [];
    const groups = new Map<unknown, { at: number; values: (string | number | boolean)[]; types: ts.Type[] }>();
    const objects: ts.Type[] = [];
    for (const { node, type } of entries) {
      const group = literalGroup(type);
      if (group !== undefined) {
        let g = groups.get(group.key);
        if (g === undefined) {
          g = { at: members.length, values: [], types: [] };
          groups.set(group.key, g);
          members.push(glob('Boolean')); // replaced below
        }
        g.values.push(group.value);
        g.types.push(type);
        continue;
      }
      const hint = node !== undefined ? this.fromNode(node) : this.fromType(type);
      members.push(hint);
      if (hint.k === 'class' || hint.k === 'object') objects.push(type);
    }
    for (const [key, g] of groups) members[g.at] = this.literalMembers(key, g.values, g.types);
    if (members.length === 1) return members[0]!;
    // A tagged union inside one of its own members is written as AnyOf (the runtime refuses that
    // Discriminated, OLT006); each member keeps its one-literal tag, so the values allowed are the same.
    if (objects.length === members.length && !this.reaches(objects)) {
      const tagged = this.tagged(objects, members as (HintIR & { k: 'class' | 'object' })[]);
      if (tagged !== undefined) return tagged;
    }
    return { k: 'anyOf', of: members };
  }

  /** Whether the properties of these types reach a union of all of them (bounded walk over the checker's types). */
  private reaches(members: readonly ts.Type[]): boolean {
    const c = this.checker;
    const seen = new Set<ts.Type>();
    const stack: ts.Type[] = members.flatMap((m) => c.getPropertiesOfType(m).map((p) => c.getTypeOfSymbol(p)));
    while (stack.length > 0 && seen.size < 5000) {
      const t = stack.pop()!;
      if (seen.has(t)) continue;
      seen.add(t);
      if (t.isUnion()) {
        if (members.every((m) => t.types.includes(m))) return true;
        stack.push(...t.types);
      } else if (t.isIntersection()) {
        stack.push(...t.types);
      } else if (t.flags & ts.TypeFlags.Object) {
        if ((t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) stack.push(...c.getTypeArguments(t as ts.TypeReference));
        // Arrays, sets, maps and other library types: their type arguments only; functions: nothing.
        if (isGlobalLib(this.program, t.getSymbol()) || t.getCallSignatures().length > 0) continue;
        for (const p of c.getPropertiesOfType(t)) stack.push(c.getTypeOfSymbol(p));
        for (const i of c.getIndexInfosOfType(t)) stack.push(i.type);
      }
    }
    return false;
  }

  private literalMembers(key: unknown, values: readonly (string | number | boolean)[], types: readonly ts.Type[]): HintIR {
    if (key === 'boolean') return new Set(values).size === 2 ? glob('Boolean') : enumLiterals(values);
    if (typeof key !== 'object') return enumLiterals(values);
    const decl = key as ts.EnumDeclaration;
    const whole = this.enumOf(decl);
    if (decl.members.length === new Set(values).size) return whole;
    const names = types.map((t) => t.getSymbol()?.name ?? '');
    return whole.k === 'enumObject' || typeof values[0] === 'number'
      ? { k: 'enumObject', members: names.map((n, i) => [n, values[i] as string | number] as const) }
      : enumLiterals(values);
  }

  /** The first property (in the first member's order) that every member has as a distinct string literal. */
  private tagged(types: readonly ts.Type[], members: readonly (HintIR & { k: 'class' | 'object' })[]): HintIR | undefined {
    const first = members[0]!;
    const candidates = first.k === 'object' ? first.shape.properties.map((p) => p.key) : this.checker.getPropertiesOfType(types[0]!).map((p) => p.name);
    for (const tag of candidates) {
      const values: string[] = [];
      for (const t of types) {
        const p = this.checker.getPropertyOfType(t, tag);
        const pt = p === undefined || p.flags & ts.SymbolFlags.Optional ? undefined : this.checker.getTypeOfSymbol(p);
        if (pt === undefined || !pt.isStringLiteral()) break;
        values.push(pt.value);
      }
      if (values.length === types.length && new Set(values).size === values.length) {
        return { k: 'discriminated', tag, members: values.map((v, i) => [v, members[i]!] as const) };
      }
    }
    return undefined;
  }

  fromNode(node: ts.TypeNode, depth = 0): HintIR {
    if (depth > 32) throw new SlotError(D.selfReferentType());
    if (ts.isParenthesizedTypeNode(node)) return this.fromNode(node.type, depth + 1);
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) return this.fromNode(node.type, depth + 1);
    if (node.kind === ts.SyntaxKind.UnknownKeyword || node.kind === ts.SyntaxKind.AnyKeyword) return lib('JsonValue');
    if (node.kind === ts.SyntaxKind.ObjectKeyword) return lib('JsonObject');
    if (ts.isArrayTypeNode(node)) return this.arrayOf(node.elementType, depth);
    if (ts.isTupleTypeNode(node)) throw new SlotError(D.tuple());
    if (ts.isUnionTypeNode(node)) {
      const parts = this.unionNodes(node)!;
      const inner = parts.rest.length === 1 ? this.fromNode(parts.rest[0]!, depth + 1) : this.union(parts.rest);
      return parts.hasNull ? { k: 'nullable', of: inner } : inner;
    }
    if (ts.isLiteralTypeNode(node)) {
      const v = literalOf(node);
      if (v !== undefined) return enumLiterals([v]);
    }
    if (ts.isTypeReferenceNode(node)) {
      const r = this.reference(node, depth);
      if (r !== undefined) return r;
    }
    return this.fromType(this.checker.getTypeFromTypeNode(node));
  }

  private arrayOf(element: ts.TypeNode, depth: number): HintIR {
    if (element.kind === ts.SyntaxKind.UnknownKeyword || element.kind === ts.SyntaxKind.AnyKeyword) return lib('JsonArray');
    return { k: 'array', of: this.fromNode(element, depth + 1) };
  }

  private globalName(name: ts.EntityName): string | undefined {
    const sym = finalSymbol(this.checker, this.checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : name));
    return sym !== undefined && isGlobalLib(this.program, sym) ? sym.name : undefined;
  }

  private reference(node: ts.TypeReferenceNode, depth: number): HintIR | undefined {
    const at = ts.isQualifiedName(node.typeName) ? node.typeName.right : node.typeName;
    const sym = this.checker.getSymbolAtLocation(at);
    if (sym === undefined) return undefined;
    const fin = finalSymbol(this.checker, sym)!;
    if (TOKEN_NAMES.has(fin.name) && fin.flags & ts.SymbolFlags.TypeAlias && isOurs(this.checker, sym, node.typeName)) return lib(fin.name);
    const args = node.typeArguments ?? [];
    const g = this.globalName(node.typeName);
    if ((g === 'Array' || g === 'ReadonlyArray') && args[0]) return this.arrayOf(args[0], depth);
    if ((g === 'Set' || g === 'ReadonlySet') && args[0]) return { k: 'set', of: this.fromNode(args[0], depth + 1) };
    if ((g === 'Map' || g === 'ReadonlyMap' || g === 'Record') && args.length === 2) {
      const keys = this.checker.getTypeFromTypeNode(args[0]!);
      // `Record<'a' | 'b', T>` is an object with those properties: read as the type it resolves to.
      if (g === 'Record' && isStringLiterals(keys)) return undefined;
      this.stringKey(keys);
      const v = args[1]!;
      if (g === 'Record' && (v.kind === ts.SyntaxKind.UnknownKeyword || v.kind === ts.SyntaxKind.AnyKeyword)) return lib('JsonObject');
      return { k: 'record', of: this.fromNode(v, depth + 1), ...(g === 'Record' ? {} : { map: true }) };
    }
    // A user's type alias without type parameters: read what it stands for, as written.
    const decl = fin.declarations?.[0];
    if (
      fin.flags & ts.SymbolFlags.TypeAlias &&
      decl !== undefined &&
      ts.isTypeAliasDeclaration(decl) &&
      decl.typeParameters === undefined &&
      !decl.getSourceFile().isDeclarationFile
    ) {
      // An alias met again inside itself: its type decides (a shape ends the cycle; anything else has no schema).
      if (this.aliases.has(fin)) return this.fromType(this.checker.getDeclaredTypeOfSymbol(fin), depth + 1);
      this.aliases.add(fin);
      try {
        return this.fromNode(decl.type, depth + 1);
      } finally {
        this.aliases.delete(fin);
      }
    }
    return undefined;
  }

  private stringKey(key: ts.Type): void {
    if (!(key.flags & ts.TypeFlags.String)) throw new SlotError(D.nonStringKeys());
  }

  fromType(type: ts.Type, depth = 0): HintIR {
    const known = this.shapes.get(type);
    if (known !== undefined) return { k: 'object', shape: known };
    if (depth > 32 || this.visiting.has(type)) throw new SlotError(D.selfReferentType());
    this.visiting.add(type);
    try {
      return this.readType(type, depth);
    } finally {
      this.visiting.delete(type);
    }
  }

  private readType(type: ts.Type, depth: number): HintIR {
    const c = this.checker;
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return lib('JsonValue');
    const alias = type.aliasSymbol;
    if (alias !== undefined && TOKEN_NAMES.has(alias.name) && isOurs(c, alias)) return lib(alias.name);
    if (type.isUnion()) {
      const rest = this.writtenOrder(type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void))));
      const hasNull = type.types.some((t) => t.flags & ts.TypeFlags.Null);
      let inner: HintIR;
      if (rest.length === 1) inner = this.fromType(rest[0]!, depth + 1);
      else if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) inner = glob('Boolean');
      else if (rest.every((t) => t.flags & ts.TypeFlags.EnumLiteral) && sameEnum(rest)) inner = this.enumOf(parentEnum(rest[0]!)!);
      else if (rest.every((t) => t.isLiteral()) && new Set(rest.map((t) => typeof (t as ts.LiteralType).value)).size === 1)
        inner = enumLiterals(rest.map((t) => (t as ts.LiteralType).value as string | number));
      else inner = this.mixed(rest.map((t) => ({ type: t })));
      return hasNull ? { k: 'nullable', of: inner } : inner;
    }
    if (type.isIntersection()) {
      // A branded primitive (`string & { __brand: 'Id' }`) is its primitive; an intersection of objects is one shape.
      const primitives = type.types.filter((t) => !(t.flags & ts.TypeFlags.Object));
      if (primitives.length === 1) return this.fromType(primitives[0]!, depth + 1);
      if (primitives.length > 1) throw new SlotError(D.noSchema(c.typeToString(type)));
      return this.object(type, depth);
    }
    if (f & ts.TypeFlags.Boolean || f & ts.TypeFlags.BooleanLiteral)
      return f & ts.TypeFlags.BooleanLiteral ? enumLiterals([c.typeToString(type) === 'true']) : glob('Boolean');
    if (f & ts.TypeFlags.EnumLiteral || f & ts.TypeFlags.Enum) {
      const e = parentEnum(type);
      if (e !== undefined) return this.enumOf(e);
    }
    if (f & ts.TypeFlags.NumberLike && !(f & ts.TypeFlags.NumberLiteral)) return glob('Number');
    if (f & ts.TypeFlags.StringLike && !(f & ts.TypeFlags.StringLiteral)) return glob('String');
    if (f & ts.TypeFlags.BigIntLike) return glob('BigInt');
    if (type.isLiteral()) return enumLiterals([type.value as string | number]);
    if (f & ts.TypeFlags.NonPrimitive) return lib('JsonObject');
    if (f & ts.TypeFlags.TypeParameter) throw new SlotError(D.typeParameter(c.typeToString(type)));
    if (f & ts.TypeFlags.ESSymbolLike) throw new SlotError(D.symbol());
    if (!(f & ts.TypeFlags.Object)) throw new SlotError(D.noSchema(c.typeToString(type)));
    if (c.isTupleType(type)) throw new SlotError(D.tuple());
    if (c.isArrayType(type)) {
      const el = c.getTypeArguments(type as ts.TypeReference)[0];
      if (el === undefined || el.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return lib('JsonArray');
      if (el.flags & ts.TypeFlags.Never) throw new SlotError(D.emptyArrayLiteral());
      return { k: 'array', of: this.fromType(el, depth + 1) };
    }
    const sym = type.getSymbol();
    if (sym !== undefined && isGlobalLib(this.program, sym)) {
      const args = c.getTypeArguments(type as ts.TypeReference);
      if ((sym.name === 'Set' || sym.name === 'ReadonlySet') && args[0]) return { k: 'set', of: this.fromType(args[0], depth + 1) };
      if ((sym.name === 'Map' || sym.name === 'ReadonlyMap') && args.length === 2) {
        this.stringKey(args[0]!);
        return { k: 'record', of: this.fromType(args[1]!, depth + 1), map: true };
      }
      if (BUILTIN_CTORS.has(sym.name)) return glob(sym.name as GlobalName);
      if (sym.name === 'AbortSignal') return glob('AbortSignal');
      if (REFUSED_TYPES.has(sym.name)) throw new SlotError(D.refusedType(sym.name));
    }
    if (sym !== undefined && sym.flags & ts.SymbolFlags.Class) {
      const decl = sym.declarations?.find(ts.isClassDeclaration);
      if (decl !== undefined) {
        if (isContextClass(c, sym, decl)) return lib('ToolContext');
        if (decl.typeParameters !== undefined && decl.typeParameters.length > 0) throw new SlotError(D.genericClass(sym.name));
        return { k: 'class', decl };
      }
    }
    return this.object(type, depth);
  }

  /**
   * The checker orders a union's members by when it first met each type, which differs from one
   * build to another; its string and number literals (an inferred `'circle' | 'square'`) are put in
   * the order they are first written as literal types in the program's files instead.
   */
  private writtenOrder(types: readonly ts.Type[]): ts.Type[] {
    const at = types.map((t, i) => (t.isStringLiteral() || t.isNumberLiteral() ? i : -1)).filter((i) => i >= 0);
    if (at.length < 2) return [...types];
    const order = (this.literalOrder ??= literalsInOrder(this.program));
    const rank = (t: ts.Type) => order.get((t as ts.LiteralType).value as string | number) ?? Number.MAX_SAFE_INTEGER;
    const sorted = at.map((i) => types[i]!).sort((a, b) => rank(a) - rank(b));
    const out = [...types];
    at.forEach((i, j) => (out[i] = sorted[j]!));
    return out;
  }

  /** An object type with no class: a record (an index signature alone), or a shape. */
  private object(type: ts.Type, depth: number): HintIR {
    const c = this.checker;
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) throw new SlotError(D.function());
    const indexes = c.getIndexInfosOfType(type);
    if (indexes.some((i) => !(i.keyType.flags & ts.TypeFlags.String))) throw new SlotError(D.nonStringKeys());
    const index = indexes[0];
    const properties = c.getPropertiesOfType(type);
    if (index !== undefined) {
      if (properties.length > 0) throw new SlotError(D.propertiesAndIndex(c.typeToString(type)));
      if (index.type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return lib('JsonObject');
      return { k: 'record', of: this.fromType(index.type, depth + 1) };
    }
    return { k: 'object', shape: this.shape(type, properties, depth) };
  }

  /**
   * A shape, read once: recorded first (a property that reaches the type again refers to this
   * record), then its properties in declaration order, base types first. Members declared as a
   * class's methods or accessors, and its private or protected members, are not data and are left
   * out (a mapped type over a class is a shape of its properties).
   */
  private shape(type: ts.Type, properties: readonly ts.Symbol[], depth: number): ShapeIR {
    const named = this.nameOf(type);
    const description = named?.decl !== undefined ? summaryOf(named.decl) : undefined;
    const shape: ShapeIR = {
      ...(named !== undefined ? { name: named.name } : {}),
      ...(description !== undefined ? { description } : {}),
      properties: [],
      decls: named?.decl !== undefined && !named.decl.getSourceFile().isDeclarationFile ? [named.decl] : [],
    };
    this.shapes.set(type, shape);
    const mark = this.recorded.push(type) - 1;
    try {
      for (const prop of this.ordered(properties)) {
        const p = this.property(prop, named?.name, depth);
        if (p === undefined) continue;
        shape.properties.push(p.ir);
        if (p.decl !== undefined && !p.decl.getSourceFile().isDeclarationFile) shape.decls.push(p.decl);
      }
    } catch (e) {
      // Shapes recorded since this one may refer to it: they are read again when next met.
      for (const t of this.recorded.splice(mark)) this.shapes.delete(t);
      throw e;
    }
    return shape;
  }

  private property(prop: ts.Symbol, owner: string | undefined, depth: number): { ir: ShapePropIR; decl?: ts.Declaration } | undefined {
    const decl = prop.valueDeclaration ?? prop.declarations?.[0];
    // A class's own members (its properties, and constructor parameter properties): public data only.
    if (decl !== undefined && (ts.isClassElement(decl) || ts.isParameter(decl))) {
      if (ts.isClassElement(decl) && !ts.isPropertyDeclaration(decl)) return undefined;
      if (ts.getCombinedModifierFlags(decl) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) return undefined;
      if (ts.isPropertyDeclaration(decl) && ts.isPrivateIdentifier(decl.name)) return undefined;
    }
    const key = prop.name;
    const symbolKey = String(prop.escapedName).startsWith('__@');
    const shown = symbolKey && decl !== undefined ? (ts.getNameOfDeclaration(decl)?.getText() ?? key) : key;
    const where = (d: Diagnosis) => new SlotError({ code: d.code, text: `property '${shown}'${owner !== undefined ? ` of ${owner}` : ''}: ${d.text}` });
    if (symbolKey) throw where(D.symbol());
    if (key === '__proto__') throw where(D.protoProperty());
    const type = this.checker.getTypeOfSymbol(prop);
    // The declaration's syntax when it still says what the property is (not where a generic or mapped type changed it).
    const written = decl !== undefined && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) ? decl.type : undefined;
    const node =
      written !== undefined && this.checker.getNonNullableType(this.checker.getTypeFromTypeNode(written)) === this.checker.getNonNullableType(type)
        ? written
        : undefined;
    let slot: SlotType;
    try {
      slot = node !== undefined ? this.slotOf(node, type) : this.slotOfType(type, depth);
    } catch (e) {
      throw e instanceof SlotError ? where(e.diagnosis) : e;
    }
    const description = decl !== undefined ? summaryOf(decl) : undefined;
    const tags =
      decl !== undefined && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl))
        ? tagOptions(decl, slot.hint, slot.nullable, undefined, this.report)
        : undefined;
    const ir: ShapePropIR = {
      key,
      type: slot.hint,
      ...(prop.flags & ts.SymbolFlags.Optional || slot.optional ? { optional: true } : {}),
      ...(slot.nullable ? { nullable: true } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(tags !== undefined ? { tags } : {}),
    };
    return { ir, ...(decl !== undefined ? { decl } : {}) };
  }

  private slotOfType(type: ts.Type, depth: number): SlotType {
    let inner = this.fromType(this.checker.getNonNullableType(type), depth + 1);
    let nullable = this.hasNull(type);
    if (inner.k === 'nullable') {
      nullable = true;
      inner = inner.of;
    }
    return { hint: inner, nullable, optional: this.hasUndefined(type) };
  }

  /**
   * Properties in declaration order: grouped by the declaration that holds them (an interface, a
   * type literal, a class), base types' groups first, then the checker's order of groups; within a
   * group, in source order.
   */
  private ordered(properties: readonly ts.Symbol[]): ts.Symbol[] {
    const groups = new Map<ts.Node | ts.Symbol, { first: number; depth: number }>();
    const keyed = properties.map((p, i) => {
      const d = p.declarations?.[0];
      const holder: ts.Node | ts.Symbol = d?.parent ?? p;
      if (!groups.has(holder)) groups.set(holder, { first: i, depth: d !== undefined ? this.heritageDepth(d.parent) : 0 });
      return { p, holder, pos: d !== undefined ? d.pos : i };
    });
    return keyed
      .sort((a, b) => {
        const ga = groups.get(a.holder)!;
        const gb = groups.get(b.holder)!;
        return ga.depth - gb.depth || ga.first - gb.first || a.pos - b.pos;
      })
      .map((k) => k.p);
  }

  /** How many interfaces or classes an interface or class extends (through its bases). */
  private heritageDepth(n: ts.Node, seen = new Set<ts.Node>()): number {
    if (!(ts.isInterfaceDeclaration(n) || ts.isClassLike(n)) || seen.has(n)) return 0;
    seen.add(n);
    let depth = 0;
    for (const clause of n.heritageClauses ?? []) {
      if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
      for (const t of clause.types) {
        const sym = finalSymbol(this.checker, this.checker.getSymbolAtLocation(t.expression));
        for (const d of sym?.declarations ?? []) depth = Math.max(depth, 1 + this.heritageDepth(d, seen));
      }
    }
    return depth;
  }

  /** The name of an interface, a class, or a user's type alias, and its declaration (for its summary). */
  private nameOf(type: ts.Type): { name: string; decl?: ts.Declaration } | undefined {
    const alias = type.aliasSymbol;
    if (alias !== undefined && !isGlobalLib(this.program, alias))
      return { name: alias.name, ...(alias.declarations?.[0] ? { decl: alias.declarations[0] } : {}) };
    const sym = type.getSymbol();
    if (sym !== undefined && sym.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && !isGlobalLib(this.program, sym)) {
      return { name: sym.name, ...(sym.declarations?.[0] ? { decl: sym.declarations[0] } : {}) };
    }
    return undefined;
  }

  private enumOf(decl: ts.EnumDeclaration): HintIR {
    const members: [string, string | number][] = [];
    for (const m of decl.members) {
      const v = this.checker.getConstantValue(m);
      if (v === undefined) throw new SlotError(D.computedEnum(decl.name.text));
      members.push([m.name.getText(), v]);
    }
    const kinds = new Set(members.map(([, v]) => typeof v));
    if (kinds.size !== 1) throw new SlotError(D.mixedEnum(decl.name.text));
    const isConst = ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Const;
    return isConst ? { k: 'enumObject', members } : { k: 'enumRef', decl };
  }
}

/** Each string and number written as a literal type in the program's own files, numbered in order of first use. */
function literalsInOrder(program: ts.Program): Map<string | number, number> {
  const out = new Map<string | number, number>();
  const visit = (n: ts.Node): void => {
    if (ts.isLiteralTypeNode(n)) {
      const v = literalOf(n);
      if ((typeof v === 'string' || typeof v === 'number') && !out.has(v)) out.set(v, out.size);
      return;
    }
    ts.forEachChild(n, visit);
  };
  for (const sf of program.getSourceFiles()) if (!sf.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sf)) visit(sf);
  return out;
}

/** The group a literal member of a mixed union joins: its kind, or its enum. */
function literalGroup(t: ts.Type): { key: unknown; value: string | number | boolean } | undefined {
  if (t.flags & ts.TypeFlags.BooleanLiteral) return { key: 'boolean', value: (t as { intrinsicName?: string }).intrinsicName === 'true' };
  if (!t.isLiteral() || typeof t.value === 'object') return undefined;
  if (t.flags & ts.TypeFlags.EnumLiteral) {
    const e = parentEnum(t);
    if (e !== undefined) return { key: e, value: t.value };
  }
  return { key: typeof t.value, value: t.value };
}

function isStringLiterals(t: ts.Type): boolean {
  return t.isUnion() ? t.types.every((m) => m.isStringLiteral()) : t.isStringLiteral();
}

function enumLiterals(values: readonly (string | number | boolean)[]): HintIR {
  const types = new Set(values.map((v) => (typeof v === 'number' ? 'number' : typeof v)));
  if (types.size !== 1) throw new SlotError(D.literalKinds([...types]));
  return { k: 'enumLiterals', values: [...new Set(values)] };
}

function literalOf(node: ts.TypeNode): string | number | boolean | undefined {
  if (!ts.isLiteralTypeNode(node)) return undefined;
  const l = node.literal;
  if (ts.isStringLiteral(l) || ts.isNoSubstitutionTemplateLiteral(l)) return l.text;
  if (ts.isNumericLiteral(l)) return Number(l.text);
  if (ts.isPrefixUnaryExpression(l) && l.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(l.operand)) return -Number(l.operand.text);
  if (l.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (l.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

function parentEnum(t: ts.Type): ts.EnumDeclaration | undefined {
  const sym = t.getSymbol();
  const d = sym?.declarations?.[0];
  if (d === undefined) return undefined;
  if (ts.isEnumDeclaration(d)) return d;
  if (ts.isEnumMember(d)) return d.parent;
  return undefined;
}

function sameEnum(types: readonly ts.Type[]): boolean {
  const first = parentEnum(types[0]!);
  return first !== undefined && types.every((t) => parentEnum(t) === first);
}

/** What emitDecoratorMetadata records for a hint's type, for built-ins only. */
export function designOf(h: HintIR): GlobalName | undefined {
  switch (h.k) {
    case 'global':
      return h.name === 'AbortSignal' ? undefined : h.name;
    case 'lib': {
      if (/^U?Int(8|16|32)?$/.test(h.name)) return 'Number';
      if (h.name === 'Int64' || h.name === 'UInt64') return 'BigInt';
      if (['Char', 'Uuid', 'DateOnly', 'TimeOnly', 'TimeSpan'].includes(h.name)) return 'String';
      if (h.name === 'JsonArray') return 'Array';
      return undefined;
    }
    case 'array':
      return 'Array';
    case 'set':
      return 'Set';
    case 'record':
      return h.map ? 'Map' : undefined;
    case 'enumObject':
      return typeof h.members[0]?.[1] === 'string' ? 'String' : 'Number';
    case 'enumRef':
      return h.decl.members.some((m) => m.initializer !== undefined && ts.isStringLiteralLike(m.initializer)) ? 'String' : 'Number';
    case 'enumLiterals': {
      const t = typeof h.values[0];
      return t === 'string' ? 'String' : t === 'number' ? 'Number' : 'Boolean';
    }
    default:
      return undefined;
  }
}

/** `ToolContext`, from this package or another copy of it (as the runtime brand, by shape). */
function isContextClass(checker: ts.TypeChecker, sym: ts.Symbol, decl: ts.ClassDeclaration): boolean {
  if (sym.name !== 'ToolContext') return false;
  if (isOurs(checker, sym)) return true;
  return decl.members.some((m) => m.name !== undefined && ts.isIdentifier(m.name) && m.name.text === 'addCost');
}
