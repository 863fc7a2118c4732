/**
 * What an MCP server serves besides tools: prompts, resources and resource templates made from
 * `@Prompt`, `@Resource` and `@ResourceTemplate` methods, and the completion of their arguments.
 * Each runs through the tool machinery: its method's frozen tool spec and the tool invoker, so an
 * argument (text on the wire, converted to the declared type first) is validated, hydrated and
 * refused with the same texts as a tool's.
 */
import { classServedSpecs, type CompletionContext, type ServedSpec } from '../../schema/class-tools';
import { matchUriTemplate } from '../../decorators/uri-template';
import type { TypeNode } from '../../types/node';
import { isPart, isToolResult, Part, partsText, type ToolResult } from '../../tool-result';
import { BoundTool } from './bound-tool';
import { adopt, isThenable } from '../calling/call';
import { encodeBase64 } from '../arguments/formats';
import { stageCall } from '../calling/invoker';
import type { InvokeOptions } from '../calling/context';
import { partsIn, type McpContent } from '../calling/parts';

/** One argument of a prompt, as `prompts/list` gives it. */
export interface PromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** One message of a prompt (MCP's `PromptMessage`). */
export interface PromptMessage {
  readonly role: 'user' | 'assistant';
  readonly content: McpContent;
}

/** One content of a read resource (MCP's text or blob resource contents). */
export type ResourceContents =
  | { readonly uri: string; readonly mimeType: string; readonly text: string }
  | { readonly uri: string; readonly mimeType: string; readonly blob: string };

/**
 * What getting a prompt or reading a resource gives: the value, or why not: `arguments` for
 * arguments (or template variables) the invoker refused, `failed` for a method that threw.
 */
export type ServedReply<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: 'arguments' | 'failed' | ServedRefusal['reason']; readonly text: string };

/**
 * What a method's stand-in (`ServedTarget.call`) returns in place of a value when the caller is
 * refused (a NestJS guard said no: `refused`) or what was asked for is not there (a NestJS
 * `NotFoundException`: `not-found`): the reply has that reason, with this text.
 */
export class ServedRefusal {
  constructor(
    readonly text: string,
    readonly reason: 'refused' | 'not-found' = 'refused',
  ) {
    Object.freeze(this);
  }
}

/** Completion values (MCP's `completion`): at most `MAX_COMPLETIONS`, with the total and whether there are more. */
export interface CompletionValues {
  readonly values: readonly string[];
  readonly total: number;
  readonly hasMore: boolean;
}

/** The most values one completion sends (MCP's limit). */
export const MAX_COMPLETIONS = 100;
/** How long a completer may take before the completion is answered with no values, in milliseconds. */
export const COMPLETION_TIMEOUT_MS = 5000;

/**
 * How a method of an instance, or of a class resolved per call, is reached; or `call`, a function
 * called in its place (the NestJS registry's, which runs the provider's guards and interceptors
 * around the method). `around` runs each get or read (arguments checked, method called) inside
 * it: the NestJS registry sets the scope its guards see there. `admit` asks, without running the
 * method, whether the caller in that scope may (the NestJS registry's: the method's guards).
 */
export type ServedTarget = (
  | { readonly instance: object }
  | { readonly resolve: () => unknown; readonly release?: (instance: object) => unknown }
  | { readonly call: (spec: ServedSpec) => (...args: unknown[]) => unknown }
) & { readonly around?: ServedAround; readonly admit?: (spec: ServedSpec) => () => Promise<boolean> };

/** Runs one get or read (`run`) for `spec`; `uri` is the URI read, for a resource or template. */
export type ServedAround = <R>(spec: ServedSpec, options: InvokeOptions, uri: string | undefined, run: () => Promise<R>) => Promise<R>;

type Shape = (value: unknown) => unknown;

/** The common part: the spec, and the method (shaped) as a tool the invoker runs. */
abstract class Served {
  readonly #tool: BoundTool;
  readonly #spec: ServedSpec;
  readonly #around: ServedAround | undefined;
  readonly #admit: (() => Promise<boolean>) | undefined;

  constructor(spec: ServedSpec, target: ServedTarget, shape: Shape) {
    this.#spec = spec;
    this.#around = target.around;
    const key = spec.key;
    // The invoker turns a returned value into parts; a `Part.json` of the shaped value passes through it as it is.
    const shaped = (v: unknown): unknown => Part.json(v instanceof ServedRefusal ? v : shape(v));
    const call = (instance: object, args: unknown[]): unknown => {
      const method = (instance as Record<PropertyKey, unknown>)[key];
      if (typeof method !== 'function') throw new TypeError(`the instance has no method ${String(key)}.`);
      return (method as (...a: unknown[]) => unknown).apply(instance, args);
    };
    let fn: (...args: unknown[]) => unknown;
    if ('instance' in target) {
      const instance = target.instance;
      fn = (...args) => {
        const v = call(instance, args);
        return isThenable(v) ? adopt(v).then(shaped) : shaped(v);
      };
    } else if ('call' in target) {
      const method = target.call(spec);
      fn = (...args) => {
        const v = method(...args);
        return isThenable(v) ? adopt(v).then(shaped) : shaped(v);
      };
    } else {
      fn = async (...args) => {
        const instance = (await adopt(target.resolve())) as object;
        try {
          return shaped(await adopt(call(instance, args)));
        } finally {
          if (target.release !== undefined)
            void Promise.resolve()
              .then(() => target.release!(instance))
              .catch(() => undefined);
        }
      };
    }
    this.#tool = new BoundTool(spec.spec, { kind: 'fixed', fn, target: undefined });
    this.#admit = target.admit?.(spec);
  }

  /**
   * Whether the caller of `options` may get or read it (`uri`: the URI read), asked of what guards
   * its method (a NestJS provider's guards) without running it; true where nothing guards it.
   * `resources/subscribe` and listen streams ask it before a caller hears of a resource's changes.
   */
  admits(options: InvokeOptions = {}, uri?: string): Promise<boolean> {
    const admit = this.#admit;
    if (admit === undefined) return Promise.resolve(true);
    return this.#around === undefined ? admit() : this.#around(this.#spec, options, uri, admit);
  }

  /** The name of the prompt or resource. */
  get name(): string {
    return this.#spec.name;
  }

  get title(): string | undefined {
    return this.#spec.title;
  }

  get description(): string | undefined {
    return this.#spec.description;
  }

  /** The JSON Schema (2020-12) of the arguments (or template variables) once converted from text: the method's tool input schema. */
  get argumentsSchema(): Readonly<Record<string, unknown>> {
    return this.#spec.spec.inputSchema;
  }

  /** Converts the text arguments, validates and hydrates them, and runs the method. */
  protected run<T>(args: Readonly<Record<string, string>>, options: InvokeOptions, uri?: string): Promise<ServedReply<T>> {
    const around = this.#around;
    return around === undefined ? this.#run<T>(args, options) : around(this.#spec, options, uri, () => this.#run<T>(args, options));
  }

  async #run<T>(args: Readonly<Record<string, string>>, options: InvokeOptions): Promise<ServedReply<T>> {
    const staged = await stageCall(this.#tool, typedArguments(this.#spec, args), options);
    if (isToolResult(staged)) return { ok: false, reason: 'arguments', text: partsText(staged.parts) };
    const result: ToolResult = await staged.run(options);
    if (result.isError) return { ok: false, reason: 'failed', text: partsText(result.parts) };
    const part = result.parts[0];
    if (part !== undefined && part.type === 'json' && part.value instanceof ServedRefusal)
      return { ok: false, reason: part.value.reason, text: part.value.text };
    return { ok: true, value: (part !== undefined && part.type === 'json' ? part.value : []) as T };
  }

  /** Completion values for one argument: the completer's, else the enum's that start with `value`. */
  protected completeArgument(argument: string, value: string, context: CompletionContext): Promise<CompletionValues> {
    return completeOf(this.#spec, argument, String(value).slice(0, 4096), context);
  }
}

/** A `@Prompt` method, bound. */
export class PromptDefinition extends Served {
  /** The prompt's arguments: the method's value parameters, read as a tool's. */
  readonly arguments: readonly PromptArgument[];

  constructor(spec: ServedSpec, target: ServedTarget) {
    super(spec, target, promptMessages);
    this.arguments = Object.freeze(
      spec.spec.params
        .filter((p) => p.role === 'value')
        .map((p) => Object.freeze({ name: p.name, ...(p.node.description !== undefined ? { description: p.node.description } : {}), required: p.required })),
    );
    Object.freeze(this);
  }

  /** The prompt's messages for these arguments (text, as they come over MCP). */
  get(args: Readonly<Record<string, string>> = {}, options: InvokeOptions = {}): Promise<ServedReply<readonly PromptMessage[]>> {
    return this.run(args, options);
  }

  complete(argument: string, value: string, context: CompletionContext = { arguments: {} }): Promise<CompletionValues> {
    return this.completeArgument(argument, value, context);
  }
}

/** A `@Resource` method, bound: the resource at its fixed URI. */
export class ResourceDefinition extends Served {
  readonly uri: string;
  readonly mimeType: string | undefined;

  constructor(spec: ServedSpec, target: ServedTarget) {
    super(spec, target, (v) => resourceContents(spec.uri!, spec.mimeType, v));
    this.uri = spec.uri!;
    this.mimeType = spec.mimeType;
    Object.freeze(this);
  }

  read(options: InvokeOptions = {}): Promise<ServedReply<readonly ResourceContents[]>> {
    return this.run({}, options, this.uri);
  }
}

/** A `@ResourceTemplate` method, bound: the resources whose URIs match its template. */
export class ResourceTemplateDefinition extends Served {
  readonly uriTemplate: string;
  readonly mimeType: string | undefined;
  readonly #spec: ServedSpec;

  constructor(spec: ServedSpec, target: ServedTarget) {
    // The URI read is known only per call: the contents are made with none, and given it in `read`.
    super(spec, target, (v) => resourceContents('', spec.mimeType, v));
    this.#spec = spec;
    this.uriTemplate = spec.uri!;
    this.mimeType = spec.mimeType;
    Object.freeze(this);
  }

  /** The template's variables in `uri` (percent-decoded), or undefined when it does not match. */
  match(uri: string): Record<string, string> | undefined {
    return matchUriTemplate(this.#spec.template!, uri);
  }

  /** Reads the resource at `uri` (which `match`es): its variables are the method's arguments. */
  async read(uri: string, options: InvokeOptions = {}): Promise<ServedReply<readonly ResourceContents[]>> {
    const vars = this.match(uri);
    if (vars === undefined)
      return { ok: false, reason: 'arguments', text: `The URI '${uri.slice(0, 256)}' does not match the template '${this.uriTemplate}'.` };
    const reply = await this.run<readonly ResourceContents[]>(vars, options, uri);
    return reply.ok ? { ok: true, value: reply.value.map((c) => ({ ...c, uri })) } : reply;
  }

  complete(argument: string, value: string, context: CompletionContext = { arguments: {} }): Promise<CompletionValues> {
    return this.completeArgument(argument, value, context);
  }
}

/** The prompts, resources and templates of an instance's class (and its bases), bound to it or resolved per call. */
export function servedDefinitions(cls: Function, target: ServedTarget): (PromptDefinition | ResourceDefinition | ResourceTemplateDefinition)[] {
  return classServedSpecs(cls).map((s) =>
    s.kind === 'prompt'
      ? new PromptDefinition(s, target)
      : s.kind === 'resource'
        ? new ResourceDefinition(s, target)
        : new ResourceTemplateDefinition(s, target),
  );
}

// ---- arguments as text ------------------------------------------------------------------------

const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const STRUCTURED: ReadonlySet<string> = new Set(['array', 'record', 'object', 'dto', 'any', 'union']);

/**
 * MCP gives prompt arguments and template variables as text. A number, integer, boolean or numeric
 * enum is read from its JSON text, a structured value (object, array, union) from its JSON; text
 * that does not read is passed as it is, so the invoker refuses it with its own words.
 */
function typedArguments(spec: ServedSpec, args: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nodes = new Map(spec.spec.params.map((p) => [p.name, p.node]));
  for (const [name, text] of Object.entries(args ?? {})) {
    const n = nodes.get(name);
    Object.defineProperty(out, name, {
      value: n !== undefined && typeof text === 'string' ? fromText(n, text) : text,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function fromText(n: TypeNode, text: string): unknown {
  if (n.nullable && text === 'null') return null;
  const kind = n.kind === 'enum' ? n.enumType : n.kind;
  if (kind === 'number' || kind === 'integer') return NUMBER.test(text) ? Number(text) : text;
  if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (kind !== undefined && STRUCTURED.has(kind)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

// ---- completion ---------------------------------------------------------------------------------

async function completeOf(spec: ServedSpec, argument: string, value: string, context: CompletionContext): Promise<CompletionValues> {
  const param = spec.spec.params.find((p) => p.role === 'value' && p.name === argument);
  if (param === undefined) return { values: [], total: 0, hasMore: false };
  let values: readonly unknown[];
  const completer = spec.completers.get(argument);
  if (completer !== undefined) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // A completer that fails or takes too long suggests nothing; the request never fails for it.
      const late = new Promise<readonly string[]>((resolve) => {
        timer = setTimeout(() => resolve([]), COMPLETION_TIMEOUT_MS);
      });
      const given: unknown = await Promise.race([adopt(completer(value, { arguments: { ...context?.arguments } })), late]);
      values = Array.isArray(given) ? given : [];
    } catch {
      values = [];
    } finally {
      clearTimeout(timer);
    }
  } else {
    const n = param.node;
    const all = n.enum ?? (n.kind === 'boolean' ? [false, true] : []);
    values = all.map(String).filter((v) => v.startsWith(value));
  }
  const strings = values.filter((v): v is string => typeof v === 'string');
  if (strings.length <= MAX_COMPLETIONS) return { values: strings, total: strings.length, hasMore: false };
  return { values: strings.slice(0, MAX_COMPLETIONS), total: strings.length, hasMore: true };
}

// ---- results --------------------------------------------------------------------------------------

const ROLES: ReadonlySet<string> = new Set(['user', 'assistant']);
const CONTENT_TYPES: ReadonlySet<string> = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/** A part as one MCP content (a JSON part as its text). */
function contentOf(part: Part): McpContent {
  return partsIn('mcp', [part]).content[0]!;
}

function messageContent(content: unknown): McpContent {
  if (typeof content === 'string') return { type: 'text', text: content };
  if (isPart(content)) return contentOf(content);
  if (typeof content === 'object' && content !== null && CONTENT_TYPES.has(String((content as { type?: unknown }).type))) return content as McpContent;
  throw new TypeError(
    'a prompt message\'s content is text, a Part, or MCP content ({ type: "text" | "image" | "audio" | "resource" | "resource_link", ... }).',
  );
}

/**
 * A prompt method's value as messages: text is one user message; a `Part`, a list of parts or a
 * `ToolResult` is one user message per part; a list of `{ role, content }` is the messages.
 */
function promptMessages(value: unknown): PromptMessage[] {
  if (typeof value === 'string') return [{ role: 'user', content: { type: 'text', text: value } }];
  if (isToolResult(value)) return value.parts.map((p) => ({ role: 'user', content: contentOf(p) }));
  if (isPart(value)) return [{ role: 'user', content: contentOf(value) }];
  if (Array.isArray(value)) {
    return value.map((m: unknown) => {
      if (isPart(m)) return { role: 'user', content: contentOf(m) };
      if (typeof m === 'string') return { role: 'user', content: { type: 'text', text: m } };
      const role = (m as { role?: unknown } | null)?.role;
      if (typeof m !== 'object' || m === null || typeof role !== 'string' || !ROLES.has(role)) {
        throw new TypeError("a prompt returns text, a Part, a list of parts, or a list of messages { role: 'user' | 'assistant', content }.");
      }
      return { role: role as PromptMessage['role'], content: messageContent((m as { content?: unknown }).content) };
    });
  }
  throw new TypeError("a prompt returns text, a Part, a list of parts, or a list of messages { role: 'user' | 'assistant', content }.");
}

/** A resource method's value as contents: text, bytes as a base64 blob, a resource `Part`, or any other value as JSON text. */
function resourceContents(uri: string, mimeType: string | undefined, value: unknown): ResourceContents[] {
  if (typeof value === 'string') return [{ uri, mimeType: mimeType ?? 'text/plain', text: value }];
  if (value instanceof Uint8Array) return [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob: encodeBase64(value) }];
  if (isPart(value) && value.type === 'resource') {
    const c = contentOf(value);
    if (c.type === 'resource')
      return [
        {
          uri,
          mimeType: c.resource.mimeType ?? mimeType ?? 'text/plain',
          ...('text' in c.resource ? { text: c.resource.text } : { blob: c.resource.blob }),
        } as ResourceContents,
      ];
  }
  const text = JSON.stringify(value);
  if (typeof text !== 'string') throw new TypeError('a resource returns text, bytes (Uint8Array or Buffer), or a value with a JSON form.');
  return [{ uri, mimeType: mimeType ?? 'application/json', text }];
}
