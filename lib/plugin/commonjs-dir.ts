/**
 * How TypeScript sources run without patching Node's module loader (`check`'s passes, the CLI's
 * `.ts` entries): each source reached is emitted as CommonJS into a directory, at its absolute path
 * under it, as `.cjs` (CommonJS whatever a package's "type" or the source's extension says), and
 * loaded from there with a plain `require`. Each import of another source names that source's
 * emitted file (the compiler's resolution: `.js` written for `.ts`, `.mjs` for `.mts`); each other
 * import the file Node resolves from the source's own place, which also keeps `__filename` and
 * `__dirname`. TypeScript is a parameter: the CLI compiles with the project's own copy.
 */
import * as fs from 'fs';
import { createRequire, isBuiltin } from 'module';
import * as path from 'path';
import type * as TS from 'typescript';

type TypeScriptApi = typeof TS;

/**
 * Node's own `require` from `file`. Where a test runner hands out a `module` of its own (jest does:
 * its `require` cannot load an ES module, as Node's `require(esm)` does), the process's built-in is
 * still the one `process.getBuiltinModule` gives.
 */
export function nodeRequire(file: string): NodeJS.Require {
  const builtin = process.getBuiltinModule?.('module') as typeof import('module') | undefined;
  return (builtin?.createRequire ?? createRequire)(file);
}

/** One source's emit: its CommonJS text, and the sources it imports. */
export interface Emitted {
  readonly js: string;
  readonly imports: readonly string[];
}

/** Where a source's emit is written in `dir`: its absolute path under it, `.cjs`. */
export function emittedPath(dir: string, file: string): string {
  return path.join(dir, file.replace(/^[a-zA-Z]:/, '').replace(/\.[cm]?tsx?$/, '') + '.cjs');
}

/**
 * What an import in `from` loads: the emitted file of a source (`isSource` of the file the compiler
 * resolves; a path relative to `from`'s emitted file, the same in every directory), else the file
 * Node resolves from `from`'s own place (an absolute path), else the specifier as written (a
 * built-in, or what fails as it would).
 */
export function importTarget(
  ts: TypeScriptApi,
  specifier: string,
  from: string,
  options: TS.CompilerOptions,
  isSource: (file: string, external: boolean) => boolean,
): { text: string; file?: string } {
  if (isBuiltin(specifier)) return { text: specifier };
  const r = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule;
  const file = r && path.resolve(r.resolvedFileName);
  if (file !== undefined && isSource(file, r?.isExternalLibraryImport === true)) {
    const rel = path
      .relative(path.dirname(emittedPath('/', from)), emittedPath('/', file))
      .split(path.sep)
      .join('/');
    return { text: rel.startsWith('.') ? rel : `./${rel}`, file };
  }
  try {
    return { text: nodeRequire(from).resolve(specifier) };
  } catch {
    return { text: specifier };
  }
}

/** Rewrites the specifier of each `require("…")` and `import("…")` of emitted CommonJS. */
export function rewriteImports(ts: TypeScriptApi, target: (specifier: string) => string): TS.TransformerFactory<TS.SourceFile> {
  const f = ts.factory;
  return (ctx) => (sf) => {
    const visit = (node: TS.Node): TS.Node => {
      if (
        ts.isCallExpression(node) &&
        node.arguments.length === 1 &&
        ts.isStringLiteral(node.arguments[0]!) &&
        ((ts.isIdentifier(node.expression) && node.expression.text === 'require') || node.expression.kind === ts.SyntaxKind.ImportKeyword)
      ) {
        return f.updateCallExpression(node, node.expression, node.typeArguments, [f.createStringLiteral(target(node.arguments[0].text))]);
      }
      return ts.visitEachChild(node, visit, ctx);
    };
    return ts.visitNode(sf, visit) as TS.SourceFile;
  };
}

/**
 * Writes the emit of `roots` and of every source they reach through imports into `dir`, each once,
 * and returns the sources written. The text runs with the source's own `__filename` and `__dirname`.
 */
export function writeEmitted(dir: string, roots: Iterable<string>, emit: (file: string) => Emitted): Set<string> {
  const written = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (written.has(file)) continue;
    written.add(file);
    const emitted = emit(file);
    const out = emittedPath(dir, file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, atSourcePlace(emitted.js, file));
    for (const next of emitted.imports) if (!written.has(next)) queue.push(next);
  }
  return written;
}

/** A leading `#!` line and `"use strict";`, which must stay first. */
const PROLOGUE = /^(?:#!.*\n)?(?:(["'])use strict\1;)?/;
/** A source that declares its own `__filename` or `__dirname` (an assignment before it would throw). */
const OWN_PLACE = /\b(?:var|let|const|function|class)\s+__(?:file|dir)name\b/;

function atSourcePlace(js: string, file: string): string {
  if (OWN_PLACE.test(js)) return js;
  const prologue = PROLOGUE.exec(js)![0];
  // On the prologue's line: the emitted lines keep their numbers.
  const place = `__filename = ${JSON.stringify(file)}; __dirname = ${JSON.stringify(path.dirname(file))}; `;
  return prologue + place + js.slice(prologue.length);
}
