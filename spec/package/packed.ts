import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The package as users get it, for the specs that install it into fresh projects
 * (pack.spec.ts, quickstart.spec.ts): `scripts/build.js`, then `npm pack`, once per state of the
 * sources. Jest runs those specs in parallel workers, and two builds writing dist/ at once would
 * corrupt it, so the first worker builds and packs under a lock in .tmp/packed/<hash of the
 * packed sources>/ and the others wait for its tarball (a later run with unchanged sources reuses it).
 */

export const root = path.resolve(__dirname, '../..');
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  files: string[];
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

export function run(file: string, args: string[], cwd: string, timeoutMs = 120_000, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
      },
    );
  });
}

export function succeeded(r: Run): void {
  if (r.code !== 0) throw new Error(`exit ${r.code}:\n${r.stdout}\n${r.stderr}`);
}

export async function ok(file: string, args: string[], cwd: string, timeoutMs?: number, env?: NodeJS.ProcessEnv): Promise<Run> {
  const r = await run(file, args, cwd, timeoutMs, env);
  if (r.code !== 0) throw new Error(`${path.basename(file)} ${args.join(' ')} failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/**
 * `npm install <args>` in `project`, from the local cache first (`--offline`, then
 * `--prefer-offline` if the cache lacks something); the registry is only a fallback.
 */
export async function npmInstall(project: string, args: readonly string[]): Promise<void> {
  const install = (mode: string) => run(npm, ['install', mode, '--no-audit', '--no-fund', '--loglevel=error', ...args], project, 180_000);
  let installed = await install('--offline');
  if (installed.code !== 0) installed = await install('--prefer-offline');
  if (installed.code !== 0) throw new Error(`npm install ${args.join(' ')} failed:\n${installed.stdout}\n${installed.stderr}`);
}

export interface Packed {
  /** The tarball's absolute path. */
  readonly tarball: string;
  /** The paths inside it, as `npm pack --json` lists them. */
  readonly files: readonly string[];
}

/** What the build and the tarball are made of: package.json, the build's inputs and everything `files` packs that is not built. */
function packedSources(): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    if (!fs.existsSync(p)) return;
    if (fs.statSync(p).isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) walk(path.join(p, entry));
    } else {
      out.push(p);
    }
  };
  for (const f of ['package.json', 'lib', 'scripts/build.js', 'scripts/pack-manifest.js', ...fs.readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f))])
    walk(path.join(root, f));
  for (const f of pkg.files.filter((f) => f !== 'dist')) walk(path.join(root, f));
  return out;
}

/** Where prepack keeps the repository's package.json while a pack is under way (scripts/pack-manifest.js). */
const keptManifest = path.join(root, '.tmp', 'package.json.before-pack');

function sourcesKey(): string {
  const hash = createHash('sha256');
  for (const file of packedSources()) {
    // During another worker's pack, package.json is the published one: the key is the repository's.
    const read = file === path.join(root, 'package.json') && fs.existsSync(keptManifest) ? keptManifest : file;
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(read)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits for the next change in `dir` (a file made or renamed there, `dir` removed), or returns at
 * once when `ready()` already holds once the watch is set (so no change can fall between a check
 * and the watch). Another worker's build ends in a rename of packed.json or the removal of `dir`.
 */
async function nextChange(dir: string, ready: () => boolean): Promise<void> {
  let watcher: fs.FSWatcher | undefined;
  try {
    await new Promise<void>((resolve) => {
      try {
        watcher = fs.watch(dir, () => resolve());
      } catch {
        // dir is gone already: nothing to wait for.
        resolve();
        return;
      }
      watcher.on('error', () => resolve());
      if (ready()) resolve();
    });
  } finally {
    watcher?.close();
  }
}

async function buildAndPack(dir: string): Promise<Packed> {
  // The build is tsc over lib/: minutes on a loaded machine; the child is stopped past 480 s.
  await ok(process.execPath, [path.join(root, 'scripts', 'build.js')], root, 480_000);
  // prepack would build again: the build above is the one packed. prepack and postpack still run,
  // so the tarball holds the manifest a published package has.
  const pack = await ok(npm, ['pack', '--json', '--pack-destination', dir], root, undefined, { TOOL_SIGNATURES_PREBUILT: '1' });
  const [packed] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
  const result: Packed = { tarball: path.join(dir, packed.filename), files: packed.files.map((f) => f.path) };
  fs.writeFileSync(path.join(dir, 'packed.json.part'), JSON.stringify(result));
  fs.renameSync(path.join(dir, 'packed.json.part'), path.join(dir, 'packed.json'));
  return result;
}

let packing: Promise<Packed> | undefined;

/**
 * The packed package for the current sources: built and packed by the first caller of any worker,
 * reused by the others. A worker waiting for another's build waits for its files to change, held
 * to its spec's timeout.
 */
export function packOnce(): Promise<Packed> {
  packing ??= (async () => {
    const key = sourcesKey();
    const parent = path.join(root, '.tmp', 'packed');
    const dir = path.join(parent, key);
    const done = path.join(dir, 'packed.json');
    fs.mkdirSync(parent, { recursive: true });
    for (;;) {
      if (fs.existsSync(done)) {
        const packed = JSON.parse(fs.readFileSync(done, 'utf8')) as Packed;
        if (fs.existsSync(packed.tarball)) return packed;
        fs.rmSync(dir, { recursive: true, force: true });
      }
      let mine = false;
      try {
        fs.mkdirSync(dir);
        mine = true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      if (mine) {
        fs.writeFileSync(path.join(dir, 'owner'), String(process.pid));
        try {
          const packed = await buildAndPack(dir);
          // Tarballs of earlier states of the sources are not needed any more.
          for (const other of fs.readdirSync(parent)) {
            if (other !== key && fs.existsSync(path.join(parent, other, 'packed.json'))) fs.rmSync(path.join(parent, other), { recursive: true, force: true });
          }
          return packed;
        } catch (e) {
          fs.rmSync(dir, { recursive: true, force: true });
          throw e;
        }
      }
      // Another worker builds: wait for its tarball, or take over if it died without one.
      const owner = Number(fs.existsSync(path.join(dir, 'owner')) ? fs.readFileSync(path.join(dir, 'owner'), 'utf8') : NaN);
      if (Number.isInteger(owner) && !alive(owner) && !fs.existsSync(done)) fs.rmSync(dir, { recursive: true, force: true });
      else await nextChange(dir, () => fs.existsSync(done) || !fs.existsSync(dir));
    }
  })();
  return packing;
}
