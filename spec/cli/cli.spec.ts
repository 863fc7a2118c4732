/**
 * `tool-signatures inspect` and `call` as a user runs them: the compiled CLI in its own Node
 * process, over compiled modules (and a TypeScript source, an ES module, a module compiled without
 * decorator metadata), checked by exit status and output.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compiledCopy } from '../helpers/programs';

const root = path.resolve(__dirname, '../..');
const outDir = path.join(root, '.tmp', `cli-spec-${process.pid}`);
const cliJs = path.join(outDir, 'lib', 'cli', 'index.js');
const fixtures = path.join(outDir, 'spec', 'cli', 'fixtures');
const fixture = (name: string) => path.join(fixtures, name);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function node(args: string[], input?: string, timeout = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, args, { cwd: root, timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

const cli = (...args: string[]) => node([cliJs, ...args]);

beforeAll(async () => {
  const programs = fixturesToCompile().map((f) => path.join('spec', 'cli', 'fixtures', f));
  await compiledCopy(['lib/cli/index.ts', ...programs], ['lib/cli', 'spec/cli'], outDir);
  // Copied as they are: an ES module, hand-written CommonJS, and TypeScript sources the CLI compiles itself.
  for (const f of ['esm-tools.mjs', 'no-metadata.js']) fs.copyFileSync(path.join(__dirname, 'fixtures', f), fixture(f));
  fs.cpSync(path.join(__dirname, 'fixtures', 'ts-source'), fixture('ts-source'), { recursive: true });
}, 330_000);

afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
});

function fixturesToCompile(): string[] {
  return fs.readdirSync(path.join(__dirname, 'fixtures')).filter((f) => f.endsWith('.ts'));
}

describe('inspect', () => {
  it('shows a union as its members and a recursive class by its name, not as any JSON', async () => {
    const r = await cli('inspect', fixture('unions.js'));
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).not.toContain('any JSON');
    expect(r.stdout).toMatch(/\n {4}shape +object \{kind, radius\} \| object \{kind, side\} +required\n/);
    expect(r.stdout).toMatch(/\n {4}environment +string \| array of string +required\n/);
    expect(r.stdout).toMatch(/\n {4}tree +TreeNode \(recursive, \$defs\) or null +required\n/);
  });

  it('prints a readable table of the tools it finds, exit status 0', async () => {
    const r = await cli('inspect', fixture('tools.js'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(': 3 tools');
    expect(r.stdout).toContain('add_note  Add a note.\n  from: class Notes\n  one at a time\n  parameters:\n');
    expect(r.stdout).toMatch(/text +string length 1\.\. +required +The note\./);
    expect(r.stdout).toMatch(/priority +integer 1\.\.5 default 3 +optional/);
    expect(r.stdout).toContain('list_notes  List the notes.\n  from: class Notes\n  parallel-safe, readOnly\n  parameters: none');
    expect(r.stdout).toContain('shout  Upper-case a text.\n  from: tool shout');
    expect(r.stdout).not.toContain('Settings');
  });

  it('prints the catalogue as JSON with the asked-for provider forms and their loss reports', async () => {
    const r = await cli('inspect', fixture('tools.js'), '--format', 'json', '--provider', 'openai,anthropic', '--provider', 'mcp', '--strict');
    expect(r.code).toBe(0);
    const catalogue = JSON.parse(r.stdout) as {
      tools: {
        name: string;
        from: string;
        inputSchema: object;
        parallelSafe: boolean;
        providers: Record<string, { tool: Record<string, unknown>; losses: { path: string; keyword: string; action: string }[] }>;
      }[];
    };
    expect(catalogue.tools.map((t) => [t.name, t.from])).toEqual([
      ['shout', 'tool shout'],
      ['add_note', 'class Notes'],
      ['list_notes', 'class Notes'],
    ]);
    const add = catalogue.tools[1]!;
    expect(JSON.stringify(add.inputSchema)).toBe(
      '{"type":"object","properties":{"text":{"type":"string","description":"The note.","minLength":1},"priority":{"type":"integer","minimum":1,"maximum":5,"default":3}},"required":["text"],"additionalProperties":false}',
    );
    expect(add.parallelSafe).toBe(false);
    expect(Object.keys(add.providers)).toEqual(['openai', 'anthropic', 'mcp']);
    expect((add.providers.openai!.tool.function as { strict: boolean }).strict).toBe(true);
    expect(add.providers.anthropic!.tool.strict).toBe(true);
    expect(add.providers.openai!.losses).toContainEqual(
      expect.objectContaining({ path: '/properties/priority', keyword: 'default', action: 'moved-to-description' }),
    );
    expect(add.providers.mcp!.losses).toEqual([]);
  });

  it('keeps each provider default without --strict, and turns strict off with --no-strict', async () => {
    const [plain, off] = await Promise.all([
      cli('inspect', fixture('tools.js'), '--format', 'json', '--provider', 'all'),
      cli('inspect', fixture('tools.js'), '--format', 'json', '--provider', 'openai', '--no-strict'),
    ]);
    const strictOf = (r: Run) =>
      (JSON.parse(r.stdout) as { tools: { providers: { openai: { tool: { function: { strict: boolean } } } } }[] }).tools[0]!.providers.openai.tool.function
        .strict;
    expect(Object.keys((JSON.parse(plain.stdout) as { tools: { providers: object }[] }).tools[0]!.providers)).toEqual(['openai', 'anthropic', 'gemini', 'mcp']);
    expect(strictOf(plain)).toBe(true);
    expect(strictOf(off)).toBe(false);
  });

  it('lists a tool once when a module exports a tool set and the class it holds', async () => {
    const r = await cli('inspect', fixture('set.js'), '--format', 'json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { tools: { name: string; from: string }[] }).tools.map((t) => `${t.name} ${t.from}`)).toEqual(['greet tool set tools']);
  });

  it('lists prompts, resources and resource templates after the tools (issue 23), read from the class without constructing it', async () => {
    const r = await cli('inspect', fixture('served.js'));
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.slice(r.stdout.indexOf('\nprompt summarize'))).toBe(
      [
        '',
        'prompt summarize  Summarize a page.',
        '  from: class Docs',
        '  title: Summary',
        '  arguments:',
        '    page   text  required  The page',
        '    words  text  optional',
        '',
        'resource docs://index  (index)  The index.',
        '  from: class Docs',
        '  mime type: text/markdown',
        '',
        'resource template docs://pages/{slug}  (Page)',
        '  from: class Docs',
        '',
        'prompt hello',
        '  from: class Only',
        '  arguments: none',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await cli('inspect', fixture('served.js'), '--format', 'json')).stdout) as { tools: { name: string }[]; served: unknown[] };
    expect(json.tools.map((t) => t.name)).toEqual(['search']);
    expect(json.served[0]).toEqual({
      kind: 'prompt',
      key: 'summarize',
      name: 'summarize',
      from: 'class Docs',
      title: 'Summary',
      description: 'Summarize a page.',
      arguments: [
        { name: 'page', description: 'The page', required: true },
        { name: 'words', required: false },
      ],
    });
  });

  it('loads an ES module with import()', async () => {
    const r = await cli('inspect', fixture('esm-tools.mjs'), '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.stringify((JSON.parse(r.stdout) as { tools: { inputSchema: object }[] }).tools[0]!.inputSchema)).toBe(
      '{"type":"object","properties":{"a":{"type":"number","default":0},"b":{"type":"number","default":0}},"additionalProperties":false}',
    );
  });

  it('compiles a TypeScript source with decorator metadata (its .js-style imports too) and reads its DTOs', async () => {
    const r = await cli('inspect', fixture('ts-source/tools.ts'), '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.stringify((JSON.parse(r.stdout) as { tools: { inputSchema: object }[] }).tools[0]!.inputSchema)).toBe(MAILER_SCHEMA);
  });

  it('loads TypeScript sources in an ES module package ("type": "module"), .ts and .mts alike', async () => {
    const esm = path.join(outDir, 'esm-package');
    fs.cpSync(path.join(__dirname, 'fixtures', 'ts-source'), esm, { recursive: true });
    fs.writeFileSync(path.join(esm, 'package.json'), JSON.stringify({ type: 'module' }));
    fs.copyFileSync(path.join(esm, 'tools.ts'), path.join(esm, 'tools.mts'));
    for (const file of ['tools.ts', 'tools.mts']) {
      const r = await cli('inspect', path.join(esm, file), '--format', 'json');
      expect({ file, stderr: r.stderr, code: r.code }).toEqual({ file, stderr: '', code: 0 });
      expect(JSON.stringify((JSON.parse(r.stdout) as { tools: { inputSchema: object }[] }).tools[0]!.inputSchema)).toBe(MAILER_SCHEMA);
    }
  });

  it('refuses, in one line naming what to do, a TypeScript module with top-level await', async () => {
    const esm = path.join(outDir, 'esm-await');
    fs.mkdirSync(esm, { recursive: true });
    fs.writeFileSync(path.join(esm, 'package.json'), JSON.stringify({ type: 'module' }));
    fs.writeFileSync(
      path.join(esm, 'tools.ts'),
      "import { Tool } from 'tool-signatures';\nconst n = await Promise.resolve(1);\nexport const add = Tool.create(function add(a: number) { return a + n; }, { params: { a: Number } });\n",
    );
    const r = await cli('inspect', path.join(esm, 'tools.ts'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^tool-signatures inspect: tools\.ts uses top-level await, which the CLI cannot run from TypeScript source .*Move the await into a function, or compile the project first \(tsc\) and give the \.js file\.\n$/m,
    );
    expect(r.stderr).not.toContain('exports is not defined');
  });
});

const MAILER_SCHEMA =
  '{"type":"object","properties":{"address":{"type":"object","properties":{"street":{"type":"string","description":"Street and number.","minLength":3,"maxLength":80},"country":{"type":"string","minLength":2,"maxLength":2}},"required":["street"],"additionalProperties":false},"when":{"type":"string","format":"date-time"}},"required":["address","when"],"additionalProperties":false}';

describe('diagnostics: exit status 2, the code and the fix', () => {
  it('an erased parameter type is OLT002, naming the class, method, parameter and the fix', async () => {
    const r = await cli('inspect', fixture('broken.js'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error OLT002: .*Search\.find.*parameter #0 'query'/);
    expect(r.stderr).toContain('@Param({ type');
  });

  it('a module compiled without emitDecoratorMetadata is OLT012', async () => {
    const r = await cli('inspect', fixture('no-metadata.js'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error OLT012: /);
    expect(r.stderr).toContain('emitDecoratorMetadata');
  });

  it('two tools with one name are OLT007', async () => {
    const r = await cli('inspect', fixture('clash.js'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error OLT007: .*'lookup' \(tool first and tool second\)/);
  });

  it('a module without tools, or a missing module, says what to export or where it looked', async () => {
    const [empty, missing] = await Promise.all([cli('inspect', fixture('empty.js')), cli('inspect', fixture('nowhere.js'))]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no tools found in');
    expect(empty.stderr).toContain('Export a class with @Tool methods');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot find the module');
  });

  it('a tool class that cannot be constructed with no arguments says to export an instance or a tool set', async () => {
    const r = await cli('inspect', fixture('needs-args.js'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'tool-signatures inspect: cannot construct the exported class Billing with no arguments (Billing needs a PaymentApi). Export an instance of it instead, or a ToolSet.\n',
    );
  });

  it('usage mistakes print the usage', async () => {
    const [unknown, provider, none, help] = await Promise.all([
      cli('explain', fixture('tools.js')),
      cli('inspect', fixture('tools.js'), '--provider', 'cohere'),
      cli(),
      cli('--help'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'explain'");
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain('--provider must be one of: openai, anthropic, gemini, mcp, all');
    expect(provider.stderr).toContain('usage: tool-signatures inspect <module>');
    expect(none.code).toBe(2);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('tool-signatures call <module> <tool> <json|->');
  });
});

describe('call', () => {
  it('a NestJS root module: builds the application context and calls the tool through its ToolRegistry, with what Nest injects', async () => {
    const r = await cli('call', fixture('nest-service.js'), 'in_stock', '{"sku":"BOLT-M8"}');
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '120\n', '']);
  });

  it('a file exporting a feature module before the root module: the root is run, and forRoot({ mcp }) does not warn of the endpoint a CLI call does not serve', async () => {
    const r = await cli('call', fixture('nest-app.js'), 'on_shelf', '{"sku":"NUT-M8"}');
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '75\n', '']);
  });

  it('a NestJS provider with injected dependencies, without its module: refused, saying to give the root module', async () => {
    const r = await cli('call', fixture('nest-service-only.js'), 'in_stock', '{"sku":"BOLT-M8"}');
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      'tool-signatures call: cannot construct the exported class StockTools: it is a NestJS provider whose constructor takes dependencies that Nest injects, and its methods would run without them. ' +
        'Give the CLI the application instead: a file that exports your root module (the one that imports ToolsModule.forRoot()), such as dist/app.module.js, and it builds the Nest application context and calls the tool through its ToolRegistry; or export an instance made with its dependencies.\n',
    );
  });

  it('invokes a tool with JSON text and prints the result, exit status 0', async () => {
    const r = await cli('call', fixture('tools.js'), 'add_note', '{"text":"check stock"}');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('noted (3): check stock\n');
  });

  it('prints an error result as the model would read it, exit status 1', async () => {
    const r = await cli('call', fixture('tools.js'), 'add_note', '{"text":"","priority":9,"tag":"x"}');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      "Argument 'text' must be at least 1 character long.\nArgument 'priority' must be an integer from 1 to 5.\nArgument 'tag' is not a parameter of tool 'add_note'.\n",
    );
  });

  it('reads the arguments from standard input with -, and prints the whole result with --format json', async () => {
    const r = await node(
      [cliJs, 'call', fixture('ts-source/tools.ts'), 'check', '-', '--format', 'json'],
      '{"address":{"street":"Quay 4"},"when":"2026-03-02T10:00:00+01:00"}',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ isError: false, parts: [{ type: 'text', text: 'Address Quay 4 at 2026-03-02T09:00:00.000Z' }], costs: [] });
  });

  it('an ES module tool and a tool from a tool set are called the same way', async () => {
    const [esm, set] = await Promise.all([
      cli('call', fixture('esm-tools.mjs'), 'add', '{"a":2,"b":40}'),
      cli('call', fixture('set.js'), 'greet', '{"name":"Ana"}'),
    ]);
    expect([esm.code, esm.stdout]).toEqual([0, '42\n']);
    expect([set.code, set.stdout]).toEqual([0, 'Ahoy, Ana!\n']);
  });

  it('a tool that requires approval is refused without a terminal to ask on, and runs with --approve', async () => {
    const [refused, approved] = await Promise.all([
      cli('call', fixture('approval.js'), 'pay', '{"amount":5}'),
      cli('call', fixture('approval.js'), 'pay', '{"amount":5}', '--approve'),
    ]);
    expect([refused.code, refused.stdout]).toEqual([
      1,
      "Tool 'pay' was not approved: it requires approval and there is no terminal to ask on; pass --approve to approve it.\n",
    ]);
    expect([approved.code, approved.stdout]).toEqual([0, 'paid 5\n']);
  });

  it('an unknown tool lists the tools there are, exit status 2', async () => {
    const r = await cli('call', fixture('tools.js'), 'remove_note', '{}');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no tool named 'remove_note'");
    expect(r.stderr).toContain('Its tools: shout, add_note, list_notes.');
  });
});
