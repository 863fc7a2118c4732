/**
 * The integration lane's Jest globalSetup (jest.config.js): the shared compile of the programs the
 * specs run (`scripts/compile.js --shared`), made once before the workers start (in a child
 * process, so that TypeScript's memory is not kept by Jest), and named to the specs by
 * `TOOL_SIGNATURES_COMPILED` (the workers inherit it). A run with unchanged sources, the run on
 * the LTS Node among them, finds it made. A failed compile fails no spec here: the specs that
 * need the programs report it.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');

module.exports = async function compiledSetup() {
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(__dirname, 'compile.js'), '--shared'], { encoding: 'utf8', timeout: 900_000 });
  if (r.status === 0) {
    process.env.TOOL_SIGNATURES_COMPILED = r.stdout.trim();
    process.stderr.write(
      `\nthe spec programs, compiled once: ${path.relative(path.resolve(__dirname, '..'), r.stdout.trim())} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
  }
};
