import type { JsonSchema, ToolAnnotations, ToolDefinition } from '../definition';
import { classToolSpecs } from '../schema/class-tools';
import type { ToolSpec } from '../schema/tool-spec';
import { bindTool, type Callee } from './bound';
import { invokeTool } from './invoker';
import type { InvokeOptions } from './options';
import type { ToolResult } from './result';

/** A tool definition: a spec's public fields, and the callee it invokes. Frozen. */
export class BoundTool implements ToolDefinition {
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

  constructor(spec: ToolSpec, callee: Callee) {
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
    bindTool(this, spec, callee);
    Object.freeze(this);
  }

  invoke(args: string | object, options?: InvokeOptions): Promise<ToolResult> {
    return invokeTool(this, args, options);
  }
}

/** Every `@Tool` method of the instance's class (and its bases), bound to the instance. */
export function instanceTools(instance: object): BoundTool[] {
  return classToolSpecs(instance.constructor).map(({ key, spec }) => new BoundTool(spec, { kind: 'fixed', fn: (instance as Record<PropertyKey, Function>)[key]!, target: instance }));
}
