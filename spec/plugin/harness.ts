import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import toolSignatures, { diagnose } from '../../lib/plugin';

/** Builds fixture sets into a temporary workspace and reads their tools in a separate Node process. */

export const ROOT = path.resolve(__dirname, '../..');
export const FIXTURES = path.join(ROOT, 'spec/fixtures/plugin');

/** A temporary directory whose node_modules holds this library, compiled (one file per module). */
export function workspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-plugin-'));
  const pkg = path.join(dir, 'node_modules/tool-signatures');
  const lib = path.join(ROOT, 'lib');
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.ts') ? [path.join(d, e.name)] : []));
  for (const file of walk(lib)) {
    const out = path.join(pkg, path.relative(lib, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, experimentalDecorators: true },
    }).outputText;
    fs.writeFileSync(out, js);
  }
  fs.writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({
      name: 'tool-signatures',
      main: './index.js',
      exports: { '.': './index.js', './plugin': './plugin/index.js', './package.json': './package.json' },
    }),
  );
  return dir;
}

export function compilerOptions(extra: ts.CompilerOptions = {}): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    experimentalDecorators: true,
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
    paths: { 'tool-signatures': [path.join(ROOT, 'lib/index.ts')] },
    ignoreDeprecations: '6.0',
    ...extra,
  };
}

export function fixtureFiles(variant: string): string[] {
  const dir = path.join(FIXTURES, variant);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

export interface Compiled {
  readonly program: ts.Program;
  readonly pluginDiagnostics: readonly ts.Diagnostic[];
}

/** Compiles one fixture set with the TypeScript API (one Program), with or without the plugin. */
export function compile(variant: string, outDir: string, o: { plugin: boolean; emitDecoratorMetadata: boolean }): Compiled {
  const files = fixtureFiles(variant);
  const program = ts.createProgram(files, compilerOptions({ emitDecoratorMetadata: o.emitDecoratorMetadata, rootDir: ROOT, outDir }));
  const errors = files.flatMap((f) => [
    ...program.getSemanticDiagnostics(program.getSourceFile(f)),
    ...program.getSyntacticDiagnostics(program.getSourceFile(f)),
  ]);
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, formatHost));
  const transformers = o.plugin ? { before: [toolSignatures(program)] } : undefined;
  for (const f of files) {
    const r = program.emit(program.getSourceFile(f), undefined, undefined, false, transformers);
    if (r.emitSkipped) throw new Error(`emit skipped: ${f}`);
  }
  return { program, pluginDiagnostics: o.plugin ? diagnose(program) : [] };
}

export const formatHost: ts.FormatDiagnosticsHost = { getCanonicalFileName: (x) => x, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };

/** Where a fixture set's compiled module lands (rootDir is the repository: the program includes lib/). */
export function outputOf(outDir: string, variant: string, module = 'index'): string {
  return path.join(outDir, path.relative(ROOT, FIXTURES), variant, `${module}.js`);
}

export type ToolTexts = Record<string, string>;

/**
 * Loads a compiled fixture set in its own Node process and returns, per tool, the JSON text of its
 * description, input schema and output schema. Each group of the set's `groups()` is built on its
 * own: a group that throws is recorded as `!group` with the error's text (never equal to a tool's
 * text), and the other groups are still read.
 */
export function readTools(ws: string, entry: string, skip: readonly string[] = []): ToolTexts {
  const script = `
    require('reflect-metadata');
    const m = require(${JSON.stringify(entry)});
    const out = {};
    for (const [group, build] of Object.entries(m.groups())) {
      if (${JSON.stringify(skip)}.includes(group)) continue;
      let list;
      try { list = build(); } catch (e) { out['!' + group] = String(e && e.message || e); continue; }
      for (const t of list) {
        if (t.name in out) throw new Error('duplicate tool ' + t.name);
        out[t.name] = JSON.stringify({ description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema });
      }
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const r = spawnSync(process.execPath, ['-e', script], { env: nodeEnv(ws), encoding: 'utf8', cwd: ws });
  if (r.status !== 0) throw new Error(`loading ${entry} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout) as ToolTexts;
}

/** The groups of a fixture set that failed to build, with the error of each. */
export function failedGroups(texts: ToolTexts): { group: string; error: string }[] {
  return Object.keys(texts)
    .filter((k) => k.startsWith('!'))
    .map((k) => ({ group: k.slice(1), error: texts[k]! }));
}

/** The names of the tools that were built. */
export function toolNames(texts: ToolTexts): string[] {
  return Object.keys(texts).filter((k) => !k.startsWith('!'));
}

export function nodeEnv(ws: string): NodeJS.ProcessEnv {
  return { ...process.env, NODE_PATH: [path.join(ws, 'node_modules'), path.join(ROOT, 'node_modules')].join(path.delimiter) };
}
