import type { Diagnosis, ToolErrorCode } from './diagnostics';

export type { ToolErrorCode } from './diagnostics';

/** Where a definition problem lies: the class, the member, the parameter and the property path. */
export interface ToolErrorSite {
  readonly tool?: string;
  readonly className?: string;
  readonly member?: string;
  readonly paramIndex?: number;
  readonly paramName?: string;
  /** The property path below the parameter, e.g. `DocketQuery.items`. */
  readonly path?: string;
}

/**
 * One problem of a definition: its code, the catalogue's text (what is wrong, then the fix), the fix
 * alone (the text's sentences after the first, when it gives one), where it lies, and the message a
 * `ToolDefinitionError` with this one problem has (`OLT002: Cannot build tool 'x' (C.m), parameter #0 'q': ...`).
 */
export interface DefinitionProblem {
  readonly code: ToolErrorCode;
  readonly text: string;
  readonly fix?: string;
  readonly site: ToolErrorSite;
  /** The place as words: `Cannot build tool 'x' (C.m), parameter #0 'q', property Dto.items` ('' when unknown). */
  readonly place: string;
  readonly message: string;
}

/**
 * A tool, a class or a tool set cannot be defined as written. Every problem found is listed in
 * `problems` (the builder goes on past a problem wherever the rest does not depend on it). With one
 * problem the message is that problem's (`code: place: text`); with more, a first line
 * `3 problems in class DocketService:` and one line per problem (`- ` and that problem's message).
 * `code`, `reason` and `site` are the first problem's. Code branches on `code` or `problems`, never
 * on the message.
 */
export class ToolDefinitionError extends Error {
  override readonly name = 'ToolDefinitionError';
  readonly code: ToolErrorCode;
  readonly reason: string;
  readonly site: ToolErrorSite;
  readonly problems: readonly DefinitionProblem[];
  /** What the first line names (`class DocketService`), when there are several problems. */
  readonly scope?: string;

  constructor(code: ToolErrorCode, reason: string, site?: ToolErrorSite);
  constructor(problems: readonly DefinitionProblem[], scope?: string);
  constructor(first: ToolErrorCode | readonly DefinitionProblem[], second?: string, site: ToolErrorSite = {}) {
    const problems = typeof first === 'string' ? [problem(first, second ?? '', site)] : first;
    if (problems.length === 0) throw new RangeError('a ToolDefinitionError needs at least one problem');
    const scope = typeof first === 'string' ? undefined : second;
    super(
      problems.length === 1
        ? problems[0]!.message
        : `${problems.length} problems${scope !== undefined ? ` in ${scope}` : ''}:\n${problems.map((p) => `- ${p.message}`).join('\n')}`,
    );
    this.problems = Object.freeze([...problems]);
    this.code = problems[0]!.code;
    this.reason = problems[0]!.text;
    this.site = problems[0]!.site;
    if (scope !== undefined) this.scope = scope;
  }

  /** The same problems, placed deeper or more precisely (the builder adds what it knows on the way out). */
  at(site: ToolErrorSite): ToolDefinitionError {
    // Placed inside something larger: what the first line named is for that larger thing to say.
    return new ToolDefinitionError(this.map(() => site).problems);
  }

  /** Each problem placed by `place(problem)` (an outer site; `undefined` leaves it where it is). */
  map(place: (p: DefinitionProblem) => ToolErrorSite | undefined, scope?: string): ToolDefinitionError {
    const problems = this.problems.map((p) => {
      const outer = place(p);
      return outer === undefined ? p : problem(p.code, p.text, { ...outer, ...dropUndefined(p.site), path: joinPath(outer.path, p.site.path) });
    });
    return new ToolDefinitionError(problems, scope ?? this.scope);
  }
}

/**
 * Every problem of the errors, as one error (the one itself when there is one problem, or one error
 * that names its own scope): `scope` names what they belong to in the message's first line
 * (`class DocketService`, `the tool set`).
 */
export function gathered(errors: readonly ToolDefinitionError[], scope: string): ToolDefinitionError {
  // One error that already names what its problems belong to (a class in a tool set) stays as it is.
  if (errors.length === 1 && (errors[0]!.problems.length === 1 || errors[0]!.scope !== undefined)) return errors[0]!;
  return new ToolDefinitionError(
    errors.flatMap((e) => e.problems),
    scope,
  );
}

/**
 * Runs each step; a definition error is kept and the next step runs. When all have run, the kept
 * problems are thrown as one error (see `gathered`). Any other throw passes at once.
 */
export class ProblemList {
  readonly errors: ToolDefinitionError[] = [];

  /** `step()`'s value, or `undefined` when it failed with a definition error (kept). */
  run<T>(step: () => T, place?: (e: ToolDefinitionError) => ToolDefinitionError): T | undefined {
    try {
      return step();
    } catch (e) {
      if (!(e instanceof ToolDefinitionError)) throw e;
      this.add(place !== undefined ? place(e) : e);
      return undefined;
    }
  }

  add(e: ToolDefinitionError): void {
    // Missing design metadata is a setting of the build, not of one slot: listed once.
    const seen = new Set(
      this.errors
        .flatMap((x) => x.problems)
        .filter((p) => p.code === 'OLT012')
        .map((p) => p.text),
    );
    const kept = e.problems.filter((p) => {
      if (p.code !== 'OLT012') return true;
      if (seen.has(p.text)) return false;
      seen.add(p.text);
      return true;
    });
    if (kept.length === e.problems.length) this.errors.push(e);
    else if (kept.length > 0) this.errors.push(new ToolDefinitionError(kept, e.scope));
  }

  get empty(): boolean {
    return this.errors.length === 0;
  }

  /** Throws the kept problems, if any. */
  throwIfAny(scope: string): void {
    if (this.errors.length > 0) throw gathered(this.errors, scope);
  }
}

function problem(code: ToolErrorCode, text: string, site: ToolErrorSite): DefinitionProblem {
  const place = describeSite(site);
  const fix = fixOf(text);
  return Object.freeze({
    code,
    text,
    ...(fix !== undefined ? { fix } : {}),
    site: Object.freeze({ ...site }),
    place,
    message: `${code}: ${place !== '' ? `${place}: ` : ''}${text}`,
  });
}

/** The sentences after the first of a catalogue text (its fix), if it has more than one. */
function fixOf(text: string): string | undefined {
  const m = /\.\s+(?=[A-Z@])/.exec(text);
  if (m === null) return undefined;
  const rest = text.slice(m.index + m[0].length).trim();
  return rest === '' ? undefined : rest;
}

/** The error for a diagnosis of the catalogue (lib/diagnostics.ts). */
export function refuse(d: Diagnosis, site?: ToolErrorSite): ToolDefinitionError {
  return new ToolDefinitionError(d.code, d.text, site);
}

function dropUndefined(site: ToolErrorSite): ToolErrorSite {
  return Object.fromEntries(Object.entries(site).filter(([, v]) => v !== undefined));
}

function joinPath(outer?: string, inner?: string): string | undefined {
  if (outer && inner) return `${outer}.${inner}`;
  return outer ?? inner;
}

/**
 * The `className` of a `Tool.create` function's site (no class can have this name: `function` is a
 * reserved word). Its place reads `(function forecast)`, or `(function)` when it has no name.
 */
export const FUNCTION_OWNER = 'function';

function describeSite(site: ToolErrorSite): string {
  const parts: string[] = [];
  const fn = site.className === FUNCTION_OWNER ? (site.member ?? '').replace(/^(bound )+/, '') : undefined;
  const owner =
    fn !== undefined
      ? `${FUNCTION_OWNER}${fn !== '' ? ` ${fn}` : ''}`
      : site.className && site.member
        ? `${site.className}.${site.member}`
        : (site.className ?? site.member);
  if (site.tool !== undefined) parts.push(`Cannot build tool '${site.tool}'${owner ? ` (${owner})` : ''}`);
  else if (owner) parts.push(`Cannot build ${owner}`);
  if (site.paramIndex !== undefined || site.paramName !== undefined) {
    parts.push(`parameter #${site.paramIndex ?? '?'}${site.paramName !== undefined ? ` '${site.paramName}'` : ''}`);
  }
  if (site.path) parts.push(`property ${site.path}`);
  return parts.join(', ');
}
