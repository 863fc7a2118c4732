import * as path from 'path';
import * as ts from 'typescript';
import { check } from './check';
import { checkStatus, formatCheck } from './check-report';
import { generate, generateFromProgram, type GenerateOptions, type GenerateResult } from './generate';
import { ProjectError, readProject } from './project';
import { describeThrown } from '../thrown';

const USAGE = `Usage:
  tool-signatures generate [tsconfig.json] [--out <file>] [--import-extension .js|.ts|none] [--library <specifier>] [--watch]
      Writes one module of static metadata for builds that cannot run the transformer (esbuild,
      tsx, Vite, SWC). Import it once, before tools are built. The import extension follows the
      tsconfig's module settings unless given. Nothing is written when the tools have definition
      errors (exit status 2). --watch writes it again whenever a source changes.
  tool-signatures check [tsconfig.json] [--strict]
      Builds every tool both ways (the full static types, and what the reflector sees at run time
      from design types alone) and lists each argument that loses type information at run time,
      with the hint that fixes it, and each DTO property that no source types (OLT016). Exit status
      0 nothing lost, 1 something lost (with --strict, also a DTO property no source types), 2 a
      usage error.`;

/** Where the commands write; `color`: standard error is a terminal that takes colours (a TTY without NO_COLOR). */
type Io = { out: (s: string) => void; err: (s: string) => void; color?: boolean };

const defaultIo: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  color: process.stderr.isTTY === true && (process.env.NO_COLOR === undefined || process.env.NO_COLOR === ''),
};

/** `tool-signatures generate|check ...`. Returns the exit status (`generate --watch`: a promise that does not settle). */
export function main(argv: readonly string[], io: Io = defaultIo): number | Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'generate' && command !== 'check') {
    io.err(`${USAGE}\n`);
    return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
  }
  const parsed = parse(rest, command === 'generate' ? ['--out', '-o', '--import-extension', '--library'] : [], command === 'check' ? ['--strict'] : []);
  if (typeof parsed === 'string') {
    io.err(`tool-signatures ${command}: ${parsed}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const project = parsed.project ?? 'tsconfig.json';
  try {
    if (command === 'check') return runCheck(project, io, parsed.flags.has('--strict'));
    return parsed.watch ? watchGenerate(project, parsed.values, io) : runGenerate(project, parsed.values, io);
  } catch (e) {
    if (e instanceof ProjectError) {
      io.err(`tool-signatures ${command}: ${e.message}\n`);
      return 2;
    }
    io.err(`tool-signatures ${command}: ${describeThrown(e, false)}\n`);
    return 2;
  }
}

function parse(
  args: readonly string[],
  valued: readonly string[],
  flagNames: readonly string[] = [],
): { project?: string; values: Map<string, string>; flags: Set<string>; help: boolean; watch: boolean } | string {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  let project: string | undefined;
  let help = false;
  let watch = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--help' || a === '-h') help = true;
    else if (a === '--watch' && valued.length > 0) watch = true;
    else if (flagNames.includes(a)) flags.add(a);
    else if (valued.includes(a)) {
      const v = args[++i];
      if (v === undefined) return `${a} needs a value.`;
      values.set(a === '-o' ? '--out' : a, v);
    } else if (a.startsWith('-')) return `unknown option ${a}.`;
    else if (project !== undefined) return `one tsconfig.json only (got ${project} and ${a}).`;
    else project = a;
  }
  return { ...(project !== undefined ? { project } : {}), values, flags, help, watch };
}

const HOST: ts.FormatDiagnosticsHost = { getCanonicalFileName: (x) => x, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };

/** TypeScript's diagnostics: with colours and source context on a terminal that takes colours, else as plain `file(line,col): error OLT…: text` lines. */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[], color: boolean): string {
  return color ? ts.formatDiagnosticsWithColorAndContext(diagnostics, HOST) : ts.formatDiagnostics(diagnostics, HOST);
}

function runCheck(project: string, io: Io, strict: boolean): number {
  // The plugin's own diagnostics are about compiling with the plugin, which this user does not do.
  const result = check({ project });
  io.out(formatCheck(result));
  return checkStatus(result, strict);
}

function generateOptions(values: Map<string, string>): Omit<GenerateOptions, 'project'> {
  const ext = values.get('--import-extension');
  return {
    ...(values.has('--out') ? { out: values.get('--out')! } : {}),
    ...(ext !== undefined ? { importExtension: ext === 'none' ? '' : ext } : {}),
    ...(values.has('--library') ? { library: values.get('--library')! } : {}),
  };
}

function runGenerate(project: string, values: Map<string, string>, io: Io): number {
  return report(generate({ project, ...generateOptions(values) }), io);
}

/** Regenerates on every change of the program (TypeScript's own watcher); runs until stopped. */
function watchGenerate(project: string, values: Map<string, string>, io: Io): Promise<number> {
  readProject(project);
  const options = generateOptions(values);
  const host = ts.createWatchCompilerHost(
    path.resolve(project),
    { noEmit: true },
    ts.sys,
    ts.createSemanticDiagnosticsBuilderProgram,
    () => undefined,
    () => undefined,
  );
  host.afterProgramCreate = (builder) => {
    const result = generateFromProgram(builder.getProgram(), path.resolve(project), options);
    if (result.written || result.diagnostics.length > 0) report(result, io);
  };
  ts.createWatchProgram(host);
  io.err('tool-signatures generate: watching for changes (Ctrl-C to stop).\n');
  return new Promise<number>(() => undefined);
}

function report(result: GenerateResult, io: Io): number {
  if (result.diagnostics.length > 0) io.err(formatDiagnostics(result.diagnostics, io.color === true));
  const errors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  const out = path.relative(process.cwd(), result.out) || result.out;
  if (errors > 0) {
    io.err(`tool-signatures generate: ${errors} definition error${errors > 1 ? 's' : ''}; ${out} was not written.\n`);
    return 2;
  }
  io.out(result.written ? `wrote ${out}\n` : `${out} is up to date\n`);
  return 0;
}
