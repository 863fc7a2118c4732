import type { JsonSchema, ToolAnnotations, ToolDefinition } from './definition';
import { Tool as ToolDecorator } from './decorators/tool';
import { ToolDefinitionError } from './errors';
import { attachInternals } from './invoke/bound';
import { invokeTool } from './invoke/invoker';
import type { InvokeOptions } from './invoke/options';
import type { ToolResult } from './invoke/result';
import type { ParamOptions, ToolOptions } from './metadata/options';
import { lineage, peekRecord, type SlotRecord, type ToolRecord } from './metadata/storage';
import { buildToolSpec, type ToolSpec } from './schema/tool-spec';
import type { Hint } from './types/hints';

/** Options of `Tool.create(fn, options)`: the `@Tool` options plus parameter types. */
export interface CreateOptions extends ToolOptions {
  /** Parameter types (hints or `@Param` options), keyed by name, or an array in parameter order. */
  params?: Readonly<Record<string, Hint | ParamOptions>> | readonly (Hint | ParamOptions)[];
}

/** A tool definition: the spec's public fields, bound to the instance or function it calls. */
class BoundTool implements ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly endsLoop: boolean;
  readonly requiresApproval: boolean;
  readonly parallelSafe: boolean;
  readonly timeoutSeconds: number;
  readonly annotations?: Readonly<ToolAnnotations>;
  readonly warnings: readonly string[];

  constructor(spec: ToolSpec, fn: Function, target: unknown) {
    this.name = spec.name;
    this.description = spec.description;
    this.inputSchema = spec.inputSchema;
    if (spec.outputSchema !== undefined) this.outputSchema = spec.outputSchema;
    this.endsLoop = spec.endsLoop;
    this.requiresApproval = spec.requiresApproval;
    this.parallelSafe = spec.parallelSafe;
    this.timeoutSeconds = spec.timeoutSeconds;
    if (spec.annotations !== undefined) this.annotations = spec.annotations;
    this.warnings = spec.warnings;
    attachInternals(this, { spec, fn, target });
    Object.freeze(this);
  }

  invoke(args: string | object, options?: InvokeOptions): Promise<ToolResult> {
    return invokeTool(this, args, options);
  }
}

// ---- class tools: built once per class, shared by every instance ----------------------------

const classSpecs = new WeakMap<Function, readonly ClassTool[]>();

interface ClassTool {
  readonly key: PropertyKey;
  readonly spec: ToolSpec;
}

/** Every `@Tool` method of a class and its bases, built once and cached. */
export function classToolSpecs(cls: Function): readonly ClassTool[] {
  let specs = classSpecs.get(cls);
  if (specs === undefined) {
    specs = buildClassSpecs(cls);
    classSpecs.set(cls, specs);
  }
  return specs;
}

function buildClassSpecs(cls: Function): readonly ClassTool[] {
  const chain = lineage(cls);
  const keys: PropertyKey[] = [];
  for (const c of chain) for (const k of peekRecord(c)?.tools.keys() ?? []) if (!keys.includes(k)) keys.push(k);
  const out: ClassTool[] = [];
  const names = new Map<string, PropertyKey>();
  for (const key of keys) {
    const spec = methodSpec(cls, chain, key);
    const clash = names.get(spec.name);
    if (clash !== undefined) {
      throw new ToolDefinitionError('OLT007', `two tools are named '${spec.name}' (${cls.name}.${String(clash)} and ${cls.name}.${String(key)}). Give one another name: @Tool({ name: '...' }).`, { tool: spec.name, className: cls.name, member: String(key) });
    }
    names.set(spec.name, key);
    out.push({ key, spec });
  }
  return Object.freeze(out);
}

function methodSpec(cls: Function, chain: Function[], key: PropertyKey): ToolSpec {
  let record: ToolRecord | undefined;
  let recordClass: Function | undefined;
  let description: string | undefined;
  const slots = new Map<number, SlotRecord>();
  let definingClass: Function = cls;
  for (const c of chain) {
    const r = peekRecord(c);
    const t = r?.tools.get(key);
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
  const paramTypes = typeof R.getOwnMetadata === 'function'
    ? ((R.getOwnMetadata('design:paramtypes', definingClass.prototype, key) ?? R.getOwnMetadata('design:paramtypes', recordClass.prototype, key)) as unknown[] | undefined)
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
  });
}

// ---- the public factories -------------------------------------------------------------------

/** Every `@Tool` method of the instance's class (and its bases), bound to the instance. */
function fromInstance(instance: object): ToolDefinition[] {
  if (typeof instance !== 'object' || instance === null) {
    throw new ToolDefinitionError('OLT003', 'Tool.fromInstance takes an instance of a class with @Tool methods.');
  }
  const cls = instance.constructor;
  return classToolSpecs(cls).map(({ key, spec }) => new BoundTool(spec, (instance as Record<PropertyKey, Function>)[key]!, instance));
}

function create(fn: Function, options?: CreateOptions): ToolDefinition;
function create(instance: object, method: string | symbol): ToolDefinition;
function create(target: Function | object, second?: CreateOptions | string | symbol): ToolDefinition {
  if (typeof second === 'string' || typeof second === 'symbol') {
    const tool = classToolSpecs((target as object).constructor).find((t) => t.key === second);
    if (tool === undefined) {
      throw new ToolDefinitionError('OLT003', `${(target as object).constructor.name}.${String(second)} is not a @Tool method. Decorate it with @Tool().`, { className: (target as object).constructor.name, member: String(second) });
    }
    return new BoundTool(tool.spec, (target as Record<PropertyKey, Function>)[second]!, target);
  }
  if (typeof target !== 'function') {
    throw new ToolDefinitionError('OLT003', 'Tool.create takes a function, or an instance and the name of its @Tool method.');
  }
  const { params, ...options } = second ?? {};
  const spec = buildToolSpec({
    owner: target.name.replace(/^(bound )+/, '') || 'function',
    member: target.name,
    options,
    source: target,
    adHocParams: params ?? {},
    staticMethod: peekRecord(target)?.staticMeta?.call,
  });
  return new BoundTool(spec, target, undefined);
}

/**
 * `@Tool(options)` marks a method as a tool; `Tool.create` and `Tool.fromInstance` build definitions.
 */
export const Tool: typeof ToolDecorator & { create: typeof create; fromInstance: typeof fromInstance } = Object.assign(
  (options?: ToolOptions) => ToolDecorator(options),
  { create, fromInstance },
);
