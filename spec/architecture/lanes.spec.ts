/**
 * The test lanes of jest.config.js, held to the rule it states, read from each spec's text. A spec
 * that crosses a process or socket boundary is in the integration lane: a value import of
 * `child_process`, the program helpers (spec/helpers/programs, spec/package/packed,
 * spec/helpers/redis: it starts a redis-server,
 * spec/plugin/harness's `readTools` and `nodeEnv`), a stdio client (it spawns its server), an HTTP
 * endpoint (`serveMcpHttp`, `.listen(`, `createServer(`), a script that spawns (scripts/test.js,
 * scripts/conformance.js), or `check`, which loads compiled projects through Node's module loader.
 * Else a spec that compiles whole projects (`ts.createProgram`, spec/helpers/virtual-program's
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

  it('names only spec files that exist in the integration and compiler lanes', () => {
    const listed = config.projects
      .filter((p) => p.displayName === 'integration' || p.displayName === 'compiler')
      .flatMap((p) => p.testMatch.map((m) => m.replace('<rootDir>/', '')));
    expect(listed.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('puts the official conformance suite in its own lane', () => {
    expect(files.filter(conformance).sort()).toEqual(['spec/mcp/conformance.spec.ts', 'spec/scripts/conformance.spec.ts']);
  });

  it('puts a spec that spawns or serves in the integration lane, one that compiles projects in the compiler lane, every other one in the fast lane', () => {
    const compiler = lane('compiler');
    const expected = (text: string) => (CROSSES.some((re) => re.test(text)) ? 'integration' : COMPILES.some((re) => re.test(text)) ? 'compiler' : 'fast');
    const actual = (file: string) => (integration(file) ? 'integration' : compiler(file) ? 'compiler' : 'fast');
    const misplaced = files
      // This file names the markers in its text.
      .filter((file) => !conformance(file) && file !== 'spec/architecture/lanes.spec.ts')
      .map((file) => ({ file, expected: expected(fs.readFileSync(path.join(root, file), 'utf8')), actual: actual(file) }))
      .filter((f) => f.expected !== f.actual);
    expect(misplaced).toEqual([]);
  });
});
