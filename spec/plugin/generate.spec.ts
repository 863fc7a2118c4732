/**
 * `tool-signatures generate` in ordinary layouts: nothing written on definition errors (exit 2),
 * the import extension the tsconfig needs, no warning for a Tool.create whose params are given, and
 * a warning (with the line to add) for a module that builds tools at its top level.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../lib/plugin/cli';
import { main as cliMain, takesColor } from '../../lib/cli/index';
import { compilerOptions } from './harness';

function project(files: Record<string, string>, options: object = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-generate-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const o = compilerOptions();
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'commonjs',
        moduleResolution: 'node10',
        experimentalDecorators: true,
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: o.typeRoots,
        paths: o.paths,
        ignoreDeprecations: '6.0',
        ...options,
      },
      files: Object.keys(files),
    }),
  );
  return dir;
}

function generate(dir: string): { code: number; out: string; err: string; text?: string } {
  let out = '';
  let err = '';
  const code = main(['generate', path.join(dir, 'tsconfig.json')], { out: (s) => (out += s), err: (s) => (err += s) });
  if (typeof code !== 'number') throw new Error('generate returned a promise');
  const file = path.join(dir, 'tool-signatures.generated.ts');
  return { code, out, err, ...(fs.existsSync(file) ? { text: fs.readFileSync(file, 'utf8') } : {}) };
}

const TOOLS = `import { Tool } from 'tool-signatures';
export class Shop {
  @Tool() find(query: string): string { return query; }
}
`;

describe('tool-signatures generate', () => {
  it('writes nothing and exits 2 when the tools have definition errors', () => {
    const dir = project({
      'tools.ts': `import { Tool } from 'tool-signatures';\nexport class Shop {\n  @Tool() static find(query: string): string { return query; }\n}\n`,
    });
    const r = generate(dir);
    expect(r.code).toBe(2);
    expect(r.text).toBeUndefined();
    expect(r.out).toBe('');
    expect(r.err).toContain('OLT003: a static method cannot be a tool.');
    expect(r.err).toMatch(/tool-signatures generate: 1 definition error; .*tool-signatures\.generated\.ts was not written\.\n$/);
  }, 60_000);

  it("prints TypeScript's diagnostics as plain text, unless standard error is a terminal that takes colours", async () => {
    const dir = project({
      'tools.ts': `import { Tool } from 'tool-signatures';\nexport class Shop {\n  @Tool() static find(query: string): string { return query; }\n}\n`,
    });
    // As the bin runs it: lib/cli's main, whose output is made safe for a terminal.
    const viaCli = async (color: boolean) => {
      let err = '';
      const code = await cliMain(['generate', path.join(dir, 'tsconfig.json')], {
        cwd: dir,
        out: () => undefined,
        err: (s) => (err += s),
        readStdin: async () => '',
        color,
      });
      return { code, err };
    };
    const plain = await viaCli(false);
    expect(plain.code).toBe(2);
    expect(plain.err).not.toContain('\u001b');
    expect(plain.err).not.toContain('\\u001b');
    expect(plain.err).toMatch(/tools\.ts\(3,\d+\): error TS\d+: OLT003: a static method cannot be a tool\./);
    const coloured = await viaCli(true);
    expect(coloured.code).toBe(2);
    expect(coloured.err).toContain('\u001b[');
    expect(coloured.err).not.toContain('\\u001b');
    expect(coloured.err).toContain('OLT003');
    // A terminal takes colours unless NO_COLOR is set (to anything but ''); a pipe or a file never does.
    expect([
      takesColor({ isTTY: true }, {}),
      takesColor({ isTTY: true }, { NO_COLOR: '1' }),
      takesColor({ isTTY: true }, { NO_COLOR: '' }),
      takesColor({ isTTY: false }, {}),
      takesColor({}, {}),
    ]).toEqual([true, false, true, false, false]);
  }, 60_000);

  it('chooses the import extension from the tsconfig: none under commonjs, .js under nodenext', () => {
    const cjs = generate(project({ 'tools.ts': TOOLS }));
    expect(cjs.code).toBe(0);
    expect(cjs.text).toContain('from "./tools";');
    const esm = generate(project({ 'tools.ts': TOOLS }, { module: 'nodenext', moduleResolution: 'nodenext' }));
    expect(esm.code).toBe(0);
    expect(esm.text).toContain('from "./tools.js";');
  }, 120_000);

  it('warns about a Tool.create it cannot describe only for the parameters whose types are not given', () => {
    const given = generate(
      project({
        'tools.ts': `import { Tool } from 'tool-signatures';\nexport function make() {\n  return [Tool.create((text: string) => text, { name: 'echo', params: { text: String } })];\n}\n`,
      }),
    );
    expect({ code: given.code, err: given.err }).toEqual({ code: 0, err: '' });
    const missing = generate(
      project({
        'tools.ts': `import { Tool } from 'tool-signatures';\nexport function make() {\n  return [Tool.create((text: string, n: number) => text + n, { name: 'echo', params: { text: String } })];\n}\n`,
      }),
    );
    expect(missing.code).toBe(0);
    expect(missing.err).toContain(
      "OLT012: the generated module can only describe a named, exported function given to Tool.create; give the types of 'n' in options.params",
    );
  }, 120_000);

  it('tells a module that builds tools at its top level to import the generated module first, and is quiet once it does', () => {
    const topLevel = `${TOOLS}export const tools = new ToolSet([new Shop()]);\n`.replace('import { Tool }', 'import { Tool, ToolSet }');
    const warned = generate(project({ 'tools.ts': topLevel }));
    expect(warned.code).toBe(0);
    expect(warned.err).toContain(
      "OLT012: this module builds tools at its top level, which runs before the generated module registers its metadata (the generated module imports this one). Import the generated module first in this module: import './tool-signatures.generated';",
    );
    const quiet = generate(project({ 'tools.ts': `import './tool-signatures.generated';\n${topLevel}` }));
    expect({ code: quiet.code, err: quiet.err }).toEqual({ code: 0, err: '' });
  }, 120_000);

  it('tells an entry that imports the generated module before a module that builds tools at its top level to import that module first', () => {
    const tools = `import './tool-signatures.generated';\n${TOOLS}export const tools = new ToolSet([new Shop()]);\n`.replace(
      'import { Tool }',
      'import { Tool, ToolSet }',
    );
    const main = (first: string, second: string) =>
      `import 'reflect-metadata';\nimport '${first}';\nimport { tools } from '${second}';\nexport const names = tools.list().map((t) => t.name);\n`;
    const warned = generate(project({ 'tools.ts': tools, 'main.ts': main('./tool-signatures.generated', './tools') }));
    expect(warned.code).toBe(0);
    expect(warned.err).toContain(
      'main.ts(2,1): warning TS99012: OLT012: importing the generated module before ./tools.ts runs it first: it imports that module, whose top-level tools are then built before the metadata is registered. Import ./tools.ts before it here, or leave this import out (a module that builds tools at its top level imports the generated module first itself).',
    );
    const quiet = generate(project({ 'tools.ts': tools, 'main.ts': main('./tools', './tool-signatures.generated') }));
    expect({ code: quiet.code, err: quiet.err }).toEqual({ code: 0, err: '' });
  }, 120_000);
});
