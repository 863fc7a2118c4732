/**
 * The test lanes of jest.config.js, held to the rule it states: a spec that crosses a process or
 * socket boundary (it spawns a program or serves on a port) or compiles whole projects with the
 * TypeScript compiler is in the integration lane (or, for the official suite, the conformance
 * lane); every other spec is in the fast lane. Read from the spec's text: a value import of
 * `child_process`, the program helpers (spec/helpers/programs, spec/package/packed,
 * spec/plugin/harness's `readTools` and `nodeEnv`), a stdio client (it spawns its server), an HTTP
 * endpoint (`serveMcpHttp`, `.listen(`, `createServer(`), a script that spawns (scripts/test.js,
 * scripts/conformance.js), `ts.createProgram`, the plugin's `check` or CLI, the check fixture
 * projects, or the corpus judge.
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
  /from '\.\/packed';/,
  /\b(readTools|nodeEnv)\(/,
  /\bStdioClientTransport\b/,
  /\bserveMcpHttp\(/,
  /\.listen\(/,
  /\bcreateServer\(/,
  /require\('\.\.\/\.\.\/scripts\/(test|conformance)'\)/,
  /\bcreateProgram\(/,
  /\bjudgeCorpus\(/,
  /lib\/plugin\/(check|cli)'/,
  /spec\/fixtures\/check/,
];

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
  const re = new RegExp(`^${rel.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*')}$`);
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

  it('names only spec files that exist in the integration lane', () => {
    const listed = config.projects.find((p) => p.displayName === 'integration')!.testMatch.map((m) => m.replace('<rootDir>/', ''));
    expect(listed.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('puts the official conformance suite in its own lane', () => {
    expect(files.filter(conformance)).toEqual(['spec/issues/22_conformance-runs.spec.ts', 'spec/issues/22_conformance.spec.ts']);
  });

  it('puts a spec that spawns, serves or compiles a project in the integration lane, and every other one in the fast lane', () => {
    const crosses = (file: string) => CROSSES.some((re) => re.test(fs.readFileSync(path.join(root, file), 'utf8')));
    const misplaced = files
      // This file names the markers in its text.
      .filter((file) => !conformance(file) && file !== 'spec/architecture/lanes.spec.ts')
      .filter((file) => crosses(file) !== integration(file))
      .map((file) => `${file}: ${crosses(file) ? 'spawns, serves or compiles a project, but is not in INTEGRATION' : 'in-process, but listed in INTEGRATION'}`);
    expect(misplaced).toEqual([]);
  });
});
