import * as path from 'path';
import * as ts from 'typescript';
import { analyze, type Analysis } from './analyze';
import { classMetaExpr, defineStatement, hintExpr, propertyName, ShapeConstants, slotEntry, type Namer } from './emit';
import type { CreateIR } from './hints';
import { finalSymbol, isLibraryModule } from './recognize';

/** Options of the plugin (tsconfig `plugins` entry, ts-jest `astTransformers` options, Nest CLI `options`). */
export interface PluginOptions {
  /** The module specifier that generated code imports the library from, when a file does not import it. @default 'tool-signatures' */
  readonly library?: string;
  /** Print diagnostics to stderr when the host cannot take them (Nest CLI, webpack). @default true */
  readonly printDiagnostics?: boolean;
}

/** ts-patch passes these to a transformer. */
export interface TransformerExtras {
  readonly addDiagnostic?: (d: ts.Diagnostic) => unknown;
}

export class PluginSetupError extends Error {
  override readonly name = 'PluginSetupError';
}

/** The plugin reads types: it needs a real Program, not one file compiled on its own. */
export function assertFullProgram(program: ts.Program | undefined, host: string): asserts program is ts.Program {
  if (program === undefined || program === null || typeof (program as ts.Program).getTypeChecker !== 'function') {
    throw new PluginSetupError(
      `tool-signatures/plugin (${host}) was given no ts.Program. It reads the type checker, so it runs only where the whole program is compiled (tsc with ts-patch, ts-jest without isolatedModules, the Nest CLI, ts-loader without transpileOnly). For esbuild, SWC, Vite or tsx run \`tool-signatures generate <tsconfig>\` and import the module it writes.`,
    );
  }
  const o = program.getCompilerOptions();
  if (o.noResolve === true && o.isolatedModules === true) {
    throw new PluginSetupError(
      `tool-signatures/plugin (${host}) was given a single-file program (isolatedModules / transpileModule): there are no types to read. Compile with a full Program (ts-jest: "isolatedModules": false; ts-loader: "transpileOnly": false), or run \`tool-signatures generate <tsconfig>\` and import the module it writes.`,
    );
  }
}

const f = ts.factory;
const reported = new WeakSet<ts.Program>();

function byPosition<T>(items: Iterable<T>, node: (t: T) => ts.Node, fileName: string): Map<number, T> {
  const out = new Map<number, T>();
  for (const t of items) {
    const n = node(t);
    if (n.getSourceFile().fileName === fileName) out.set(n.pos, t);
  }
  return out;
}

/** The `before` transformer over a full Program. */
export function createTransformer(
  program: ts.Program,
  options: PluginOptions = {},
  extras: TransformerExtras = {},
  host = 'transformer',
): ts.TransformerFactory<ts.SourceFile> {
  assertFullProgram(program, host);
  const analysis = analyze(program);
  reportDiagnostics(analysis, options, extras);
  return (ctx) => (sf) => transformFile(sf, analysis, options, ctx);
}

function reportDiagnostics(analysis: Analysis, options: PluginOptions, extras: TransformerExtras): void {
  if (reported.has(analysis.program)) return;
  reported.add(analysis.program);
  if (analysis.diagnostics.length === 0) return;
  if (typeof extras.addDiagnostic === 'function') {
    for (const d of analysis.diagnostics) extras.addDiagnostic(d);
  } else if (options.printDiagnostics !== false) {
    const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (x) => x, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
    const color = process.stderr.isTTY === true && (process.env.NO_COLOR === undefined || process.env.NO_COLOR === '');
    process.stderr.write(color ? ts.formatDiagnosticsWithColorAndContext(analysis.diagnostics, host) : ts.formatDiagnostics(analysis.diagnostics, host));
  }
}

export function transformFile(sf: ts.SourceFile, analysis: Analysis, options: PluginOptions, ctx: ts.TransformationContext): ts.SourceFile {
  const original = (ts.getParseTreeNode(sf) as ts.SourceFile | undefined) ?? sf;
  const fileName = original.fileName;
  const classes = byPosition(analysis.classes.values(), (c) => c.decl, fileName);
  const creates = byPosition(analysis.creates.values(), (c) => c.call, fileName);
  if (classes.size === 0 && creates.size === 0) return sf;
  const program = analysis.program;
  const checker = program.getTypeChecker();
  const origFile = program.getSourceFile(fileName) ?? original;
  const imports = new ImportSet(origFile, checker, options.library ?? 'tool-signatures');
  const namer = imports.namer();

  const visitStatements = (statements: ts.NodeArray<ts.Statement>): ts.Statement[] => {
    const out: ts.Statement[] = [];
    for (const s of statements) {
      const visited = ts.visitNode(s, visit) as ts.Statement | undefined;
      if (visited !== undefined) out.push(visited);
      const o = ts.getOriginalNode(s);
      const ir = ts.isClassDeclaration(o) ? classes.get(o.pos) : undefined;
      if (ir !== undefined && ir.decl.name !== undefined) out.push(defineStatement(f.createIdentifier(ir.decl.name.text), classMetaExpr(ir, namer), namer));
    }
    return out;
  };

  const visit = (node: ts.Node): ts.Node => {
    if (ts.isBlock(node)) return f.updateBlock(node, visitStatements(node.statements));
    if (ts.isModuleBlock(node)) return f.updateModuleBlock(node, visitStatements(node.statements));
    if (ts.isCallExpression(node)) {
      const o = ts.getOriginalNode(node);
      const ir = ts.isCallExpression(o) ? creates.get(o.pos) : undefined;
      const visited = ts.visitEachChild(node, visit, ctx);
      return ir !== undefined ? withCreateOptions(visited, ir, namer) : visited;
    }
    return ts.visitEachChild(node, visit, ctx);
  };

  const body = visitStatements(sf.statements);
  const constants = imports.constants(false);
  return f.updateSourceFile(sf, [...imports.declarations(), ...constants, ...body]);
}

/** `Tool.create(fn, options)` with `params`, `returns` and `description` filled in where not given. */
function withCreateOptions(call: ts.CallExpression, ir: CreateIR, namer: Namer): ts.CallExpression {
  const [fn, given, ...rest] = call.arguments;
  if (fn === undefined) return call;
  const entries = new Map<string, ts.Expression>();
  for (const p of ir.method.params) {
    const e = p.name !== undefined ? slotEntry(p, namer) : undefined;
    if (e !== undefined) entries.set(p.name!, e);
  }
  const ours: ts.ObjectLiteralElementLike[] = [];
  const params = () =>
    f.createObjectLiteralExpression(
      [...entries].map(([k, v]) => f.createPropertyAssignment(propertyName(k), v)),
      false,
    );
  const returns = ir.method.returns && hintExpr(ir.method.returns, namer);
  const description = ir.method.description;
  let options: ts.Expression;
  if (given === undefined || ts.isObjectLiteralExpression(given)) {
    const props = [...(given?.properties ?? [])];
    const has = (k: string) => props.some((p) => p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === k);
    const out: ts.ObjectLiteralElementLike[] = [];
    for (const p of props) {
      if (
        ts.isPropertyAssignment(p) &&
        (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
        p.name.text === 'params' &&
        ts.isObjectLiteralExpression(p.initializer)
      ) {
        const named = new Set(
          p.initializer.properties.map((q) => (q.name !== undefined && (ts.isIdentifier(q.name) || ts.isStringLiteral(q.name)) ? q.name.text : '')),
        );
        const added = [...entries].filter(([k]) => !named.has(k)).map(([k, v]) => f.createPropertyAssignment(propertyName(k), v));
        out.push(f.updatePropertyAssignment(p, p.name, f.updateObjectLiteralExpression(p.initializer, [...p.initializer.properties, ...added])));
      } else {
        out.push(p);
      }
    }
    if (!has('params') && entries.size > 0) ours.push(f.createPropertyAssignment('params', params()));
    if (!has('returns') && returns !== undefined) ours.push(f.createPropertyAssignment('returns', returns));
    if (!has('description') && description !== undefined) ours.push(f.createPropertyAssignment('description', f.createStringLiteral(description)));
    options = f.createObjectLiteralExpression([...out, ...ours], true);
  } else {
    if (entries.size > 0) ours.push(f.createPropertyAssignment('params', params()));
    if (returns !== undefined) ours.push(f.createPropertyAssignment('returns', returns));
    if (description !== undefined) ours.push(f.createPropertyAssignment('description', f.createStringLiteral(description)));
    options = f.createObjectLiteralExpression([...ours, f.createSpreadAssignment(given)], true);
  }
  return f.updateCallExpression(call, call.expression, call.typeArguments, [fn, options, ...rest]);
}

/**
 * The imports generated code needs: the library (through the specifier the file already uses, when
 * it does), and the modules that declare referenced classes and enums of other files.
 */
export class ImportSet {
  private readonly modules = new Map<string, ts.Identifier>();
  private libId: ts.Identifier | undefined;
  private readonly libSpecifier: string;
  private readonly shapes = new ShapeConstants();

  constructor(
    private readonly file: ts.SourceFile | undefined,
    private readonly checker: ts.TypeChecker,
    library: string,
    private readonly fromDir = file ? path.dirname(file.fileName) : process.cwd(),
    private readonly extension = '',
  ) {
    let spec: string | undefined;
    for (const s of file?.statements ?? []) {
      if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && isLibraryModule(checker, checker.getSymbolAtLocation(s.moduleSpecifier))) {
        spec = s.moduleSpecifier.text;
        break;
      }
    }
    this.libSpecifier = spec ?? library;
  }

  namer(): Namer {
    return {
      lib: (name) => f.createPropertyAccessExpression((this.libId ??= f.createUniqueName('tool_signatures')), name),
      decl: (d) => this.decl(d),
      shape: (s) => this.shapes.id(s),
    };
  }

  /**
   * The constants of the recursive shapes that the code written so far names (before
   * `declarations()`, which they may add to). `typed`: annotated `ObjectHint`, for a module that is
   * type-checked (a constant that refers to itself needs its type written).
   */
  constants(typed: boolean): ts.Statement[] {
    const namer = this.namer();
    const type = typed
      ? () => f.createTypeReferenceNode(f.createQualifiedName((this.libId ??= f.createUniqueName('tool_signatures')), 'ObjectHint'))
      : () => undefined;
    return this.shapes.statements(namer, type);
  }

  /** Declarations that generated code names but their module does not export. */
  readonly unexported: ts.Declaration[] = [];

  /** A reference to a named declaration (a class, an enum, a function) from the generated code. */
  ref(d: ts.Declaration & { readonly name?: ts.Node }): ts.Expression {
    return this.decl(d);
  }

  private decl(d: ts.Declaration & { readonly name?: ts.Node }): ts.Expression {
    const name = d.name !== undefined && ts.isIdentifier(d.name) ? d.name.text : 'default';
    if (this.file !== undefined && d.getSourceFile().fileName === this.file.fileName) return f.createIdentifier(name);
    const target = d.name !== undefined ? finalSymbol(this.checker, this.checker.getSymbolAtLocation(d.name)) : undefined;
    const declFile = d.getSourceFile();
    // The file's own import of that module (or of a module that re-exports it), when there is one.
    for (const s of this.file?.statements ?? []) {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
      const mod = this.checker.getSymbolAtLocation(s.moduleSpecifier);
      if (mod === undefined) continue;
      const exp = this.checker.getExportsOfModule(mod).find((e) => finalSymbol(this.checker, e) === target);
      if (exp !== undefined) return f.createPropertyAccessExpression(this.module(s.moduleSpecifier.text), exp.name);
    }
    const mod = this.checker.getSymbolAtLocation(declFile);
    const exp = mod ? this.checker.getExportsOfModule(mod).find((e) => finalSymbol(this.checker, e) === target) : undefined;
    if (exp === undefined) this.unexported.push(d);
    let rel = path
      .relative(this.fromDir, declFile.fileName)
      .replace(/\\/g, '/')
      .replace(/(\.d)?\.(ts|tsx|mts|cts)$/, '');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return f.createPropertyAccessExpression(this.module(rel + this.extension), exp?.name ?? name);
  }

  private module(spec: string): ts.Identifier {
    let id = this.modules.get(spec);
    if (id === undefined) {
      id = f.createUniqueName('tool_signatures_import');
      this.modules.set(spec, id);
    }
    return id;
  }

  declarations(): ts.ImportDeclaration[] {
    const out: ts.ImportDeclaration[] = [];
    const ns = (id: ts.Identifier, spec: string) =>
      f.createImportDeclaration(undefined, f.createImportClause(undefined, undefined, f.createNamespaceImport(id)), f.createStringLiteral(spec));
    if (this.libId !== undefined) out.push(ns(this.libId, this.libSpecifier));
    for (const [spec, id] of this.modules) out.push(ns(id, spec));
    return out;
  }
}
