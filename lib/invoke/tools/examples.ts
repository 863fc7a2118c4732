import { DIAGNOSTICS as D } from '../../diagnostics';
import { refuse, type ToolErrorSite } from '../../errors';
import { cachedBy } from '../../cache';
import type { ParamSpec, ToolSpec } from '../../schema/tool-spec';
import { deepFreeze, writeObject } from '../../schema/write';
import type { PropertyNode, TypeNode } from '../../types/node';
import { exampleRefusal } from '../calling/invoker';

/**
 * Examples are checked when a definition is made (once per spec): each `@Tool({ examples })` entry
 * by the tool's own invoker (validated and hydrated as a call's arguments, the method not called),
 * and each slot example (`@Param`/`@Prop({ examples })`) by the invoker of a tool whose one
 * parameter is that slot, so that its problem reads as a call's would. A refused example is OLT015
 * with the invoker's text and the example's index.
 */
export const checkExamples: (spec: ToolSpec) => true = cachedBy((spec: ToolSpec): true => {
  const site: ToolErrorSite = { tool: spec.name, className: spec.owner, member: spec.member };
  for (const p of spec.params) {
    if (p.role !== 'value') continue;
    const here: ToolErrorSite = { ...site, paramIndex: p.index, paramName: p.name };
    checkSlot(spec, p.name, p.node, here);
    const below = slotsWithExamples(p.node);
    for (const { owner, prop } of below.properties) {
      checkSlot(spec, prop.name, prop.node, { ...here, path: `${owner}.${prop.key}` });
    }
    // A union member's own examples (v3.1 member options): checked by that member alone, named as the slot.
    for (const m of below.members) checkSlot(spec, p.name, m, here);
  }
  const examples = spec.inputSchema.examples as readonly object[] | undefined;
  examples?.forEach((example, i) => {
    const text = exampleRefusal(spec, example);
    if (text !== undefined) throw refuse(D.exampleRefused(i, text), site);
  });
  return true;
});

function checkSlot(spec: ToolSpec, name: string, n: TypeNode, site: ToolErrorSite): void {
  // `@nestjs/swagger`'s examples are the team's documentation, told to the model (v3.2): they do not stop a definition.
  if (n.examples === undefined || n.examplesTold === true) return;
  const one = slotSpec(spec, name, n);
  n.examples.forEach((value, i) => {
    const text = exampleRefusal(one, { [name]: value });
    if (text !== undefined) throw refuse(D.exampleRefused(i, text), site);
  });
}

/** A tool whose one required parameter is the slot, named as the slot is (so its lines name it). */
function slotSpec(spec: ToolSpec, name: string, n: TypeNode): ToolSpec {
  const param: ParamSpec = { index: 0, name, role: 'value', node: n, required: true };
  return Object.freeze({
    name: spec.name,
    description: '',
    inputSchema: deepFreeze(writeObject([{ name, node: n, required: true }])),
    endsLoop: false,
    requiresApproval: false,
    parallelSafe: true,
    timeoutSeconds: 0,
    warnings: [],
    params: [param],
    resultKind: 'auto' as const,
    owner: spec.owner,
    member: spec.member,
  });
}

/** Every DTO property and union member below a node (each class once, cycles included) that has examples. */
function slotsWithExamples(root: TypeNode): { properties: { owner: string; prop: PropertyNode }[]; members: TypeNode[] } {
  const out: { owner: string; prop: PropertyNode }[] = [];
  const members: TypeNode[] = [];
  const seen = new Set<TypeNode>();
  const visit = (n: TypeNode): void => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const p of n.properties ?? []) {
      if (p.node.examples !== undefined) out.push({ owner: n.cls?.name ?? 'object', prop: p });
      visit(p.node);
    }
    if (n.items !== undefined) visit(n.items);
    if (n.values !== undefined) visit(n.values);
    for (const m of n.members ?? []) {
      if (m.examples !== undefined && !seen.has(m)) members.push(m);
      visit(m);
    }
  };
  visit(root);
  return { properties: out, members };
}
