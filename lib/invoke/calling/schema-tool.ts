import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { ToolAnnotations, ToolDescription, JsonSchema, ToolTask, ToolTaskMode } from '../../tool-description';
import { DIAGNOSTICS as D } from '../../diagnostics';
import { refuse } from '../../errors';
import { linearPattern } from '../../linear-pattern';
import { TOOL_NAME } from '../../schema/names';
import { deepFreeze } from '../../schema/write';
import { buildToolSpec } from '../../schema/tool-spec';
import { describeThrown } from '../../thrown';
import { ToolResult } from '../../tool-result';
import type { ApprovalPredicate } from '../../tool-description';
import { execute, type CallPlan, settleOf } from './call';
import { ToolContext, type InvokeOptions } from './context';
import { addStrictFormats } from '../arguments/formats';
import { DEFAULT_LIMITS, exceedsMembers, measureDepth, parseArgumentText, type ArgumentLimits } from '../arguments/json-text';
import { formatProblems, notAnObject, tooDeep, tooManyMembers, type ArgumentProblem } from '../arguments/messages';
import { pointerOf, segmentsOf } from '../../json';

/**
 * Schema-first tools (`Tool.fromJsonSchema`): the input schema is written by hand as JSON Schema
 * 2020-12 (any keyword: `$defs`, `$ref`, `$anchor`, `allOf`, `if`/`then`/`else`, …), listed exactly
 * as written, and enforced by ajv's 2020-12 validator with the invoker's limits (text length,
 * depth, members) and its linear-time pattern engine. The function receives the validated JSON and
 * the call's `ToolContext`; its result, failure or timeout becomes a `ToolResult` as for any tool.
 */

/** The dialect a schema-first tool's schema is read in (its `$schema`, when written, must name it). */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** What `Tool.fromJsonSchema` takes: an MCP tool definition, plus the library's per-tool options. */
export interface JsonSchemaToolInit {
  name: string;
  description: string;
  /** An object schema in JSON Schema 2020-12, kept as written. */
  inputSchema: JsonSchema;
  /** The result's schema, listed as written (MCP `outputSchema`); not enforced. */
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** @default 0 (none) */
  timeoutSeconds?: number;
  /** @default false */
  requiresApproval?: boolean | ApprovalPredicate;
  /** @default true */
  parallelSafe?: boolean;
  /** @default false */
  endsLoop?: boolean;
  /** Whether a call may run as an MCP task (see `ToolOptions.task`). @default none */
  task?: ToolTaskMode | ToolTask;
}

/** The function of a schema-first tool: the validated arguments (plain JSON) and the call's context. */
export type JsonSchemaToolFunction = (args: Record<string, unknown>, ctx: ToolContext) => unknown;

let validators: { all: Ajv2020; first: Ajv2020 } | undefined;

/** Two ajv instances for hand-written schemas (every problem, and the first only), patterns on RE2. */
function ajvs(): { all: Ajv2020; first: Ajv2020 } {
  if (validators !== undefined) return validators;
  const make = (allErrors: boolean): Ajv2020 => {
    const a = new Ajv2020({
      allErrors,
      strict: false,
      strictNumbers: true,
      ownProperties: true,
      logger: false,
      // A schema's `$id` is its own: two tools may use the same one.
      addUsedSchema: false,
      code: { regExp: Object.assign((source: string, flags?: string) => linearPattern(source, flags), { code: 'linearPattern' }) },
    });
    addStrictFormats(a);
    return a;
  };
  validators = { all: make(true), first: make(false) };
  return validators;
}

/** A deep copy of JSON (what the schema is kept as); throws on what JSON cannot hold. */
function copyJson(value: unknown, depth = 0): unknown {
  if (depth > 256) throw new Error('it is nested more than 256 levels deep');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('it holds a number that JSON cannot');
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => copyJson(v, depth + 1));
  if (typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as object))
      Object.defineProperty(out, k, { value: copyJson(v, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  throw new Error(`it holds ${typeof value === 'object' ? 'an object that is not plain JSON' : `a ${typeof value}`}`);
}

/** The problems of a refused call, as the invoker writes them (`Argument 'address.city' must be string.`). */
function problemsOf(errors: readonly ErrorObject[]): ArgumentProblem[] {
  return errors.map((e) => {
    const path: (string | number)[] = segmentsOf(e.instancePath);
    let message = `${e.message ?? `fails '${e.keyword}'`}.`;
    if (e.keyword === 'required') {
      path.push((e.params as { missingProperty: string }).missingProperty);
      message = 'is required.';
    } else if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const extra = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
      path.push(extra.additionalProperty ?? extra.unevaluatedProperty ?? '');
      message = 'is not allowed here.';
    } else if (path.length === 0) {
      message = `Arguments ${message}`;
    }
    return { path, pointer: pointerOf(path), message };
  });
}

interface Compiled {
  readonly all: ValidateFunction;
  readonly first: ValidateFunction;
}

/** A tool whose input schema was written by hand (`Tool.fromJsonSchema`). Frozen. */
export class JsonSchemaTool implements ToolDescription {
  declare readonly name: string;
  declare readonly description: string;
  declare readonly inputSchema: JsonSchema;
  declare readonly outputSchema?: JsonSchema;
  declare readonly endsLoop: boolean;
  declare readonly requiresApproval: boolean;
  declare readonly approvalWhen?: ApprovalPredicate;
  declare readonly parallelSafe: boolean;
  declare readonly timeoutSeconds: number;
  declare readonly annotations?: Readonly<ToolAnnotations>;
  declare readonly task?: ToolTask;
  declare readonly warnings: readonly string[];
  readonly #validate: Compiled;
  readonly #plan: CallPlan;
  readonly #fn: JsonSchemaToolFunction;

  constructor(init: JsonSchemaToolInit, fn: JsonSchemaToolFunction) {
    if (typeof init !== 'object' || init === null) throw refuse(D.jsonSchemaTool('it takes a definition ({ name, description, inputSchema }) and a function.'));
    const name = init.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) throw refuse(D.badToolName(String(name)));
    const site = { tool: name };
    if (typeof fn !== 'function') throw refuse(D.jsonSchemaTool(`tool '${name}' needs a function (args, ctx) => result.`), site);
    if (typeof init.description !== 'string') throw refuse(D.jsonSchemaTool(`tool '${name}' needs a description (a string).`), site);
    let inputSchema: JsonSchema;
    let outputSchema: JsonSchema | undefined;
    try {
      inputSchema = copyJson(init.inputSchema) as JsonSchema;
      outputSchema = init.outputSchema === undefined ? undefined : (copyJson(init.outputSchema) as JsonSchema);
    } catch (e) {
      throw refuse(D.jsonSchemaTool(`the schema of tool '${name}' is not JSON: ${describeThrown(e, false)}.`), site);
    }
    for (const [which, schema] of [
      ['inputSchema', inputSchema],
      ['outputSchema', outputSchema],
    ] as const) {
      if (schema === undefined) continue;
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || schema.type !== 'object') {
        throw refuse(D.jsonSchemaTool(`the ${which} of tool '${name}' must be an object schema ({ "type": "object", ... }), as MCP requires.`), site);
      }
      if (schema.$schema !== undefined && schema.$schema !== JSON_SCHEMA_2020_12) {
        throw refuse(
          D.jsonSchemaTool(
            `the ${which} of tool '${name}' states the dialect ${JSON.stringify(schema.$schema)}; only JSON Schema 2020-12 (${JSON_SCHEMA_2020_12}) is read.`,
          ),
          site,
        );
      }
    }
    try {
      const { all, first } = ajvs();
      this.#validate = { all: all.compile(inputSchema), first: first.compile(inputSchema) };
    } catch (e) {
      throw refuse(D.jsonSchemaTool(`the inputSchema of tool '${name}' cannot be enforced: ${describeThrown(e, false)}`), site);
    }
    const options = {
      name,
      description: init.description,
      ...(init.timeoutSeconds !== undefined ? { timeoutSeconds: init.timeoutSeconds } : {}),
      ...(init.requiresApproval !== undefined ? { requiresApproval: init.requiresApproval } : {}),
      ...(init.parallelSafe !== undefined ? { parallelSafe: init.parallelSafe } : {}),
      ...(init.endsLoop !== undefined ? { endsLoop: init.endsLoop } : {}),
      ...(init.annotations !== undefined ? { annotations: init.annotations } : {}),
      ...(init.task !== undefined ? { task: init.task } : {}),
    };
    // The per-tool options are checked and read as Tool.create reads them; the schema is the user's.
    const spec = buildToolSpec({
      owner: name,
      member: name,
      options,
      source: function fromJsonSchema(ctx: unknown) {
        return ctx;
      },
      adHocParams: [ToolContext],
    });
    const self = this as { -readonly [K in keyof JsonSchemaTool]: JsonSchemaTool[K] };
    self.name = name;
    self.description = spec.description;
    self.inputSchema = deepFreeze(inputSchema);
    if (outputSchema !== undefined) self.outputSchema = deepFreeze(outputSchema);
    self.endsLoop = spec.endsLoop;
    self.requiresApproval = spec.requiresApproval;
    if (spec.approvalWhen !== undefined) self.approvalWhen = spec.approvalWhen;
    self.parallelSafe = spec.parallelSafe;
    self.timeoutSeconds = spec.timeoutSeconds;
    if (spec.annotations !== undefined) self.annotations = spec.annotations;
    if (spec.task !== undefined) self.task = spec.task;
    self.warnings = spec.warnings;
    this.#plan = {
      spec,
      arity: 2,
      contextIndex: 1,
      signalIndex: -1,
      timeoutMs: spec.timeoutSeconds > 0 ? spec.timeoutSeconds * 1000 : 0,
      settle: settleOf(spec),
    };
    this.#fn = fn;
    Object.freeze(this);
  }

  /** Validates the arguments against the schema as written (within `limits`), then calls the function. */
  invoke(args: string | object, options: InvokeOptions = {}): Promise<ToolResult> {
    return this.run(args, options, options.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...dropUndefined(options.limits) });
  }

  /** `invoke` with the limits already decided (a tool set's, under the call's). */
  run(args: string | object, options: InvokeOptions, limits: ArgumentLimits): Promise<ToolResult> {
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    let raw: unknown;
    if (typeof args === 'string') {
      const parsed = parseArgumentText(args, limits, { keepBigIntegers: false });
      if (!parsed.ok) return Promise.resolve(ToolResult.error(parsed.message));
      raw = parsed.value;
    } else {
      raw = args ?? {};
      if (typeof raw === 'object' && raw !== null && !measureDepth(raw, limits.maxDepth)) return Promise.resolve(ToolResult.error(tooDeep(limits.maxDepth)));
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return Promise.resolve(ToolResult.error(notAnObject(raw)));
    const maxMembers = limits.maxMembers ?? (DEFAULT_LIMITS.maxMembers as number);
    // Every problem is a line: a refusal's work is bounded first.
    if (exceedsMembers(raw, maxMembers) && !this.#validate.first(raw)) return Promise.resolve(ToolResult.error(tooManyMembers(maxMembers)));
    if (!this.#validate.all(raw)) return Promise.resolve(ToolResult.error(formatProblems(problemsOf(this.#validate.all.errors ?? []))));
    return execute(this.#plan, this.#fn, undefined, [raw, undefined], options);
  }
}

function dropUndefined(l: Partial<ArgumentLimits>): Partial<ArgumentLimits> {
  return Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined));
}

/** The run of a schema-first tool (the invoker calls it with a tool set's limits), or undefined. */
export function schemaToolOf(tool: unknown): JsonSchemaTool | undefined {
  return tool instanceof JsonSchemaTool ? tool : undefined;
}
