import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * Compiles the corpus of real DTOs (spec/corpus/dtos/<project>/*.ts) the way each project compiles
 * them: one TypeScript program per project, with that project's own compiler options (its
 * tsconfig.json beside the files), through the checker (design:type metadata needs it; a
 * transpile-only build would not write the same types). Output goes to .tmp/corpus-<hash>/ under
 * the repository, so that the compiled files resolve class-validator and class-transformer to the
 * copies the library uses; the hash covers every input, so an unchanged corpus is compiled once.
 *
 * Two corpora: a project whose nest-cli.json names the `@nestjs/swagger` plugin is built with the
 * real swagger CLI plugin transformer (`@nestjs/swagger/plugin`'s `before`, with that entry's
 * options), as `nest build` runs it; the others with tsc alone. The swagger plugin and the
 * `require("@nestjs/swagger")` it writes into each file are ES modules only, which Jest's CommonJS
 * runtime cannot load: that corpus is compiled and judged in a spawned Node
 * (spec/corpus/programs/swagger-corpus.ts), the other in Jest.
 */

/** The repository: the nearest folder above this file that holds the corpus (this file also runs compiled, under .tmp/). */
function repositoryOf(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'spec', 'corpus', 'dtos'))) return d;
    if (path.dirname(d) === d) throw new Error(`no spec/corpus/dtos above ${dir}`);
  }
}

export const ROOT = repositoryOf(__dirname);
export const DTO_ROOT = path.join(ROOT, 'spec', 'corpus', 'dtos');

/** Which corpus: the projects built with tsc alone, or those built with the swagger CLI plugin. */
export type CorpusKind = 'plain' | 'swagger';

/** The options of the `@nestjs/swagger` entry of a project's nest-cli.json `compilerOptions.plugins`, or undefined when it names none. */
export function swaggerPluginOf(project: string): Record<string, unknown> | undefined {
  const file = path.join(DTO_ROOT, project, 'nest-cli.json');
  if (!fs.existsSync(file)) return undefined;
  const read = ts.readConfigFile(file, ts.sys.readFile);
  const plugins = (read.config as { compilerOptions?: { plugins?: unknown[] } } | undefined)?.compilerOptions?.plugins ?? [];
  for (const p of plugins) {
    if (p === '@nestjs/swagger' || p === '@nestjs/swagger/plugin') return {};
    const entry = p as { name?: string; options?: Record<string, unknown> };
    if (entry.name === '@nestjs/swagger' || entry.name === '@nestjs/swagger/plugin') return entry.options ?? {};
  }
  return undefined;
}

type SwaggerBefore = (options: Record<string, unknown>, program: ts.Program) => ts.TransformerFactory<ts.SourceFile>;

/** The swagger CLI plugin's `before` (an ES module: loaded only where the swagger corpus is compiled, in a spawned Node). */
function swaggerBefore(): SwaggerBefore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('@nestjs/swagger/plugin') as { before: SwaggerBefore }).before;
}

export interface CorpusProject {
  readonly name: string;
  /** The project's compiler options as read from its tsconfig.json. */
  readonly options: ts.CompilerOptions;
  /** The compiled .js of each source file (support files start with `_`), keyed by file name. */
  readonly outputs: ReadonlyMap<string, string>;
  /** Errors the compiler reported for this project's own files (the corpus is expected to have none). */
  readonly errors: readonly string[];
}

function projectNames(kind: CorpusKind): string[] {
  return fs
    .readdirSync(DTO_ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory() && (swaggerPluginOf(e.name) !== undefined) === (kind === 'swagger'))
    .map((e) => e.name)
    .sort();
}

function sourcesOf(project: string): string[] {
  const dir = path.join(DTO_ROOT, project);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

function readOptions(project: string): ts.CompilerOptions {
  const file = path.join(DTO_ROOT, project, 'tsconfig.json');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
  if (parsed.errors.length > 0) throw new Error(parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  return parsed.options;
}

function corpusHash(kind: CorpusKind): string {
  const h = crypto.createHash('sha256');
  h.update(ts.version);
  h.update(kind);
  h.update(process.env['CORPUS_TYPECHECK'] === '1' ? 'checked' : 'emitted');
  h.update(fs.readFileSync(__filename));
  for (const p of projectNames(kind)) {
    h.update(p);
    h.update(fs.readFileSync(path.join(DTO_ROOT, p, 'tsconfig.json')));
    h.update(JSON.stringify(swaggerPluginOf(p) ?? null));
    for (const f of sourcesOf(p)) {
      h.update(f);
      h.update(fs.readFileSync(f));
    }
  }
  return h.digest('hex').slice(0, 16);
}

/** One host for every program: declaration files (lib, class-validator) are parsed once. */
function sharedHost(): (options: ts.CompilerOptions) => ts.CompilerHost {
  const cache = new Map<string, ts.SourceFile>();
  return (options) => {
    const host = ts.createCompilerHost(options, true);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const version = typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion;
      // Declaration files parse alike for every target these projects use.
      const key = fileName;
      void version;
      const declaration = fileName.endsWith('.d.ts');
      const hit = declaration ? cache.get(key) : undefined;
      if (hit !== undefined) return hit;
      const sf = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (sf !== undefined && declaration) cache.set(key, sf);
      return sf;
    };
    return host;
  };
}

/** Compiles every project of the corpus (or reuses the output of an identical earlier run) and lists the outputs. */
export function compileCorpus(kind: CorpusKind = 'plain'): CorpusProject[] {
  const outRoot = path.join(ROOT, '.tmp', `corpus-${kind === 'plain' ? '' : `${kind}-`}${corpusHash(kind)}`);
  const done = path.join(outRoot, 'done.json');
  const projects = projectNames(kind);
  if (fs.existsSync(done)) {
    const errors = JSON.parse(fs.readFileSync(done, 'utf8')) as Record<string, string[]>;
    return projects.map((name) => ({ name, options: readOptions(name), outputs: outputsOf(name, outRoot), errors: errors[name] ?? [] }));
  }
  // Written to a directory of this process, then renamed into place: a parallel run never reads a half-written corpus.
  const finalRoot = outRoot;
  const workRoot = `${outRoot}.${process.pid}`;
  const makeHost = sharedHost();
  const result: CorpusProject[] = [];
  const allErrors: Record<string, string[]> = {};
  for (const name of projects) {
    const options: ts.CompilerOptions = {
      ...readOptions(name),
      outDir: path.join(workRoot, name),
      rootDir: path.join(DTO_ROOT, name),
      noEmit: false,
      declaration: false,
      sourceMap: false,
      incremental: false,
      composite: false,
      types: [],
    };
    const program = ts.createProgram({ rootNames: sourcesOf(name), options, host: makeHost(options) });
    const swagger = swaggerPluginOf(name);
    const before = swagger === undefined ? [] : [swaggerBefore()(swagger, program)];
    const emitted = program.emit(undefined, undefined, undefined, false, { before });
    const own = path.join(DTO_ROOT, name) + path.sep;
    // The full type check costs most of the time; the report script asks for it (CORPUS_TYPECHECK=1).
    const checked = process.env['CORPUS_TYPECHECK'] === '1' ? [...program.getSemanticDiagnostics(), ...program.getSyntacticDiagnostics()] : [];
    const diagnostics = [...checked, ...emitted.diagnostics].filter(
      (d) => d.category === ts.DiagnosticCategory.Error && (d.file === undefined || path.resolve(d.file.fileName).startsWith(own)),
    );
    const errors = diagnostics.map((d) => {
      const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, ' ');
    });
    if (emitted.emitSkipped) throw new Error(`corpus project ${name} was not emitted: ${errors.join('\n')}`);
    allErrors[name] = errors;
    result.push({ name, options: readOptions(name), outputs: outputsOf(name, finalRoot), errors });
  }
  fs.writeFileSync(path.join(workRoot, 'done.json'), JSON.stringify(allErrors));
  try {
    fs.renameSync(workRoot, finalRoot);
  } catch {
    // Another run finished first with the same inputs: its output is identical.
    fs.rmSync(workRoot, { recursive: true, force: true });
  }
  if (!fs.existsSync(done)) throw new Error(`corpus output missing: ${done}`);
  return result;
}

function outputsOf(name: string, outRoot: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const src of sourcesOf(name)) {
    const base = path.basename(src, '.ts');
    map.set(path.basename(src), path.join(outRoot, name, `${base}.js`));
  }
  return map;
}
