import * as ts from 'typescript';
import { DIAGNOSTICS as D, REFUSED_TYPES } from '../diagnostics';
import { SlotError } from './diagnostics';
import type { GlobalName, HintIR } from './hints';
import { finalSymbol, isGlobalLib, isOurs, TOKEN_NAMES } from './recognize';

/**
 * Reads a static type as a hint. The type's syntax is read first (it keeps what the checker
 * forgets: token aliases such as `Int32`, the written order of a literal union); the checker's
 * type is the fallback (inferred types).
 */

const lib = (name: string): HintIR => ({ k: 'lib', name });
const glob = (name: GlobalName): HintIR => ({ k: 'global', name });
const BUILTIN_CTORS = new Set<string>(['Date', 'URL', 'Uint8Array', 'Buffer']);

export interface SlotType {
  readonly hint: HintIR;
  /** `T | null` at the top: written as `nullable: true` beside the hint of `T`. */
  readonly nullable: boolean;
  /** The built-in constructor that emitDecoratorMetadata would record for `T`. */
  readonly design?: GlobalName;
}

export class TypeReader {
  constructor(private readonly program: ts.Program, private readonly checker: ts.TypeChecker) {}

  /** A parameter's or property's type: top-level `null`/`undefined` split off. */
  slot(node: ts.TypeNode | undefined, type: ts.Type): SlotType {
    let nullable = false;
    let inner: HintIR;
    const parts = node !== undefined ? this.unionNodes(node) : undefined;
    if (parts !== undefined) {
      nullable = parts.hasNull;
      inner = parts.rest.length === 1 ? this.fromNode(parts.rest[0]!) : this.union(parts.rest, this.checker.getNonNullableType(type));
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
    return { hint: inner, nullable, ...(designOf(inner) !== undefined ? { design: designOf(inner) } : {}) };
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
    const isPart = (x: ts.Type) => ['Part', 'TextPart', 'JsonPart', 'ImagePart'].includes(name(x) ?? '') ||
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

  private unionNodes(node: ts.TypeNode): { hasNull: boolean; rest: ts.TypeNode[] } | undefined {
    let n = node;
    while (ts.isParenthesizedTypeNode(n)) n = n.type;
    if (!ts.isUnionTypeNode(n)) return undefined;
    let hasNull = false;
    const rest: ts.TypeNode[] = [];
    for (const m of n.types) {
      if (ts.isLiteralTypeNode(m) && m.literal.kind === ts.SyntaxKind.NullKeyword) hasNull = true;
      else if (m.kind === ts.SyntaxKind.UndefinedKeyword) continue;
      else rest.push(m);
    }
    return { hasNull, rest };
  }

  private hasNull(type: ts.Type): boolean {
    return type.isUnion() ? type.types.some((t) => t.flags & ts.TypeFlags.Null) : (type.flags & ts.TypeFlags.Null) !== 0;
  }

  /** A union of several non-null members: literals as written, else what the checker makes of it. */
  private union(members: readonly ts.TypeNode[], type: ts.Type): HintIR {
    const values: (string | number | boolean)[] = [];
    for (const m of members) {
      const v = literalOf(m);
      if (v === undefined) return this.fromType(type);
      values.push(v);
    }
    return enumLiterals(values);
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
      const inner = parts.rest.length === 1 ? this.fromNode(parts.rest[0]!, depth + 1) : this.union(parts.rest, this.checker.getNonNullableType(this.checker.getTypeFromTypeNode(node)));
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
      this.stringKey(this.checker.getTypeFromTypeNode(args[0]!));
      const v = args[1]!;
      if (g === 'Record' && (v.kind === ts.SyntaxKind.UnknownKeyword || v.kind === ts.SyntaxKind.AnyKeyword)) return lib('JsonObject');
      return { k: 'record', of: this.fromNode(v, depth + 1), ...(g === 'Record' ? {} : { map: true }) };
    }
    // A user's type alias without type parameters: read what it stands for, as written.
    const decl = fin.declarations?.[0];
    if (fin.flags & ts.SymbolFlags.TypeAlias && decl !== undefined && ts.isTypeAliasDeclaration(decl) && decl.typeParameters === undefined && !decl.getSourceFile().isDeclarationFile) {
      return this.fromNode(decl.type, depth + 1);
    }
    return undefined;
  }

  private stringKey(key: ts.Type): void {
    if (!(key.flags & ts.TypeFlags.String)) throw new SlotError(D.nonStringKeys());
  }

  fromType(type: ts.Type, depth = 0): HintIR {
    if (depth > 32) throw new SlotError(D.selfReferentType());
    const c = this.checker;
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return lib('JsonValue');
    const alias = type.aliasSymbol;
    if (alias !== undefined && TOKEN_NAMES.has(alias.name) && isOurs(c, alias)) return lib(alias.name);
    if (type.isUnion()) {
      const rest = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
      const hasNull = type.types.some((t) => t.flags & ts.TypeFlags.Null);
      let inner: HintIR;
      if (rest.length === 1) inner = this.fromType(rest[0]!, depth + 1);
      else if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) inner = glob('Boolean');
      else if (rest.every((t) => t.flags & ts.TypeFlags.EnumLiteral) && sameEnum(rest)) inner = this.enumOf(parentEnum(rest[0]!)!);
      else if (rest.every((t) => t.isLiteral())) inner = enumLiterals(rest.map((t) => (t as ts.LiteralType).value as string | number));
      else throw new SlotError(D.union(c.typeToString(type)));
      return hasNull ? { k: 'nullable', of: inner } : inner;
    }
    if (f & ts.TypeFlags.Boolean || f & ts.TypeFlags.BooleanLiteral) return f & ts.TypeFlags.BooleanLiteral ? enumLiterals([c.typeToString(type) === 'true']) : glob('Boolean');
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
    if (f & (ts.TypeFlags.ESSymbolLike)) throw new SlotError(D.symbol());
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
    if (type.getCallSignatures().length > 0) throw new SlotError(D.function());
    const index = c.getIndexInfoOfType(type, ts.IndexKind.String);
    if (index !== undefined && type.getProperties().length === 0) {
      if (index.type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return lib('JsonObject');
      return { k: 'record', of: this.fromType(index.type, depth + 1) };
    }
    const what = sym !== undefined && sym.flags & ts.SymbolFlags.Interface ? `the interface ${sym.name}` : `the type ${c.typeToString(type)}`;
    throw new SlotError(D.noRuntimeClass(what));
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
    case 'global': return h.name === 'AbortSignal' ? undefined : h.name;
    case 'lib': {
      if (/^U?Int(8|16|32)?$/.test(h.name)) return 'Number';
      if (h.name === 'Int64' || h.name === 'UInt64') return 'BigInt';
      if (['Char', 'Uuid', 'DateOnly', 'TimeOnly', 'TimeSpan'].includes(h.name)) return 'String';
      if (h.name === 'JsonArray') return 'Array';
      return undefined;
    }
    case 'array': return 'Array';
    case 'set': return 'Set';
    case 'record': return h.map ? 'Map' : undefined;
    case 'enumObject': return typeof h.members[0]?.[1] === 'string' ? 'String' : 'Number';
    case 'enumRef': return h.decl.members.some((m) => m.initializer !== undefined && ts.isStringLiteralLike(m.initializer)) ? 'String' : 'Number';
    case 'enumLiterals': {
      const t = typeof h.values[0];
      return t === 'string' ? 'String' : t === 'number' ? 'Number' : 'Boolean';
    }
    default: return undefined;
  }
}

/** `ToolContext`, from this package or another copy of it (as the runtime brand, by shape). */
function isContextClass(checker: ts.TypeChecker, sym: ts.Symbol, decl: ts.ClassDeclaration): boolean {
  if (sym.name !== 'ToolContext') return false;
  if (isOurs(checker, sym)) return true;
  return decl.members.some((m) => m.name !== undefined && ts.isIdentifier(m.name) && m.name.text === 'addCost');
}
