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
 * Usage: node scripts/compile.js --out DIR [--project tsconfig.samples.json] [--check PATH]... [FILE...]
 *   FILEs replace the project's `include` list. Type errors in a --check file or in files under a
 *   --check directory (default: every file outside lib/) fail the compile; errors elsewhere are
 *   printed as warnings (lib/ is type-checked by `npm run typecheck`; other engineers' work in
 *   progress must not stop the samples from running).
 *
 *   node scripts/compile.js --shared [--check PATH]... [FILE...]   (with no --check, nothing is checked)
 *   The programs the specs run (SHARED below) compiled once, as one program, into
 *   .tmp/compiled/<hash of the sources>/, reused while the sources stay the same (the integration
 *   lane's globalSetup makes it before Jest's workers start, so the run on the LTS Node reuses the
 *   run on this machine's Node). Type-checking the library is most of a compile, so one compile
 *   instead of one per spec is most of the integration lane's time. FILEs must be among SHARED;
 *   type errors in the --check paths fail as above (each compile's diagnostics are kept with it);
 *   prints the directory. The directory is shared: a spec that writes beside the compiled files
 *   copies it first (spec/helpers/programs.ts).
 */
'use strict';

const { createHash } = require('node:crypto');
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

  const diagnostics = all.map((d) => ({
    file: d.file ? path.resolve(d.file.fileName) : undefined,
    error: d.category === ts.DiagnosticCategory.Error,
    text: format(ts, [d]),
  }));
  writeShim(outDir);
  return { ...sortDiagnostics(diagnostics, options.check, emitted.emitSkipped), emitSkipped: emitted.emitSkipped, diagnostics };
}

/**
 * Errors (in the `check` paths: a file, or the files under a directory; with none, every file
 * outside lib/) and warnings (every other diagnostic), and whether the compile is ok.
 */
function sortDiagnostics(diagnostics, check = [], emitSkipped = false) {
  const checks = check.map((d) => path.resolve(root, d));
  const libDir = path.join(root, 'lib') + path.sep;
  const checked = (file) => {
    if (file === undefined) return true;
    if (checks.length > 0) return checks.some((c) => file === c || file.startsWith(c + path.sep));
    return !file.startsWith(libDir);
  };
  const errors = diagnostics.filter((d) => d.error && checked(d.file));
  const warnings = diagnostics.filter((d) => !errors.includes(d));
  return { ok: errors.length === 0 && !emitSkipped, errors: errors.map((d) => d.text), warnings: warnings.map((d) => d.text) };
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

/**
 * The programs the specs compile and run, compiled together by `--shared` (paths from the
 * repository's root; `*` is any name within one folder).
 */
const SHARED = ['lib/cli/index.ts', 'spec/*/programs/*.ts', 'spec/cli/fixtures/*.ts', 'spec/mcp/fixtures/approval.ts'];

/** The files a SHARED pattern names. */
function expand(pattern) {
  let found = [''];
  for (const part of pattern.split('/')) {
    const re = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    found = found.flatMap((base) => {
      if (!part.includes('*')) return [base === '' ? part : `${base}/${part}`];
      const dir = path.join(root, base);
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((name) => re.test(name))
            .map((name) => (base === '' ? name : `${base}/${name}`))
        : [];
    });
  }
  return found.filter((rel) => fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isFile());
}

function sharedRoots() {
  return [...new Set(SHARED.flatMap(expand))].sort();
}

/** A hash of what the shared compile reads: TypeScript's version, the roots, the configs, the installed packages' lock, lib/, spec/, samples/. */
function sharedKey(roots) {
  const hash = createHash('sha256');
  const { version } = require(require.resolve('typescript/package.json', { paths: [root] }));
  hash.update(`typescript ${version}\0${roots.join('\n')}\0`);
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) walk(`${rel}/${name}`);
    } else {
      hash.update(rel).update('\0').update(fs.readFileSync(abs)).update('\0');
    }
  };
  for (const rel of ['scripts/compile.js', 'tsconfig.json', 'tsconfig.samples.json', 'package-lock.json', 'lib', 'spec', 'samples']) walk(rel);
  return hash.digest('hex').slice(0, 16);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * The shared compile for the current sources: `{ dir, roots, diagnostics, emitSkipped }`, made
 * (into a directory of its own, renamed into place when complete) unless it is there already.
 * `TOOL_SIGNATURES_COMPILED` (set by the integration lane's globalSetup for its run) names the one
 * to use without hashing the sources again: a spec may change files under spec/ while it runs.
 */
function compileShared() {
  const given = process.env.TOOL_SIGNATURES_COMPILED;
  if (given !== undefined && given !== '' && fs.existsSync(path.join(given, 'compiled.json'))) {
    return { dir: given, ...JSON.parse(fs.readFileSync(path.join(given, 'compiled.json'), 'utf8')) };
  }
  const roots = sharedRoots();
  const key = sharedKey(roots);
  const parent = path.join(root, '.tmp', 'compiled');
  const dir = path.join(parent, key);
  const done = path.join(dir, 'compiled.json');
  if (!fs.existsSync(done)) {
    fs.mkdirSync(parent, { recursive: true });
    const part = `${dir}.${process.pid}.part`;
    fs.rmSync(part, { recursive: true, force: true });
    const r = compile({ outDir: part, files: roots });
    const diagnostics = r.diagnostics.map((d) => ({ ...d, file: d.file === undefined ? null : path.relative(root, d.file) }));
    fs.writeFileSync(path.join(part, 'compiled.json'), JSON.stringify({ roots, emitSkipped: r.emitSkipped, diagnostics }));
    try {
      fs.renameSync(part, dir);
    } catch (e) {
      // Another process finished the same compile first: its output is the same.
      fs.rmSync(part, { recursive: true, force: true });
      if (!fs.existsSync(done)) throw e;
    }
    // The output of earlier states of the sources, and parts left by processes that died, are not needed any more.
    for (const other of fs.readdirSync(parent)) {
      const pid = /\.(\d+)\.part$/.exec(other)?.[1];
      if (other !== key && (pid === undefined || !alive(Number(pid)))) fs.rmSync(path.join(parent, other), { recursive: true, force: true });
    }
  }
  return { dir, ...JSON.parse(fs.readFileSync(done, 'utf8')) };
}

module.exports = { compile, compileShared };

if (require.main === module) {
  const args = process.argv.slice(2);
  const options = { outDir: '', files: [], check: [], shared: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--out') options.outDir = args[++i];
    else if (a === '--project') options.project = args[++i];
    else if (a === '--check') options.check.push(args[++i]);
    else if (a === '--shared') options.shared = true;
    else options.files.push(a);
  }
  if (options.shared) {
    const shared = compileShared();
    const missing = options.files.map((f) => path.relative(root, path.resolve(root, f))).filter((f) => !shared.roots.includes(f));
    if (missing.length > 0) {
      process.stderr.write(`not among the shared programs (SHARED in scripts/compile.js): ${missing.join(', ')}\n`);
      process.exit(2);
    }
    // `--shared` alone makes the compile and names it; a spec names what it checks.
    const diagnostics = shared.diagnostics.map((d) => ({ ...d, file: d.file === null ? undefined : path.resolve(root, d.file) }));
    const r = options.check.length > 0 ? sortDiagnostics(diagnostics, options.check, shared.emitSkipped) : { ok: true, errors: [] };
    for (const e of r.errors) process.stderr.write(`${e}\n`);
    if (!r.ok) process.exit(1);
    process.stdout.write(`${shared.dir}\n`);
    process.exit(0);
  }
  if (!options.outDir) {
    process.stderr.write('usage: node scripts/compile.js --out DIR [--project FILE] [--check PATH]... [FILE...] | --shared [--check PATH]... [FILE...]\n');
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
