import 'reflect-metadata';
import fc from 'fast-check';
import { Expose, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  Char,
  DateOnly,
  Int32,
  Int64,
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
  UInt64,
  Uuid,
  type ToolDefinition,
  type ToolResult,
} from '../../lib';
import { compileFastPath, validatorJsLength } from '../../lib/invoke/arguments/fast-path';
import { withFastPath } from '../helpers/fast-path';
import { calleeOf } from '../../lib/invoke/calling/invoker';

/**
 * Issue 7: the fast path (one generated function that checks and hydrates) and the general path
 * (ajv, problem texts, hydration, class-validator) agree on generated inputs, valid and invalid:
 * both accept or both refuse, the method receives structurally identical arguments (same classes,
 * same prototypes, same values), and the results are identical (a refusal's text is the general
 * path's in both cases).
 */

// ---- the tools -------------------------------------------------------------------------------

enum Priority {
  Low = 'Low',
  High = 'High',
}
enum Level {
  Low = 1,
  Mid = 2,
  High = 3,
}

class OrderLine {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
}

class Address {
  @Length(1, 64) city!: string;
  @Length(1, 16) postcode!: string;
}

class BulkLine {
  @Length(1, 32) sku!: string;
  @IsInt() @Min(1) @Max(1000) qty!: number;
  @IsObject() @ValidateNested() @Type(() => Address) shipTo!: Address;
}

class Tag {
  @MinLength(1) @MaxLength(6) name!: string;
  /** Optional by our decorator: class-validator's rule holds on the initializer when absent. */
  @Prop({ type: Int32, optional: true }) @IsInt() weight = 1;
  /** Our range is wider than class-validator's @Max, in a class whose rules the fast path checks itself. */
  @Range(-10, 5000) @Max(1000) @IsOptional() rank?: number;
}

class BaseTag {
  @Length(1, 4) code!: string;
  @Max(5) @IsInt() level!: number;
}

/** class-validator keeps the base's @Max(5) (the subclass has no rule of its own there); our @Range widens the schema. */
class SubTag extends BaseTag {
  @Range(0, 100) override level: number = 0;
  /** Replaces the base's @Length for class-validator (same rule type), not for the schema. */
  @MaxLength(3) override code: string = 'abc';
}

class Contact {
  /** Renamed in JSON. */
  @Expose({ name: 'e-mail' }) @IsEmail() email!: string;
  /** Trimmed, then the length rule holds on the trimmed text. */
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)) @Length(1, 8) nick!: string;
  /** Optional by our decorator only: class-validator still runs its rules on an absent value. */
  @Prop({ optional: true }) @IsInt() @Min(0) age?: number;
  /** Our range is wider than class-validator's @Max: both hold. */
  @Range(0, 5000) @Max(1000) @IsInt() score!: number;
  @IsOptional() @IsIn(['a', 'b', 'c']) grade?: string;
  @Prop({ nullable: true, optional: true }) @IsOptional() @Type(() => Address) @ValidateNested() home?: Address | null;
  @Matches(/^[a-z]+$/i) code!: string;
}

class Profile {
  @Length(2, 10) handle!: string;
  @IsEnum(Level) level!: Level;
  @Prop({ type: [Tag] }) @ArrayMinSize(1) @ArrayMaxSize(3) tags!: Tag[];
  @Prop({ type: SetOf(String) }) flags = new Set<string>();
  @Prop({ type: RecordOf(Int32) }) counts!: Map<string, number>;
  @Prop({ type: [String] }) @ArrayUnique() @ArrayNotEmpty() aliases!: string[];
  @Transform(({ value }) => (value instanceof Date ? new Date(value.getTime() + 1000) : value)) @Prop({ optional: true }) seen?: Date;
  @Prop({ type: Nullable(Int64), optional: true }) big?: bigint | null;
  @Prop({ type: () => [Contact], optional: true }) @ValidateNested({ each: true }) contacts?: Contact[];
  @Expose({ name: 'constructor' }) @Prop({ type: String, optional: true }) ctor?: string;
  @Prop({ type: () => [SubTag], optional: true }) subtags?: SubTag[];
}

class Odd {
  @Expose({ name: 'toString' }) @Prop({ type: String, optional: true }) text?: string;
  @Expose({ name: 'valueOf' }) @Prop({ type: Int32, optional: true }) count?: number;
  @Prop({ type: SetOf(() => Address), optional: true }) places?: Set<Address>;
}

class Service {
  calls: unknown[][] = [];

  @Tool()
  placeOrder(
    @Param({ minLength: 1, maxLength: 32 }) docketId: string,
    @Param({ type: () => [OrderLine] }) items: OrderLine[],
    @Param({ enum: Priority }) priority: Priority,
    due: Date,
  ): string {
    this.calls.push([docketId, items, priority, due]);
    return 'ok';
  }

  @Tool()
  placeBulk(@Param({ type: () => [BulkLine], maxItems: 4 }) items: BulkLine[], @Param({ type: Nullable(String) }) note: string | null): string {
    this.calls.push([items, note]);
    return 'ok';
  }

  @Tool()
  kinds(
    at: Date,
    site: URL,
    bytes: Uint8Array,
    buffer: Buffer,
    @Param({ type: SetOf(String) }) tags: Set<string>,
    @Param({ type: RecordOf(Int32) }) map: Map<string, number>,
    @Param({ type: RecordOf(Date) }) record: Record<string, Date>,
    @Param({ enum: Level }) level: Level,
    @Param({ enum: Priority, default: Priority.Low }) priority: Priority,
    big: bigint,
    @Param({ type: UInt64, optional: true }) ubig: bigint | undefined,
    @Param({ type: DateOnly }) day: string,
    @Param({ type: TimeOnly, optional: true }) time: string | undefined,
    @Param({ type: TimeSpan, optional: true }) span: string | undefined,
    @Param({ type: Uuid, optional: true }) id: string | undefined,
    @Param({ type: Char, optional: true }) letter: string | undefined,
    @Param({ type: JsonValue, optional: true }) anything: unknown,
    @Param({ type: Nullable(Int32), optional: true }) maybe: number | null | undefined,
    @Param({ type: SetOf(Int32), optional: true }) numbers: Set<number> | undefined,
    @Param({ type: String, pattern: '^[a-z]+$', maxLength: 12, optional: true }) word: string | undefined,
    ratio = 0.5,
  ): string {
    this.calls.push([
      at,
      site,
      bytes,
      buffer,
      tags,
      map,
      record,
      level,
      priority,
      big,
      ubig,
      day,
      time,
      span,
      id,
      letter,
      anything,
      maybe,
      numbers,
      word,
      ratio,
    ]);
    return 'ok';
  }

  /** v3 bounds: open sides, exclusive bounds and multipleOf (integers get inclusive bounds). */
  @Tool()
  bounds(
    @Param({ exclusiveMinimum: 0, exclusiveMaximum: 1 }) p: number,
    @Range(1, Infinity) atLeast: number,
    @Param({ multipleOf: 0.5 }) half: number,
    @Param({ type: Int32, exclusiveMinimum: 0, multipleOf: 5 }) count: number,
    @Param({ type: Nullable(Number), multipleOf: 3, exclusiveMaximum: 100, optional: true }) third: number | null | undefined,
  ): string {
    this.calls.push([p, atLeast, half, count, third]);
    return 'ok';
  }

  @Tool()
  profile(
    profile: Profile,
    @Param({ type: () => [Contact], optional: true }) extra: Contact[] | undefined,
    @Param({ type: Odd, optional: true }) odd: Odd | undefined,
  ): string {
    this.calls.push([profile, extra, odd]);
    return 'ok';
  }

  /** v3.2: the DTO as the whole input (its properties are the arguments). */
  @Tool({ input: 'dto' })
  profileInput(profile: Profile): string {
    this.calls.push([profile]);
    return 'ok';
  }
}

// ---- generated inputs ------------------------------------------------------------------------

/** A big integer literal: exact digits in JSON text, a bigint in a parsed object. */
class BigLit {
  constructor(readonly digits: string) {}
}

/** An object whose keys are all own properties (`__proto__` included). */
function obj(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) if (v !== undefined) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

function toText(v: unknown): string {
  if (v instanceof BigLit) return v.digits;
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : toText(x))).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toText((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

function toObject(v: unknown): unknown {
  if (v instanceof BigLit) return BigInt(v.digits);
  if (Array.isArray(v)) return v.map(toObject);
  if (typeof v === 'object' && v !== null) return obj(Object.keys(v).map((k) => [k, toObject((v as Record<string, unknown>)[k])]));
  return v;
}

const ABSENT = undefined;
const junk = fc.constantFrom<unknown>(null, true, 0, -1, 1.5, '', 'x', [], {}, [1], { a: 1 }, Number.MAX_SAFE_INTEGER + 2);

/**
 * The arbitraries of one mode: `valid` makes calls that are meant to pass (required fields present,
 * values within their rules, though a rule the generator does not know may still refuse one);
 * `mutated` makes each field, now and then, absent, null, of another kind, or an edge value.
 */
function arbitraries(mutated: boolean) {
  /** A required field: its good values, and (mutated) edge values, absence, null or junk. */
  const req = (good: fc.Arbitrary<unknown>, edge?: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    mutated
      ? fc.oneof(
          { arbitrary: good, weight: 60 },
          { arbitrary: edge ?? good, weight: 6 },
          { arbitrary: fc.constant(ABSENT), weight: 1 },
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: junk, weight: 1 },
        )
      : good;
  /** An optional field: sometimes absent (or null, which means absent) even when valid. */
  const opt = (good: fc.Arbitrary<unknown>, edge?: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    fc.oneof({ arbitrary: req(good, edge), weight: 4 }, { arbitrary: fc.constantFrom(ABSENT, null), weight: 1 });

  /** An object from its fields, sometimes (mutated) with a key that does not belong. */
  const record = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> => {
    const extra = mutated
      ? fc.oneof(
          { arbitrary: fc.constant<[string, unknown][]>([]), weight: 20 },
          {
            arbitrary: fc.constantFrom<[string, unknown][]>(
              [['extra', 1]],
              [['__proto__', { polluted: true }]],
              [['constructor', 'x']],
              [['toString', 'x']],
              [['', 0]],
            ),
            weight: 1,
          },
        )
      : fc.constant<[string, unknown][]>([]);
    return fc.tuple(fc.record(fields), extra).map(([o, more]) => obj([...Object.entries(o), ...more]));
  };

  const text = (min: number, max: number) =>
    fc.oneof(
      fc.string({ minLength: min, maxLength: max }),
      fc.constantFrom('x'.repeat(min), 'y'.repeat(max), `${'z'.repeat(min)}\uFE0F`, '😀'.repeat(Math.max(min, 1)).slice(0, 2 * max)),
    );
  const textEdge = (min: number, max: number) =>
    fc.oneof(
      // At the lower bound in code points, one below it in validator.js's count (@Length, @MinLength).
      fc.constant(`${'z'.repeat(Math.max(1, min - 1))}\uFE0F`),
      fc.string({ unit: 'grapheme', minLength: Math.max(0, min - 1), maxLength: max + 1 }),
      fc.constantFrom('😀😀', 'a\uFE0F', '\uFE0E', 'é', '', 'x'.repeat(max), 'x'.repeat(max + 1), '😀'.repeat(max), `${'a'.repeat(max)}\uFE0F`, '\uD800'),
    );
  const dateTime = fc
    .date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
    .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().replace('Z', '+01:30'), d.toISOString().replace('T', 't').replace('Z', 'z')));
  const dateTimeEdge = fc.constantFrom(
    '2026-02-30T10:00:00Z',
    '2026-12-31T23:59:60Z',
    '2026-12-02 10:00:00Z',
    '2026-12-02',
    '2026-12-02T10:00:00.123456789+23:59',
    'x',
  );
  const int = (min: number, max: number) => fc.integer({ min, max });
  const intEdge = (min: number, max: number) => fc.constantFrom(min - 1, max + 1, 0.5, -0, 1e21, min, max);
  const bigLit = fc.oneof(
    fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n }).map((b) => new BigLit(String(b))),
    fc.integer({ min: -1000, max: 1000 }),
  );
  const bigEdge = fc
    .constantFrom(
      '9223372036854775807',
      '9223372036854775808',
      '-9223372036854775808',
      '-9223372036854775809',
      '18446744073709551615',
      '18446744073709551616',
      '0',
      '-1',
    )
    .map((d) => new BigLit(d));
  const ubigLit = fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((b) => new BigLit(String(b))),
    fc.integer({ min: 0, max: 1000 }),
  );
  const base64 = fc.uint8Array({ maxLength: 6 }).map((b) => Buffer.from(b).toString('base64'));

  const orderLine = record({ sku: req(text(1, 32), textEdge(1, 32)), qty: req(int(1, 1000), intEdge(1, 1000)) });
  const address = record({ city: req(text(1, 64), textEdge(1, 64)), postcode: req(text(1, 16), textEdge(1, 16)) });
  const bulkLine = record({ sku: req(text(1, 32), textEdge(1, 32)), qty: req(int(1, 1000), intEdge(1, 1000)), shipTo: req(address) });
  const tag = record({
    name: req(text(1, 6), textEdge(1, 6)),
    weight: opt(int(-5, 5), intEdge(-(2 ** 31), 2 ** 31 - 1)),
    rank: opt(fc.oneof(int(-10, 1000), fc.constantFrom(-10, 1000)), fc.constantFrom(1001, 5000, 5001, -11)),
  });
  const contact = record({
    'e-mail': req(fc.constantFrom('a@b.co', 'someone@example.com', 'x.y@mail.example.org'), fc.constantFrom('not-an-email', 'A@B', 'a@localhost')),
    email: mutated ? fc.constantFrom(ABSENT, ABSENT, ABSENT, 'a@b.co') : fc.constant(ABSENT),
    nick: req(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('  padded  ', ' x ', '    ', 'abcdefghi')),
    age: mutated ? opt(int(0, 130), intEdge(0, 130)) : int(0, 130),
    score: req(fc.oneof(int(0, 1000), fc.constantFrom(0, 1000)), fc.constantFrom(1001, 4999, 5000, 5001, -1)),
    grade: opt(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('d', 'A')),
    home: opt(address),
    code: req(fc.stringMatching(/^[a-zA-Z]{1,5}$/), fc.constantFrom('', '1', 'abc1')),
  });
  const profile = record({
    handle: req(text(2, 10), textEdge(2, 10)),
    level: req(fc.constantFrom('Low', 'Mid', 'High'), fc.constantFrom('Top', 1, 2)),
    tags: req(fc.array(tag, { minLength: 1, maxLength: 3 }), fc.array(tag, { maxLength: 4 })),
    flags: req(
      fc.uniqueArray(fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor'), { maxLength: 4 }),
      fc.array(fc.constantFrom('a', 'b'), { maxLength: 3 }),
    ),
    counts: req(fc.dictionary(fc.constantFrom('x', 'y', '__proto__', 'constructor', 'a b'), int(-10, 10), { maxKeys: 3 })),
    aliases: req(fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 3 }), fc.array(fc.constantFrom('a', 'b'), { maxLength: 3 })),
    seen: opt(dateTime, dateTimeEdge),
    big: opt(bigLit, bigEdge),
    contacts: opt(fc.array(contact, { maxLength: 2 })),
    constructor: opt(text(0, 3)),
    subtags: opt(
      fc.array(
        record({ code: req(text(1, 3), textEdge(1, 4)), level: req(fc.oneof(int(0, 5), fc.constantFrom(0, 5)), fc.constantFrom(6, 50, 100, 101, -1)) }),
        { maxLength: 2 },
      ),
    ),
  });
  const odd = record({
    toString: opt(text(0, 3)),
    valueOf: opt(int(0, 3)),
    places: opt(
      fc.uniqueArray(address, { maxLength: 3, selector: (a) => JSON.stringify(a) }),
      fc.array(address, { minLength: 1, maxLength: 2 }).map((a) => [...a, ...a]),
    ),
  });

  return {
    place_order: record({
      docketId: req(text(1, 32), textEdge(1, 32)),
      items: req(fc.array(orderLine, { maxLength: 4 })),
      priority: req(fc.constantFrom('Low', 'High'), fc.constantFrom('low', 'Medium')),
      due: req(dateTime, dateTimeEdge),
    }),
    place_bulk: record({
      items: req(fc.array(bulkLine, { maxLength: 4 }), fc.array(bulkLine, { minLength: 5, maxLength: 5 })),
      note: fc.oneof(fc.constant(null), text(0, 5), ...(mutated ? [fc.constant(ABSENT), junk] : [])),
    }),
    kinds: record({
      at: req(dateTime, dateTimeEdge),
      site: req(fc.webUrl(), fc.constantFrom('http://x:99999/', 'relative/path', 'https://example.com/ü', 'mailto:a@b.c')),
      bytes: req(base64, fc.constantFrom('QR==', 'AAE', 'A===')),
      buffer: req(base64, fc.constantFrom('aGk', 'a!==')),
      tags: req(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', '__proto__', 'toString'), { maxLength: 4 }),
        fc.array(fc.constantFrom('a', '__proto__', 'toString'), { maxLength: 4 }),
      ),
      map: req(fc.dictionary(fc.constantFrom('x', 'y', '__proto__', 'constructor'), int(-3, 3), { maxKeys: 3 })),
      record: req(fc.dictionary(fc.constantFrom('x', 'y', '__proto__', 'hasOwnProperty'), dateTime, { maxKeys: 3 })),
      level: req(fc.constantFrom('Low', 'Mid', 'High'), fc.constantFrom(1, 'low')),
      priority: opt(fc.constantFrom('Low', 'High'), fc.constant('Medium')),
      big: req(bigLit, bigEdge),
      ubig: opt(ubigLit, bigEdge),
      day: req(fc.constantFrom('2024-02-29', '2026-12-02', '0000-01-01'), fc.constantFrom('2023-02-29', '2026-1-2')),
      time: opt(fc.constantFrom('10:00:00', '23:59:59.1234567', '10:00:00Z', '10:00:00+01:00'), fc.constantFrom('24:00:00', '10:00:00.12345678')),
      span: opt(fc.constantFrom('1.02:03:04', '-00:00:01', '00:00:00.1234567'), fc.constantFrom('24:00:00', '1:02:03')),
      id: opt(fc.uuid(), fc.constantFrom('urn:uuid:123e4567-e89b-12d3-a456-426614174000', '{123e4567-e89b-12d3-a456-426614174000}')),
      letter: opt(fc.constantFrom('a', '😀'), fc.constantFrom('ab', '')),
      anything: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(ABSENT)),
      maybe: fc.oneof(fc.constantFrom(null, ABSENT), int(-5, 5), ...(mutated ? [junk] : [])),
      numbers: opt(fc.uniqueArray(int(0, 3), { maxLength: 4 }), fc.array(int(0, 3), { minLength: 2, maxLength: 4 })),
      word: opt(fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom('ABC', 'abcdefghijklm', 'a1', '')),
      ratio: opt(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e308)),
    }),
    bounds: record({
      p: req(fc.double({ min: 0, max: 1, noNaN: true, minExcluded: true, maxExcluded: true }), fc.constantFrom(0, 1, -0, 1.5)),
      atLeast: req(fc.oneof(fc.double({ min: 1, max: 1e9, noNaN: true }), fc.constant(1)), fc.constantFrom(0.999, 0, -1)),
      half: req(
        fc.integer({ min: -100, max: 100 }).map((i) => i / 2),
        fc.constantFrom(0.25, 0.1, 0.3, 1e21),
      ),
      count: req(
        fc.integer({ min: 1, max: 1000 }).map((i) => i * 5),
        fc.constantFrom(0, 7, -5, 5.5),
      ),
      third: fc.oneof(
        fc.constantFrom(null, ABSENT),
        fc.integer({ min: -30, max: 33 }).map((i) => i * 3),
        ...(mutated ? [junk, fc.constantFrom(99, 100, 0.3, 0.1 * 3)] : []),
      ),
    }),
    profile: record({
      profile: req(profile),
      extra: opt(fc.array(contact, { maxLength: 2 })),
      odd: opt(odd),
    }),
    profile_input: profile,
  };
}

const VALID = arbitraries(false);
const MUTATED = arbitraries(true);
type ToolName = keyof typeof VALID;

/** Values a mutation puts somewhere: edges of every rule the tools have, and values of other kinds. */
const EDGES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1,
  2,
  1000,
  1001,
  0.5,
  -0,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  '',
  'a',
  'ab',
  'a\uFE0F',
  'ab\uFE0F',
  '\uFE0F\uFE0F',
  '😀',
  '😀😀',
  '\uD800x',
  'x'.repeat(6),
  'x'.repeat(7),
  'x'.repeat(8),
  'x'.repeat(9),
  'x'.repeat(10),
  'x'.repeat(11),
  'x'.repeat(16),
  'x'.repeat(17),
  'x'.repeat(32),
  'x'.repeat(33),
  '😀'.repeat(10),
  '😀'.repeat(11),
  '2026-02-30T10:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-12-02T10:00:00Z',
  'Low',
  'High',
  'Mid',
  'a@b.co',
  [],
  {},
  [1],
  { a: 1 },
  new BigLit('9223372036854775808'),
  new BigLit('-9223372036854775809'),
  new BigLit('18446744073709551616'),
];

type Place = { readonly parent: Record<string, unknown> | unknown[]; readonly key: string | number };

function places(v: unknown, out: Place[] = []): Place[] {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push({ parent: v, key: i }), places(x, out)));
  else if (typeof v === 'object' && v !== null && !(v instanceof BigLit))
    for (const k of Object.keys(v)) {
      out.push({ parent: v as Record<string, unknown>, key: k });
      places((v as Record<string, unknown>)[k], out);
    }
  return out;
}

function containers(v: unknown, out: unknown[] = []): unknown[] {
  if (typeof v === 'object' && v !== null && !(v instanceof BigLit)) {
    out.push(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) containers(x, out);
  }
  return out;
}

/** One change to a (copied) valid input: a value replaced, tweaked or removed, a key added, an item repeated. */
function mutate(input: Record<string, unknown>, pick: number, kind: number, edge: unknown): Record<string, unknown> {
  const copy = structuredClone(input, {}) as Record<string, unknown>;
  restoreBigLits(copy);
  const at = places(copy);
  const place = at[pick % Math.max(1, at.length)];
  if (place === undefined || kind === 0) {
    const all = containers(copy);
    const target = all[pick % all.length]!;
    if (Array.isArray(target)) target.push(target.length > 0 ? structuredClone(target[0]) : edge);
    else
      Object.defineProperty(target, ['extra', '__proto__', 'constructor', 'toString'][pick % 4]!, {
        value: edge,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  const parent = place.parent as Record<string | number, unknown>;
  const old = parent[place.key];
  if (kind === 1) {
    if (Array.isArray(parent)) parent.splice(place.key as number, 1);
    else delete parent[place.key];
  } else if (kind === 2 && typeof old === 'string') {
    // Tweaks that keep JSON Schema's count of code points and change validator.js's, or cross a bound.
    parent[place.key] = [old.slice(0, -1) + '\uFE0F', old + '\uFE0F', old.slice(0, -1) + '😀', '😀' + old, old.slice(1), old + old, ` ${old} `][pick % 7];
  } else if (kind === 2 && typeof old === 'number') {
    parent[place.key] = [old + 1, old - 1, old + 0.5, -old, old * 1e6, old + 1000, old + 4000][pick % 7];
  } else {
    parent[place.key] = edge;
  }
  return copy;
}

/** structuredClone keeps BigLit's fields but not its class. */
function restoreBigLits(v: unknown): void {
  for (const c of containers(v)) {
    const entries = Array.isArray(c) ? c.map((x, i) => [i, x] as const) : Object.entries(c as object);
    for (const [k, x] of entries) {
      if (typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length === 1 && typeof (x as { digits?: unknown }).digits === 'string') {
        (c as Record<string | number, unknown>)[k] = new BigLit((x as { digits: string }).digits);
      }
    }
  }
}

/** Valid calls, calls with one or two changes, and calls whose fields each may go wrong. */
function calls(name: ToolName): fc.Arbitrary<Record<string, unknown>> {
  const once = (a: fc.Arbitrary<Record<string, unknown>>) =>
    fc.tuple(a, fc.nat(), fc.constantFrom(0, 1, 2, 2, 2, 3), fc.constantFrom(...EDGES)).map(([input, pick, kind, edge]) => mutate(input, pick, kind, edge));
  return fc.oneof(
    { arbitrary: VALID[name], weight: 3 },
    { arbitrary: once(VALID[name]), weight: 5 },
    { arbitrary: once(once(VALID[name])), weight: 1 },
    { arbitrary: MUTATED[name], weight: 1 },
  );
}

// ---- comparing what the method received ------------------------------------------------------

/** Where two values differ (classes, prototypes and values at every depth), or undefined. */
function difference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (typeof a !== typeof b) return `${at}: ${typeof a} vs ${typeof b}`;
  if (typeof a !== 'object' || a === null || b === null) return Object.is(a, b) ? undefined : `${at}: ${String(a)} vs ${String(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototypes differ`;
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime()) ? undefined : `${at}: dates differ`;
  if (a instanceof URL) return a.href === (b as URL).href ? undefined : `${at}: URLs differ`;
  if (a instanceof Uint8Array) return Buffer.from(a).equals(Buffer.from(b as Uint8Array)) ? undefined : `${at}: bytes differ`;
  if (a instanceof Set || a instanceof Map) {
    const x = [...a];
    const y = [...(b as Set<unknown> | Map<unknown, unknown>)];
    return x.length !== y.length ? `${at}: sizes differ` : x.map((v, i) => difference(v, y[i], `${at}[${i}]`)).find((d) => d !== undefined);
  }
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b as object);
  if (ka.join('\u0000') !== kb.join('\u0000')) return `${at}: keys ${ka.map(String).join(',')} vs ${kb.map(String).join(',')}`;
  for (const k of ka) {
    const d = difference((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k], `${at}.${String(k)}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

function summary(r: ToolResult): unknown {
  return { isError: r.isError, parts: r.parts.map((p) => ({ ...p })), costs: r.costs };
}

interface Tally {
  accepted: number;
  refused: number;
}

async function bothPaths(service: Service, tool: ToolDefinition, input: unknown, asText: boolean, tally: Tally): Promise<void> {
  const runs: { result: ToolResult; args: unknown[] | undefined }[] = [];
  for (const fast of [true, false]) {
    service.calls = [];
    const result = await withFastPath(fast, () => tool.invoke(asText ? toText(input) : (toObject(input) as object)));
    runs.push({ result, args: service.calls[0] });
  }
  const [f, g] = runs as [(typeof runs)[0], (typeof runs)[0]];
  expect(summary(f.result)).toEqual(summary(g.result));
  expect(f.args === undefined).toBe(g.args === undefined);
  if (f.args !== undefined) expect(difference(f.args, g.args)).toBeUndefined();
  if (g.result.isError) tally.refused++;
  else tally.accepted++;
}

/** Rows where the schema and class-validator's rules differ, or the two paths could most easily part. */
function edgeRows(): [ToolName, Record<string, unknown>][] {
  const line = { sku: 'x', qty: 1 };
  const order = { docketId: 'A-1', items: [line], priority: 'High', due: '2026-12-02T10:00:00Z' };
  const tag = { name: 'ab' };
  const profile = { handle: 'ab', level: 'Mid', tags: [tag], flags: [], counts: {}, aliases: ['a'] };
  const contact = { 'e-mail': 'a@b.co', nick: 'nick', age: 3, score: 10, code: 'abc' };
  const rows: [ToolName, Record<string, unknown>][] = [
    ['place_order', order],
    ['place_order', { ...order, docketId: 'x'.repeat(32) }],
    ['place_order', { ...order, docketId: 'x'.repeat(33) }],
    ['place_order', { ...order, docketId: '😀'.repeat(32) }],
    ['place_order', { ...order, items: [{ sku: `${'a'.repeat(32)}\uFE0F`, qty: 1 }] }],
    [
      'place_order',
      {
        ...order,
        items: [
          { sku: 'a\uFE0F', qty: 1000 },
          { sku: 'b', qty: 1001 },
        ],
      },
    ],
    ['place_order', { ...order, due: '2026-12-31T23:59:60Z' }],
  ];
  for (const handle of ['ab', 'a\uFE0F', 'ab\uFE0F', '😀\uFE0F', '\uFE0F\uFE0F', 'a'.repeat(10), `${'a'.repeat(10)}\uFE0F`])
    rows.push(['profile', { profile: { ...profile, handle } }]);
  for (const rank of [-10, -11, 0, 1000, 1001, 5000, 5001, null]) rows.push(['profile', { profile: { ...profile, tags: [{ ...tag, rank }] } }]);
  for (const weight of [undefined, null, 0, 2 ** 31]) rows.push(['profile', { profile: { ...profile, tags: [{ ...tag, weight }] } }]);
  const bounds = { p: 0.5, atLeast: 1, half: 0.5, count: 5 };
  for (const change of [
    { p: 0 },
    { p: 1 },
    { p: Number.MIN_VALUE },
    { atLeast: 0.9999999 },
    { half: 2.5 },
    { half: 2.25 },
    { count: 0 },
    { count: 10 },
    { count: 12 },
    { third: 99 },
    { third: 102 },
    { third: 0.3 },
  ]) {
    rows.push(['bounds', { ...bounds, ...change }]);
  }
  for (const level of [0, 5, 6, 100, 101]) rows.push(['profile', { profile: { ...profile, subtags: [{ code: 'abc', level }] } }]);
  for (const change of [
    {},
    { age: undefined },
    { score: 1001 },
    { score: 5000 },
    { nick: '  padded  ' },
    { nick: '         ' },
    { code: 'ABC' },
    { grade: null },
    { home: null },
  ]) {
    rows.push(['profile', { profile, extra: [{ ...contact, ...change }] }]);
  }
  for (const handle of ['ab', 'a\uFE0F', 'a'.repeat(11)]) rows.push(['profile_input', { ...profile, handle }]);
  rows.push(['profile_input', { ...profile, extra: 1 }], ['profile_input', {}]);
  return rows.map(([name, input]) => [name, JSON.parse(JSON.stringify(input)) as Record<string, unknown>]);
}

describe("validator.js's count of characters (@Length, @MinLength, @MaxLength)", () => {
  // validator.js isLength, as written there.
  const reference = (str: string): number =>
    str.length - (str.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g) || []).length - (str.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) || []).length;

  it('is what validator.js counts, for strings of variation selectors, surrogates and lone halves', () => {
    const unit = fc.constantFrom('a', '\uFE0E', '\uFE0F', '\uD83D', '\uDE00', '\uD800', '\uDC00', '\n', 'é');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const s = units.join('');
        expect(validatorJsLength(s)).toBe(reference(s));
      }),
      { numRuns: 20_000, seed: 11 },
    );
  });
});

describe('The fast path agrees with the general path', () => {
  const service = new Service();
  const tools = new Map(Tool.fromInstance(service).map((t) => [t.name, t] as const));
  const cases: [ToolName, number][] = [
    ['place_order', 3000],
    ['place_bulk', 2000],
    ['kinds', 3000],
    ['bounds', 2000],
    ['profile', 3000],
    ['profile_input', 2000],
  ];
  // Issue 7: at least 10,000 generated inputs in all. Each row below checks that it ran its own
  // number, so each test stands alone (run filtered, `jest -t`) and the sum is the table's.
  it('plans at least 10,000 generated inputs in all (issue 7)', () => {
    expect(cases.reduce((sum, [, runs]) => sum + runs, 0)).toBeGreaterThanOrEqual(10_000);
  });

  it('takes the fast path for valid calls (the general path is the exception)', () => {
    for (const name of Object.keys(VALID) as ToolName[]) {
      const spec = calleeOf(tools.get(name)!)!.spec;
      const fast = compileFastPath(spec)!;
      // A whole input is read as its one parameter's value (the invoker's Plan.wrap).
      const read = (input: unknown): object => (spec.input === 'dto' ? { [spec.params[0]!.name]: toObject(input) } : (toObject(input) as object));
      const samples = fc.sample(VALID[name], { numRuns: 200, seed: 7 });
      const taken = samples.filter((input) => fast.run(read(input), [], fast.classValidator ? [] : null)).length;
      expect(taken).toBeGreaterThan(samples.length * 0.9);
    }
  });

  it('on the rows where the rules differ', async () => {
    const tally: Tally = { accepted: 0, refused: 0 };
    for (const [name, input] of edgeRows()) {
      for (const asText of [false, true]) await bothPaths(service, tools.get(name)!, input, asText, tally);
    }
    expect(tally.accepted).toBeGreaterThan(10);
    expect(tally.refused).toBeGreaterThan(10);
  });

  it.each(cases)('%s', async (name, runs) => {
    const args = calls(name);
    const tool = tools.get(name)!;
    expect(compileFastPath(calleeOf(tool)!.spec)).not.toBeNull();
    const tally: Tally = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(args, fc.boolean(), async (input, asText) => {
        await bothPaths(service, tool, input, asText, tally);
      }),
      { numRuns: runs, seed: 20261202, endOnFailure: true },
    );
    // Every generated input ran on both paths, and both kinds of input are well represented.
    expect(tally.accepted + tally.refused).toBe(runs);
    expect(tally.accepted).toBeGreaterThan(runs / 4);
    expect(tally.refused).toBeGreaterThan(runs / 4);
  });
});

describe('Unions and recursive classes: the fast path declines them, so the general path alone decides', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Drawing } = require('../fixtures/unions') as typeof import('../fixtures/unions');
  const [draw, search] = Tool.fromInstance(new Drawing());

  it('no fast path is compiled for a tool with a union or a recursive class', () => {
    expect(compileFastPath(calleeOf(draw!)!.spec)).toBeNull();
    expect(compileFastPath(calleeOf(search!)!.spec)).toBeNull();
  });

  it('a union inside a tool that also has plain parameters still declines, and plain tools keep theirs', () => {
    class Mixed {
      @Tool() run(@Param() a: string, @Param({ type: () => Nullable(Int32) }) b: number | null) {
        return a + String(b);
      }
    }
    expect(compileFastPath(calleeOf(Tool.fromInstance(new Mixed())[0]!)!.spec)).not.toBeNull();
  });

  it('both switches of the spec helper give identical results on union and recursive arguments', async () => {
    const inputs: [ToolDefinition, object][] = [
      [
        draw!,
        {
          shapes: [
            { kind: 'circle', radius: 1 },
            { kind: 'group', items: [{ type: 'note', text: 'x' }] },
          ],
          environment: ['a'],
        },
      ],
      [draw!, { shapes: [{ kind: 'hexagon' }], environment: 1 }],
      [search!, { where: { and: [{ or: [{ not: { field: 'x' } }] }] } }],
      [search!, { where: { and: [{ or: [{ not: { field: 1 } }] }] } }],
    ];
    for (const [tool, input] of inputs) {
      const a = await withFastPath(true, () => tool.invoke(input));
      const b = await withFastPath(false, () => tool.invoke(input));
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  });
});
