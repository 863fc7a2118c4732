import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import * as library from 'tool-signatures';
import { Tool } from 'tool-signatures';
import { definitionError } from '../helpers/schema';

/**
 * Names and defaults survive the forms real builds produce: one fixture compiled for ES2015 (tsc's
 * __awaiter), ES2017 and ES2022, with and without class fields, and instrumented by istanbul, must
 * give the same schemas.
 */

const FIXTURE = path.join(__dirname, '../fixtures/builds/docket-service.ts');

function compile(source: string, options: ts.CompilerOptions): string {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, experimentalDecorators: true, emitDecoratorMetadata: true, ...options },
    fileName: 'fixture.ts',
  }).outputText;
}

/** Loads compiled code as a module whose `tool-signatures` is this very copy of the library. */
function load(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const req = (id: string) => (id === 'tool-signatures' ? library : require(id));
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('require', 'module', 'exports', code)(req, module, module.exports);
  return module.exports;
}

function instrument(code: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createInstrumenter } = require('istanbul-lib-instrument');
  const out: string = createInstrumenter({ esModules: false, compact: false }).instrumentSync(code, '/virtual/fixture.js');
  expect(out).toMatch(/cov_\w+\(\)\.b\[/); // the defaults really were rewritten
  return out;
}

function schemas(exports: Record<string, unknown>): string {
  const Service = exports.DocketService as new () => object;
  return Tool.fromInstance(new Service())
    .map((t) => `${t.name}: ${t.description} ${JSON.stringify(t.inputSchema)}`)
    .join('\n');
}

const source = fs.readFileSync(FIXTURE, 'utf8');

const EXPECTED = [
  'get_docket: Fetch a court docket {"type":"object","properties":{"limit":{"type":"integer","minimum":1,"maximum":50,"default":10},"query":{"type":"object","description":"A docket query","properties":{"docket_id":{"type":"string"},"page":{"type":"integer","minimum":1,"maximum":9,"default":1},"lines":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string","minLength":1,"maxLength":32},"qty":{"type":"integer","minimum":1,"maximum":1000}},"required":["sku","qty"],"additionalProperties":false}},"priority":{"type":"string","enum":["Low","High"]},"due":{"type":"string","format":"date-time"}},"required":["docket_id","lines","due"],"additionalProperties":false}},"required":["query"],"additionalProperties":false}',
  'search:  {"type":"object","properties":{"text":{"type":"string"},"days":{"type":"number","default":3},"priority":{"type":"string","enum":["Low","High"],"default":"High"},"level":{"type":"string","enum":["Debug","Info"],"default":"Info"}},"required":["text"],"additionalProperties":false}',
  'wrapped:  {"type":"object","properties":{"city":{"type":"string"},"units":{"type":"string","default":"metric"},"tags":{"type":"array","items":{"type":"string"},"default":["a"]}},"required":["city"],"additionalProperties":false}',
  'wrapped_above:  {"type":"object","properties":{"code":{"type":"string"},"retries":{"type":"number","default":2}},"required":["code"],"additionalProperties":false}',
].join('\n');

describe('Builds', () => {
  it.each([
    ['ES2015 (__awaiter)', { target: ts.ScriptTarget.ES2015 }],
    ['ES2017', { target: ts.ScriptTarget.ES2017 }],
    ['ES2017 with useDefineForClassFields', { target: ts.ScriptTarget.ES2017, useDefineForClassFields: true }],
    ['ES2022 (class fields emitted)', { target: ts.ScriptTarget.ES2022 }],
    ['ES2022 without useDefineForClassFields', { target: ts.ScriptTarget.ES2022, useDefineForClassFields: false }],
  ])('%s gives the same schemas', (_label, options) => {
    const code = compile(source, options);
    if (options.target === ts.ScriptTarget.ES2015) expect(code).toContain('__awaiter(this, arguments, void 0, function* (limit = 10, query, signal)');
    expect(schemas(load(code))).toBe(EXPECTED);
  });

  it.each([
    ['ES2017', ts.ScriptTarget.ES2017],
    ['ES2022', ts.ScriptTarget.ES2022],
  ])('istanbul-instrumented %s code gives the same schemas', (_label, target) => {
    expect(schemas(load(instrument(compile(source, { target }))))).toBe(EXPECTED);
  });

  describe('Diagnostics for missing design metadata (OLT012)', () => {
    const plain = `
      import { Tool } from 'tool-signatures';
      export class Cases { @Tool() find(court: string, year: number) { return [court, year]; } }
    `;

    it('emitDecoratorMetadata off: the reflector says so and names the fixes', () => {
      const exports = load(compile(plain, { target: ts.ScriptTarget.ES2022, emitDecoratorMetadata: false }));
      const e = definitionError(() => Tool.fromInstance(new (exports.Cases as new () => object)()));
      expect(e.code).toBe('OLT012');
      expect(e.message).toBe(
        "OLT012: Cannot build tool 'find' (Cases.find), parameter #0 'court': there is no design metadata: emitDecoratorMetadata is off, the build tool does not emit it (esbuild, tsx, Vite, SWC without decoratorMetadata), or reflect-metadata is not loaded. Set \"experimentalDecorators\" and \"emitDecoratorMetadata\" in tsconfig.json and import 'reflect-metadata' first, give the type as a hint, or import the module that `tool-signatures generate` writes.",
      );
    });

    it('code compiled as TC39 standard decorators', () => {
      const code = compile(plain, { target: ts.ScriptTarget.ES2022, experimentalDecorators: false, emitDecoratorMetadata: false });
      const e = definitionError(() => load(code));
      expect(e.code).toBe('OLT012');
      expect(e.message).toContain('TC39 standard decorator');
      expect(e.message).toContain('"experimentalDecorators": true');
    });
  });
});

describe('Enum member defaults as builds write them', () => {
  enum Color {
    Red = 'red',
    Green = 'green',
  }
  enum Level {
    Debug,
    Info,
  }

  it.each([
    ['tsc CommonJS (enums_1.Level.Info)', 'function (level = enums_1.Level.Info, color = enums_1.Color.Green) { return level; }'],
    ['esbuild inlined (1 /* Info */)', 'function (level = 1 /* Info */, color = "green" /* Green */) { return level; }'],
  ])('%s', (_label, source) => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const fn = new Function(`return ${source}`)() as (...a: unknown[]) => unknown;
    const t = Tool.create(fn, { name: 'f', params: { level: library.EnumOf(Level), color: library.EnumOf(Color) } });
    expect(JSON.stringify(t.inputSchema)).toBe(
      '{"type":"object","properties":{"level":{"type":"string","enum":["Debug","Info"],"default":"Info"},"color":{"type":"string","enum":["red","green"],"default":"green"}},"additionalProperties":false}',
    );
  });
});
