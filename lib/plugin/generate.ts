import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { DIAGNOSTICS as D } from '../diagnostics';
import { sourceHash } from '../metadata/generated';
import { analyze } from './analyze';
import { diagnostic, type PluginDiagnostic } from './diagnostics';
import { classMetaExpr, methodExpr } from './emit';
import { refsOf } from './hints';
import { readProject } from './project';
import { objectArg, ourName } from './recognize';
import { ImportSet } from './transformer';

/** Options of `tool-signatures generate`. */
export interface GenerateOptions {
  /** The tsconfig.json of the project. */
  readonly project: string;
  /**
   * Where the module is written. @default `tool-signatures.generated.ts` in the tsconfig's `rootDir`
   * when it sets one (a file outside it is TS6059), else beside the tsconfig
   */
  readonly out?: string;
  /**
   * Appended to relative import specifiers. @default from the tsconfig: `'.js'` under
   * `"module": "node16"`/`"nodenext"`, `'.ts'` with `allowImportingTsExtensions` or
   * `rewriteRelativeImportExtensions`, else none
   */
  readonly importExtension?: string;
  /** The specifier the library is imported from. @default 'tool-signatures' */
  readonly library?: string;
  /** Write the file (else only return its text). Nothing is written when there are errors. @default true */
  readonly write?: boolean;
}

export interface GenerateResult {
  readonly out: string;
  readonly text: string;
  readonly diagnostics: readonly ts.Diagnostic[];
  /** Whether the file was written (not when there are errors, nor when it was already up to date). */
  readonly written: boolean;
}

/**
 * Writes, for builds that cannot run a transformer (esbuild, tsx, Vite, SWC), one module that
 * registers the static metadata of the project's classes and `Tool.create` functions, with the
 * hash of each source file it read (a stale module is refused when imported). Importing it once,
 * before tools are built, gives the reflector what the transformer would have recorded;
 * emitDecoratorMetadata is then not needed.
 */
export function generate(options: GenerateOptions): GenerateResult {
  const project = path.resolve(options.project);
  const parsed = readProject(project);
  const out = outFile(project, options, parsed.options);
  const program = ts.createProgram({
    rootNames: parsed.fileNames.filter((f) => path.resolve(f) !== out),
    options: { ...parsed.options, noEmit: true },
    projectReferences: parsed.projectReferences,
  });
  return generateFromProgram(program, project, options);
}

function outFile(project: string, options: Pick<GenerateOptions, 'out'>, compilerOptions: ts.CompilerOptions): string {
  if (options.out !== undefined) return path.resolve(options.out);
  const dir = compilerOptions.rootDir !== undefined ? path.resolve(path.dirname(project), compilerOptions.rootDir) : path.dirname(project);
  return path.join(dir, 'tool-signatures.generated.ts');
}

/** The command that writes the module again, with every option that made it (so a hint that repeats it writes the same file). */
function regenerateCommand(project: string, out: string, options: Omit<GenerateOptions, 'project'>): string {
  const shown = (file: string) => (path.relative(process.cwd(), file) || file).replace(/\\/g, '/');
  const quoted = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);
  const args = [
    shown(project),
    ...(options.out !== undefined ? ['--out', shown(out)] : []),
    ...(options.importExtension !== undefined ? ['--import-extension', options.importExtension === '' ? 'none' : options.importExtension] : []),
    ...(options.library !== undefined ? ['--library', options.library] : []),
  ];
  return ['tool-signatures generate', ...args.map(quoted)].join(' ');
}

/** `generate` over a program already built (watch mode rebuilds it on each change). */
export function generateFromProgram(program: ts.Program, project: string, options: Omit<GenerateOptions, 'project'>): GenerateResult {
  const compilerOptions = program.getCompilerOptions();
  const out = outFile(project, options, compilerOptions);
  const analysis = analyze(program);
  const checker = program.getTypeChecker();
  const extension = options.importExtension ?? importExtensionOf(compilerOptions);
  const imports = new ImportSet(undefined, checker, options.library ?? 'tool-signatures', path.dirname(out), extension);
  const namer = imports.namer();
  const entries: ts.Expression[] = [];
  const diagnostics: PluginDiagnostic[] = [...analysis.diagnostics];
  const sources = new Set<ts.SourceFile>();
  const classes = [...analysis.classes.values()].sort((a, b) => order(a.decl, b.decl));
  for (const c of classes) {
    const before = imports.unexported.length;
    const target = imports.ref(c.decl);
    if (imports.unexported.length > before) {
      diagnostics.push(diagnostic(D.classNotExported(c.decl.name?.text ?? 'the class'), c.decl.name ?? c.decl));
      continue;
    }
    sources.add(c.decl.getSourceFile());
    for (const m of c.methods.values()) for (const p of m.params) for (const r of refsOf(p.type)) sources.add(r.getSourceFile());
    for (const p of c.properties ?? []) for (const r of refsOf(p.type)) sources.add(r.getSourceFile());
    entries.push(entry(target, classMetaExpr(c, namer)));
  }
  const seen = new Set<ts.Node>();
  for (const c of [...analysis.creates.values()].sort((a, b) => order(a.call, b.call))) {
    const missing = unhintedParams(
      c.call,
      c.method.params
        .filter(
          (p) => p.type === undefined || ((p.type.k !== 'lib' || p.type.name !== 'ToolContext') && (p.type.k !== 'global' || p.type.name !== 'AbortSignal')),
        )
        .map((p) => p.name ?? '?'),
    );
    if (c.fnDecl === undefined) {
      if (missing.length > 0) diagnostics.push(diagnostic(D.functionNotNamed(missing), c.call, ts.DiagnosticCategory.Warning));
      continue;
    }
    if (seen.has(c.fnDecl)) continue;
    seen.add(c.fnDecl);
    const before = imports.unexported.length;
    const target = imports.ref(c.fnDecl);
    if (imports.unexported.length > before) {
      if (missing.length > 0) diagnostics.push(diagnostic(D.functionNotExported(missing), c.call, ts.DiagnosticCategory.Warning));
      continue;
    }
    sources.add(c.fnDecl.getSourceFile());
    for (const p of c.method.params) for (const r of refsOf(p.type)) sources.add(r.getSourceFile());
    entries.push(entry(target, f.createObjectLiteralExpression([f.createPropertyAssignment('call', methodExpr(c.method, namer))], true)));
  }
  const relative = (file: string) => {
    const r = path.relative(path.dirname(out), file).replace(/\\/g, '/');
    return r.startsWith('.') ? r : `./${r}`;
  };
  for (const sf of sources) diagnostics.push(...topLevelTools(sf, checker, out, extension));
  const building = [...sources].filter((sf) => buildsAtTopLevel(sf, checker) !== undefined);
  if (building.length > 0) {
    for (const sf of program.getSourceFiles()) {
      if (sf.isDeclarationFile || program.isSourceFileFromExternalLibrary(sf) || path.resolve(sf.fileName) === out || building.includes(sf)) continue;
      diagnostics.push(...generatedImportedFirst(sf, out, building));
    }
  }
  const esm = isEsmOutput(out, compilerOptions);
  const origin = f.createObjectLiteralExpression(
    [
      f.createPropertyAssignment('module', f.createStringLiteral(path.basename(out))),
      f.createPropertyAssignment('regenerate', f.createStringLiteral(regenerateCommand(project, out, options))),
      f.createPropertyAssignment(
        'at',
        esm
          ? f.createPropertyAccessExpression(f.createMetaProperty(ts.SyntaxKind.ImportKeyword, f.createIdentifier('meta')), 'url')
          : f.createConditionalExpression(
              f.createBinaryExpression(
                f.createTypeOfExpression(f.createIdentifier('__filename')),
                ts.SyntaxKind.EqualsEqualsEqualsToken,
                f.createStringLiteral('string'),
              ),
              undefined,
              f.createIdentifier('__filename'),
              undefined,
              f.createIdentifier('undefined'),
            ),
      ),
      f.createPropertyAssignment(
        'sources',
        f.createObjectLiteralExpression(
          [...sources]
            .sort((a, b) => (a.fileName < b.fileName ? -1 : 1))
            .map((sf) => f.createPropertyAssignment(f.createStringLiteral(relative(sf.fileName)), f.createStringLiteral(sourceHash(sf.text)))),
          true,
        ),
      ),
    ],
    true,
  );
  const register = f.createExpressionStatement(
    f.createCallExpression(namer.lib('registerGeneratedMetadata'), undefined, [f.createArrayLiteralExpression(entries, true), origin]),
  );
  const constants = imports.constants(true);
  const file = f.updateSourceFile(ts.createSourceFile(out, '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS), [
    ...imports.declarations(),
    ...constants,
    register,
  ]);
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  const text = `// Generated by \`tool-signatures generate\` from ${relative(project).replace(/^\.\//, '')}. Do not edit.\n// Import it once, before tools are built (a module that builds tools at its top level imports it first).\n${printer.printFile(file)}`;
  const errors = diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error);
  let written = false;
  if (options.write !== false && !errors && !(fs.existsSync(out) && fs.readFileSync(out, 'utf8') === text)) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    written = true;
  }
  return { out, text, diagnostics, written };
}

const f = ts.factory;

/** `[() => target, meta]`: a thunk, so that the class may be declared after the module's body runs. */
function entry(target: ts.Expression, meta: ts.Expression): ts.Expression {
  return f.createArrayLiteralExpression([
    f.createArrowFunction(undefined, undefined, [], undefined, f.createToken(ts.SyntaxKind.EqualsGreaterThanToken), target),
    meta,
  ]);
}

/** The extension that relative imports need under the project's module settings. */
export function importExtensionOf(o: ts.CompilerOptions): string {
  if (o.allowImportingTsExtensions || o.rewriteRelativeImportExtensions) return '.ts';
  const nodeEsm = [ts.ModuleKind.Node16, ts.ModuleKind.Node18, ts.ModuleKind.Node20, ts.ModuleKind.NodeNext];
  const nodeResolution = [ts.ModuleResolutionKind.Node16, ts.ModuleResolutionKind.NodeNext];
  return (o.module !== undefined && nodeEsm.includes(o.module)) || (o.moduleResolution !== undefined && nodeResolution.includes(o.moduleResolution))
    ? '.js'
    : '';
}

/** Whether the generated module is an ES module (it then finds itself by `import.meta.url`, else `__filename`). */
function isEsmOutput(out: string, o: ts.CompilerOptions): boolean {
  if (out.endsWith('.mts')) return true;
  if (out.endsWith('.cts')) return false;
  const m = o.module;
  if (m === ts.ModuleKind.Node16 || m === ts.ModuleKind.Node18 || m === ts.ModuleKind.Node20 || m === ts.ModuleKind.NodeNext)
    return packageType(path.dirname(out)) === 'module';
  return (
    m !== undefined &&
    m !== ts.ModuleKind.CommonJS &&
    m !== ts.ModuleKind.AMD &&
    m !== ts.ModuleKind.UMD &&
    m !== ts.ModuleKind.System &&
    m !== ts.ModuleKind.None
  );
}

function packageType(dir: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const pkg = path.join(d, 'package.json');
    if (fs.existsSync(pkg)) {
      try {
        return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { type?: string }).type;
      } catch {
        return undefined;
      }
    }
    if (path.dirname(d) === d) return undefined;
  }
}

/** The parameters of a `Tool.create` call whose type its options do not give. */
function unhintedParams(call: ts.CallExpression, names: readonly string[]): string[] {
  const second = call.arguments[1];
  if (second !== undefined && !ts.isObjectLiteralExpression(second)) return [];
  const params = objectArg(second).get('params');
  if (params === undefined) return [...names];
  if (!ts.isObjectLiteralExpression(params)) return [];
  const given = objectArg(params);
  return names.filter((n) => !given.has(n));
}

/**
 * A module that builds tools at its top level (`new ToolSet(...)`, `Tool.create(...)`) runs before
 * the generated module's body when the generated module imports it: it must import the generated
 * module itself, first, so that the metadata is registered before its classes are read.
 */
function topLevelTools(sf: ts.SourceFile, checker: ts.TypeChecker, out: string, extension: string): PluginDiagnostic[] {
  const at = buildsAtTopLevel(sf, checker);
  if (at === undefined) return [];
  if (sf.statements.some((s) => importsFile(sf, s, out))) return [];
  let spec = path
    .relative(path.dirname(sf.fileName), out)
    .replace(/\\/g, '/')
    .replace(/\.[cm]?ts$/, '');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  return [diagnostic(D.toolsAtTopLevel(`${spec}${extension}`), at, ts.DiagnosticCategory.Warning)];
}

/** Where a module first builds tools at its top level (`new ToolSet(...)`, `Tool.create(...)`), if it does. */
function buildsAtTopLevel(sf: ts.SourceFile, checker: ts.TypeChecker): ts.Node | undefined {
  const builds = (n: ts.Node): ts.Node | undefined => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return undefined;
    if (ts.isNewExpression(n) && ourName(checker, n.expression) === 'ToolSet') return n;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ourName(checker, n.expression.expression) === 'Tool') return n;
    return ts.forEachChild(n, builds);
  };
  return sf.statements
    .map((s) => (ts.isImportDeclaration(s) || ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) ? undefined : builds(s)))
    .find((n) => n !== undefined);
}

/** Whether a statement imports `file` (a relative specifier, any extension). */
function importsFile(sf: ts.SourceFile, s: ts.Statement, file: string): boolean {
  return (
    ts.isImportDeclaration(s) &&
    ts.isStringLiteral(s.moduleSpecifier) &&
    s.moduleSpecifier.text.startsWith('.') &&
    path.resolve(path.dirname(sf.fileName), s.moduleSpecifier.text).replace(/\.[cm]?[jt]s$/, '') === file.replace(/\.[cm]?ts$/, '')
  );
}

/**
 * A module (the entry, typically) whose first import of the project's own modules is the generated
 * module runs the generated module before the modules that build tools at their top level: the
 * generated module imports them, so their tools are built (and fail for want of types) before its
 * body registers the metadata, even when they import the generated module first themselves.
 */
function generatedImportedFirst(sf: ts.SourceFile, out: string, building: readonly ts.SourceFile[]): PluginDiagnostic[] {
  const first = sf.statements.find((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text.startsWith('.'));
  if (first === undefined || !importsFile(sf, first, out)) return [];
  const names = building.map((b) => {
    const r = path.relative(path.dirname(sf.fileName), b.fileName).replace(/\\/g, '/');
    return r.startsWith('.') ? r : `./${r}`;
  });
  return [diagnostic(D.generatedImportedFirst(names), first, ts.DiagnosticCategory.Warning)];
}

function order(a: ts.Node, b: ts.Node): number {
  const fa = a.getSourceFile().fileName;
  const fb = b.getSourceFile().fileName;
  return fa < fb ? -1 : fa > fb ? 1 : a.pos - b.pos;
}
