#!/usr/bin/env node
'use strict';
// `tool-signatures generate <tsconfig> [--out file]`: the plugin's CLI (lib/plugin/cli.ts) from the built package.
const path = require('path');
const candidates = [path.join(__dirname, '../dist/cjs/plugin/cli.js'), path.join(__dirname, '../build/lib/plugin/cli.js')];
const found = candidates.find((p) => { try { require.resolve(p); return true; } catch { return false; } });
if (!found) {
  process.stderr.write('tool-signatures: the package is not built (no dist/cjs/plugin/cli.js). Run `npm run build`.\n');
  process.exit(2);
}
process.exitCode = require(found).main(process.argv.slice(2));
