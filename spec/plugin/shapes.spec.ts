import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import toolSignatures, { diagnose, generate } from '../../lib/plugin';
import { compilerOptions, formatHost, nodeEnv, readTools, workspace, type ToolTexts } from './harness';

/**
 * The plugin reads every TypeScript type a tool can take: interfaces, type aliases (generic ones
 * instantiated), inline object types, intersections and mapped types as `ObjectOf` shapes, index
 * signatures as `RecordOf`, unions as `AnyOf` / `Discriminated`, recursive types through one hoisted
 * constant (`$defs`). Each tool below is written twice: with plain types (compiled with the plugin,
 * no emitDecoratorMetadata) and with the hints a user would write by hand (plain tsc, reflector
 * only); both must give the same JSON text, through the transformer (CommonJS and ES modules) and
 * through the generated module.
 */

const TYPES = `
/** A postal address. */
export interface Address {
  /** The street and number. */
  street: string;
  zip?: string;
  country: string | null;
  floor: Int32 | undefined;
}
export interface Named { id: Uuid }
export interface Person extends Named { name: string; home: Address }
export type Point = { x: number; y: number };
export interface Page<T> { items: T[]; total: Int32 }
export enum Color { Red = 'red', Green = 'green' }
export interface Circle { kind: 'circle'; radius: number }
export interface Square { kind: 'square'; side: number }
/** A tree of labels. */
export interface TreeNode { label: string; children: TreeNode[] }
export interface Folder { name: string; files: FileEntry[] }
export interface FileEntry { name: string; parent?: Folder }
export type Expr = Lit | Add;
export interface Lit { kind: 'lit'; value: number }
export interface Add { kind: 'add'; left: Expr; right: Expr }
export enum Level { Low, High }
`;

const PLAIN = `import { Tool, type Int32, type Uuid, type ToolDefinition } from 'tool-signatures';
${TYPES}
export class Item { name!: string; price?: number; describe(): string { return this.name; } private secret = 0; }
export class Dog { kind!: 'dog'; barks!: boolean }
export class Cat { kind!: 'cat'; lives!: Int32 }
export class Order { address!: Address; tags!: Record<string, Color> }
export type Pair<A, B> = { a: A; b: B };
export type Id = string & { readonly __brand: 'Id' };
export interface Node1 { kids: Node1[] | null; meta: Record<string, Node1> }
export class CLit { kind!: 'lit'; value!: number }
export class CAdd { kind!: 'add'; left!: CLit | CAdd }

export class Shapes {
  @Tool() address(addr: Address) { return ''; }
  @Tool() person(p: Person) { return ''; }
  @Tool() point(p: Point, inline: { x: number; label?: string }) { return ''; }
  @Tool() page(pg: Page<Item>) { return ''; }
  @Tool() mapped(a: Partial<Item>, b: Pick<Address, 'zip' | 'street'>, c: Omit<Address, 'floor' | 'country'>, d: Required<Pick<Address, 'zip'>>, e: Readonly<Point>) { return ''; }
  @Tool() records(r: Record<string, number>, s: { [k: string]: Point }, k: Record<'a' | 'b', string>) { return ''; }
  @Tool() both(x: Address & { extra: boolean }) { return ''; }
  @Tool() unions(u: string | string[], v: 'auto' | number | boolean, w: Point | null, o: string | undefined) { return ''; }
  @Tool() tagged(shape: Circle | Square, pet: Dog | Cat) { return ''; }
  @Tool() untagged(v: Point | Item) { return ''; }
  @Tool() trees(t: TreeNode, f: Folder) { return ''; }
  @Tool() expr(e: Expr) { return ''; }
  @Tool() order(o: Order) { return ''; }
  @Tool() origin(): Point { return { x: 0, y: 0 }; }
  @Tool() classExpr(e: CLit | CAdd) { return ''; }
  @Tool() more(p: Pair<string, Item>, r: Record<Color, number>, i: Item & { extra: Int32 }, id: Id, u: Color | number, l: Level | 'none', x: 'a' | 1, n: Node1) { return ''; }
}

export function locate(where: Address, near?: Point) { return String(where.street) + String(near?.x); }

export function tools(): ToolDefinition[] {
  return [...Tool.fromInstance(new Shapes()), Tool.create(locate)];
}

/** What the harness reads: each group of tools by name. */
export function groups() { return { shapes: tools }; }
`;

const HINTED = `import { Tool, Param, Prop, Int32, Uuid, ObjectOf, AnyOf, Discriminated, EnumOf, RecordOf, type ObjectHint, type ToolDefinition } from 'tool-signatures';

export enum Color { Red = 'red', Green = 'green' }
export enum Level { Low, High }
const Node1: ObjectHint = ObjectOf({ kids: { type: () => [Node1], nullable: true }, meta: () => RecordOf(Node1) }, { name: 'Node1' });
const Address = ObjectOf({
  street: { type: String, description: 'The street and number.' },
  zip: { type: String, optional: true },
  country: { type: String, nullable: true },
  floor: { type: Int32, optional: true },
}, { name: 'Address', description: 'A postal address.' });
const Person = ObjectOf({ id: Uuid, name: String, home: Address }, { name: 'Person' });
const Point = ObjectOf({ x: Number, y: Number }, { name: 'Point' });
const Circle = ObjectOf({ kind: EnumOf(['circle']), radius: Number }, { name: 'Circle' });
const Square = ObjectOf({ kind: EnumOf(['square']), side: Number }, { name: 'Square' });
const TreeNode: ObjectHint = ObjectOf({ label: String, children: () => [TreeNode] }, { name: 'TreeNode', description: 'A tree of labels.' });
const Folder: ObjectHint = ObjectOf({ name: String, files: () => [FileEntry] }, { name: 'Folder' });
const FileEntry: ObjectHint = ObjectOf({ name: String, parent: { type: () => Folder, optional: true } }, { name: 'FileEntry' });
const Lit = ObjectOf({ kind: EnumOf(['lit']), value: Number }, { name: 'Lit' });
const Add: ObjectHint = ObjectOf({ kind: EnumOf(['add']), left: () => AnyOf(Lit, Add), right: () => AnyOf(Lit, Add) }, { name: 'Add' });

export class Item { @Prop() name!: string; @Prop({ optional: true }) price?: number; describe(): string { return this.name; } }
export class Dog { @Prop({ type: EnumOf(['dog']) }) kind!: 'dog'; @Prop() barks!: boolean }
export class Cat { @Prop({ type: EnumOf(['cat']) }) kind!: 'cat'; @Prop({ type: Int32 }) lives!: number }
export class CLit { @Prop({ type: EnumOf(['lit']) }) kind!: 'lit'; @Prop() value!: number }
export class CAdd { @Prop({ type: EnumOf(['add']) }) kind!: 'add'; @Prop({ type: () => AnyOf(CLit, CAdd) }) left!: object }
export class Order { @Prop({ type: Address }) address!: object; @Prop({ type: RecordOf(EnumOf(Color)) }) tags!: Record<string, Color> }

export class Shapes {
  @Tool() address(@Param({ type: Address }) addr: object) { return ''; }
  @Tool() person(@Param({ type: Person }) p: object) { return ''; }
  @Tool() point(@Param({ type: Point }) p: object, @Param({ type: ObjectOf({ x: Number, label: { type: String, optional: true } }) }) inline: object) { return ''; }
  @Tool() page(@Param({ type: ObjectOf({ items: () => [Item], total: Int32 }, { name: 'Page' }) }) pg: object) { return ''; }
  @Tool() mapped(
    @Param({ type: ObjectOf({ name: { type: String, optional: true }, price: { type: Number, optional: true } }) }) a: object,
    @Param({ type: ObjectOf({ street: { type: String, description: 'The street and number.' }, zip: { type: String, optional: true } }) }) b: object,
    @Param({ type: ObjectOf({ street: { type: String, description: 'The street and number.' }, zip: { type: String, optional: true } }) }) c: object,
    @Param({ type: ObjectOf({ zip: String }) }) d: object,
    @Param({ type: ObjectOf({ x: Number, y: Number }) }) e: object,
  ) { return ''; }
  @Tool() records(@Param({ type: RecordOf(Number) }) r: object, @Param({ type: RecordOf(Point) }) s: object, @Param({ type: ObjectOf({ a: String, b: String }) }) k: object) { return ''; }
  @Tool() both(@Param({ type: ObjectOf({
    street: { type: String, description: 'The street and number.' },
    zip: { type: String, optional: true },
    country: { type: String, nullable: true },
    floor: { type: Int32, optional: true },
    extra: Boolean,
  }) }) x: object) { return ''; }
  @Tool() unions(
    @Param({ type: AnyOf(String, [String]) }) u: object,
    @Param({ type: AnyOf(EnumOf(['auto']), Number, Boolean) }) v: object,
    @Param({ type: Point, nullable: true }) w: object,
    @Param({ type: String, optional: true }) o: string,
  ) { return ''; }
  @Tool() tagged(@Param({ type: Discriminated('kind', { circle: Circle, square: Square }) }) shape: object, @Param({ type: () => Discriminated('kind', { dog: Dog, cat: Cat }) }) pet: object) { return ''; }
  @Tool() untagged(@Param({ type: () => AnyOf(Point, Item) }) v: object) { return ''; }
  @Tool() trees(@Param({ type: TreeNode }) t: object, @Param({ type: Folder }) f: object) { return ''; }
  @Tool() expr(@Param({ type: AnyOf(Lit, Add) }) e: object) { return ''; }
  @Tool() order(o: Order) { return ''; }
  @Tool({ returns: Point }) origin(): object { return { x: 0, y: 0 }; }
  @Tool() classExpr(@Param({ type: () => AnyOf(CLit, CAdd) }) e: object) { return ''; }
  @Tool() more(
    @Param({ type: ObjectOf({ a: String, b: () => Item }, { name: 'Pair' }) }) p: object,
    @Param({ type: ObjectOf({ red: Number, green: Number }) }) r: object,
    @Param({ type: ObjectOf({ name: String, price: { type: Number, optional: true }, extra: Int32 }) }) i: object,
    id: string,
    @Param({ type: AnyOf(EnumOf(Color), Number) }) u: object,
    @Param({ type: AnyOf(EnumOf(Level), EnumOf(['none'])) }) l: object,
    @Param({ type: AnyOf(EnumOf(['a']), EnumOf([1])) }) x: object,
    @Param({ type: Node1 }) n: object,
  ) { return ''; }
}

export function locate(where: object, near?: object) { return String(where) + String(near); }

export function tools(): ToolDefinition[] {
  return [...Tool.fromInstance(new Shapes()), Tool.create(locate, { params: { where: Address, near: { type: Point, optional: true } } })];
}

export function groups() { return { shapes: tools }; }
`;

function write(dir: string, files: Record<string, string>): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  });
}

/** Compiles the given files as one Program and writes each file's JavaScript beside it. */
function build(files: readonly string[], options: ts.CompilerOptions, plugin: boolean, extension = '.js'): ts.Program {
  const program = ts.createProgram(files, compilerOptions({ outDir: path.join(path.dirname(files[0]!), 'out'), ...options }));
  const errors = files.flatMap((f) => [
    ...program.getSyntacticDiagnostics(program.getSourceFile(f)),
    ...program.getSemanticDiagnostics(program.getSourceFile(f)),
  ]);
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, formatHost));
  for (const f of files) {
    const r = program.emit(
      program.getSourceFile(f),
      (_name, text) => fs.writeFileSync(f.replace(/\.ts$/, extension), text),
      undefined,
      false,
      plugin ? { before: [toolSignatures(program)] } : undefined,
    );
    if (r.emitSkipped) throw new Error(`emit skipped: ${f}`);
  }
  return program;
}

describe('plugin: object types, unions and recursion read as hints', () => {
  let ws: string;
  let hinted: ToolTexts;
  let plain: ToolTexts;
  let transformed: string;

  beforeAll(() => {
    ws = workspace();
    const [h] = write(path.join(ws, 'hinted'), { 'index.ts': HINTED });
    build([h!], { emitDecoratorMetadata: true }, false);
    hinted = readTools(ws, path.join(ws, 'hinted/index.js'));
    const [p] = write(path.join(ws, 'plain'), { 'index.ts': PLAIN });
    const program = build([p!], { emitDecoratorMetadata: false }, true);
    expect(diagnose(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    plain = readTools(ws, path.join(ws, 'plain/index.js'));
    transformed = fs.readFileSync(path.join(ws, 'plain/index.js'), 'utf8');
  }, 120_000);

  afterAll(() => {
    if (ws) fs.rmSync(ws, { recursive: true, force: true });
  });

  it('gives, for every tool, the JSON text of the same tool written with hand hints (transformer, CommonJS)', () => {
    expect(Object.keys(plain)).toEqual(Object.keys(hinted));
    expect(Object.keys(plain).length).toBe(17);
    for (const name of Object.keys(hinted)) expect({ name, text: plain[name] }).toEqual({ name, text: hinted[name] });
  });

  it('writes the schemas a user relies on: declaration order with bases first, mapped types, tags, $defs', () => {
    const input = (tool: string) => JSON.stringify((JSON.parse(plain[tool]!) as { inputSchema: unknown }).inputSchema);
    expect(input('person')).toBe(
      '{"type":"object","properties":{"p":{"type":"object","properties":{"id":{"type":"string","format":"uuid"},"name":{"type":"string"},"home":{"type":"object","description":"A postal address.",' +
        '"properties":{"street":{"type":"string","description":"The street and number."},"zip":{"type":"string"},"country":{"type":["string","null"]},"floor":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},' +
        '"required":["street","country"],"additionalProperties":false}},"required":["id","name","home"],"additionalProperties":false}},"required":["p"],"additionalProperties":false}',
    );
    expect(input('tagged')).toContain(
      '"shape":{"anyOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["circle"]},"radius":{"type":"number"}},"required":["kind","radius"]',
    );
    // The shape's summary is the description of the slots that use it, beside their $ref.
    expect(input('trees')).toContain('"properties":{"t":{"$ref":"#/$defs/TreeNode","description":"A tree of labels."},"f":{"$ref":"#/$defs/Folder"}}');
    expect(input('trees')).toContain(
      '"$defs":{"TreeNode":{"type":"object","properties":{"label":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/TreeNode","description":"A tree of labels."}}}',
    );
    expect(input('trees')).toContain(
      '"Folder":{"type":"object","properties":{"name":{"type":"string"},"files":{"type":"array","items":{"$ref":"#/$defs/FileEntry"}}}',
    );
    expect(input('unions')).toContain('"required":["u","v","w"]');
  });

  it('hoists each recursive shape into one constant that its uses name lazily', () => {
    expect(transformed).toMatch(
      /const __ts_TreeNode = tool_signatures_\d+\.ObjectOf\(\{ label: String, children: \(\) => \[__ts_TreeNode\] \}, \{ name: "TreeNode", description: "A tree of labels\." \}\);/,
    );
    expect(transformed).toMatch(
      /const __ts_Folder = tool_signatures_\d+\.ObjectOf\(\{ name: String, files: \(\) => \[__ts_FileEntry\] \}, \{ name: "Folder" \}\);/,
    );
    expect(transformed).toMatch(/\{ name: "t", type: \(\) => __ts_TreeNode \}/);
  });

  it('gives the same text from an ES module build (module nodenext, "type": "module")', () => {
    const dir = path.join(ws, 'esm');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const [p] = write(dir, { 'index.ts': PLAIN });
    build([p!], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, emitDecoratorMetadata: false }, true);
    expect(fs.readFileSync(path.join(dir, 'index.js'), 'utf8')).toMatch(/^import \* as tool_signatures_\d+ from "tool-signatures";$/m);
    const script = `
      const { createRequire } = await import('node:module');
      createRequire(${JSON.stringify(path.join(dir, 'index.js'))})('reflect-metadata');
      const m = await import(${JSON.stringify(path.join(dir, 'index.js'))});
      const out = {};
      for (const t of m.tools()) out[t.name] = JSON.stringify({ description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema });
      process.stdout.write(JSON.stringify(out));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: nodeEnv(ws), encoding: 'utf8', cwd: dir });
    expect(r.stderr).toBe('');
    const esm = JSON.parse(r.stdout) as ToolTexts;
    for (const name of Object.keys(hinted)) expect({ name, text: esm[name] }).toEqual({ name, text: hinted[name] });
  }, 60_000);

  it('gives the same text through the generated module, which type-checks (its recursive constants are typed ObjectHint)', () => {
    const dir = path.join(ws, 'generated');
    const [p] = write(dir, { 'index.ts': PLAIN });
    const o = compilerOptions();
    const tsconfig = path.join(dir, 'tsconfig.json');
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'commonjs',
          moduleResolution: 'node10',
          experimentalDecorators: true,
          strict: true,
          esModuleInterop: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: o.typeRoots,
          paths: o.paths,
          ignoreDeprecations: '6.0',
          noEmit: true,
        },
        files: ['index.ts'],
      }),
    );
    const result = generate({ project: tsconfig });
    expect(result.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    expect(result.text).toMatch(
      /const __ts_TreeNode: (tool_signatures_\d+)\.ObjectHint = \1\.ObjectOf\(\{ label: String, children: \(\) => \[__ts_TreeNode\] \}/,
    );
    // The generated module and the tools, compiled as a build tool that runs no transformer would: plain emit, no design types.
    write(dir, { 'entry.ts': `import './tool-signatures.generated';\nexport { tools, groups } from './index';\n` });
    build([path.join(dir, 'entry.ts'), result.out, p!], { emitDecoratorMetadata: false }, false);
    const generated = readTools(ws, path.join(dir, 'entry.js'));
    for (const name of Object.keys(hinted)) expect({ name, text: generated[name] }).toEqual({ name, text: hinted[name] });
  }, 60_000);
});

/** Each case is one file of one Program. */
const REFUSED: Record<string, { code: string; message: string; source: string }> = {
  method: {
    code: 'OLT002',
    message: "parameter 's': property 'run' of Shape: a function has no JSON Schema.",
    source: `interface Shape { a: number; run(): void }\nexport class A { @Tool() t(s: Shape) { return ''; } }`,
  },
  nestedFunction: {
    code: 'OLT002',
    message: "parameter 's': property 'inner' of Outer: property 'cb' of Inner: a function has no JSON Schema.",
    source: `interface Inner { cb: () => void }\ninterface Outer { inner: Inner }\nexport class A { @Tool() t(s: Outer) { return ''; } }`,
  },
  symbolKey: {
    code: 'OLT002',
    message: "parameter 's': property '[key]' of Keyed: a symbol has no JSON Schema.",
    source: `const key = Symbol('k');\ninterface Keyed { [key]: string; a: number }\nexport class A { @Tool() t(s: Keyed) { return ''; } }`,
  },
  symbolValue: {
    code: 'OLT002',
    message: "property 's' of Holder: a symbol has no JSON Schema.",
    source: `interface Holder { s: symbol }\nexport class A { @Tool() t(h: Holder) { return ''; } }`,
  },
  tuple: {
    code: 'OLT002',
    message: "property 'pair' of P: tuples have no schema.",
    source: `type P = { pair: [string, number] }\nexport class A { @Tool() t(p: P) { return ''; } }`,
  },
  numberIndex: {
    code: 'OLT002',
    message: 'a map or record needs string keys',
    source: `interface List { [i: number]: string }\nexport class A { @Tool() t(l: List) { return ''; } }`,
  },
  numberMap: {
    code: 'OLT002',
    message: "property 'm' of M: a map or record needs string keys",
    source: `interface M { m: Map<number, string> }\nexport class A { @Tool() t(m: M) { return ''; } }`,
  },
  propertiesAndIndex: {
    code: 'OLT002',
    message: 'both named properties and an index signature',
    source: `interface Bag { name: string; [k: string]: string }\nexport class A { @Tool() t(b: Bag) { return ''; } }`,
  },
  anonymousCycle: {
    code: 'OLT006',
    message: 'without a name is on a cycle',
    source: `interface Outer { inner: { back: Outer } }\nexport class A { @Tool() t(o: Outer) { return ''; } }`,
  },
  recursiveUnion: {
    code: 'OLT006',
    message: 'the type refers to itself.',
    source: `type Json = string | Json[]\nexport class A { @Tool() t(j: Json) { return ''; } }`,
  },
  proto: {
    code: 'OLT015',
    message: "'__proto__'",
    source: `interface P { ['__proto__']: string; a: number }\nexport class A { @Tool() t(p: P) { return ''; } }`,
  },
  functionUnion: { code: 'OLT002', message: 'a function has no JSON Schema.', source: `export class A { @Tool() t(s: string | (() => void)) { return ''; } }` },
};

describe('plugin: types that have no schema are the reflector-coded diagnostics, at the slot', () => {
  let found: Map<string, { code?: string; text: string }[]>;
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-refused-'));
    const files = write(
      dir,
      Object.fromEntries(Object.entries(REFUSED).map(([name, c]) => [`${name}.ts`, `import { Tool } from 'tool-signatures';\n${c.source}\n`])),
    );
    const program = ts.createProgram(files, compilerOptions({ noEmit: true }));
    found = new Map();
    for (const d of diagnose(program)) {
      const key = path.basename(d.file!.fileName, '.ts');
      found.set(key, [...(found.get(key) ?? []), { code: (d as { olt?: string }).olt, text: ts.flattenDiagnosticMessageText(d.messageText, '\n') }]);
    }
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(Object.entries(REFUSED))('%s', (name, c) => {
    const list = found.get(name) ?? [];
    expect(list.map((d) => d.code)).toEqual([c.code]);
    expect(list[0]!.text).toContain(c.message);
  });
});
