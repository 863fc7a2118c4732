import { ToolDefinitionError } from '../errors';
import { installDecorateHook } from '../metadata/storage';

/** TC39 standard decorators receive `(value, context)`: they cannot carry design metadata. */
export function refuseStandardDecorators(decorator: string, args: readonly unknown[]): void {
  installDecorateHook();
  const context = args[1];
  if (typeof context === 'object' && context !== null && 'kind' in context && 'name' in context) {
    throw new ToolDefinitionError(
      'OLT012',
      `@${decorator} was compiled as a TC39 standard decorator, which records no design metadata. ` +
        'Set "experimentalDecorators": true and "emitDecoratorMetadata": true in tsconfig.json, ' +
        "or use the tool-signatures plugin's generated module.",
      { member: String((context as { name: unknown }).name) },
    );
  }
}

export function className(target: object): string {
  return typeof target === 'function' ? target.name : ((target as { constructor?: { name?: string } }).constructor?.name ?? '?');
}
