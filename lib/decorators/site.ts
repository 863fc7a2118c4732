import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import { installDecorateHook } from '../metadata/storage';

/** TC39 standard decorators receive `(value, context)`: they cannot carry design metadata. */
export function refuseStandardDecorators(decorator: string, args: readonly unknown[]): void {
  installDecorateHook();
  const context = args[1];
  if (typeof context === 'object' && context !== null && 'kind' in context && 'name' in context) {
    throw refuse(D.standardDecorator(decorator), { member: String((context as { name: unknown }).name) });
  }
}

export function className(target: object): string {
  return typeof target === 'function' ? target.name : ((target as { constructor?: { name?: string } }).constructor?.name ?? '?');
}
