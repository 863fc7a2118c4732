/**
 * Issue 15: the CLI printed ANSI escape sequences from module paths and tool output as they were,
 * and read all of standard input (100 MB) before refusing it at 4 Mi characters. Now every control
 * character it prints is written as its \uXXXX escape, and it stops reading input at the limit.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compiledCopy, node, root } from '../helpers/programs';

const outDir = path.join(root, '.tmp', `cli-15-${process.pid}`);
const cliJs = path.join(outDir, 'lib', 'cli', 'index.js');
// A directory whose name holds an escape sequence, as a module path can.
const hostileDir = path.join(outDir, 'mods', 'a\u001b[31mred');
const moduleJs = path.join(hostileDir, 'ansi.js');

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

beforeAll(async () => {
  await compiledCopy(['lib/cli/index.ts', 'spec/cli/fixtures/ansi.ts'], ['lib/cli'], outDir);
  fs.mkdirSync(hostileDir, { recursive: true });
  fs.copyFileSync(path.join(outDir, 'spec', 'cli', 'fixtures', 'ansi.js'), moduleJs);
}, 180_000);

afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('issue 15: the CLI', () => {
  it('inspect: the module path and the description are printed with their control characters escaped', async () => {
    const r = await node([cliJs, 'inspect', moduleJs]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain('a\\u001b[31mred');
    expect(r.stdout).toContain('Paint \\u001b[31mred\\u001b[0m.');
    const json = await node([cliJs, 'inspect', moduleJs, '--format', 'json']);
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('Paint \\u001b[31mred\\u001b[0m.');
  });

  it('call: the tool output is printed with its control characters escaped', async () => {
    const r = await node([cliJs, 'call', moduleJs, 'paint', '{"text":"hi\\u001b[5m"}']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('\\u001b[2J\\u001b]0;owned\\u0007hi\\u001b[5m\\u202e\n');
  });

  it('call with - stops reading standard input at the limit: of 100 MB offered, it takes a few', async () => {
    const child = spawn(process.execPath, [cliJs, 'call', moduleJs, 'paint', '-'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let offered = 0;
    let refused = false;
    child.stdin.on('error', () => {
      refused = true;
    });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    await new Promise<void>((resolve) => {
      const next = (): void => {
        while (offered < 100 * 1024 * 1024 && !refused && !child.stdin.destroyed) {
          offered += chunk.length;
          if (!child.stdin.write(chunk)) return void child.stdin.once('drain', next);
        }
        resolve();
      };
      child.once('exit', () => resolve());
      next();
    });
    expect(await exited).toBe(1);
    expect(stdout).toMatch(/^Arguments are too long/);
    // It stopped reading after the 4 Mi characters of the limit (pipe buffers hold a little more).
    expect(offered).toBeLessThan(16 * 1024 * 1024);
  }, 60_000);
});
