import type { ToolDefinition } from './bound-tool';
import { DIAGNOSTICS as D } from '../../diagnostics';
import { refuseUntyped, specsOf } from './strict-types';
import { ProblemList, refuse } from '../../errors';
import { classToolSpecs } from '../../schema/class-tools';
import { APPROVED, approvalNeeded, deepFreeze, refusalOf, snapshot } from '../calling/approval';
import { ToolContext, type Approver, type ErrorText, type InvokeOptions } from '../calling/context';
import { calleeOf } from '../calling/bound';
import { BoundTool, instanceTools } from './bound-tool';
import { invokeTool, stageCall, type StagedCall } from '../calling/invoker';
import type { ArgumentLimits } from '../arguments/json-text';
import { isToolResult, ToolResult } from '../../tool-result';
import { PromptDefinition, ResourceDefinition, type ResourceTemplateDefinition, servedDefinitions } from './served';

/** A prompt, a resource or a resource template (`@Prompt`, `@Resource`, `@ResourceTemplate` methods). */
export type ServedDefinition = PromptDefinition | ResourceDefinition | ResourceTemplateDefinition;

/** What `new ToolSet(items)` and `add(item)` take: an instance (its `@Tool` methods) or a definition. */
export type ToolSetItem = ToolDefinition | object;

/** Options of a tool set. */
export interface ToolSetOptions {
  /**
   * Limits on argument text for every call through this set; a call's own `options.limits` win.
   * @default DEFAULT_LIMITS (4 Mi characters, 256 levels)
   */
  limits?: Partial<ArgumentLimits>;
  /**
   * Decides whether a call of a tool that requires approval may run (a call's own `approve`, such
   * as `runToolCalls`' or the MCP server's, wins). It sees the validated, frozen arguments and the
   * call's context; `false`, a throw, or `{ approved: false, reason }` refuses the call with an error
   * result the model reads (`Tool 'x' was not approved: reason.`).
   * @default none: the call's own approver, else its client's (the MCP server asks the user through
   * elicitation), else the call is refused
   */
  approve?: Approver;
  /**
   * Which tools a caller sees and may call, from the call's context (`ctx.caller.authInfo.scopes`, a
   * tenant in `ctx.services`, ...). A hidden tool is left out of `listFor(context)` and a call of it is
   * refused as an unknown tool; a throw hides the tool.
   * @default every tool is visible to every caller
   */
  visible?: (tool: ToolDefinition, context: ToolContext) => boolean;
  /**
   * Which prompts, resources and resource templates a caller sees and may get or read, from the
   * request's context (as `visible` for tools). A hidden one is left out of the MCP lists and is
   * an unknown prompt or resource to that caller; a throw hides it.
   * @default every prompt and resource is visible to every caller
   */
  visibleServed?: (item: ServedDefinition, context: ToolContext) => boolean;
  /**
   * What a failure tells the model, for every call through this set (a call's own `errorText`
   * wins), and whether an approver's exception is shown (`kind: 'approval'`). See SECURITY.md.
   * @default the failure's own text (`Tool 'x' failed: Name: message`); an approver's exception is not shown
   */
  errorText?: ErrorText;
  /**
   * Refuse a tool with a DTO property that no source types (v3.2: an erased design type that no
   * hint, plugin type, class-validator type rule or `@nestjs/swagger` type names), which is
   * otherwise accepted as what class-validator enforces with an OLT016 warning: each one is then an
   * OLT016 definition error when the tool is added.
   * @default false
   */
  strictTypes?: boolean;
}

/** Options of `ToolSet.addClass`. */
export interface AddClassOptions<T> {
  /**
   * Called once per call with the instance that `resolve` returned, after the tool's own work has
   * ended (returned, thrown, or its promise settled; for a timed-out call, when the tool finally
   * settles). The tool set never disposes instances itself: a resolved object's `dispose`,
   * `Symbol.dispose` or `Symbol.asyncDispose` is not called unless this callback calls it, because
   * whether an instance is the caller's to dispose depends on the container's scope (a singleton
   * must survive, a transient may not). Errors it throws are ignored.
   * @default none: instances are left to the container
   */
  release?: (instance: T) => unknown;
}

function isDefinition(item: unknown): item is ToolDefinition {
  if (calleeOf(item) !== undefined) return true;
  const d = item as Partial<ToolDefinition>;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof d.name === 'string' &&
    typeof d.invoke === 'function' &&
    typeof d.inputSchema === 'object' &&
    d.inputSchema !== null
  );
}

/** What changed in a set beside its tools: its prompts, or its resources and templates. */
export type ServedChange = 'prompts' | 'resources';

/**
 * A registry of tools by name: instances (their `@Tool` methods), definitions (`Tool.create`,
 * or any `ToolDefinition`), and classes whose instance is resolved per call (a DI container).
 * Names are unique (OLT007). An unknown name given to `invoke` is an error result, not a throw.
 */
export class ToolSet {
  readonly #tools = new Map<string, ToolDefinition>();
  readonly #limits: Partial<ArgumentLimits> | undefined;
  readonly #approve: Approver | undefined;
  readonly #visible: ToolSetOptions['visible'];
  readonly #errorText: ErrorText | undefined;
  readonly #strictTypes: boolean;
  readonly #listeners = new Set<() => void>();
  readonly #prompts = new Map<string, PromptDefinition>();
  readonly #resources = new Map<string, ResourceDefinition>();
  readonly #templates = new Map<string, ResourceTemplateDefinition>();
  readonly #updates = new Set<(uri: string) => void>();
  readonly #servedListeners = new Set<(changed: ServedChange) => void>();
  readonly #visibleServed: ToolSetOptions['visibleServed'];

  constructor(items: Iterable<ToolSetItem> = [], options: ToolSetOptions = {}) {
    this.#limits = options.limits !== undefined ? Object.freeze({ ...options.limits }) : undefined;
    this.#approve = options.approve;
    this.#visible = options.visible;
    this.#visibleServed = options.visibleServed;
    this.#errorText = options.errorText;
    this.#strictTypes = options.strictTypes === true;
    // Every item is added, past one that fails: the error lists every item's problems.
    const problems = new ProblemList();
    for (const item of items) problems.run(() => this.add(item));
    problems.throwIfAny('the tool set');
  }

  /**
   * Calls `listener` after every change of the set's tools (`add`, `addClass`); returns the function
   * that unsubscribes it. The MCP server sends `notifications/tools/list_changed` from here. A
   * listener's throw is ignored.
   */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Adds a definition, or every `@Tool` method of an instance (bound to it) with its `@Prompt`,
   * `@Resource` and `@ResourceTemplate` methods.
   */
  add(item: ToolSetItem): this {
    if (isDefinition(item)) return this.#put([item]);
    if (typeof item !== 'object' || item === null) {
      throw refuse(D.notToolsetItem());
    }
    const tools = instanceTools(item);
    const served = typeof item.constructor === 'function' ? servedDefinitions(item.constructor, { instance: item }) : [];
    if (tools.length === 0 && served.length === 0) {
      throw refuse(D.noToolMethods(item.constructor?.name ?? 'the object', true), { className: item.constructor?.name });
    }
    this.addServed(served);
    return tools.length > 0 ? this.#put(tools) : this;
  }

  /**
   * Adds prompts, resources and resource templates (what `add` and `addClass` find on a class; the
   * NestJS registry adds its providers' here). A prompt name, or a resource URI or template, taken
   * twice is OLT007.
   */
  addServed(definitions: readonly ServedDefinition[]): this {
    const seen = new Set<string>();
    for (const d of definitions) {
      const [what, key, taken] =
        d instanceof PromptDefinition
          ? (['prompt', d.name, this.#prompts.has(d.name)] as const)
          : d instanceof ResourceDefinition
            ? (['resource', d.uri, this.#resources.has(d.uri)] as const)
            : (['resource template', d.uriTemplate, this.#templates.has(d.uriTemplate)] as const);
      if (taken || seen.has(`${what}:${key}`)) throw refuse(D.sameServedInSet(what, key));
      seen.add(`${what}:${key}`);
    }
    let prompts = false;
    let resources = false;
    for (const d of definitions) {
      if (d instanceof PromptDefinition) {
        this.#prompts.set(d.name, d);
        prompts = true;
      } else {
        if (d instanceof ResourceDefinition) this.#resources.set(d.uri, d);
        else this.#templates.set(d.uriTemplate, d);
        resources = true;
      }
    }
    const changed: ServedChange[] = [...(prompts ? (['prompts'] as const) : []), ...(resources ? (['resources'] as const) : [])];
    for (const what of changed) {
      for (const listener of [...this.#servedListeners]) {
        try {
          listener(what);
        } catch {
          // One listener's failure must not stop the others, nor the add.
        }
      }
    }
    return this;
  }

  /** The set's prompts, in the order added. */
  prompts(): PromptDefinition[] {
    return [...this.#prompts.values()];
  }

  /** The prompt of that name, or undefined. */
  prompt(name: string): PromptDefinition | undefined {
    return this.#prompts.get(name);
  }

  /** The set's resources at fixed URIs, in the order added. */
  resources(): ResourceDefinition[] {
    return [...this.#resources.values()];
  }

  /** The set's resource templates, in the order added. */
  resourceTemplates(): ResourceTemplateDefinition[] {
    return [...this.#templates.values()];
  }

  /** The resource at `uri`: a fixed one, else the first template that matches it; undefined when none. */
  resourceAt(uri: string): ResourceDefinition | ResourceTemplateDefinition | undefined {
    const fixed = this.#resources.get(uri);
    if (fixed !== undefined) return fixed;
    for (const t of this.#templates.values()) if (t.match(uri) !== undefined) return t;
    return undefined;
  }

  /** Whether the caller of `context` sees a prompt, resource or template (the `visibleServed` option; a throw hides it). */
  isServedVisible(item: ServedDefinition, context: ToolContext): boolean {
    if (this.#visibleServed === undefined) return true;
    try {
      return this.#visibleServed(item, context) === true;
    } catch {
      return false;
    }
  }

  /**
   * Says that the resource at `uri` changed: the MCP servers of this set send
   * `notifications/resources/updated` to each client subscribed to it. A listener's throw is ignored.
   */
  notifyResourceUpdated(uri: string): void {
    for (const listener of [...this.#updates]) {
      try {
        listener(String(uri));
      } catch {
        // One listener's failure must not stop the others.
      }
    }
  }

  /**
   * Calls `listener` after prompts (`'prompts'`) or resources and templates (`'resources'`) are
   * added (`add`, `addClass`, `addServed`); returns the function that unsubscribes it. The MCP
   * server sends `notifications/prompts/list_changed` or `notifications/resources/list_changed`
   * from here. A listener's throw is ignored.
   */
  onServedChange(listener: (changed: ServedChange) => void): () => void {
    this.#servedListeners.add(listener);
    return () => {
      this.#servedListeners.delete(listener);
    };
  }

  /** Calls `listener` with each URI given to `notifyResourceUpdated`; returns the function that unsubscribes it. */
  onResourceUpdated(listener: (uri: string) => void): () => void {
    this.#updates.add(listener);
    return () => {
      this.#updates.delete(listener);
    };
  }

  /**
   * Adds every `@Tool` method of a class; each call gets its instance from `resolve(cls)` (which may
   * return a promise), so a DI container can supply a fresh or scoped one. The schemas come from the
   * class; `resolve` is called only for calls whose arguments are valid.
   */
  addClass<T extends object>(
    cls: abstract new (...args: never[]) => T,
    resolve: (cls: abstract new (...args: never[]) => T) => T | Promise<T>,
    options: AddClassOptions<T> = {},
  ): this {
    const specs = classToolSpecs(cls);
    const release = options.release as ((instance: object) => unknown) | undefined;
    const served = servedDefinitions(cls, { resolve: () => resolve(cls), ...(release !== undefined ? { release } : {}) });
    if (specs.length === 0 && served.length === 0) {
      throw refuse(D.noToolMethods(cls.name, false), { className: cls.name });
    }
    this.addServed(served);
    if (specs.length === 0) return this;
    const tools = specs.map(({ key, spec }) => {
      return new BoundTool(spec, { kind: 'resolved', key, resolve: () => resolve(cls), ...(release !== undefined ? { release } : {}) });
    });
    return this.#put(tools);
  }

  #put(tools: readonly ToolDefinition[]): this {
    const names = new Set<string>();
    const problems = new ProblemList();
    for (const t of tools) {
      if (this.#tools.has(t.name) || names.has(t.name)) {
        problems.add(refuse(D.sameNameInSet(t.name), { tool: t.name }));
      }
      names.add(t.name);
    }
    if (this.#strictTypes) problems.run(() => refuseUntyped(specsOf(tools)));
    problems.throwIfAny('the tool set');
    for (const t of tools) this.#tools.set(t.name, t);
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // One listener's failure must not stop the others, nor the add.
      }
    }
    return this;
  }

  /** The tool of that name, or undefined. */
  get(name: string): ToolDefinition | undefined {
    return this.#tools.get(name);
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** Every tool, in the order added. */
  list(): ToolDefinition[] {
    return [...this.#tools.values()];
  }

  get size(): number {
    return this.#tools.size;
  }

  /**
   * Whether what a caller is listed depends on who calls: the tools when the set has a `visible`
   * option, its prompts, resources and templates when it has `visibleServed`. (MCP 2026-07-28 marks
   * such lists `cacheScope: 'private'`, the others `'public'`.)
   */
  get listedByCaller(): { readonly tools: boolean; readonly served: boolean } {
    return { tools: this.#visible !== undefined, served: this.#visibleServed !== undefined };
  }

  /** The tools that the caller of `context` sees (every tool when the set has no `visible` option). */
  listFor(context: ToolContext): ToolDefinition[] {
    const all = this.list();
    return this.#visible === undefined ? all : all.filter((t) => this.#isVisible(t, context));
  }

  #isVisible(tool: ToolDefinition, context: ToolContext): boolean {
    try {
      return this.#visible === undefined || this.#visible(tool, context) === true;
    } catch {
      return false;
    }
  }

  /**
   * The context a call through this set runs in, as the approver and `visible` see it: a child of the
   * call's `context` with its client (who is calling), name and id.
   */
  callContext(name: string, options: InvokeOptions = {}): ToolContext {
    const init = { toolName: name, callId: options.callId, signal: options.signal, client: options.client };
    return options.context !== undefined ? options.context.child(init) : new ToolContext(init);
  }

  /** The set's own approver (its `approve` option), if any. */
  get approver(): Approver | undefined {
    return this.#approve;
  }

  /** The set's `errorText` option. */
  get errorText(): ErrorText | undefined {
    return this.#errorText;
  }

  /** The limits of this set (its own fields; the rest are the defaults). */
  get limits(): Partial<ArgumentLimits> | undefined {
    return this.#limits;
  }

  /**
   * Invokes the tool of that name: the one call path (MCP, the adapters, NestJS and the CLI come
   * through here). An unknown or hidden name is an error result that lists the tools the caller
   * sees; a tool that requires approval runs only when the call's `approve` (else the set's) approves
   * the validated arguments; every other behaviour is `tool.invoke`'s, with this set's limits below
   * the call's own.
   */
  invoke(name: string, args: string | object, given: InvokeOptions = {}): Promise<ToolResult> {
    if (given.signal?.aborted) return Promise.reject(given.signal.reason);
    const options = this.#withErrorText(given);
    const tool = this.#tools.get(name);
    if (tool === undefined) return Promise.resolve(ToolResult.error(this.unknownText(name, options)));
    if (this.#visible === undefined && !tool.requiresApproval) return invokeTool(tool, args, options, this.#limits);
    return this.#guarded(tool, args, options);
  }

  async #guarded(tool: ToolDefinition, args: string | object, options: InvokeOptions): Promise<ToolResult> {
    const context = this.callContext(tool.name, options);
    if (!this.#isVisible(tool, context)) return ToolResult.error(this.unknownText(tool.name, options));
    if (!tool.requiresApproval) return invokeTool(tool, args, options, this.#limits);
    // An approval covers exactly what runs: the arguments are copied, validated and hydrated first,
    // the approver sees that frozen value, and the staged call runs with it.
    const staged = await stageCall(tool, snapshot(args), options, this.#limits);
    if (isToolResult(staged)) return staged;
    deepFreeze(staged.arguments);
    if (await approvalNeeded(tool, staged.arguments, context)) {
      const request = { id: options.callId ?? '', name: tool.name, tool, arguments: staged.arguments, context };
      const refusal = await refusalOf(options.approve ?? this.#approve ?? context.clientApprover, request, options.errorText);
      if (options.signal?.aborted) throw options.signal.reason;
      if (refusal !== undefined) return refusal;
    }
    return staged.run({ ...options, approve: APPROVED });
  }

  /** Validates and hydrates a call without running it (for approvals); see `runToolCalls`. */
  stage(name: string, args: string | object, given: InvokeOptions = {}): Promise<ToolResult | StagedCall> {
    const options = this.#withErrorText(given);
    const tool = this.#tools.get(name);
    if (tool === undefined || (this.#visible !== undefined && !this.#isVisible(tool, this.callContext(name, options)))) {
      return Promise.resolve(ToolResult.error(this.unknownText(name, options)));
    }
    return stageCall(tool, args, options, this.#limits);
  }

  #withErrorText(options: InvokeOptions): InvokeOptions {
    return this.#errorText === undefined || options.errorText !== undefined ? options : { ...options, errorText: this.#errorText };
  }

  private unknownText(name: string, options: InvokeOptions): string {
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    const names = (this.#visible === undefined ? this.list() : this.listFor(this.callContext(name, options))).map((t) => t.name);
    return `Unknown tool '${shown}'. Available tools: ${names.length > 0 ? names.join(', ') : 'none'}.`;
  }
}

export type { StagedCall };
