import { DIAGNOSTICS as D } from '../diagnostics';
import { refuse } from '../errors';
import { TOOL_CLASS_OPTION_NAMES, type ToolClassOptions } from '../metadata/options';
import { recordOf } from '../metadata/storage';
import { refuseStandardDecorators } from './site';

/**
 * Defaults for every `@Tool` method of a class (and of its subclasses, which may give their own): a
 * name prefix, and whether a tool whose one argument parameter is a DTO takes that DTO's properties
 * as its arguments.
 *
 * @example
 * @Tools({ prefix: 'orders', input: 'dto' })
 * class OrdersService {
 *   @Tool() create(dto: CreateOrderDto) { ... }   // orders_create, called with { "customer": ..., "lines": [...] }
 *   @Tool() list(query: ListOrdersDto) { ... }    // orders_list, called with {} when every property is optional
 * }
 */
export function Tools(options: ToolClassOptions): ClassDecorator {
  return (...args: unknown[]) => {
    refuseStandardDecorators('Tools', args);
    const target = args[0] as Function;
    const site = { className: target.name };
    for (const key of Object.keys(options ?? {})) {
      if (!TOOL_CLASS_OPTION_NAMES.has(key)) throw refuse(D.unknownOption('@Tools', key, [...TOOL_CLASS_OPTION_NAMES]), site);
    }
    checkToolDefaults(options ?? {}, site);
    recordOf(target).toolDefaults = { ...options };
  };
}

const PREFIX = /^[A-Za-z0-9_-]{1,63}$/;

/** Refuses a prefix that no tool name could carry, and an input that is not one of the two. */
export function checkToolDefaults(options: ToolClassOptions, site: { className?: string } = {}): void {
  if (options.prefix !== undefined && !(typeof options.prefix === 'string' && PREFIX.test(options.prefix)))
    throw refuse(D.prefixOption(JSON.stringify(options.prefix) ?? String(options.prefix)), site);
  if (options.input !== undefined && options.input !== 'dto' && options.input !== 'parameters')
    throw refuse(D.inputOption(JSON.stringify(options.input) ?? String(options.input)), site);
}
