/**
 * `tool-signatures generate` on the layout `tsc --init` writes (rootDir ./src, outDir ./dist, its
 * strict options, with the decorator options and `types` README asks for): the module goes where the
 * rootDir allows, it compiles under every option README says works (exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess, isolatedModules, declaration, verbatimModuleSyntax in an ES module
 * project, ...), and the command it names for regenerating repeats the options that made it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { main } from '../../lib/plugin/cli';
import { compilerOptions as harnessOptions } from '../plugin/harness';

type Format = 'commonjs' | 'module';

const TOOLS = (ext: string) => `import { Tool } from 'tool-signatures';
import { Line } from './line${ext}';
export class Shop {
  @Tool() order(lines: Line[], note?: string): string { return String(lines.length) + (note ?? ''); }
}
export function forecast(city: string, days?: number): string { return city + String(days); }
export const tools = () => [Tool.create(forecast)];
`;
const LINE = `export class Line { sku!: string; qty?: number; }\n`;
const MAIN = (ext: string) => `import './tool-signatures.generated${ext}';
import { Tool } from 'tool-signatures';
import { Shop, tools } from './tools${ext}';
export const all = [...Tool.fromInstance(new Shop()), ...tools()];
`;

/** A project as `tsc --init` (TypeScript 6) writes it, with its rootDir and outDir lines uncommented and README's changes. */
function initProject(format: Format): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-init-'));
  const ext = format === 'module' ? '.js' : '';
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'init-layout', type: format }));
  fs.writeFileSync(path.join(dir, 'src/tools.ts'), TOOLS(ext));
  fs.writeFileSync(path.join(dir, 'src/line.ts'), LINE);
  fs.writeFileSync(path.join(dir, 'src/main.ts'), MAIN(ext));
  const h = harnessOptions();
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        rootDir: './src',
        outDir: './dist',
        module: 'nodenext',
        target: 'esnext',
        types: ['node'],
        sourceMap: true,
        declaration: true,
        declarationMap: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        strict: true,
        verbatimModuleSyntax: format === 'module',
        isolatedModules: true,
        noUncheckedSideEffectImports: true,
        moduleDetection: 'force',
        skipLibCheck: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        // Where this repository's copy of the library and @types/node are found.
        typeRoots: h.typeRoots,
        paths: h.paths,
      },
    }),
  );
  return dir;
}

function generate(args: string[]): { code: number; err: string; out: string } {
  let out = '';
  let err = '';
  const code = main(['generate', ...args], { out: (s) => (out += s), err: (s) => (err += s) });
  if (typeof code !== 'number') throw new Error('generate returned a promise');
  return { code, err, out };
}

/** The project's own diagnostics (the library's sources, reached through `paths`, are not the user's project). */
function projectDiagnostics(dir: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(String(d.messageText));
      },
    },
  );
  if (config === undefined) throw new Error('no tsconfig');
  const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } });
  const text = (d: ts.Diagnostic) => ts.flattenDiagnosticMessageText(d.messageText, '\n');
  // TS6059 is reported at an import of the file outside rootDir: only the project's own files count.
  const mine = (d: ts.Diagnostic) =>
    d.code === 6059
      ? text(d).startsWith(`File '${dir}`)
      : d.file !== undefined
        ? d.file.fileName.startsWith(dir)
        : text(d).includes('tool-signatures.generated');
  const all = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program
      .getSourceFiles()
      .filter((f) => f.fileName.startsWith(dir))
      .flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  return all
    .filter(mine)
    .map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

const regenerateOf = (text: string) => /\bregenerate: "([^"]*)"/.exec(text)?.[1];
const shown = (file: string) => path.relative(process.cwd(), file).replace(/\\/g, '/');

describe('issue 31: generate on the tsc --init layout', () => {
  it.each<Format>(['commonjs', 'module'])(
    '%s project: written under rootDir, and it compiles under every option README says works',
    (format) => {
      const dir = initProject(format);
      const r = generate([path.join(dir, 'tsconfig.json')]);
      expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
      const out = path.join(dir, 'src', 'tool-signatures.generated.ts');
      expect(r.out).toBe(`wrote ${shown(out)}\n`);
      expect(fs.existsSync(path.join(dir, 'tool-signatures.generated.ts'))).toBe(false);
      expect(regenerateOf(fs.readFileSync(out, 'utf8'))).toBe(`tool-signatures generate ${shown(path.join(dir, 'tsconfig.json'))}`);
      expect(projectDiagnostics(dir)).toEqual([]);
    },
    180_000,
  );

  it('the regenerate command, which the stale-module error repeats, keeps --out, --import-extension and --library', () => {
    const dir = initProject('commonjs');
    const out = path.join(dir, 'src', 'generated', 'tool metadata.ts');
    const r = generate([path.join(dir, 'tsconfig.json'), '--out', out, '--import-extension', 'none', '--library', 'tool-signatures']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    expect(regenerateOf(fs.readFileSync(out, 'utf8'))).toBe(
      `tool-signatures generate ${shown(path.join(dir, 'tsconfig.json'))} --out '${shown(out)}' --import-extension none --library tool-signatures`,
    );
  }, 180_000);
});
