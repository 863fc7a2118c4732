/** A small argv parser: positionals, `--flag`, `--name value` and `--name=value`. */
export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: ReadonlyMap<string, string[]>;
}

/** What a command accepts: options that take a value, and bare flags. */
export interface ArgSpec {
  readonly values?: readonly string[];
  readonly flags?: readonly string[];
  /** Every argument is a positional, options included (a command that parses its own). */
  readonly passthrough?: boolean;
}

/** A mistake on the command line: printed with the command's usage, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  if (spec.passthrough === true) return { positionals: [...argv], flags: new Map() };
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (name: string, value: string) => flags.set(name, [...(flags.get(name) ?? []), value]);
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositionals || !arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (spec.values?.includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`--${name} needs a value.`);
      add(name, value);
    } else if (spec.flags?.includes(name) || name === 'help') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value.`);
      add(name, '');
    } else {
      throw new UsageError(`unknown option --${name}.`);
    }
  }
  return { positionals, flags };
}

/** The one value of an option (the last one given), checked against the allowed values. */
export function oneOf<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[], fallback: T): T {
  const given = args.flags.get(name);
  const value = given?.[given.length - 1];
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of: ${allowed.join(', ')} (got '${value}').`);
  return value as T;
}
