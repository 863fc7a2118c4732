import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Runs a TypeScript program as users run theirs: compiled by scripts/compile.js (type errors in the
 * `check` paths stop it) and executed by a spawned Node (so ES-module-only packages load through
 * require(esm), which jest's CommonJS runtime cannot do). The program prints one JSON value.
 */

export const root = path.resolve(__dirname, '../..');

export function node(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

/** Compiles `program` (a path under the repository, `.ts`) with the `check` paths type-checked, runs it, and parses its output. */
export async function runProgram<T>(program: string, check: readonly string[]): Promise<T> {
  const outDir = path.join(root, '.tmp', `program-${process.pid}-${path.basename(program, '.ts')}`);
  try {
    const compiled = await node([path.join(root, 'scripts', 'compile.js'), '--out', outDir, ...check.flatMap((c) => ['--check', c]), program]);
    if (compiled.code !== 0) throw new Error(`compile failed:\n${compiled.stdout}${compiled.stderr}`);
    const compiledPath = path.join(outDir, program.replace(/\.ts$/, '.js'));
    const run = await node([compiledPath]);
    if (run.code !== 0 || run.stderr !== '') throw new Error(`${path.basename(compiledPath)} failed (exit ${run.code}):\n${run.stdout}${run.stderr}`);
    return JSON.parse(run.stdout) as T;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
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
