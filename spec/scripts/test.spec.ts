/**
 * What `npm test` (scripts/test.js) promises about a Jest run: a failing test fails it, whatever a
 * later run does, and a Jest that does not exit fails it as a hang. Each case runs the runner's own
 * `jest` step on a small project of plain JavaScript tests written into .tmp/ (so that Jest and its
 * node environment resolve from this repository), with a short grace before a hung Jest is stopped.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

type Step = (node: string, args: string[], options: { cwd: string; grace: number; out: Sink; err: Sink }) => Promise<number>;
interface Sink {
  write(chunk: string | Buffer): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { jest: jestStep } = require('../../scripts/test') as { jest: Step };

const root = path.resolve(__dirname, '../..');

/** Writes a Jest project with these test files into a fresh directory, runs the step on it, and returns its code and output. */
async function runOn(files: Record<string, string>): Promise<{ code: number; text: string; dir: string }> {
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, '.tmp', 'runner-'));
  const config = { testEnvironment: 'node', testMatch: ['**/*.test.js'], transform: {}, cacheDirectory: path.join(dir, 'cache') };
  fs.writeFileSync(path.join(dir, 'jest.config.json'), JSON.stringify(config));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  let text = '';
  const sink: Sink = {
    write(chunk) {
      text += chunk.toString();
      return true;
    },
  };
  const code = await jestStep(process.execPath, ['--config', path.join(dir, 'jest.config.json')], { cwd: dir, grace: 200, out: sink, err: sink });
  return { code, text, dir };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A test that fails on its first run only (a file beside it remembers the run), and on that run leaves a timer that keeps Jest from exiting. */
const FAILS_FIRST_AND_HANGS = `
const fs = require('node:fs');
const path = require('node:path');
test('fails the first time, passes after', () => {
  const marker = path.join(__dirname, 'ran-once');
  if (fs.existsSync(marker)) return;
  fs.writeFileSync(marker, '');
  setInterval(() => undefined, 60_000);
  throw new Error('the first run fails');
});
`;

describe('scripts/test.js: a failing run cannot be turned green', () => {
  it('passes a project whose tests pass and exit', async () => {
    const run = await runOn({ 'ok.test.js': `test('passes', () => expect(1 + 1).toBe(2));\n` });
    dirs.push(run.dir);
    expect(run.code).toBe(0);
  });

  it('fails when the first run fails and does not exit, though the run in one process then passes', async () => {
    const run = await runOn({ 'flaky.test.js': FAILS_FIRST_AND_HANGS });
    dirs.push(run.dir);
    // The run in one process happened (it found the marker and passed), and did not change the verdict.
    expect(run.text).toContain('the first run fails');
    expect(run.text).toContain('--runInBand --detectOpenHandles');
    expect(run.text).toContain('a hang fails the run');
    expect(run.code).toBe(1);
  });

  it('fails as a hang when every test passes but Jest does not exit', async () => {
    const run = await runOn({ 'hangs.test.js': `test('passes and leaves a timer', () => { setInterval(() => undefined, 60_000); });\n` });
    dirs.push(run.dir);
    expect(run.text).toContain('Jest did not exit after the run');
    expect(run.text).toContain('a test leaves a handle open');
    expect(run.code).toBe(1);
  });

  it('passes with a note, running nothing again, when Jest force-exits a worker after a passing run', async () => {
    const run = await runOn({
      'a.test.js': `test('passes and leaves a timer in its worker', () => { setInterval(() => undefined, 60_000); });\n`,
      'b.test.js': `test('passes', () => expect(true).toBe(true));\n`,
    });
    dirs.push(run.dir);
    expect(run.text).toContain('A worker process has failed to exit gracefully');
    expect(run.text).toContain('Jest had to stop a worker after a passing run');
    expect(run.text).not.toContain('--runInBand');
    expect(run.code).toBe(0);
  });

  it('fails when a test fails in a worker, whatever the worker left open', async () => {
    const run = await runOn({
      'a.test.js': FAILS_FIRST_AND_HANGS,
      'b.test.js': `test('passes', () => expect(true).toBe(true));\n`,
    });
    dirs.push(run.dir);
    expect(run.text).toContain('the first run fails');
    expect(run.code).toBe(1);
  });
});
