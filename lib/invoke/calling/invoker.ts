import { freshDefault } from '../arguments/defaults';
import type { ToolSpec } from '../../schema/tool-spec';
import { someNode, type TypeNode } from '../../types/node';
import { calleeOf, type Callee } from './bound';
import { adopt, copyResult, execute, failed, isThenable, settleOf, type CallPlan } from './call';
import { describeThrown } from '../../thrown';
import { compileFastPath, type CompiledFastPath } from '../arguments/fast-path';
import {
  converterOf,
  hasTransform,
  isValidatedDto,
  TransformRefusal,
  validateDtos,
  validateDtosSync,
  type Convert,
  type HydrationState,
} from '../arguments/hydrate';
import { validatorModule, type ValidationErrorLike } from '../arguments/peers';
import { DEFAULT_LIMITS, exceedsMembers, measureDepth, parseArgumentText, type ArgumentLimits } from '../arguments/json-text';
import { formatProblems, notAnObject, refusedBy, tooDeep, tooManyMembers, type ArgumentProblem } from '../arguments/messages';
import { failureText, useElicitationForms, type InvokeOptions, type ToolDefinition, type ElicitationRequest } from './context';
import { isToolResult, ToolResult } from '../../tool-result';
import { compileValidator, firstErrorValidator, problemsOf, walk } from '../arguments/validate';
import { pointerOf, segmentsOf } from '../../json';
import type { ValidateFunction } from 'ajv';
import { cachedBy } from '../../cache';
import type { JsonSchema } from '../../tool-description';
import { buildToolSpec } from '../../schema/tool-spec';
import type { Hint, ObjectHint } from '../../types/hints';
import { elicitationForm } from './elicitation-form';
import { schemaToolOf } from './schema-tool';

/**
 * The invoker: arguments (JSON text or a parsed object) are measured, parsed, validated against the
 * tool's enforced schema, hydrated, checked against the class-validator rules of its DTOs, and
 * passed to the method; whatever happens becomes a `ToolResult`. Only the caller's cancellation
 * rejects. Everything that can be decided per tool is compiled once, on the tool's first call, and
 * cached by its spec: the fast path (`fast-path.ts`: one generated function that checks and
 * hydrates in a single pass) serves accepted calls; anything it does not accept goes through the
 * general path (ajv, every problem's text, hydration, class-validator), which alone writes refusals.
 */

interface ParamPlan {
  readonly index: number;
  readonly name: string;
  readonly inherited: boolean;
  readonly nullable: boolean;
  readonly convert: Convert | null;
  readonly fill: { readonly value: unknown } | undefined;
}

export interface Plan extends CallPlan {
  readonly validate: ValidateFunction;
  readonly params: readonly ParamPlan[];
  /** A bigint somewhere: text is read with the exact scanner. */
  readonly keepBig: boolean;
  /** A JsonValue / JsonObject / JsonArray or a recursive class somewhere: a parsed object's depth is measured. */
  readonly open: boolean;
  /**
   * A DTO that class-validator must check, or a `@Transform` (which may refuse its argument),
   * somewhere: paths are tracked during hydration.
   */
  readonly validates: boolean;
  /** Checks and hydrates in one pass; null when the tool's schema uses what it does not cover. */
  readonly fast: CompiledFastPath | null;
  /**
   * A tool whose one DTO parameter is its whole input: that parameter's name. The arguments object
   * is read as `{ [wrap]: arguments }`, so both paths check and hydrate it as that parameter's value;
   * the paths of its problems are written without the parameter's name.
   */
  readonly wrap: string | undefined;
}

/** The plan of a spec, compiled on its first call (internal: not part of the package's surface). */
export const planOf: (spec: ToolSpec) => Plan = cachedBy(compile);

/** A slot whose depth the schema does not bound (open JSON, or a recursive class). */
const isOpen = (n: TypeNode): boolean => n.kind === 'any' || n.kind === 'object' || (n.kind === 'array' && n.items === undefined) || n.recursive === true;

function compile(spec: ToolSpec): Plan {
  const values = spec.params.filter((p) => p.role === 'value');
  const nodes = values.map((p) => p.node);
  return {
    spec,
    arity: spec.params.reduce((max, p) => Math.max(max, p.index + 1), 0),
    contextIndex: spec.params.find((p) => p.role === 'context')?.index ?? -1,
    signalIndex: spec.params.find((p) => p.role === 'signal')?.index ?? -1,
    timeoutMs: spec.timeoutSeconds > 0 ? spec.timeoutSeconds * 1000 : 0,
    settle: settleOf(spec),
    validate: compileValidator(spec),
    params: values.map((p) => ({
      index: p.index,
      name: p.name,
      inherited: p.name in Object.prototype,
      nullable: p.node.nullable,
      convert: converterOf(p.node),
      fill: p.fill,
    })),
    keepBig: nodes.some((n) => someNode(n, (x) => x.kind === 'bigint')),
    open: nodes.some((n) => someNode(n, isOpen)),
    validates: nodes.some((n) => someNode(n, (x) => isValidatedDto(x) || hasTransform(x))),
    fast: compileFastPath(spec),
    wrap: spec.input === 'dto' ? values[0]!.name : undefined,
  };
}

/** The arguments as both paths read them (see `Plan.wrap`). */
function wrapped(plan: Plan, raw: object): object {
  return plan.wrap === undefined ? raw : { [plan.wrap]: raw };
}

/** A whole input's problems, with paths that start at its properties (`Argument 'customer' ...`). */
function unwrapped(plan: Plan, problems: ArgumentProblem[]): ArgumentProblem[] {
  if (plan.wrap === undefined) return problems;
  return problems.map((p) => (p.path.length === 0 || p.path[0] !== plan.wrap ? p : { ...p, path: p.path.slice(1), pointer: pointerOf(p.path.slice(1)) }));
}

// ---- preparing a call: arguments → values ---------------------------------------------------

export type Prepared = { readonly ok: true; readonly args: unknown[]; readonly raw: object } | { readonly ok: false; readonly text: string };

function refused(text: string): Prepared {
  return { ok: false, text };
}

export function limitsOf(...layers: (Partial<ArgumentLimits> | undefined)[]): ArgumentLimits {
  let out = DEFAULT_LIMITS;
  for (const l of layers) if (l !== undefined) out = { ...out, ...dropUndefined(l) };
  return out;
}

function dropUndefined(l: Partial<ArgumentLimits>): Partial<ArgumentLimits> {
  const out: { -readonly [K in keyof ArgumentLimits]?: number } = {};
  if (l.maxDepth !== undefined) out.maxDepth = l.maxDepth;
  if (l.maxTextLength !== undefined) out.maxTextLength = l.maxTextLength;
  if (l.maxMembers !== undefined) out.maxMembers = l.maxMembers;
  return out;
}

/** Reads the arguments into a JSON value: parsed from text (bigint literals exact), or as given. */
function readArguments(plan: Plan, args: unknown, limits: ArgumentLimits): { value: unknown } | { text: string } {
  if (typeof args === 'string') {
    const parsed = parseArgumentText(args, limits, { keepBigIntegers: plan.keepBig });
    if (!parsed.ok) return { text: parsed.message };
    const value = parsed.value;
    if (parsed.bigIntegers !== undefined && parsed.bigIntegers.size > 0) placeBigIntegers(plan, value, parsed.bigIntegers);
    return { value };
  }
  if (args === undefined) return { value: {} };
  if (plan.open && typeof args === 'object' && args !== null && !measureDepth(args, limits.maxDepth)) return { text: tooDeep(limits.maxDepth) };
  return { value: args };
}

/** Puts the exact value of every big integer literal that a bigint parameter or property holds in place. */
function placeBigIntegers(plan: Plan, value: unknown, literals: ReadonlyMap<string, string>): void {
  for (const [pointer, literal] of literals) {
    const segments = segmentsOf(pointer);
    if (walk(plan.spec.params, plan.wrap === undefined ? segments : [plan.wrap, ...segments], value).node?.kind !== 'bigint') continue;
    let holder = value as Record<string, unknown>;
    for (let i = 0; i < segments.length - 1; i++) holder = holder[segments[i]!] as Record<string, unknown>;
    holder[segments[segments.length - 1]!] = BigInt(literal);
  }
}

/**
 * Validates and hydrates the arguments of one call. Throws only what user code in hydration
 * throws (a DTO constructor, a `@Transform` function, a custom class-validator constraint).
 */
function prepare(plan: Plan, args: unknown, limits: ArgumentLimits): Prepared | Promise<Prepared> {
  let raw: unknown;
  if (typeof args === 'object' && args !== null && !plan.open) {
    raw = args;
  } else {
    const read = readArguments(plan, args, limits);
    if ('text' in read) return refused(read.text);
    raw = read.value;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refused(notAnObject(raw));
  const sent = raw;
  const read = wrapped(plan, sent);
  const fast = plan.fast;
  if (fast !== null) {
    const out = new Array<unknown>(plan.arity);
    const cvs: object[] | null = fast.classValidator ? [] : null;
    let ok: boolean;
    try {
      ok = fast.run(read, out, cvs);
    } catch {
      // User code (a constructor, a @Transform) threw: the general path decides what that means.
      ok = false;
    }
    if (ok) {
      if (cvs === null || cvs.length === 0) return { ok: true, args: out, raw: sent };
      return passesClassValidator(cvs).then((clean) =>
        clean ? { ok: true as const, args: out, raw: sent } : general(plan, read, args, limits, validateDtos, sent),
      );
    }
  }
  return general(plan, read, args, limits, validateDtos, sent);
}

/**
 * Whether class-validator finds nothing wrong with any of the instances. Stricter than validateDtos,
 * which also drops the problems of absent `skipWhenAbsent` properties: a call refused here is
 * decided again on the general path, which writes the verdict.
 */
async function passesClassValidator(instances: readonly object[]): Promise<boolean> {
  const cv = validatorModule();
  if (cv === null) return true;
  const results = await Promise.all(instances.map((i) => cv.validate(i, { forbidUnknownValues: false })));
  return results.every((errors: ValidationErrorLike[]) => errors.every((e) => e.constraints === undefined));
}

/** How the class-validator rules of the hydrated DTOs are checked (asynchronously for calls). */
type DtoCheck = (dtos: HydrationState['dtos']) => ArgumentProblem[] | Promise<ArgumentProblem[]>;

/**
 * The general path: ajv with every problem's text, hydration, class-validator. `raw` is the
 * arguments as read (`wrapped`), `sent` what the caller sent.
 */
function general(plan: Plan, raw: object, args: unknown, limits: ArgumentLimits, checkDtos: DtoCheck, sent: object): Prepared | Promise<Prepared> {
  // The schema validator reports every problem (a line per unknown key): a refusal's work is bounded first.
  const maxMembers = limits.maxMembers ?? (DEFAULT_LIMITS.maxMembers as number);
  if (exceedsMembers(raw, maxMembers) && !firstErrorValidator(plan.spec)(raw)) return refused(tooManyMembers(maxMembers));
  if (!plan.validate(raw)) return refused(formatProblems(unwrapped(plan, problemsOf(plan.spec, plan.validate.errors ?? [], raw, typeof args === 'string'))));
  const state: HydrationState | undefined = plan.validates ? { path: [], dtos: [] } : undefined;
  const out = new Array<unknown>(plan.arity);
  try {
    hydrate(plan, raw as Record<string, unknown>, out, state);
  } catch (e) {
    if (!(e instanceof TransformRefusal)) throw e;
    return refused(formatProblems(unwrapped(plan, [{ path: e.path, pointer: pointerOf(e.path), message: refusedBy(e.reason) }])));
  }
  if (state === undefined || state.dtos.length === 0) return { ok: true, args: out, raw: sent };
  const verdict = (problems: ArgumentProblem[]): Prepared =>
    problems.length > 0 ? refused(formatProblems(unwrapped(plan, problems))) : { ok: true, args: out, raw: sent };
  const checked = checkDtos(state.dtos);
  return checked instanceof Promise ? checked.then(verdict) : verdict(checked);
}

/** Each parameter's value, converted (and its DTOs recorded in `state`), into `out`. */
function hydrate(plan: Plan, source: Record<string, unknown>, out: unknown[], state: HydrationState | undefined): void {
  for (const p of plan.params) {
    let v = p.inherited ? (Object.prototype.hasOwnProperty.call(source, p.name) ? source[p.name] : undefined) : source[p.name];
    if (v === undefined || (v === null && !p.nullable)) {
      // Absent, or null for an optional parameter that is not nullable: the default applies.
      out[p.index] = p.fill === undefined ? undefined : freshDefault(p.fill.value);
      continue;
    }
    if (p.convert !== null) {
      if (state !== undefined) state.path.push(p.name);
      v = p.convert(v, state);
      if (state !== undefined) state.path.pop();
    }
    out[p.index] = v;
  }
}

/**
 * Why the invoker refuses an example's arguments (undefined when it accepts them): validated and
 * hydrated on the general path exactly as a call's arguments are, without calling the method, and
 * synchronously (class-validator's `validateSync`: an async constraint is not run on examples).
 */
export function exampleRefusal(spec: ToolSpec, example: object): string | undefined {
  const plan = planOf(spec);
  let prepared: Prepared | Promise<Prepared>;
  try {
    const sent = structuredClone(example);
    prepared = general(plan, wrapped(plan, sent), example, DEFAULT_LIMITS, validateDtosSync, sent);
  } catch (e) {
    return `hydrating it threw ${describeThrown(e)}.`;
  }
  if (prepared instanceof Promise) throw new Error('unreachable: a synchronous check returned a promise');
  return prepared.ok ? undefined : prepared.text;
}

// ---- callees ----------------------------------------------------------------------------------

export { calleeOf };

function run(plan: Plan, callee: Callee, args: unknown[], options: InvokeOptions): Promise<ToolResult> {
  if (callee.kind === 'fixed') return execute(plan, callee.fn, callee.target, args, options);
  if (options.signal?.aborted) return Promise.reject(options.signal.reason);
  const fail = (e: unknown): ToolResult => failed(plan.spec, e, undefined, options.errorText);
  let instance: unknown;
  try {
    instance = callee.resolve();
  } catch (e) {
    return Promise.resolve(fail(e));
  }
  const call = (target: unknown): Promise<ToolResult> => {
    let fn: unknown;
    try {
      fn = typeof target === 'object' && target !== null ? (target as Record<PropertyKey, unknown>)[callee.key] : undefined;
    } catch (e) {
      return Promise.resolve(fail(e));
    }
    if (typeof fn !== 'function') return Promise.resolve(fail(new TypeError(`the resolved instance has no method ${String(callee.key)}.`)));
    const release = callee.release;
    const settled =
      release !== undefined
        ? () =>
            void Promise.resolve()
              .then(() => release(target as object))
              .catch(() => undefined)
        : undefined;
    return execute(plan, fn, target, args, options, settled);
  };
  if (isThenable(instance)) return adopt(instance).then(call, fail);
  return call(instance);
}

// ---- the public entry points ----------------------------------------------------------------

/** A call whose arguments were validated and hydrated, ready to run (used for approvals). */
export interface StagedCall {
  /** The validated JSON arguments (big integers of bigint parameters as bigints). */
  readonly arguments: object;
  run(options?: InvokeOptions): Promise<ToolResult>;
}

/**
 * Validates and hydrates the arguments of a call without running it: an error result when they are
 * refused, else the staged call. Foreign definitions (not made by this library) are staged on their
 * parsed JSON and run through their own `invoke`.
 */
export async function stageCall(
  tool: ToolDefinition,
  args: string | object,
  options: InvokeOptions = {},
  defaults?: Partial<ArgumentLimits>,
): Promise<ToolResult | StagedCall> {
  const found = calleeOf(tool);
  const limits = limitsOf(defaults, options.limits);
  if (found === undefined) {
    const read = typeof args === 'string' ? parseArgumentText(args, limits, { keepBigIntegers: false }) : { ok: true as const, value: args };
    if (!read.ok) return ToolResult.error(read.message);
    if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) return ToolResult.error(notAnObject(read.value));
    const value = read.value;
    return { arguments: value, run: (o) => foreign(tool, args, o ?? options) };
  }
  const plan = planOf(found.spec);
  let prepared: Prepared;
  try {
    prepared = await prepare(plan, args, limits);
  } catch (e) {
    return failed(plan.spec, e, undefined, options.errorText);
  }
  if (!prepared.ok) return ToolResult.error(prepared.text);
  const ready = prepared;
  return { arguments: ready.raw, run: (o) => run(plan, found.callee, ready.args, o ?? options) };
}

/** A definition not made by this library: its own `invoke`, with whatever it throws or rejects with made a result. */
function foreign(tool: ToolDefinition, args: string | object, options: InvokeOptions): Promise<ToolResult> {
  const fail = (e: unknown): ToolResult => {
    if (options.signal?.aborted) throw options.signal.reason;
    const name = nameOf(tool);
    return ToolResult.error(failureText(options.errorText, { tool: name, kind: 'threw', error: e, text: `Tool '${name}' failed: ${describeThrown(e)}` }));
  };
  try {
    return adopt(tool.invoke(args, options)).then((r) => {
      let kept: ToolResult | undefined;
      try {
        kept = isToolResult(r) ? copyResult(r) : undefined;
      } catch (e) {
        return fail(e);
      }
      return kept ?? fail(new TypeError('its invoke resolved to a value that is not a ToolResult.'));
    }, fail);
  } catch (e) {
    return Promise.resolve().then(() => fail(e));
  }
}

function nameOf(tool: ToolDefinition): string {
  try {
    return String(tool.name);
  } catch {
    return 'tool';
  }
}

/**
 * Invokes a tool: what `tool.invoke(args, options)` does. `defaults` are limits below the call's own
 * (a ToolSet's). Resolves to a result for every failure of the tool or its arguments; rejects only
 * with the caller's signal's reason.
 */
const NO_OPTIONS: InvokeOptions = Object.freeze({});

export function invokeTool(
  tool: ToolDefinition,
  args: string | object,
  options: InvokeOptions = NO_OPTIONS,
  defaults?: Partial<ArgumentLimits>,
): Promise<ToolResult> {
  const signal = options.signal;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const found = calleeOf(tool);
  if (found === undefined) {
    // A schema-first tool (Tool.fromJsonSchema) is validated by its own schema, under the same limits.
    const schemaTool = schemaToolOf(tool);
    if (schemaTool !== undefined)
      return schemaTool.run(args, options, defaults === undefined && options.limits === undefined ? DEFAULT_LIMITS : limitsOf(defaults, options.limits));
    return foreign(tool, args, options);
  }
  let plan: Plan;
  let prepared: Prepared | Promise<Prepared>;
  try {
    plan = planOf(found.spec);
    const limits = defaults === undefined && options.limits === undefined ? DEFAULT_LIMITS : limitsOf(defaults, options.limits);
    prepared = prepare(plan, args, limits);
  } catch (e) {
    return Promise.resolve(failed(found.spec, e, undefined, options.errorText));
  }
  if (prepared instanceof Promise) {
    return prepared.then(
      (p) => (p.ok ? run(plan, found.callee, p.args, options) : ToolResult.error(p.text)),
      (e) => failed(plan.spec, e, undefined, options.errorText),
    );
  }
  return prepared.ok ? run(plan, found.callee, prepared.args, options) : Promise.resolve(ToolResult.error(prepared.text));
}

/**
 * Invokes tools: `ToolInvoker.invoke(tool, args, options)` is what `tool.invoke(args, options)` does.
 * Arguments are JSON text or an already-parsed object.
 */
export class ToolInvoker {
  private constructor() {}

  /**
   * Validates, hydrates and calls; every failure of the tool or of its arguments is an error result.
   * Rejects only when the caller's `options.signal` aborts, with its reason.
   */
  static invoke(tool: ToolDefinition, args: string | object, options?: InvokeOptions): Promise<ToolResult> {
    return invokeTool(tool, args, options);
  }
}

// ---- elicitation answers ----------------------------------------------------------------------

// An answer is read as the argument `value` of a small tool whose one parameter is the DTO, so that
// it is validated and hydrated by exactly the rules that arguments are.
const ELICIT_SOURCE = function elicit(value: unknown): unknown {
  return value;
};

const elicitationOf = cachedBy((type: Function | ObjectHint): { spec: ToolSpec; form: ElicitationRequest['requestedSchema'] } => {
  const owner = typeof type === 'function' ? type.name : (type.of.name ?? 'ObjectOf');
  const spec = buildToolSpec({ owner, member: 'elicit', options: { name: 'elicit' }, source: ELICIT_SOURCE, adHocParams: { value: type as Hint } });
  const fragment = (spec.inputSchema.properties as Record<string, JsonSchema>).value!;
  return { spec, form: elicitationForm(owner, fragment) };
});

/** The invoker's problems, worded for a person filling in a form. */
function answerProblems(text: string): string {
  return text.replace(/Argument 'value\./g, "Field '").replace(/Argument 'value' /g, 'The answer ');
}

useElicitationForms({
  form: (cls) => elicitationOf(cls).form,
  read: async (cls, content) => {
    const plan = planOf(elicitationOf(cls).spec);
    const prepared = await prepare(plan, { value: content }, DEFAULT_LIMITS);
    return prepared.ok ? { ok: true, value: prepared.args[0] } : { ok: false, text: answerProblems(prepared.text) };
  },
});
