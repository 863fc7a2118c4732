#!/usr/bin/env node
'use strict';
// The `tool-signatures` command: runs the compiled CLI of the package (dist/cjs/cli).
// In a checkout of the repository, build it first: `npm run build`.
const fs = require('node:fs');
const path = require('node:path');

const cli = path.join(__dirname, '..', 'dist', 'cjs', 'cli', 'index.js');
if (!fs.existsSync(cli)) {
  process.stderr.write(`tool-signatures: the CLI is not built (${cli} is missing). In a checkout of the repository, run \`npm run build\` first.\n`);
  process.exit(2);
}
require(cli).run(process.argv.slice(2));
