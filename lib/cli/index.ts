import { parseArgs, UsageError } from './args';
import { createInterface } from 'node:readline/promises';
import { COMMANDS, readAllStdin, type Io } from './commands';
import { DiscoveryError } from './discover';
import { isToolDefinitionError, LoadError } from './load';
import { printable, printableStyled } from './printable';

export { COMMANDS, type Command, type Io } from './commands';

/**
 * Runs `tool-signatures <command> ...` and returns the exit status: 0 success, 1 `call` returned
 * an error result, 2 something to fix (a definition error with its code, a module that cannot be
 * loaded, no tools, a usage mistake).
 */
export async function main(argv: readonly string[], given: Io): Promise<number> {
  const confirm = given.confirm;
  const io: Io = {
    ...given,
    out: (text) => given.out(printable(text)),
    err: (text) => given.err(given.color === true ? printableStyled(text) : printable(text)),
    ...(confirm !== undefined ? { confirm: (question: string) => confirm.call(given, printable(question)) } : {}),
  };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.err(`tool-signatures: unknown command '${name}'.\n\n${help()}`);
    return 2;
  }
  try {
    const args = parseArgs(rest, command.args);
    if (args.flags.has('help')) {
      io.out(`usage: tool-signatures ${command.usage}\n\n${command.summary}\n`);
      return 0;
    }
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`tool-signatures ${name}: ${e.message}\nusage: tool-signatures ${command.usage}\n`);
      return 2;
    }
    if (isToolDefinitionError(e)) {
      // The message names the class, the method, the parameter and the fix; the code leads it.
      io.err(`error ${e.message}\n`);
      return 2;
    }
    if (e instanceof LoadError || e instanceof DiscoveryError) {
      io.err(`tool-signatures ${name}: ${e.message}\n`);
      return 2;
    }
    io.err(`tool-signatures ${name}: unexpected failure: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
}

function help(): string {
  const rows = Object.entries(COMMANDS).map(([, c]) => `  tool-signatures ${c.usage}\n      ${c.summary}`);
  return `usage:\n${rows.join('\n')}\n\nExit status: 0 success, 1 the called tool returned an error result, 2 something to fix (printed with its code).\n`;
}

/** A yes/no question on the terminal (standard error, so that standard output stays the result). */
async function askOnTerminal(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(y|yes)$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** Colours on a terminal only, and never when `NO_COLOR` is set to anything but '' (no-color.org). */
export function takesColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
}

/** The process entry (bin/tool-signatures.js): runs, lets the output drain, exits with the status. */
export async function run(argv: readonly string[]): Promise<never> {
  const io: Io = {
    cwd: process.cwd(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    readStdin: readAllStdin,
    ...(process.stdin.isTTY === true && process.stderr.isTTY === true ? { confirm: askOnTerminal } : {}),
    color: takesColor(process.stderr, process.env),
  };
  const status = await main(argv, io);
  // Exit explicitly: a user's module may hold handles open (a pool, a timer) that would keep the
  // process alive; wait for the pipes to take the output first.
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise<void>((resolve) => s.write('', () => resolve()))));
  process.exit(status);
}

if (require.main === module) void run(process.argv.slice(2));
