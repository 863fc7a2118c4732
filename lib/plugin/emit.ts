import * as ts from 'typescript';
import type { ClassIR, HintIR, MethodIR, ParamIR, PropIR, ShapeIR, TagsIR, TagValue } from './hints';
import { isRecursive, needsThunk } from './hints';

/**
 * Writes what the plugin read as code: hints and `defineStaticMetadata` arguments. One writer for
 * both outputs; a `Namer` says how each output names the library's exports and user declarations.
 */
export interface Namer {
  /** An export of tool-signatures (`Int32`, `SetOf`, `defineStaticMetadata`, ...). */
  lib(name: string): ts.Expression;
  /** A user's class or enum. */
  decl(d: ts.ClassDeclaration | ts.EnumDeclaration): ts.Expression;
  /** The constant that holds a recursive shape (see `ShapeConstants`). */
  shape(s: ShapeIR): ts.Expression;
}

const f = ts.factory;

function key(name: string): ts.PropertyName {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? f.createIdentifier(name) : f.createStringLiteral(name);
}

function literal(v: string | number | boolean): ts.Expression {
  if (typeof v === 'string') return f.createStringLiteral(v);
  if (typeof v === 'boolean') return v ? f.createTrue() : f.createFalse();
  return v < 0 || Object.is(v, -0) ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(-v)) : f.createNumericLiteral(v);
}

/** A doc tag's value as an expression (a bigint bound as a bigint literal). */
function tagValue(v: TagValue): ts.Expression {
  if (v === null) return f.createNull();
  if (typeof v === 'bigint')
    return v < 0n ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createBigIntLiteral(`${-v}n`)) : f.createBigIntLiteral(`${v}n`);
  if (Array.isArray(v)) return f.createArrayLiteralExpression(v.map(tagValue));
  if (typeof v === 'object')
    return f.createObjectLiteralExpression(Object.entries(v).map(([k, x]) => f.createPropertyAssignment(f.createStringLiteral(k), tagValue(x))));
  return literal(v as string | number | boolean);
}

/** The entries of the slot options that doc tags give (`minimum: 1`, `examples: [...]`). */
function tagEntries(tags: TagsIR | undefined): (readonly [string, ts.Expression])[] {
  return (tags ?? []).map(([k, v]) => [k, tagValue(v)] as const);
}

function object(entries: readonly (readonly [string, ts.Expression | undefined])[]): ts.ObjectLiteralExpression {
  return f.createObjectLiteralExpression(
    entries.filter((e): e is readonly [string, ts.Expression] => e[1] !== undefined).map(([k, v]) => f.createPropertyAssignment(key(k), v)),
    false,
  );
}

function call(namer: Namer, fn: string, arg: ts.Expression): ts.Expression {
  return f.createCallExpression(namer.lib(fn), undefined, [arg]);
}

function hintBody(h: HintIR, namer: Namer): ts.Expression {
  switch (h.k) {
    case 'global':
      return f.createIdentifier(h.name);
    case 'lib':
      return namer.lib(h.name);
    case 'array':
      return f.createArrayLiteralExpression([hintBody(h.of, namer)]);
    case 'set':
      return call(namer, 'SetOf', hintBody(h.of, namer));
    case 'record':
      return call(namer, 'RecordOf', hintBody(h.of, namer));
    case 'nullable':
      return call(namer, 'Nullable', hintBody(h.of, namer));
    case 'enumRef':
      return call(namer, 'EnumOf', namer.decl(h.decl));
    case 'enumLiterals':
      return call(namer, 'EnumOf', f.createArrayLiteralExpression(h.values.map(literal)));
    case 'enumObject':
      return call(namer, 'EnumOf', object(h.members.map(([k, v]) => [k, literal(v)] as const)));
    case 'class':
      return namer.decl(h.decl);
    case 'object':
      return isRecursive(h.shape) ? namer.shape(h.shape) : objectOf(h.shape, namer);
    case 'anyOf':
      return f.createCallExpression(
        namer.lib('AnyOf'),
        undefined,
        h.of.map((m) => hintBody(m, namer)),
      );
    case 'discriminated':
      return f.createCallExpression(namer.lib('Discriminated'), undefined, [
        f.createStringLiteral(h.tag),
        object(h.members.map(([v, m]) => [v, hintBody(m, namer)] as const)),
      ]);
  }
}

/** `ObjectOf({ key: hint, ... }, { name, description })`: each property lazy where it needs it. */
function objectOf(s: ShapeIR, namer: Namer): ts.Expression {
  const properties = object(s.properties.map((p) => [p.key, slotEntry(p, namer)] as const));
  const options = object([
    ['name', str(s.name)],
    ['description', str(s.description)],
  ]);
  return f.createCallExpression(namer.lib('ObjectOf'), undefined, options.properties.length > 0 ? [properties, options] : [properties]);
}

/** A hint; one that names a user declaration is lazy (`() => Item`), so declaration order and import cycles never matter. */
export function hintExpr(h: HintIR, namer: Namer): ts.Expression {
  const body = hintBody(h, namer);
  if (!needsThunk(h)) return body;
  return f.createArrowFunction(undefined, undefined, [], undefined, f.createToken(ts.SyntaxKind.EqualsGreaterThanToken), body);
}

/**
 * The constants of one output that hold its recursive shapes, each written once
 * (`const __ts_Tree: ObjectHint = ObjectOf({ children: () => [__ts_Tree] }, { name: 'Tree' })`), so
 * that every use of the shape is the same hint and the runtime writes it in `$defs`.
 */
export class ShapeConstants {
  private readonly ids = new Map<ShapeIR, ts.Identifier>();

  id(s: ShapeIR): ts.Identifier {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = f.createUniqueName(`__ts_${(s.name ?? 'Shape').replace(/[^\w$]/g, '_')}`, ts.GeneratedIdentifierFlags.Optimistic);
      this.ids.set(s, id);
    }
    return id;
  }

  /** The declarations of every constant named so far (and of those their bodies name). */
  statements(namer: Namer, type: () => ts.TypeNode | undefined): ts.Statement[] {
    const out: ts.Statement[] = [];
    // A Map visits entries added while it is iterated: a body that names another shape adds it.
    for (const [s, id] of this.ids) {
      const decl = f.createVariableDeclaration(id, undefined, type(), objectOf(s, namer));
      out.push(f.createVariableStatement(undefined, f.createVariableDeclarationList([decl], ts.NodeFlags.Const)));
    }
    return out;
  }
}

const str = (s: string | undefined) => (s === undefined ? undefined : f.createStringLiteral(s));
const flag = (b: boolean | undefined) => (b ? f.createTrue() : undefined);

/** What a parameter and a property record alike: type, optionality, nullability, description, design type. */
function slotEntries(p: ParamIR | PropIR, namer: Namer): (readonly [string, ts.Expression | undefined])[] {
  return [
    ['type', p.type && hintExpr(p.type, namer)],
    ['optional', flag(p.optional)],
    ['nullable', flag(p.nullable)],
    ['description', str(p.description)],
    ['design', p.design && f.createIdentifier(p.design)],
    ['tags', p.tags !== undefined && p.tags.length > 0 ? object(tagEntries(p.tags)) : undefined],
  ];
}

function paramExpr(p: ParamIR, namer: Namer): ts.Expression {
  return object([['name', str(p.name)], ...slotEntries(p, namer)]);
}

export function methodExpr(m: MethodIR, namer: Namer): ts.Expression {
  return object([
    ['description', str(m.description)],
    ['returns', m.returns && hintExpr(m.returns, namer)],
    [
      'params',
      f.createArrayLiteralExpression(
        m.params.map((p) => paramExpr(p, namer)),
        false,
      ),
    ],
  ]);
}

function propExpr(p: PropIR, namer: Namer): ts.Expression {
  return object([['key', f.createStringLiteral(p.key)], ...slotEntries(p, namer)]);
}

/** The `StaticClassMeta` of a class. */
export function classMetaExpr(c: ClassIR, namer: Namer): ts.Expression {
  return object([
    ['methods', c.methods.size > 0 ? object([...c.methods].map(([k, m]) => [k, methodExpr(m, namer)] as const)) : undefined],
    [
      'properties',
      c.properties !== undefined
        ? f.createArrayLiteralExpression(
            c.properties.map((p) => propExpr(p, namer)),
            true,
          )
        : undefined,
    ],
  ]);
}

/** `defineStaticMetadata(target, meta);` */
export function defineStatement(target: ts.Expression, meta: ts.Expression, namer: Namer): ts.Statement {
  return f.createExpressionStatement(f.createCallExpression(namer.lib('defineStaticMetadata'), undefined, [target, meta]));
}

/** A slot as a bare hint, or `@Param`-style options: a `Tool.create` parameter, a property of a shape. */
export function slotEntry(p: ParamIR, namer: Namer): ts.Expression | undefined {
  if (p.type === undefined) return undefined;
  const type = hintExpr(p.type, namer);
  if (!p.optional && !p.nullable && p.description === undefined && (p.tags === undefined || p.tags.length === 0)) return type;
  return object([['type', type], ['optional', flag(p.optional)], ['nullable', flag(p.nullable)], ['description', str(p.description)], ...tagEntries(p.tags)]);
}

export { key as propertyName };
