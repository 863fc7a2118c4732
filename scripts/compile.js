#!/usr/bin/env node
/**
 * Compiles TypeScript programs that import `tool-signatures` (the samples, the CLI and its test
 * fixtures) into one output directory, with the library's own source compiled beside them, and
 * makes `require('tool-signatures')` work there without a dist/ build:
 *
 *   <out>/lib/**                      the library (emitted because the program imports it)
 *   <out>/samples/**, <out>/spec/**   the programs
 *   <out>/node_modules/tool-signatures/index.js   → ../../lib/index.js (and one file per subpath)
 *
 * The type checker resolves `tool-signatures` through the `paths` of tsconfig.samples.json; Node
 * resolves it through that small node_modules entry, so the compiled programs load the library as
 * a user's program loads an installed package, and every program in <out> shares ONE copy of it
 * (one metadata storage). <out>/package.json makes <out> a package scope of its own: inside the
 * repository's scope, Node would resolve `tool-signatures` to the repository itself (a package
 * may import itself by name through its `exports`), that is to dist/, before looking in
 * node_modules.
 *
 * Usage: node scripts/compile.js --out DIR [--project tsconfig.samples.json] [--check DIR]... [FILE...]
 *   FILEs replace the project's `include` list. Type errors in files under a --check directory
 *   (default: every file outside lib/) fail the compile; errors elsewhere are printed as warnings
 *   (lib/ is type-checked by `npm run typecheck`; other engineers' work in progress must not stop
 *   the samples from running).
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/**
 * @param {{ outDir: string, project?: string, files?: string[], check?: string[] }} options
 * @returns {{ ok: boolean, errors: string[], warnings: string[] }}
 */
function compile(options) {
  const ts = require(require.resolve('typescript', { paths: [root] }));
  const project = path.resolve(root, options.project ?? 'tsconfig.samples.json');
  const outDir = path.resolve(options.outDir);
  const read = ts.readConfigFile(project, ts.sys.readFile);
  if (read.error) return { ok: false, errors: [format(ts, [read.error])], warnings: [] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(project), { outDir, noEmit: false }, project);
  const rootNames = options.files && options.files.length > 0 ? options.files.map((f) => path.resolve(root, f)) : parsed.fileNames;
  const program = ts.createProgram({ rootNames, options: parsed.options });
  const emitted = program.emit();
  const all = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];

  const checkDirs = (options.check ?? []).map((d) => path.resolve(root, d) + path.sep);
  const libDir = path.join(root, 'lib') + path.sep;
  const checked = (d) => {
    const file = d.file ? path.resolve(d.file.fileName) : undefined;
    if (file === undefined) return true;
    if (checkDirs.length > 0) return checkDirs.some((dir) => file.startsWith(dir));
    return !file.startsWith(libDir);
  };
  const errors = all.filter((d) => d.category === ts.DiagnosticCategory.Error && checked(d));
  const warnings = all.filter((d) => !errors.includes(d));
  writeShim(outDir);
  return { ok: errors.length === 0 && !emitted.emitSkipped, errors: errors.map((d) => format(ts, [d])), warnings: warnings.map((d) => format(ts, [d])) };
}

function format(ts, diagnostics) {
  return ts
    .formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    })
    .trimEnd();
}

/** node_modules/tool-signatures in the output directory, pointing at the compiled lib/. */
function writeShim(outDir) {
  const dir = path.join(outDir, 'node_modules', 'tool-signatures');
  fs.mkdirSync(dir, { recursive: true });
  const header = '// Written by scripts/compile.js: the compiled library beside the programs.\n';
  // Without a package.json of its own, an output directory inside the repository belongs to the
  // repository's package, and Node resolves `tool-signatures` there as a self-reference through
  // its `exports` map: to dist/ (a stale or missing build), never to the node_modules entry below.
  fs.writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ name: 'compiled-programs', private: true }, null, 2) + '\n');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'tool-signatures', private: true, main: 'index.js' }, null, 2) + '\n');
  fs.writeFileSync(path.join(dir, 'index.js'), `${header}module.exports = require('../../lib/index.js');\n`);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const key of Object.keys(pkg.exports ?? {})) {
    if (key === '.' || key === './package.json') continue;
    const name = key.slice(2);
    const target = fs.existsSync(path.join(outDir, 'lib', `${name}.js`))
      ? `${name}.js`
      : fs.existsSync(path.join(outDir, 'lib', name, 'index.js'))
        ? `${name}/index.js`
        : null;
    if (target !== null) fs.writeFileSync(path.join(dir, `${name}.js`), `${header}module.exports = require('../../lib/${target}');\n`);
  }
}

module.exports = { compile };

if (require.main === module) {
  const args = process.argv.slice(2);
  const options = { outDir: '', files: [], check: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--out') options.outDir = args[++i];
    else if (a === '--project') options.project = args[++i];
    else if (a === '--check') options.check.push(args[++i]);
    else options.files.push(a);
  }
  if (!options.outDir) {
    process.stderr.write('usage: node scripts/compile.js --out DIR [--project FILE] [--check DIR]... [FILE...]\n');
    process.exit(2);
  }
  const started = Date.now();
  const r = compile(options);
  if (r.warnings.length > 0)
    process.stderr.write(`note: ${r.warnings.length} diagnostic(s) outside the checked files ignored (npm run typecheck shows them)\n`);
  for (const e of r.errors) process.stderr.write(`${e}\n`);
  if (!r.ok) process.exit(1);
  process.stdout.write(`compiled into ${path.relative(root, path.resolve(options.outDir)) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
