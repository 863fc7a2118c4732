import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import { PARAM_OPTION_NAMES, PROP_OPTION_NAMES, type ParamOptions, type PropOptions } from '../metadata/options';
import { propOf, slotOf, type SlotRecord } from '../metadata/storage';
import { className, refuseStandardDecorators } from './site';

/**
 * Describes a tool parameter: its name, type hint, optionality, default and constraints.
 *
 * @example
 * search(@Param({ type: [Item], minItems: 1, description: 'Lines to order' }) items: Item[]) { ... }
 */
export function Param(options: ParamOptions = {}): ParameterDecorator {
  return (target: object, key: string | symbol | undefined, index: number) => {
    refuseStandardDecorators('Param', [target, key]);
    if (key === undefined) {
      throw refuse(D.paramOnConstructor(), { className: className(target), paramIndex: index });
    }
    record(slotOf(target.constructor, key, index), options, PARAM_OPTION_NAMES);
  };
}

/**
 * Describes a DTO property: its type hint, optionality, nullability and constraints. Any decorator
 * that the library reads (this one, `@Description`, `@Range`, class-validator's, class-transformer's
 * `@Expose`/`@Type`/`@Transform`) makes a property part of the schema.
 */
export function Prop(options: PropOptions = {}): PropertyDecorator {
  return (...args: unknown[]) => {
    refuseStandardDecorators('Prop', args);
    const [target, key] = args as [object, string | symbol];
    if (typeof key !== 'string' || typeof target === 'function') {
      throw refuse(D.propTarget(), { className: className(target), member: String(key) });
    }
    record(propOf(target.constructor, key), options, PROP_OPTION_NAMES);
  };
}

/**
 * Records the options the decorator has. One it does not have (misspelt, or from another library) is
 * refused, never ignored: recorded here and reported when the definition is built, beside the class's
 * other problems (a throw here would stop the class's module before any of them is found).
 */
function record(slot: SlotRecord, options: object, known: ReadonlySet<string>): void {
  const given = Object.keys(options);
  const misspelt = given.filter((key) => !known.has(key));
  slot.options = Object.fromEntries(given.filter((key) => known.has(key)).map((key) => [key, (options as Record<string, unknown>)[key]]));
  if (misspelt.length > 0) slot.misspelt = misspelt;
  else delete slot.misspelt;
}
