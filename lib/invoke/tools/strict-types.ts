import { DIAGNOSTICS as D } from '../../diagnostics';
import { ProblemList, refuse } from '../../errors';
import { untypedSlots } from '../../schema/dto';
import type { ToolSpec } from '../../schema/tool-spec';
import { calleeOf } from '../calling/bound';

/**
 * `strictTypes` (ToolSet, Tool.create, ToolsModule): a DTO property that no source types (v3.2), which
 * is otherwise accepted as what class-validator enforces with an OLT016 warning, is an OLT016 error,
 * for a team that wants every slot exact. Every such property of the definitions is listed.
 */
export function refuseUntyped(specs: readonly ToolSpec[]): void {
  const problems = new ProblemList();
  for (const spec of specs) {
    for (const p of spec.params) {
      if (p.role !== 'value') continue;
      for (const slot of untypedSlots(p.node)) {
        problems.add(
          refuse(D.untypedProperty(slot.as), {
            tool: spec.name,
            className: spec.owner,
            member: spec.member,
            paramIndex: p.index,
            paramName: p.name,
            path: slot.path,
          }),
        );
      }
    }
  }
  problems.throwIfAny(specs.length === 1 ? `tool '${specs[0]!.name}'` : 'the tool set');
}

/** The spec of each definition this library made (a definition from elsewhere has no DTO slots to read). */
export function specsOf(tools: readonly object[]): ToolSpec[] {
  return tools.flatMap((t) => {
    const spec = calleeOf(t)?.spec;
    return spec !== undefined ? [spec] : [];
  });
}
