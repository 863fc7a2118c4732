import { lineage } from './storage';
import { PLAIN_TO_CLASS, type TransformMeta } from '../types/node';

/**
 * The one place that reads class-transformer's storage (`defaultMetadataStorage`, reachable only by
 * the deep import `class-transformer/cjs/storage`). A bundle that loads the package's ESM copy has a
 * second storage that this module cannot see; `foreignTransformerCopies` reports it.
 */

interface TypeMeta {
  typeFunction: (options?: unknown) => Function;
  reflectedType?: unknown;
  options?: object;
}
interface ExposeMeta {
  options?: { name?: string; toClassOnly?: boolean; toPlainOnly?: boolean; groups?: string[]; since?: number; until?: number };
}
interface ExcludeMeta {
  options?: { toClassOnly?: boolean; toPlainOnly?: boolean };
}

interface RawStorage {
  findTransformMetadatas?(target: Function, key: string, transformationType: number): TransformMeta[];
  _typeMetadatas: Map<Function, Map<string, TypeMeta>>;
  _exposeMetadatas: Map<Function, Map<string, ExposeMeta>>;
  _excludeMetadatas: Map<Function, Map<string, ExcludeMeta>>;
  _transformMetadatas: Map<Function, Map<string, TransformMeta[]>>;
}

let loaded: RawStorage | null | undefined;

function storage(): RawStorage | null {
  if (loaded === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: RawStorage }).defaultMetadataStorage;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/** The facts class-transformer records about one property (most derived class wins). */
export interface TransformerFacts {
  /** `@Type(() => T)`: the type function. */
  readonly type?: () => Function;
  /** `@Type(() => Base, { discriminator })`: the tag property and each subtype's name and class. */
  readonly discriminator?: { readonly property: string; readonly subTypes: readonly { readonly name: string; readonly value: Function }[] };
  /** The JSON name, when `@Expose({ name })` renames the property for input. */
  readonly exposedName?: string;
  readonly exposed: boolean;
  /** `@Exclude()` (for input). */
  readonly excluded: boolean;
  /** `@Transform` functions that run when plain data becomes an instance. */
  readonly transforms: readonly TransformMeta[];
}

function find<T>(maps: Map<Function, Map<string, T>> | undefined, cls: Function, key: string): T | undefined {
  if (maps === undefined) return undefined;
  let found: T | undefined;
  for (const c of lineage(cls)) found = maps.get(c)?.get(key) ?? found;
  return found;
}

export function transformerFacts(cls: Function, key: string): TransformerFacts {
  const s = storage();
  if (s === null) return { exposed: false, excluded: false, transforms: [] };
  const type = find(s._typeMetadatas, cls, key);
  const expose = find(s._exposeMetadatas, cls, key);
  const exclude = find(s._excludeMetadatas, cls, key);
  // class-transformer's own lookup gives its order (ancestors first, each class's list reversed) and
  // its plain→class filter; with default options, transforms limited to groups do not run.
  const transforms = (s.findTransformMetadatas?.(cls, key, PLAIN_TO_CLASS) ?? []).filter((t) => !t.options?.groups?.length);
  const forInput = expose !== undefined && expose.options?.toPlainOnly !== true;
  const discriminator = (type?.options as { discriminator?: TransformerFacts['discriminator'] } | undefined)?.discriminator;
  return {
    type: type ? () => type.typeFunction() : undefined,
    ...(discriminator !== undefined ? { discriminator } : {}),
    exposedName: forInput ? expose?.options?.name : undefined,
    exposed: expose !== undefined,
    excluded: exclude !== undefined && exclude.options?.toPlainOnly !== true,
    transforms,
  };
}

/** Property keys that class-transformer decorates on the class itself, in registration order. */
export function transformerKeys(cls: Function): string[] {
  const s = storage();
  if (s === null) return [];
  const keys = new Set<string>();
  for (const maps of [s._typeMetadatas, s._exposeMetadatas, s._transformMetadatas, s._excludeMetadatas] as Map<Function, Map<string, unknown>>[]) {
    for (const k of maps.get(cls)?.keys() ?? []) if (typeof k === 'string') keys.add(k);
  }
  return [...keys];
}
