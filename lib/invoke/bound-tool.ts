import type { ApprovalPredicate, ToolDescription } from '../tool-description';
import { ProblemList } from '../errors';
import { classToolSpecs } from '../schema/class-tools';
import type { ToolSpec } from '../schema/tool-spec';
import { bindTool, type Callee } from './bound';
import { checkDefaults } from './defaults';
import { checkExamples } from './examples';
import { invokeTool } from './invoker';
import type { InvokeOptions } from './options';
import type { ToolResult } from '../tool-result';

/** A tool as a model sees it, and the means to call it. */
export interface ToolDefinition extends ToolDescription {
  /**
   * `@Tool({ requiresApproval: (args, ctx) => ... })`: decides per call whether an approval is
   * needed (`requiresApproval` is then true: the tool may need one).
   */
  readonly approvalWhen?: ApprovalPredicate;
  invoke(args: string | object, options?: InvokeOptions): Promise<ToolResult>;
}

// The public fields are declared once, in ToolDescription; the class copies them from its spec.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
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
  const tools = classToolSpecs(instance.constructor).flatMap(({ key, spec }) => problems.run(() => new BoundTool(spec, { kind: 'fixed', fn: (instance as Record<PropertyKey, Function>)[key]!, target: instance })) ?? []);
  problems.throwIfAny(`class ${instance.constructor.name}`);
  return tools;
}
