#!/usr/bin/env node
/**
 * `npm run build`: writes dist/, the package as users get it.
 *
 *   dist/cjs/**            tsc over lib/ (tsconfig.build.json): CommonJS and .d.ts declarations
 *   dist/index.mjs         the ES module entry: a thin wrapper that re-exports dist/cjs/index.js
 *   dist/index.d.mts       its declarations (`export * from './cjs/index.js'`)
 *   dist/<sub>.js|.d.ts    CommonJS entry of a subpath export (`tool-signatures/<sub>`)
 *   dist/<sub>.mjs|.d.mts  ES module entry of that subpath
 *
 * Why the ES module entries re-export the CommonJS build instead of being a second build: there
 * must be ONE copy of the library in a process. Decorators record their metadata in module-level
 * storages (WeakMaps keyed by class) that the schema builder reads later. With a separate ESM build
 * an application that declares its DTOs and tool classes through `import` while a CommonJS consumer
 * (a framework adapter, a dependency, the CLI) builds the tool set through `require` would have two
 * storages, and each would see none of the other's classes; `instanceof ToolDefinitionError`,
 * `ToolSet` and `ToolContext` would fail across them too (the "dual package hazard").
 * class-validator and class-transformer are CommonJS for the same reason. The wrappers import the
 * CommonJS module and list its names as explicit named exports, which Node and bundlers both read.
 *
 * Subpaths. The `exports` map of package.json is the list: every key other than "." and
 * "./package.json" is a subpath `./<sub>` whose source is lib/<sub>.ts or lib/<sub>/index.ts.
 * A subpath whose source does not exist yet is skipped with a note (its entry files are not
 * written, so importing it fails with ERR_MODULE_NOT_FOUND until it is built). To add a subpath:
 *   1. write lib/<sub>.ts or lib/<sub>/index.ts (its optional peers in peerDependencies and
 *      peerDependenciesMeta as optional),
 *   2. add "./<sub>" to `exports` in package.json, shaped like the others:
 *        { "import":  { "types": "./dist/<sub>.d.mts", "default": "./dist/<sub>.mjs" },
 *          "require": { "types": "./dist/<sub>.d.ts",  "default": "./dist/<sub>.js" } }
 *      and "<sub>": ["dist/<sub>.d.ts"] to `typesVersions["*"]` (TypeScript's `node10` resolution,
 *      which ignores `exports`, finds the subpath's types there; the build checks both lists agree),
 *   3. `npm run build`; spec/package/pack.spec.ts then checks it from require, import and tsc.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

/** The subpaths named by package.json `exports`, with their sources (or null when not written yet). */
function subpaths(pkg) {
  const out = [];
  for (const key of Object.keys(pkg.exports ?? {})) {
    if (key === '.' || key === './package.json') continue;
    if (!/^\.\/[a-z0-9-]+$/.test(key)) throw new Error(`exports key ${key} is not of the form ./<name>`);
    const name = key.slice(2);
    const candidates = [`lib/${name}.ts`, `lib/${name}/index.ts`];
    const source = candidates.find((c) => fs.existsSync(path.join(root, c))) ?? null;
    out.push({ key, name, source });
  }
  return out;
}

/** lib/x/index.ts → ./cjs/x/index (relative to dist/, without extension). */
function cjsStem(source) {
  return './cjs/' + source.replace(/^lib\//, '').replace(/\.ts$/, '');
}

function runTsc() {
  const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${r.status})`);
}

/** The value names a CommonJS module exports, read by loading it (what `require` users get), and whether it has a default export. */
function exportNames(file) {
  const mod = require(file);
  const names = Object.keys(mod).filter((k) => k !== '__esModule' && k !== 'default');
  for (const n of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(n)) throw new Error(`${file} exports '${n}', which is not an identifier`);
  }
  return { names: names.sort(), hasDefault: Object.prototype.hasOwnProperty.call(mod, 'default') };
}

/**
 * dist/peers.js: loads a subpath's CommonJS build, and when an optional peer dependency it needs is
 * missing, throws an error that names the package to install instead of Node's bare
 * `Cannot find module '@modelcontextprotocol/sdk/…'` (the original error is its `cause`).
 */
const PEERS_HELPER = `'use strict';
const pkg = require('../package.json');

/** The package a bare specifier names: '@scope/name/sub.js' → '@scope/name', 'name/sub' → 'name'. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

exports.load = function load(entry, requireBuild) {
  try {
    return requireBuild();
  } catch (error) {
    const missing = error && (error.code === 'MODULE_NOT_FOUND' || error.code === 'ERR_MODULE_NOT_FOUND') && /Cannot find (?:module|package) '([^']+)'/.exec(String(error.message));
    const name = missing ? packageOf(missing[1]) : undefined;
    const range = name !== undefined ? (pkg.peerDependencies || {})[name] : undefined;
    if (range === undefined) throw error;
    const dev = name === 'typescript' ? ' --save-dev' : '';
    const wrapped = new Error(
      entry + ' needs ' + name + ' (' + range + '), an optional peer dependency of tool-signatures, and it could not be loaded (' +
        String(error.message).split('\\n')[0] + '). Install it: npm install' + dev + ' ' + name,
      { cause: error },
    );
    wrapped.code = 'ERR_TOOL_SIGNATURES_MISSING_PEER';
    wrapped.peer = name;
    throw wrapped;
  }
};
`;

const HEADER = '// Generated by scripts/build.js. One copy of the library per process: this re-exports the CommonJS build.\n';

function esmWrapper(from, { names, hasDefault }) {
  const body = names.length === 0 ? '' : `export const {\n${names.map((n) => `  ${n},`).join('\n')}\n} = cjs;\n`;
  // A default export of the build (the plugin's transformer factory) is the ES module's default too.
  return `${HEADER}import cjs from '${from}';\n${body}${hasDefault ? 'export default cjs.default;\n' : ''}`;
}

function writeEntry(stemFromDist, fileBase, withCjsEntry) {
  const exported = exportNames(path.join(dist, stemFromDist + '.js'));
  // A subpath's ES module goes through its CommonJS entry, which names a missing optional peer.
  fs.writeFileSync(path.join(dist, `${fileBase}.mjs`), esmWrapper(withCjsEntry ? `./${fileBase}.js` : `${stemFromDist}.js`, exported));
  fs.writeFileSync(
    path.join(dist, `${fileBase}.d.mts`),
    `${HEADER}export * from '${stemFromDist}.js';\n${exported.hasDefault ? `export { default } from '${stemFromDist}.js';\n` : ''}`,
  );
  if (withCjsEntry) {
    fs.writeFileSync(
      path.join(dist, `${fileBase}.js`),
      `${HEADER}'use strict';\nmodule.exports = require('./peers.js').load('tool-signatures/${fileBase}', () => require('${stemFromDist}.js'));\n`,
    );
    fs.writeFileSync(
      path.join(dist, `${fileBase}.d.ts`),
      `${HEADER}export * from '${stemFromDist}';\n${exported.hasDefault ? `export { default } from '${stemFromDist}';\n` : ''}`,
    );
  }
  return exported.names.length;
}

/** `typesVersions` (for `moduleResolution: node10`) names the same subpaths as `exports`. */
function checkTypesVersions(pkg) {
  const mapped = pkg.typesVersions?.['*'] ?? {};
  const wanted = subpaths(pkg).map((s) => s.name);
  const missing = wanted.filter((n) => JSON.stringify(mapped[n]) !== JSON.stringify([`dist/${n}.d.ts`]));
  const extra = Object.keys(mapped).filter((n) => !wanted.includes(n));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `typesVersions["*"] must map exactly the subpaths of exports to dist/<name>.d.ts (missing or wrong: ${missing.join(', ') || 'none'}; extra: ${extra.join(', ') || 'none'})`,
    );
  }
}

/** Every file a present entry of `exports` names must exist after the build. */
function checkTargets(pkg, skipped) {
  const missing = [];
  const visit = (key, target) => {
    if (typeof target === 'string') {
      if (!fs.existsSync(path.join(root, target))) missing.push(`${key} → ${target}`);
    } else if (target && typeof target === 'object') {
      for (const t of Object.values(target)) visit(key, t);
    }
  };
  for (const [key, target] of Object.entries(pkg.exports)) if (!skipped.has(key)) visit(key, target);
  for (const field of ['main', 'types']) if (pkg[field]) visit(field, pkg[field]);
  if (missing.length > 0) throw new Error(`exports name files the build did not write:\n  ${missing.join('\n  ')}`);
}

function main() {
  const started = Date.now();
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  checkTypesVersions(pkg);
  fs.rmSync(dist, { recursive: true, force: true });
  runTsc();

  const lines = [];
  fs.writeFileSync(
    path.join(dist, 'peers.js'),
    `${HEADER.replace('this re-exports the CommonJS build', "this loads the subpaths' CommonJS builds")}${PEERS_HELPER}`,
  );
  const n = writeEntry('./cjs/index', 'index', false);
  lines.push(`  .  (${n} exports)`);
  const skipped = new Set();
  for (const sub of subpaths(pkg)) {
    if (sub.source === null) {
      skipped.add(sub.key);
      lines.push(`  ${sub.key}  skipped: no lib/${sub.name}.ts or lib/${sub.name}/index.ts yet`);
      continue;
    }
    const count = writeEntry(cjsStem(sub.source), sub.name, true);
    lines.push(`  ${sub.key}  (${count} exports, from ${sub.source})`);
  }
  checkTargets(pkg, skipped);
  process.stdout.write(`dist/ written in ${((Date.now() - started) / 1000).toFixed(1)} s:\n${lines.join('\n')}\n`);
}

try {
  main();
} catch (e) {
  process.stderr.write(`build failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
