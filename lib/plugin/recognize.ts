import * as path from 'path';
import * as ts from 'typescript';

/**
 * Which declarations belong to tool-signatures, class-validator or class-transformer. A symbol is
 * ours when it is imported from a module that exports `defineStaticMetadata` (whatever the
 * specifier: the package, a path mapping, a relative path), or declared inside this package.
 */

const OWN_ROOT = path.resolve(__dirname, '..').replace(/\\/g, '/');

export const TOKEN_NAMES = new Set([
  'Int8',
  'UInt8',
  'Int16',
  'UInt16',
  'Int32',
  'UInt32',
  'Int',
  'Int64',
  'UInt64',
  'Char',
  'Uuid',
  'DateOnly',
  'TimeOnly',
  'TimeSpan',
  'JsonValue',
  'JsonObject',
  'JsonArray',
]);

export function finalSymbol(checker: ts.TypeChecker, sym: ts.Symbol | undefined): ts.Symbol | undefined {
  if (sym === undefined) return undefined;
  return sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
}

function fileOf(sym: ts.Symbol | undefined): string | undefined {
  const d = sym?.declarations?.[0];
  return d?.getSourceFile().fileName.replace(/\\/g, '/');
}

export function isLibraryModule(checker: ts.TypeChecker, moduleSym: ts.Symbol | undefined): boolean {
  if (moduleSym === undefined) return false;
  try {
    return checker.getExportsOfModule(moduleSym).some((e) => e.name === 'defineStaticMetadata');
  } catch {
    return false;
  }
}

/** The module an imported name comes from, when the symbol is an import alias. */
function importedFrom(checker: ts.TypeChecker, sym: ts.Symbol): ts.Symbol | undefined {
  let d: ts.Node | undefined = sym.declarations?.[0];
  while (d !== undefined && !ts.isImportDeclaration(d) && !ts.isImportEqualsDeclaration(d) && !ts.isSourceFile(d)) d = d.parent;
  if (d !== undefined && ts.isImportDeclaration(d)) return checker.getSymbolAtLocation(d.moduleSpecifier);
  return undefined;
}

/** The symbol named by an identifier or `ns.Name`, and whether it is one of ours. */
export function ourName(checker: ts.TypeChecker, e: ts.Node): string | undefined {
  const at = ts.isPropertyAccessExpression(e) ? e.name : ts.isQualifiedName(e) ? e.right : e;
  const sym = checker.getSymbolAtLocation(at);
  if (sym === undefined) return undefined;
  if (isOurs(checker, sym, e)) return finalSymbol(checker, sym)?.name ?? sym.name;
  return undefined;
}

export function isOurs(checker: ts.TypeChecker, sym: ts.Symbol, use?: ts.Node): boolean {
  if (sym.flags & ts.SymbolFlags.Alias && isLibraryModule(checker, importedFrom(checker, sym))) return true;
  if (use !== undefined && (ts.isPropertyAccessExpression(use) || ts.isQualifiedName(use))) {
    const left = ts.isPropertyAccessExpression(use) ? use.expression : use.left;
    const ns = checker.getSymbolAtLocation(left);
    if (ns !== undefined && isLibraryModule(checker, finalSymbol(checker, ns))) return true;
  }
  const f = fileOf(finalSymbol(checker, sym));
  return f !== undefined && (f.includes('/node_modules/tool-signatures/') || f.startsWith(OWN_ROOT + '/'));
}

export function isFromPackage(checker: ts.TypeChecker, sym: ts.Symbol | undefined, pkg: 'class-validator' | 'class-transformer'): boolean {
  const f = fileOf(finalSymbol(checker, sym));
  return f !== undefined && f.includes(`/node_modules/${pkg}/`);
}

/** A declaration of the default library or of Node's types (Date, Set, Buffer, ...). */
export function isGlobalLib(program: ts.Program, sym: ts.Symbol | undefined): boolean {
  const d = sym?.declarations?.[0];
  if (d === undefined) return false;
  const sf = d.getSourceFile();
  return (
    program.isSourceFileDefaultLibrary(sf) ||
    /\/node_modules\/@types\/node\//.test(sf.fileName.replace(/\\/g, '/')) ||
    /\/typescript\/lib\/lib\.[^/]*\.d\.ts$/.test(sf.fileName.replace(/\\/g, '/'))
  );
}

/** The decorators of a node, each with the name it has in its library and its call arguments. */
export interface DecoratorUse {
  readonly lib: 'ours' | 'class-validator' | 'class-transformer' | 'other';
  readonly name: string;
  readonly args: readonly ts.Expression[];
  readonly node: ts.Decorator;
}

export function decoratorsOf(checker: ts.TypeChecker, node: ts.Node): DecoratorUse[] {
  const out: DecoratorUse[] = [];
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  for (const d of decorators) {
    const call = ts.isCallExpression(d.expression) ? d.expression : undefined;
    const callee = call ? call.expression : d.expression;
    const at = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    const sym = checker.getSymbolAtLocation(at);
    const fin = finalSymbol(checker, sym);
    const name = fin?.name ?? (ts.isIdentifier(at) ? at.text : '?');
    const lib =
      sym === undefined
        ? 'other'
        : isOurs(checker, sym, callee)
          ? 'ours'
          : isFromPackage(checker, sym, 'class-validator')
            ? 'class-validator'
            : isFromPackage(checker, sym, 'class-transformer')
              ? 'class-transformer'
              : 'other';
    out.push({ lib, name, args: call ? call.arguments : [], node: d });
  }
  return out;
}

/** `{ key: value }` of an object literal argument (first level, literal keys). */
export function objectArg(e: ts.Expression | undefined): Map<string, ts.Expression> {
  const out = new Map<string, ts.Expression>();
  if (e === undefined || !ts.isObjectLiteralExpression(e)) return out;
  for (const p of e.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) out.set(p.name.text, p.initializer);
    else if (ts.isShorthandPropertyAssignment(p)) out.set(p.name.text, p.name);
  }
  return out;
}
