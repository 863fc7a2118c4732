import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import { propOf, recordOf, slotOf } from '../metadata/storage';
import { className, refuseStandardDecorators } from './site';

/**
 * The description a model reads: on a method (the tool), a parameter, a DTO property, or a DTO class
 * (the default description of parameters and properties of that type). Wins over `description`
 * options and doc comments.
 */
export function Description(text: string): ClassDecorator & MethodDecorator & ParameterDecorator & PropertyDecorator {
  return ((...args: unknown[]) => {
    refuseStandardDecorators('Description', args);
    if (typeof text !== 'string') throw refuse(D.descriptionText(), {});
    const [target, key, third] = args as [object, string | symbol | undefined, unknown];
    if (typeof target === 'function' && key === undefined && third === undefined) {
      recordOf(target).description = text; // a class
    } else if (typeof third === 'number' && key !== undefined) {
      slotOf(target.constructor, key, third).description = text; // a parameter
    } else if (typeof third === 'object' && third !== null && key !== undefined && typeof target !== 'function') {
      recordOf(target.constructor).methodDescriptions.set(key, text); // a method
    } else if (typeof key === 'string' && typeof target !== 'function') {
      propOf(target.constructor, key).description = text; // a property
    } else {
      throw refuse(D.descriptionTarget(), { className: className(target), member: String(key) });
    }
  }) as ClassDecorator & MethodDecorator & ParameterDecorator & PropertyDecorator;
}
