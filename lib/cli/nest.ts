import { createRequire } from 'node:module';
import { MCP_TEXTS } from '../diagnostics';
import { describeThrown } from '../thrown';
import { DiscoveryError, type FoundTool } from './discover';
import type { LoadedModule } from './load';

/**
 * A NestJS application module among a user's module's exports: the CLI builds its application
 * context (`NestFactory.createApplicationContext`) and calls through its `ToolRegistry`, so that a
 * provider's tools run with the dependencies Nest injects. `@nestjs/core` and
 * `tool-signatures/nestjs` are loaded from the user's module's location (the copies its app uses).
 */

/** What Nest's `@Module()` records on a class (its `MODULE_METADATA` keys). */
const MODULE_KEYS = ['imports', 'providers', 'controllers', 'exports'] as const;

/** Whether a value is a class decorated with `@Module()`. */
function isNestModule(value: unknown): value is Function {
  return typeof value === 'function' && MODULE_KEYS.some((k) => Reflect.getMetadata?.(k, value) !== undefined);
}

/** The module classes a module imports: classes, dynamic modules (`{ module }`) and `forwardRef(() => X)`. */
function importsOf(module: Function): Function[] {
  const imports = Reflect.getMetadata?.('imports', module) as unknown[] | undefined;
  const out: Function[] = [];
  for (const i of imports ?? []) {
    if (typeof i === 'function') out.push(i);
    else if (i !== null && typeof i === 'object') {
      const { module: dynamic, forwardRef } = i as { module?: unknown; forwardRef?: unknown };
      const target = typeof forwardRef === 'function' ? (forwardRef as () => unknown)() : dynamic;
      if (typeof target === 'function') out.push(target);
    }
  }
  return out;
}

/**
 * The root module among a user's module's exported `@Module()` classes: the one no other exported
 * module imports (a file may export a feature module beside the root, in either order), and of
 * several such, the one that imports ToolsModule.
 */
export function nestModuleOf(exports: unknown): { name: string; module: Function } | undefined {
  if (exports === null || (typeof exports !== 'object' && typeof exports !== 'function')) return undefined;
  const entries = typeof exports === 'function' ? [['default', exports] as const] : Object.entries(exports as Record<string, unknown>);
  const modules = entries.flatMap(([name, value]) => (isNestModule(value) ? [{ name, module: value }] : []));
  if (modules.length <= 1) return modules[0];
  const imported = new Set(modules.flatMap((m) => importsOf(m.module)));
  const roots = modules.filter((m) => !imported.has(m.module));
  const candidates = roots.length > 0 ? roots : modules;
  return candidates.find((m) => importsOf(m.module).some((i) => i.name === 'ToolsModule')) ?? candidates[0];
}

/** The tools of the application context built from `module`, called through its registry; `close` ends the context. */
export async function nestTools(loaded: LoadedModule, found: { name: string; module: Function }): Promise<{ found: FoundTool[]; close(): Promise<void> }> {
  const from = createRequire(loaded.file);
  let core: typeof import('@nestjs/core');
  let common: typeof import('@nestjs/common');
  let nest: typeof import('../nestjs');
  try {
    core = from('@nestjs/core') as typeof import('@nestjs/core');
    common = from('@nestjs/common') as typeof import('@nestjs/common');
    nest = from('tool-signatures/nestjs') as typeof import('../nestjs');
  } catch (e) {
    throw new DiscoveryError(
      `${found.name} is a NestJS module, and @nestjs/core, @nestjs/common or tool-signatures/nestjs cannot be loaded beside it (${describeThrown(e, false)}).`,
    );
  }
  let app: Awaited<ReturnType<typeof core.NestFactory.createApplicationContext>>;
  try {
    app = await core.NestFactory.createApplicationContext(found.module as Parameters<typeof core.NestFactory.createApplicationContext>[0], {
      logger: cliLogger(common),
      abortOnError: false,
    });
  } catch (e) {
    throw new DiscoveryError(`cannot start the NestJS application ${found.name}: ${describeThrown(e, false)}`);
  }
  let registry: InstanceType<typeof nest.ToolRegistry>;
  try {
    registry = app.get(nest.ToolRegistry, { strict: false });
  } catch {
    await app.close();
    throw new DiscoveryError(
      `the NestJS application ${found.name} has no ToolRegistry: import ToolsModule.forRoot() (tool-signatures/nestjs) in ${found.name}.`,
    );
  }
  return { found: registry.list().map((tool) => ({ tool, from: `NestJS application ${found.name}`, set: registry })), close: () => app.close() };
}

/**
 * Nest's warnings and errors, on standard error, without ToolsModule's warning that `forRoot({ mcp })`
 * has no HTTP platform to serve on: the CLI builds an application context on purpose, to call a tool.
 */
function cliLogger(common: typeof import('@nestjs/common')): import('@nestjs/common').LoggerService {
  const [before, after] = MCP_TEXTS.nestNoHttpAdapter('\0').split('\0') as [string, string];
  class CliLogger extends common.ConsoleLogger {
    override warn(message: unknown, ...rest: unknown[]): void {
      if (typeof message === 'string' && message.startsWith(before) && message.endsWith(after)) return;
      super.warn(message, ...rest);
    }
  }
  const logger = new CliLogger();
  logger.setLogLevels(['error', 'warn']);
  return logger;
}
