#!/usr/bin/env node
/**
 * `npm run mcp`: compiles the samples (as `npm start` does) and serves the docket service's tools
 * as an MCP server, over stdio by default. Everything but the protocol goes to stderr.
 *
 *   npm run --silent mcp                          stdio (point an MCP client at this command)
 *   npm run mcp -- --http [--port N] [--host H]   Streamable HTTP on http://H:N/mcp (127.0.0.1:3000);
 *                                                 the URL is printed on stdout as one JSON line
 *
 * The compile is skipped when the compiled server is newer than every file of lib/ and samples/
 * (an MCP client that spawns the server should not wait for the type checker each time).
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { compile } = require('./compile');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'build', 'samples');
const entry = path.join(outDir, 'samples', 'docket', 'mcp.js');

/** The newest modification time under `dir` (TypeScript sources and configs). */
function newest(dir) {
  let latest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) latest = Math.max(latest, newest(p));
    else latest = Math.max(latest, fs.statSync(p).mtimeMs);
  }
  return latest;
}

function upToDate() {
  if (!fs.existsSync(entry)) return false;
  const sources = Math.max(newest(path.join(root, 'lib')), newest(path.join(root, 'samples')), fs.statSync(path.join(root, 'tsconfig.samples.json')).mtimeMs);
  return fs.statSync(entry).mtimeMs > sources;
}

if (!upToDate()) {
  const r = compile({ outDir, project: path.join(root, 'tsconfig.samples.json'), check: ['samples'] });
  for (const e of r.errors) process.stderr.write(`${e}\n`);
  if (!r.ok) {
    process.stderr.write('npm run mcp: the samples do not compile (errors above).\n');
    process.exit(1);
  }
}
const server = spawn(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
