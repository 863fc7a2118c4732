import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emittedPath, importTarget, nodeRequire, rewriteImports, writeEmitted } from '../plugin/commonjs-dir';
import { describeThrown } from '../thrown';

/** The library's public surface, as the user's module sees it. */
export type Library = typeof import('../index');

/** The user's module could not be found or loaded (exit status 2). */
export class LoadError extends Error {
  override readonly name = 'LoadError';
}

export interface LoadedModule {
  readonly file: string;
  /** The module's exports (a CommonJS `module.exports` or an ES module namespace). */
  readonly exports: unknown;
  /** The copy of tool-signatures the module itself loads (its decorators wrote to that copy's storage). */
  readonly library: Library;
}

const TYPESCRIPT = /\.(c|m)?ts$/;

/**
 * Loads a user's module the way the user's program would: reflect-metadata and tool-signatures
 * first (from the module's own location), then the module.
 *
 * Which copy of the library: decorators record metadata in their copy's storage, so the catalogue
 * must be read through the copy the module imports (its node_modules), not through the copy this
 * CLI belongs to, which may be another install (a global one, npx). Loading that copy before the
 * module also lets it observe the order in which the module's decorators run.
 */
export async function loadUserModule(spec: string, cwd: string): Promise<LoadedModule> {
  const file = path.resolve(cwd, spec);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new LoadError(`cannot find the module ${spec} (looked for ${file}).`);
  const from = createRequire(file);
  if (tryRequire(from, 'reflect-metadata') === undefined) tryRequire(require, 'reflect-metadata');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const library = (tryRequire(from, 'tool-signatures') ?? require('../index')) as Library;
  let exports: unknown;
  try {
    exports = file.endsWith('.mjs') ? await importEsm(file) : TYPESCRIPT.test(file) ? requireTypeScript(file) : requireOrImport(from, file);
  } catch (e) {
    if (isToolDefinitionError(e, library) || e instanceof LoadError) throw e;
    throw new LoadError(`cannot load ${spec}: ${describeThrown(e)}`);
  }
  if (exports instanceof Promise) exports = await exports;
  return { file, exports, library };
}

function requireOrImport(from: NodeJS.Require, file: string): unknown {
  try {
    return from(file);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    // An ES module that require(esm) cannot load (top-level await, or a Node without it).
    if (code === 'ERR_REQUIRE_ESM' || code === 'ERR_REQUIRE_ASYNC_MODULE') return importEsm(file);
    throw e;
  }
}

// tsc compiles `import()` to `require()` under module: commonjs; a real dynamic import is needed
// for ES modules, so it is written where tsc does not rewrite it.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const dynamicImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

function importEsm(file: string): Promise<unknown> {
  return dynamicImport(pathToFileURL(file).href);
}

function tryRequire(from: NodeJS.Require, id: string): unknown {
  try {
    return from(id);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'MODULE_NOT_FOUND') return undefined;
    throw e;
  }
}

/** Class or, across copies of the package, name and code: both identify the library's definition error. */
export function isToolDefinitionError(e: unknown, library?: Library): e is Error & { code: string } {
  if (library !== undefined && e instanceof library.ToolDefinitionError) return true;
  return e instanceof Error && e.name === 'ToolDefinitionError' && typeof (e as { code?: unknown }).code === 'string';
}

// ---- TypeScript sources -----------------------------------------------------------------------

type TypeScriptApi = typeof import('typescript');

/** A TypeScript source the CLI compiles: the project's own, not a package's, and not a declaration file. */
const isSource = (file: string, external: boolean): boolean => !external && TYPESCRIPT.test(file) && !/\.d\.[cm]?ts$/.test(file);

/** Where this process's compiled sources are written; removed when the process exits. */
let outDir: string | undefined;

/**
 * A TypeScript entry module, compiled with TypeScript's `transpileModule`: `experimentalDecorators`
 * and `emitDecoratorMetadata` on, CommonJS out, the rest from the nearest tsconfig.json. (esbuild,
 * tsx and Node's type stripping emit no decorator metadata, so they cannot be used here.) Each file
 * is compiled on its own: a parameter typed by an interface or type alias records `Object`, as under
 * `isolatedModules`, and needs a hint as usual. The entry and the project's TypeScript files it
 * reaches are written as CommonJS to a directory of the process's own (`commonjs-dir.ts`: `.js`
 * written for `.ts` resolves, a `.mts` file or a `"type": "module"` package still runs as
 * CommonJS), and the entry's emit is loaded with a plain `require`.
 */
function requireTypeScript(file: string): unknown {
  const ts = (tryRequire(createRequire(file), 'typescript') ?? tryRequire(require, 'typescript')) as TypeScriptApi | undefined;
  if (ts === undefined) {
    throw new LoadError(
      `${path.basename(file)} is TypeScript, and no 'typescript' package is installed to compile it. ` +
        'Compile it first (tsc with "experimentalDecorators": true and "emitDecoratorMetadata": true) and inspect the .js file, or install typescript.',
    );
  }
  const compilerOptions: import('typescript').CompilerOptions = {
    ...projectOptions(ts, path.dirname(file)),
    module: ts.ModuleKind.CommonJS,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    esModuleInterop: true,
    sourceMap: false,
    inlineSourceMap: true,
    declaration: false,
    noEmit: false,
    verbatimModuleSyntax: false,
  };
  if (outDir === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-cli-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    outDir = dir;
  }
  let awaits: string | undefined;
  writeEmitted(outDir, [file], (source) => {
    const imports = new Set<string>();
    const out = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
      // The source map names the source where it is.
      compilerOptions: { ...compilerOptions, sourceRoot: pathToFileURL(path.dirname(source)).href },
      // As a .ts file: TypeScript writes a .mts file as an ES module whatever the module option.
      fileName: source.replace(/\.[cm]ts$/, '.ts'),
      reportDiagnostics: false,
      transformers: {
        before: [
          () => (sf) => {
            awaits ??= hasTopLevelAwait(ts, sf) ? source : undefined;
            return sf;
          },
        ],
        after: [
          rewriteImports(ts, (specifier) => {
            const target = importTarget(ts, specifier, source, compilerOptions, isSource);
            if (target.file !== undefined) imports.add(target.file);
            return target.text;
          }),
        ],
      },
    });
    return { js: out.outputText, imports: [...imports] };
  });
  if (awaits !== undefined) {
    throw new LoadError(
      `${path.basename(awaits)} uses top-level await, which the CLI cannot run from TypeScript source (it compiles each file to CommonJS to keep decorator metadata). Move the await into a function, or compile the project first (tsc) and give the .js file.`,
    );
  }
  const compiled = emittedPath(outDir, file);
  return nodeRequire(compiled)(compiled);
}

/** An `await` (or `for await`) outside any function: CommonJS cannot run it. */
function hasTopLevelAwait(ts: TypeScriptApi, node: import('typescript').Node): boolean {
  return (
    ts.forEachChild(node, (n) => {
      if (ts.isAwaitExpression(n) || (ts.isForOfStatement(n) && n.awaitModifier !== undefined)) return true;
      if (ts.isFunctionLike(n) || ts.isClassStaticBlockDeclaration(n)) return undefined;
      return hasTopLevelAwait(ts, n) || undefined;
    }) === true
  );
}

function projectOptions(ts: TypeScriptApi, dir: string): import('typescript').CompilerOptions {
  const config = ts.findConfigFile(dir, ts.sys.fileExists);
  if (config === undefined) return { target: ts.ScriptTarget.ES2022 };
  const read = ts.readConfigFile(config, ts.sys.readFile);
  if (read.error !== undefined) return { target: ts.ScriptTarget.ES2022 };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(config));
  const { target, useDefineForClassFields, strict, strictNullChecks, jsx } = parsed.options;
  return { target: target ?? ts.ScriptTarget.ES2022, useDefineForClassFields, strict, strictNullChecks, jsx };
}
