import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse, type ToolErrorSite } from '../errors';
import { PARAM_OPTION_NAMES, PROP_OPTION_NAMES, type ParamOptions, type PropOptions } from '../metadata/options';
import { propOf, slotOf } from '../metadata/storage';
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
    refuseUnknown('@Param', options, PARAM_OPTION_NAMES, { className: className(target), member: String(key), paramIndex: index });
    slotOf(target.constructor, key, index).options = { ...options };
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
    refuseUnknown('@Prop', options, PROP_OPTION_NAMES, { className: className(target), member: key });
    propOf(target.constructor, key).options = { ...options };
  };
}

/** An option the decorator does not have (misspelt, or from another library) is refused, never ignored. */
function refuseUnknown(decorator: string, options: object, known: ReadonlySet<string>, site: ToolErrorSite): void {
  for (const key of Object.keys(options)) if (!known.has(key)) throw refuse(D.unknownOption(decorator, key, [...known]), site);
}
