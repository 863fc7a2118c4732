import * as path from 'node:path';
import * as ts from 'typescript';
import * as library from 'tool-signatures';
import toolSignatures from '../../lib/plugin';

/**
 * Compiles a few TypeScript files held in memory, as users' builds compile theirs, and loads the
 * result with this very copy of the library as `tool-signatures`: as one program (tsc, the Nest CLI),
 * with or without the plugin, or each file alone (isolatedModules transpilers).
 */

const ROOT = path.resolve(__dirname, '../..');

export const VIRTUAL_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  strict: true,
  skipLibCheck: true,
  types: [],
  paths: { 'tool-signatures': [path.join(ROOT, 'lib/index.ts')] },
  ignoreDeprecations: '6.0',
};

/** Each file's JavaScript, by file name. Type errors stop it. `dir` places the files (for module resolution); nothing is written. */
export function compileProgram(sources: Readonly<Record<string, string>>, dir: string, o: { plugin: boolean }): Record<string, string> {
  const host = ts.createCompilerHost(VIRTUAL_OPTIONS);
  const virtual = (f: string) => (path.dirname(f) === dir ? sources[path.basename(f)] : undefined);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, v, ...rest) => {
    const text = virtual(f);
    return text !== undefined ? ts.createSourceFile(f, text, v) : getSourceFile(f, v, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (f) => virtual(f) !== undefined || fileExists(f);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (d) => d === dir || (directoryExists?.(d) ?? true);
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => virtual(f) ?? readFile(f);
  const files = Object.keys(sources).map((f) => path.join(dir, f));
  const program = ts.createProgram(files, VIRTUAL_OPTIONS, host);
  const errors = files.flatMap((f) => ts.getPreEmitDiagnostics(program, program.getSourceFile(f)));
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, host));
  const out: Record<string, string> = {};
  for (const f of files) {
    program.emit(
      program.getSourceFile(f),
      (name, text) => {
        if (name.endsWith('.js')) out[path.basename(f)] = text;
      },
      undefined,
      false,
      o.plugin ? { before: [toolSignatures(program)] } : undefined,
    );
  }
  return out;
}

/** Each file compiled alone (isolatedModules). */
export function compileEach(sources: Readonly<Record<string, string>>, dir: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sources).map(([f, text]) => [
      f,
      ts.transpileModule(text, { compilerOptions: { ...VIRTUAL_OPTIONS, isolatedModules: true }, fileName: path.join(dir, f) }).outputText,
    ]),
  );
}

/** Loads the compiled module `entry` (`./orders`), its relative imports from `code`. */
export function loadCompiled(code: Readonly<Record<string, string>>, entry: string): Record<string, unknown> {
  const loaded = new Map<string, Record<string, unknown>>();
  const req = (id: string): unknown => {
    if (id === 'tool-signatures') return library;
    const file = `${id.replace(/^\.\//, '')}.ts`;
    const text = code[file];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    if (text === undefined) return require(id);
    let exports = loaded.get(file);
    if (exports === undefined) {
      const module = { exports: {} as Record<string, unknown> };
      loaded.set(file, module.exports);
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      new Function('require', 'module', 'exports', text)(req, module, module.exports);
      exports = module.exports;
    }
    return exports;
  };
  return req(entry) as Record<string, unknown>;
}
