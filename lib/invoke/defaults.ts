/**
 * A `@Param({ default })` value as each call receives it: a mutable default (an array, a plain
 * object, a Date, a Set or a Map) is copied per call, so that a method that changes its argument
 * never changes the default of the next call (the mutable-default trap).
 */
export function freshDefault(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    return structuredClone(value);
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Set) return new Set(value);
  if (value instanceof Map) return new Map(value);
  return value;
}

/** Whether `freshDefault` copies the value (a constant is passed as it is). */
export function isMutableDefault(value: unknown): boolean {
  return freshDefault(value) !== value;
}
