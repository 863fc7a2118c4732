/**
 * `tool-signatures check`: builds every tool of a program both ways (the runtime path, and the
 * plugin's full types) and lists what the runtime path loses. The jobs: loading the two builds
 * (check-load.ts), comparing them (check-compare.ts), printing (check-report.ts); the result's
 * types are in check-result.ts.
 */
import * as path from 'path';
import * as ts from 'typescript';
import { analyze } from './analyze';
import { compare, fixFor, type Schema } from './check-compare';
import { brokenBy, EMIT_OPTIONS, loadPass, sitesOf } from './check-load';
import type { Emitted } from './commonjs-dir';
import type { CheckFailure, CheckOptions, CheckResult, SlotLoss } from './check-result';
import { readProject } from './project';
import { GENERATED_HEADER } from './generate';

/**
 * Builds every tool of a program both ways and lists what the runtime path (tsc with
 * emitDecoratorMetadata, no plugin) loses against the full static types.
 *
 * Both ways are the real thing: the files the tools need are emitted, once as plain tsc emits them
 * (design types only) and once through the plugin's transformer (the full types; only the files it
 * changes are emitted again), each emit is loaded in this process by a plain `require` of its
 * emitted file (check-load.ts), and each tool is built by the library copy the project itself imports. One program and one analysis serve both.
 * Top-level expression statements (`void main()`, `app.listen()`) are left out of both loads, so
 * that checking runs no program: only declarations and the tools they build.
 */
export function check(options: CheckOptions): CheckResult {
  const parsed = readProject(options.project);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, ...EMIT_OPTIONS, emitDecoratorMetadata: true },
    projectReferences: parsed.projectReferences,
  });
  const analysis = analyze(program);
  // One program, one analysis, each file emitted once per pass and only when a pass loads it; the
  // plugin's pass emits again only the files the plugin changes (those that declare tools).
  const plain = new Map<string, Emitted>();
  const runtime = loadPass(program, analysis, false, plain);
  const full = loadPass(program, analysis, true, plain);
  const losses: SlotLoss[] = [];
  const failures: CheckFailure[] = [];
  const pluginFailures: CheckFailure[] = [];
  const unreached: string[] = [];
  let tools = 0;
  let builtByPluginOnly = 0;
  const untyped: { at: string; tool: string; message: string }[] = [];
  const plugin = pluginOf(options.project, parsed, program);
  for (const [id, site] of sitesOf(analysis)) {
    const r = runtime.tools.get(id);
    const f = full.tools.get(id);
    if (r === undefined || f === undefined) {
      if (!runtime.loadErrors.some((e) => site.at.startsWith(`${e.at}:`))) unreached.push(site.at);
      continue;
    }
    if ('error' in f) pluginFailures.push({ at: site.at, ...f.error });
    // The build the project runs: the plugin's where it compiles with it, else the runtime path's.
    const ran = plugin !== undefined ? f : r;
    if (!('error' in ran)) {
      for (const [name, warnings] of ran.warnings) for (const w of warnings) if (w.startsWith('OLT016:')) untyped.push({ at: site.at, tool: name, message: w });
    }
    if ('error' in r) {
      failures.push({ at: site.at, ...r.error });
      if (plugin === undefined) tools += Math.max(site.tools, r.error.broken);
      else if (!('error' in f)) builtByPluginOnly += f.schemas.size;
      continue;
    }
    if ('error' in f) continue;
    for (const [name, fullSchema] of f.schemas) {
      const runtimeSchema = r.schemas.get(name);
      if (runtimeSchema === undefined) continue;
      tools++;
      const method = site.method(name);
      compare(
        fullSchema as Schema,
        runtimeSchema as Schema,
        [],
        (slot, kind, fullText, runtimeText, trail) => {
          losses.push({ at: site.at, tool: name, slot: slot.join(''), kind, full: fullText, runtime: runtimeText, fix: fixFor(analysis, site, trail, kind) });
        },
        method !== undefined ? { method } : undefined,
      );
    }
  }
  // A module that builds its tools at load fails with the errors already reported for its tools.
  for (const e of runtime.loadErrors) {
    const reported = new Set(failures.filter((x) => x.at.startsWith(`${e.at}:`)).flatMap((x) => x.problems));
    const left = e.problems.filter((p) => !reported.has(p));
    if (left.length === e.problems.length) failures.push(e);
    else if (left.length > 0)
      failures.push({
        ...e,
        problems: left,
        message: `loading it throws ${left.length === 1 ? left[0]! : `${left.length} problems:\n${left.map((p) => `- ${p}`).join('\n')}`}`,
        broken: brokenBy(left),
      });
  }
  // With the plugin, a tool that only the plugin's path can build is a tool the project has.
  if (plugin !== undefined) tools += builtByPluginOnly;
  const looser = analysis.diagnostics
    .filter((d) => d.looser === true)
    .map((d) => ({ at: atOfDiagnostic(d), message: ts.flattenDiagnosticMessageText(d.messageText, '\n') }));
  return {
    tools,
    losses,
    failures,
    unreached,
    looser,
    diagnostics: analysis.diagnostics,
    ...(plugin !== undefined ? { plugin } : {}),
    pluginFailures,
    untyped,
  };
}

const PLUGIN = /^tool-signatures\/plugin(\/index)?(\.js)?$/;

/** Where the project's build runs the plugin, if it does: tsconfig `plugins` (ts-patch), nest-cli.json `plugins`, or a generated module in the program. */
function pluginOf(project: string, parsed: ts.ParsedCommandLine, program: ts.Program): string | undefined {
  const named = (p: unknown): boolean => {
    if (typeof p === 'string') return PLUGIN.test(p);
    if (typeof p !== 'object' || p === null) return false;
    const o = p as { transform?: unknown; name?: unknown };
    return (typeof o.transform === 'string' && PLUGIN.test(o.transform)) || (typeof o.name === 'string' && PLUGIN.test(o.name));
  };
  const tsPlugins = parsed.options['plugins'];
  if (Array.isArray(tsPlugins) && tsPlugins.some(named)) return `${path.basename(project)} "plugins" (ts-patch)`;
  const nestCli = path.join(path.dirname(path.resolve(project)), 'nest-cli.json');
  if (ts.sys.fileExists(nestCli)) {
    const read = ts.readConfigFile(nestCli, ts.sys.readFile);
    const c = read.config as { compilerOptions?: { plugins?: unknown } } | undefined;
    if (Array.isArray(c?.compilerOptions?.plugins) && c.compilerOptions.plugins.some(named)) return 'nest-cli.json "plugins"';
  }
  const generated = program.getSourceFiles().find((sf) => !sf.isDeclarationFile && sf.text.startsWith(GENERATED_HEADER));
  if (generated !== undefined) return `${path.basename(generated.fileName)} (tool-signatures generate)`;
  return undefined;
}

function atOfDiagnostic(d: ts.Diagnostic): string {
  if (d.file === undefined || d.start === undefined) return '';
  return `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}`;
}
