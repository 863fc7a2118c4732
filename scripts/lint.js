#!/usr/bin/env node
/**
 * `npm run lint`: ESLint with type information (eslint.config.mjs: promises nobody waits for, promises
 * where a plain value is expected, switches that miss a case, imports that name only types), then
 * Biome's format check (biome.json). `npm run lint -- --fix` lets ESLint fix what it can and Biome
 * write its formatting. Other arguments are paths (default: the whole repository). `npm test` runs
 * the check.
 *
 * Two tools because each does one job well: Biome formats the whole repository in about a second
 * from one binary with no plugins; the promise and exhaustiveness rules need TypeScript's type
 * checker, which only typescript-eslint runs (Biome's own linter has no type information).
 */
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
/** A package's command, by its package.json `bin` (eslint's `exports` do not list its bin file). */
function binOf(pkg, name) {
  const manifest = require.resolve(`${pkg}/package.json`, { paths: [root] });
  const { bin } = require(manifest);
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
}

const eslintBin = binOf('eslint', 'eslint');
const biomeBin = binOf('@biomejs/biome', 'biome');

function run(bin, args) {
  process.stdout.write(`\n> ${path.basename(bin)} ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
  return r.status ?? 1;
}

function main(argv) {
  const fix = argv.includes('--fix');
  const paths = argv.filter((a) => a !== '--fix');
  const targets = paths.length > 0 ? paths : ['.'];
  const eslint = run(eslintBin, [...(fix ? ['--fix'] : []), '--max-warnings=0', ...targets]);
  const biome = run(biomeBin, ['format', ...(fix ? ['--write'] : []), ...targets]);
  if (biome !== 0 && !fix) process.stderr.write('\nnpm run lint: files are not formatted as biome.json says; `npm run lint -- --fix` formats them.\n');
  return eslint !== 0 ? eslint : biome;
}

process.exit(main(process.argv.slice(2)));
