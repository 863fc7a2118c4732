import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Runs a TypeScript program as users run theirs: compiled by scripts/compile.js (type errors in the
 * `check` paths stop it; one compile of every spec program, shared) and executed by a spawned Node
 * (so ES-module-only packages load through require(esm), which jest's CommonJS runtime cannot do).
 * The program prints one JSON value.
 */

export const root = path.resolve(__dirname, '../..');

export function node(args: string[], timeout = 120_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

/**
 * The directory of the shared compile (`scripts/compile.js --shared`: every program the specs run,
 * compiled once per state of the sources; the integration lane's globalSetup makes it before the
 * workers start) after checking that `programs` are in it and the files under `check` have no type
 * error. It is shared: run what is there, and copy it (`compiledCopy`) to write beside it.
 */
export async function compiled(programs: readonly string[], check: readonly string[]): Promise<string> {
  const r = await node([path.join(root, 'scripts', 'compile.js'), '--shared', ...check.flatMap((c) => ['--check', c]), ...programs]);
  if (r.code !== 0) throw new Error(`compile failed:\n${r.stdout}${r.stderr}`);
  return r.stdout.trim();
}

/** The shared compile (see `compiled`) copied to `dest`, for a spec that writes beside the compiled files or runs them elsewhere. */
export async function compiledCopy(programs: readonly string[], check: readonly string[], dest: string): Promise<void> {
  fs.cpSync(await compiled(programs, check), dest, { recursive: true });
}

/**
 * Runs `program` (a path under the repository, `.ts`) from the shared compile, with the `check`
 * paths type-checked, and parses its output. A program that writes beside itself (`ownCopy`) runs
 * from a copy of its own, `.tmp/program-<pid>-<name>/`, removed after.
 */
export async function runProgram<T>(program: string, check: readonly string[], ownCopy = false): Promise<T> {
  const own = path.join(root, '.tmp', `program-${process.pid}-${path.basename(program, '.ts')}`);
  try {
    if (ownCopy) await compiledCopy([program], check, own);
    const compiledPath = path.join(ownCopy ? own : await compiled([program], check), program.replace(/\.ts$/, '.js'));
    const run = await node([compiledPath]);
    if (run.code !== 0 || run.stderr !== '') throw new Error(`${path.basename(compiledPath)} failed (exit ${run.code}):\n${run.stdout}${run.stderr}`);
    return JSON.parse(run.stdout) as T;
  } finally {
    if (ownCopy) fs.rmSync(own, { recursive: true, force: true });
  }
}

/**
 * Fills `dir` with links to every package of the repository's node_modules but the `hidden` ones:
 * a NODE_PATH for a program compiled outside the repository, where Node's own resolution cannot
 * find the hidden packages (an install without them).
 */
export function modulesWithout(dir: string, hidden: readonly string[]): void {
  const from = path.join(root, 'node_modules');
  for (const name of fs.readdirSync(from)) {
    if (name.startsWith('@')) {
      fs.mkdirSync(path.join(dir, name));
      for (const inner of fs.readdirSync(path.join(from, name)))
        if (!hidden.includes(`${name}/${inner}`)) fs.symlinkSync(path.join(from, name, inner), path.join(dir, name, inner));
    } else if (!hidden.includes(name) && name !== '.bin') {
      fs.symlinkSync(path.join(from, name), path.join(dir, name));
    }
  }
}
