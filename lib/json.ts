/** Helpers for JSON data that every layer may use: RFC 6901 pointers, and own-property writes. */

/** One reference token of a JSON Pointer (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function pointerSegment(key: string | number): string {
  return typeof key === 'number' ? String(key) : key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of a path of keys and indexes (`['items', 0, 'sku']` → `/items/0/sku`). */
export function pointerOf(path: readonly (string | number)[]): string {
  let out = '';
  for (const s of path) out += '/' + pointerSegment(s);
  return out;
}

/** The reference tokens of a pointer, unescaped (`/a~1b/0` → `['a/b', '0']`). */
export function segmentsOf(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Sets an own enumerable property the way JSON.parse does (CreateDataProperty): plain assignment
 * would call the `__proto__` setter and replace the prototype, so that one key is defined instead.
 * Assignment is kept for every other key (Object.prototype has no other setter) because
 * defineProperty is about ten times slower.
 */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/**
 * JSON text with object keys sorted: one value, one text, whatever the order of its keys (what a
 * digest of arguments or a principal's subject is taken of). A value JSON cannot write (a bigint, a
 * function) is written as `String` writes it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? 'null');
}
