#!/usr/bin/env node
/**
 * `npm run bench`: compiles the benchmark suite (bench/, with the library's source lib/ beside it)
 * into build/bench with the repository's TypeScript, then runs it as a plain Node process (not
 * jest: jest's sandboxed globals cost about 250 ns a lookup and would distort per-call figures).
 *
 *   build/bench/bench/**   the suite          build/bench/lib/**   the library, from lib/
 *   build/bench/node_modules/tool-signatures/index.js → ../../lib/index.js
 *   build/bench/package.json   (its own package scope: see compile())
 *
 * The suite imports `tool-signatures` as a user's program does; the type checker resolves it
 * through the `paths` of tsconfig.bench.json, Node through that small node_modules entry. Type
 * errors in bench/ stop the run; errors elsewhere (other engineers' work in progress in lib/) are
 * counted and ignored.
 *
 * Usage: npm run bench -- [--json] [--check] [--rounds N] [--quick] [--seed N] [--pool N]
 *        npm run bench -- mcp [--quick] [--json] [--check]   (MCP over HTTP: plain, ours, the SDK; both revisions; NestJS beside MCP-Nest)
 *        npm run bench -- stores [--quick] [--json]           (tools/call through the memory and the Redis stores; starts a redis-server)
 *        npm run bench -- --profile [--profile-seconds N] [--top N]
 *        npm run bench -- --node lts [...]   (or --node /path/to/node) the suite on that Node
 *   --node     runs the compiled suite on another Node: `lts` is the LTS Node that `npm test` runs
 *              on (scripts/lts-node.js: fetched once into .tmp/node/, or TOOL_SIGNATURES_LTS_NODE);
 *              the compile still runs on this one
 *   --check    exit 1 when one of issue 7's targets is missed (not part of npm test)
 *   --profile  runs ours on the realistic call under `node --cpu-prof` and prints the functions
 *              with the most self time (the profile is kept in build/bench/profiles)
 */
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ltsNode, versionOf } = require('./lts-node');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'build', 'bench');

function compile() {
  const ts = require(require.resolve('typescript', { paths: [root] }));
  const project = path.join(root, 'tsconfig.bench.json');
  const read = ts.readConfigFile(project, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, { outDir, noEmit: false }, project);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const emitted = program.emit();
  const all = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error);
  const benchDir = path.join(root, 'bench') + path.sep;
  const mine = all.filter((d) => !d.file || path.resolve(d.file.fileName).startsWith(benchDir));
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  if (mine.length > 0 || emitted.emitSkipped) {
    process.stderr.write(ts.formatDiagnostics(mine, host));
    throw new Error('the bench does not compile');
  }
  if (all.length > mine.length) process.stderr.write(`note: ${all.length - mine.length} type error(s) outside bench/ ignored (npm run typecheck shows them)\n`);
  // A package.json of its own makes build/bench a package scope of its own: inside the repository's
  // scope, Node would resolve `require('tool-signatures')` as a self-reference through package.json
  // `exports` to dist/ (whatever was last built there), not to the lib/ compiled here.
  fs.writeFileSync(path.join(outDir, 'package.json'), '{ "name": "tool-signatures-bench", "private": true }\n');
  const shim = path.join(outDir, 'node_modules', 'tool-signatures');
  fs.mkdirSync(shim, { recursive: true });
  fs.writeFileSync(path.join(shim, 'package.json'), '{ "name": "tool-signatures", "private": true, "main": "index.js" }\n');
  fs.writeFileSync(
    path.join(shim, 'index.js'),
    "// Written by scripts/bench.js: the compiled library beside the suite.\nmodule.exports = require('../../lib/index.js');\n",
  );
  fs.writeFileSync(
    path.join(shim, 'mcp.js'),
    "// Written by scripts/bench.js: the compiled library beside the suite.\nmodule.exports = require('../../lib/mcp/index.js');\n",
  );
  fs.writeFileSync(
    path.join(shim, 'redis.js'),
    "// Written by scripts/bench.js: the compiled library beside the suite.\nmodule.exports = require('../../lib/redis/index.js');\n",
  );
  fs.writeFileSync(
    path.join(shim, 'nestjs.js'),
    "// Written by scripts/bench.js: the compiled library beside the suite.\nmodule.exports = require('../../lib/nestjs/index.js');\n",
  );
}

/** The functions with the most self time in a .cpuprofile, aggregated by function and place. */
function summarize(file, top) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    const node = byId.get(prof.samples[i]);
    const dt = prof.timeDeltas[i] ?? 0;
    total += dt;
    const f = node.callFrame;
    const where = f.url ? `${path.relative(root, f.url.replace(/^file:\/\//, ''))}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'}\t${where}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  }
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = [`Top ${top} functions by self time (${(total / 1e6).toFixed(2)} s sampled):`];
  for (const [key, us] of rows) {
    const [name, where] = key.split('\t');
    lines.push(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}  ${where}`);
  }
  return lines.join('\n');
}

/** `--node lts|PATH` taken out of the arguments: the Node to run the suite on (this one without it). */
function nodeOf(args) {
  const i = args.indexOf('--node');
  if (i < 0) return { node: process.execPath, rest: args };
  const given = args[i + 1];
  if (given === undefined || given.startsWith('--')) throw new Error('--node takes lts or the path of a Node binary');
  const node = given === 'lts' ? ltsNode({ say: (text) => process.stderr.write(`${text}\n`) }) : path.resolve(given);
  if (node === undefined) throw new Error('--node lts: the LTS Node package runs on linux-x64 only; set TOOL_SIGNATURES_LTS_NODE to a Node to use');
  const version = versionOf(node);
  if (version === undefined) throw new Error(`--node ${given}: ${node} does not run`);
  process.stderr.write(`running the suite on Node ${version} (${path.relative(root, node) || node})\n`);
  return { node, rest: args.filter((_, j) => j !== i && j !== i + 1) };
}

function main() {
  const { node, rest: args } = nodeOf(process.argv.slice(2));
  const started = Date.now();
  compile();
  process.stderr.write(`compiled bench/ and lib/ into ${path.relative(root, outDir)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const entry = path.join(outDir, 'bench', 'run.js');
  const profiling = args.includes('--profile');
  const nodeFlags = ['--expose-gc'];
  const profiles = path.join(outDir, 'profiles');
  let suiteArgs = args;
  let top = 25;
  if (profiling) {
    const t = args.indexOf('--top');
    if (t >= 0) {
      top = Number(args[t + 1]);
      suiteArgs = args.filter((_, i) => i !== t && i !== t + 1);
    }
    fs.rmSync(profiles, { recursive: true, force: true });
    fs.mkdirSync(profiles, { recursive: true });
    nodeFlags.push('--cpu-prof', `--cpu-prof-dir=${profiles}`, '--cpu-prof-interval=100');
  }
  const r = spawnSync(node, [...nodeFlags, entry, ...suiteArgs], { cwd: root, stdio: 'inherit' });
  if (profiling && r.status === 0) {
    const file = fs
      .readdirSync(profiles)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(profiles, f))[0];
    if (file !== undefined) process.stdout.write(`${summarize(file, top)}\nprofile: ${path.relative(root, file)}\n`);
  }
  process.exit(r.status ?? 1);
}

main();
