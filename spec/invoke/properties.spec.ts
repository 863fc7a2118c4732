import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Expose, Transform, Type } from 'class-transformer';
import { Contains, IsOptional, IsPositive, Length } from 'class-validator';
import {
  Char,
  DateOnly,
  EnumOf,
  Int,
  Int8,
  Int16,
  Int32,
  Int64,
  JsonArray,
  JsonObject,
  JsonValue,
  Nullable,
  Param,
  Prop,
  Range,
  RecordOf,
  SetOf,
  TimeOnly,
  TimeSpan,
  Tool,
  ToolContext,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Uuid,
  type ToolDefinition,
  type ToolResult,
} from '../../lib';

/* eslint-disable prefer-rest-params -- the tools below record their arguments as the invoker passed them */

/**
 * Property-based tests of the invoker against an independent validator: a separately configured
 * ajv (2020-12) with stock ajv-formats, reading the canonical schema the model sees. For a fixture
 * set that covers every type row of the contract:
 *
 * 1. arbitrary JSON values, arbitrary parsed values and arbitrary text never make invoke reject or
 *    throw, and every error text is bounded, well-formed lines;
 * 2. every argument object the invoker accepts is valid for the canonical schema by the independent
 *    validator (after the contract's own readings: `null` for an optional parameter means absent, a
 *    time of day may omit its offset, a bigint is checked exactly on the text);
 * 3. every object the independent validator accepts is accepted by the invoker, except where the
 *    library is deliberately stricter, and each refusal line is classified as one of those cases;
 * 4. the method receives exactly the hydrated values, computed independently here.
 *
 * Seeded; the seed is printed on failure (FC_SEED=... to replay, FC_RUNS=... to run more).
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_202);
const RUNS = Number(process.env.FC_RUNS ?? 1000);

async function check<T>(name: string, arb: fc.Arbitrary<T>, predicate: (t: T) => Promise<void>): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arb, predicate), { seed: SEED, numRuns: RUNS });
  if (details.failed) {
    throw new Error(
      `Property '${name}' failed (seed ${SEED}; replay with FC_SEED=${SEED}).\n${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`,
    );
  }
}

// ---- the fixtures ------------------------------------------------------------------------------

enum Color {
  Red = 'red',
  Blue = 'blue',
}
enum Level {
  Low = 1,
  Mid = 2,
  // eslint-disable-next-line @typescript-eslint/no-duplicate-enum-values
  Medium = 2,
  High = 3,
}
const LEVELS: Record<string, number> = { Low: 1, Mid: 2, Medium: 2, High: 3 };

let calls: unknown[][] = [];
function record(args: IArguments): string {
  calls.push([...args]);
  return 'ok';
}

class Scalars {
  @Tool()
  scalars(
    flag: boolean,
    ratio: number,
    @Param({ type: Int8 }) i8: number,
    @Param({ type: UInt8 }) u8: number,
    @Param({ type: Int16 }) i16: number,
    @Param({ type: UInt16 }) u16: number,
    @Param({ type: Int32 }) i32: number,
    @Param({ type: UInt32 }) u32: number,
    @Param({ type: Int }) int: number,
    big: bigint,
    @Param({ type: Int64 }) i64: bigint,
    @Param({ type: UInt64 }) u64: bigint,
    text: string,
    @Param({ type: Char }) ch: string,
    @Param({ type: Uuid }) id: string,
  ): string {
    void [flag, ratio, i8, u8, i16, u16, i32, u32, int, big, i64, u64, text, ch, id];
    return record(arguments);
  }
}

class Moments {
  @Tool()
  moments(
    at: Date,
    @Param({ type: DateOnly }) day: string,
    @Param({ type: TimeOnly }) time: string,
    @Param({ type: TimeSpan }) span: string,
    site: URL,
    bytes: Uint8Array,
    buf: Buffer,
    @Param({ format: 'email' }) mail: string,
  ): string {
    void [at, day, time, span, site, bytes, buf, mail];
    return record(arguments);
  }
}

class Choices {
  @Tool()
  choices(
    @Param({ enum: Color }) color: Color,
    @Param({ enum: Level }) level: Level,
    @Param({ type: EnumOf(['a', 'b']) }) word: 'a' | 'b',
    @Param({ type: EnumOf([1, 2.5]) }) num: number,
    @Param({ type: EnumOf([1, 2, 3]) }) small: number,
    @Param({ enum: Color, nullable: true }) maybeColor: Color | null,
    @Param({ type: Nullable(Int32) }) maybeInt: number | null,
    @Param({ type: Nullable(String), optional: true }) maybeText?: string | null,
    @Param({ type: Nullable(Date), optional: true }) maybeAt?: Date | null,
  ): string {
    void [color, level, word, num, small, maybeColor, maybeInt, maybeText, maybeAt];
    return record(arguments);
  }
}

class Collections {
  @Tool()
  collections(
    @Param({ type: () => [String] }) tags: string[],
    @Param({ type: () => [[Int32]] }) grid: number[][],
    @Param({ type: SetOf(Int32) }) ids: Set<number>,
    @Param({ type: SetOf(String) }) words: Set<string>,
    @Param({ type: RecordOf(Number) }) scores: Record<string, number>,
    @Param({ type: RecordOf(Date) }) dates: Map<string, Date>,
    @Param({ type: JsonValue }) any: unknown,
    @Param({ type: JsonObject }) obj: object,
    @Param({ type: JsonArray }) arr: unknown[],
    @Param({ type: Nullable([Int64]) }) bigs: bigint[] | null,
    @Param({ type: () => [[Date]], optional: true }) when?: Date[][],
  ): string {
    void [tags, grid, ids, words, scores, dates, any, obj, arr, bigs, when];
    return record(arguments);
  }
}

class Address {
  @Prop() city!: string;
  @IsOptional() @Prop() zip: string = '00000';
}

class Line {
  @Length(3, 12) @Contains('-') sku!: string;
  @Range(1, 1000) @Prop({ type: Int32 }) qty!: number;
  @IsOptional() @Prop({ type: UInt64 }) serial?: bigint;
}

class Order {
  @Expose({ name: 'customer_id' }) @Prop({ type: Uuid }) customerId!: string;
  @Type(() => Line) @Prop({ type: () => [Line] }) lines!: Line[];
  @Transform(({ value }) => (value as string).trim().toUpperCase()) @Prop() code!: string;
  @Prop({ type: Date }) placed!: Date;
  @IsOptional() @Prop({ type: SetOf(String) }) tags: Set<string> = new Set(['new']);
  @IsOptional() @Prop({ type: RecordOf(() => Address) }) addresses?: Map<string, Address>;
  @IsOptional() @Prop({ type: Nullable(String) }) note: string | null = 'none';
  @IsOptional() @Prop({ enum: Level }) level?: Level;
  @IsOptional() @IsPositive() @Prop() weight?: number;
  @IsOptional() @Type(() => Address) @Prop({ type: () => Address }) ship?: Address;
  @IsOptional() @Prop({ type: Uint8Array }) stamp?: Uint8Array;
}

class Orders {
  @Tool()
  orders(order: Order, @Param({ type: () => [Order], optional: true }) more?: Order[]): string {
    void [order, more];
    return record(arguments);
  }
}

class Defaults {
  @Tool()
  defaults(
    q: string,
    days = 3,
    @Param({ default: 'asc' }) sort: string = 'desc',
    @Param({ optional: true, type: Int32 }) limit?: number,
    @Param({ type: Nullable(Int32) }) page?: number | null,
    ctx?: ToolContext,
    signal?: AbortSignal,
    @Param({ type: () => [Int32] }) picks: number[] = [],
    @Param({ enum: Level, default: Level.High }) level: Level = Level.Low,
  ): string {
    void [q, days, sort, limit, page, ctx, signal, picks, level];
    return record(arguments);
  }

  @Tool()
  none(): string {
    return record(arguments);
  }
}

// ---- the expected hydration, independent of the library -----------------------------------------

type H =
  | 'same'
  | 'date'
  | 'url'
  | 'bytes'
  | 'buffer'
  | 'bigint'
  | { enum: Record<string, number> }
  | { array: H }
  | { set: H }
  | { record: H }
  | { map: H }
  | { dto: new () => object; props: Record<string, Prop_> };

interface Prop_ {
  readonly key: string;
  readonly h: H;
  readonly nullable?: boolean;
  readonly transform?: (v: unknown) => unknown;
}

interface Slot {
  readonly name: string;
  readonly h?: H;
  readonly nullable?: boolean;
  /** What the method receives when the argument is absent (or null for an optional, non-nullable one). */
  readonly fill?: unknown;
  /** Filled in by the runtime. */
  readonly runtime?: 'context' | 'signal';
}

const ADDRESS: H = { dto: Address, props: { city: { key: 'city', h: 'same' }, zip: { key: 'zip', h: 'same' } } };
const LINE: H = { dto: Line, props: { sku: { key: 'sku', h: 'same' }, qty: { key: 'qty', h: 'same' }, serial: { key: 'serial', h: 'bigint' } } };
const ORDER: H = {
  dto: Order,
  props: {
    customer_id: { key: 'customerId', h: 'same' },
    lines: { key: 'lines', h: { array: LINE } },
    code: { key: 'code', h: 'same', transform: (v) => (v as string).trim().toUpperCase() },
    placed: { key: 'placed', h: 'date' },
    tags: { key: 'tags', h: { set: 'same' } },
    addresses: { key: 'addresses', h: { map: ADDRESS } },
    note: { key: 'note', h: 'same', nullable: true },
    level: { key: 'level', h: { enum: LEVELS } },
    weight: { key: 'weight', h: 'same' },
    ship: { key: 'ship', h: ADDRESS },
    stamp: { key: 'stamp', h: 'bytes' },
  },
};

interface Fixture {
  readonly tool: ToolDefinition;
  readonly slots: readonly Slot[];
  /** Custom arbitraries by schema path (`order/lines/*\/sku`), where class-validator rules say more than the schema. */
  readonly overrides?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

const s = (name: string, h: H = 'same', extra: Partial<Slot> = {}): Slot => ({ name, h, ...extra });

const FIXTURES: Readonly<Record<string, Fixture>> = {
  scalars: {
    tool: Tool.create(new Scalars(), 'scalars'),
    slots: [
      s('flag'),
      s('ratio'),
      s('i8'),
      s('u8'),
      s('i16'),
      s('u16'),
      s('i32'),
      s('u32'),
      s('int'),
      s('big', 'bigint'),
      s('i64', 'bigint'),
      s('u64', 'bigint'),
      s('text'),
      s('ch'),
      s('id'),
    ],
  },
  moments: {
    tool: Tool.create(new Moments(), 'moments'),
    slots: [s('at', 'date'), s('day'), s('time'), s('span'), s('site', 'url'), s('bytes', 'bytes'), s('buf', 'buffer'), s('mail')],
  },
  choices: {
    tool: Tool.create(new Choices(), 'choices'),
    slots: [
      s('color'),
      s('level', { enum: LEVELS }),
      s('word'),
      s('num'),
      s('small'),
      s('maybeColor', 'same', { nullable: true }),
      s('maybeInt', 'same', { nullable: true }),
      s('maybeText', 'same', { nullable: true }),
      s('maybeAt', 'date', { nullable: true }),
    ],
  },
  collections: {
    tool: Tool.create(new Collections(), 'collections'),
    slots: [
      s('tags'),
      s('grid'),
      s('ids', { set: 'same' }),
      s('words', { set: 'same' }),
      s('scores', { record: 'same' }),
      s('dates', { map: 'date' }),
      s('any'),
      s('obj'),
      s('arr'),
      s('bigs', { array: 'bigint' }, { nullable: true }),
      s('when', { array: { array: 'date' } }),
    ],
  },
  orders: {
    tool: Tool.create(new Orders(), 'orders'),
    slots: [s('order', ORDER), s('more', { array: ORDER })],
    overrides: {
      'lines/*/sku': fc.oneof(
        { weight: 9, arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ minLength: 1, maxLength: 5 })).map(([a, b]) => `${a}-${b}`) },
        { weight: 1, arbitrary: fc.string({ minLength: 3, maxLength: 12 }) },
      ),
      weight: fc.oneof(
        { weight: 9, arbitrary: fc.double({ min: 1e-9, max: 1e9, noNaN: true }) },
        { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      ),
    },
  },
  defaults: {
    tool: Tool.create(new Defaults(), 'defaults'),
    slots: [
      s('q'),
      s('days'),
      s('sort', 'same', { fill: 'asc' }),
      s('limit'),
      s('page', 'same', { nullable: true }),
      { name: 'ctx', runtime: 'context' },
      { name: 'signal', runtime: 'signal' },
      s('picks'),
      s('level', { enum: LEVELS }, { fill: 3 }),
    ],
  },
  none: { tool: Tool.create(new Defaults(), 'none'), slots: [] },
};

/** The parsed date-time of an RFC 3339 string, by a pattern (not the library's reader). */
function expectedDate(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/.exec(text)!;
  const ms = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), ms);
  const offset = m[8] === undefined ? 0 : (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
  return new Date(d.getTime() - offset * 60_000);
}

function own(o: unknown, key: string): unknown {
  return typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

function hydrate(h: H, v: unknown): unknown {
  if (v === null) return null;
  if (h === 'same') return v;
  if (h === 'date') return expectedDate(v as string);
  if (h === 'url') return new URL(v as string);
  if (h === 'bytes') return new Uint8Array(Buffer.from(v as string, 'base64'));
  if (h === 'buffer') return Buffer.from(v as string, 'base64');
  if (h === 'bigint') return typeof v === 'bigint' ? v : BigInt(v as number);
  if ('enum' in h) return h.enum[v as string];
  if ('array' in h) return (v as unknown[]).map((x) => hydrate(h.array, x));
  if ('set' in h) return new Set((v as unknown[]).map((x) => hydrate(h.set, x)));
  if ('map' in h) return new Map(Object.keys(v as object).map((k) => [k, hydrate(h.map, own(v, k))]));
  if ('record' in h) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object))
      Object.defineProperty(out, k, { value: hydrate(h.record, own(v, k)), enumerable: true, writable: true, configurable: true });
    return out;
  }
  const instance = new h.dto() as Record<string, unknown>;
  for (const [json, p] of Object.entries(h.props)) {
    const x = own(v, json);
    if (x === undefined || (x === null && !p.nullable)) continue;
    const converted = hydrate(p.h, x);
    instance[p.key] = p.transform ? p.transform(converted) : converted;
  }
  return instance;
}

function expectedArguments(slots: readonly Slot[], input: unknown): unknown[] {
  return slots.map((slot) => {
    if (slot.runtime !== undefined) return slot.runtime;
    const v = own(input, slot.name);
    if (v === undefined || (v === null && !slot.nullable)) return slot.fill;
    return hydrate(slot.h!, v);
  });
}

/** Where two received values differ (null: nowhere). Types, prototypes, -0, bytes and URLs count. */
function difference(a: unknown, b: unknown, at = '$'): string | null {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return Object.is(a, b) ? null : `${at}: ${String(a)} (${typeof a}) vs ${String(b)} (${typeof b})`;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototype ${a.constructor?.name} vs ${b.constructor?.name}`;
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime()) ? null : `${at}: ${a.toISOString()} vs ${(b as Date).toISOString()}`;
  if (a instanceof URL) return a.href === (b as URL).href ? null : `${at}: ${a.href} vs ${(b as URL).href}`;
  if (a instanceof Uint8Array) return Buffer.compare(a, b as Uint8Array) === 0 ? null : `${at}: bytes differ`;
  if (a instanceof Set) return difference([...a], [...(b as Set<unknown>)], `${at}(set)`);
  if (a instanceof Map) return difference([...a], [...(b as Map<unknown, unknown>)], `${at}(map)`);
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return `${at}: keys ${ka.map(String).join()} vs ${kb.map(String).join()}`;
  for (const k of ka) {
    const d = difference((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k], `${at}.${String(k)}`);
    if (d !== null) return d;
  }
  return null;
}

// ---- the independent validator ------------------------------------------------------------------

const stock = new Ajv2020({ allErrors: false, strict: false });
addFormats(stock);
type Schema = Record<string, unknown>;
const validators = new Map<object, ReturnType<typeof stock.compile>>();
function stockValid(tool: ToolDefinition, value: unknown): boolean {
  let v = validators.get(tool.inputSchema);
  if (v === undefined) validators.set(tool.inputSchema, (v = stock.compile(tool.inputSchema as Schema)));
  return v(value) as boolean;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** The exact range of a bigint slot, read off the schema's double bounds (the contract's table). */
function exactRange(schema: Schema): [bigint, bigint] | undefined {
  if (schema.type !== 'integer' && !(Array.isArray(schema.type) && schema.type.includes('integer'))) return undefined;
  const max = schema.maximum as number | undefined;
  if (max === 9223372036854775000) return [-(2n ** 63n), 2n ** 63n - 1n];
  if (max === 18446744073709550000) return [0n, 2n ** 64n - 1n];
  return undefined;
}

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];

/**
 * The arguments as the canonical schema is to read them, by the contract's own rules where they
 * differ from a plain reading: `null` for an optional parameter or property that is not nullable
 * means absent; a time of day may omit its offset; a bigint is checked on its exact value (then
 * replaced by a value the schema's double bounds take, or refuse).
 */
function canonicalView(schema: Schema, value: unknown): unknown {
  const range = exactRange(schema);
  if (range !== undefined) {
    if (typeof value === 'bigint') return value >= range[0] && value <= range[1] ? Number(range[0] > 0n ? range[0] : 0n) : 1e300;
    return value;
  }
  if (schema.format === 'time' && typeof value === 'string' && /^\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value)) return `${value}Z`;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return schema.items !== undefined ? value.map((x) => canonicalView(schema.items as Schema, x)) : value;
  const props = schema.properties as Record<string, Schema> | undefined;
  const extra = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : undefined;
  if (props === undefined && extra === undefined) return value;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = own(value, k);
    const sub = props !== undefined && Object.prototype.hasOwnProperty.call(props, k) ? props[k] : extra;
    if (sub !== undefined && props !== undefined && Object.prototype.hasOwnProperty.call(props, k) && v === null && !required.has(k) && !acceptsNull(sub))
      continue;
    Object.defineProperty(out, k, { value: sub !== undefined ? canonicalView(sub, v) : v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function acceptsNull(schema: Schema): boolean {
  return (
    Object.keys(schema).filter((k) => k !== 'description' && k !== 'default').length === 0 ||
    typesOf(schema).includes('null') ||
    (Array.isArray(schema.enum) && schema.enum.includes(null))
  );
}

// ---- classifying refusals -----------------------------------------------------------------------

/** The schema and value at an error line's path (`order.lines[2].sku`, `scores["odd key"]`). */
function parsePath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /^(?:\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;
  let rest = path;
  while (rest.length > 0) {
    const m = re.exec(rest);
    if (m === null) throw new Error(`cannot read the path ${path}`);
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)));
    rest = rest.slice(m[0].length);
  }
  return out;
}

function at(schema: Schema, value: unknown, path: readonly (string | number)[]): { schema: Schema | undefined; value: unknown; parent: Schema | undefined } {
  let sch: Schema | undefined = schema;
  let parent: Schema | undefined;
  let v = value;
  for (const seg of path) {
    parent = sch;
    if (typeof seg === 'number') {
      sch = sch?.items as Schema | undefined;
      v = Array.isArray(v) ? v[seg] : undefined;
    } else {
      const props = sch?.properties as Record<string, Schema> | undefined;
      sch =
        props !== undefined && Object.prototype.hasOwnProperty.call(props, seg)
          ? props[seg]
          : typeof sch?.additionalProperties === 'object'
            ? (sch.additionalProperties as Schema)
            : undefined;
      v = own(v, seg);
    }
  }
  return { schema: sch, value: v, parent };
}

const FORMAT_LINES: Record<string, string> = {
  'date-time': 'must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z.',
  time: 'must be a time of day (HH:mm:ss), like 10:00:00.',
  uri: 'must be an absolute URI, like https://example.com/.',
  uuid: 'must be a UUID, like 123e4567-e89b-12d3-a456-426614174000.',
  email: 'must be an email address.',
  base64: 'must be base64 (standard alphabet, padded).',
  timespan: 'must be a duration [-][d.]hh:mm:ss[.fffffff], like 1.02:03:04.',
};

const OFFSET = '(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
/**
 * Where the library is deliberately stricter than stock ajv-formats (lib/invoke/arguments/formats.ts lists
 * them): each predicate is true for a string that stock accepts and the library must refuse.
 */
const STRICTER: Record<string, (s: string) => boolean> = {
  // Leap seconds, a space or other separator, ±hh or ±hhmm offsets, a fraction without digits.
  'date-time': (s) => !new RegExp(`^\\d{4}-\\d{2}-\\d{2}[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?${OFFSET}$`).test(s),
  // Leap seconds, more than 7 fraction digits, short offsets.
  time: (s) => !new RegExp(`^(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,7})?(?:${OFFSET})?$`).test(s),
  // What new URL refuses (a port above 65535), non-RFC 3986 characters, over 65,536 characters.
  uri: (s) => {
    if (s.length > 65_536 || !/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/.test(s) || /%(?![0-9A-Fa-f]{2})/.test(s)) return true;
    try {
      new URL(s);
      return false;
    } catch {
      return true;
    }
  },
  uuid: (s) => !/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(s),
  // RFC 5321 lengths.
  email: (s) =>
    s.length > 254 ||
    s.indexOf('@') > 64 ||
    s
      .split('@')[1]!
      .split('.')
      .some((l) => l.length > 63),
  // contentEncoding is an annotation for stock ajv: anything that is not canonical padded base64.
  base64: (s) => !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) || Buffer.from(s, 'base64').toString('base64') !== s,
  // The pattern takes any two digits; a real span needs hours 00–23 and minutes, seconds 00–59.
  timespan: (s) => !/^-?(\d+\.)?(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,7})?$/.test(s),
};

const TIMESPAN_PATTERN = '^-?(\\d+\\.)?\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,7})?$';

/** Why the library refused one line where stock accepted, or null when it is not a documented case. */
function classify(line: string, schema: Schema, input: unknown, fromText: boolean): string | null {
  const m = /^Argument '(.*?)' (.*)$/.exec(line);
  if (m === null) return null;
  const path = parsePath(m[1]!);
  const reason = m[2]!;
  const { schema: sch, value } = at(schema, input, path);
  if (sch === undefined) return null;
  if (typeof value === 'string') {
    const kind = sch.contentEncoding === 'base64' ? 'base64' : sch.pattern === TIMESPAN_PATTERN ? 'timespan' : (sch.format as string | undefined);
    if (kind !== undefined && reason === FORMAT_LINES[kind] && STRICTER[kind]?.(value)) return `stricter ${kind}`;
  }
  const range = exactRange(sch);
  if (range !== undefined && typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value)) {
    if (!fromText && reason.includes('has lost its digits')) return 'bigint beyond 2^53 from a parsed object';
  }
  const last = path[path.length - 1];
  if (last === 'sku' && reason === 'must contain a - string.' && typeof value === 'string' && !value.includes('-')) return 'class-validator @Contains';
  if (last === 'weight' && reason === 'must be a positive number.' && typeof value === 'number' && !(value > 0)) return 'class-validator @IsPositive';
  if (last === 'sku' && /^must be (longer|shorter) than or equal to/.test(reason) && typeof value === 'string' && /[\ufe0e\ufe0f]/.test(value)) {
    // validator.js does not count U+FE0E/U+FE0F; JSON Schema counts code points: both must hold.
    return 'class-validator @Length counts differently';
  }
  return null;
}

// ---- arguments from the schema ----------------------------------------------------------------

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const daysIn = (y: number, m: number): number => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
const often = <T>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: rare });

const dateArb = fc
  .record({ y: fc.integer({ min: 0, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m, 2)}-${pad(Math.min(d, daysIn(y, m)), 2)}`);
const clockArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m, x]) => `${pad(h, 2)}:${pad(m, 2)}:${pad(x, 2)}`);
const offsetArb = often(fc.constantFrom('Z', 'z', '+01:00', '-12:30', '+14:00', '-00:00', '+23:59'), fc.constantFrom('+01', '-0530'));
const dateTimeArb = often(
  fc
    .tuple(dateArb, fc.constantFrom('T', 't'), clockArb, fc.option(digits(1, 12), { nil: undefined }), offsetArb)
    .map(([d, t, c, f, o]) => `${d}${t}${c}${f === undefined ? '' : `.${f}`}${o}`),
  fc.oneof(
    dateArb.map((d) => `${d}T23:59:60Z`),
    dateArb.map((d) => `${d} 10:00:00Z`),
  ),
);
const timeArb = often(
  fc
    .tuple(clockArb, fc.option(digits(1, 7), { nil: undefined }), fc.option(offsetArb, { nil: undefined }))
    .map(([c, f, o]) => `${c}${f === undefined ? '' : `.${f}`}${o ?? ''}`),
  fc.oneof(
    fc.constant('23:59:60Z'),
    fc.tuple(clockArb, digits(8, 10)).map(([c, f]) => `${c}.${f}Z`),
  ),
);
const timeSpanArb = fc
  .tuple(
    fc.boolean(),
    fc.option(digits(1, 4), { nil: undefined }),
    often(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 24, max: 99 })),
    often(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 60, max: 99 })),
    fc.integer({ min: 0, max: 59 }),
    fc.option(digits(1, 7), { nil: undefined }),
  )
  .map(([neg, d, h, m, x, f]) => `${neg ? '-' : ''}${d === undefined ? '' : `${d}.`}${pad(h, 2)}:${pad(m, 2)}:${pad(x, 2)}${f === undefined ? '' : `.${f}`}`);
const hostArb = fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), { minLength: 1, maxLength: 3 }).map((l) => l.join('.'));
const uriArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('http', 'https', 'ftp'),
      hostArb,
      fc.option(often(fc.integer({ min: 1, max: 65535 }), fc.integer({ min: 65536, max: 99999 })), { nil: undefined }),
      fc.array(fc.stringMatching(/^[a-zA-Z0-9\-._~]{0,6}$/), { maxLength: 3 }),
      fc.option(fc.stringMatching(/^[a-z0-9=&]{0,8}$/), { nil: undefined }),
    )
    .map(([sch, h, port, segs, q]) => `${sch}://${h}${port === undefined ? '' : `:${port}`}/${segs.join('/')}${q === undefined ? '' : `?${q}`}`),
  fc.constantFrom('mailto:a@b.c', 'urn:isbn:0451450523', 'https://example.com/a?b#c', 'file:///etc/hosts'),
);
const uuidArb = often(
  fc.oneof(
    fc.uuid(),
    fc.uuid().map((u) => u.toUpperCase()),
  ),
  fc.uuid().map((u) => `urn:uuid:${u}`),
);
const emailArb = fc
  .tuple(often(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.stringMatching(/^[a-z]{65,70}$/)), hostArb, fc.constantFrom('com', 'org', 'io'))
  .map(([l, h, t]) => `${l}@${h}.${t}`);
const base64Arb = often(
  fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b).toString('base64')),
  fc.oneof(fc.constantFrom('QR==', 'QUJ=QUI=', 'QUI', 'Q===', 'a b=', '-_-_'), fc.string({ maxLength: 6 })),
);
const plainString = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom('', '\u0000', '\ud800', 'é', '\ufe0f'));
const keyArb = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'a', 'b', 'odd key', ''), fc.string({ maxLength: 4 }));
const jsonArb = fc.jsonValue({ maxDepth: 2 });

function dictionary(values: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.array(fc.tuple(keyArb, values), { maxLength: 4 }).map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  });
}

/** A stable text of a model value (bigints marked), for uniqueness. */
function canonicalText(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? `big:${x}` : x));
}

function stringArb(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.contentEncoding === 'base64') return base64Arb;
  if (schema.pattern === TIMESPAN_PATTERN) return timeSpanArb;
  switch (schema.format) {
    case 'date-time':
      return dateTimeArb;
    case 'date':
      return dateArb;
    case 'time':
      return timeArb;
    case 'uri':
      return uriArb;
    case 'uuid':
      return uuidArb;
    case 'email':
      return emailArb;
    default:
  }
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = schema.maxLength as number | undefined;
  if (min > 0 || max !== undefined) return fc.string({ unit: 'binary', minLength: min, maxLength: max ?? min + 8 });
  return plainString;
}

function integerArb(schema: Schema): fc.Arbitrary<unknown> {
  const range = exactRange(schema);
  if (range !== undefined) {
    const [lo, hi] = range;
    const edges = [lo, hi, 0n, 1n, MAX_SAFE, MAX_SAFE + 1n, -MAX_SAFE - 1n].filter((b) => b >= lo && b <= hi);
    return fc.oneof(
      fc.bigInt({ min: lo, max: hi }),
      fc.constantFrom(...edges),
      fc.bigInt({ min: -1000n, max: 1000n }).filter((b) => b >= lo && b <= hi),
    );
  }
  const lo = BigInt((schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER);
  const hi = BigInt((schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.bigInt({ min: lo, max: hi }), fc.constantFrom(lo, hi)).map(Number);
}

function arbFor(schema: Schema, path: string, overrides: Fixture['overrides']): fc.Arbitrary<unknown> {
  const override = Object.entries(overrides ?? {}).find(([k]) => path === k || path.endsWith(`/${k}`))?.[1];
  const types = typesOf(schema);
  const nullable = types.includes('null') || (Array.isArray(schema.enum) && schema.enum.includes(null));
  let base: fc.Arbitrary<unknown>;
  if (override !== undefined) base = override;
  else if (Array.isArray(schema.enum)) base = fc.constantFrom(...(schema.enum as unknown[]).filter((v) => v !== null));
  else if (acceptsNull(schema) && types.length === 0) base = jsonArb;
  else {
    switch (types.find((t) => t !== 'null')) {
      case 'boolean':
        base = fc.boolean();
        break;
      case 'number':
        base = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(0, -0, 1.5, Number.MAX_VALUE));
        break;
      case 'integer':
        base = integerArb(schema);
        break;
      case 'string':
        base = stringArb(schema);
        break;
      case 'array': {
        const items = schema.items === undefined ? jsonArb : arbFor(schema.items as Schema, `${path}/*`, overrides);
        const size = { minLength: (schema.minItems as number | undefined) ?? 0, maxLength: Math.max(4, (schema.minItems as number | undefined) ?? 0) };
        base = schema.uniqueItems === true ? fc.uniqueArray(items, { ...size, selector: canonicalText }) : fc.array(items, size);
        break;
      }
      case 'object': {
        const props = schema.properties as Record<string, Schema> | undefined;
        if (props === undefined) {
          base = dictionary(typeof schema.additionalProperties === 'object' ? arbFor(schema.additionalProperties as Schema, `${path}/*`, overrides) : jsonArb);
          break;
        }
        const required = (schema.required as string[] | undefined) ?? [];
        const optional = Object.keys(props).filter((k) => !required.includes(k));
        const rec = fc.record(Object.fromEntries(Object.keys(props).map((k) => [k, arbFor(props[k]!, path === '' ? k : `${path}/${k}`, overrides)])), {
          requiredKeys: required,
        });
        // Strict provider modes send null for what they cannot leave out.
        base =
          optional.length === 0
            ? rec
            : fc.tuple(rec, fc.subarray(optional, { maxLength: Math.min(2, optional.length) }), fc.nat(9)).map(([o, nulls, n]) => {
                if (n === 0) for (const k of nulls) (o as Record<string, unknown>)[k] = null;
                return o;
              });
        break;
      }
      default:
        base = jsonArb;
    }
  }
  return nullable ? fc.option(base, { nil: null, freq: 6 }) : base;
}

// ---- mutations and forms ------------------------------------------------------------------------

const HOSTILE: readonly unknown[] = [
  '2026-02-30T10:00:00Z',
  '2026-12-02T23:59:60Z',
  '23:59:60',
  '24:00:00',
  'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
  'QR==',
  'http://x:99999/',
  '',
  '\ud800',
  '\u0000',
  'NaN',
  1e308,
  -0,
  2 ** 53 + 1,
  1.5,
  -1,
  0,
  null,
  [],
  {},
  true,
  'Low',
  'red',
  { __proto__: null },
];

function pathsOf(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (typeof v === 'object' && v !== null && !ArrayBuffer.isView(v)) {
    if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
    else for (const k of Object.keys(v)) pathsOf(own(v, k), [...at, k], out);
  }
  return out;
}

function clone(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(clone);
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(v)) Object.defineProperty(o, k, { value: clone(own(v, k)), enumerable: true, writable: true, configurable: true });
  return o;
}

type Mutation = { pick: number; op: 'replace' | 'delete' | 'add'; value: unknown; key: string };
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('replace', 'replace', 'delete', 'add') as fc.Arbitrary<Mutation['op']>,
  value: fc.oneof(fc.constantFrom(...HOSTILE), jsonArb),
  key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'toString'),
});

function mutate(model: unknown, m: Mutation): unknown {
  const root = { v: clone(model) };
  const paths = pathsOf(root.v).map((p) => ['v', ...p]);
  const path = paths[m.pick % paths.length]!;
  const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const target = parent[last];
  if (m.op === 'add' && typeof target === 'object' && target !== null && !Array.isArray(target)) {
    Object.defineProperty(target, m.key, { value: clone(m.value), enumerable: true, writable: true, configurable: true });
  } else if (m.op === 'delete' && !Array.isArray(parent) && last !== 'v') {
    delete parent[last];
  } else {
    parent[last] = clone(m.value);
  }
  return root.v;
}

const BIG_MARK = /"\\u0000big:(-?\d+)"/g;
/** JSON text of a model: bigints as exact digits (or, `exponent`, as an exact literal with an exponent). */
function toText(model: unknown, exponent = false): string {
  const marked = JSON.stringify(model, (_, x: unknown) => (typeof x === 'bigint' ? `\u0000big:${x}` : x)) ?? 'null';
  return marked.replace(BIG_MARK, (_, d: string) => (exponent && d.replace('-', '').length > 16 ? `${d}0e-1` : d));
}

/** What the text holds, read exactly: JSON.parse with the bigints put back. */
function parseExact(text: string): unknown {
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (t) =>
    t.startsWith('"') || !/^-?\d+$/.test(t) || (BigInt(t) <= MAX_SAFE && BigInt(t) >= -MAX_SAFE) ? t : JSON.stringify(`\u0000big:${t}`),
  );
  const revive = (v: unknown): unknown => {
    if (typeof v === 'string' && v.startsWith('\u0000big:')) return BigInt(v.slice(5));
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map(revive);
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(v)) Object.defineProperty(o, k, { value: revive(own(v, k)), enumerable: true, writable: true, configurable: true });
    return o;
  };
  return revive(JSON.parse(marked));
}

/** Outside bigint slots, an integer beyond 2^53 is the number JSON.parse makes of it. */
function bigintsOnlyInSlots(schema: Schema | undefined, v: unknown): unknown {
  if (typeof v === 'bigint') return schema !== undefined && exactRange(schema) !== undefined ? v : Number(v);
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map((x) => bigintsOnlyInSlots(schema?.items as Schema | undefined, x));
  const props = schema?.properties as Record<string, Schema> | undefined;
  const extra = typeof schema?.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : undefined;
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const sub = props !== undefined && Object.prototype.hasOwnProperty.call(props, k) ? props[k] : extra;
    Object.defineProperty(o, k, { value: bigintsOnlyInSlots(sub, own(v, k)), enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/** A parsed object of a model: bigints as numbers (beyond 2^53 their digits are lost, as in any parsed JSON). */
function toObject(model: unknown): unknown {
  if (typeof model === 'bigint') return Number(model);
  if (typeof model !== 'object' || model === null) return model;
  if (Array.isArray(model)) return model.map(toObject);
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(model)) Object.defineProperty(o, k, { value: toObject(own(model, k)), enumerable: true, writable: true, configurable: true });
  return o;
}

// ---- the properties -----------------------------------------------------------------------------

function linesOf(r: ToolResult): string[] {
  return r.parts.flatMap((p) => (p.type === 'text' ? p.text.split('\n') : []));
}

// eslint-disable-next-line no-control-regex
const LONE_OR_CONTROL = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\u0000-\u001f]/;

/** A result the model can read: error lines in the library's shapes, bounded, well-formed text. */
function expectWellFormed(r: ToolResult, name: string): void {
  expect(typeof r.isError).toBe('boolean');
  if (!r.isError) return;
  const lines = linesOf(r);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.length).toBeLessThanOrEqual(101);
  for (const line of lines) {
    expect(line).toMatch(new RegExp(`^(Argument '.+' .+|Arguments .+|\\(\\d+ more problems? not shown\\.\\)|Tool '${name}' failed: .+)$`));
    expect(line.length).toBeLessThan(2000);
    expect(LONE_OR_CONTROL.test(line)).toBe(false);
  }
}

const stats: Record<string, Record<string, number>> = {};
function count(fixture: string, what: string): void {
  (stats[fixture] ??= {})[what] = (stats[fixture]![what] ?? 0) + 1;
}

afterAll(() => {
  const rows = Object.entries(stats).map(
    ([f, c]) =>
      `${f}: ${Object.entries(c)
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
  );
  console.log(`properties (seed ${SEED}, ${RUNS} runs per property and tool):\n${rows.join('\n')}`);
});

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe.each(Object.keys(FIXTURES))('tool %s', (name) => {
  const fixture = FIXTURES[name]!;
  const { tool, slots } = fixture;
  const schema = tool.inputSchema as Schema;
  const valid = arbFor(schema, '', fixture.overrides);
  const names = Object.keys((schema.properties as object | undefined) ?? {});

  async function invoke(args: string | object): Promise<{ r: ToolResult; received: unknown[] | undefined }> {
    calls = [];
    let r: ToolResult;
    try {
      r = await tool.invoke(args);
    } catch (e) {
      throw new Error(`invoke rejected or threw: ${String(e)}`, { cause: e });
    }
    expectWellFormed(r, tool.name);
    expect(calls.length).toBe(r.isError ? 0 : 1);
    return { r, received: calls[0] };
  }

  it('arbitrary JSON values, parsed values and text: a result, never a rejection; what is accepted the independent validator accepts', async () => {
    const nearKeys = names.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...names, '__proto__', 'constructor'), jsonArb, { maxKeys: 4 });
    const input = fc.oneof(
      jsonArb.map((v) => ({ kind: 'json' as const, v })),
      nearKeys.map((v) => ({ kind: 'json' as const, v })),
      fc
        .anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withNullPrototype: true,
          withBoxedValues: true,
          withSparseArray: true,
          maxDepth: 3,
        })
        .map((v) => ({ kind: 'anything' as const, v })),
      fc.string({ unit: 'binary', maxLength: 40 }).map((v) => ({ kind: 'text' as const, v })),
      fc
        .tuple(valid, fc.nat(), fc.constantFrom('', '"', '\\', '{', '}', '[', ']', ',', ':', '1', '-', 'e', '\u0000', '\ud800', '1e400'))
        .map(([m, at, ins]) => {
          const t = toText(m);
          const p = at % (t.length + 1);
          return { kind: 'text' as const, v: t.slice(0, p) + ins + t.slice(p) };
        }),
    );
    await check(`${name}: never rejects`, input, async ({ kind, v }) => {
      if (kind === 'text') {
        const { r } = await invoke(v as string);
        count(name, r.isError ? 'arbitrary text refused' : 'arbitrary text accepted');
        if (!r.isError) expect(stockValid(tool, canonicalView(schema, bigintsOnlyInSlots(schema, parseExact(v as string))))).toBe(true);
        return;
      }
      const { r } = await invoke(v as object);
      count(name, r.isError ? `arbitrary ${kind} refused` : `arbitrary ${kind} accepted`);
      if (kind === 'json') {
        const { r: fromText } = await invoke(JSON.stringify(v));
        expect(fromText.isError).toBe(r.isError);
        if (!r.isError) expect(stockValid(tool, canonicalView(schema, v))).toBe(true);
      }
    });
  });

  it('agreement with the independent validator; stricter refusals classified; the method receives exactly the hydrated values', async () => {
    const input = fc.tuple(
      fc.oneof(
        { weight: 3, arbitrary: valid.map((m) => ({ m, mutated: false })) },
        { weight: 1, arbitrary: fc.tuple(valid, mutationArb).map(([m, mu]) => ({ m: mutate(m, mu), mutated: true })) },
      ),
      fc.constantFrom('text', 'object', 'exponent-text'),
    );
    await check(`${name}: agreement`, input, async ([{ m }, form]) => {
      const fromText = form !== 'object';
      const args = fromText ? toText(m, form === 'exponent-text') : (toObject(m) as object);
      const view = fromText ? bigintsOnlyInSlots(schema, parseExact(toText(m))) : args;
      const { r, received } = await invoke(args);
      const stockOk = stockValid(tool, canonicalView(schema, view));
      if (!r.isError) {
        count(name, 'accepted by both');
        // 2: what the invoker accepts, the canonical schema accepts.
        if (!stockOk) throw new Error(`accepted, but the independent validator refuses: ${toText(m)}\n${JSON.stringify(stock.errors)}`);
        // 4: the method receives exactly the hydrated values.
        const expected = expectedArguments(slots, view);
        const got = slots.map((slot, i) =>
          slot.runtime === 'context'
            ? received![i] instanceof ToolContext
              ? 'context'
              : received![i]
            : slot.runtime === 'signal'
              ? received![i] instanceof AbortSignal && !(received![i] as AbortSignal).aborted
                ? 'signal'
                : received![i]
              : received![i],
        );
        expect(received!.length).toBeGreaterThanOrEqual(slots.filter((x) => x.runtime === undefined).length);
        const diff = difference(got, expected);
        if (diff !== null) throw new Error(`hydration differs at ${diff} for ${toText(m)}`);
        return;
      }
      if (!stockOk) {
        count(name, 'refused by both');
        return;
      }
      // 3: the independent validator accepts, the invoker refuses: every line must be a documented stricter case.
      const lines = linesOf(r);
      const reasons = lines.map((line) => {
        if (form === 'exponent-text' && / written in digits only: /.test(line)) return 'bigint beyond 2^53 written with an exponent';
        return classify(line, schema, view, fromText);
      });
      const unexplained = lines.filter((_, i) => reasons[i] === null);
      if (unexplained.length > 0)
        throw new Error(
          `refused where the independent validator accepts, unexplained:\n${unexplained.join('\n')}\nargs: ${typeof args === 'string' ? args : toText(m)}`,
        );
      for (const reason of new Set(reasons)) count(name, `stricter: ${reason}`);
    });
    const c = stats[name]!;
    // Not vacuous: a good share of the generated calls ran the tool.
    expect(c['accepted by both'] ?? 0).toBeGreaterThan(RUNS / 10);
  });
});
