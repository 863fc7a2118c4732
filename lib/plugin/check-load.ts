/**
 * `check`'s two builds of the program: each file the tools need emitted (design types only, or
 * through the plugin's transformer), loaded, and each tool built by the library copy the project
 * itself imports; a class or call that cannot be built is a failure with its problems.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { toolNameOf } from '../schema/names';
import type { Analysis } from './analyze';
import type { CheckFailure } from './check-result';
import { type Emitted, emittedPath, importTarget, nodeRequire, rewriteImports, writeEmitted } from './commonjs-dir';
import type { MethodIR } from './hints';
import { decoratorsOf, objectArg } from './recognize';
import { transformFile } from './transformer';

const f = ts.factory;

export const EMIT_OPTIONS: ts.CompilerOptions = {
  noEmit: false,
  noEmitOnError: false,
  emitDeclarationOnly: false,
  declaration: false,
  declarationMap: false,
  composite: false,
  incremental: false,
  sourceMap: false,
  inlineSourceMap: false,
  outFile: undefined,
  outDir: '/tool-signatures-check',
  isolatedModules: false,
  verbatimModuleSyntax: false,
};

/** Where the emitted code finds the pass's recorder while a pass loads (a global: the code is loaded by a plain `require`). */
const RECORDER = 'tool-signatures.check';

type Failure = Omit<CheckFailure, 'at' | 'tool'>;
type Built = { readonly schemas: Map<string, object>; readonly warnings: Map<string, readonly string[]> } | { readonly error: Failure };

interface Pass {
  readonly tools: Map<string, Built>;
  readonly loadErrors: CheckFailure[];
}

export interface Site {
  readonly at: string;
  /** How many tools the class declares (1 for a `Tool.create` call). */
  readonly tools: number;
  readonly create?: MethodIR;
  method(tool: string): MethodIR | undefined;
}

function idOf(n: ts.Node): string {
  return `${n.getSourceFile().fileName}#${n.pos}`;
}

function atOf(n: ts.Node): string {
  const sf = n.getSourceFile();
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
}

export function sitesOf(analysis: Analysis): Map<string, Site> {
  const out = new Map<string, Site>();
  for (const [decl, ir] of analysis.classes) {
    if (ir.methods.size === 0) continue;
    const byTool = new Map<string, MethodIR>();
    for (const [key, m] of ir.methods) {
      const member = decl.members.find((x) => x.name !== undefined && ts.isIdentifier(x.name) && x.name.text === key);
      const tool = member && decoratorsOf(analysis.program.getTypeChecker(), member).find((d) => d.lib === 'ours' && d.name === 'Tool');
      const given = objectArg(tool?.args[0]).get('name');
      const name = given !== undefined && ts.isStringLiteralLike(given) ? given.text : toolNameOf(key);
      byTool.set(ir.prefix !== undefined ? `${ir.prefix}_${name}` : name, m);
    }
    out.set(idOf(decl), { at: atOf(decl), tools: byTool.size, method: (t) => byTool.get(t) });
  }
  for (const [call, ir] of analysis.creates) out.set(idOf(call), { at: atOf(call), tools: 1, create: ir.method, method: () => ir.method });
  return out;
}

/**
 * Loads every file that declares tools (with or without the plugin), and builds its tools. The files
 * a pass reaches from them are emitted (each once: the plugin's pass reuses the plain pass's text
 * for a file the plugin does not change), as CommonJS whatever the project's module setting (ES
 * module output is rewritten to CommonJS, a change of syntax only), into a directory of the pass's
 * own (`commonjs-dir.ts`; the program's files are its sources, resolved with the program's
 * options: path mappings too), and loaded from there with a plain `require`.
 */
export function loadPass(program: ts.Program, analysis: Analysis, withPlugin: boolean, plain: Map<string, Emitted>): Pass {
  const recording = recorderTransformer(analysis);
  const before: ts.TransformerFactory<ts.SourceFile>[] = withPlugin
    ? [(ctx) => (sf) => transformFile(sf, analysis, { printDiagnostics: false }, ctx), recording]
    : [recording];
  const changed = new Set<string>();
  for (const c of analysis.classes.keys()) changed.add(path.resolve(c.getSourceFile().fileName));
  for (const c of analysis.creates.keys()) changed.add(path.resolve(c.getSourceFile().fileName));
  const options = program.getCompilerOptions();
  const sources = new Map<string, ts.SourceFile>();
  for (const sf of program.getSourceFiles()) if (!sf.isDeclarationFile && !/\.json$/.test(sf.fileName)) sources.set(path.resolve(sf.fileName), sf);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-check-'));
  const isSource = (file: string) => sources.has(file);
  const emitFile = (file: string): Emitted => {
    const done = withPlugin && !changed.has(file) ? plain.get(file) : undefined;
    if (done !== undefined) return done;
    const emitted = emitCommonJs(program, sources.get(file)!, before, options, (specifier) => importTarget(ts, specifier, file, options, isSource));
    if (!withPlugin) plain.set(file, emitted);
    return emitted;
  };
  // The files the tools' files reach through imports of program files, each written once.
  const written = writeEmitted(
    dir,
    [...changed].filter((file) => sources.has(file)),
    emitFile,
  );

  const tools = new Map<string, Built>();
  // Classes are built once their module has loaded: the plugin's metadata follows the class.
  const classes: [string, Function, () => unknown][] = [];
  const recorder = {
    cls(id: string, cls: Function, library: () => unknown): void {
      classes.push([id, cls, library]);
    },
    create(id: string, make: () => unknown): unknown {
      try {
        const made = make() as { name?: unknown; inputSchema?: unknown; warnings?: readonly string[] };
        tools.set(id, { schemas: new Map([[String(made.name), made.inputSchema as object]]), warnings: new Map([[String(made.name), made.warnings ?? []]]) });
        return made;
      } catch (e) {
        tools.set(id, { error: failureOf(e) });
        throw e;
      }
    },
  };
  const loadErrors: CheckFailure[] = [];
  const key = Symbol.for(RECORDER);
  const global = globalThis as unknown as Record<symbol, unknown>;
  global[key] = recorder;
  const load = nodeRequire(path.join(dir, 'load.cjs'));
  try {
    for (const file of changed) {
      if (!sources.has(file)) continue;
      try {
        load(emittedPath(dir, file));
      } catch (e) {
        if (!withPlugin) {
          const failure = failureOf(e);
          loadErrors.push({ at: file, ...failure, message: `loading it throws ${failure.message}` });
        }
      }
    }
    for (const [id, cls, library] of classes) tools.set(id, buildClass(cls, library));
  } finally {
    delete global[key];
    // The emitted files leave the module cache (where the loader has one) and the disk.
    const cache = (load as { cache?: Record<string, unknown> }).cache;
    if (cache !== undefined) for (const file of written) delete cache[emittedPath(dir, file)];
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { tools, loadErrors };
}

/** A program file emitted as CommonJS, its imports rewritten by `target`. */
function emitCommonJs(
  program: ts.Program,
  sf: ts.SourceFile,
  before: ts.TransformerFactory<ts.SourceFile>[],
  options: ts.CompilerOptions,
  target: (specifier: string) => { text: string; file?: string },
): Emitted {
  const imports = new Set<string>();
  const rewrite = rewriteImports(ts, (specifier) => {
    const t = target(specifier);
    if (t.file !== undefined) imports.add(t.file);
    return t.text;
  });
  const commonJs = options.module === ts.ModuleKind.CommonJS;
  let js = '';
  program.emit(
    sf,
    (name, text) => {
      if (!/\.[cm]?js$/.test(name)) return;
      // Already CommonJS under module: commonjs; else rewritten (a change of syntax only).
      js = commonJs
        ? text
        : ts.transpileModule(text, {
            fileName: name.replace(/\.[cm]?js$/, '.js'),
            compilerOptions: { module: ts.ModuleKind.CommonJS, target: options.target ?? ts.ScriptTarget.ES2022, esModuleInterop: true },
            transformers: { after: [rewrite] },
          }).outputText;
    },
    undefined,
    false,
    { before, ...(commonJs ? { after: [rewrite] } : {}) },
  );
  return { js, imports: [...imports] };
}

function buildClass(cls: Function, library: () => unknown): Built {
  try {
    const lib = library() as {
      ToolSet: new () => { addClass(c: Function, r: () => never): { list(): { name: string; inputSchema: object; warnings?: readonly string[] }[] } };
    };
    const set = new lib.ToolSet().addClass(cls, () => {
      throw new Error('not called');
    });
    return { schemas: new Map(set.list().map((t) => [t.name, t.inputSchema])), warnings: new Map(set.list().map((t) => [t.name, t.warnings ?? []])) };
  } catch (e) {
    return { error: failureOf(e) };
  }
}

/**
 * A thrown value as a failure: a definition error's problems (`problems`, from a copy of the library
 * that gathers them; else its message is the one problem), and how many tools they name.
 */
function failureOf(e: unknown): Failure {
  const listed = (e as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(listed) || listed.length < 2) {
    const text = message(e);
    return { message: text, problems: [text], broken: 1 };
  }
  // `3 problems in class DocketService:` and a line per problem (each led by its code).
  const text = String((e as { message?: unknown }).message);
  const problems = listed.map((p: { message?: unknown }) => (typeof p?.message === 'string' ? p.message : String(p)));
  return { message: text, problems, broken: brokenBy(listed) };
}

/** How many tools the problems name (by tool, else by member); at least 1. */
export function brokenBy(problems: readonly unknown[]): number {
  const names = new Set<string>();
  for (const p of problems) {
    const site = typeof p === 'object' && p !== null ? (p as { site?: { tool?: unknown; className?: unknown; member?: unknown } }).site : undefined;
    const name = site?.member ?? site?.tool;
    if (name !== undefined) names.add(`${String(site?.className)}.${String(name)}`);
    else if (typeof p === 'string') {
      const m = /^OLT\d+: Cannot build tool '([^']*)'/.exec(p);
      if (m !== null) names.add(m[1]!);
    }
  }
  return Math.max(1, names.size);
}

function message(e: unknown): string {
  const m = (e as { message?: unknown } | undefined)?.message;
  const code = (e as { code?: unknown } | undefined)?.code;
  const text = typeof m === 'string' ? m : String(e);
  return typeof code === 'string' && !text.startsWith(code) ? `${code}: ${text}` : text;
}

/**
 * Marks, in the emitted code, each class with tools and each `Tool.create` call, so that the pass
 * can build them by their place in the source; and leaves out top-level expression statements.
 */
function recorderTransformer(analysis: Analysis): ts.TransformerFactory<ts.SourceFile> {
  const checker = analysis.program.getTypeChecker();
  const classes = new Set<string>([...analysis.classes].filter(([, ir]) => ir.methods.size > 0).map(([d]) => idOf(d)));
  const creates = new Set<string>([...analysis.creates.keys()].map(idOf));
  // globalThis[Symbol.for('tool-signatures.check')].method(...args)
  const slot = f.createElementAccessExpression(
    f.createIdentifier('globalThis'),
    f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier('Symbol'), 'for'), undefined, [f.createStringLiteral(RECORDER)]),
  );
  const recorder = (method: string, args: ts.Expression[]) => f.createCallExpression(f.createPropertyAccessExpression(slot, method), undefined, args);
  return (ctx) => (sf) => {
    const original = (ts.getParseTreeNode(sf) as ts.SourceFile | undefined) ?? sf;
    const library = librarySpecifier(checker, original);
    const visit = (node: ts.Node): ts.Node => {
      const o = ts.getOriginalNode(node);
      if (ts.isCallExpression(node) && ts.isCallExpression(o) && o.getSourceFile() !== undefined && creates.has(idOf(o))) {
        const inner = ts.visitEachChild(node, visit, ctx);
        return recorder('create', [f.createStringLiteral(idOf(o)), f.createArrowFunction(undefined, undefined, [], undefined, undefined, inner)]);
      }
      return ts.visitEachChild(node, visit, ctx);
    };
    const statements: ts.Statement[] = [];
    for (const s of sf.statements) {
      const o = ts.getOriginalNode(s);
      // Only the user's own statements: the plugin's `defineStaticMetadata(...)` calls stay.
      const own = o.pos >= 0;
      if (
        own &&
        (ts.isExpressionStatement(o) || ts.isIfStatement(o) || ts.isForStatement(o) || ts.isForOfStatement(o) || ts.isWhileStatement(o) || ts.isTryStatement(o))
      )
        continue;
      statements.push(ts.visitNode(s, visit) as ts.Statement);
      if (ts.isClassDeclaration(o) && o.name !== undefined && classes.has(idOf(o)) && library !== undefined) {
        const load = f.createArrowFunction(
          undefined,
          undefined,
          [],
          undefined,
          undefined,
          f.createCallExpression(f.createIdentifier('require'), undefined, [f.createStringLiteral(library)]),
        );
        statements.push(f.createExpressionStatement(recorder('cls', [f.createStringLiteral(idOf(o)), f.createIdentifier(o.name.text), load])));
      }
    }
    return f.updateSourceFile(sf, statements);
  };
}

/** The specifier a file imports the library by. */
function librarySpecifier(checker: ts.TypeChecker, sf: ts.SourceFile): string | undefined {
  for (const s of sf.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const mod = checker.getSymbolAtLocation(s.moduleSpecifier);
    if (mod !== undefined && checker.getExportsOfModule(mod).some((e) => e.name === 'defineStaticMetadata')) return s.moduleSpecifier.text;
  }
  return undefined;
}
