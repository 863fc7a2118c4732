import { Prng } from './prng';

/**
 * The calls every case receives: a pool of distinct argument objects (and their JSON text),
 * generated from a seed, so that no cache of a repeated value makes a figure.
 *
 * - small: the realistic call, `{"docketId":"A-123","items":[{"sku":"x1","qty":3},
 *   {"sku":"x2","qty":5}],"priority":"High","due":"2026-12-02T10:00:00Z"}`, with other ids,
 *   skus, quantities, priorities and instants (some with milliseconds or an offset);
 * - large: the same with 50 lines, each with a nested `shipTo` address DTO.
 */

export interface SmallArgs {
  docketId: string;
  items: { sku: string; qty: number }[];
  priority: 'Low' | 'High';
  due: string;
}

export interface LargeArgs {
  docketId: string;
  items: { sku: string; qty: number; shipTo: { city: string; postcode: string } }[];
  priority: 'Low' | 'High';
  due: string;
}

export interface Pool<T> {
  readonly objects: readonly T[];
  readonly texts: readonly string[];
}

export const DEFAULT_SEED = 0x7001;
export const DEFAULT_POOL_SIZE = 1024;

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CITIES = ['Lyon', 'Leeds', 'Porto', 'Gdansk', 'Bergen', 'Toulouse', 'Aarhus', 'Ljubljana', 'Zaragoza', 'Antwerpen'];

function docketId(r: Prng): string {
  return r.next() < 0.5 ? `${r.text('ABCDEFGH', 1)}-${r.int(1, 99999)}` : `DK-${r.int(2020, 2030)}-${String(r.int(0, 99999)).padStart(5, '0')}`;
}

function sku(r: Prng): string {
  return r.text('xyzabc', 1) + r.text(ALNUM, r.int(1, 11));
}

/** An instant in 2026–2030 as RFC 3339 text: mostly `…Z`, some with milliseconds or an offset. */
function due(r: Prng): string {
  const ms = Date.UTC(2026, 0, 1) + r.int(0, 5 * 365 * 24 * 3600) * 1000;
  const kind = r.next();
  if (kind < 0.8) return new Date(ms).toISOString().replace('.000Z', 'Z');
  if (kind < 0.9) return new Date(ms + r.int(0, 999)).toISOString();
  const offset = r.pick([-300, -240, 60, 120, 330]);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

export function smallCall(r: Prng): SmallArgs {
  return {
    docketId: docketId(r),
    items: [
      { sku: sku(r), qty: r.int(1, 1000) },
      { sku: sku(r), qty: r.int(1, 1000) },
    ],
    priority: r.pick(['Low', 'High'] as const),
    due: due(r),
  };
}

export function largeCall(r: Prng, lines = 50): LargeArgs {
  const items: LargeArgs['items'] = [];
  for (let i = 0; i < lines; i++) {
    items.push({ sku: sku(r), qty: r.int(1, 1000), shipTo: { city: r.pick(CITIES), postcode: String(r.int(1000, 99999)) } });
  }
  return { docketId: docketId(r), items, priority: r.pick(['Low', 'High'] as const), due: due(r) };
}

function pool<T>(size: number, seed: number, make: (r: Prng) => T): Pool<T> {
  const r = new Prng(seed);
  const objects: T[] = [];
  const seen = new Set<string>();
  while (objects.length < size) {
    const o = make(r);
    const text = JSON.stringify(o);
    if (seen.has(text)) continue;
    seen.add(text);
    objects.push(o);
  }
  return { objects, texts: objects.map((o) => JSON.stringify(o)) };
}

export function smallPool(size = DEFAULT_POOL_SIZE, seed = DEFAULT_SEED): Pool<SmallArgs> {
  return pool(size, seed, smallCall);
}

export function largePool(size = DEFAULT_POOL_SIZE, seed = DEFAULT_SEED + 1): Pool<LargeArgs> {
  return pool(size, seed, (r) => largeCall(r));
}

/** The realistic call, as written there. */
export const REALISTIC_TEXT = '{"docketId":"A-123","items":[{"sku":"x1","qty":3},{"sku":"x2","qty":5}],"priority":"High","due":"2026-12-02T10:00:00Z"}';
