import type { ToolDefinition } from '../invoke/tools/bound-tool';
import { DIAGNOSTICS as D } from '../diagnostics';
import type { Library, LoadedModule } from './load';
import { describeThrown } from '../thrown';

/** A tool found in the user's module, and which export it came from. */
export interface FoundTool {
  readonly tool: ToolDefinition;
  /** `class DocketService`, `instance docketService`, `tool searchTool`, `array tools[2]`, `tool set tools`. */
  readonly from: string;
  /** The exported tool set it belongs to: calls go through it (its limits, approver, visibility). */
  readonly set?: CallableSet;
}

/** What `call` needs of a tool set (of this copy of the library or another). */
export interface CallableSet {
  invoke(name: string, args: string | object, options?: object): Promise<unknown>;
}

/** The module's tools cannot be found (none exported, no such tool) or constructed (exit status 2). */
export class DiscoveryError extends Error {
  override readonly name = 'DiscoveryError';
}

/** What Nest's `@Injectable()` records on a class (`INJECTABLE_WATERMARK`). */
const INJECTABLE = '__injectable__';

/**
 * Whether an exported class is a Nest provider whose constructor takes dependencies: the CLI cannot
 * make one with no arguments (its methods would run without what Nest injects).
 */
function injectedClass(value: Function): boolean {
  const params = Reflect.getMetadata?.('design:paramtypes', value) as unknown[] | undefined;
  return Reflect.getMetadata?.(INJECTABLE, value) === true && params !== undefined && params.length > 0;
}

/** The refusal for such a class, saying how to give the CLI the application instead. */
function injectedClassRefusal(cls: Function): DiscoveryError {
  return new DiscoveryError(
    `cannot construct the exported class ${cls.name}: it is a NestJS provider whose constructor takes dependencies that Nest injects, and its methods would run without them. ` +
      'Give the CLI the application instead: a file that exports your root module (the one that imports ToolsModule.forRoot()), such as dist/app.module.js, and it builds the Nest application context and calls the tool through its ToolRegistry; or export an instance made with its dependencies.',
  );
}

/**
 * The tools of a module's exports:
 * - an exported class with `@Tool` methods (on it or its bases) is instantiated with no arguments;
 * - an exported instance of such a class gives its tools (and its class is then not instantiated);
 * - an exported `ToolDefinition` (`Tool.create(...)`), an array of them, or a `ToolSet` gives those.
 * Names must be unique across the module, as in one tool set (OLT007).
 */
export function discoverTools(loaded: LoadedModule): FoundTool[] {
  const lib = loaded.library;
  const entries = exportEntries(loaded.exports);
  const instanceClasses = new Set<Function>();
  for (const [, value] of entries) {
    if (isInstanceWithTools(lib, value)) instanceClasses.add((value as object).constructor);
  }
  // Configured tools first (tool sets, instances, definitions), classes constructed last: when a
  // module exports both a class and a tool set holding it, the catalogue shows the tool set's.
  const configured: FoundTool[] = [];
  const constructed: FoundTool[] = [];
  for (const [name, value] of entries) {
    if (isToolDefinition(value)) {
      configured.push({ tool: value, from: `tool ${name}` });
    } else if (Array.isArray(value) && value.length > 0 && value.every(isToolDefinition)) {
      value.forEach((tool, i) => configured.push({ tool, from: `array ${name}[${i}]` }));
    } else if (isToolSet(lib, value)) {
      for (const tool of value.list()) configured.push({ tool, from: `tool set ${name}`, set: value });
    } else if (isClass(value)) {
      if (instanceClasses.has(value)) continue;
      // Read the class's tools from its prototype first, so that only tool classes are constructed.
      if (lib.Tool.fromInstance(Object.create(value.prototype) as object).length === 0) continue;
      if (injectedClass(value)) throw injectedClassRefusal(value);
      let instance: object;
      try {
        instance = new (value as new () => object)();
      } catch (e) {
        throw new DiscoveryError(
          `cannot construct the exported class ${value.name} with no arguments (${describeThrown(e, false)}). Export an instance of it instead, or a ToolSet.`,
        );
      }
      for (const tool of lib.Tool.fromInstance(instance)) constructed.push({ tool, from: `class ${value.name}` });
    } else if (isInstanceWithTools(lib, value)) {
      for (const tool of lib.Tool.fromInstance(value as object)) configured.push({ tool, from: `instance ${name}` });
    }
  }
  return unique(lib, [...configured, ...constructed]);
}

/** `[exportName, value]` pairs; a CommonJS `module.exports = X` or an ES default export reads as `default`. */
function exportEntries(exports: unknown): [string, unknown][] {
  if (exports === null || exports === undefined) return [];
  if (typeof exports === 'function' || Array.isArray(exports) || isToolDefinition(exports)) return [['default', exports]];
  if (typeof exports !== 'object') return [];
  const entries = Object.entries(exports as Record<string, unknown>).filter(([k]) => k !== '__esModule');
  const proto = Object.getPrototypeOf(exports) as unknown;
  const plain = proto === null || proto === Object.prototype || (exports as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Module';
  return plain ? entries : [['default', exports]];
}

export function isToolDefinition(value: unknown): value is ToolDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ToolDefinition>;
  return typeof v.name === 'string' && typeof v.inputSchema === 'object' && v.inputSchema !== null && typeof v.invoke === 'function';
}

interface ToolSetLike extends CallableSet {
  list(): ToolDefinition[];
}

function isToolSet(lib: Library, value: unknown): value is ToolSetLike {
  const ToolSet = (lib as { ToolSet?: Function }).ToolSet;
  if (typeof ToolSet === 'function' && value instanceof ToolSet) return true;
  // Another copy of the package (or a compatible registry): the same methods.
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.list === 'function' && typeof v.get === 'function' && typeof v.invoke === 'function';
}

function isClass(value: unknown): value is Function & { prototype: object } {
  return typeof value === 'function' && typeof (value as { prototype?: unknown }).prototype === 'object';
}

function isInstanceWithTools(lib: Library, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const ctor = (value as object).constructor;
  if (typeof ctor !== 'function' || ctor === Object) return false;
  return lib.Tool.fromInstance(Object.create(ctor.prototype as object) as object).length > 0;
}

/**
 * One entry per tool. The same tool reached twice (an exported definition that is also in an
 * exported array; a class exported beside a tool set holding an instance of it: the schema of a
 * class's tool is built once per class, so both definitions share it) is listed once; two different
 * tools with one name are refused, as a tool set refuses them (OLT007).
 */
function unique(lib: Library, found: readonly FoundTool[]): FoundTool[] {
  const seen = new Map<string, FoundTool>();
  const out: FoundTool[] = [];
  for (const f of found) {
    const first = seen.get(f.tool.name);
    if (first === undefined) {
      seen.set(f.tool.name, f);
      out.push(f);
    } else if (first.tool !== f.tool && first.tool.inputSchema !== f.tool.inputSchema) {
      const d = D.sameNameExported(f.tool.name, first.from, f.from);
      throw new lib.ToolDefinitionError(d.code, d.text, { tool: f.tool.name });
    }
  }
  return out;
}

/** A prompt, resource or resource template of the module, as `inspect` lists it. */
export interface FoundServed {
  readonly kind: 'prompt' | 'resource' | 'resource template';
  /** The prompt's name, the resource's URI, or the template's text. */
  readonly key: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** A prompt's arguments, or a template's variables. */
  readonly arguments?: readonly { readonly name: string; readonly description?: string; readonly required: boolean }[];
  readonly from: string;
}

interface ServedLike {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  uri?: string;
  uriTemplate?: string;
  arguments?: FoundServed['arguments'];
}

interface ServedSetLike {
  prompts(): ServedLike[];
  resources(): ServedLike[];
  resourceTemplates(): ServedLike[];
}

/**
 * The prompts, resources and templates of a module's exports: those of an exported tool set, of an
 * exported instance, and of an exported class (read from its prototype: nothing is constructed or
 * called). Each is listed once, the first export that has it winning.
 */
export function discoverServed(loaded: LoadedModule): FoundServed[] {
  const lib = loaded.library as Library & { ToolSet: new (items: object[]) => ServedSetLike };
  if (typeof lib.ToolSet?.prototype?.prompts !== 'function') return [];
  const out: FoundServed[] = [];
  const seen = new Set<string>();
  const take = (set: ServedSetLike, from: string) => {
    const rows: [FoundServed['kind'], ServedLike[]][] = [
      ['prompt', set.prompts()],
      ['resource', set.resources()],
      ['resource template', set.resourceTemplates()],
    ];
    for (const [kind, list] of rows) {
      for (const s of list) {
        const key = kind === 'prompt' ? s.name : kind === 'resource' ? s.uri! : s.uriTemplate!;
        if (seen.has(`${kind}:${key}`)) continue;
        seen.add(`${kind}:${key}`);
        out.push({
          kind,
          key,
          name: s.name,
          from,
          ...(s.title !== undefined ? { title: s.title } : {}),
          ...(s.description !== undefined ? { description: s.description } : {}),
          ...(s.mimeType !== undefined ? { mimeType: s.mimeType } : {}),
          ...(kind === 'prompt' ? { arguments: (s.arguments ?? []).map((a) => ({ ...a })) } : {}),
        });
      }
    }
  };
  for (const [name, value] of exportEntries(loaded.exports)) {
    if (isToolSet(lib, value) && typeof (value as Partial<ServedSetLike>).prompts === 'function') take(value as unknown as ServedSetLike, `tool set ${name}`);
    else if (
      isClass(value) ||
      (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.constructor === 'function' && value.constructor !== Object)
    ) {
      const proto = isClass(value) ? (value.prototype as object) : (Object.getPrototypeOf(value) as object);
      let set: ServedSetLike;
      try {
        // The prototype stands for an instance: listing reads the class's specs, and nothing is called.
        set = new lib.ToolSet([Object.create(proto) as object]);
      } catch {
        continue;
      }
      take(set, `${isClass(value) ? 'class' : 'instance'} ${isClass(value) ? value.name : name}`);
    }
  }
  return out;
}
