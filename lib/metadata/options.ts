import type { ApprovalPredicate, ToolAnnotations, ToolTask, ToolTaskMode } from '../tool-description';
import type { Part, ToolResult } from '../tool-result';
import type { ConstraintOptions, Hint, PropOptions } from '../types/hints';

export type { ConstraintOptions, ItemOptions, PropOptions, StringFormat, UnionMember } from '../types/hints';

/** Options of `@Tool` (and of `Tool.create`, which adds `params` and `returns`). */
export interface ToolOptions {
  /** The tool's name. @default the method name in snake_case, without a trailing `Async` */
  name?: string;
  /** What the tool does, for the model. @default `@Description` of the method, else `""` */
  description?: string;
  /**
   * The declared result type, for the output schema and the JSON form of the result: a hint, or
   * `String`, `JsonValue`, `Part`, `[Part]` or `ToolResult` (which write no output schema).
   */
  returns?: Hint | typeof Part | typeof ToolResult | readonly [typeof Part];
  /** A result of this tool ends the model's loop. @default false */
  endsLoop?: boolean;
  /**
   * A call must be approved before it runs; a predicate of the validated arguments and the call's
   * context decides per call (a throw counts as `true`). @default false
   */
  requiresApproval?: boolean | ApprovalPredicate;
  /** Calls may run concurrently with other calls of the same turn. @default true */
  parallelSafe?: boolean;
  /** Time limit of one call, in seconds; 0 means none. @default 0 */
  timeoutSeconds?: number;
  /** MCP hints, passed to MCP clients as they are. @default none */
  annotations?: ToolAnnotations;
  /**
   * Example arguments (v3): each is checked by the tool's own invoker when the definition is built
   * (a failing one is OLT015), and written as the input schema's `examples`. @default none
   */
  examples?: readonly Readonly<Record<string, unknown>>[];
  /**
   * How the arguments are laid out. `'parameters'`: one property per parameter (`{ "dto": { ... } }`).
   * `'dto'`: the tool's one argument parameter (a `ToolContext` and an `AbortSignal` aside) is a DTO
   * class whose properties are the tool's arguments (`{ "customer": ..., "lines": [...] }`), as a
   * NestJS handler takes a request body; any other signature is OLT015.
   * @default the class's `@Tools({ input })`, else the module's (`ToolsModule`), else 'parameters'
   */
  input?: ToolInput;
  /**
   * Whether a call may run as an MCP task (2026-07-28, the `io.modelcontextprotocol/tasks`
   * extension: answered with a task the client polls, answers and cancels): `'optional'` or
   * `'required'` (see `ToolTaskMode`), or `{ mode, start: 'detach' }` for a task made when the
   * method calls `ctx.detach()`. Elsewhere (2025-11-25, stdio without the extension, adapters) the
   * call runs as any other. @default none: never a task
   */
  task?: ToolTaskMode | ToolTask;
}

/** How a tool's arguments are laid out: one property per parameter, or a DTO's properties. */
export type ToolInput = 'parameters' | 'dto';

/** Options of `@Tools` on a class: defaults for every `@Tool` method of the class (and its subclasses). */
export interface ToolClassOptions {
  /**
   * Written before each tool name of the class, joined by `_` (`prefix: 'orders'` names `list`
   * `orders_list`); the whole name counts toward the 64-character limit. Wins over a module's prefix.
   * @default none (the module's, if it gives one)
   */
  prefix?: string;
  /**
   * `'dto'`: each tool of the class whose one argument parameter is a DTO takes that DTO's properties
   * as its arguments (other tools keep one property per parameter); a tool's own `input` wins.
   * @default the module's (`ToolsModule`), else 'parameters'
   */
  input?: ToolInput;
}

/** Options of `@Param`. */
export interface ParamOptions extends ConstraintOptions {
  /** The property name in the schema. @default the parameter's name in the source */
  name?: string;
  /** The parameter may be left out. @default false, unless it has a default value (`optional: false` keeps a parameter with a default required) */
  optional?: boolean;
  /** The default: written to the schema and passed for a missing argument. */
  default?: unknown;
  /**
   * Completion values of a prompt argument or a resource template variable (MCP
   * `completion/complete`): called with the text typed so far and the other arguments already given;
   * at most 100 values are sent (MCP's limit). Ignored on a tool parameter.
   * @default an enum's or literal union's values that start with the typed text; else none
   */
  complete?: Completer;
}

/** What a completer is told: the other arguments (or template variables) the client has already given. */
export interface CompletionContext {
  readonly arguments: Readonly<Record<string, string>>;
}

/** `@Param({ complete })`: the values that may follow the typed text. */
export type Completer = (value: string, context: CompletionContext) => readonly string[] | Promise<readonly string[]>;

/** Options of `@Prompt`. */
export interface PromptOptions {
  /** The prompt's name. @default the method name in snake_case, without a trailing `Async` (as a tool's) */
  name?: string;
  /** A name for people. @default none */
  title?: string;
  /** What the prompt is for. @default `@Description` of the method, else `""` */
  description?: string;
}

/** Options of `@Resource` and `@ResourceTemplate`. */
export interface ResourceOptions {
  /** The resource's name. @default the method name in snake_case, without a trailing `Async` */
  name?: string;
  /** A name for people. @default none */
  title?: string;
  /** What the resource holds. @default `@Description` of the method, else none */
  description?: string;
  /**
   * The MIME type of its contents.
   * @default none in the listing; contents read as `text/plain` (text), `application/octet-stream`
   * (bytes) or `application/json` (any other value)
   */
  mimeType?: string;
}

/** `@Range(min, max)`: `undefined`, `-Infinity` or `Infinity` leaves that side open. */
export interface RangeRecord {
  readonly min: number | bigint | undefined;
  readonly max: number | bigint | undefined;
}

/**
 * What the compile-time plugin (or its generated module) records for a class: the full static
 * types, as hints. Explicit decorators win over it; it wins over design types.
 */
export interface StaticClassMeta {
  readonly description?: string;
  readonly methods?: { readonly [method: string]: StaticMethodMeta };
  /** Every public instance property, in declaration order (own properties only). */
  readonly properties?: readonly StaticPropertyMeta[];
  /** On a plain function given to `Tool.create`: its own signature (what the generated module records). */
  readonly call?: StaticMethodMeta;
}

export interface StaticMethodMeta {
  readonly description?: string;
  readonly returns?: Hint;
  readonly params: readonly StaticParamMeta[];
}

export interface StaticParamMeta {
  readonly name: string;
  readonly type?: Hint;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly description?: string;
  /**
   * The built-in constructor that emitDecoratorMetadata would record (`Map`, `Number`, ...), used
   * when there is no design metadata: it decides the runtime form (a `Map`) and lets class-validator
   * type rules (`@IsInt`) refine it.
   */
  readonly design?: Function;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  /** What the parameter's own doc tags say (`@minimum 1`), as `@Param` options: explicit options win, option by option. */
  readonly tags?: TagOptions;
}

/**
 * The slot options that doc tags can give (`@minimum`, `@format`, `@default`, `@example`, ...), read
 * by the compile-time plugin: each means what the same option of `@Param` / `@Prop` means.
 */
export type TagOptions = Pick<
  PropOptions,
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'multipleOf'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'minItems'
  | 'maxItems'
  | 'default'
  | 'examples'
>;

export interface StaticPropertyMeta {
  readonly key: string;
  readonly type?: Hint;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly description?: string;
  /** As `StaticParamMeta.design`. */
  readonly design?: Function;
  /** As `StaticParamMeta.tags`, below `@Prop` options. */
  readonly tags?: TagOptions;
}

const CONSTRAINT_KEYS: Readonly<Record<keyof ConstraintOptions, true>> = {
  type: true,
  nullable: true,
  description: true,
  enum: true,
  minLength: true,
  maxLength: true,
  pattern: true,
  format: true,
  minimum: true,
  maximum: true,
  exclusiveMinimum: true,
  exclusiveMaximum: true,
  multipleOf: true,
  minItems: true,
  maxItems: true,
  each: true,
  examples: true,
};

/** The option names of `@Param` (and of a `Tool.create` parameter), so that a misspelt one is refused, not ignored. */
export const PARAM_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({ ...CONSTRAINT_KEYS, name: true, optional: true, default: true, complete: true } satisfies Record<keyof ParamOptions, true>),
);

/** The option names of `@Prop`. */
export const PROP_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({ ...CONSTRAINT_KEYS, optional: true, default: true } satisfies Record<keyof PropOptions, true>),
);

/** The option names of an `AnyOf` member given as options (v3.1): a slot's constraints, not its `optional`, `default` or `name`. */
export const MEMBER_OPTION_NAMES: ReadonlySet<string> = new Set(Object.keys(CONSTRAINT_KEYS));

/** The option names of `@Tool` (`Tool.create` adds `params`). */
export const TOOL_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({
    name: true,
    description: true,
    returns: true,
    endsLoop: true,
    requiresApproval: true,
    parallelSafe: true,
    timeoutSeconds: true,
    annotations: true,
    examples: true,
    input: true,
    task: true,
  } satisfies Record<keyof ToolOptions, true>),
);

/** The option names of `@Tools`. */
export const TOOL_CLASS_OPTION_NAMES: ReadonlySet<string> = new Set(Object.keys({ prefix: true, input: true } satisfies Record<keyof ToolClassOptions, true>));

/** The option names of `@Prompt`. */
export const PROMPT_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({ name: true, title: true, description: true } satisfies Record<keyof PromptOptions, true>),
);

/** The option names of `@Resource` and `@ResourceTemplate`. */
export const RESOURCE_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({ name: true, title: true, description: true, mimeType: true } satisfies Record<keyof ResourceOptions, true>),
);

/** The option names of `Tool.create(fn, options)`: `@Tool`'s, `params` and `strictTypes`. */
export const CREATE_OPTION_NAMES: ReadonlySet<string> = new Set([...TOOL_OPTION_NAMES, 'params', 'strictTypes']);
