import { someNode, type TypeNode } from '../types/node';

/**
 * class-transformer keeps its metadata in a module-level storage: a second copy of the package in
 * the process (a nested node_modules, or its ESM build next to its CommonJS one) has a storage this
 * library cannot see, so `@Type`, `@Expose`, `@Transform` written against that copy are silently
 * ignored. class-validator shares one storage through the global object, but two copies still
 * mean two `validate` implementations. Both are reported when a tool uses DTOs.
 */

const TRANSFORMER_STORAGE = /[\\/]class-transformer[\\/](cjs|esm5|esm2015)[\\/]storage\.js$/;
const VALIDATOR_ENTRY = /^(.*[\\/]class-validator)[\\/](cjs|esm5|esm2015|bundles)[\\/]/;

function loadedModules(): string[] {
  // The module cache holds every CommonJS module loaded (ES modules loaded by `import` are not in
  // it); under a test runner, the one its `require` gives is the one the tests' modules are in.
  try {
    return Object.keys(require.cache);
  } catch {
    return [];
  }
}

/**
 * The warnings for the process's own module cache. Every tool with DTOs asks, and listing the keys of
 * the cache (hundreds of modules in an application) costs more than the rest of a small tool's
 * definition, so the answer is kept for the rest of the current synchronous run (a loop defining a
 * thousand tools reads the cache once; the next turn of the event loop reads it again), and the
 * regexes run again only when the cache holds other modules: they are only ever appended (a key
 * deleted and set again goes to the end), so the count and the last key change when one comes or goes.
 */
let remembered: { readonly count: number; readonly last: string | undefined; readonly warnings: readonly string[] } | undefined;
let thisTurn: readonly string[] | undefined;

function processWarnings(): string[] {
  if (thisTurn === undefined) {
    const modules = loadedModules();
    const last = modules[modules.length - 1];
    if (remembered === undefined || remembered.count !== modules.length || remembered.last !== last) {
      remembered = { count: modules.length, last, warnings: copyWarnings(modules) };
    }
    thisTurn = remembered.warnings;
    // A promise job, not queueMicrotask: test runners' fake timers replace the latter.
    void Promise.resolve().then(() => {
      thisTurn = undefined;
    });
  }
  return [...thisTurn];
}

/** Warnings about second copies of class-transformer or class-validator, for a tool that uses DTOs. */
export function libraryCopyWarnings(nodes: readonly (TypeNode | undefined)[], modules?: readonly string[]): string[] {
  if (!nodes.some((n) => someNode(n, (x) => x.kind === 'dto' && x.cls !== undefined))) return [];
  return modules === undefined ? processWarnings() : copyWarnings(modules);
}

function copyWarnings(modules: readonly string[]): string[] {
  const warnings: string[] = [];
  const storages = modules.filter((m) => TRANSFORMER_STORAGE.test(m));
  if (storages.length > 1) {
    warnings.push(
      `class-transformer is loaded more than once (${storages.join(', ')}): only the copy that tool-signatures loads is read, so @Type, @Expose, @Exclude and @Transform decorators from another copy are ignored. Make the package resolve to one copy (npm dedupe, or a bundler alias).`,
    );
  }
  const entries = modules.map((m) => VALIDATOR_ENTRY.exec(m)).filter((m) => m !== null);
  const validators = [...new Set(entries.map((m) => m[1]))];
  const builds = new Set(entries.map((m) => `${m[1]}/${m[2]}`));
  if (validators.length > 1 || builds.size > 1) {
    warnings.push(
      `class-validator is loaded more than once (${[...builds].join(', ')}): its rules are shared, but two copies validate differently. Make the package resolve to one copy (npm dedupe, or a bundler alias).`,
    );
  }
  return warnings;
}
