import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import toolSignatures, { before, factory, name, PluginSetupError, version } from '../../lib/plugin';
import { sourceHash } from '../../lib/metadata/generated';
import { main } from '../../lib/plugin/cli';
import { compilerOptions } from './harness';

/** How each build tool reaches the transformer, and the CLI. */
const SOURCE = `import { Tool, Int32 } from 'tool-signatures';
export class Item { sku!: string; }
export class Shop {
  /** Find items. @param limit How many */
  @Tool() find(limit: Int32, item?: Item) { return String(limit) + item?.sku; }
}
/** Adds. */
export function add(a: number, b: number): number { return a + b; }
export const makeTools = () => [Tool.create(add)];
`;

describe('plugin entry points', () => {
  let dir: string;
  let file: string;
  let program: ts.Program;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-entries-'));
    file = path.join(dir, 'shop.ts');
    fs.writeFileSync(file, SOURCE);
    program = ts.createProgram([file], compilerOptions({ outDir: path.join(dir, 'out'), rootDir: dir }));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const emit = (transformer: ts.TransformerFactory<ts.SourceFile>) => {
    let text = '';
    program.emit(
      program.getSourceFile(file),
      (f, t) => {
        if (f.endsWith('.js')) text = t;
      },
      undefined,
      false,
      { before: [transformer] },
    );
    return text;
  };

  const expectMetadata = (js: string) => {
    expect(js).toContain(
      'defineStaticMetadata(Shop, { methods: { find: { description: "Find items.", returns: String, params: [{ name: "limit", type: tool_signatures_1.Int32, description: "How many", design: Number }, { name: "item", type: () => Item, optional: true }] } } })',
    );
    expect(js).toContain('defineStaticMetadata(Item, { properties: [');
    expect(js).toContain('Tool.create(add, {\n        params: { a: Number, b: Number },\n        returns: Number,\n        description: "Adds."\n    })');
  };

  it('ts-patch and ts-loader: the default export (program, options, extras)', () => {
    const added: ts.Diagnostic[] = [];
    expectMetadata(emit(toolSignatures(program, {}, { addDiagnostic: (d) => added.push(d) })));
    expect(added).toEqual([]);
  });

  it('Nest CLI: before(options, program), the shape of @nestjs/swagger/plugin', () => {
    expectMetadata(emit(before({}, program)));
  });

  it('ts-jest: name, version and factory(tsCompiler), reading the language service program when a file is transformed', () => {
    expect(name).toBe('tool-signatures-plugin');
    expect(typeof version).toBe('number');
    const stale = ts.createProgram([], {});
    expectMetadata(emit(factory({ program: stale, _languageService: { getProgram: () => program } as unknown as ts.LanguageService })));
    expectMetadata(emit(factory({ program })));
  });

  it('refuses, with a clear error, a host without a full Program (isolatedModules, transpileModule)', () => {
    expect(() => toolSignatures(undefined as unknown as ts.Program)).toThrow(PluginSetupError);
    expect(() => toolSignatures(undefined as unknown as ts.Program)).toThrow(/tool-signatures generate/);
    const isolated = factory({ configSet: { isolatedModules: true } });
    expect(() => ts.transpileModule(SOURCE, { transformers: { before: [isolated] } })).toThrow(/isolatedModules/);
    // transpileModule's own single-file program
    let seen: unknown;
    try {
      ts.transpileModule(SOURCE, {
        compilerOptions: { experimentalDecorators: true },
        transformers: {
          before: [
            factory({
              get program() {
                return seen as ts.Program | undefined;
              },
            }),
          ],
        },
      });
    } catch (e) {
      seen = e;
    }
    expect(seen).toBeInstanceOf(PluginSetupError);
  });

  it('tool-signatures generate <tsconfig> --out <file> writes one module that registers the static metadata', () => {
    const tsconfig = path.join(dir, 'tsconfig.json');
    const o = compilerOptions();
    fs.writeFileSync(
      tsconfig,
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
        },
        files: ['shop.ts'],
      }),
    );
    const out = path.join(dir, 'gen/meta.ts');
    fs.mkdirSync(path.dirname(out));
    const logs: string[] = [];
    const code = main(['generate', tsconfig, '--out', out, '--import-extension', '.js'], { out: (s) => logs.push(s), err: (s) => logs.push(s) });
    expect({ code, logs }).toEqual({ code: 0, logs: [`wrote ${path.relative(process.cwd(), out)}\n`] });
    const text = fs.readFileSync(out, 'utf8');
    expect(text).toContain(`import * as tool_signatures_1 from "tool-signatures";`);
    expect(text).toContain(`import * as tool_signatures_import_1 from "../shop.js";`);
    expect(text).toContain('tool_signatures_1.registerGeneratedMetadata([\n    [() => tool_signatures_import_1.Item, { properties: [');
    expect(text).toContain('    [() => tool_signatures_import_1.Shop, { methods: { find: {');
    expect(text).toContain(
      '[() => tool_signatures_import_1.add, {\n            call: { description: "Adds.", returns: Number, params: [{ name: "a", type: Number, design: Number }, { name: "b", type: Number, design: Number }] }\n        }]\n], {',
    );
    // The sources it read, each with the hash of its text (a stale module is refused when imported), and the command that made it, options included.
    expect(text).toContain(
      `    module: "gen/meta.ts",\n    regenerate: "tool-signatures generate ${path.relative(process.cwd(), tsconfig)} --out ${path.relative(process.cwd(), out)} --import-extension .js",\n    at: typeof __filename === "string" ? __filename : undefined,\n    sources: {\n        "../shop.ts": "${sourceHash(SOURCE)}"\n    }\n});`,
    );
    expect(main(['frobnicate'], { out: () => undefined, err: () => undefined })).toBe(2);
    expect(main(['generate', '--nope'], { out: () => undefined, err: () => undefined })).toBe(2);
  });
});
