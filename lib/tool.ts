import type { ToolDefinition } from './invoke/tools/bound-tool';
import { Tool as ToolDecorator } from './decorators/tool';
import { DIAGNOSTICS as D } from './diagnostics';
import { FUNCTION_OWNER, refuse } from './errors';
import { setOwn } from './json';
import { readParams, type SourceParam } from './metadata/source';
import { BoundTool, instanceTools } from './invoke/tools/bound-tool';
import { refuseUntyped } from './invoke/tools/strict-types';
import type { ParamOptions, ToolOptions } from './metadata/options';
import { peekRecord } from './metadata/storage';
import { classToolSpecs } from './schema/class-tools';
import { buildToolSpec } from './schema/tool-spec';
import type { Hint } from './types/hints';
import { JsonSchemaTool, type JsonSchemaToolFunction, type JsonSchemaToolInit } from './invoke/calling/schema-tool';

/** Options of `Tool.create(fn, options)`: the `@Tool` options plus parameter types. */
export interface CreateOptions extends ToolOptions {
  /** Parameter types (hints or `@Param` options), keyed by name, or an array in parameter order. */
  params?: Readonly<Record<string, Hint | ParamOptions>> | readonly (Hint | ParamOptions)[];
  /**
   * Refuse a DTO property that no source types (v3.2), which is otherwise accepted as what
   * class-validator enforces with an OLT016 warning: each one is then an OLT016 definition error.
   * @default false
   */
  strictTypes?: boolean;
}

// ---- the public factories -------------------------------------------------------------------

/** Every `@Tool` method of the instance's class (and its bases), bound to the instance. */
function fromInstance(instance: object): ToolDefinition[] {
  if (typeof instance !== 'object' || instance === null) {
    throw refuse(D.notAnInstance());
  }
  return instanceTools(instance);
}

function create(fn: Function, options?: CreateOptions): ToolDefinition;
function create(instance: object, method: string | symbol): ToolDefinition;
function create(target: Function | object, second?: CreateOptions | string | symbol): ToolDefinition {
  if (typeof second === 'string' || typeof second === 'symbol') {
    const tool = classToolSpecs((target as object).constructor).find((t) => t.key === second);
    if (tool === undefined) {
      throw refuse(D.notAToolMethod((target as object).constructor.name, String(second)), {
        className: (target as object).constructor.name,
        member: String(second),
      });
    }
    return new BoundTool(tool.spec, { kind: 'fixed', fn: (target as Record<PropertyKey, Function>)[second]!, target });
  }
  if (typeof target !== 'function') {
    throw refuse(D.createArguments());
  }
  const { params, strictTypes, ...options } = second ?? {};
  const input = objectInput(target);
  const spec = buildToolSpec({
    // A function has no class: its messages call it `function name` (errors.ts, describeSite).
    owner: FUNCTION_OWNER,
    member: target.name,
    options,
    source: target,
    ...(input !== undefined ? { sourceParams: input.params } : {}),
    adHocParams: params ?? {},
    staticMethod: peekRecord(target)?.staticMeta?.call,
  });
  if (strictTypes === true) refuseUntyped([spec]);
  return new BoundTool(spec, { kind: 'fixed', fn: input?.fn ?? target, target: undefined });
}

/**
 * A function whose first parameter is an object pattern (`({ city, days = 3 }) => ...`, as AI SDK
 * and FastMCP tools are written) takes its input as one object: the pattern's properties are the
 * tool's arguments, and the function is called with an object of those it was given (a missing one
 * is left out, so its own default applies). Parameters after the pattern (a `ToolContext`, an
 * `AbortSignal`) follow as they are. Undefined for any other function.
 */
function objectInput(fn: Function): { params: readonly SourceParam[]; fn: Function } | undefined {
  const read = readParams(fn);
  const first = read?.[0];
  if (read === undefined || first?.properties === undefined || read.slice(1).some((p) => p.name === undefined || p.rest)) return undefined;
  const keys = first.properties.map((p) => p.name!);
  const n = keys.length;
  const call = function (this: unknown, ...args: unknown[]): unknown {
    const given: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) if (args[i] !== undefined) setOwn(given, keys[i]!, args[i]);
    return fn.call(this, given, ...args.slice(n));
  };
  return { params: [...first.properties, ...read.slice(1)], fn: call };
}

/**
 * A schema-first tool: an MCP tool definition whose `inputSchema` is written by hand in JSON Schema
 * 2020-12 (any keyword; a `$schema`, when written, must name 2020-12), listed exactly as written and
 * enforced by the invoker (ajv 2020-12, the same argument limits, linear-time patterns). `fn`
 * receives the validated arguments as plain JSON, and the call's `ToolContext`. For bringing
 * existing MCP tool definitions; a typed method (`@Tool`, `Tool.create`) writes its schema itself.
 */
function fromJsonSchema(definition: JsonSchemaToolInit, fn: JsonSchemaToolFunction): ToolDefinition {
  return new JsonSchemaTool(definition, fn);
}

/**
 * `@Tool(options)` marks a method as a tool; `Tool.create`, `Tool.fromInstance` and
 * `Tool.fromJsonSchema` build definitions.
 */
export const Tool: typeof ToolDecorator & { create: typeof create; fromInstance: typeof fromInstance; fromJsonSchema: typeof fromJsonSchema } = Object.assign(
  (options?: ToolOptions) => ToolDecorator(options),
  { create, fromInstance, fromJsonSchema },
);
