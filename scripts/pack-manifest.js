#!/usr/bin/env node
'use strict';
/**
 * The manifest the package is published with. `npm pack` and `npm publish` run `prepack` before they
 * read the files and `postpack` after: `prepack` builds dist/ (unless TOOL_SIGNATURES_PREBUILT=1
 * says it is built already) and writes package.json without `scripts`, whose commands name files of
 * the repository that the package does not ship (scripts/, samples/); `postpack` puts the
 * repository's package.json back. A copy left by a pack that stopped half-way is put back first.
 *
 *   node scripts/pack-manifest.js prepack|postpack
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const manifest = path.join(root, 'package.json');
const kept = path.join(root, '.tmp', 'package.json.before-pack');

function restore() {
  if (!fs.existsSync(kept)) return;
  fs.copyFileSync(kept, manifest);
  fs.rmSync(kept);
}

function prepack() {
  restore();
  if (process.env.TOOL_SIGNATURES_PREBUILT !== '1') {
    const build = spawnSync(process.execPath, [path.join(__dirname, 'build.js')], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const text = fs.readFileSync(manifest, 'utf8');
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.writeFileSync(kept, text);
  const published = JSON.parse(text);
  delete published.scripts;
  fs.writeFileSync(manifest, `${JSON.stringify(published, null, 2)}\n`);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') restore();
else {
  process.stderr.write('usage: node scripts/pack-manifest.js prepack|postpack\n');
  process.exit(2);
}
