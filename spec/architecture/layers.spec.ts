import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * The one import direction (ARCHITECTURE.md, "Layers"): a module of lib/ imports only from its own
 * unit or from a unit of a lower layer. Units of one layer do not import one another. The layer
 * table is read from ARCHITECTURE.md itself, so the document and the check cannot drift apart.
 * A sub-folder the table names (`invoke/arguments/`) is a unit of its own, layered like any other.
 */

const ROOT = path.resolve(__dirname, '../..');
const LIB = path.join(ROOT, 'lib');

/**
 * A unit is a folder of lib/ (`schema/`), a file at its top (`errors.ts`), or a sub-folder the
 * table names (`invoke/calling/`).
 */
interface Layers {
  readonly rank: ReadonlyMap<string, number>;
}

/** The fenced ```layers block of ARCHITECTURE.md: one line a layer, highest first. */
function readLayers(): Layers {
  const text = fs.readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const block = /```layers\n([\s\S]*?)```/.exec(text);
  if (block === null) throw new Error('ARCHITECTURE.md has no ```layers block');
  const lines = block[1]!
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const rank = new Map<string, number>();
  lines.forEach((line, i) => {
    for (const unit of line.split(/\s+/)) {
      if (rank.has(unit)) throw new Error(`ARCHITECTURE.md lists ${unit} twice`);
      rank.set(unit, lines.length - 1 - i);
    }
  });
  return { rank };
}

function unitOf(file: string, layers: Layers): string {
  const rel = path.relative(LIB, file).split(path.sep);
  if (rel.length > 2 && layers.rank.has(`${rel[0]}/${rel[1]}/`)) return `${rel[0]}/${rel[1]}/`;
  return rel.length > 1 ? `${rel[0]}/` : rel[0]!;
}

function libFiles(dir = LIB): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? libFiles(p) : /\.(m|c)?ts$/.test(e.name) ? [p] : [];
  });
}

/** Every module a source names: import and export declarations, `import type`, `import()`, `require()`, `typeof import()`. */
function specifiersOf(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier !== undefined && ts.isStringLiteral(n.moduleSpecifier)) {
      out.push(n.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference) && ts.isStringLiteral(n.moduleReference.expression)) {
      out.push(n.moduleReference.expression.text);
    } else if (
      ts.isCallExpression(n) &&
      (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))
    ) {
      const arg = n.arguments[0];
      if (arg !== undefined && ts.isStringLiteralLike(arg)) out.push(arg.text);
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      out.push(n.argument.literal.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The file a relative specifier names, or undefined for a package. */
function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)} imports ${specifier}, which names no file`);
}

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

/** The imports that break the one direction, in `files` (path → text). */
function violations(files: ReadonlyMap<string, string>, layers: Layers): { violations: Violation[]; imports: number } {
  const out: Violation[] = [];
  let imports = 0;
  for (const [file, text] of files) {
    const from = unitOf(file, layers);
    const own = layers.rank.get(from);
    if (own === undefined) {
      out.push({ from: path.relative(ROOT, file), to: '', why: `${from} is in no layer of ARCHITECTURE.md` });
      continue;
    }
    for (const specifier of specifiersOf(file, text)) {
      const target = resolveLocal(file, specifier);
      if (target === undefined) continue;
      imports++;
      const to = unitOf(target, layers);
      if (to === from) continue;
      const theirs = layers.rank.get(to);
      if (theirs === undefined || theirs >= own) {
        out.push({
          from: path.relative(ROOT, file),
          to: path.relative(ROOT, target),
          why:
            theirs === undefined ? `${to} is in no layer` : theirs === own ? `${to} is a unit of the same layer as ${from}` : `${to} is a layer above ${from}`,
        });
      }
    }
  }
  return { violations: out, imports };
}

describe('Layers (ARCHITECTURE.md): nothing imports from a layer above it', () => {
  const layers = readLayers();

  it('every module of lib/ imports only from its own unit or a lower layer', () => {
    const files = new Map(libFiles().map((f) => [f, fs.readFileSync(f, 'utf8')] as const));
    const found = violations(files, layers);
    expect(found.violations).toEqual([]);
    // The check read the library's imports (a parser that found none would pass anything).
    expect(found.imports).toBeGreaterThan(200);
  });

  it('lib/invoke imports nothing from lib/metadata (the tool spec is its only input)', () => {
    expect(layers.rank.get('invoke/arguments/')).toBeGreaterThan(layers.rank.get('schema/')!);
    expect(layers.rank.get('schema/')).toBeGreaterThan(layers.rank.get('metadata/')!);
    const invoke = libFiles(path.join(LIB, 'invoke'));
    const named = invoke.flatMap((f) =>
      specifiersOf(f, fs.readFileSync(f, 'utf8'))
        .map((s) => resolveLocal(f, s))
        .filter((t) => t !== undefined)
        .map((t) => unitOf(t!, layers)),
    );
    expect(named).not.toContain('metadata/');
  });

  it('the rooms of lib/invoke import one way: tools/ over calling/ over arguments/', () => {
    expect(layers.rank.get('invoke/')).toBeUndefined();
    expect(layers.rank.get('invoke/tools/')).toBeGreaterThan(layers.rank.get('invoke/calling/')!);
    expect(layers.rank.get('invoke/calling/')).toBeGreaterThan(layers.rank.get('invoke/arguments/')!);
    const file = (room: string, name: string) => path.join(LIB, 'invoke', room, name);
    const sources = new Map([
      [file('arguments', 'x.ts'), "import type { ToolContext } from '../calling/context';\nimport { DEFAULT_LIMITS } from './json-text';\n"],
      [file('calling', 'x.ts'), "import type { ToolSet } from '../tools/toolset';\nimport { parseArgumentText } from '../arguments/json-text';\n"],
      [file('tools', 'x.ts'), "import { invokeTool } from '../calling/invoker';\nimport { checkDefaults } from '../arguments/defaults';\n"],
      [path.join(LIB, 'invoke', 'x.ts'), 'export {};\n'],
    ]);
    const { violations: found } = violations(sources, layers);
    expect(found.map((v) => [v.from, v.to, v.why])).toEqual([
      ['lib/invoke/arguments/x.ts', 'lib/invoke/calling/context.ts', 'invoke/calling/ is a layer above invoke/arguments/'],
      ['lib/invoke/calling/x.ts', 'lib/invoke/tools/toolset.ts', 'invoke/tools/ is a layer above invoke/calling/'],
      ['lib/invoke/x.ts', '', 'invoke/ is in no layer of ARCHITECTURE.md'],
    ]);
  });

  it('finds an upward import, a sideways one, and every form of import', () => {
    const file = (unit: string, name: string) => path.join(LIB, unit, name);
    const sources = new Map([
      [file('metadata', 'x.ts'), "import type { ToolSpec } from '../schema/tool-spec';\nexport type T = typeof import('../invoke/tools/toolset');\n"],
      [
        file('providers', 'x.ts'),
        "const v = require('../invoke/tools/bound-tool');\nexport { ToolSet } from '../invoke/tools/toolset';\nvoid import('../schema/write');\n",
      ],
    ]);
    const { violations: found } = violations(sources, layers);
    expect(found.map((v) => [v.from, v.to])).toEqual([
      ['lib/metadata/x.ts', 'lib/schema/tool-spec.ts'],
      ['lib/metadata/x.ts', 'lib/invoke/tools/toolset.ts'],
      ['lib/providers/x.ts', 'lib/invoke/tools/bound-tool.ts'],
      ['lib/providers/x.ts', 'lib/invoke/tools/toolset.ts'],
    ]);
  });
});
