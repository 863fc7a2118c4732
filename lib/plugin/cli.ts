import * as path from 'path';
import * as ts from 'typescript';
import { generate } from './generate';
import { describeThrown } from '../thrown';

const USAGE = `Usage: tool-signatures generate <tsconfig.json> [--out <file>] [--import-extension .js] [--library <specifier>]

Writes one module of defineStaticMetadata(...) calls for builds that cannot run the
transformer (esbuild, tsx, Vite, SWC). Import it once, before tools are built.`;

/** `tool-signatures generate <tsconfig> [--out file]`. Returns the exit code. */
export function main(argv: readonly string[], io: { out: (s: string) => void; err: (s: string) => void } = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) }): number {
  const [command, ...rest] = argv;
  if (command !== 'generate') {
    io.err(`${USAGE}\n`);
    return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
  }
  let project: string | undefined;
  let out: string | undefined;
  let importExtension: string | undefined;
  let library: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--out' || a === '-o') out = value();
    else if (a === '--import-extension') importExtension = value();
    else if (a === '--library') library = value();
    else if (a.startsWith('-')) {
      io.err(`unknown option ${a}\n${USAGE}\n`);
      return 2;
    } else project = a;
  }
  try {
    const result = generate({ project: project ?? 'tsconfig.json', ...(out ? { out } : {}), ...(importExtension ? { importExtension } : {}), ...(library ? { library } : {}) });
    if (result.diagnostics.length > 0) {
      io.err(ts.formatDiagnosticsWithColorAndContext(result.diagnostics, { getCanonicalFileName: (x) => x, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }));
    }
    const errors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
    io.out(`wrote ${path.relative(process.cwd(), result.out) || result.out}${errors > 0 ? ` (${errors} error${errors > 1 ? 's' : ''})` : ''}\n`);
    return errors > 0 ? 1 : 0;
  } catch (e) {
    io.err(`tool-signatures generate: ${describeThrown(e, false)}\n`);
    return 2;
  }
}
