/**
 * tool-signatures/nestjs: the tools of a NestJS application (`@nestjs/common` and `@nestjs/core`,
 * optional peers).
 *
 * ```ts
 * @Module({ imports: [ToolsModule.forRoot(), OrdersModule, StockModule] })
 * class AppModule {}
 *
 * const registry = app.get(ToolRegistry);           // a ToolSet: list(), get(), invoke(), runToolCalls(registry, ...)
 * ```
 *
 * `ToolsModule` discovers every provider whose class has `@Tool` methods, in every module, through
 * Nest's `DiscoveryService`, and offers them as one injectable `ToolRegistry`. Tool names are unique
 * across the application (OLT007 names both providers). Singleton providers are used as Nest created
 * them. Request-scoped and transient providers (or those that depend on one) are resolved per call
 * with `ModuleRef.resolve` under a context id: the call's own, or that of the request given with
 * `invoke(name, args, { request })` / `registry.withRequest(request, fn)`, which is then the
 * `REQUEST` those providers inject. `ToolContext.services` reaches the application's providers
 * (`ctx.services.get(Token)` is `moduleRef.get(Token, { strict: false })`).
 *
 * Guards, interceptors and pipes (`@UseGuards`, `@UseInterceptors`, `@UsePipes` on the tool's method
 * or class, and global guards; global interceptors and pipes are the HTTP application's) run around each call of a provider's tool, after its arguments are
 * validated; a guard's refusal is an error result the model reads. They run around a provider's
 * prompt gets and resource reads too (a refusal there is a JSON-RPC error, -32600). The
 * `ExecutionContext` they get has type `'tool'` and `getArgs()` `[request, context, { kind, tool,
 * uri, callId, request }]`: the request
 * the call belongs to or undefined (so `switchToHttp().getRequest()` is never the model's
 * arguments), and the arguments only through `toolCallOf(context).arguments`: see enhancers.ts.
 *
 * NestJS 12 is an ES module only package; Node 20.19 and later load it from this CommonJS module
 * (`require(esm)`), sharing the one copy that `import` loads.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  HttpException,
  HttpStatus,
  Logger,
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OnModuleDestroy,
  type OnModuleInit,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import {
  ApplicationConfig,
  ContextIdFactory,
  DiscoveryModule,
  DiscoveryService,
  HttpAdapterHost,
  ModuleRef,
  ModulesContainer,
  type ExternalContextCreator,
  type ContextId,
} from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { REQUEST_CONTEXT_ID } from '@nestjs/core/router/request/request-constants';
import { BoundTool, type ToolDefinition } from '../invoke/tools/bound-tool';
import { DIAGNOSTICS as D, MCP_TEXTS } from '../diagnostics';
import { requestStateKeys } from '../mcp/state-key';
import { refuse } from '../errors';
import { ToolContext, type ToolContextInit, type ToolServices, type InvokeOptions } from '../invoke/calling/context';
import type { ToolResult } from '../tool-result';
import { ToolSet, type StagedCall, type ToolSetOptions } from '../invoke/tools/toolset';
import type {
  McpCallerOptions,
  McpEndpointOptions,
  McpHttpHandler,
  McpObservedOptions,
  McpRequestStateKeyOptions,
  McpServerInfo,
  McpTasksEndpointOptions,
} from '../mcp';
import { classServedSpecs, classToolSpecs, type ServedSpec } from '../schema/class-tools';
import type { ToolClassOptions, ToolInput } from '../metadata/options';
import { checkToolDefaults } from '../decorators/tools';
import { ServedRefusal, servedDefinitions, type ServedAround } from '../invoke/tools/served';
import { contextsOf, sentenceOf, ToolEnhancers, type CallScope, type NestParts } from './enhancers';

export { TOOL_CONTEXT_TYPE, toolCallOf, type ToolCallHost, type ToolCallInfo } from './enhancers';

/** Options of `ToolsModule.forRoot`. */
export interface ToolsModuleOptions extends ToolSetOptions {
  /**
   * What to do with a tool provider that is request-scoped or transient (or depends on one):
   * `'resolve'` resolves it per call with `ModuleRef.resolve` under the call's context id;
   * `'refuse'` fails the application's start with a message that names the provider.
   * @default 'resolve'
   */
  scoped?: 'resolve' | 'refuse';
  /**
   * Serve the registry's tools over MCP (Streamable HTTP) on the application's HTTP adapter, at
   * `path`. Needs `@modelcontextprotocol/sdk` and an HTTP application (`NestFactory.create`); in an
   * application context it is skipped with a warning. The endpoint's options are
   * `McpEndpointOptions`: stateless by default, `sessions: true` for sessions (elicitation,
   * approval questions, `logging/setLevel`, the GET stream), closed when the module is destroyed
   * (`app.close()`). `exposeCredentials` passes the bearer token and the credential headers to
   * tools (see `McpCallerOptions`; off by default); `tracing`, `rateLimit` and `bus` (replicas
   * sharing changes, docs/scale-out.md) as `McpServerOptions`; `tasks` (MCP tasks on 2026-07-28:
   * store, TTL, bounds, modes by tool) as `McpTasksOptions`; `requestStateKey` (replicas sharing
   * 2026-07-28 questions, a list to rotate). The stores replicas share are passed as they are:
   * `sessions.registry` and `sessions.eventStore`, `bus`, `rateLimit.store`, `tasks.store`.
   * @default none
   */
  mcp?: { path: string; info?: McpServerInfo } & McpEndpointOptions &
    McpCallerOptions &
    McpObservedOptions &
    McpTasksEndpointOptions &
    McpRequestStateKeyOptions;
  /**
   * Register the module globally, so that `ToolRegistry` can be injected in every module.
   * @default true
   */
  global?: boolean;
  /**
   * A name prefix for the tools of each provider, joined by `_` (`orders_list`), so that two services
   * with a `list` method both build: one text for every provider, or a function of the provider's
   * class and the Nest module that provides it (`({ module }) => module.name.replace(/Module$/, '').toLowerCase()`),
   * whose `undefined` means none. A class's own `@Tools({ prefix })` wins.
   * @default none
   */
  prefix?: string | ((owner: ToolOwner) => string | undefined);
  /**
   * `'dto'`: every tool whose one argument parameter is a DTO takes that DTO's properties as its
   * arguments, as a controller takes a request body (`{ "customer": ... }`, not `{ "dto": { ... } }`);
   * other tools keep one property per parameter. A class's `@Tools({ input })` and a tool's own
   * `@Tool({ input })` win.
   * @default 'parameters'
   */
  input?: ToolInput;
}

/** A tool provider, as `ToolsModuleOptions.prefix` sees it. */
export interface ToolOwner {
  /** The provider's class. */
  readonly provider: Function;
  /** The Nest module that provides it. */
  readonly module: Function | undefined;
}

/** Options of `ToolsModule.forRootAsync`. */
export interface ToolsModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  useFactory: (...args: never[]) => ToolsModuleOptions | Promise<ToolsModuleOptions>;
  /** @default true */
  global?: boolean;
}

/** Options of one call through the registry. */
export interface RegistryInvokeOptions extends InvokeOptions {
  /**
   * The request the call belongs to (an HTTP request, a message, any object): request-scoped tool
   * providers are resolved in its DI sub-tree (`ContextIdFactory.getByRequest`), and inject it as
   * `REQUEST`.
   * @default none: each call gets its own context id
   */
  request?: object;
}

/** The injection token of the module's options. */
export const TOOLS_MODULE_OPTIONS = Symbol.for('tool-signatures.nestjs.options');

type Scoped = abstract new (...args: never[]) => object;

/**
 * Every tool of the application's providers, as a `ToolSet`. Filled when the module initialises
 * (every provider has been created by then); usable from any `onModuleInit` on, and by
 * `runToolCalls`, the MCP adapter and the agent-framework adapters like any tool set.
 */
export class ToolRegistry extends ToolSet {
  readonly #discovery: DiscoveryService;
  readonly #moduleRef: ModuleRef;
  readonly #options: ToolsModuleOptions;
  readonly #scope = new AsyncLocalStorage<CallScope>();
  readonly #owners = new Map<string, string>();
  /** Context ids of requests that Nest's router has not given one (a plain object, an MCP request). */
  readonly #contextIds = new WeakMap<object, ContextId>();
  readonly #enhancers: ToolEnhancers;
  /** The enhancers of prompts, resources and templates (one per kind: a prompt and a resource may share a name). */
  readonly #servedEnhancers: Readonly<Record<ServedSpec['kind'], ToolEnhancers>>;
  #discovered = false;

  /** Where `ToolContext.services` finds providers: `moduleRef.get(token, { strict: false })`. */
  readonly services: ToolServices;

  constructor(discovery: DiscoveryService, moduleRef: ModuleRef, options: ToolsModuleOptions = {}) {
    // Every option of a tool set (limits, approve, visible, visibleServed, errorText) is the set's.
    const { scoped: _scoped, mcp: _mcp, global: _global, ...set } = options;
    super([], set);
    this.#discovery = discovery;
    this.#moduleRef = moduleRef;
    this.#options = options;
    this.services = Object.freeze({
      get: <T>(token: unknown): T | undefined => {
        try {
          return moduleRef.get(token as InjectionToken, { strict: false }) as T;
        } catch (e) {
          // Unknown tokens are "no such service"; a scoped provider's error says to inject it instead.
          if (e instanceof Error && e.name === 'UnknownElementException') return undefined;
          throw e;
        }
      },
    });
    let contexts: ExternalContextCreator | undefined;
    const parts: NestParts = {
      contexts: () => (contexts ??= contextsOf(moduleRef.get(ModulesContainer, { strict: false }), moduleRef.get(ApplicationConfig, { strict: false }))),
      config: () => moduleRef.get(ApplicationConfig, { strict: false }),
      scope: () => this.#scope.getStore(),
      context: () => this.createContext(),
    };
    this.#enhancers = new ToolEnhancers(parts);
    // A refused get or read is a JSON-RPC error (prompts and resources have no error result): see lib/mcp/prompts.ts.
    // A resource's or template's NotFoundException is MCP's "resource not found" (-32002); other HttpExceptions fail the get or read.
    const notFound = (e: HttpException) => (e.getStatus() === HttpStatus.NOT_FOUND ? new ServedRefusal(e.message, 'not-found') : undefined);
    const served = (excepted: (e: HttpException) => unknown) =>
      new ToolEnhancers(
        parts,
        (info, e) => new ServedRefusal(`${info.kind === 'prompt' ? 'Prompt' : 'Resource'} '${info.uri ?? info.tool}' was refused: ${sentenceOf(e)}`),
        excepted,
      );
    this.#servedEnhancers = { prompt: served(() => undefined), resource: served(notFound), template: served(notFound) };
  }

  /** The key of a prompt, resource or template among its kind's enhancers. */
  static #servedKey(spec: ServedSpec): string {
    return spec.kind === 'prompt' ? spec.name : spec.uri!;
  }

  /**
   * Runs a get or read whose enhancers apply in the scope they see: the request (the MCP endpoint's
   * HTTP request), the caller's context, and what is served.
   */
  readonly #servedAround: ServedAround = (spec, options, uri, run) => {
    const key = ToolRegistry.#servedKey(spec);
    if (!this.#servedEnhancers[spec.kind].applies(key)) return run();
    const request = this.#scope.getStore()?.request;
    const scope: CallScope = {
      ...(request !== undefined ? { request } : {}),
      context: this.callContext(spec.name, this.#withServices(options)),
      ...(options.callId !== undefined ? { callId: options.callId } : {}),
      served: { kind: spec.kind, name: spec.name, uri },
    };
    return this.#scope.run(scope, run);
  };

  /** A context whose services are the application's providers (give it to `runToolCalls` to collect costs). */
  createContext(init: Omit<ToolContextInit, 'services'> = {}): ToolContext {
    return new ToolContext({ ...init, services: this.services });
  }

  /** Runs `fn` (e.g. `runToolCalls(registry, calls)`) with every call in it belonging to `request`. */
  withRequest<R>(request: object, fn: () => R): R {
    return this.#scope.run({ request }, fn);
  }

  override invoke(name: string, args: string | object, options: RegistryInvokeOptions = {}): Promise<ToolResult> {
    this.#ensure();
    const { request, ...rest } = options;
    const call = this.#withServices(rest);
    const scope = this.#callScope(name, request, call);
    return scope !== undefined ? this.#scope.run(scope, () => super.invoke(name, args, call)) : super.invoke(name, args, call);
  }

  override stage(name: string, args: string | object, options: RegistryInvokeOptions = {}): Promise<ToolResult | StagedCall> {
    this.#ensure();
    const { request, ...rest } = options;
    const call = this.#withServices(rest);
    const scope = this.#callScope(name, request, call);
    if (scope === undefined) return super.stage(name, args, call);
    return this.#scope
      .run(scope, () => super.stage(name, args, call))
      .then((staged) => {
        if (!('run' in staged)) return staged;
        // The staged call runs later (after an approval), outside this scope: it takes the scope along.
        return {
          arguments: staged.arguments,
          run: (o?: InvokeOptions) => this.#scope.run((o !== undefined ? this.#callScope(name, scope.request, o) : undefined) ?? scope, () => staged.run(o)),
        };
      });
  }

  override get(name: string): ToolDefinition | undefined {
    this.#ensure();
    return super.get(name);
  }

  override has(name: string): boolean {
    this.#ensure();
    return super.has(name);
  }

  override list(): ToolDefinition[] {
    this.#ensure();
    return super.list();
  }

  override get size(): number {
    this.#ensure();
    return super.size;
  }

  /**
   * A Node HTTP handler serving these tools over MCP (Streamable HTTP), each call in the DI sub-tree
   * of its HTTP request. Mount it on the HTTP adapter: `app.use('/mcp', handler)` (Express), or
   * `fastify.all('/mcp', (req, reply) => handler(req.raw, reply.raw))`. A body that a body parser
   * has already read (`req.body`) is used as it is. Stateless unless `options.sessions`
   * (`McpEndpointOptions`: then close it with `handler.close()` when the application stops). Tools
   * are not given the caller's credentials unless `options.exposeCredentials`.
   */
  mcpHttpHandler(
    info: McpServerInfo = { name: 'nestjs-tools', version: '1.0.0' },
    options: McpEndpointOptions & McpCallerOptions & McpObservedOptions & McpTasksEndpointOptions & McpRequestStateKeyOptions = {},
  ): McpHttpHandler {
    // Loaded on first use: @modelcontextprotocol/sdk is an optional peer.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createMcpHttpHandler } = require('../mcp') as typeof import('../mcp');
    // Calls go through this registry (services, request scope, approvals, visibility).
    const handle = createMcpHttpHandler(this, info, { ...options, exposeCredentials: options.exposeCredentials === true });
    const scoped = (req: IncomingMessage, res: ServerResponse): Promise<void> => this.#scope.run({ request: req }, () => handle(req, res));
    return Object.assign(scoped, {
      sessions: handle.sessions,
      servesMetadata: handle.servesMetadata,
      ...(handle.healthPath !== undefined ? { healthPath: handle.healthPath } : {}),
      close: () => handle.close(),
    });
  }

  /** Discovers the tools of every provider. Called by the module; later calls do nothing. */
  discover(): void {
    if (this.#discovered) return;
    this.#discovered = true;
    for (const wrapper of this.#discovery.getControllers()) ToolRegistry.#refuseController(wrapper);
    for (const wrapper of this.#discovery.getProviders()) this.#register(wrapper);
  }

  /**
   * `@Tool`, `@Prompt` or `@Resource` on a controller's method would be silently left out (only
   * providers are discovered): the start fails instead, saying where to put it.
   */
  static #refuseController(wrapper: InstanceWrapper): void {
    const cls = wrapper.metatype as Scoped | null | undefined;
    if (typeof cls !== 'function') return;
    const methods = [
      ...classToolSpecs(cls).map(({ key, spec }) => `@Tool ${String(key)} ('${spec.name}')`),
      ...classServedSpecs(cls).map((s) => `@${s.kind === 'prompt' ? 'Prompt' : s.kind === 'resource' ? 'Resource' : 'ResourceTemplate'} ${String(s.key)}`),
    ];
    if (methods.length === 0) return;
    throw new Error(
      `${cls.name} (${wrapper.host?.name ?? 'unknown module'}) is a controller with ${methods.join(', ')}: ToolsModule serves the methods of providers, not of controllers. ` +
        `Move them to an @Injectable() service listed in the module's providers (the controller can inject it and call it too).`,
    );
  }

  #ensure(): void {
    if (!this.#discovered) this.discover();
  }

  #withServices(options: InvokeOptions): InvokeOptions {
    return options.context !== undefined ? options : { ...options, context: this.createContext() };
  }

  /**
   * The scope a call runs in: its request (the given one, else the enclosing `withRequest`'s), and,
   * for a tool whose enhancers apply, the context and id its guards and interceptors see. Undefined
   * when the call needs none (no store is entered: AsyncLocalStorage costs every promise after it).
   */
  #callScope(name: string, request: object | undefined, options: InvokeOptions): CallScope | undefined {
    if (!this.#enhancers.applies(name)) return request !== undefined ? { request } : undefined;
    const req = request ?? this.#scope.getStore()?.request;
    return {
      ...(req !== undefined ? { request: req } : {}),
      context: this.callContext(name, options),
      ...(options.callId !== undefined ? { callId: options.callId } : {}),
    };
  }

  #register(wrapper: InstanceWrapper): void {
    if (wrapper.isAlias) return;
    const isStatic = wrapper.isDependencyTreeStatic() && !wrapper.isTransient;
    const instance: unknown = isStatic ? wrapper.instance : undefined;
    const cls = (typeof instance === 'object' && instance !== null ? instance.constructor : !wrapper.inject ? wrapper.metatype : undefined) as
      | Scoped
      | undefined;
    if (typeof cls !== 'function') return;
    const specs = classToolSpecs(cls, this.#defaultsOf(cls, wrapper));
    if (specs.length === 0) {
      this.#registerServed(wrapper, cls, isStatic, instance);
      return;
    }
    const owner = `${String(wrapper.name)} (${wrapper.host?.name ?? 'unknown module'})`;
    for (const { spec } of specs) {
      const first = this.#owners.get(spec.name) ?? (super.has(spec.name) ? 'a tool added to the registry' : undefined);
      if (first !== undefined) {
        throw refuse(D.sameNameInApplication(spec.name, first, owner), { tool: spec.name, className: cls.name });
      }
    }
    if (isStatic) {
      if (typeof instance !== 'object' || instance === null) {
        throw new Error(`ToolRegistry was used before Nest created ${owner}. Use the registry from onModuleInit or later, not in a constructor.`);
      }
      for (const { key, spec } of specs)
        this.add(new BoundTool(spec, { kind: 'fixed', fn: this.#enhancers.fixed(instance, cls, key, spec), target: instance }));
    } else if (this.#options.scoped === 'refuse') {
      throw new Error(
        `${owner} has @Tool methods and is ${wrapper.isTransient ? 'transient' : 'request-scoped (or depends on a request-scoped provider)'}, ` +
          "which ToolsModule was told to refuse (scoped: 'refuse'). Make it a singleton, or remove the option to resolve it per call.",
      );
    } else {
      for (const { key, spec } of specs) {
        const fn = this.#enhancers.resolved(cls, key, spec, wrapper.id, () => this.#resolveScoped(cls));
        this.add(new BoundTool(spec, { kind: 'fixed', fn, target: undefined }));
      }
    }
    for (const { spec } of specs) this.#owners.set(spec.name, owner);
    this.#registerServed(wrapper, cls, isStatic, instance);
  }

  /** The module's defaults for a provider's tools: its prefix (given, or chosen for the provider) and input form. */
  #defaultsOf(cls: Function, wrapper: InstanceWrapper): ToolClassOptions | undefined {
    const { prefix: given, input } = this.#options;
    if (given === undefined && input === undefined) return undefined;
    const prefix = typeof given === 'function' ? given({ provider: cls, module: wrapper.host?.metatype ?? undefined }) : given;
    const defaults: ToolClassOptions = { ...(prefix !== undefined ? { prefix } : {}), ...(input !== undefined ? { input } : {}) };
    checkToolDefaults(defaults, { className: cls.name });
    return defaults;
  }

  /**
   * The provider's `@Prompt`, `@Resource` and `@ResourceTemplate` methods: on the singleton, or on
   * the instance resolved per request; each called through its guards, interceptors and pipes as a
   * tool is.
   */
  #registerServed(wrapper: InstanceWrapper, cls: Scoped, isStatic: boolean, instance: unknown): void {
    if (classServedSpecs(cls).length === 0) return;
    const around = this.#servedAround;
    if (isStatic) {
      if (typeof instance !== 'object' || instance === null) {
        throw new Error(
          `ToolRegistry was used before Nest created ${String(wrapper.name)}. Use the registry from onModuleInit or later, not in a constructor.`,
        );
      }
      const target = instance;
      this.addServed(
        servedDefinitions(cls, {
          call: (s) => this.#servedEnhancers[s.kind].fixed(target, cls, s.key, s.spec, ToolRegistry.#servedKey(s)),
          around,
          admit: (s) => this.#servedEnhancers[s.kind].fixedAdmission(target, s.key, s.spec, ToolRegistry.#servedKey(s)),
        }),
      );
    } else if (this.#options.scoped === 'refuse') {
      throw new Error(
        `${String(wrapper.name)} has @Prompt or @Resource methods and is request-scoped or transient, which ToolsModule was told to refuse (scoped: 'refuse'). Make it a singleton, or remove the option to resolve it per call.`,
      );
    } else {
      const call = (s: ServedSpec) =>
        this.#servedEnhancers[s.kind].resolved(cls, s.key, s.spec, wrapper.id, () => this.#resolveScoped(cls), ToolRegistry.#servedKey(s));
      const admit = (s: ServedSpec) =>
        this.#servedEnhancers[s.kind].resolvedAdmission(s.key, s.spec, wrapper.id, () => this.#resolveScoped(cls), ToolRegistry.#servedKey(s));
      this.addServed(servedDefinitions(cls, { call, around, admit }));
    }
  }

  /** The call's instance of a scoped provider, and the DI sub-tree it lives in (its guards and interceptors are resolved there too). */
  async #resolveScoped(cls: Scoped): Promise<{ instance: object; contextId: ContextId }> {
    const request = this.#scope.getStore()?.request;
    const contextId = request !== undefined ? this.#contextIdOf(request) : ContextIdFactory.create();
    return { instance: await this.#moduleRef.resolve(cls as never, contextId, { strict: false }), contextId };
  }

  /** The request's DI sub-tree: the one Nest's router gave it, else one made (and its REQUEST registered) once per request. */
  #contextIdOf(request: object): ContextId {
    if ((request as Record<symbol, unknown>)[REQUEST_CONTEXT_ID] !== undefined) return ContextIdFactory.getByRequest(request);
    let id = this.#contextIds.get(request);
    if (id === undefined) {
      id = ContextIdFactory.create();
      this.#moduleRef.registerRequestByContextId(request, id);
      this.#contextIds.set(request, id);
    }
    return id;
  }
}

const logger = new Logger('ToolsModule');

function registryProvider() {
  return {
    provide: ToolRegistry,
    useFactory: (discovery: DiscoveryService, moduleRef: ModuleRef, options: ToolsModuleOptions) => new ToolRegistry(discovery, moduleRef, options),
    inject: [DiscoveryService, ModuleRef, TOOLS_MODULE_OPTIONS],
  };
}

/**
 * The module: `ToolsModule.forRoot(options)` or `ToolsModule.forRootAsync({ useFactory, inject })`
 * once, in the root module. It fills the `ToolRegistry` when it initialises and mounts the MCP
 * endpoint if asked to.
 */
@Module({})
export class ToolsModule implements OnModuleInit, OnModuleDestroy {
  /** The MCP endpoint mounted by `forRoot({ mcp })`, closed (its sessions ended) with the module. */
  #mcp: McpHttpHandler | undefined;

  constructor(private readonly moduleRef: ModuleRef) {}

  static forRoot(options: ToolsModuleOptions = {}): DynamicModule {
    // Checked here, when the module is declared; forRootAsync's options are checked when the endpoint is made (onModuleInit).
    if (options.mcp?.requestStateKey !== undefined) requestStateKeys(options.mcp.requestStateKey);
    return {
      module: ToolsModule,
      global: options.global ?? true,
      imports: [DiscoveryModule],
      providers: [{ provide: TOOLS_MODULE_OPTIONS, useValue: options }, registryProvider()],
      exports: [ToolRegistry],
    };
  }

  static forRootAsync(options: ToolsModuleAsyncOptions): DynamicModule {
    return {
      module: ToolsModule,
      global: options.global ?? true,
      imports: [DiscoveryModule, ...(options.imports ?? [])],
      providers: [{ provide: TOOLS_MODULE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] }, registryProvider()],
      exports: [ToolRegistry],
    };
  }

  onModuleInit(): void {
    const registry = this.moduleRef.get(ToolRegistry);
    registry.discover();
    const options = this.moduleRef.get<ToolsModuleOptions>(TOOLS_MODULE_OPTIONS);
    if (options.mcp === undefined) return;
    // No HTTP platform (NestFactory.createApplicationContext): Nest 12 gives null, earlier ones undefined.
    const adapter = this.moduleRef.get(HttpAdapterHost, { strict: false }).httpAdapter as { use(path: string, handler: unknown): unknown } | null | undefined;
    if (adapter === null || adapter === undefined) {
      logger.warn(MCP_TEXTS.nestNoHttpAdapter(options.mcp.path));
      return;
    }
    const { path, info, ...endpoint } = options.mcp;
    this.#mcp = registry.mcpHttpHandler(info, endpoint);
    adapter.use(path, this.#mcp);
    // Where clients look for the protected-resource metadata (RFC 9728 §3.1; `mcpMetadataPath` of
    // tool-signatures/mcp): the handler answers it there, naming the endpoint's own path.
    const own = `${path.startsWith('/') ? '' : '/'}${path}`.replace(/\/+$/, '');
    if (endpoint.auth !== undefined) adapter.use(`/.well-known/oauth-protected-resource${own}`, this.#mcp);
    if (this.#mcp.healthPath !== undefined) adapter.use(this.#mcp.healthPath, this.#mcp);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    const served = `${count(registry.size, 'tool')}, ${count(registry.prompts().length, 'prompt')}, ${count(registry.resources().length + registry.resourceTemplates().length, 'resource')}`;
    logger.log(
      `Mapped {${own}, MCP} route (${endpoint.sessions !== undefined && endpoint.sessions !== false ? 'sessions' : 'stateless'}${endpoint.auth !== undefined ? ', bearer tokens' : ''}): ${served}`,
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.#mcp?.close();
    this.#mcp = undefined;
  }
}
