import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import type { ToolOptions } from '../metadata/options';
import { recordOf } from '../metadata/storage';
import { className, refuseStandardDecorators } from './site';

/**
 * Marks an instance method as a tool. Write it nearest to the method (last in the list) when other
 * decorators wrap the method.
 *
 * @example
 * class DocketService {
 *   @Tool({ description: 'Fetch a court docket' })
 *   async getDocketAsync(@Range(1, 50) @Param({ type: Int32 }) limit = 10, query: DocketQuery) { ... }
 * }
 */
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (...args: unknown[]) => {
    refuseStandardDecorators('Tool', args);
    const [target, key, descriptor] = args as [object, PropertyKey, PropertyDescriptor | undefined];
    const owner = className(target);
    const member = String(key);
    if (typeof target === 'function') {
      throw refuse(D.staticMethod(owner, member), { className: owner, member });
    }
    if (descriptor === undefined || typeof descriptor.value !== 'function') {
      throw refuse(D.notAMethod(), { className: owner, member });
    }
    if (typeof key === 'symbol' && options.name === undefined) {
      throw refuse(D.symbolName(), { className: owner, member });
    }
    // Until __decorate finishes, the prototype still holds the method as written, even when a
    // decorator below this one has already wrapped `descriptor.value`.
    const written = Object.getOwnPropertyDescriptor(target, key)?.value;
    const source = typeof written === 'function' ? written : descriptor.value;
    recordOf(target.constructor).tools.set(key, { options: { ...options }, source });
  };
}
