/**
 * The package as users get it: `npm run build`, `npm pack`, the tarball installed into a fresh
 * project outside the repository with only the peer dependencies (and @types/node), then used from
 * `require`, from `import`, from TypeScript type-checked under `node16` and `bundler` resolution
 * (compiled with decorator metadata and run), and through its `tool-signatures` bin.
 *
 * npm installs from the local cache first (`--offline`, then `--prefer-offline` if the cache lacks
 * something); the registry is only a fallback.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { npmInstall, ok, packOnce, pkg, root, run, succeeded, type Run } from './packed';

// The tests wait for compiles started in beforeAll and for spawned processes: on a loaded machine
// they take longer than jest's default 30 s.
jest.setTimeout(180_000);

const consumerSources = path.join(__dirname, 'consumer');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The subpaths whose source exists (the others are skipped by the build until they are written). */
const builtSubpaths = Object.keys(pkg.exports)
  .filter((k) => k !== '.' && k !== './package.json')
  .map((k) => k.slice(2))
  .filter((name) => fs.existsSync(path.join(root, 'lib', `${name}.ts`)) || fs.existsSync(path.join(root, 'lib', name, 'index.ts')));

let work: string;
let app: string;
let packedFiles: string[];
/** The two type checks run side by side, started once the project is installed. */
let node16Compile: Promise<Run>;
let bundlerCheck: Promise<Run>;
/** Subpath types under node10 (typesVersions) and node16 (exports); peers of the subpaths are not installed, so skipLibCheck. */
let subpathChecks: Promise<Run[]>;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-pack-'));
  app = path.join(work, 'app');
  const packed = await packOnce();
  packedFiles = [...packed.files];

  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  const peers = ['reflect-metadata', 'class-validator', 'class-transformer'].map((p) => `${p}@${pkg.devDependencies[p]}`);
  await npmInstall(app, [packed.tarball, ...peers, `@types/node@${pkg.devDependencies['@types/node']}`]);

  for (const f of fs.readdirSync(consumerSources)) fs.copyFileSync(path.join(consumerSources, f), path.join(app, f));
  const compilerOptions = {
    target: 'ES2022',
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: false,
    types: ['node'],
  };
  fs.writeFileSync(
    path.join(app, 'tsconfig.json'),
    JSON.stringify(
      { compilerOptions: { ...compilerOptions, module: 'node16', moduleResolution: 'node16', outDir: 'out' }, files: ['app.ts', 'esm-types.mts'] },
      null,
      2,
    ),
  );
  // The declarations themselves are checked once (skipLibCheck: false above); the other checks are about resolution.
  fs.writeFileSync(
    path.join(app, 'tsconfig.bundler.json'),
    JSON.stringify(
      {
        compilerOptions: { ...compilerOptions, module: 'preserve', moduleResolution: 'bundler', noEmit: true, skipLibCheck: true },
        files: ['app.ts', 'esm-types.mts'],
      },
      null,
      2,
    ),
  );
  for (const resolution of ['node10', 'node16']) {
    const module = resolution === 'node10' ? 'commonjs' : 'node16';
    fs.writeFileSync(
      path.join(app, `tsconfig.subpaths-${resolution}.json`),
      JSON.stringify(
        {
          compilerOptions: { ...compilerOptions, module, moduleResolution: resolution, skipLibCheck: true, noEmit: true, ignoreDeprecations: '6.0' },
          files: ['subpaths.ts'],
        },
        null,
        2,
      ),
    );
  }
  subpathChecks = Promise.all(['node10', 'node16'].map((r) => run(process.execPath, [tsc, '-p', `tsconfig.subpaths-${r}.json`], app)));
  node16Compile = run(process.execPath, [tsc, '-p', 'tsconfig.json'], app);
  bundlerCheck = run(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], app);
}, 600_000);

afterAll(() => {
  if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds dist (CommonJS, ES module wrappers, declarations), the bin, the README, SECURITY.md and the docs/ pages, and no sources', () => {
    for (const f of [
      'package.json',
      'README.md',
      'SECURITY.md',
      'docs/contract.md',
      'docs/plugin.md',
      'bin/tool-signatures.js',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/index.mjs',
      'dist/index.d.mts',
      'dist/cjs/cli/index.js',
    ]) {
      expect(packedFiles).toContain(f);
    }
    expect(packedFiles.filter((f) => /^(lib|spec|samples|scripts|bench)\//.test(f) || f.endsWith('.tsbuildinfo'))).toEqual([]);
  });

  it.each(builtSubpaths)('holds the entries of the subpath ./%s', (name) => {
    for (const ext of ['js', 'd.ts', 'mjs', 'd.mts']) expect(packedFiles).toContain(`dist/${name}.${ext}`);
  });

  it('declares the peers: the three it needs, the frameworks as optional', () => {
    expect(Object.keys(pkg.peerDependencies)).toEqual(expect.arrayContaining(['reflect-metadata', 'class-validator', 'class-transformer']));
    for (const p of ['reflect-metadata', 'class-validator', 'class-transformer']) expect(pkg.peerDependenciesMeta[p]?.optional).not.toBe(true);
    for (const p of Object.keys(pkg.peerDependencies).filter((p) => !['reflect-metadata', 'class-validator', 'class-transformer'].includes(p))) {
      expect([p, pkg.peerDependenciesMeta[p]?.optional]).toEqual([p, true]);
    }
  });
});

describe('installed in a fresh project', () => {
  // The project installs the three required peers only: every optional one is missing.
  const missingPeer = (load: string) =>
    `${load}.then(() => console.log('loaded'), (e) => console.log(JSON.stringify({ code: e.code, peer: e.peer, message: e.message.split('\\n')[0] })))`;

  it.each([
    ['mcp', '@modelcontextprotocol/sdk', 'npm install @modelcontextprotocol/sdk'],
    ['plugin', 'typescript', 'npm install --save-dev typescript'],
    ['langchain', '@langchain/core', 'npm install @langchain/core'],
  ])('a subpath whose optional peer is missing names the package to install (tool-signatures/%s, require and import)', async (sub, peer, install) => {
    for (const load of [`Promise.resolve().then(() => require('tool-signatures/${sub}'))`, `import('tool-signatures/${sub}')`]) {
      // The rejection is caught and printed. (Node 20 also reports a CommonJS module that throws under
      // import() as uncaught and exits 1 although it was caught; Node 24 does not: the status is not the point.)
      const r = await run(process.execPath, ['-e', missingPeer(load)], app);
      const seen = JSON.parse(r.stdout.split('\n')[0]!) as { code: string; peer: string; message: string };
      expect([load, seen.code, seen.peer]).toEqual([load, 'ERR_TOOL_SIGNATURES_MISSING_PEER', peer]);
      const head = `tool-signatures/${sub} needs ${peer} (${pkg.peerDependencies[peer]}), an optional peer dependency of tool-signatures, and it could not be loaded (Cannot find module '${peer}`;
      expect([seen.message.startsWith(head), seen.message.endsWith(`). Install it: ${install}`)]).toEqual([true, true]);
    }
  });

  it('the generate and check commands without typescript name the package to install, exit status 2', async () => {
    for (const command of ['generate', 'check']) {
      const r = await run(process.execPath, [path.join('node_modules', 'tool-signatures', 'bin', 'tool-signatures.js'), command], app);
      expect([r.code, r.stdout, r.stderr.split('\n')[0]]).toEqual([
        2,
        '',
        `tool-signatures ${command}: the typescript package is not installed (an optional peer dependency of tool-signatures, which ${command} needs). Install it: npm install --save-dev typescript`,
      ]);
    }
  });

  it("the ES module entry of tool-signatures/plugin has the transformer as its default export, as require()'s .default", async () => {
    // The build beside the tarball (packOnce built it), with the repository's TypeScript.
    const script = `import plugin, { factory } from ${JSON.stringify(path.join(root, 'dist', 'plugin.mjs'))};
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)(${JSON.stringify(path.join(root, 'dist', 'plugin.js'))});
console.log(JSON.stringify([typeof plugin, plugin === cjs.default, factory === cjs.factory]));`;
    const r = await ok(process.execPath, ['--input-type=module', '-e', script], root);
    expect(JSON.parse(r.stdout)).toEqual(['function', true, true]);
  });

  it('works from require()', async () => {
    const r = await ok(process.execPath, ['use-require.js'], app);
    expect(JSON.parse(r.stdout)).toEqual({
      schema: { type: 'object', properties: { a: { type: 'number', default: 1 }, b: { type: 'number', default: 2 } }, additionalProperties: false },
      result: [{ type: 'json', value: 42 }],
      openai: 'add',
      listed: ['add'],
      code: 'OLT008',
      version: pkg.version,
    });
  });

  it('works from import, with the same single copy of the library as require() loads', async () => {
    const r = await ok(process.execPath, ['use-import.mjs'], app);
    expect(JSON.parse(r.stdout)).toEqual({
      sameCopy: true,
      sameNames: true,
      results: [
        [false, { type: 'text', text: 'hello, esm' }],
        [true, { type: 'text', text: "Argument 'name' must be a string." }],
      ],
    });
  });

  it('type-checks and compiles TypeScript under node16 resolution (CommonJS and ES module files), and the output runs', async () => {
    succeeded(await node16Compile);
    const cjs = await ok(process.execPath, ['out/app.js'], app);
    expect(JSON.parse(cjs.stdout)).toEqual({
      schema: {
        type: 'object',
        properties: {
          item: {
            type: 'object',
            properties: {
              sku: { type: 'string', description: 'Catalogue SKU.', minLength: 3, maxLength: 20 },
              qty: { type: 'integer', minimum: 1, maximum: 99 },
            },
            required: ['sku'],
            additionalProperties: false,
          },
          note: { type: 'string' },
        },
        required: ['item'],
        additionalProperties: false,
      },
      ok: [{ type: 'text', text: 'Item BOLT-M8 x3' }],
      bad: [{ type: 'text', text: "Argument 'item.sku' must be at least 3 characters long." }],
    });
    const esm = await ok(process.execPath, ['out/esm-types.mjs'], app);
    expect(JSON.parse(esm.stdout)).toEqual({ name: 'echo', parts: [{ type: 'text', text: 'typed' }], cost: 'x', error: true });
  });

  it('type-checks under bundler resolution', async () => {
    succeeded(await bundlerCheck);
  });

  it('finds the types of a subpath under node10 (typesVersions) and node16 (exports) resolution', async () => {
    expect(builtSubpaths).toContain('mcp');
    for (const r of await subpathChecks) succeeded(r);
  });

  it('runs its bin: tool-signatures inspect and call on the compiled app', async () => {
    succeeded(await node16Compile);
    const bin = path.join(app, 'node_modules', '.bin', 'tool-signatures');
    const inspect = await ok(bin, ['inspect', 'out/app.js', '--format', 'json', '--provider', 'anthropic'], app);
    const catalogue = JSON.parse(inspect.stdout) as { tools: { name: string; from: string; providers: { anthropic: { tool: { name: string } } } }[] };
    expect(catalogue.tools.map((t) => [t.name, t.from, t.providers.anthropic.tool.name])).toEqual([['add_item', 'class Shop', 'add_item']]);
    const call = await run(bin, ['call', 'out/app.js', 'add_item', '{"item":{"sku":"NUT-M10"},"note":"spare"}'], app);
    expect([call.code, call.stdout]).toEqual([0, 'Item NUT-M10 x1 (spare)\n']);
  });
});
