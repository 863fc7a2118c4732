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
  // Node's module cache (`require.cache` is the same object) holds every CommonJS module loaded;
  // ES modules loaded by `import` are not in it. Read through the 'module' builtin so that a test
  // runner's sandboxed `require` does not hide it.
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cache = (require('module') as { _cache?: Record<string, unknown> })._cache;
    return cache !== undefined ? Object.keys(cache) : [];
  } catch {
    return [];
  }
}

/** Warnings about second copies of class-transformer or class-validator, for a tool that uses DTOs. */
export function libraryCopyWarnings(nodes: readonly (TypeNode | undefined)[], modules: readonly string[] = loadedModules()): string[] {
  if (!nodes.some((n) => someNode(n, (x) => x.kind === 'dto' && x.cls !== undefined))) return [];
  const warnings: string[] = [];
  const storages = modules.filter((m) => TRANSFORMER_STORAGE.test(m));
  if (storages.length > 1) {
    warnings.push(`class-transformer is loaded more than once (${storages.join(', ')}): only the copy that tool-signatures loads is read, so @Type, @Expose, @Exclude and @Transform decorators from another copy are ignored. Make the package resolve to one copy (npm dedupe, or a bundler alias).`);
  }
  const validators = [...new Set(modules.map((m) => VALIDATOR_ENTRY.exec(m)?.[1]).filter((m): m is string => m !== undefined))];
  const builds = new Set(modules.map((m) => VALIDATOR_ENTRY.exec(m)).filter((m) => m !== null).map((m) => `${m[1]}/${m[2]}`));
  if (validators.length > 1 || builds.size > 1) {
    warnings.push(`class-validator is loaded more than once (${[...builds].join(', ')}): its rules are shared, but two copies validate differently. Make the package resolve to one copy (npm dedupe, or a bundler alias).`);
  }
  return warnings;
}
