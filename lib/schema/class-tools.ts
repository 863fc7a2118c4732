import { DIAGNOSTICS as D } from '../diagnostics';
import { ProblemList, refuse } from '../errors';
import { lineage, peekRecord, type ClassRecord, type SlotRecord } from '../metadata/storage';
import type { Completer, ParamOptions, ToolClassOptions, ToolOptions } from '../metadata/options';

export type { Completer, CompletionContext } from '../metadata/options';
import { parseUriTemplate, type UriTemplate } from '../decorators/uri-template';
import { buildToolSpec, type ToolSpec } from './tool-spec';
import { cachedBy } from '../cache';

/** The tools of a class: built once per class from its metadata, shared by every instance. */

export interface ClassTool {
  readonly key: PropertyKey;
  readonly spec: ToolSpec;
}

const ownDefaults: (cls: Function) => readonly ClassTool[] = cachedBy((cls: Function) => buildClassSpecs(cls, undefined));
/** One cache per module default (a prefix and an input form), created on first use. */
const withDefaults = new Map<string, (cls: Function) => readonly ClassTool[]>();

/**
 * Every `@Tool` method of a class and its bases, built once and cached. `defaults` are a module's
 * (`ToolsModule`): the class's own `@Tools` options win over them.
 */
export function classToolSpecs(cls: Function, defaults?: ToolClassOptions): readonly ClassTool[] {
  if (defaults === undefined || (defaults.prefix === undefined && defaults.input === undefined)) return ownDefaults(cls);
  const key = `${defaults.prefix ?? ''}\u0000${defaults.input ?? ''}`;
  let build = withDefaults.get(key);
  if (build === undefined) withDefaults.set(key, (build = cachedBy((c: Function) => buildClassSpecs(c, defaults))));
  return build(cls);
}

/** A class's `@Tools` options (a subclass's win, option by option) over the module's. */
function toolDefaultsOf(chain: readonly Function[], module: ToolClassOptions | undefined): ToolClassOptions | undefined {
  let out: ToolClassOptions | undefined = module;
  for (const c of chain) {
    const own = peekRecord(c)?.toolDefaults;
    if (own !== undefined) out = { ...out, ...own };
  }
  return out;
}

function buildClassSpecs(cls: Function, module: ToolClassOptions | undefined): readonly ClassTool[] {
  const chain = lineage(cls);
  const defaults = toolDefaultsOf(chain, module);
  const keys = memberKeys(chain, (r) => r.tools.keys());
  const out: ClassTool[] = [];
  const names = new Map<string, PropertyKey>();
  // Every method is built, past one that fails: the error lists every tool's problems.
  const problems = new ProblemList();
  for (const key of keys) {
    const spec = problems.run(() => methodSpec(cls, chain, key, (r) => r.tools.get(key), undefined, defaults));
    if (spec === undefined) continue;
    const clash = names.get(spec.name);
    if (clash !== undefined) {
      problems.add(
        refuse(D.sameName(spec.name, `${cls.name}.${String(clash)}`, `${cls.name}.${String(key)}`), {
          tool: spec.name,
          className: cls.name,
          member: String(key),
        }),
      );
      continue;
    }
    names.set(spec.name, key);
    out.push({ key, spec });
  }
  problems.throwIfAny(`class ${cls.name}`);
  return Object.freeze(out);
}

/** The decorated members of a class and its bases, each once, in the order the lineage first names them. */
function memberKeys(chain: readonly Function[], of: (r: ClassRecord) => Iterable<PropertyKey>): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const c of chain) {
    const r = peekRecord(c);
    if (r !== undefined) for (const k of of(r)) if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

interface MethodRecord {
  readonly options: ToolOptions;
  readonly source: Function;
}

function methodSpec(
  cls: Function,
  chain: Function[],
  key: PropertyKey,
  pick: (r: ClassRecord) => MethodRecord | undefined,
  slotsOut?: Map<number, SlotRecord>,
  defaults?: ToolClassOptions,
): ToolSpec {
  let record: MethodRecord | undefined;
  let recordClass: Function | undefined;
  let description: string | undefined;
  const slots = slotsOut ?? new Map<number, SlotRecord>();
  let definingClass: Function = cls;
  for (const c of chain) {
    const r = peekRecord(c);
    const t = r !== undefined ? pick(r) : undefined;
    if (t !== undefined) {
      record = t;
      recordClass = c;
    }
    description = r?.methodDescriptions.get(key) ?? description;
    for (const [i, s] of r?.params.get(key) ?? []) slots.set(i, { ...slots.get(i), ...s });
    if (Object.prototype.hasOwnProperty.call(c.prototype, key)) definingClass = c;
  }
  if (record === undefined || recordClass === undefined) throw new Error('unreachable: a tool key without a record');
  // An override without its own @Tool keeps the base's options with the override's body.
  const source = definingClass === recordClass ? record.source : (Object.getOwnPropertyDescriptor(definingClass.prototype, key)?.value as Function);
  const R = Reflect as unknown as { getOwnMetadata?: (k: string, t: object, p: PropertyKey) => unknown };
  const paramTypes =
    typeof R.getOwnMetadata === 'function'
      ? ((R.getOwnMetadata('design:paramtypes', definingClass.prototype, key) ?? R.getOwnMetadata('design:paramtypes', recordClass.prototype, key)) as
          | unknown[]
          | undefined)
      : undefined;
  const staticMethod = typeof key === 'string' ? (peekRecord(definingClass)?.staticMeta ?? peekRecord(recordClass)?.staticMeta)?.methods?.[key] : undefined;
  return buildToolSpec({
    owner: cls.name,
    member: String(key),
    options: record.options,
    source,
    paramTypes,
    slots,
    staticMethod,
    methodDescription: description,
    ...(defaults !== undefined ? { defaults } : {}),
  });
}

/** A `@Prompt`, `@Resource` or `@ResourceTemplate` method, built once per class: its tool spec reads and converts its arguments. */
export interface ServedSpec {
  readonly key: PropertyKey;
  readonly kind: 'prompt' | 'resource' | 'template';
  /** A prompt's name, or a resource's. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** A resource's URI, or a template's text. */
  readonly uri?: string;
  readonly template?: UriTemplate;
  /** The method as a tool (its name is the prompt's, or the member's for a resource). */
  readonly spec: ToolSpec;
  /** `@Param({ complete })`, by argument name. */
  readonly completers: ReadonlyMap<string, Completer>;
}

/** Every `@Prompt`, `@Resource` and `@ResourceTemplate` method of a class and its bases, built once and cached. */
export const classServedSpecs: (cls: Function) => readonly ServedSpec[] = cachedBy(buildServedSpecs);

function buildServedSpecs(cls: Function): readonly ServedSpec[] {
  const chain = lineage(cls);
  const keys = memberKeys(chain, (r) => r.served.keys());
  const out: ServedSpec[] = [];
  const seen = new Map<string, PropertyKey>();
  for (const key of keys) {
    const served = servedSpec(cls, chain, key);
    const id = `${served.kind === 'prompt' ? 'p' : 'r'}:${served.kind === 'prompt' ? served.name : served.uri!}`;
    const clash = seen.get(id);
    if (clash !== undefined) {
      const what = served.kind === 'prompt' ? 'prompt' : served.kind === 'resource' ? 'resource' : 'resource template';
      throw refuse(D.sameServed(what, served.kind === 'prompt' ? served.name : served.uri!, `${cls.name}.${String(clash)}`, `${cls.name}.${String(key)}`), {
        className: cls.name,
        member: String(key),
      });
    }
    seen.set(id, key);
    out.push(served);
  }
  return Object.freeze(out);
}

function servedSpec(cls: Function, chain: Function[], key: PropertyKey): ServedSpec {
  let last: ReturnType<ClassRecord['served']['get']>;
  for (const c of chain) last = peekRecord(c)?.served.get(key) ?? last;
  const record = last!;
  const o = record.options;
  const slots = new Map<number, SlotRecord>();
  // A resource's name need not be a tool name: its tool spec takes the member's (for error texts).
  const toolName = record.kind === 'prompt' ? o.name : typeof key === 'symbol' ? 'resource' : undefined;
  const spec = methodSpec(
    cls,
    chain,
    key,
    (r) => {
      const s = r.served.get(key);
      return s === undefined
        ? undefined
        : {
            options: { ...(toolName !== undefined ? { name: toolName } : {}), ...(o.description !== undefined ? { description: o.description } : {}) },
            source: s.source,
          };
    },
    slots,
  );
  const site = { className: cls.name, member: String(key) };
  const values = spec.params.filter((p) => p.role === 'value').map((p) => p.name);
  let template: UriTemplate | undefined;
  if (record.kind === 'resource' && values.length > 0) throw refuse(D.resourceArguments(record.uri, values), site);
  if (record.kind === 'template') {
    const parsed = parseUriTemplate(record.uri);
    if ('problem' in parsed) throw refuse(D.badUriTemplate(record.uri, parsed.problem), site);
    const missing = parsed.variables.filter((v) => !values.includes(v));
    const extra = values.filter((v) => !parsed.variables.includes(v));
    if (missing.length + extra.length > 0) {
      const detail = [
        ...(missing.length > 0 ? [`no parameter is named ${missing.map((v) => `'${v}'`).join(', ')}`] : []),
        ...(extra.length > 0 ? [`no variable is named ${extra.map((v) => `'${v}'`).join(', ')}`] : []),
      ].join('; ');
      throw refuse(D.templateVariables(record.uri, detail), site);
    }
    template = parsed;
  }
  const completers = new Map<string, Completer>();
  for (const p of spec.params) {
    const complete = (slots.get(p.index)?.options as ParamOptions | undefined)?.complete;
    if (typeof complete === 'function') completers.set(p.name, complete);
  }
  const description = spec.description !== '' ? spec.description : undefined;
  return Object.freeze({
    key,
    kind: record.kind,
    name: record.kind === 'prompt' ? spec.name : (o.name ?? spec.name),
    ...(o.title !== undefined ? { title: o.title } : {}),
    ...(description !== undefined || record.kind === 'prompt' ? { description: description ?? '' } : {}),
    ...('mimeType' in o && o.mimeType !== undefined ? { mimeType: o.mimeType } : {}),
    ...(record.kind !== 'prompt' ? { uri: record.uri } : {}),
    ...(template !== undefined ? { template } : {}),
    // Its failures are the prompt's or the resource's, not a tool's.
    spec: Object.freeze({ ...spec, subject: record.kind === 'prompt' ? ('Prompt' as const) : ('Resource' as const) }),
    completers,
  });
}
