import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { diagnose } from '../../lib/plugin';
import { compilerOptions } from './harness';

/** Each case is one file of one Program; the plugin's diagnostics are read once. */
const CASES: Record<string, { code: string; source: string; message?: string }> = {
  // v3: interfaces, unions and recursive types have schemas; what is refused is what no JSON can hold.
  interfaceParam: {
    code: 'OLT002',
    message: "property 'run' of Shape: a function has no JSON Schema",
    source: `interface Shape { a: number; run(): void }\nexport class A { @Tool() run(s: Shape) { return ''; } }`,
  },
  unionParam: { code: 'OLT002', message: 'a symbol has no JSON Schema', source: `export class A { @Tool() run(s: string | symbol) { return ''; } }` },
  tupleParam: { code: 'OLT002', message: 'tuples', source: `export class A { @Tool() run(s: [string, number]) { return ''; } }` },
  restParam: { code: 'OLT002', message: 'rest parameters', source: `export class A { @Tool() run(...s: string[]) { return ''; } }` },
  mixedEnum: { code: 'OLT002', message: 'mixes string and number', source: `enum M { A = 1, B = 'b' }\nexport class A { @Tool() run(m: M) { return ''; } }` },
  numberKeys: { code: 'OLT002', message: 'string keys', source: `export class A { @Tool() run(m: Map<number, string>) { return ''; } }` },
  staticTool: { code: 'OLT003', message: 'static method', source: `export class A { @Tool() static run() { return ''; } }` },
  declaredReturn: {
    code: 'OLT003',
    message: 'declared return type',
    source: `interface R { a: number; f(): void }\nexport class A { @Tool() run(): R { return { a: 1, f() {} }; } }`,
  },
  generic: { code: 'OLT004', message: 'generic method', source: `export class A { @Tool() run<T>(x: T) { return String(x); } }` },
  selfRef: { code: 'OLT006', message: 'refers to itself', source: `type Json = string | Json[];\nexport class A { @Tool() run(n: Json) { return ''; } }` },
  sameName: {
    code: 'OLT007',
    message: "two tools are named 'run'",
    source: `export class A { @Tool() run() { return ''; } @Tool({ name: 'run' }) other() { return ''; } }`,
  },
  badName: { code: 'OLT008', message: "'has space'", source: `export class A { @Tool({ name: 'has space' }) run() { return ''; } }` },
  twoContexts: { code: 'OLT009', message: 'at most one ToolContext', source: `export class A { @Tool() run(a: ToolContext, b: ToolContext) { return ''; } }` },
  // v3: a class that declares no property at all is the empty object (clean.ts); one whose properties are all private is OLT013.
  noProps: {
    code: 'OLT013',
    message: 'shows no property',
    source: `export class Hidden { private secret = 1; peek() { return this.secret; } }\nexport class A { @Tool() run(e: Hidden) { return ''; } }`,
  },
  ctorArgs: {
    code: 'OLT013',
    message: 'cannot be constructed without arguments',
    source: `export class P { constructor(public x: string) {} y!: string; }\nexport class A { @Tool() run(p: P) { return ''; } }`,
  },
  destructured: { code: 'OLT014', message: 'destructured parameter', source: `export class A { @Tool() run({ a }: { a: string }) { return a; } }` },
  contradiction: {
    code: 'OLT015',
    message: 'contradicts the declared type',
    source: `export class A { @Tool() run(@Param({ type: Int32 }) s: string) { return s; } }`,
  },
  range: {
    code: 'OLT015',
    message: 'minimum 5 is greater than maximum 1',
    source: `export class A { @Tool() run(@Range(5, 1) n: number) { return String(n); } }`,
  },
  pattern: { code: 'OLT015', message: 'has flags', source: `export class A { @Tool() run(@Param({ pattern: /a/i }) s: string) { return s; } }` },
};
const HEADER = `import { Tool, Param, Range, Int32, ToolContext } from 'tool-signatures';\n`;

describe('plugin diagnostics (OLT002–OLT015 as TypeScript diagnostics at the declaration)', () => {
  let dir: string;
  let byFile: Map<string, ts.Diagnostic[]>;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-diag-'));
    const files = Object.entries(CASES).map(([name, c]) => {
      const file = path.join(dir, `${name}.ts`);
      fs.writeFileSync(file, HEADER + c.source + '\n');
      return file;
    });
    fs.writeFileSync(
      path.join(dir, 'clean.ts'),
      `${HEADER}/** Fine. */\nexport class Fine { @Tool() run(a: Int32, b?: string) { return String(a) + b; } }\nexport class Empty {}\nexport class AlsoFine { @Tool() ping(e: Empty) { return String(e); } }\n`,
    );
    const program = ts.createProgram([...files, path.join(dir, 'clean.ts')], compilerOptions({ noEmit: true }));
    byFile = new Map();
    for (const d of diagnose(program)) {
      const key = path.basename(d.file!.fileName, '.ts');
      byFile.set(key, [...(byFile.get(key) ?? []), d]);
    }
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(Object.entries(CASES).map(([name, c]) => [name, c.code, c] as const))('%s: %s', (name, _code, c) => {
    const found = (byFile.get(name) ?? []).map((d) => ({
      code: (d as { olt?: string }).olt,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      tsCode: d.code,
      line: d.file!.getLineAndCharacterOfPosition(d.start!).line,
    }));
    expect(found.map((f) => f.code)).toContain(c.code);
    const hit = found.find((f) => f.code === c.code)!;
    expect(hit.text.startsWith(`${c.code}: `)).toBe(true);
    if (c.message) expect(hit.text).toContain(c.message);
    expect(hit.tsCode).toBe(99000 + Number(c.code.slice(3)));
    expect(hit.line).toBeGreaterThanOrEqual(1); // at the declaration, not at the import
  });

  it('reports nothing for a well-typed tool', () => {
    expect(byFile.get('clean') ?? []).toEqual([]);
  });
});
