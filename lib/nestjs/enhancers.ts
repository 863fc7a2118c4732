/**
 * Guards, interceptors and pipes around tool calls. Each `@Tool` method of a Nest provider is called
 * through an `ExternalContextCreator`, as GraphQL resolvers are: `@UseGuards`, `@UseInterceptors`
 * and `@UsePipes` on the method or its class, and the application's global guards (`APP_GUARD`,
 * `useGlobalGuards`), are resolved through DI and run around the call as they run around an HTTP
 * handler. What runs, per kind of enhancer (docs/nestjs.md, "Guards, interceptors, pipes and
 * exception filters", says why to users):
 *
 * - guards: global, class and method. Who may call must not depend on the transport.
 * - interceptors: class and method, not global (`APP_INTERCEPTOR`, `useGlobalInterceptors`). A
 *   global interceptor is written for the application's HTTP answers: the `{ statusCode, data }`
 *   envelope of a stock `TransformInterceptor`, a header, HTTP caching, `ClassSerializerInterceptor`
 *   (whose work a tool's result does itself, through `instanceToPlain`). Around a tool it would
 *   reshape what the tool says it returns (its `outputSchema`, the text the model reads), and
 *   nothing tells an interceptor that maps the value from one that only watches. One declared on
 *   the tool's method or class was put there for it, and may map its value.
 * - pipes: class and method, not global, for the same reason: a global pipe is written for HTTP's
 *   body, query and route parameters; a tool's arguments are read, validated and hydrated by its
 *   own schema first, and a global pipe that ignores the parameter's type (a trim, a sanitiser)
 *   would change them after that check.
 * - exception filters: none (a filter writes an HTTP response, and a tool call has none): an
 *   `HttpException` is mapped to MCP here instead, and anything else a call throws becomes its
 *   error result.
 *
 * Nest's own `ExternalContextCreator` (the application's) runs every global enhancer; the one used
 * here is built by `contextsOf` from Nest's context creators, the guards' given the application's
 * config and the others none (a creator without a config has no global enhancers, by Nest's design).
 *
 * Order: the invoker reads, validates and hydrates the arguments, then the guards run, then the
 * interceptors around the method. Unlike an HTTP route (guards before pipes), validation comes
 * first, so that a guard decides on the validated, typed arguments (a tenant id, an amount) and
 * the model always learns what is wrong with its arguments; the schema is the caller's to read
 * anyway (`tools/list`). A guard that refuses still keeps the method from running.
 *
 * The `ExecutionContext` of a tool call: `getType()` is `'tool'`, `getClass()` and `getHandler()`
 * are the provider's class and the tool's method (so `Reflector` reads a `@Roles()` there), and
 * `getArgs()` is `[request, context, call]`: the request the call belongs to (the MCP endpoint's
 * HTTP request, or the one given to `invoke(..., { request })` / `withRequest`; undefined when
 * there is none), the call's `ToolContext`, and `{ tool, callId, request }`. So a guard written for
 * HTTP that reads `switchToHttp().getRequest()` sees the transport's request or nothing, never
 * data the model wrote (issue 21: a guard reading `getRequest().user.role` was given the arguments,
 * and `{ user: { role: 'admin' } }` passed it). The arguments are reachable only through
 * `toolCallOf(ctx).arguments`, where a guard asks for them knowingly.
 *
 * A guard that returns false, or anything that throws a client-error `HttpException` (4xx:
 * `ForbiddenException`, `UnauthorizedException`, ...) before the method runs, refuses the call:
 * the result is an error the model reads, `Tool 'x' was refused: Forbidden resource.` Any other
 * `HttpException` (from the method, a guard or an interceptor, whether enhancers apply or not) is
 * what Nest would answer an HTTP client with, its message: the tool's error result is that message
 * (`Order A-9 was not found`), and a resource's `NotFoundException` is MCP's "resource not found"
 * (-32002). Anything else thrown is a failure of the call (`Tool 'x' failed: ...`).
 *
 * Prompts, resources and templates of providers go through the same machinery (the registry makes
 * one `ToolEnhancers` per kind, keyed by prompt name, URI or template): `toolCallOf` gives their
 * `kind` and `uri`, and a refusal is what the registry's `refused` makes of it, a `ServedRefusal`
 * that lib/mcp/prompts.ts answers with a JSON-RPC error.
 */
import { HttpException, type ExecutionContext } from '@nestjs/common';
import { CUSTOM_ROUTE_ARGS_METADATA, GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA } from '@nestjs/common/constants';
import { ExternalContextCreator, type ApplicationConfig, type ContextId, type ModulesContainer } from '@nestjs/core';
import { ExternalExceptionFilterContext } from '@nestjs/core/exceptions/external-exception-filter-context.js';
import { GuardsConsumer, GuardsContextCreator } from '@nestjs/core/guards/index.js';
import type { NestContainer } from '@nestjs/core/injector/container.js';
import { InterceptorsConsumer, InterceptorsContextCreator } from '@nestjs/core/interceptors/index.js';
import { PipesConsumer, PipesContextCreator } from '@nestjs/core/pipes/index.js';
import { cachedBy } from '../cache';
import type { ToolContext } from '../invoke/calling/context';
import { ToolResult } from '../tool-result';
import type { ToolSpec } from '../schema/tool-spec';

/** The context type of a tool call's `ExecutionContext` (`context.getType()`), as GraphQL's is 'graphql'. */
export const TOOL_CONTEXT_TYPE = 'tool';

/** What is called: a tool, or (issue 23) a prompt got, a resource or a resource template read. */
export type CallKind = 'tool' | 'prompt' | 'resource' | 'template';

/** The third of a tool call's `getArgs()`. */
export interface ToolCallInfo {
  /** What is called: `'tool'`, or `'prompt'`, `'resource'`, `'template'` for a prompt got or a resource read. */
  readonly kind: CallKind;
  /** The tool's name (the prompt's, the resource's or the template's name). */
  readonly tool: string;
  /** The URI read, for a resource or a template; undefined otherwise. */
  readonly uri: string | undefined;
  /** The call's id (`InvokeOptions.callId`, a model's tool-call id), when it has one. */
  readonly callId: string | undefined;
  /** The request the call belongs to (`invoke(..., { request })`, `withRequest`, the MCP endpoint's HTTP request). */
  readonly request: object | undefined;
}

/** A tool call as a guard or interceptor sees it (`toolCallOf(context)`). */
export interface ToolCallHost extends ToolCallInfo {
  /** The validated arguments by parameter name, as the method receives them (DTOs hydrated): written by the model, so never who is calling. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The call's context (`caller`: who is calling, e.g. MCP headers and auth): the one the tool receives, or one made alike for a tool that takes none. */
  readonly context: ToolContext;
}

/**
 * The tool call behind an `ExecutionContext`, or undefined when the context is not a tool call's
 * (an HTTP request's, say): lets one guard serve both.
 */
export function toolCallOf(context: ExecutionContext): ToolCallHost | undefined {
  if (context.getType<string>() !== TOOL_CONTEXT_TYPE) return undefined;
  const [, ctx, info] = context.getArgs<[unknown, ToolContext, CallInfo]>();
  return { kind: info.kind, tool: info.tool, uri: info.uri, callId: info.callId, request: info.request, arguments: info[STATE].arguments, context: ctx };
}

/** What one call needs beyond the method's own arguments. */
export interface CallScope {
  readonly request?: object;
  readonly context?: ToolContext;
  readonly callId?: string;
  /** For a prompt got or a resource read: what it is. */
  readonly served?: { readonly kind: Exclude<CallKind, 'tool'>; readonly name: string; readonly uri: string | undefined };
}

/**
 * The method's arguments of a call (positional, and by name for `toolCallOf`); `started` once they
 * are handed to the method. `admission`: the guards are asked, and the method is not run.
 */
interface CallState {
  readonly positional: readonly unknown[];
  readonly arguments: Readonly<Record<string, unknown>>;
  started: boolean;
  readonly admission?: true;
}

/** Thrown where an admission's method would get its first argument: the guards let the caller in. */
class Admitted extends Error {}

/** Where a call's `ToolCallInfo` keeps its state (a property: a WeakMap entry per call costs more than the rest of the call). */
const STATE = Symbol('tool-signatures.nestjs.call');

interface CallInfo extends ToolCallInfo {
  readonly [STATE]: CallState;
}

/** The `ToolCallInfo` of one call (or admission) of `spec` in `scope`: what its guards, interceptors and pipes are told. */
function callInfo(spec: ToolSpec, scope: CallScope | undefined, context: ToolContext, state: CallState): CallInfo {
  const served = scope?.served;
  return Object.freeze({
    kind: served?.kind ?? 'tool',
    tool: served?.name ?? spec.name,
    uri: served?.uri,
    callId: context.callId ?? scope?.callId,
    request: scope?.request,
    [STATE]: state,
  });
}

/** The metadata key of the parameters that this module declares on tool methods (see `declareParameters`). */
const PARAMS_METADATA = 'tool-signatures:nestjs:params';

/** Parameter values come from the custom factories; this is never asked. */
const noParamsFactory = { exchangeKeyForValue: (): undefined => undefined };

function parameterValue(index: number, host: ExecutionContext): unknown {
  const state = (host.getArgByIndex(2) as Partial<CallInfo> | undefined)?.[STATE];
  if (state === undefined) return undefined;
  if (state.admission === true) throw new Admitted();
  state.started = true;
  return state.positional[index];
}

/**
 * Nest calls a handler with the values its parameter metadata extracts from `getArgs()`. Each
 * parameter of a tool method is declared here as a custom parameter (as `createParamDecorator`
 * declares one) whose value is the invoker's: so the method receives exactly what the invoker
 * prepared, and pipes see each parameter with `metadata.type === 'custom'` (which `ValidationPipe`
 * leaves alone unless `validateCustomDecorators`). Declared under this module's own key, once per
 * method; at least one, so that the handler is never called with `getArgs()` itself.
 */
function declareParameters(host: Function, method: string, arity: number): void {
  if (Reflect.hasOwnMetadata(PARAMS_METADATA, host, method)) return;
  const metadata: Record<string, { index: number; data: number; pipes: never[]; factory: typeof parameterValue }> = {};
  for (let i = 0; i < Math.max(1, arity); i++) {
    metadata[`custom:${CUSTOM_ROUTE_ARGS_METADATA}:${i}`] = { index: i, data: i, pipes: [], factory: parameterValue };
  }
  Reflect.defineMetadata(PARAMS_METADATA, metadata, host, method);
}

/** The class on which Nest looks for a method's parameter metadata (its `getParamsHost`). */
function paramsHost(cls: Function, method: string): Function {
  const prototype = cls.prototype as Record<string, unknown> | undefined;
  const ctor = prototype?.constructor as (Function & { prototype?: Record<string, unknown> }) | undefined;
  return typeof ctor === 'function' && ctor.prototype?.[method] === prototype?.[method] ? ctor : cls;
}

type Handler = (...args: unknown[]) => Promise<unknown>;

/** Where a tool method's context and value parameters are. */
const layoutOf = cachedBy((spec: ToolSpec) => ({
  contextIndex: spec.params.find((p) => p.role === 'context')?.index ?? -1,
  values: spec.params.filter((p) => p.role === 'value'),
}));

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A client error (4xx: forbidden, unauthorized, too many requests, ...): the caller is refused, nothing failed. */
function isRefusal(e: unknown): e is HttpException {
  if (!(e instanceof HttpException)) return false;
  const status = e.getStatus();
  return status >= 400 && status < 500;
}

/** A sentence of an exception's message. */
export function sentenceOf(e: HttpException): string {
  return sentence(e.message);
}

/** The result of a refused call. */
function refusal(tool: string, e: HttpException): ToolResult {
  return ToolResult.error(`Tool '${tool}' was refused: ${sentence(e.message)}`);
}

/** What a call that threw an `HttpException` returns instead (undefined: it fails as any throw does). */
export type Excepted = (e: HttpException) => unknown;

/** A tool's `HttpException` is an error result whose text is its message, as Nest answers an HTTP client with it. */
const toolException: Excepted = (e) => ToolResult.error(e.message);

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

const ENHANCER_KEYS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA] as const;

function declares(target: object | undefined): boolean {
  if (target === undefined) return false;
  return ENHANCER_KEYS.some((key) => {
    const list: unknown = Reflect.getMetadata(key, target);
    return Array.isArray(list) ? list.length > 0 : list !== undefined;
  });
}

/**
 * The context creator of tool, prompt and resource calls: Nest's `ExternalContextCreator`, made of
 * Nest's own context creators, with the application's global guards and no global interceptors,
 * pipes or filters (see the top of this file). Nest makes its creators from its `NestContainer`,
 * which it does not hand out; what they read of it is the modules (`getModules()`), handed to them
 * here from the `ModulesContainer` that Nest's DI gives.
 */
export function contextsOf(modules: ModulesContainer, config: ApplicationConfig): ExternalContextCreator {
  const container = { getModules: () => modules } as Pick<NestContainer, 'getModules'> as NestContainer;
  return new ExternalContextCreator(
    new GuardsContextCreator(container, config),
    new GuardsConsumer(),
    new InterceptorsContextCreator(container),
    new InterceptorsConsumer(),
    modules,
    new PipesContextCreator(container),
    new PipesConsumer(),
    new ExternalExceptionFilterContext(container),
  );
}

/** What Nest needs to reach to run a tool's enhancers. */
export interface NestParts {
  contexts(): ExternalContextCreator;
  config(): ApplicationConfig;
  /** The scope of the call being made (set by the registry for tools whose enhancers apply). */
  scope(): CallScope | undefined;
  /** A context for a call whose tool takes none and whose caller gave none. */
  context(): ToolContext;
}

/** One tool of a Nest provider. */
interface Entry {
  readonly classes: readonly Function[];
  readonly method: Function;
  applies?: boolean;
}

/**
 * Makes the functions that the invoker calls in place of tool methods: each runs the method's
 * guards, interceptors and pipes around it. A tool to which none applies (none on its method or
 * class, no global guard) is called directly, as the method itself (its `HttpException`s mapped alike).
 */
export class ToolEnhancers {
  readonly #nest: NestParts;
  readonly #entries = new Map<string, Entry>();

  readonly #refused: (info: ToolCallInfo, e: HttpException) => unknown;
  readonly #excepted: Excepted;

  /**
   * `refused` makes what a refused call returns (by default the tool's error result); `excepted`
   * what a call that threw any other `HttpException` returns (by default an error result of its message).
   */
  constructor(
    nest: NestParts,
    refused: (info: ToolCallInfo, e: HttpException) => unknown = (info, e) => refusal(info.tool, e),
    excepted: Excepted = toolException,
  ) {
    this.#nest = nest;
    this.#refused = refused;
    this.#excepted = excepted;
  }

  /** What a thrown value becomes: an `HttpException` what `excepted` makes of it; anything else is thrown on. */
  #caught(e: unknown): unknown {
    const instead = e instanceof HttpException ? this.#excepted(e) : undefined;
    if (instead === undefined) throw e;
    return instead;
  }

  /** Calls the method itself (no enhancer applies), its `HttpException`s mapped as the enhanced call's are. */
  #direct(method: Function, instance: object, positional: unknown[]): unknown {
    let v: unknown;
    try {
      v = method.apply(instance, positional);
    } catch (e) {
      return this.#caught(e);
    }
    return isThenable(v) ? Promise.resolve(v).catch((e: unknown) => this.#caught(e)) : v;
  }

  /**
   * Whether Nest enhancers apply to the tool of that name (false for a tool that is not a Nest
   * provider's). Decided on its first call, so that global guards registered while the
   * application starts (`useGlobalGuards`) count; any `@UseGuards`, `@UseInterceptors` or
   * `@UsePipes` on the method or class, or any global guard, makes it true.
   */
  applies(name: string): boolean {
    const entry = this.#entries.get(name);
    if (entry === undefined) return false;
    if (entry.applies === undefined) {
      // Global interceptors and pipes do not apply to calls (see the top of this file); global guards do.
      const c = this.#nest.config();
      const globalGuards = c.getGlobalGuards().length + c.getGlobalRequestGuards().length;
      entry.applies = globalGuards > 0 || declares(entry.method) || entry.classes.some(declares);
    }
    return entry.applies;
  }

  /** For a singleton provider: its guards and interceptors are resolved once, on the first call. */
  fixed(instance: object, cls: Function, key: PropertyKey, spec: ToolSpec, name: string = spec.name): (...positional: unknown[]) => unknown {
    const method = (instance as Record<PropertyKey, Function>)[key]!;
    this.#entries.set(name, { classes: [cls, instance.constructor], method });
    let handler: Handler | undefined;
    return (...positional) => {
      if (!this.applies(name)) return this.#direct(method, instance, positional);
      handler ??= this.#handler(instance, key, spec);
      return this.#call(handler, spec, positional);
    };
  }

  /**
   * For a scoped provider: `resolve` gives the call's instance and its context id; the guards and
   * interceptors are resolved in that DI sub-tree (request-scoped ones included), per call.
   */
  resolved(
    cls: Function,
    key: PropertyKey,
    spec: ToolSpec,
    inquirerId: string,
    resolve: () => Promise<{ instance: object; contextId: ContextId }>,
    name: string = spec.name,
  ): (...positional: unknown[]) => Promise<unknown> {
    this.#entries.set(name, { classes: [cls], method: (cls.prototype as Record<PropertyKey, Function>)[key]! });
    return async (...positional) => {
      const { instance, contextId } = await resolve();
      const method = (instance as Record<PropertyKey, unknown>)[key];
      if (typeof method !== 'function') throw new TypeError(`the resolved instance has no method ${String(key)}.`);
      if (!this.applies(name)) return this.#direct(method, instance, positional);
      return this.#call(this.#handler(instance, key, spec, contextId, inquirerId), spec, positional);
    };
  }

  /**
   * For a singleton provider: whether the guards of `name` let the caller of the scope in, the
   * method not run (nor its interceptors); true when no enhancer applies.
   */
  fixedAdmission(instance: object, key: PropertyKey, spec: ToolSpec, name: string): () => Promise<boolean> {
    let handler: Handler | undefined;
    return () => {
      if (!this.applies(name)) return Promise.resolve(true);
      handler ??= this.#handler(instance, key, spec, undefined, undefined, false);
      return this.#admit(handler, spec);
    };
  }

  /** For a scoped provider: as `fixedAdmission`, the guards resolved in the call's DI sub-tree. */
  resolvedAdmission(
    key: PropertyKey,
    spec: ToolSpec,
    inquirerId: string,
    resolve: () => Promise<{ instance: object; contextId: ContextId }>,
    name: string,
  ): () => Promise<boolean> {
    return async () => {
      if (!this.applies(name)) return true;
      const { instance, contextId } = await resolve();
      return this.#admit(this.#handler(instance, key, spec, contextId, inquirerId, false), spec);
    };
  }

  #handler(instance: object, key: PropertyKey, spec: ToolSpec, contextId?: ContextId, inquirerId?: string, interceptors = true): Handler {
    const method = (instance as Record<PropertyKey, Handler>)[key]!;
    const name = String(key);
    const arity = spec.params.reduce((max, p) => Math.max(max, p.index + 1), 0);
    declareParameters(paramsHost(instance.constructor, name), name, arity);
    return this.#nest
      .contexts()
      .create(
        instance as never,
        method,
        name,
        PARAMS_METADATA,
        noParamsFactory,
        contextId,
        inquirerId,
        { guards: true, interceptors, filters: false },
        TOOL_CONTEXT_TYPE,
      ) as Handler;
  }

  /**
   * Runs the guards of a handler made without interceptors: the first argument the method would get
   * stops it (`Admitted`), so it never runs. The guards see the scope's request, context and what is
   * served, and no arguments. A guard that refuses, or throws, keeps the caller out.
   */
  async #admit(handler: Handler, spec: ToolSpec): Promise<boolean> {
    const scope = this.#nest.scope();
    const context = scope?.context ?? this.#nest.context();
    const state: CallState = { positional: [], arguments: Object.freeze({}), started: false, admission: true };
    const info = callInfo(spec, scope, context, state);
    try {
      await handler(scope?.request, context, info);
      return true;
    } catch (e) {
      return e instanceof Admitted;
    }
  }

  #call(handler: Handler, spec: ToolSpec, positional: unknown[]): Promise<unknown> {
    const scope = this.#nest.scope();
    const { contextIndex, values } = layoutOf(spec);
    const context = (contextIndex >= 0 ? (positional[contextIndex] as ToolContext | undefined) : undefined) ?? scope?.context ?? this.#nest.context();
    const args: Record<string, unknown> = {};
    for (const p of values) {
      // A parameter may be named __proto__: defined, never assigned.
      if (p.name === '__proto__') Object.defineProperty(args, p.name, { value: positional[p.index], enumerable: true });
      else args[p.name] = positional[p.index];
    }
    const state: CallState = { positional, arguments: Object.freeze(args), started: false };
    const info = callInfo(spec, scope, context, state);
    // The first of getArgs() is what switchToHttp().getRequest() gives: the transport's request or nothing.
    return handler(scope?.request, context, info).catch((e: unknown) => {
      if (!state.started && isRefusal(e)) return this.#refused(info, e);
      return this.#caught(e);
    });
  }
}
