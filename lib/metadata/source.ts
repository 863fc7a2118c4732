import * as acorn from 'acorn';
import { cachedBy } from '../cache';

/**
 * Reads what only the source text keeps: parameter names, literal defaults and the order of class
 * fields. The text is parsed with acorn (never matched with a regex), in the forms real builds
 * produce: ES2017+ methods, tsc's `__awaiter` wrapper (ES2015/2016), istanbul's counters.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyNode = acorn.Node & Record<string, any>;

export interface SourceParam {
  /** The name, when the parameter is a plain identifier. */
  readonly name?: string;
  readonly rest: boolean;
  readonly hasDefault: boolean;
  /** The default, when it is a JSON literal (or an enum member, read later through the hint). */
  readonly literal?: LiteralDefault;
  /**
   * An object pattern (`{ city, days = 3 }`): its properties, each named by its key, when every one
   * is a plain key bound to a name (no computed key, rest element or nested pattern).
   */
  readonly properties?: readonly SourceParam[];
}

export type LiteralDefault =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'member'; readonly object: string; readonly member: string }
  /** `= null`: written as `"default": null` on a nullable slot only (v3); else optional, nothing written. */
  | { readonly kind: 'null' }
  /** `= undefined`, or any other expression: optional, nothing written. */
  | { readonly kind: 'none' };

const PARSE: acorn.Options = { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true };

/** The parameters as written in the function's source, or undefined when the source is not readable. */
export const readParams: (fn: Function) => readonly SourceParam[] | undefined = cachedBy(parseParams);

function parseParams(fn: Function): readonly SourceParam[] | undefined {
  let text: string;
  try {
    text = Function.prototype.toString.call(fn);
  } catch {
    return undefined;
  }
  if (/\{\s*\[native code\]\s*\}\s*$/.test(text)) return undefined;
  const fnNode = parseFunction(text);
  if (fnNode === undefined) return undefined;
  const params = (unwrapAwaiter(fnNode) ?? fnNode).params as AnyNode[];
  return params.map(readParam);
}

/** A function expression or an arrow function (`function`, `async function`, `(a) =>`, `a =>`, `async a =>`); anything else is a method's text. */
const EXPRESSION_FORM = /^(?:async\b\s*)?(?:function\b|\(|[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*\s*=>)/u;

function parseFunction(text: string): AnyNode | undefined {
  const expression = (): AnyNode => parseExpr(`(${text})`) as AnyNode;
  const method = (): AnyNode => (parseExpr(`(class { ${text}\n})`) as AnyNode).body.body[0]?.value as AnyNode;
  const objectMethod = (): AnyNode => (parseExpr(`({ ${text}\n})`) as AnyNode).properties[0]?.value as AnyNode;
  // A method's text never parses as an expression (`name(a) {` is a call followed by a block), and
  // a failed parse costs a SyntaxError: the likely form is tried first. Where two forms both parse
  // (`function (a) {}` is also a method named `function`), they read the same parameters.
  const attempts = EXPRESSION_FORM.test(text) ? [expression, method, objectMethod] : [method, expression, objectMethod];
  for (const attempt of attempts) {
    try {
      const n = attempt();
      if (n && (n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression')) return n;
    } catch {
      // not this form; try the next wrapper
    }
  }
  return undefined;
}

function parseExpr(text: string): acorn.Node {
  return acorn.parseExpressionAt(text, 0, PARSE);
}

/** tsc (ES2015/2016 targets) moves an async method's real parameters into `__awaiter(this, arguments, void 0, function* (...) {...})`. */
function unwrapAwaiter(fn: AnyNode): AnyNode | undefined {
  if (fn.body?.type !== 'BlockStatement') return undefined;
  for (const stmt of fn.body.body as AnyNode[]) {
    if (stmt.type !== 'ReturnStatement' || stmt.argument?.type !== 'CallExpression') continue;
    const call = stmt.argument as AnyNode;
    const callee = call.callee as AnyNode;
    const calleeName =
      callee.type === 'Identifier'
        ? callee.name
        : callee.type === 'MemberExpression'
          ? (callee.property as AnyNode).name
          : callee.type === 'SequenceExpression'
            ? ((callee.expressions.at(-1) as AnyNode)?.property as AnyNode)?.name
            : undefined;
    const gen = call.arguments[3] as AnyNode | undefined;
    if (typeof calleeName === 'string' && calleeName.endsWith('__awaiter') && gen?.type === 'FunctionExpression' && gen.generator) return gen;
  }
  return undefined;
}

function readParam(p: AnyNode): SourceParam {
  if (p.type === 'Identifier') return { name: p.name, rest: false, hasDefault: false };
  if (p.type === 'RestElement') return { name: p.argument?.type === 'Identifier' ? p.argument.name : undefined, rest: true, hasDefault: false };
  if (p.type === 'AssignmentPattern') {
    const name = p.left.type === 'Identifier' ? (p.left.name as string) : undefined;
    const properties = p.left.type === 'ObjectPattern' ? patternProperties(p.left) : undefined;
    return { name, rest: false, hasDefault: true, literal: readLiteral(p.right), ...(properties !== undefined ? { properties } : {}) };
  }
  const properties = p.type === 'ObjectPattern' ? patternProperties(p) : undefined;
  return { rest: false, hasDefault: false, ...(properties !== undefined ? { properties } : {}) };
}

/** The name a non-computed key gives (`a`, `'a'`); undefined for any other key. */
function keyName(key: AnyNode): string | undefined {
  if (key.type === 'Identifier') return key.name as string;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}

/** The properties of an object pattern, named by their keys; undefined when one is not a plain key bound to a name. */
function patternProperties(p: AnyNode): SourceParam[] | undefined {
  const out: SourceParam[] = [];
  for (const prop of p.properties as AnyNode[]) {
    if (prop.type !== 'Property' || prop.computed) return undefined;
    const key = keyName(prop.key as AnyNode);
    const value = prop.value as AnyNode;
    const bound = value.type === 'Identifier' || (value.type === 'AssignmentPattern' && value.left.type === 'Identifier');
    if (key === undefined || !bound) return undefined;
    out.push(
      value.type === 'AssignmentPattern'
        ? { name: key, rest: false, hasDefault: true, literal: readLiteral(value.right) }
        : { name: key, rest: false, hasDefault: false },
    );
  }
  return out;
}

const NONE: LiteralDefault = { kind: 'none' };
const NULL: LiteralDefault = { kind: 'null' };

/** A default expression as JSON, when it is a literal made only of literals. */
export function readLiteral(e: AnyNode): LiteralDefault {
  // istanbul rewrites `days = 3` as `days = (cov_x().b[0][0]++, 3)`
  if (e.type === 'SequenceExpression') return readLiteral(e.expressions.at(-1));
  // `Priority.High`, or `enums_1.Priority.High` once tsc has compiled the import to CommonJS
  if (e.type === 'MemberExpression' && (e.object.type === 'Identifier' || e.object.type === 'MemberExpression')) {
    const member =
      !e.computed && e.property.type === 'Identifier'
        ? e.property.name
        : e.computed && e.property.type === 'Literal' && typeof e.property.value === 'string'
          ? e.property.value
          : undefined;
    const object = e.object.type === 'Identifier' ? e.object.name : e.object.property?.name;
    return member === undefined || typeof object !== 'string' ? NONE : { kind: 'member', object, member };
  }
  const value = jsonOf(e);
  return value === NO_JSON ? NONE : value === null ? NULL : { kind: 'json', value };
}

const NO_JSON = Symbol('not JSON');

function jsonOf(e: AnyNode): unknown {
  switch (e.type) {
    case 'Literal':
      return e.regex || e.bigint !== undefined ? NO_JSON : e.value;
    case 'UnaryExpression': {
      if ((e.operator === '-' || e.operator === '+') && e.argument.type === 'Literal' && typeof e.argument.value === 'number') {
        return e.operator === '-' ? -e.argument.value : e.argument.value;
      }
      return NO_JSON;
    }
    case 'TemplateLiteral':
      return e.expressions.length === 0 ? e.quasis[0].value.cooked : NO_JSON;
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const el of e.elements as (AnyNode | null)[]) {
        if (el === null || el.type === 'SpreadElement') return NO_JSON;
        const v = jsonOf(el);
        if (v === NO_JSON) return NO_JSON;
        out.push(v);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const prop of e.properties as AnyNode[]) {
        if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init' || prop.method) return NO_JSON;
        const key = prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'Literal' ? String(prop.key.value) : undefined;
        if (key === undefined || key === '__proto__') return NO_JSON;
        const v = jsonOf(prop.value);
        if (v === NO_JSON) return NO_JSON;
        out[key] = v;
      }
      return out;
    }
    default:
      return NO_JSON;
  }
}

/** What a class's own source declares about its instance fields. */
export interface ClassFields {
  /** The instance fields declared as class fields, in source order (empty when fields are not emitted). */
  readonly order: readonly string[];
  /**
   * Each field's initializer, read as a default is: a class field's, or (fields not emitted: targets
   * before ES2022, `useDefineForClassFields: false`) a `this.key = ...` statement of the constructor.
   */
  readonly initializers: ReadonlyMap<string, LiteralDefault>;
  /** The source declares at least one instance field (private `#x` ones too) or constructor assignment to `this`. */
  readonly declares: boolean;
}

const NO_FIELDS: ClassFields = { order: [], initializers: new Map(), declares: false };

/** The instance fields declared in the class's own source (not its bases'). */
export const readClassFields: (cls: Function) => ClassFields = cachedBy(parseFields);

/**
 * The instance fields declared in the class's own source, in order. Empty when fields are not
 * emitted (targets before ES2022, or `useDefineForClassFields: false`).
 */
export function readFieldOrder(cls: Function): readonly string[] {
  return readClassFields(cls).order;
}

function parseFields(cls: Function): ClassFields {
  try {
    const text = Function.prototype.toString.call(cls);
    if (!/^class\b/.test(text)) return NO_FIELDS;
    const expr = parseExpr(`(${text})`) as AnyNode;
    if (expr.type !== 'ClassExpression') return NO_FIELDS;
    const order: string[] = [];
    const initializers = new Map<string, LiteralDefault>();
    const assigned: [string, AnyNode][] = [];
    let declares = false;
    for (const member of expr.body.body as AnyNode[]) {
      if (member.type === 'MethodDefinition' && member.kind === 'constructor') assigned.push(...constructorAssignments(member.value));
      if (member.type !== 'PropertyDefinition' || member.static) continue;
      declares = true;
      if (member.computed) continue;
      const key = keyName(member.key as AnyNode);
      if (key === undefined) continue;
      order.push(key);
      initializers.set(key, member.value ? readLiteral(member.value) : NONE);
    }
    // The constructor's body runs after the field initializers: its last top-level assignment of a
    // field is what a new instance holds.
    for (const [key, value] of assigned) {
      declares = true;
      initializers.set(key, readLiteral(value));
    }
    return { order, initializers, declares };
  } catch {
    return NO_FIELDS;
  }
}

/**
 * The fields a constructor's body sets at its top level, in order: `this.key = value` (fields not
 * emitted), or tsc's `Object.defineProperty(this, "key", { ..., value })` (ES2017 targets with
 * `useDefineForClassFields`). A field without an initializer has the value `void 0`.
 */
function constructorAssignments(fn: AnyNode): [string, AnyNode][] {
  const out: [string, AnyNode][] = [];
  for (const stmt of (fn.body?.body ?? []) as AnyNode[]) {
    const e = stmt.type === 'ExpressionStatement' ? (stmt.expression as AnyNode) : undefined;
    if (e?.type === 'AssignmentExpression' && e.operator === '=' && e.left.type === 'MemberExpression' && e.left.object.type === 'ThisExpression') {
      const key = !e.left.computed && e.left.property.type === 'Identifier' ? (e.left.property.name as string) : undefined;
      if (key !== undefined) out.push([key, e.right]);
    } else if (
      e?.type === 'CallExpression' &&
      isDefineProperty(e.callee) &&
      e.arguments[0]?.type === 'ThisExpression' &&
      e.arguments[1]?.type === 'Literal' &&
      typeof e.arguments[1].value === 'string'
    ) {
      const value =
        e.arguments[2]?.type === 'ObjectExpression'
          ? (e.arguments[2].properties as AnyNode[]).find((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'value')
          : undefined;
      if (value !== undefined) out.push([e.arguments[1].value, value.value]);
    }
  }
  return out;
}

function isDefineProperty(callee: AnyNode): boolean {
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'Object' &&
    callee.property.name === 'defineProperty'
  );
}
