import { DEFAULT_LIMITS } from '../invoke/arguments/json-text';
import type { ApprovalDecision, ApprovalRequest, ToolClient } from '../invoke/calling/context';
import { approvalQuestion } from '../invoke/calling/question';
import type { ToolResult } from '../tool-result';
import { oneOf, type parseArgs, UsageError, type ArgSpec } from './args';
import { buildCatalogue, PROVIDERS, renderTable, type ProviderId } from './catalogue';
import { discoverServed, discoverTools, DiscoveryError, type FoundServed, type FoundTool } from './discover';
import { loadUserModule, type LoadedModule } from './load';
import { nestModuleOf } from './nest';

/** Where a command writes, and where it runs (tests pass their own). */
export interface Io {
  readonly cwd: string;
  out(text: string): void;
  err(text: string): void;
  /**
   * Standard input as text (for `call <module> <tool> -`), read to its end or until it is longer
   * than `maxLength` characters (then what was read, which the invoker refuses as too long).
   */
  readStdin(maxLength: number): Promise<string>;
  /**
   * Asks a yes/no question on the terminal (for approvals); absent when there is no terminal to ask
   * on (input or error output redirected), and then `call` refuses what needs approval unless
   * `--approve` is given.
   */
  confirm?(question: string): Promise<boolean>;
  /**
   * Whether standard error is a terminal that takes colours (a TTY, and `NO_COLOR` unset or empty):
   * then TypeScript's diagnostics are printed with colours and source context, else as plain text.
   */
  readonly color?: boolean;
}

/** One row of the command table. */
export interface Command {
  /** `inspect <module> [--provider ...]`: shown in the help. */
  readonly usage: string;
  readonly summary: string;
  readonly args: ArgSpec;
  /** Runs the command; the value is the exit status (0 success, 1 an error result, 2 a problem to fix). */
  run(args: ReturnType<typeof parseArgs>, io: Io): Promise<number>;
}

/**
 * The commands of `tool-signatures`, one row each. A row's `run` loads what it needs lazily: the
 * plugin's `generate` loads TypeScript's compiler API, which `inspect` and `call` never load.
 */
export const COMMANDS: Readonly<Record<string, Command>> = {
  inspect: {
    usage: 'inspect <module> [--provider openai|anthropic|gemini|mcp|all]... [--strict|--no-strict] [--format table|json]',
    summary: "Print the module's tools: names, descriptions, schemas, metadata, and provider forms with what each provider could not take.",
    args: { values: ['provider', 'format'], flags: ['strict', 'no-strict'] },
    run: inspect,
  },
  call: {
    usage: 'call <module> <tool> <json|-> [--format text|json] [--approve]',
    summary:
      'Invoke one tool with JSON arguments (- reads them from standard input) and print its result; exit status 1 when the result is an error. A tool that requires approval asks on the terminal, and is refused without one unless --approve is given.',
    args: { values: ['format'], flags: ['approve'] },
    run: call,
  },
  generate: {
    usage: 'generate [tsconfig.json] [--out <file>] [--import-extension .js|.ts|none] [--library <specifier>] [--watch]',
    summary:
      'The compile-time plugin for builds that cannot run it (esbuild, tsx, Vite, SWC): write one module of the static metadata, to import before tools are built; nothing is written when there are definition errors (exit status 2). Needs typescript.',
    args: { passthrough: true },
    run: async (args, io) => (await pluginCli('generate')).main(['generate', ...args.positionals], io),
  },
  check: {
    usage: 'check [tsconfig.json] [--strict]',
    summary:
      'Build every tool both ways (full static types, and design types alone as at run time without the plugin) and list each argument that loses type information, with the hint that fixes it, and each DTO property no source types (OLT016); exit status 1 when one loses it (with --strict, also when a DTO property is typed by no source). Needs typescript.',
    args: { passthrough: true },
    run: async (args, io) => (await pluginCli('check')).main(['check', ...args.positionals], io),
  },
};

/** The plugin's commands, which need the `typescript` package: its absence is a usage problem that names the install. */
async function pluginCli(command: string): Promise<typeof import('../plugin/cli')> {
  try {
    return await import('../plugin/cli');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'MODULE_NOT_FOUND' && /Cannot find module 'typescript'/.test(String(err.message))) {
      throw new UsageError(
        `the typescript package is not installed (an optional peer dependency of tool-signatures, which ${command} needs). Install it: npm install --save-dev typescript`,
      );
    }
    throw e;
  }
}

async function load(
  args: ReturnType<typeof parseArgs>,
  io: Io,
  arity: number,
  served = false,
): Promise<{ loaded: LoadedModule; found: FoundTool[]; served: FoundServed[]; close?: () => Promise<void> }> {
  if (args.positionals.length !== arity) throw new UsageError(`expected ${arity} argument${arity === 1 ? '' : 's'}, got ${args.positionals.length}.`);
  const loaded = await loadUserModule(args.positionals[0]!, io.cwd);
  // A NestJS application module: its tools run in the application context Nest builds.
  const nestModule = nestModuleOf(loaded.exports);
  if (nestModule !== undefined) {
    const { nestTools } = await import('./nest');
    const app = await nestTools(loaded, nestModule);
    return { loaded, found: app.found, served: [], close: app.close };
  }
  const found = discoverTools(loaded);
  const others = served ? discoverServed(loaded) : [];
  if (found.length === 0 && others.length > 0) return { loaded, found, served: others };
  if (found.length === 0) {
    throw new DiscoveryError(
      `no tools found in ${args.positionals[0]}. Export a class with @Tool methods (constructible with no arguments), an instance of one, a ToolDefinition (Tool.create), an array of them, or a ToolSet.`,
    );
  }
  return { loaded, found, served: others };
}

async function inspect(args: ReturnType<typeof parseArgs>, io: Io): Promise<number> {
  const format = oneOf(args, 'format', ['table', 'json'], 'table');
  const providers = providerList(args.flags.get('provider') ?? []);
  const strictFlags = [args.flags.has('strict'), args.flags.has('no-strict')];
  if (strictFlags[0] && strictFlags[1]) throw new UsageError('give --strict or --no-strict, not both.');
  const strict = strictFlags[0] ? true : strictFlags[1] ? false : undefined;
  const { loaded, found, served, close } = await load(args, io, 1, true);
  await close?.();
  const catalogue = buildCatalogue(loaded.library, args.positionals[0]!, found, { providers, strict }, served);
  io.out(format === 'json' ? JSON.stringify(catalogue, null, 2) + '\n' : renderTable(catalogue));
  return 0;
}

function providerList(given: readonly string[]): ProviderId[] {
  const out: ProviderId[] = [];
  for (const value of given.flatMap((g) => g.split(','))) {
    const names = value === 'all' ? [...PROVIDERS] : [value];
    for (const name of names) {
      if (!(PROVIDERS as readonly string[]).includes(name)) throw new UsageError(`--provider must be one of: ${PROVIDERS.join(', ')}, all (got '${name}').`);
      if (!out.includes(name as ProviderId)) out.push(name as ProviderId);
    }
  }
  return out;
}

async function call(args: ReturnType<typeof parseArgs>, io: Io): Promise<number> {
  const format = oneOf(args, 'format', ['text', 'json'], 'text');
  const { loaded, found, close } = await load(args, io, 3);
  try {
    return await callFound(args, io, loaded, found, format);
  } finally {
    await close?.();
  }
}

async function callFound(args: ReturnType<typeof parseArgs>, io: Io, loaded: LoadedModule, found: FoundTool[], format: string): Promise<number> {
  const [, name, json] = args.positionals;
  const match = found.find((f) => f.tool.name === name);
  if (match === undefined) {
    throw new DiscoveryError(`no tool named '${name}' in ${args.positionals[0]}. Its tools: ${found.map((f) => f.tool.name).join(', ')}.`);
  }
  const text = json === '-' ? await io.readStdin(DEFAULT_LIMITS.maxTextLength) : json!;
  // The text goes to the invoker as the model would send it: it parses and validates it. The call
  // goes through a tool set (the exported one it came from), as every other caller's does.
  const set = match.set ?? new loaded.library.ToolSet([match.tool]);
  const approved = args.flags.has('approve');
  const result = (await set.invoke(match.tool.name, text, {
    ...(approved ? { approve: () => true } : {}),
    client: terminalClient(io, json === '-'),
  })) as ToolResult;
  io.out(format === 'json' ? JSON.stringify(resultJson(result), bigintAsText, 2) + '\n' : resultText(result));
  return result.isError ? 1 : 0;
}

/** Progress and log lines go to standard error; approvals are asked on the terminal when there is one. */
function terminalClient(io: Io, stdinUsed: boolean): ToolClient {
  const confirm = stdinUsed ? undefined : io.confirm;
  return {
    caller: { via: 'cli' },
    progress: (u) => io.err(`progress ${u.done}${u.total !== undefined ? `/${u.total}` : ''}${u.message !== undefined ? ` ${u.message}` : ''}\n`),
    log: (level, message) => io.err(`${level}: ${message}\n`),
    approve: async (request: ApprovalRequest): Promise<ApprovalDecision> => {
      if (confirm === undefined) return { approved: false, reason: 'it requires approval and there is no terminal to ask on; pass --approve to approve it' };
      const question = approvalQuestion(request);
      if (!question.ok) return { approved: false, reason: question.reason };
      const yes = await confirm(`${question.text}\n[y/N] `);
      return yes ? true : { approved: false, reason: 'refused on the terminal' };
    },
  };
}

// Parts hold JSON values already; a typed result (an ends-loop tool's value) may hold a bigint.
function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** The result as a model would read it: text parts as they are, JSON parts as JSON. */
function resultText(result: ToolResult): string {
  const lines = result.parts.map((p) => {
    switch (p.type) {
      case 'text':
        return p.text;
      case 'json':
        return JSON.stringify(p.value, bigintAsText, 2);
      case 'image':
        return `[image ${p.mimeType}, ${p.data.byteLength} bytes]`;
      case 'audio':
        return `[audio ${p.mimeType}, ${p.data.byteLength} bytes]`;
      case 'resource_link':
        return `[link ${p.name}: ${p.uri}${p.mimeType !== undefined ? ` (${p.mimeType})` : ''}]`;
      case 'resource':
        return p.text !== undefined
          ? `[resource ${p.uri}]\n${p.text}`
          : `[resource ${p.uri}${p.mimeType !== undefined ? ` ${p.mimeType}` : ''}, ${p.data.byteLength} bytes]`;
    }
  });
  if (result.parts.length === 0) lines.push(result.isError ? '(error, no content)' : '(no content)');
  return lines.join('\n') + '\n';
}

function resultJson(result: ToolResult): unknown {
  const out: Record<string, unknown> = {
    isError: result.isError,
    parts: result.parts.map((p) =>
      p.type === 'image' || p.type === 'audio' || (p.type === 'resource' && p.data !== undefined) ? { ...p, data: Buffer.from(p.data!).toString('base64') } : p,
    ),
  };
  if (result.typedResult !== undefined) out.typedResult = result.typedResult;
  out.costs = result.costs;
  return out;
}

/** Standard input, to its end, or until more than `maxLength` characters have come (then reading stops). */
export function readAllStdin(maxLength: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const stdin = process.stdin;
    const done = (): void => {
      stdin.off('data', onData);
      stdin.pause();
      resolve(text);
    };
    const onData = (chunk: string): void => {
      text += chunk;
      if (text.length > maxLength) done();
    };
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.once('end', done);
    stdin.once('error', reject);
  });
}
