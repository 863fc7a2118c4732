import type { ApprovalPredicate, ToolDescription, ToolTask } from '../tool-description';
import { DIAGNOSTICS as D } from '../diagnostics';
import { ProblemList, refuse, ToolDefinitionError, type ToolErrorSite } from '../errors';
import {
  CREATE_OPTION_NAMES,
  PARAM_OPTION_NAMES,
  TOOL_OPTION_NAMES,
  type ParamOptions,
  type RangeRecord,
  type StaticMethodMeta,
  type ToolClassOptions,
  type ToolOptions,
} from '../metadata/options';
import { readParams, type SourceParam } from '../metadata/source';
import type { SlotRecord } from '../metadata/storage';
import { hintKind, isThunk, type Hint } from '../types/hints';
import { node, type TypeNode } from '../types/node';
import { isContextType, isSignalType, resolveHint } from '../types/resolve';
import { libraryCopyWarnings } from '../metadata/library-copies';
import { annotate } from './annotations';
import { hintReaders, objectTypeDescription } from './dto';
import { jsonExamples } from './examples';
import { TOOL_NAME, toolNameOf } from './names';
import { defaultJson, isSlotOptions, slotOptionsOf, slotType, sourceDefault } from './slot';
import { deepFreeze, writeObject, writeRoot } from './write';

/** One parameter as the invoker sees it. */
export interface ParamSpec {
  readonly index: number;
  readonly name: string;
  readonly role: 'value' | 'context' | 'signal';
  readonly node: TypeNode;
  readonly required: boolean;
  /** `@Param({ default })`: passed for a missing argument (else `undefined`, so the source default applies). */
  readonly fill?: { readonly value: unknown };
}

/** How a returned value becomes a result. */
export type ResultKind = 'auto' | 'text' | 'json' | 'parts' | 'value';

/** Everything built once per tool (per class method, cached; per ad-hoc function). Frozen. */
export interface ToolSpec extends ToolDescription {
  /** `requiresApproval` when it is a predicate. */
  readonly approvalWhen?: ApprovalPredicate;
  readonly params: readonly ParamSpec[];
  readonly resultKind: ResultKind;
  /** The declared return type, when `resultKind` is 'value'. */
  readonly returns?: TypeNode;
  readonly owner: string;
  readonly member: string;
  /** What a failure's text calls it: a prompt's or resource's method is run as a tool spec. @default 'Tool' */
  readonly subject?: 'Prompt' | 'Resource';
  /**
   * `'dto'`: the one value parameter is a DTO whose properties are the tool's arguments (the input
   * schema is the DTO's object); the invoker reads the arguments object as that parameter's value.
   */
  readonly input?: 'dto';
}

/** What the builder needs to know about one tool method or function. */
export interface ToolSource {
  readonly owner: string;
  readonly member: string;
  readonly options: ToolOptions;
  /** The function whose source gives parameter names and defaults. */
  readonly source: Function;
  /** The parameters as the tool takes them, where they are not the source's own list (an object pattern's properties). */
  readonly sourceParams?: readonly SourceParam[];
  /** design:paramtypes, when recorded. */
  readonly paramTypes?: readonly unknown[];
  readonly slots?: ReadonlyMap<number, SlotRecord>;
  readonly staticMethod?: StaticMethodMeta;
  readonly methodDescription?: string;
  /** `Tool.create(fn, { params })`. */
  readonly adHocParams?: Readonly<Record<string, Hint | ParamOptions>> | readonly (Hint | ParamOptions)[];
  /** The class's `@Tools` options over the module's: a name prefix, and the default input form. */
  readonly defaults?: ToolClassOptions;
}

export function buildToolSpec(src: ToolSource): ToolSpec {
  const o = src.options;
  const own = o.name ?? toolNameOf(src.member);
  const prefix = src.defaults?.prefix;
  const name = prefix !== undefined && typeof own === 'string' && own !== '' ? `${prefix}_${own}` : own;
  const site: ToolErrorSite = { tool: name, className: src.owner, member: src.member };
  // Every problem of the tool is found before one error lists them all: the name, each option,
  // each parameter, the return type. Where a step depends on a failed one, only that step is skipped.
  const problems = new ProblemList();
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    problems.add(
      refuse(
        name === '' ? D.anonymousFunction() : prefix !== undefined && TOOL_NAME.test(own) ? D.prefixedToolName(name, prefix) : D.badToolName(String(name)),
        site,
      ),
    );
  }
  const misspelt = checkOptions(o, site, src.adHocParams !== undefined, problems);
  // Written at the root of the input schema; checked by the invoker when the definition is made (invoke/tools/examples.ts).
  const examples =
    o.examples !== undefined
      ? problems.run(
          () => jsonExamples(o.examples, true),
          (e) => e.at(site),
        )
      : undefined;
  const warnings: string[] = [];
  // A misspelt option of Tool.create may be its `params`: its parameters' types are not read then.
  const params = src.adHocParams !== undefined && misspelt ? [] : buildParams(src, warnings, site, problems);
  const result = problems.run(() => buildReturns(o.returns ?? src.staticMethod?.returns, warnings, site));
  const input = misspelt || !problems.empty ? undefined : inputForm(o.input ?? src.defaults?.input, o.input !== undefined, params, site, problems);
  problems.throwIfAny(src.adHocParams !== undefined ? `tool '${String(name)}'` : `class ${src.owner}`);
  if (result === undefined) throw new Error('unreachable: a return type without a result');
  const values = params.filter((p) => p.spec.role === 'value');
  const inputSchema = deepFreeze(
    input === 'dto'
      ? writeObject(values[0]!.spec.node.properties ?? [], examples)
      : writeObject(
          values.map((p) => ({ name: p.spec.name, node: p.spec.node, required: p.spec.required, ...(p.written !== undefined ? { default: p.written } : {}) })),
          examples,
        ),
  );
  // The DTO of a whole input is always built (from `{}` when nothing is sent).
  if (input === 'dto') values[0]!.spec = { ...values[0]!.spec, required: true, node: { ...values[0]!.spec.node, nullable: false } };
  const description = o.description ?? src.methodDescription ?? src.staticMethod?.description ?? '';
  warnings.push(...libraryCopyWarnings([...params.map((p) => p.spec.node), result.node]));
  const spec: ToolSpec = {
    name,
    description,
    inputSchema,
    ...(result.schema !== undefined ? { outputSchema: deepFreeze(result.schema) } : {}),
    endsLoop: o.endsLoop ?? false,
    requiresApproval: o.requiresApproval !== undefined && o.requiresApproval !== false,
    ...(typeof o.requiresApproval === 'function' ? { approvalWhen: o.requiresApproval } : {}),
    parallelSafe: o.parallelSafe ?? true,
    timeoutSeconds: o.timeoutSeconds ?? 0,
    ...(o.annotations !== undefined ? { annotations: Object.freeze({ ...o.annotations }) } : {}),
    ...(o.task !== undefined ? { task: taskOf(o.task)! } : {}),
    warnings: Object.freeze([...new Set(warnings)]),
    params: Object.freeze(params.map((p) => Object.freeze(p.spec))),
    resultKind: result.kind,
    ...(result.node !== undefined ? { returns: result.node } : {}),
    owner: src.owner,
    member: src.member,
    ...(input === 'dto' ? { input } : {}),
  };
  return Object.freeze(spec);
}

/**
 * Whether the tool takes its one DTO parameter as the whole input. Asked for by the tool itself, a
 * signature that cannot is a problem; as a class's or module's default, such a tool keeps one
 * property per parameter.
 */
function inputForm(wanted: ToolOptions['input'], own: boolean, params: readonly BuiltParam[], site: ToolErrorSite, problems: ProblemList): 'dto' | undefined {
  // Another value is refused with the options (checkOptions, @Tools, ToolsModule).
  if (wanted !== 'dto') return undefined;
  const values = params.filter((p) => p.spec.role === 'value');
  const n = values.length === 1 ? values[0]!.spec.node : undefined;
  const found =
    values.length !== 1
      ? `${values.length} argument parameters`
      : n!.kind !== 'dto'
        ? `the parameter '${values[0]!.spec.name}', which is not a DTO class`
        : undefined;
  if (found === undefined && n!.recursive !== true) return 'dto';
  if (own) problems.add(refuse(found !== undefined ? D.dtoInputSignature(found) : D.dtoInputRecursive(n!.cls?.name ?? values[0]!.spec.name), site));
  return undefined;
}

/** A tool's `task` option as a frozen `ToolTask`, or undefined when it is not one. */
function taskOf(t: unknown): ToolTask | undefined {
  if (t === 'optional' || t === 'required') return Object.freeze({ mode: t });
  const o = t as Partial<ToolTask> | null;
  if (o === null || typeof o !== 'object' || (o.mode !== 'optional' && o.mode !== 'required')) return undefined;
  if (Object.keys(o).some((k) => k !== 'mode' && k !== 'start') || (o.start !== undefined && o.start !== 'call' && o.start !== 'detach')) return undefined;
  return Object.freeze({ mode: o.mode, ...(o.start !== undefined ? { start: o.start } : {}) });
}

/** Adds each problem of the tool's options; returns whether one of them is not an option at all. */
function checkOptions(o: ToolOptions, site: ToolErrorSite, create: boolean, problems: ProblemList): boolean {
  // Tool.create's own `params` was taken out of the options before: a misspelling of it lands here.
  const [decorator, known] = create ? ['Tool.create', CREATE_OPTION_NAMES] : ['@Tool', TOOL_OPTION_NAMES];
  const unknown = Object.keys(o).filter((key) => !known.has(key));
  for (const key of unknown) problems.add(refuse(D.unknownOption(decorator, key, [...known]), site));
  const t = o.timeoutSeconds;
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t) && t >= 0)) {
    problems.add(refuse(D.timeout(String(t)), site));
  }
  if (o.requiresApproval !== undefined && typeof o.requiresApproval !== 'boolean' && typeof o.requiresApproval !== 'function') {
    problems.add(refuse(D.approvalType(), site));
  }
  for (const k of ['endsLoop', 'parallelSafe'] as const) {
    if (o[k] !== undefined && typeof o[k] !== 'boolean') problems.add(refuse(D.notBoolean(k), site));
  }
  if (o.description !== undefined && typeof o.description !== 'string') problems.add(refuse(D.descriptionType(), site));
  if (o.input !== undefined && o.input !== 'dto' && o.input !== 'parameters')
    problems.add(refuse(D.inputOption(JSON.stringify(o.input) ?? String(o.input)), site));
  if (o.task !== undefined && taskOf(o.task) === undefined) problems.add(refuse(D.taskOption(JSON.stringify(o.task) ?? String(o.task)), site));
  return unknown.length > 0;
}

/**
 * A runtime-filled parameter takes only its `type` (which may be what marks it), a `name` and
 * `optional` (`ctx?: ToolContext`): any other `@Param` option, `@Range` or `@Description` on it would
 * be accepted and have no effect. (What the plugin records for it from the signature, its
 * nullability and `@param` text, is allowed in `Tool.create` params.)
 */
const RUNTIME_OPTIONS: ReadonlySet<string> = new Set(['type', 'name', 'optional']);
const RUNTIME_STATIC_OPTIONS: ReadonlySet<string> = new Set([...RUNTIME_OPTIONS, 'nullable', 'description']);

function refuseRuntimeOptions(runtime: string, entry: unknown, slot: SlotRecord | undefined): void {
  const given = Object.keys(slot?.options ?? {})
    .filter((k) => !RUNTIME_OPTIONS.has(k))
    .map((k) => `the option '${k}'`);
  if (isSlotOptions(entry))
    given.push(
      ...Object.keys(entry as object)
        .filter((k) => !RUNTIME_STATIC_OPTIONS.has(k))
        .map((k) => `the option '${k}'`),
    );
  if (slot?.range !== undefined) given.push('@Range');
  if (slot?.description !== undefined) given.push('@Description');
  if (given.length > 0) throw refuse(D.runtimeOptions(runtime, given));
}

interface BuiltParam {
  spec: ParamSpec;
  written?: { value: unknown };
}

function buildParams(src: ToolSource, warnings: string[], site: ToolErrorSite, problems: ProblemList): BuiltParam[] {
  const sourceParams = src.sourceParams ?? readParams(src.source);
  const adHoc = src.adHocParams;
  const count = Math.max(
    sourceParams?.length ?? 0,
    src.paramTypes?.length ?? 0,
    src.slots ? Math.max(-1, ...src.slots.keys()) + 1 : 0,
    src.staticMethod?.params.length ?? 0,
    Array.isArray(adHoc) ? adHoc.length : 0,
    sourceParams === undefined ? src.source.length : 0,
  );
  const out: BuiltParam[] = [];
  let contexts = 0;
  let signals = 0;
  for (let i = 0; i < count; i++) {
    const sp: SourceParam | undefined = sourceParams?.[i];
    const slot = src.slots?.get(i);
    const stat = src.staticMethod?.params[i];
    const sourceName = sp?.name ?? stat?.name;
    const entry =
      adHoc === undefined
        ? undefined
        : Array.isArray(adHoc)
          ? adHoc[i]
          : sourceName !== undefined
            ? (adHoc as Record<string, Hint | ParamOptions>)[sourceName]
            : undefined;
    const opts: ParamOptions = {
      ...stat?.tags,
      ...(isSlotOptions(entry) ? (entry as ParamOptions) : entry !== undefined ? { type: entry as Hint } : {}),
      ...(slot?.options as ParamOptions | undefined),
    };
    const name = opts.name ?? sourceName;
    const here: ToolErrorSite = { ...site, paramIndex: i, paramName: name };
    for (const key of slot?.misspelt ?? []) problems.add(refuse(D.unknownOption('@Param', key, [...PARAM_OPTION_NAMES]), here));
    try {
      // Options with a misspelt key (`{ type: String, enumm: [...] }`) are OLT015, not an enum object.
      if (entry !== undefined) slotOptionsOf(entry, PARAM_OPTION_NAMES, 'A Tool.create parameter');
      if (sp?.rest) throw refuse(D.restParameter());
      const design = src.paramTypes?.[i] ?? stat?.design;
      const explicit = opts.type !== undefined && isThunk(opts.type) ? undefined : opts.type;
      const role = [explicit, design, stat?.type].some(isContextType) ? 'context' : [explicit, design, stat?.type].some(isSignalType) ? 'signal' : 'value';
      if (role !== 'value') {
        if ((role === 'context' ? ++contexts : ++signals) > 1) {
          throw refuse(D.atMostOne(role === 'context' ? 'ToolContext' : 'AbortSignal'));
        }
        refuseRuntimeOptions(role === 'context' ? 'ToolContext' : 'AbortSignal', entry, slot);
        out.push({ spec: { index: i, name: name ?? `#${i}`, role, node: node('any'), required: false } });
        continue;
      }
      if (name === undefined) {
        throw refuse(D.unreadableName());
      }
      out.push(valueParam(i, name, sp, slot, opts, stat, design, src, warnings));
    } catch (e) {
      // The next parameter is read all the same: the error lists every parameter's problem.
      if (!(e instanceof ToolDefinitionError)) throw e;
      problems.add(e.at(here));
    }
  }
  if (adHoc !== undefined && !Array.isArray(adHoc)) {
    // A type given for a name the function does not have would be accepted and never used.
    const names = new Set([...(sourceParams ?? []).map((p) => p.name), ...(src.staticMethod?.params ?? []).map((p) => p.name)]);
    for (const key of Object.keys(adHoc))
      if (!names.has(key))
        problems.add(
          refuse(
            D.unknownParamsKey(
              key,
              [...names].filter((n): n is string => n !== undefined),
            ),
            site,
          ),
        );
  }
  return out;
}

function valueParam(
  index: number,
  name: string,
  sp: SourceParam | undefined,
  slot: SlotRecord | undefined,
  opts: ParamOptions,
  stat: StaticMethodMeta['params'][number] | undefined,
  design: unknown,
  src: ToolSource,
  warnings: string[],
): BuiltParam {
  const literal = sp?.literal?.kind === 'json' ? sp.literal.value : undefined;
  const hasFill = Object.prototype.hasOwnProperty.call(opts, 'default');
  if (
    src.adHocParams !== undefined &&
    opts.type === undefined &&
    opts.enum === undefined &&
    stat?.type === undefined &&
    stat?.design === undefined &&
    typeof literal !== 'number' &&
    typeof literal !== 'string' &&
    typeof literal !== 'boolean'
  ) {
    throw refuse(D.adHocWithoutTypes());
  }
  let n = slotType(
    {
      design,
      hasDesign: src.paramTypes !== undefined || src.adHocParams !== undefined || stat?.type !== undefined || stat?.design !== undefined,
      explicit: opts.type,
      enumSource: opts.enum,
      staticType: stat?.type,
      rules: [],
      literal,
    },
    hintReaders(warnings),
  );
  const typeDescription = objectTypeDescription(n);
  const range: RangeRecord | undefined =
    slot?.range ?? (stat?.minimum !== undefined && stat?.maximum !== undefined ? { min: stat.minimum, max: stat.maximum } : undefined);
  n = annotate(n, { options: { ...opts, description: undefined }, range, rules: [], warnings });
  const description = slot?.description ?? opts.description ?? stat?.description ?? typeDescription;
  n = { ...n, nullable: n.nullable || opts.nullable === true || stat?.nullable === true, ...(description !== undefined ? { description } : {}) };
  if (opts.examples !== undefined) n = { ...n, examples: jsonExamples(opts.examples, false) };
  // `optional: false` keeps a slot with a default required (v3), its default still written.
  const optional = opts.optional !== false && (sp?.hasDefault === true || hasFill || opts.optional === true || stat?.optional === true);
  const written = hasFill ? paramDefault(opts.default, n) : sp?.literal ? sourceDefault(sp.literal, n) : undefined;
  return {
    spec: { index, name, role: 'value', node: n, required: !optional, ...(hasFill ? { fill: { value: opts.default } } : {}) },
    ...(written !== undefined ? { written } : {}),
  };
}

/** `@Param({ default })`: written when it has a JSON form; `null` on a nullable parameter only (else, as in v2, nothing). */
function paramDefault(value: unknown, n: TypeNode): { value: unknown } | undefined {
  return value === null && !n.nullable ? undefined : defaultJson(value, n);
}

const PART_FACTORY = Symbol.for('tool-signatures.part-factory');

function buildReturns(
  hint: ToolOptions['returns'],
  warnings: string[],
  site: ToolErrorSite,
): { kind: ResultKind; schema?: Record<string, unknown>; node?: TypeNode } {
  if (hint === undefined) return { kind: 'auto' };
  try {
    let h: unknown = hint;
    while (isThunk(h)) h = (h as () => unknown)();
    if (h === String) return { kind: 'text' };
    if (hintKind(h) === 'token' && (h as { token: string }).token === 'JsonValue') return { kind: 'json' };
    const isParts = (x: unknown) => typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[PART_FACTORY] === true;
    if (isParts(h) || (Array.isArray(h) && h.length === 1 && isParts(h[0]))) return { kind: 'parts' };
    const n = resolveHint(h as Hint, hintReaders(warnings));
    // The root of an output schema stays as in v3: a class's description is written on members and items only.
    const { description: _root, ...root } = n;
    return { kind: 'value', schema: writeRoot(n.kind === 'dto' && n.description === objectTypeDescription(n) ? (root as TypeNode) : n), node: n };
  } catch (e) {
    if (e instanceof ToolDefinitionError) {
      throw new ToolDefinitionError(
        e.problems.flatMap((p) => refuse(D.returnType('declared', p.text), { ...site, ...p.site }).problems),
        e.scope,
      );
    }
    throw e;
  }
}
