#!/usr/bin/env node
/**
 * `npm run mcp`: compiles the samples (as `npm start` does) and serves the docket service's tools
 * as an MCP server over stdio. Everything but the protocol goes to stderr.
 */
'use strict';

const { spawn } = require('node:child_process');
const path = require('node:path');
const { compile } = require('./compile');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'build', 'samples');

const r = compile({ outDir, project: path.join(root, 'tsconfig.samples.json'), check: ['samples'] });
for (const e of r.errors) process.stderr.write(`${e}\n`);
if (!r.ok) {
  process.stderr.write('npm run mcp: the samples do not compile (errors above).\n');
  process.exit(1);
}
const server = spawn(process.execPath, [path.join(outDir, 'samples', 'docket', 'mcp.js')], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
