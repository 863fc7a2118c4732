import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import type { StaticClassMeta } from './options';

/**
 * The module that `tool-signatures generate` writes registers its metadata here. It imports the
 * project's tool modules to reach their classes, so its own body runs after theirs: a module that
 * builds a ToolSet at its top level reads its classes before that body. The metadata is therefore
 * registered with thunks (`() => tools.Shop`) and attached when a class is first read; a tool
 * module that builds tools at its top level imports the generated module itself, and the thunks
 * resolve as soon as its classes exist (ES module cycles and CommonJS partial exports both allow it).
 */

/** Where the generated module came from: checked when it is imported. */
export interface GeneratedOrigin {
  /** The generated module's path from its tsconfig's folder (for messages; older modules wrote the file name alone). */
  readonly module: string;
  /** The command that writes it again. */
  readonly regenerate: string;
  /** The generated module's location: `__filename` or `import.meta.url` (undefined where neither exists). */
  readonly at?: string | undefined;
  /** Each source file it was generated from (relative to the generated module), with the hash of its text. */
  readonly sources: { readonly [file: string]: string };
}

type Pending = [target: () => unknown, meta: StaticClassMeta];

const pending: Pending[] = [];

/**
 * Registers the static metadata of a generated module, after checking that the sources it was
 * generated from have not changed since (a stale module would keep the old schemas silently).
 * Generated code calls this; users do not.
 */
export function registerGeneratedMetadata(entries: readonly Pending[], origin: GeneratedOrigin): void {
  checkSources(origin);
  pending.push(...entries);
}

/** The text hash `generate` records for a source file (line endings normalised). */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex').slice(0, 16);
}

function checkSources(origin: GeneratedOrigin): void {
  if (typeof origin.at !== 'string' || origin.at === '') return;
  let dir: string;
  try {
    dir = path.dirname(origin.at.startsWith('file:') ? fileURLToPath(origin.at) : origin.at);
  } catch {
    return;
  }
  const changed: string[] = [];
  for (const [file, hash] of Object.entries(origin.sources)) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      // A bundle runs without its sources beside it: nothing to compare.
      return;
    }
    // Named as from the tsconfig's folder, where the module is, like the module itself.
    if (sourceHash(text) !== hash) changed.push(path.posix.normalize(path.posix.join(path.posix.dirname(origin.module), file)));
  }
  if (changed.length > 0) {
    throw refuse(D.staleGenerated(origin.module, changed, origin.regenerate));
  }
}

/** Attaches the registered metadata whose class now exists. Called before metadata is read. */
export function attachGenerated(define: (cls: Function, meta: StaticClassMeta) => void): void {
  if (pending.length === 0) return;
  for (let i = 0; i < pending.length; ) {
    const [target, meta] = pending[i]!;
    let cls: unknown;
    try {
      cls = target();
    } catch {
      cls = undefined; // not initialised yet (the module that declares it is still loading)
    }
    if (typeof cls === 'function') {
      define(cls, meta);
      pending.splice(i, 1);
    } else {
      i++;
    }
  }
}
