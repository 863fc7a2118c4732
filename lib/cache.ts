/**
 * `compute`, run once per key (a class, a function, a spec, a node) and remembered for as long as
 * the key lives: the one cache behind every "built once" in the library.
 */
export function cachedBy<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined && !cache.has(key)) {
      value = compute(key);
      cache.set(key, value);
    }
    return value as V;
  };
}
