/**
 * The package as users get it, for the specs that install it: `npm run build`, `npm pack`, and the
 * tarball installed into a fresh project outside the repository. npm installs from the local cache
 * first (`--offline`, then `--prefer-offline` if the cache lacks something); the registry is only a
 * fallback.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const root = path.resolve(__dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, unknown>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
};

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(file: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

export async function ok(file: string, args: string[], cwd: string): Promise<Run> {
  const r = await run(file, args, cwd);
  if (r.code !== 0) throw new Error(`${path.basename(file)} ${args.join(' ')} failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/**
 * Builds and packs the package into `work`; the tarball's path and the files it holds. One spec at
 * a time builds (jest runs spec files side by side, and the build rewrites dist/).
 */
export async function packInto(work: string): Promise<{ tarball: string; files: string[] }> {
  return exclusive(async () => {
    await ok(process.execPath, [path.join(root, 'scripts', 'build.js')], root);
    // prepack would build again: the build above is the one packed.
    const pack = await ok(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root);
    const [packed] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
    return { tarball: path.join(work, packed.filename), files: packed.files.map((f) => f.path) };
  });
}

async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(root, '.tmp', 'pack.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (const started = Date.now(); ; ) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'EEXIST') throw e;
      // A lock left by a run that was killed is older than any build.
      if (Date.now() - fs.statSync(lock).mtimeMs > 600_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 900_000) throw new Error(`waited 15 minutes for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A fresh project in `app` with the tarball and the given packages (their versions as the repository pins them) installed. */
export async function installInto(app: string, tarball: string, packages: readonly string[]): Promise<void> {
  fs.mkdirSync(app, { recursive: true });
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  const deps = [tarball, ...packages.map((p) => `${p}@${pkg.devDependencies[p]}`)];
  const install = (mode: string) => run(npm, ['install', mode, '--no-audit', '--no-fund', '--loglevel=error', ...deps], app, 180_000);
  let installed = await install('--offline');
  if (installed.code !== 0) installed = await install('--prefer-offline');
  if (installed.code !== 0) throw new Error(`npm install failed:\n${installed.stdout}\n${installed.stderr}`);
}
