import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse, ToolDefinitionError } from '../errors';
import { validatedKeys, validationPlan, validatorRules, type ValidatorRule } from '../metadata/class-validator';
import { transformerFacts, transformerKeys } from '../metadata/class-transformer';
import type { PropOptions } from '../metadata/options';
import { readFieldOrder } from '../metadata/source';
import { lineage, peekRecord } from '../metadata/storage';
import { incompleteNodes, node, type MutableNode, type PropertyNode, type TypeNode } from '../types/node';
import { annotate } from './annotations';
import { jsonExamples } from './examples';
import { slotType } from './slot';
import { describeThrown } from '../thrown';

/**
 * DTO classes become closed objects. Built once per class and cached. A class that refers to itself,
 * directly or through other classes, is one node on a cycle of nodes: its node object exists (with
 * an empty list of properties, filled in place) before its properties are read, so that a slot
 * naming a class still being built shares that list; every class on the cycle is marked
 * `recursive` (written once in `$defs`).
 */

const cache = new WeakMap<Function, { node: TypeNode; warnings: readonly string[] }>();
/** The classes being built, innermost last, with their nodes (shared while incomplete). */
const building: { cls: Function; node: MutableNode }[] = [];
/** Classes cached while an outermost build ran: dropped when it fails (they may hold its partial node). */
let cachedInBuild: Function[] = [];

export function dtoNode(cls: Function, warnings: string[]): TypeNode {
  const cached = cache.get(cls);
  if (cached !== undefined) {
    warnings.push(...cached.warnings);
    return cached.node;
  }
  const open = building.findIndex((b) => b.cls === cls);
  if (open >= 0) {
    // A cycle: every class from this one to the innermost is on it.
    for (let i = open; i < building.length; i++) building[i]!.node.recursive = true;
    return building[open]!.node;
  }
  const outermost = building.length === 0;
  try {
    checkConstructible(cls);
    const own: string[] = [];
    const props: PropertyNode[] = [];
    // The contract: the class-validator rules of every DTO hold on the hydrated instance, whatever the
    // schema says (its bounds may be ours, its counting differs). The invoker checks them: itself
    // where it reproduces a rule exactly (validationPlan), else through class-validator.
    const validation = validationPlan(cls);
    const n = node('dto', { cls, properties: props, validation, ...(validation.kind !== 'none' ? { validated: true } : {}) }) as MutableNode;
    building.push({ cls, node: n });
    incompleteNodes.add(n);
    let lossy = false;
    for (const { key } of orderedProperties(cls)) {
      const built = property(cls, key, own);
      if (built === undefined) continue;
      props.push(built.prop);
      lossy ||= !!built.lossy;
    }
    if (props.length === 0) {
      throw refuse(D.noPropertySeen(cls.name));
    }
    if (lossy) n.validated = true;
    cache.set(cls, { node: n, warnings: own });
    cachedInBuild.push(cls);
    warnings.push(...own);
    return n;
  } catch (e) {
    if (outermost) for (const c of cachedInBuild) cache.delete(c);
    throw e instanceof ToolDefinitionError && e.site.path === undefined && e.code !== 'OLT006' ? e.at({ path: cls.name }) : e;
  } finally {
    const top = building[building.length - 1];
    if (top?.cls === cls) {
      incompleteNodes.delete(top.node);
      building.pop();
    }
    if (outermost) cachedInBuild = [];
  }
}

function checkConstructible(cls: Function): void {
  try {
    Reflect.construct(cls, []);
  } catch (e) {
    throw refuse(D.notConstructible(cls.name, describeThrown(e, false)));
  }
}

/** Base class first; within a class, the order in the source (fields as emitted, else decorator order). */
function orderedProperties(cls: Function): { key: string; owner: Function }[] {
  const seen = new Set<string>();
  const out: { key: string; owner: Function }[] = [];
  for (const c of lineage(cls)) {
    const record = peekRecord(c);
    const candidates = new Set<string>([
      ...(record?.props.keys() ?? []),
      ...validatedKeys(c),
      ...transformerKeys(c),
      ...(record?.staticMeta?.properties?.map((p) => p.key) ?? []),
    ]);
    const order = [
      ...readFieldOrder(c),
      ...(record?.decorated ?? []),
      ...(record?.staticMeta?.properties?.map((p) => p.key) ?? []),
      ...candidates,
    ];
    for (const key of order) {
      if (!candidates.has(key) || seen.has(key) || isAccessorOrMethod(c, key)) continue;
      seen.add(key);
      out.push({ key, owner: c });
    }
  }
  return out;
}

function isAccessorOrMethod(cls: Function, key: string): boolean {
  for (let p = cls.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d !== undefined) return d.get !== undefined || d.set !== undefined || typeof d.value === 'function';
  }
  return false;
}

function property(cls: Function, key: string, warnings: string[]): { prop: PropertyNode; rules: readonly ValidatorRule[]; lossy?: boolean } | undefined {
  const ct = transformerFacts(cls, key);
  if (ct.excluded) return undefined;
  // Our own records: the most derived class wins, field by field.
  let options: PropOptions = {};
  let range;
  let description: string | undefined;
  let staticProp;
  for (const c of lineage(cls)) {
    const r = peekRecord(c);
    const slot = r?.props.get(key);
    if (slot?.options) options = { ...options, ...slot.options };
    if (slot?.range) range = slot.range;
    if (slot?.description !== undefined) description = slot.description;
    staticProp = r?.staticMeta?.properties?.find((p) => p.key === key) ?? staticProp;
  }
  const allRules = validatorRules(cls, key);
  // Under @ValidateIf the property's rules hold only when its condition does, which a schema cannot
  // say: they are left to class-validator at call time, and the property may be left out.
  const conditional = allRules.some((r) => r.name === 'validateIf');
  const rules = conditional ? [] : allRules;
  const R = Reflect as unknown as { getMetadata?: (k: string, t: object, p: string) => unknown; hasMetadata?: (k: string, t: object, p: string) => boolean };
  const hasDesign = typeof R.hasMetadata === 'function' && R.hasMetadata('design:type', cls.prototype, key);
  const design = hasDesign ? R.getMetadata!('design:type', cls.prototype, key) : staticProp?.design;
  const before = warnings.length;
  try {
    let n = slotType(
      {
        design,
        hasDesign: hasDesign || staticProp?.type !== undefined || staticProp?.design !== undefined,
        explicit: options.type,
        enumSource: options.enum,
        staticType: staticProp?.type,
        transformerType: ct.type,
        ...(ct.discriminator !== undefined ? { discriminator: ct.discriminator } : {}),
        rules,
      },
      (c) => dtoNode(c, warnings),
    );
    const typeDescription = n.kind === 'dto' && n.cls ? peekRecord(n.cls)?.description : undefined;
    const phrases: string[] = [];
    n = annotate(n, { options, range, rules, warnings, phrases });
    const nullable = n.nullable || options.nullable === true || staticProp?.nullable === true;
    const text = withPhrases(description ?? options.description ?? staticProp?.description ?? typeDescription, phrases);
    n = { ...n, nullable, ...(text !== undefined ? { description: text } : {}) };
    if (options.examples !== undefined) n = { ...n, examples: jsonExamples(options.examples, false) };
    const optionalByValidator = conditional || rules.some((r) => r.name === 'isOptional' && !r.grouped);
    const optional = optionalByValidator || options.optional === true || staticProp?.optional === true;
    const transforms = ct.transforms.length > 0 ? { transforms: ct.transforms } : {};
    const skip = optional && !optionalByValidator && allRules.length > 0 ? { skipWhenAbsent: true } : {};
    return { prop: { key, name: ct.exposedName ?? key, required: !optional, ...skip, node: n, ...transforms }, rules: allRules, lossy: warnings.length > before };
  } catch (e) {
    throw e instanceof ToolDefinitionError ? e.at({ path: `${cls.name}.${key}` }) : e;
  }
}

/** A slot's description with the phrases of the rules that no keyword says appended. */
function withPhrases(text: string | undefined, phrases: readonly string[]): string | undefined {
  if (phrases.length === 0) return text;
  return text === undefined || text === '' ? phrases.join(' ') : `${text} ${phrases.join(' ')}`;
}
