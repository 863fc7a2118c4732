import { DIAGNOSTICS as D } from '../diagnostics';
import { ProblemList, refuse } from '../errors';
import { lineage, peekRecord, type SlotRecord, type ToolRecord } from '../metadata/storage';
import { buildToolSpec, type ToolSpec } from './tool-spec';
import { cachedBy } from '../cache';

/** The tools of a class: built once per class from its metadata, shared by every instance. */

export interface ClassTool {
  readonly key: PropertyKey;
  readonly spec: ToolSpec;
}

/** Every `@Tool` method of a class and its bases, built once and cached. */
export const classToolSpecs: (cls: Function) => readonly ClassTool[] = cachedBy(buildClassSpecs);

function buildClassSpecs(cls: Function): readonly ClassTool[] {
  const chain = lineage(cls);
  const keys: PropertyKey[] = [];
  for (const c of chain) for (const k of peekRecord(c)?.tools.keys() ?? []) if (!keys.includes(k)) keys.push(k);
  const out: ClassTool[] = [];
  const names = new Map<string, PropertyKey>();
  // Every method is built, past one that fails: the error lists every tool's problems.
  const problems = new ProblemList();
  for (const key of keys) {
    const spec = problems.run(() => methodSpec(cls, chain, key));
    if (spec === undefined) continue;
    const clash = names.get(spec.name);
    if (clash !== undefined) {
      problems.add(refuse(D.sameName(spec.name, `${cls.name}.${String(clash)}`, `${cls.name}.${String(key)}`), { tool: spec.name, className: cls.name, member: String(key) }));
      continue;
    }
    names.set(spec.name, key);
    out.push({ key, spec });
  }
  problems.throwIfAny(`class ${cls.name}`);
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
