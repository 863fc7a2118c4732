/** Comparing the two builds of a tool: the slots whose schema or requiredness differ, and the hint that fixes each. */
import * as ts from 'typescript';
import type { Analysis } from './analyze';
import type { Site } from './check-load';
import type { SlotLoss } from './check-result';
import { hintExpr, type Namer } from './emit';
import { refsOf, type HintIR, type MethodIR } from './hints';

const f = ts.factory;

export type Schema = { readonly [k: string]: unknown };
type Trail = { readonly method?: MethodIR; readonly hint?: HintIR; readonly param?: string; readonly prop?: { cls: ts.ClassDeclaration; key: string } };
export type Report = (slot: string[], kind: SlotLoss['kind'], full: string, runtime: string, trail: Trail | undefined) => void;

const text = (v: unknown) => JSON.stringify(v);

function isObjectSchema(s: Schema): s is Schema & { properties: Record<string, Schema>; required?: string[] } {
  return typeof s.properties === 'object' && s.properties !== null;
}

/** Walks both schemas together and reports the slots whose schema or requiredness differ. */
export function compare(full: Schema, runtime: Schema, at: string[], report: Report, trail: Trail | undefined): void {
  if (text(full) === text(runtime)) return;
  if (isObjectSchema(full) && isObjectSchema(runtime)) {
    const { properties: fp, required: fr = [], ...fRest } = full;
    const { properties: rp, required: rr = [], ...rRest } = runtime;
    for (const key of Object.keys(fp)) {
      const rSlot = rp[key];
      if (rSlot === undefined) continue;
      const slot = [...at, at.length === 0 ? key : `.${key}`];
      const next = step(trail, key);
      const fReq = fr.includes(key);
      if (fReq !== rr.includes(key)) report(slot, fReq ? 'required' : 'optional', fReq ? 'required' : 'optional', fReq ? 'optional' : 'required', next);
      compare(fp[key]!, rSlot, slot, report, next);
    }
    if (text(fRest) !== text(rRest)) report(at, 'type', text(fRest), text(rRest), trail);
    return;
  }
  if (typeof full.items === 'object' && typeof runtime.items === 'object' && full.type === runtime.type) {
    const { items: fi, ...fRest } = full;
    const { items: ri, ...rRest } = runtime;
    compare(fi as Schema, ri as Schema, [...at, '[]'], report, trail?.hint?.k === 'array' || trail?.hint?.k === 'set' ? { hint: trail.hint.of } : undefined);
    if (text(fRest) !== text(rRest)) report(at, 'type', text(full), text(runtime), trail);
    return;
  }
  report(at, 'type', text(full), text(runtime), trail);
}

/** Follows one property of the schema into what the plugin read: a parameter, or a DTO's property. */
function step(trail: Trail | undefined, key: string): Trail | undefined {
  if (trail === undefined) return undefined;
  if (trail.method !== undefined) {
    const p = trail.method.params.find((x) => x.name === key);
    return p === undefined ? undefined : { param: key, ...(p.type ? { hint: withNull(p.type, p.nullable) } : {}) };
  }
  let h = trail.hint;
  if (h?.k === 'nullable') h = h.of;
  if (h?.k !== 'class') return undefined;
  return { prop: { cls: h.decl, key } };
}

function withNull(h: HintIR, nullable: boolean | undefined): HintIR {
  return nullable ? { k: 'nullable', of: h } : h;
}

const NAMES: Namer = {
  lib: (name) => f.createIdentifier(name),
  decl: (d) => f.createIdentifier(d.name?.text ?? 'default'),
  shape: (s) => f.createIdentifier(s.name ?? 'Shape'),
};

function printHint(h: HintIR): string {
  const printer = ts.createPrinter({ removeComments: true });
  let e = hintExpr(h, NAMES);
  // A hint is lazy (`() => T`) only where it names a class; an enum is written as it is.
  if (ts.isArrowFunction(e) && !refsOf(h).some((d) => ts.isClassDeclaration(d))) e = e.body as ts.Expression;
  return printer.printNode(ts.EmitHint.Expression, e, ts.createSourceFile('hint.ts', '', ts.ScriptTarget.Latest));
}

export function fixFor(analysis: Analysis, site: Site, trail: Trail | undefined, kind: SlotLoss['kind']): string {
  if (trail?.param !== undefined) {
    const name = trail.param;
    if (site.create !== undefined) {
      if (kind !== 'type') return `Tool.create(fn, { params: { ${name}: { type: ..., optional: true } } }), or give '${name}' a default value`;
      return trail.hint ? `Tool.create(fn, { params: { ${name}: ${printHint(trail.hint)} } })` : `give '${name}' its type in Tool.create options.params`;
    }
    if (kind !== 'type') return `@Param({ optional: true }) on '${name}', or give it a default value`;
    return trail.hint ? `@Param({ type: ${printHint(trail.hint)} }) on '${name}'` : `give '${name}' a type hint: @Param({ type: ... })`;
  }
  if (trail?.prop !== undefined) {
    const { cls, key } = trail.prop;
    const owner = `${cls.name?.text ?? 'the class'}.${key}`;
    if (kind !== 'type') return `@IsOptional() (class-validator) or @Prop({ optional: true }) on ${owner}`;
    const ir = analysis.classes.get(cls)?.properties?.find((p) => p.key === key);
    return ir?.type ? `@Prop({ type: ${printHint(withNull(ir.type, ir.nullable))} }) on ${owner}` : `give ${owner} a type hint: @Prop({ type: ... })`;
  }
  return kind === 'type'
    ? 'give this argument its type as a hint (@Param / @Prop type), or compile with the plugin'
    : '@Param({ optional: true }) / @IsOptional(), or compile with the plugin';
}
