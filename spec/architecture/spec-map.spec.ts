/**
 * Every spec stands where the code it tests is: `spec/<folder>/…` mirrors `lib/<folder>/…` (a
 * folder of lib, or a file of lib's root such as `lib/ai-sdk.ts` → `spec/ai-sdk/`), so that a
 * change to a rule finds its spec at the same path. The rest of the tree has named homes, each for
 * something that is not a lib path: the repository's architecture, the packed package, the scripts,
 * the benchmarks, the samples, the corpora of real code, and the spec helpers' own checks. A
 * regression of a reported issue goes beside the code it broke, its opening comment naming the issue.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** The homes of specs that test no lib path, with what each tests. */
const NAMED: Record<string, string> = {
  architecture: 'ARCHITECTURE.md: the layers, the lanes, this map',
  package: 'package.json and the packed tarball',
  scripts: 'scripts/: the test runner, the conformance runner',
  bench: 'bench/: the benchmarks',
  samples: 'samples/: the examples README names',
  corpus: 'corpora of real code (DTOs of public projects, published MCP tools)',
  helpers: "the spec helpers' own checks",
};

function specFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return rel === 'spec/corpus/dtos' ? [] : specFiles(rel);
    return entry.name.endsWith('.spec.ts') ? [rel] : [];
  });
}

const isDir = (rel: string) => fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isDirectory();

/** Why a spec's place names no home (undefined: it has one). */
function misplaced(file: string): string | undefined {
  const folders = file.split('/').slice(1, -1);
  const [area] = folders;
  if (area === undefined) return 'a spec directly under spec/';
  if (area in NAMED) return undefined;
  if (fs.existsSync(path.join(root, 'lib', `${area}.ts`)) && folders.length === 1) return undefined;
  const lib = `lib/${folders.join('/')}`;
  return isDir(lib) ? undefined : `no ${lib}/ (nor a named home)`;
}

describe('where specs stand', () => {
  const files = specFiles('spec');

  it('finds the specs', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('puts every spec at a lib path or in a named home', () => {
    expect(files.map((file) => [file, misplaced(file)]).filter(([, why]) => why !== undefined)).toEqual([]);
  });

  it('names only homes that hold specs and are not lib paths', () => {
    const areas = new Set(files.map((file) => file.split('/')[1]));
    expect(Object.keys(NAMED).filter((home) => !areas.has(home) || isDir(`lib/${home}`))).toEqual([]);
  });
});
