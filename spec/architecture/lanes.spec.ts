/**
 * The test lanes of jest.config.js, held to the rule it states, read from each spec's text. A spec
 * that crosses a process or socket boundary is in the integration lane: a value import of
 * `child_process`, the program helpers (spec/helpers/programs, spec/package/packed,
 * spec/helpers/redis: it starts a redis-server,
 * spec/plugin/harness's `readTools` and `nodeEnv`), a stdio client (it spawns its server), an HTTP
 * endpoint (`serveMcpHttp`, `.listen(`, `createServer(`), a script that spawns (scripts/test.js,
 * scripts/conformance.js), or `check`, which loads compiled projects through Node's module loader.
 * Among those, the ones listed in TOOLCHAIN (the toolchain lane) run the build toolchains or the
 * test runner: each of them names one (TOOLCHAIN_MARKERS). Else a spec that compiles whole projects (`ts.createProgram`, spec/helpers/virtual-program's
 * `compileProgram`, the plugin's CLI, the corpus judge)
 * is in the compiler lane; the official suite is the conformance lane; every other spec is fast.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

interface Project {
  displayName: string;
  testMatch: string[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../jest.config.js') as { projects: Project[] };

const root = path.resolve(__dirname, '../..');

const CROSSES = [
  /^import (?!type )[^;]*from '(node:)?child_process';/m,
  /from '\.\.\/helpers\/programs';/,
  /from '\.\.\/helpers\/redis';/,
  /from '\.\/packed';/,
  /\b(readTools|nodeEnv)\(/,
  /\bStdioClientTransport\b/,
  /\bserveMcpHttp\(/,
  /\.listen\(/,
  /\bcreateServer\(/,
  /require\('\.\.\/\.\.\/scripts\/(test|conformance)'\)/,
  /lib\/plugin\/check'/,
  /spec\/fixtures\/check/,
];
/** What a toolchain-lane spec runs: TypeScript with the plugin (harness, ts-patch), tsx, esbuild, the Nest CLI, `check`, the runner. */
const TOOLCHAIN_MARKERS = [
  /\b(readTools|nodeEnv)\(/,
  /ts-patch/,
  /\besbuild\b/,
  /lib\/plugin\/check'/,
  /spec\/fixtures\/check/,
  /require\('\.\.\/\.\.\/scripts\/test'\)/,
];
const COMPILES = [/\bcreateProgram\(/, /\bcompileProgram\(/, /\bjudgeCorpus\(/, /lib\/plugin\/cli'/];

function specFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return rel === 'spec/corpus/dtos' ? [] : specFiles(rel);
    return entry.name.endsWith('.spec.ts') ? [rel] : [];
  });
}

/** A testMatch entry (`<rootDir>/` and a path, `*` within one folder) as a test of a repository path. */
function matcher(glob: string): (file: string) => boolean {
  const rel = glob.replace('<rootDir>/', '');
  const re = new RegExp(
    `^${rel
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return (file) => re.test(file);
}

function lane(name: string): (file: string) => boolean {
  const project = config.projects.find((p) => p.displayName === name);
  if (project === undefined) throw new Error(`jest.config.js has no project '${name}'`);
  const tests = project.testMatch.map(matcher);
  return (file) => tests.some((test) => test(file));
}

describe('the test lanes (jest.config.js)', () => {
  const files = specFiles('spec');
  const integration = lane('integration');
  const conformance = lane('conformance');

  it('names only spec files that exist in the integration, toolchain and compiler lanes', () => {
    const listed = config.projects
      .filter((p) => ['integration', 'toolchain', 'compiler'].includes(p.displayName))
      .flatMap((p) => p.testMatch.map((m) => m.replace('<rootDir>/', '')));
    expect(listed.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('puts the official conformance suite in its own lane', () => {
    expect(files.filter(conformance).sort()).toEqual(['spec/mcp/conformance.spec.ts', 'spec/scripts/conformance.spec.ts']);
  });

  it('puts a spec that spawns or serves in the integration lane, one that compiles projects in the compiler lane, every other one in the fast lane', () => {
    const compiler = lane('compiler');
    const toolchain = lane('toolchain');
    const expected = (text: string) => (CROSSES.some((re) => re.test(text)) ? 'integration' : COMPILES.some((re) => re.test(text)) ? 'compiler' : 'fast');
    const actual = (file: string) => (integration(file) || toolchain(file) ? 'integration' : compiler(file) ? 'compiler' : 'fast');
    const misplaced = files
      // This file names the markers in its text.
      .filter((file) => !conformance(file) && file !== 'spec/architecture/lanes.spec.ts')
      .map((file) => ({ file, expected: expected(fs.readFileSync(path.join(root, file), 'utf8')), actual: actual(file) }))
      .filter((f) => f.expected !== f.actual);
    expect(misplaced).toEqual([]);
  });

  it('runs in the toolchain lane only specs that cross a process boundary to run a build toolchain or the runner, and no spec in two lanes', () => {
    const toolchain = lane('toolchain');
    const listed = files.filter(toolchain);
    expect(listed.length).toBeGreaterThan(0);
    const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
    expect(listed.filter((file) => !CROSSES.some((re) => re.test(text(file))) || !TOOLCHAIN_MARKERS.some((re) => re.test(text(file))))).toEqual([]);
    // The fast lane is every spec the others do not list.
    const listing = config.projects.filter((p) => p.displayName !== 'fast').map((p) => lane(p.displayName));
    expect(files.filter((file) => listing.filter((inLane) => inLane(file)).length > 1)).toEqual([]);
  });
});
