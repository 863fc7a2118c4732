import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import { propOf, slotOf } from '../metadata/storage';
import { className, refuseStandardDecorators } from './site';

/**
 * The inclusive range of a number or bigint parameter or property (`minimum`, `maximum`),
 * replacing the range of its type.
 */
export function Range(min: number | bigint, max: number | bigint): ParameterDecorator & PropertyDecorator {
  return ((...args: unknown[]) => {
    refuseStandardDecorators('Range', args);
    const [target, key, index] = args as [object, string | symbol | undefined, number | undefined];
    if (typeof index === 'number' && key !== undefined) slotOf(target.constructor, key, index).range = { min, max };
    else if (typeof key === 'string' && typeof target !== 'function') propOf(target.constructor, key).range = { min, max };
    else throw refuse(D.rangeTarget(), { className: className(target), member: String(key) });
  }) as ParameterDecorator & PropertyDecorator;
}
