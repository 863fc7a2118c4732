import type { ToolDescription } from '../../tool-description';
import { ProblemList } from '../../errors';
import { classToolSpecs } from '../../schema/class-tools';
import type { ToolSpec } from '../../schema/tool-spec';
import { bindTool, type Callee } from '../calling/bound';
import { checkDefaults } from '../arguments/defaults';
import { checkExamples } from './examples';
import { invokeTool } from '../calling/invoker';
import type { InvokeOptions, ToolDefinition } from '../calling/context';
import type { ToolResult } from '../../tool-result';

// ToolDefinition lives with the options of a call (lib/invoke/calling/options.ts), below this room.
export type { ToolDefinition };

// The public fields are declared once, in ToolDescription; the class copies them from its spec.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface BoundTool extends ToolDescription {}

/** A tool definition: a spec's public fields, and the callee it invokes. Frozen. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class BoundTool implements ToolDefinition {
  constructor(spec: ToolSpec, callee: Callee) {
    checkDefaults(spec);
    checkExamples(spec);
    const self = this as { -readonly [K in keyof ToolDescription]: ToolDescription[K] };
    self.name = spec.name;
    self.description = spec.description;
    self.inputSchema = spec.inputSchema;
    if (spec.outputSchema !== undefined) self.outputSchema = spec.outputSchema;
    self.endsLoop = spec.endsLoop;
    self.requiresApproval = spec.requiresApproval;
    if (spec.approvalWhen !== undefined) (this as { approvalWhen?: ToolSpec['approvalWhen'] }).approvalWhen = spec.approvalWhen;
    self.parallelSafe = spec.parallelSafe;
    self.timeoutSeconds = spec.timeoutSeconds;
    if (spec.annotations !== undefined) self.annotations = spec.annotations;
    if (spec.task !== undefined) self.task = spec.task;
    self.warnings = spec.warnings;
    bindTool(this, spec, callee);
    Object.freeze(this);
  }

  invoke(args: string | object, options?: InvokeOptions): Promise<ToolResult> {
    return invokeTool(this, args, options);
  }
}

/** Every `@Tool` method of the instance's class (and its bases), bound to the instance. */
export function instanceTools(instance: object): BoundTool[] {
  // Each tool's examples and defaults are checked, past one that fails: the error lists them all.
  const problems = new ProblemList();
  const tools = classToolSpecs(instance.constructor).flatMap(
    ({ key, spec }) =>
      problems.run(() => new BoundTool(spec, { kind: 'fixed', fn: (instance as Record<PropertyKey, Function>)[key]!, target: instance })) ?? [],
  );
  problems.throwIfAny(`class ${instance.constructor.name}`);
  return tools;
}
