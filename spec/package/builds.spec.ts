/**
 * Real sample projects built from the packed package, CommonJS and ES module alike, each run:
 * tsc with the plugin (ts-patch, tsconfig "plugins"), and `tool-signatures generate` with tsx and
 * with esbuild (which emit no decorator metadata). Each path gives the schemas of the fully hinted
 * tool, with the tools built at the top level of the module that declares them; a generated module
 * older than its sources is refused; `check` finds what the plain tsc path would lose; and the
 * NestJS sample builds with `nest build` (the real @nestjs/cli) through the plugin entry of its
 * nest-cli.json.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { npmInstall, ok, packOnce, pkg, root, run, type Run } from './packed';

const templates = path.join(__dirname, 'builds');
const tspc = path.join(root, 'node_modules', 'ts-patch', 'bin', 'tspc.js');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const esbuild = path.join(root, 'node_modules', 'esbuild', 'bin', 'esbuild');
const nest = path.join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');

type Format = 'cjs' | 'esm';
const FORMATS: readonly Format[] = ['cjs', 'esm'];

let app: string;
let work: string;
let bin: string;
/** The schema of the fully hinted tool, compiled by plain tsc with emitDecoratorMetadata. */
let hinted: string;

const base = { target: 'ES2022', strict: true, experimentalDecorators: true, skipLibCheck: true, types: ['node'] };
const moduleOptions = (format: Format) =>
  format === 'esm' ? { module: 'nodenext', moduleResolution: 'nodenext' } : { module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0' };
const ext = (format: Format) => (format === 'esm' ? '.js' : '');

/** A project folder: the templates with the format's import extension, and a tsconfig. */
function project(format: Format, name: string, compilerOptions: object, importGenerated: boolean): string {
  const dir = path.join(app, format, name);
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  // The hinted reference is its own program: the others are the user's tools as written.
  for (const t of fs.readdirSync(templates).filter((t) => (name === 'hinted') === t.startsWith('hinted') || t.startsWith('dtos'))) {
    const text = fs
      .readFileSync(path.join(templates, t), 'utf8')
      .replace(/\{\{ext\}\}/g, ext(format))
      .replace('{{import-generated}}', importGenerated ? `import '../tool-signatures.generated${ext(format)}';\n` : '');
    fs.writeFileSync(path.join(dir, 'src', t.replace(/\.template$/, '')), text);
  }
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...base, ...moduleOptions(format), ...compilerOptions }, include: ['src'] }, null, 2),
  );
  return dir;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-builds-'));
  app = path.join(work, 'app');
  const packed = await packOnce();
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  const packages = ['reflect-metadata', 'class-validator', 'class-transformer', 'typescript', '@types/node', '@nestjs/common', '@nestjs/core', 'rxjs'];
  await npmInstall(app, [packed.tarball, ...packages.map((p) => `${p}@${pkg.devDependencies[p]}`)]);
  bin = path.join(app, 'node_modules', '.bin', 'tool-signatures');
  fs.mkdirSync(path.join(app, 'esm'));
  fs.writeFileSync(path.join(app, 'esm', 'package.json'), JSON.stringify({ type: 'module' }));
  const reference = project('cjs', 'hinted', { emitDecoratorMetadata: true, outDir: 'out', rootDir: 'src' }, false);
  await ok(process.execPath, [tsc, '-p', 'tsconfig.json'], reference);
  hinted = (await ok(process.execPath, ['out/hinted.js'], reference)).stdout.trim();
}, 600_000);

afterAll(() => {
  if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

const EXPECTED_RUN = {
  shout: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
  ok: [{ type: 'text', text: 'business fast Ada true 2026-03-02T10:00:00.000Z' }],
  bad: [{ type: 'text', text: "Argument 'cabin' must be one of: economy, business.\nArgument 'contact.scores.a' must be a number." }],
};

/** The program's output: the schema as JSON text (it must equal the hinted one), the rest as values. */
function output(r: Run): { schema: string; rest: unknown } {
  if (r.code !== 0) throw new Error(`exit ${r.code}:\n${r.stdout}\n${r.stderr}`);
  const { schema, ...rest } = JSON.parse(r.stdout) as { schema: unknown };
  return { schema: JSON.stringify(schema), rest };
}

it('the hinted reference has the full schema (enum, literal union, record values, optional slots)', () => {
  expect(hinted).toBe(
    '{"type":"object","properties":{"cabin":{"type":"string","enum":["economy","business"]},"mode":{"type":"string","enum":["fast","slow"]},"contact":{"type":"object","properties":{"name":{"type":"string"},"nickname":{"type":"string"},"scores":{"type":"object","additionalProperties":{"type":"number"}}},"required":["name","scores"],"additionalProperties":false},"when":{"type":"string","format":"date-time"}},"required":["cabin","mode","contact"],"additionalProperties":false}',
  );
});

describe.each(FORMATS)('a %s project', (format) => {
  it('tsc with the plugin (ts-patch): the schemas equal the hinted ones, and the tools run', async () => {
    const dir = project(format, 'plugin', { outDir: 'out', rootDir: 'src', plugins: [{ transform: 'tool-signatures/plugin' }] }, false);
    const build = await run(process.execPath, [tspc, '-p', 'tsconfig.json'], dir);
    expect({ code: build.code, out: build.stdout + build.stderr }).toEqual({ code: 0, out: '' });
    const r = output(await run(process.execPath, ['out/main.js'], dir));
    expect(r.schema).toBe(hinted);
    expect(r.rest).toEqual(EXPECTED_RUN);
  }, 300_000);

  describe('tool-signatures generate', () => {
    let dir: string;
    let generated: Run;

    beforeAll(async () => {
      dir = project(format, 'generate', { noEmit: true }, true);
      generated = await run(bin, ['generate'], dir);
    }, 300_000);

    it('writes the module, with the import extension the tsconfig needs, and no warning', () => {
      expect(generated).toEqual({ code: 0, stdout: 'wrote tool-signatures.generated.ts\n', stderr: '' });
      const text = fs.readFileSync(path.join(dir, 'tool-signatures.generated.ts'), 'utf8');
      expect(text).toContain(`from "./src/tools${ext(format)}";`);
      expect(text).toContain(format === 'esm' ? 'at: import.meta.url,' : 'at: typeof __filename === "string" ? __filename : undefined,');
    });

    it('tsx runs it: the schemas equal the hinted ones, with the ToolSet built at the top level', async () => {
      const r = output(await run(process.execPath, [tsx, 'src/main.ts'], dir));
      expect(r.schema).toBe(hinted);
      expect(r.rest).toEqual(EXPECTED_RUN);
    }, 120_000);

    it('esbuild bundles it: the schemas equal the hinted ones', async () => {
      const out = `out/main.${format === 'esm' ? 'mjs' : 'cjs'}`;
      await ok(
        esbuild,
        ['src/main.ts', '--bundle', '--platform=node', `--format=${format}`, '--packages=external', `--outfile=${out}`, '--log-level=error'],
        dir,
      );
      const r = output(await run(process.execPath, [out], dir));
      expect(r.schema).toBe(hinted);
      expect(r.rest).toEqual(EXPECTED_RUN);
    }, 120_000);

    it('refuses a stale module, naming the file to regenerate and the command', async () => {
      const dtos = path.join(dir, 'src', 'dtos.ts');
      const before = fs.readFileSync(dtos, 'utf8');
      fs.writeFileSync(dtos, before.replace('nickname?: string;', 'nickname?: string;\n  age?: number;'));
      try {
        const r = await run(process.execPath, [tsx, 'src/main.ts'], dir);
        expect(r.code).not.toBe(0);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain(
          'OLT012: tool-signatures.generated.ts is stale: src/dtos.ts changed after it was generated, so its schemas would be the old ones. Run `tool-signatures generate tsconfig.json` again',
        );
      } finally {
        fs.writeFileSync(dtos, before);
      }
    }, 120_000);
  });
});

describe('tool-signatures check (the plain tsc path, no plugin)', () => {
  it('says, exit status 1, that the tools as written cannot be built from design types alone', async () => {
    // The undecorated DTO shows no property to the reflector: loud at run time, and named here first.
    const dir = project('cjs', 'check', { emitDecoratorMetadata: true, noEmit: true }, false);
    const r = await run(bin, ['check'], dir);
    expect(r).toEqual({
      code: 1,
      stdout:
        "src/tools.ts:5: the runtime path cannot build it: OLT013: Cannot build tool 'book' (Trips.book), parameter #2 'contact', property Contact: Contact shows no property. Decorate its properties (@Prop(), @Description, or class-validator / class-transformer decorators) so that the reflector can see them.\n" +
        '2 tools checked: 1 cannot be built at run time. Add the hints above, or compile with the plugin.\n',
      stderr: '',
    });
  }, 300_000);
});

describe('nest build (@nestjs/cli) with the plugin entry of nest-cli.json', () => {
  it('builds samples/nestjs-plugin, whose tools need no hints, and the application runs', async () => {
    const sample = path.join(root, 'samples', 'nestjs-plugin');
    const dir = path.join(app, 'nest');
    fs.cpSync(path.join(sample, 'src'), path.join(dir, 'src'), { recursive: true });
    fs.copyFileSync(path.join(sample, 'nest-cli.json'), path.join(dir, 'nest-cli.json'));
    // The sample's compiler options, with the installed package (no path mapping) and no tsconfig plugin: only nest-cli.json names it.
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: { ...base, ...moduleOptions('cjs'), emitDecoratorMetadata: true, esModuleInterop: true, outDir: 'dist', rootDir: 'src' },
          include: ['src'],
        },
        null,
        2,
      ),
    );
    const build = await run(process.execPath, [nest, 'build'], dir);
    expect({ code: build.code, out: build.stdout + build.stderr }).toEqual({ code: 0, out: '' });
    const r = await run(process.execPath, ['--no-warnings', 'dist/main.js'], dir);
    expect(r.stderr).toBe('');
    const { tools, result } = JSON.parse(r.stdout) as { tools: { name: string; inputSchema: object }[]; result: { isError: boolean } };
    expect(tools.map((t) => t.name)).toEqual(['get_docket', 'search']);
    expect(JSON.stringify(tools[0]!.inputSchema)).toBe(
      '{"type":"object","properties":{"caseNumber":{"type":"string","description":"The case, as printed on filings"},"limit":{"type":"integer","description":"How many entries, newest first","minimum":-2147483648,"maximum":2147483647,"default":10},"court":{"type":"string","enum":["district","appeals"],"default":"district"}},"required":["caseNumber"],"additionalProperties":false}',
    );
    expect(result.isError).toBe(false);
  }, 300_000);

  it('under nest start --watch, a changed DTO is picked up', async () => {
    const dir = path.join(app, 'nest');
    const dto = path.join(dir, 'src', 'docket.dto.ts');
    // Its own process group, so that stopping it stops the application process it starts too.
    const child = spawn(process.execPath, [nest, 'start', '--watch'], { cwd: dir, detached: true, env: { ...process.env, NODE_OPTIONS: '--no-warnings' } });
    let stdout = '';
    // Each output chunk is checked as it comes: waiting ends when the text is there, or fails when the
    // process ends without it.
    let wanted: { text: string; resolve: () => void; reject: (e: Error) => void } | undefined;
    const check = () => {
      if (wanted !== undefined && stdout.includes(wanted.text)) {
        wanted.resolve();
        wanted = undefined;
      }
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      check();
    });
    child.stderr.on('data', (d: Buffer) => {
      stdout += d.toString();
      check();
    });
    let gone: Error | undefined;
    const end = (e: Error) => {
      gone ??= e;
      wanted?.reject(gone);
      wanted = undefined;
    };
    child.on('error', end);
    child.on('exit', (code) => end(new Error(`nest start --watch ended (${code}) in:\n${stdout}`)));
    const waitFor = (text: string) =>
      new Promise<void>((resolve, reject) => {
        if (gone !== undefined) return reject(gone);
        wanted = { text, resolve, reject };
        check();
      });
    try {
      await waitFor('"description":"What was filed"');
      fs.writeFileSync(dto, fs.readFileSync(dto, 'utf8').replace('/** What was filed */', '/** What was filed, as titled */'));
      await waitFor('"description":"What was filed, as titled"');
    } finally {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }, 300_000);
});
