#!/usr/bin/env node
/**
 * `npm start`: compiles the samples (tsconfig.samples.json, with the library's source beside them,
 * into build/samples) and runs the main job, samples/docket/main.ts: the docket service's
 * catalogue, each provider's form, a recorded conversation replayed through runToolCalls, then
 * samples/unions.ts (a tagged union and a recursive filter, listed and invoked). Extra arguments name another compiled sample to run instead, e.g. `npm start -- samples/ad-hoc`.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { compile } = require('./compile');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'build', 'samples');

const started = Date.now();
const r = compile({ outDir, project: path.join(root, 'tsconfig.samples.json'), check: ['samples'] });
for (const e of r.errors) process.stderr.write(`${e}\n`);
if (!r.ok) {
  process.stderr.write('npm start: the samples do not compile (errors above).\n');
  process.exit(1);
}
process.stdout.write(`compiled the samples in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const sample = (process.argv[2] ?? 'samples/docket/main').replace(/\.ts$/, '');
const run = spawnSync(process.execPath, [path.join(outDir, `${sample}.js`)], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
