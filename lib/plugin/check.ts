import Module from 'module';
import * as path from 'path';
import * as ts from 'typescript';
import { toolNameOf } from '../schema/names';
import { analyze, type Analysis } from './analyze';
import { hintExpr, type Namer } from './emit';
import { readProject } from './project';
import { refsOf, type HintIR, type MethodIR } from './hints';
import { decoratorsOf, objectArg } from './recognize';
import { transformFile } from './transformer';

/** Options of `tool-signatures check`. */
export interface CheckOptions {
  /** The tsconfig.json of the project. */
  readonly project: string;
}

/** One slot where the full static type says more than the reflector sees at run time. */
export interface SlotLoss {
  /** `file:line` of the tool (the class method's class, or the `Tool.create` call). */
  readonly at: string;
  readonly tool: string;
  /** The argument's path in the input schema: `cabin`, `contact.nickname`, `items[]`. */
  readonly slot: string;
  /** `type`: the schema of the slot differs; `optional`: the full type lets it be left out, the runtime requires it. */
  readonly kind: 'type' | 'optional' | 'required';
  /** The slot's schema (or `optional` / `required`) from the full types. */
  readonly full: string;
  /** ... and from what the reflector sees at run time. */
  readonly runtime: string;
  /** The hint that makes the runtime path write the full schema. */
  readonly fix: string;
}

/** A class or tool that the runtime path cannot build at all (a definition error at load: not silent, but broken). */
export interface CheckFailure {
  readonly at: string;
  readonly tool?: string;
  /** The error's message: one problem's, or `3 problems in class DocketService:` and a line per problem. */
  readonly message: string;
  /** Each problem's message (`OLT002: Cannot build tool 'find' (DocketService.find), parameter #0 'q': ...`). */
  readonly problems: readonly string[];
  /** How many tools it leaves unbuilt: those its problems name (1 when they name none). */
  readonly broken: number;
}

export interface CheckResult {
  /**
   * Tools checked: built both ways and compared, and those of a class or call the runtime path
   * cannot build (in a project that compiles with the plugin, also those only its path can build).
   */
  readonly tools: number;
  readonly losses: readonly SlotLoss[];
  readonly failures: readonly CheckFailure[];
  /** Where tools are built that loading the modules does not reach (inside a function): not checked. */
  readonly unreached: readonly string[];
  /**
   * Hints looser than the declared type (`@Param({ type: String }) level: 'low' | 'high'`): the hint
   * wins with or without the plugin, so the schema takes values the type does not (OLT015, a warning).
   */
  readonly looser: readonly { readonly at: string; readonly message: string }[];
  /** The plugin's own diagnostics for the program (its definition errors). */
  readonly diagnostics: readonly ts.Diagnostic[];
  /**
   * Where the project's build runs the plugin (`tsconfig.json "plugins"` with ts-patch, `nest-cli.json`
   * `plugins`, a `tool-signatures.generated.ts` in the program), if it does: then its tools get the
   * full types at run time, and the losses and failures above are what a build without the plugin
   * would have (not counted against the project).
   */
  readonly plugin?: string;
  /** Tools that the plugin's path itself cannot build (what a plugin project gets at run time). */
  readonly pluginFailures: readonly CheckFailure[];
  /**
   * DTO properties that no source types in the build the project runs (v3.2): each accepted as what
   * class-validator enforces, with its OLT016 warning. `check --strict` counts them against the project.
   */
  readonly untyped: readonly { readonly at: string; readonly tool: string; readonly message: string }[];
}

/**
 * Builds every tool of a program both ways and lists what the runtime path (tsc with
 * emitDecoratorMetadata, no plugin) loses against the full static types.
 *
 * Both ways are the real thing: the files the tools need are emitted in memory, once as plain tsc
 * emits them (design types only) and once through the plugin's transformer (the full types; only
 * the files it changes are emitted again), each emit is loaded in this process, and each tool is
 * built by the library copy the project itself imports. One program and one analysis serve both.
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
  const plain = new Map<string, string>();
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
  const generated = program.getSourceFiles().find((sf) => /(^|[\\/])tool-signatures\.generated\.[cm]?ts$/.test(sf.fileName));
  if (generated !== undefined) return `${path.basename(generated.fileName)} (tool-signatures generate)`;
  return undefined;
}

function atOfDiagnostic(d: ts.Diagnostic): string {
  if (d.file === undefined || d.start === undefined) return '';
  return `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}`;
}

/**
 * `check`'s exit status: 1 when the project's run-time tools lose something or cannot be built, or
 * a hint is looser than its declared type (with or without the plugin: the hint wins), or (`strict`)
 * a DTO property no source types; 0 otherwise.
 */
export function checkStatus(result: CheckResult, strict = false): 0 | 1 {
  if (result.looser.length > 0) return 1;
  if (strict && result.untyped.length > 0) return 1;
  if (result.plugin !== undefined) return result.pluginFailures.length > 0 ? 1 : 0;
  return result.losses.length > 0 || result.failures.length > 0 ? 1 : 0;
}

/** The number of tools a failure leaves unbuilt. */
function brokenOf(failures: readonly CheckFailure[]): number {
  return failures.reduce((n, f) => n + f.broken, 0);
}

/** A failure's message as printed: a problem per line, indented under the first. */
function indented(message: string): string {
  return message.split('\n').join('\n    ');
}

/** The report, as `tool-signatures check` prints it. */
export function formatCheck(result: CheckResult, cwd = process.cwd()): string {
  const lines: string[] = [];
  const rel = (at: string) => path.relative(cwd, at) || at;
  for (const l of result.losses) {
    const what =
      l.kind === 'type'
        ? 'loses its type'
        : l.kind === 'optional'
          ? 'is optional in the source, required at run time'
          : 'is required in the source, optional at run time';
    lines.push(`${rel(l.at)}: tool '${l.tool}', argument '${l.slot}' ${what}.`);
    lines.push(`    full types: ${l.full}`);
    lines.push(`    run time:   ${l.runtime}`);
    lines.push(`    fix: ${l.fix}`);
  }
  for (const f of result.failures) lines.push(`${rel(f.at)}: the runtime path cannot build it: ${indented(f.message)}`);
  for (const w of result.looser) lines.push(`${rel(w.at)}: warning ${w.message}`);
  for (const u of result.untyped) lines.push(`${rel(u.at)}: tool '${u.tool}': ${u.message}`);
  const vague =
    result.untyped.length > 0
      ? ` ${result.untyped.length} DTO propert${result.untyped.length === 1 ? 'y is' : 'ies are'} typed by no source (OLT016: listed above; check --strict refuses them).`
      : '';
  const loose = result.looser.length;
  const looseText = `${loose} hint${loose === 1 ? ' is' : 's are'} looser than the declared type`;
  if (result.unreached.length > 0)
    lines.push(`note: not checked, built where loading the modules does not reach (inside a function): ${result.unreached.map(rel).join(', ')}`);
  const n = result.losses.length;
  if (result.plugin !== undefined) {
    for (const f of result.pluginFailures) lines.push(`${rel(f.at)}: the plugin cannot build it: ${indented(f.message)}`);
    const without = [
      ...(n > 0 ? [`${n} argument${n === 1 ? '' : 's'} would lose type information`] : []),
      ...(result.failures.length > 0 ? [`${brokenOf(result.failures)} could not be built`] : []),
    ];
    lines.push(
      `${result.tools} tool${result.tools === 1 ? '' : 's'} checked: this project compiles with the plugin (${result.plugin}), so its tools get the full types at run time` +
        (without.length > 0 ? ` (without the plugin, ${without.join(' and ')}: listed above).` : '.') +
        (result.pluginFailures.length > 0 ? ` ${brokenOf(result.pluginFailures)} cannot be built with the plugin either.` : '') +
        (loose > 0 ? ` ${looseText[0]!.toUpperCase()}${looseText.slice(1)}: listed above.` : '') +
        vague,
    );
    return lines.join('\n') + '\n';
  }
  lines.push(
    n === 0 && result.failures.length === 0 && loose === 0
      ? `${result.tools} tool${result.tools === 1 ? '' : 's'} checked: the runtime path sees every type the source declares.`
      : `${result.tools} tool${result.tools === 1 ? '' : 's'} checked: ${[
          ...(n > 0 ? [`${n} argument${n === 1 ? '' : 's'} lose${n === 1 ? 's' : ''} type information at run time`] : []),
          ...(result.failures.length > 0 ? [`${brokenOf(result.failures)} cannot be built at run time`] : []),
          ...(loose > 0 ? [looseText] : []),
        ].join(', ')}. ${n === 0 && result.failures.length === 0 ? 'Fix the hints above.' : 'Add the hints above, or compile with the plugin.'}`,
  );
  if (vague !== '') lines[lines.length - 1] += vague;
  return lines.join('\n') + '\n';
}

// ---- emitting and loading ---------------------------------------------------------------------

const EMIT_OPTIONS: ts.CompilerOptions = {
  noEmit: false,
  noEmitOnError: false,
  emitDeclarationOnly: false,
  declaration: false,
  declarationMap: false,
  composite: false,
  incremental: false,
  sourceMap: false,
  inlineSourceMap: false,
  outFile: undefined,
  outDir: '/tool-signatures-check',
  isolatedModules: false,
  verbatimModuleSyntax: false,
};

const RECORDER = '__toolSignaturesCheck';

type Failure = Omit<CheckFailure, 'at' | 'tool'>;
type Built = { readonly schemas: Map<string, object>; readonly warnings: Map<string, readonly string[]> } | { readonly error: Failure };

interface Pass {
  readonly tools: Map<string, Built>;
  readonly loadErrors: CheckFailure[];
}

interface Site {
  readonly at: string;
  /** How many tools the class declares (1 for a `Tool.create` call). */
  readonly tools: number;
  readonly create?: MethodIR;
  method(tool: string): MethodIR | undefined;
}

function idOf(n: ts.Node): string {
  return `${n.getSourceFile().fileName}#${n.pos}`;
}

function atOf(n: ts.Node): string {
  const sf = n.getSourceFile();
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
}

function sitesOf(analysis: Analysis): Map<string, Site> {
  const out = new Map<string, Site>();
  for (const [decl, ir] of analysis.classes) {
    if (ir.methods.size === 0) continue;
    const byTool = new Map<string, MethodIR>();
    for (const [key, m] of ir.methods) {
      const member = decl.members.find((x) => x.name !== undefined && ts.isIdentifier(x.name) && x.name.text === key);
      const tool = member && decoratorsOf(analysis.program.getTypeChecker(), member).find((d) => d.lib === 'ours' && d.name === 'Tool');
      const given = objectArg(tool?.args[0]).get('name');
      const name = given !== undefined && ts.isStringLiteralLike(given) ? given.text : toolNameOf(key);
      byTool.set(ir.prefix !== undefined ? `${ir.prefix}_${name}` : name, m);
    }
    out.set(idOf(decl), { at: atOf(decl), tools: byTool.size, method: (t) => byTool.get(t) });
  }
  for (const [call, ir] of analysis.creates) out.set(idOf(call), { at: atOf(call), tools: 1, create: ir.method, method: () => ir.method });
  return out;
}

/**
 * Loads every file that declares tools (with or without the plugin), and builds its tools. Each
 * file of the program is emitted when the pass first loads it (so the files no tool reaches are
 * neither emitted nor type-checked for emit); the plugin's pass reuses the plain pass's text for a
 * file the plugin does not change. The emit is CommonJS whatever the project's module setting (ES
 * module output is rewritten to CommonJS, a change of syntax only), and imports resolve as the
 * compiler resolved them.
 */
function loadPass(program: ts.Program, analysis: Analysis, withPlugin: boolean, plain: Map<string, string>): Pass {
  const recording = recorderTransformer(analysis);
  const before: ts.TransformerFactory<ts.SourceFile>[] = withPlugin
    ? [(ctx) => (sf) => transformFile(sf, analysis, { printDiagnostics: false }, ctx), recording]
    : [recording];
  const changed = new Set<string>();
  for (const c of analysis.classes.keys()) changed.add(path.resolve(c.getSourceFile().fileName));
  for (const c of analysis.creates.keys()) changed.add(path.resolve(c.getSourceFile().fileName));
  const options = program.getCompilerOptions();
  const commonJs = options.module === ts.ModuleKind.CommonJS;
  const sources = new Map<string, ts.SourceFile>();
  for (const sf of program.getSourceFiles()) if (!sf.isDeclarationFile && !/\.json$/.test(sf.fileName)) sources.set(path.resolve(sf.fileName), sf);
  const emitted = new Map<string, string>();
  const compiled = {
    has: (file: string): boolean => sources.has(file),
    get(file: string): string | undefined {
      const done = emitted.get(file) ?? (withPlugin && !changed.has(file) ? plain.get(file) : undefined);
      if (done !== undefined) return done;
      const sf = sources.get(file);
      if (sf === undefined) return undefined;
      let js = '';
      program.emit(
        sf,
        (name, text) => {
          if (!/\.[cm]?js$/.test(name)) return;
          // Already CommonJS under module: commonjs; else rewritten (a change of syntax only).
          js = commonJs
            ? text
            : ts.transpileModule(text, {
                fileName: name.replace(/\.[cm]?js$/, '.js'),
                compilerOptions: { module: ts.ModuleKind.CommonJS, target: options.target ?? ts.ScriptTarget.ES2022, esModuleInterop: true },
              }).outputText;
        },
        undefined,
        false,
        { before },
      );
      emitted.set(file, js);
      if (!withPlugin) plain.set(file, js);
      return js;
    },
  };

  const tools = new Map<string, Built>();
  // Classes are built once their module has loaded: the plugin's metadata follows the class.
  const classes: [string, Function, () => unknown][] = [];
  const recorder = {
    cls(id: string, cls: Function, library: () => unknown): void {
      classes.push([id, cls, library]);
    },
    create(id: string, make: () => unknown): unknown {
      try {
        const made = make() as { name?: unknown; inputSchema?: unknown; warnings?: readonly string[] };
        tools.set(id, { schemas: new Map([[String(made.name), made.inputSchema as object]]), warnings: new Map([[String(made.name), made.warnings ?? []]]) });
        return made;
      } catch (e) {
        tools.set(id, { error: failureOf(e) });
        throw e;
      }
    },
  };
  const loadErrors: CheckFailure[] = [];
  const restore = hookRequire(program, compiled, recorder);
  try {
    for (const file of changed) {
      if (!compiled.has(file)) continue;
      try {
        nodeModule()._load(file, null, false);
      } catch (e) {
        if (!withPlugin) {
          const failure = failureOf(e);
          loadErrors.push({ at: file, ...failure, message: `loading it throws ${failure.message}` });
        }
      }
    }
    for (const [id, cls, library] of classes) tools.set(id, buildClass(cls, library));
  } finally {
    restore();
  }
  return { tools, loadErrors };
}

/** The program's files, emitted on demand. */
interface Compiled {
  has(file: string): boolean;
  get(file: string): string | undefined;
}

function buildClass(cls: Function, library: () => unknown): Built {
  try {
    const lib = library() as {
      ToolSet: new () => { addClass(c: Function, r: () => never): { list(): { name: string; inputSchema: object; warnings?: readonly string[] }[] } };
    };
    const set = new lib.ToolSet().addClass(cls, () => {
      throw new Error('not called');
    });
    return { schemas: new Map(set.list().map((t) => [t.name, t.inputSchema])), warnings: new Map(set.list().map((t) => [t.name, t.warnings ?? []])) };
  } catch (e) {
    return { error: failureOf(e) };
  }
}

/**
 * A thrown value as a failure: a definition error's problems (`problems`, from a copy of the library
 * that gathers them; else its message is the one problem), and how many tools they name.
 */
function failureOf(e: unknown): Failure {
  const listed = (e as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(listed) || listed.length < 2) {
    const text = message(e);
    return { message: text, problems: [text], broken: 1 };
  }
  // `3 problems in class DocketService:` and a line per problem (each led by its code).
  const text = String((e as { message?: unknown }).message);
  const problems = listed.map((p: { message?: unknown }) => (typeof p?.message === 'string' ? p.message : String(p)));
  return { message: text, problems, broken: brokenBy(listed) };
}

/** How many tools the problems name (by tool, else by member); at least 1. */
function brokenBy(problems: readonly unknown[]): number {
  const names = new Set<string>();
  for (const p of problems) {
    const site = typeof p === 'object' && p !== null ? (p as { site?: { tool?: unknown; className?: unknown; member?: unknown } }).site : undefined;
    const name = site?.member ?? site?.tool;
    if (name !== undefined) names.add(`${String(site?.className)}.${String(name)}`);
    else if (typeof p === 'string') {
      const m = /^OLT\d+: Cannot build tool '([^']*)'/.exec(p);
      if (m !== null) names.add(m[1]!);
    }
  }
  return Math.max(1, names.size);
}

function message(e: unknown): string {
  const m = (e as { message?: unknown } | undefined)?.message;
  const code = (e as { code?: unknown } | undefined)?.code;
  const text = typeof m === 'string' ? m : String(e);
  return typeof code === 'string' && !text.startsWith(code) ? `${code}: ${text}` : text;
}

/**
 * While a pass loads: `.ts` files of the program are served from the in-memory emit, their imports
 * resolved as the compiler resolved them (path mappings, `.js` written for `.ts`). Afterwards the
 * hooks and the loaded files leave the module cache.
 */
function hookRequire(program: ts.Program, compiled: Compiled, recorder: object): () => void {
  const M = nodeModule() as unknown as {
    _extensions: Record<string, ((m: { _compile(code: string, file: string): void }, f: string) => void) | undefined>;
    _resolveFilename: (request: string, parent: { filename?: string | null } | undefined, ...rest: unknown[]) => string;
    _cache: Record<string, unknown>;
  };
  const options = program.getCompilerOptions();
  const originalResolve = M._resolveFilename;
  const saved = new Map<string, ((m: { _compile(code: string, file: string): void }, f: string) => void) | undefined>();
  const loaded = new Set<string>();
  M._resolveFilename = function (this: unknown, request, parent, ...rest) {
    const from = parent?.filename;
    if (typeof from === 'string' && compiled.has(from) && !request.startsWith('node:')) {
      const r = ts.resolveModuleName(request, from, options, ts.sys).resolvedModule;
      const file = r && path.resolve(r.resolvedFileName);
      if (file !== undefined && compiled.has(file)) return file;
    }
    return originalResolve.call(this, request, parent, ...rest);
  };
  for (const ext of ['.ts', '.tsx', '.mts', '.cts']) {
    const previous = M._extensions[ext];
    saved.set(ext, previous);
    M._extensions[ext] = (mod, filename) => {
      const js = compiled.has(filename) ? compiled.get(filename) : undefined;
      if (js === undefined) {
        if (previous === undefined) throw new Error(`${filename} is not part of the program`);
        return previous(mod, filename);
      }
      (mod as unknown as Record<string, unknown>)[RECORDER] = recorder;
      loaded.add(filename);
      mod._compile(js, filename);
    };
  }
  return () => {
    M._resolveFilename = originalResolve;
    for (const [ext, previous] of saved) {
      if (previous === undefined) delete M._extensions[ext];
      else M._extensions[ext] = previous;
    }
    for (const file of loaded) delete M._cache[file];
  };
}

interface NodeModule {
  _load(request: string, parent: null, isMain: boolean): unknown;
}

/**
 * Node's own module loader. A test runner may hand out a subclass of it whose static fields are
 * copies (jest does), where replacing a hook would not reach the loader: its base is the real one.
 */
function nodeModule(): NodeModule {
  const base: unknown = Object.getPrototypeOf(Module);
  return (typeof base === 'function' && typeof (base as { _resolveFilename?: unknown })._resolveFilename === 'function'
    ? base
    : Module) as unknown as NodeModule;
}

const f = ts.factory;

/**
 * Marks, in the emitted code, each class with tools and each `Tool.create` call, so that the pass
 * can build them by their place in the source; and leaves out top-level expression statements.
 */
function recorderTransformer(analysis: Analysis): ts.TransformerFactory<ts.SourceFile> {
  const checker = analysis.program.getTypeChecker();
  const classes = new Set<string>([...analysis.classes].filter(([, ir]) => ir.methods.size > 0).map(([d]) => idOf(d)));
  const creates = new Set<string>([...analysis.creates.keys()].map(idOf));
  const recorder = (method: string, args: ts.Expression[]) =>
    f.createCallExpression(f.createPropertyAccessExpression(f.createPropertyAccessExpression(f.createIdentifier('module'), RECORDER), method), undefined, args);
  return (ctx) => (sf) => {
    const original = (ts.getParseTreeNode(sf) as ts.SourceFile | undefined) ?? sf;
    const library = librarySpecifier(checker, original);
    const visit = (node: ts.Node): ts.Node => {
      const o = ts.getOriginalNode(node);
      if (ts.isCallExpression(node) && ts.isCallExpression(o) && o.getSourceFile() !== undefined && creates.has(idOf(o))) {
        const inner = ts.visitEachChild(node, visit, ctx);
        return recorder('create', [f.createStringLiteral(idOf(o)), f.createArrowFunction(undefined, undefined, [], undefined, undefined, inner)]);
      }
      return ts.visitEachChild(node, visit, ctx);
    };
    const statements: ts.Statement[] = [];
    for (const s of sf.statements) {
      const o = ts.getOriginalNode(s);
      // Only the user's own statements: the plugin's `defineStaticMetadata(...)` calls stay.
      const own = o.pos >= 0;
      if (
        own &&
        (ts.isExpressionStatement(o) || ts.isIfStatement(o) || ts.isForStatement(o) || ts.isForOfStatement(o) || ts.isWhileStatement(o) || ts.isTryStatement(o))
      )
        continue;
      statements.push(ts.visitNode(s, visit) as ts.Statement);
      if (ts.isClassDeclaration(o) && o.name !== undefined && classes.has(idOf(o)) && library !== undefined) {
        const load = f.createArrowFunction(
          undefined,
          undefined,
          [],
          undefined,
          undefined,
          f.createCallExpression(f.createIdentifier('require'), undefined, [f.createStringLiteral(library)]),
        );
        statements.push(f.createExpressionStatement(recorder('cls', [f.createStringLiteral(idOf(o)), f.createIdentifier(o.name.text), load])));
      }
    }
    return f.updateSourceFile(sf, statements);
  };
}

/** The specifier a file imports the library by. */
function librarySpecifier(checker: ts.TypeChecker, sf: ts.SourceFile): string | undefined {
  for (const s of sf.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const mod = checker.getSymbolAtLocation(s.moduleSpecifier);
    if (mod !== undefined && checker.getExportsOfModule(mod).some((e) => e.name === 'defineStaticMetadata')) return s.moduleSpecifier.text;
  }
  return undefined;
}

// ---- comparing ----------------------------------------------------------------------------------

type Schema = { readonly [k: string]: unknown };
type Trail = { readonly method?: MethodIR; readonly hint?: HintIR; readonly param?: string; readonly prop?: { cls: ts.ClassDeclaration; key: string } };
type Report = (slot: string[], kind: SlotLoss['kind'], full: string, runtime: string, trail: Trail | undefined) => void;

const text = (v: unknown) => JSON.stringify(v);

function isObjectSchema(s: Schema): s is Schema & { properties: Record<string, Schema>; required?: string[] } {
  return typeof s.properties === 'object' && s.properties !== null;
}

/** Walks both schemas together and reports the slots whose schema or requiredness differ. */
function compare(full: Schema, runtime: Schema, at: string[], report: Report, trail: Trail | undefined): void {
  if (text(full) === text(runtime)) return;
  if (isObjectSchema(full) && isObjectSchema(runtime)) {
    const { properties: fp, required: fr = [], ...fRest } = full;
    const { properties: rp, required: rr = [], ...rRest } = runtime;
    for (const key of Object.keys(fp)) {
      const rSlot = rp[key];
      if (rSlot === undefined) continue;
      const slot = [...at, at.length === 0 ? key : `.${key}`];
      const next = step(trail, key);
      const fReq = fr.includes(key);
      if (fReq !== rr.includes(key)) report(slot, fReq ? 'required' : 'optional', fReq ? 'required' : 'optional', fReq ? 'optional' : 'required', next);
      compare(fp[key]!, rSlot, slot, report, next);
    }
    if (text(fRest) !== text(rRest)) report(at, 'type', text(fRest), text(rRest), trail);
    return;
  }
  if (typeof full.items === 'object' && typeof runtime.items === 'object' && full.type === runtime.type) {
    const { items: fi, ...fRest } = full;
    const { items: ri, ...rRest } = runtime;
    compare(fi as Schema, ri as Schema, [...at, '[]'], report, trail?.hint?.k === 'array' || trail?.hint?.k === 'set' ? { hint: trail.hint.of } : undefined);
    if (text(fRest) !== text(rRest)) report(at, 'type', text(full), text(runtime), trail);
    return;
  }
  report(at, 'type', text(full), text(runtime), trail);
}

/** Follows one property of the schema into what the plugin read: a parameter, or a DTO's property. */
function step(trail: Trail | undefined, key: string): Trail | undefined {
  if (trail === undefined) return undefined;
  if (trail.method !== undefined) {
    const p = trail.method.params.find((x) => x.name === key);
    return p === undefined ? undefined : { param: key, ...(p.type ? { hint: withNull(p.type, p.nullable) } : {}) };
  }
  let h = trail.hint;
  if (h?.k === 'nullable') h = h.of;
  if (h?.k !== 'class') return undefined;
  return { prop: { cls: h.decl, key } };
}

function withNull(h: HintIR, nullable: boolean | undefined): HintIR {
  return nullable ? { k: 'nullable', of: h } : h;
}

const NAMES: Namer = {
  lib: (name) => f.createIdentifier(name),
  decl: (d) => f.createIdentifier(d.name?.text ?? 'default'),
  shape: (s) => f.createIdentifier(s.name ?? 'Shape'),
};

function printHint(h: HintIR): string {
  const printer = ts.createPrinter({ removeComments: true });
  let e = hintExpr(h, NAMES);
  // A hint is lazy (`() => T`) only where it names a class; an enum is written as it is.
  if (ts.isArrowFunction(e) && !refsOf(h).some((d) => ts.isClassDeclaration(d))) e = e.body as ts.Expression;
  return printer.printNode(ts.EmitHint.Expression, e, ts.createSourceFile('hint.ts', '', ts.ScriptTarget.Latest));
}

function fixFor(analysis: Analysis, site: Site, trail: Trail | undefined, kind: SlotLoss['kind']): string {
  if (trail?.param !== undefined) {
    const name = trail.param;
    if (site.create !== undefined) {
      if (kind !== 'type') return `Tool.create(fn, { params: { ${name}: { type: ..., optional: true } } }), or give '${name}' a default value`;
      return trail.hint ? `Tool.create(fn, { params: { ${name}: ${printHint(trail.hint)} } })` : `give '${name}' its type in Tool.create options.params`;
    }
    if (kind !== 'type') return `@Param({ optional: true }) on '${name}', or give it a default value`;
    return trail.hint ? `@Param({ type: ${printHint(trail.hint)} }) on '${name}'` : `give '${name}' a type hint: @Param({ type: ... })`;
  }
  if (trail?.prop !== undefined) {
    const { cls, key } = trail.prop;
    const owner = `${cls.name?.text ?? 'the class'}.${key}`;
    if (kind !== 'type') return `@IsOptional() (class-validator) or @Prop({ optional: true }) on ${owner}`;
    const ir = analysis.classes.get(cls)?.properties?.find((p) => p.key === key);
    return ir?.type ? `@Prop({ type: ${printHint(withNull(ir.type, ir.nullable))} }) on ${owner}` : `give ${owner} a type hint: @Prop({ type: ... })`;
  }
  return kind === 'type'
    ? 'give this argument its type as a hint (@Param / @Prop type), or compile with the plugin'
    : '@Param({ optional: true }) / @IsOptional(), or compile with the plugin';
}
