/**
 * The inversify recipe, run as a user's CommonJS program on Node 20 runs it: inversify 8 is an ES
 * module only package, which jest's CommonJS runtime cannot load, so programs/inversify.ts is
 * compiled (scripts/compile.js) and run by Node (require(esm)).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');
const outDir = path.join(root, '.tmp', `di-spec-${process.pid}`);

function node(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

let out: { calls: string[]; events: string[]; opened: number; simple: string[] };

beforeAll(async () => {
  const compiled = await node([path.join(root, 'scripts', 'compile.js'), '--out', outDir, '--check', 'spec/di', 'spec/di/programs/inversify.ts']);
  if (compiled.code !== 0) throw new Error(`compile failed:\n${compiled.stdout}${compiled.stderr}`);
  const run = await node([path.join(outDir, 'spec', 'di', 'programs', 'inversify.js')]);
  if (run.code !== 0 || run.stderr !== '') throw new Error(`inversify.js failed (exit ${run.code}):\n${run.stdout}${run.stderr}`);
  out = JSON.parse(run.stdout) as typeof out;
}, 180_000);

afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

it('resolves the tool class from a child container per call; the root singleton is shared', () => {
  expect(out.calls).toEqual([
    'BOLT-M8: 120 (session 1)',
    '20 × BOLT-M8 written off (session 2)',
    "Tool 'write_off' failed: RangeError: only 100 in stock",
    "Argument 'qty' must be an integer from -2147483648 to 2147483647.",
    'BOLT-M8: 100 (session 4)',
  ]);
});

it("runs the per-call services' @preDestroy after every call that resolved them (a failed one too); invalid arguments resolve nothing", () => {
  expect([out.opened, out.events]).toEqual([4, ['closed session 1', 'closed session 2', 'closed session 3', 'closed session 4']]);
});

it("without a per-call scope, the root binding's scope decides (transient: built per call)", () => {
  expect(out.simple).toEqual(['BOLT-M8: 120 (session 5)', 'BOLT-M8: 120 (session 6)']);
});
