/**
 * Issue 31: a NestJS 12 application in the default ES module layout (the `nest new` template:
 * `"type": "module"`, `module: nodenext`, `isolatedModules`, `.js` import specifiers, a top-level
 * `await bootstrap()`), installed from the packed package, built with `nest build` (the real
 * @nestjs/cli) and started by Node. It has what such applications have: the documentation's global
 * `TransformInterceptor` (`{ data }`) and `HttpExceptionFilter`, a global `ValidationPipe`, and a
 * guarded REST controller beside the MCP endpoint; its service's DTOs are imported with
 * `import type`. Built with the plugin in nest-cli.json, the real MCP SDK client lists and calls its
 * tools, prompts and resources, unwrapped; built without, the start fails naming the `import type`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { npmInstall, packOnce, pkg, root, run } from '../package/packed';

const nest = path.join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
const templates = path.join(__dirname, 'esm-app');

/** Where each template goes in the project. */
const LAYOUT: Readonly<Record<string, string>> = {
  'src/main.ts': 'main.ts',
  'src/app.module.ts': 'app.module.ts',
  'src/common/api-key.guard.ts': 'api-key.guard.ts',
  'src/common/http-exception.filter.ts': 'http-exception.filter.ts',
  'src/common/transform.interceptor.ts': 'transform.interceptor.ts',
  'src/orders/orders.module.ts': 'orders.module.ts',
  'src/orders/orders.controller.ts': 'orders.controller.ts',
  'src/orders/orders.service.ts': 'orders.service.ts',
  'src/orders/dto/create-order.dto.ts': 'create-order.dto.ts',
  'src/orders/dto/list-orders.dto.ts': 'list-orders.dto.ts',
};

/** The compiler options of @nestjs/schematics' `ts-esm` application template (its test-runner types left out). */
const TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    resolvePackageJsonExports: true,
    esModuleInterop: true,
    isolatedModules: true,
    declaration: true,
    removeComments: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    allowSyntheticDefaultImports: true,
    target: 'ES2023',
    sourceMap: true,
    outDir: './dist',
    rootDir: '.',
    incremental: true,
    skipLibCheck: true,
    strict: true,
    strictPropertyInitialization: false,
    types: ['node'],
  },
};
const TSCONFIG_BUILD = {
  extends: './tsconfig.json',
  compilerOptions: { rootDir: './src' },
  include: ['src'],
  exclude: ['node_modules', 'test', 'dist', '**/*spec.ts'],
};

let work: string;

/** A project of the template's layout; `plugins` is what its nest-cli.json names. */
function project(name: string, plugins: readonly string[] | undefined): string {
  const dir = path.join(work, name);
  for (const [target, template] of Object.entries(LAYOUT)) {
    fs.mkdirSync(path.dirname(path.join(dir, target)), { recursive: true });
    fs.copyFileSync(path.join(templates, `${template}.template`), path.join(dir, target));
  }
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '0.0.1', private: true, type: 'module' }, null, 2));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  fs.writeFileSync(path.join(dir, 'tsconfig.build.json'), JSON.stringify(TSCONFIG_BUILD, null, 2));
  const compilerOptions = { deleteOutDir: true, ...(plugins !== undefined ? { plugins } : {}) };
  fs.writeFileSync(path.join(dir, 'nest-cli.json'), JSON.stringify({ collection: '@nestjs/schematics', sourceRoot: 'src', compilerOptions }, null, 2));
  return dir;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-nest-esm-'));
  const packed = await packOnce();
  fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify({ name: 'nest-esm', version: '1.0.0', private: true }, null, 2));
  const packages = [
    '@nestjs/common',
    '@nestjs/core',
    '@nestjs/platform-express',
    '@modelcontextprotocol/sdk',
    'reflect-metadata',
    'rxjs',
    'class-validator',
    'class-transformer',
    'typescript',
    '@types/node',
  ];
  await npmInstall(work, [packed.tarball, ...packages.map((p) => `${p}@${pkg.devDependencies[p]}`)]);
}, 900_000);

afterAll(() => {
  if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

/** Starts the built application on a free port; resolves with its port once it listens. */
function start(dir: string): Promise<{ app: ChildProcess; port: number }> {
  const app = spawn(process.execPath, ['--no-warnings', 'dist/main.js'], { cwd: dir, env: { ...process.env, PORT: '0' } });
  let out = '';
  return new Promise((resolve, reject) => {
    app.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port !== undefined) resolve({ app, port: Number(port) });
    });
    app.stderr.on('data', (d: Buffer) => (out += d.toString()));
    app.on('exit', (code) => reject(new Error(`the application exited (${code}) before listening:\n${out}`)));
  });
}

type CallResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: unknown };
const called = (r: unknown) => {
  const x = r as CallResult;
  return [x.isError ?? false, x.content.map((c) => c.text).join('\n'), x.structuredContent];
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

describe('built with the plugin in nest-cli.json (nest build)', () => {
  let dir: string;
  let app: ChildProcess | undefined;
  let base: string;
  let client: Client;

  beforeAll(async () => {
    dir = project('with-plugin', ['tool-signatures/plugin']);
    const build = await run(process.execPath, [nest, 'build'], dir, 300_000);
    expect({ code: build.code, out: build.stdout + build.stderr }).toEqual({ code: 0, out: '' });
    const started = await start(dir);
    app = started.app;
    base = `http://127.0.0.1:${started.port}`;
    client = new Client({ name: 'spec', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  }, 600_000);

  afterAll(async () => {
    await client?.close();
    if (app !== undefined && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill();
      await exited;
    }
  });

  it('lists the tools with the types the plugin read through `import type` (the DTOs, the Order interface)', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['create', 'list', 'find']);
    expect(JSON.stringify(tools[1]!.inputSchema)).toBe(
      '{"type":"object","properties":{"filter":{"type":"object","properties":{"status":{"type":"string","enum":["open","shipped"]}},"additionalProperties":false}},"required":["filter"],"additionalProperties":false}',
    );
    expect(JSON.stringify(tools[2]!.outputSchema)).toBe(
      '{"type":"object","properties":{"id":{"type":"string"},"customer":{"type":"string"},"status":{"type":"string","enum":["open","shipped"]},"items":{"type":"number"}},"required":["id","customer","status","items"],"additionalProperties":false}',
    );
  });

  it('calls them: results as the methods return them (the global TransformInterceptor wraps none), argument problems and HttpExceptions as error results', async () => {
    const order = { id: 'A-2', customer: 'Bo', status: 'open', items: 3 };
    expect([
      called(await client.callTool({ name: 'create', arguments: { order: { customer: 'Bo', lines: [{ sku: 'bolt', quantity: 3 }] } } })),
      called(await client.callTool({ name: 'list', arguments: { filter: { status: 'open' } } })),
      called(await client.callTool({ name: 'find', arguments: { id: 'A-9' } })),
      called(await client.callTool({ name: 'create', arguments: { order: { customer: 'Bo', lines: [{ sku: 'bolt', quantity: 0 }] } } })),
    ]).toEqual([
      [false, JSON.stringify(order), order],
      [false, '["A-2"]', { result: ['A-2'] }],
      [true, 'Order A-9 was not found', undefined],
      [true, "Argument 'order.lines[0].quantity' must be an integer from 1 to 100.", undefined],
    ]);
  });

  it("gets its prompt and reads its resources unwrapped; a resource's NotFoundException is -32002", async () => {
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['summarise']);
    expect((await client.getPrompt({ name: 'summarise', arguments: { id: 'A-1' } })).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarise order A-1.' } },
    ]);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['orders://count']);
    expect((await client.readResource({ uri: 'orders://A-1' })).contents).toEqual([
      { uri: 'orders://A-1', mimeType: 'application/json', text: '{"id":"A-1","customer":"Ada","status":"shipped","items":2}' },
    ]);
    expect(await failure(client.readResource({ uri: 'orders://A-9' }))).toBe('MCP error -32002: Order A-9 was not found');
  });

  it('its REST routes keep the guard, the envelope and the filter', async () => {
    const get = (headers: Record<string, string>) => fetch(`${base}/orders/A-1`, { headers }).then(async (r) => [r.status, await r.json()]);
    const [refused, answered] = [await get({}), await get({ 'x-api-key': 'k1' })];
    expect(refused[0]).toBe(403);
    expect(refused[1]).toMatchObject({ statusCode: 403, path: '/orders/A-1' });
    expect(answered).toEqual([200, { data: { id: 'A-1', customer: 'Ada', status: 'shipped', items: 2 } }]);
  });
});

describe('built without the plugin (nest build, nest-cli.json names none)', () => {
  it('the start fails, naming each parameter that `import type` erased and the two fixes', async () => {
    const dir = project('without-plugin', undefined);
    const build = await run(process.execPath, [nest, 'build'], dir, 300_000);
    expect({ code: build.code, out: build.stdout + build.stderr }).toEqual({ code: 0, out: '' });
    const started = await run(process.execPath, ['--no-warnings', 'dist/main.js'], dir, 120_000, { PORT: '0' });
    expect(started.code).not.toBe(0);
    expect(started.stdout).not.toContain('listening');
    const output = started.stdout + started.stderr;
    expect(output).toContain("OLT002: Cannot build tool 'create' (OrdersService.create), parameter #0 'order': its type was erased to ");
    expect(output).toContain("OLT002: Cannot build tool 'list' (OrdersService.list), parameter #0 'filter': its type was erased to ");
    expect(output).toContain('imported with `import type`');
    expect(output).toContain('or build with the plugin (tool-signatures/plugin: ts-patch, ts-jest, or nest-cli.json "plugins")');
  }, 600_000);
});
