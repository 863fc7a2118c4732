/**
 * The README's quick start as a newcomer runs it, taken from README.md itself so that the two
 * cannot drift: two fresh projects made by `npm init -y` (CommonJS, the default, and one set to
 * `"type": "module"`) install what the README's Install block says (the packed package in place of
 * `tool-signatures`, the other packages at the versions the tests run against), get the README's
 * tsconfig block as their tsconfig.json and its quick start blocks as tools.ts and main.ts, compile
 * with the TypeScript they installed and run `node dist/main.js`. The output must be the README's
 * output block. The command line section's `inspect` and `call` lines then run as written in them
 * (`npx tool-signatures` being the installed package's bin), over the quick start's dist/tools.js.
 *
 * The tsconfig notes are checked the same way: `tsc --init`'s file with the README's options set in
 * it compiles and runs the quick start in a CommonJS project, and with only the decorator options
 * added it does not (the `verbatimModuleSyntax` the notes warn about).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { npm, npmInstall, ok, packOnce, pkg, root, run, type Run } from './packed';

// The tests wait for compiles started in beforeAll and for spawned processes: on a loaded machine
// they take longer than jest's default 30 s.
jest.setTimeout(450_000);

const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The text of the `## heading` section (up to the next `## `). */
function section(heading: string): string {
  const lines = readme.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) throw new Error(`README.md has no section '## ${heading}'`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The fenced blocks of `lang` in the section, in order. */
function blocks(heading: string, lang: string): string[] {
  const found = [...section(heading).matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1] as string);
  if (found.length === 0) throw new Error(`README.md section '${heading}' has no \`\`\`${lang} block`);
  return found;
}

/** The first fenced block of `lang` in the section. */
function block(heading: string, lang: string): string {
  return blocks(heading, lang)[0] as string;
}

function parseJsonc(text: string, name: string): { compilerOptions: Record<string, unknown> } {
  const parsed = ts.parseConfigFileTextToJson(name, text);
  if (parsed.error !== undefined) throw new Error(`${name}: ${ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n')}`);
  return parsed.config as { compilerOptions: Record<string, unknown> };
}

/** The README's `npm install` lines: the packages of each, and whether it installs dev dependencies. */
const installs = block('Install', 'sh')
  .split('\n')
  .filter((l) => l.startsWith('npm install '))
  .map((l) => {
    const words = l.split(/\s+/).slice(2);
    return { dev: words.some((w) => w === '--save-dev' || w === '-D'), names: words.filter((w) => !w.startsWith('-')) };
  });
const readmeTsconfig = parseJsonc(block('tsconfig settings', 'jsonc'), 'README.md tsconfig');
/** The quick start's two files: the tools (tools.ts) and the program that runs a turn (main.ts). */
const [toolsTs, mainTs] = blocks('Quick start', 'ts') as [string, string];
const quickStart = { 'tools.ts': toolsTs, 'main.ts': mainTs };
const expectedOutput = block('Quick start', 'text');
/** The command line section's `inspect` and `call` lines. */
const cliLines = block('The command line', 'sh')
  .split('\n')
  .map((l) => l.replace(/\s+#.*$/, '').trim())
  .filter((l) => /npx tool-signatures (inspect|call) /.test(l));

function writeQuickStart(dir: string): void {
  for (const [name, text] of Object.entries(quickStart)) fs.writeFileSync(path.join(dir, name), text);
}

let work: string;
const projects: Record<'commonjs' | 'module', string> = { commonjs: '', module: '' };
/** Each project's compile, started once everything is installed (they run side by side). */
const compiles: Partial<Record<'commonjs' | 'module', Promise<Run>>> = {};
/** `tsc --init`'s tsconfig, with the README's options set in it / with only the decorator options added. */
let initWithReadme: Promise<Run>;
let initWithDecoratorsOnly: Promise<Run>;

/** `npm init -y`, the README's installs, its tsconfig and quick start. */
async function makeProject(dir: string, type: 'commonjs' | 'module', tarball: string): Promise<void> {
  fs.mkdirSync(dir);
  await ok(npm, ['init', '-y'], dir);
  if (type === 'module') await ok(npm, ['pkg', 'set', 'type=module'], dir);
  for (const { dev, names } of installs) {
    const specs = names.map((n) => {
      if (n === 'tool-signatures') return tarball;
      const version = pkg.devDependencies[n];
      if (version === undefined) throw new Error(`the README installs ${n}, which the tests do not run against (not in devDependencies)`);
      return `${n}@${version}`;
    });
    await npmInstall(dir, dev ? ['--save-dev', ...specs] : specs);
  }
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(readmeTsconfig, null, 2));
  writeQuickStart(dir);
}

/** The project's own TypeScript, as `npx tsc` runs it. */
function tsc(project: string, args: string[], cwd = project): Promise<Run> {
  // Compiles run side by side on a shared machine: a generous bound, and the exit status is checked.
  return run(process.execPath, [path.join(project, 'node_modules', 'typescript', 'bin', 'tsc'), ...args], cwd, 400_000);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-quickstart-'));
  const { tarball } = await packOnce();
  projects.commonjs = path.join(work, 'commonjs');
  projects.module = path.join(work, 'module');
  await Promise.all([makeProject(projects.commonjs, 'commonjs', tarball), makeProject(projects.module, 'module', tarball)]);

  // tsc --init in a folder beside the CommonJS project, with its package.json and node_modules.
  const cjs = projects.commonjs;
  const init = path.join(work, 'commonjs-from-init');
  fs.mkdirSync(init);
  fs.copyFileSync(path.join(cjs, 'package.json'), path.join(init, 'package.json'));
  fs.symlinkSync(path.join(cjs, 'node_modules'), path.join(init, 'node_modules'), 'dir');
  await ok(process.execPath, [path.join(cjs, 'node_modules', 'typescript', 'bin', 'tsc'), '--init'], init);
  const initConfig = parseJsonc(fs.readFileSync(path.join(init, 'tsconfig.json'), 'utf8'), 'tsc --init tsconfig');
  writeQuickStart(init);
  fs.writeFileSync(
    path.join(init, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...initConfig.compilerOptions, ...readmeTsconfig.compilerOptions } }, null, 2),
  );
  const decoratorsOnly = { ...initConfig.compilerOptions, experimentalDecorators: true, emitDecoratorMetadata: true, noEmit: true };
  fs.writeFileSync(
    path.join(init, 'tsconfig.decorators-only.json'),
    JSON.stringify({ compilerOptions: decoratorsOnly, files: Object.keys(quickStart) }, null, 2),
  );
  for (const type of ['commonjs', 'module'] as const) compiles[type] = tsc(projects[type], ['-p', '.']);
  initWithReadme = tsc(cjs, ['-p', '.'], init);
  initWithDecoratorsOnly = tsc(cjs, ['-p', 'tsconfig.decorators-only.json'], init);
}, 600_000);

afterAll(() => {
  if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

describe('the README', () => {
  it('installs the package, its peers, TypeScript and @types/node', () => {
    expect(installs.flatMap((i) => i.names)).toEqual(
      expect.arrayContaining(['tool-signatures', 'reflect-metadata', 'class-validator', 'class-transformer', 'typescript', '@types/node']),
    );
  });

  it('gives a quick start that needs no top-level await', () => {
    const statements = Object.entries(quickStart).flatMap(([name, text]) => ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true).statements);
    const topLevelAwait = statements.filter((s) => {
      let found = false;
      const visit = (n: ts.Node): void => {
        if (ts.isAwaitExpression(n) || (ts.isForOfStatement(n) && n.awaitModifier !== undefined)) found = true;
        else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
      };
      visit(s);
      return found;
    });
    expect(topLevelAwait.map((s) => s.getText())).toEqual([]);
  });
});

describe.each(['commonjs', 'module'] as const)('the quick start in a fresh project of "type": "%s"', (type) => {
  it('compiles with the README tsconfig and prints what the README says', async () => {
    const project = projects[type];
    // No "type" is CommonJS too (npm init wrote none before npm 10).
    expect(JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).type ?? 'commonjs').toBe(type);
    const compiled = (await compiles[type]) as Run;
    expect([compiled.code, compiled.stdout + compiled.stderr]).toEqual([0, '']);
    // The output is the project's kind of module: ES module imports, or CommonJS requires.
    const js = fs.readFileSync(path.join(project, 'dist', 'main.js'), 'utf8');
    expect([/^import /m.test(js), /\brequire\("tool-signatures"\)/.test(js)]).toEqual(type === 'module' ? [true, false] : [false, true]);
    const ran = await run(process.execPath, [path.join('dist', 'main.js')], project);
    expect([ran.code, ran.stderr]).toEqual([0, '']);
    expect(ran.stdout).toBe(expectedOutput);
    // What the README's output block claims, independently of it:
    expect(ran.stdout).toContain('call_1 ok: order 1001 for ACME-001: 1 line(s)\n');
    expect(ran.stdout).toContain("call_2 error: Argument 'order.lines[0].qty' must be an integer from 1 to 1000.\n");
    expect(ran.stdout).toContain("call_3 error: Tool 'cancel_order' was not approved.\n");
  });
});

describe('the tsconfig notes', () => {
  it("tsc --init's tsconfig with the README's options set compiles and runs the quick start in a CommonJS project", async () => {
    const compiled = await initWithReadme;
    expect([compiled.code, compiled.stdout + compiled.stderr]).toEqual([0, '']);
    const ran = await run(process.execPath, [path.join('dist', 'main.js')], path.join(work, 'commonjs-from-init'));
    expect([ran.code, ran.stderr, ran.stdout]).toEqual([0, '', expectedOutput]);
  });

  it("tsc --init's tsconfig with only the decorator options refuses the quick start's imports in a CommonJS project (TS1295)", async () => {
    const compiled = await initWithDecoratorsOnly;
    expect(compiled.code).not.toBe(0);
    expect(compiled.stdout).toContain('error TS1295');
  });
});

describe.each(['commonjs', 'module'] as const)('the command line section\'s lines in the quick start project of "type": "%s"', (type) => {
  /** The line as a shell runs it in the project, `npx tool-signatures` being the installed bin. */
  async function runLine(line: string): Promise<Run> {
    await compiles[type];
    const bin = `"${process.execPath}" ${path.join('node_modules', 'tool-signatures', 'bin', 'tool-signatures.js')}`;
    return run('/bin/sh', ['-c', line.replace(/npx tool-signatures/g, bin)], projects[type]);
  }

  it('inspects dist/tools.js: the exported Orders class gives both tools', async () => {
    const lines = cliLines.filter((l) => l.includes(' inspect '));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const table = await runLine(lines[0] as string);
    expect([table.code, table.stderr]).toEqual([0, '']);
    expect(table.stdout).toContain(': 2 tools');
    expect(table.stdout).toContain('place_order  Place an order. Returns its number.\n  from: class Orders\n');
    expect(table.stdout).toContain('cancel_order  Cancel an order.\n  from: class Orders\n');
    const json = await runLine(lines[1] as string);
    expect([json.code, json.stderr]).toEqual([0, '']);
    const catalogue = JSON.parse(json.stdout) as { tools: { name: string }[] };
    expect(catalogue.tools.map((t) => t.name)).toEqual(['place_order', 'cancel_order']);
  });

  it('calls place_order, and cancel_order with the approval the line gives', async () => {
    const calls = cliLines.filter((l) => l.includes(' call '));
    expect(calls.length).toBe(2);
    const placed = await runLine(calls[0] as string);
    expect([placed.code, placed.stdout, placed.stderr]).toEqual([0, 'order 1001 for ACME-001: 0 line(s)\n', '']);
    const cancelled = await runLine(calls[1] as string);
    expect([cancelled.code, cancelled.stdout, cancelled.stderr]).toEqual([0, 'order 7 cancelled: customer request\n', '']);
  });
});
