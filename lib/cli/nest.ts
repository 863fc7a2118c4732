import { createRequire } from 'node:module';
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
/** An exported class decorated with `@Module()`. */
export function nestModuleOf(exports: unknown): { name: string; module: Function } | undefined {
  if (exports === null || (typeof exports !== 'object' && typeof exports !== 'function')) return undefined;
  const entries = typeof exports === 'function' ? [['default', exports] as const] : Object.entries(exports as Record<string, unknown>);
  for (const [name, value] of entries) {
    if (typeof value === 'function' && MODULE_KEYS.some((k) => Reflect.getMetadata?.(k, value) !== undefined)) return { name, module: value };
  }
  return undefined;
}

/** The tools of the application context built from `module`, called through its registry; `close` ends the context. */
export async function nestTools(loaded: LoadedModule, found: { name: string; module: Function }): Promise<{ found: FoundTool[]; close(): Promise<void> }> {
  const from = createRequire(loaded.file);
  let core: typeof import('@nestjs/core');
  let nest: typeof import('../nestjs');
  try {
    core = from('@nestjs/core') as typeof import('@nestjs/core');
    nest = from('tool-signatures/nestjs') as typeof import('../nestjs');
  } catch (e) {
    throw new DiscoveryError(
      `${found.name} is a NestJS module, and @nestjs/core or tool-signatures/nestjs cannot be loaded beside it (${describeThrown(e, false)}).`,
    );
  }
  let app: Awaited<ReturnType<typeof core.NestFactory.createApplicationContext>>;
  try {
    app = await core.NestFactory.createApplicationContext(found.module as Parameters<typeof core.NestFactory.createApplicationContext>[0], {
      logger: ['error', 'warn'],
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
