import 'reflect-metadata';
import { Expose, Type } from 'class-transformer';
import { IsOptional, Matches, MaxLength } from 'class-validator';
import { Char, Int32, Int64, JsonObject, JsonValue, Param, Prop, RecordOf, SetOf, Tool, ToolDefinitionError, UInt64, Uuid, type ToolResult } from '../../lib';
import { growthOverLinear, LINEAR } from '../helpers/growth';

/**
 * Security cases: what an attacker can put in the arguments of a call (as JSON text or as an object
 * the caller parsed) and what must hold whatever it is: no prototype is polluted, only the schema's
 * keys reach the method, patterns cannot stall the process, and hostile numbers, strings, base64 and
 * dates are refused with a line that says why, or passed exactly.
 */

// ---- the prototypes that must never change ------------------------------------------------------

class Address {
  @Prop() city!: string;
  @IsOptional() @Prop() zip: string = '00000';
}

class Line {
  @Prop() sku!: string;
  @Expose({ name: 'qty_ordered' }) @Prop({ type: Int32 }) qty!: number;
  @IsOptional() @Type(() => Address) @Prop({ type: () => Address }) ship?: Address;
}

class Order {
  @Prop() customer!: string;
  @Type(() => Line) @Prop({ type: () => [Line] }) lines!: Line[];
  @IsOptional() @Prop({ type: RecordOf(() => Address) }) byLabel?: Record<string, Address>;
  @IsOptional() @Prop({ type: JsonObject }) meta?: Record<string, unknown>;
}

const PROTOTYPES: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
  ['Date.prototype', Date.prototype],
  ['URL.prototype', URL.prototype],
  ['Uint8Array.prototype', Uint8Array.prototype],
  ['Buffer.prototype', Buffer.prototype],
  ['Promise.prototype', Promise.prototype],
  ['Address.prototype', Address.prototype],
  ['Line.prototype', Line.prototype],
  ['Order.prototype', Order.prototype],
];

type Snapshot = Map<string, { proto: object | null; keys: (string | symbol)[]; values: unknown[] }>;

function snapshot(): Snapshot {
  const out: Snapshot = new Map();
  for (const [name, p] of PROTOTYPES) {
    const keys = Reflect.ownKeys(p);
    out.set(name, {
      proto: Object.getPrototypeOf(p),
      keys,
      values: keys.map((k) => {
        const d = Object.getOwnPropertyDescriptor(p, k)!;
        return 'value' in d ? d.value : [d.get, d.set];
      }),
    });
  }
  return out;
}

const before = snapshot();

/** No prototype gained, lost or changed a property or its own prototype; `{}` shows nothing new. */
function expectNoPollution(): void {
  const now = snapshot();
  for (const [name, was] of before) {
    const is = now.get(name)!;
    expect({ name, proto: is.proto === was.proto, keys: is.keys }).toEqual({ name, proto: true, keys: was.keys });
    is.values.forEach((v, i) =>
      expect({
        name,
        key: String(was.keys[i]),
        same: v === was.values[i] || (Array.isArray(v) && (v as unknown[]).every((x, j) => x === (was.values[i] as unknown[])[j])),
      }).toEqual({ name, key: String(was.keys[i]), same: true }),
    );
  }
  for (const probe of [{}, [], () => undefined, new Order(), new Line(), new Address()]) {
    for (const key of ['polluted', 'isAdmin']) expect((probe as Record<string, unknown>)[key]).toBeUndefined();
  }
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

afterEach(expectNoPollution);

function text(r: ToolResult): string {
  return r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p))).join('\n');
}

// ---- __proto__, constructor, prototype at every depth ------------------------------------------

let received: unknown[] = [];

class Shop {
  @Tool()
  place(
    order: Order,
    @Param({ type: RecordOf(Int32), optional: true }) counts?: Record<string, number>,
    @Param({ type: RecordOf(Int32), optional: true }) tally?: Map<string, number>,
    @Param({ type: JsonValue, optional: true }) extra?: unknown,
    @Param({ type: SetOf(JsonValue), optional: true }) bag?: Set<unknown>,
  ): string {
    received = [order, counts, tally, extra, bag];
    return 'placed';
  }
}

const shop = Tool.create(new Shop(), 'place');

const valid = (): Record<string, unknown> => ({
  order: {
    customer: 'ACME',
    lines: [{ sku: 'BOLT', qty_ordered: 2, ship: { city: 'Oslo' } }],
    byLabel: { home: { city: 'Paris' } },
    meta: { a: { b: [1] } },
  },
  counts: { x: 1 },
  tally: { y: 2 },
  extra: { deep: [{ z: 1 }] },
  bag: [{ q: 1 }],
});

/**
 * Every place an object sits in the arguments: closed ones (the tool's top level, each DTO) refuse a
 * key that is not theirs, open ones (records, maps, JSON values) keep it as their own data.
 */
const PLACES: readonly { path: readonly (string | number)[]; closed: string | null }[] = [
  { path: [], closed: "is not a parameter of tool 'place'." },
  { path: ['order'], closed: 'is not a property of Order.' },
  { path: ['order', 'lines', 0], closed: 'is not a property of Line.' },
  { path: ['order', 'lines', 0, 'ship'], closed: 'is not a property of Address.' },
  { path: ['order', 'byLabel', 'home'], closed: 'is not a property of Address.' },
  { path: ['order', 'byLabel'], closed: null },
  { path: ['order', 'meta'], closed: null },
  { path: ['order', 'meta', 'a'], closed: null },
  { path: ['counts'], closed: null },
  { path: ['tally'], closed: null },
  { path: ['extra'], closed: null },
  { path: ['extra', 'deep', 0], closed: null },
  { path: ['bag', 0], closed: null },
];

const KEYS = ['__proto__', 'constructor', 'prototype'] as const;

function holderAt(root: Record<string, unknown>, path: readonly (string | number)[]): Record<string, unknown> {
  let o: unknown = root;
  for (const s of path) o = (o as Record<string | number, unknown>)[s];
  return o as Record<string, unknown>;
}

function showPath(path: readonly (string | number)[], key: string): string {
  return [...path, key].map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** The payload put under a hostile key: what an attacker hopes lands on a prototype. */
function payloadFor(place: { path: readonly (string | number)[] }): unknown {
  const under = place.path.join('/');
  // Records of Int32 take numbers only; records of Address take an Address; others take anything.
  if (under === 'counts' || under === 'tally') return 7;
  if (under === 'order/byLabel') return { city: 'Evil' };
  return { polluted: true, isAdmin: true, prototype: { polluted: true } };
}

describe('__proto__, constructor and prototype keys at every depth', () => {
  const cases = PLACES.flatMap((place) => KEYS.map((key) => [showPath(place.path, key), place, key] as const));

  it.each(cases)('%s: from JSON text, from JSON.parse and from Object.defineProperty', async (_, place, key) => {
    const payload = payloadFor(place);
    // Text with the key written literally; JSON.parse of it; and an object built with defineProperty.
    const base = valid();
    const marker = `"__marker_${key}__"`;
    const holder = holderAt(base, place.path);
    holder[`__marker_${key}__`] = 0;
    const jsonText = JSON.stringify(base).replace(`${marker}:0`, `${JSON.stringify(key)}:${JSON.stringify(payload)}`);
    const defined = valid();
    Object.defineProperty(holderAt(defined, place.path), key, { value: payload, enumerable: true, writable: true, configurable: true });

    for (const args of [jsonText, JSON.parse(jsonText) as object, defined]) {
      const r = await shop.invoke(args);
      if (place.closed !== null) {
        expect(text(r)).toBe(`Argument '${place.path.length === 0 ? key : formatPathForKey(place.path, key)}' ${place.closed}`);
        continue;
      }
      expect(text(r)).toBe('placed');
      // The key arrived as the holder's own data, on an object whose prototype is untouched.
      const got = hydratedHolder(place.path);
      expect(Object.prototype.hasOwnProperty.call(got, key) || (got instanceof Map && got.has(key))).toBe(true);
      const value = got instanceof Map ? got.get(key) : Object.getOwnPropertyDescriptor(got, key)!.value;
      if (place.path.join('/') === 'order/byLabel') expect(value).toBeInstanceOf(Address);
      else expect(value).toEqual(payload);
      if (!(got instanceof Map)) expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expectNoPollution();
    }
  });

  it('a key spelled with escapes (\\u005f\\u005fproto\\u005f\\u005f) is the same key', async () => {
    const r = await shop.invoke('{"order":{"customer":"a","lines":[]},"extra":{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}}}');
    expect(text(r)).toBe('placed');
    expect(Object.keys(received[3] as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(received[3])).toBe(Object.prototype);
  });

  it('parameters and properties named like members of Object.prototype are read as own properties only', async () => {
    let got: unknown[] = [];
    class Odd {
      @Expose({ name: 'valueOf' }) @IsOptional() @Prop() shown?: string;
      @Expose({ name: 'hasOwnProperty' }) @IsOptional() @Prop() own?: string;
    }
    const t = Tool.create(
      function odd(toString?: string, constructor?: string, odd?: Odd) {
        got = [toString, constructor, odd];
        return 'ok';
      },
      { params: { toString: { type: String, optional: true }, constructor: { type: String, optional: true }, odd: { type: Odd, optional: true } } },
    );
    expect(text(await t.invoke({ odd: {} }))).toBe('ok');
    expect(got[0]).toBeUndefined();
    expect(got[1]).toBeUndefined();
    // Absent: the instance keeps its own field (undefined), not Object.prototype's function.
    expect((got[2] as Odd).shown).toBeUndefined();
    expect((got[2] as Odd).own).toBeUndefined();
    expect(text(await t.invoke('{"toString":"a","constructor":"b","odd":{"valueOf":"c","hasOwnProperty":"d"}}'))).toBe('ok');
    expect(got[0]).toBe('a');
    expect(got[1]).toBe('b');
    expect((got[2] as Odd).shown).toBe('c');
    expect((got[2] as Odd).own).toBe('d');
    expect(text(await t.invoke('{"toString":{"a":1}}'))).toBe("Argument 'toString' must be a string.");
  });
});

function formatPathForKey(path: readonly (string | number)[], key: string): string {
  return showPath(path, key);
}

function hydratedHolder(path: readonly (string | number)[]): object {
  const [order, counts, tally, extra, bag] = received as [Order, Record<string, number>, Map<string, number>, unknown, Set<unknown>];
  const first = path[0];
  if (first === 'counts') return counts;
  if (first === 'tally') return tally;
  if (first === 'bag') return [...bag][0] as object;
  if (first === 'extra') return holderAt({ extra } as Record<string, unknown>, path);
  const rest = path.slice(1);
  if (rest[0] === 'byLabel') return holderAt({ byLabel: order.byLabel } as Record<string, unknown>, rest);
  return holderAt({ meta: order.meta } as Record<string, unknown>, rest);
}

// ---- hostile parsed objects -------------------------------------------------------------------

describe('hostile parsed objects: always a result, never a throw', () => {
  it('a getter that throws, a Proxy that throws, a cycle', async () => {
    const getter = valid();
    Object.defineProperty(getter, 'extra', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(text(await shop.invoke(getter))).toBe("Tool 'place' failed: Error: boom");
    const proxy = new Proxy(valid(), {
      ownKeys: () => {
        throw new TypeError('no keys');
      },
    });
    expect((await shop.invoke(proxy)).isError).toBe(true);
    const cyclic = valid();
    (cyclic.extra as Record<string, unknown>).self = cyclic.extra;
    expect(text(await shop.invoke(cyclic))).toBe('Arguments are nested too deeply: the limit is 256 levels of arrays and objects.');
    const closedCycle = valid();
    const line = (closedCycle.order as { lines: Record<string, unknown>[] }).lines[0]!;
    line.self = line;
    // The depth of a parsed object is measured before anything walks it, closed places included.
    expect(text(await shop.invoke(closedCycle))).toBe('Arguments are nested too deeply: the limit is 256 levels of arrays and objects.');
  });

  it('code-like strings are data: nothing is evaluated', async () => {
    const r = await shop.invoke({
      order: { customer: "constructor.constructor('return process')().exit(1)", lines: [] },
      extra: { $ref: 'http://example.com/schema', toString: '() => 1', valueOf: 'process.exit(1)' },
    });
    expect(text(r)).toBe('placed');
    expect((received[0] as Order).customer).toBe("constructor.constructor('return process')().exit(1)");
    expect(received[3]).toEqual({ $ref: 'http://example.com/schema', toString: '() => 1', valueOf: 'process.exit(1)' });
  });
});

// ---- patterns -----------------------------------------------------------------------------------

function definitionError(build: () => unknown): ToolDefinitionError {
  try {
    build();
  } catch (e) {
    if (e instanceof ToolDefinitionError) return e;
    throw e;
  }
  throw new Error('expected a ToolDefinitionError');
}

describe('patterns', () => {
  it.each([
    ['a string that does not compile in u mode', '\\-x'],
    ['a lone brace, fine without u', 'a{'],
    ['a RegExp with flags', /^[a-z]+$/i],
  ])('@Param({ pattern }): %s is OLT015 at definition time', (_, pattern) => {
    const e = definitionError(() =>
      Tool.create(
        function code(_c: string) {
          return 'x';
        },
        { params: [{ name: 'c', type: String, pattern }] },
      ),
    );
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain('does not compile in Unicode (u) mode');
  });

  it('@Matches that cannot be written: kept out of the schema with a warning, still enforced at call time', async () => {
    class Label {
      @Matches(/^[a-z]+$/i) name!: string;
      @Matches('\\-x') dash!: string;
    }
    const t = Tool.create(
      function label(l: Label) {
        return l.name;
      },
      { params: { l: Label } },
    );
    expect(JSON.stringify(t.inputSchema)).not.toContain('pattern');
    expect(t.warnings).toEqual([
      'pattern /^[a-z]+$/i is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.',
      'pattern /\\-x/ is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.',
    ]);
    expect(text(await t.invoke({ l: { name: 'AbC', dash: '-x' } }))).toBe('AbC');
    expect(text(await t.invoke({ l: { name: 'a1', dash: 'x' } }))).toBe(
      ["Argument 'l.name' must match /^[a-z]+$/i regular expression.", "Argument 'l.dash' must match \\-x regular expression."].join('\n'),
    );
  });
});

// ---- ReDoS --------------------------------------------------------------------------------------

describe('regular-expression denial of service: the stance', () => {
  // `^(a+)+$` backtracks exponentially on 'aaa…a!': about 2^n steps for n letters (25 letters take
  // about a second on this machine, 40 would take days).
  const CATASTROPHIC = '^(a+)+$';

  it('a pattern with nested quantifiers needs no warning: it runs on RE2, in linear time (issue 15)', () => {
    const open = Tool.create(
      function slug(_s: string) {
        return 'x';
      },
      { params: [{ name: 's', type: String, pattern: CATASTROPHIC }] },
    );
    expect(open.warnings).toEqual([]);
  });

  it('a pattern is tested only on strings within maxLength: a catastrophic pattern on a long string is refused by its length, in linear time', async () => {
    const t = Tool.create(
      function slug(s: string) {
        return s;
      },
      { params: [{ name: 's', type: String, pattern: CATASTROPHIC, maxLength: 16 }] },
    );
    const hostile = (length: number) => ({ s: `${'a'.repeat(length)}!` });
    for (const length of [17, 64, 100_000, 3_000_000]) {
      expect(text(await t.invoke(hostile(length)))).toBe("Argument 's' must be at most 16 characters long.");
    }
    // From 30,000 letters to 3,000,000 the refusal grows as a linear pass does (helpers/growth.ts).
    expect(await growthOverLinear((args) => t.invoke(args), hostile, 3_000_000)).toBeLessThan(LINEAR);
    // Within the bound the pattern runs: 16 letters and a '!' is the slowest such string (2^15 steps
    // on a backtracking engine, which would still finish).
    expect(text(await t.invoke({ s: `${'a'.repeat(15)}!` }))).toBe("Argument 's' must match the pattern ^(a+)+$.");
    expect(text(await t.invoke('{"s":"aaaa"}'))).toBe('aaaa');
  });

  it('a DTO property: @MaxLength bounds a @Matches pattern, whether the schema or class-validator runs it', async () => {
    class Slug {
      @MaxLength(16) @Matches(/^(a+)+$/) written!: string;
      @MaxLength(16) @Matches(/^(a+)+$/i) flagged!: string;
    }
    const t = Tool.create(
      function slug(s: Slug) {
        return s.written;
      },
      { params: { s: Slug } },
    );
    const hostile = (length: number) => {
      const long = `${'a'.repeat(length)}!`;
      return { s: { written: long, flagged: long } };
    };
    // On a backtracking engine, 2^1,000,000 steps: the call returns only because no pattern runs.
    expect(text(await t.invoke(hostile(1_000_000)))).toBe(
      "Argument 's.written' must be at most 16 characters long.\nArgument 's.flagged' must be at most 16 characters long.",
    );
    expect(await growthOverLinear((args) => t.invoke(args), hostile, 1_000_000)).toBeLessThan(LINEAR);
    expect(text(await t.invoke({ s: { written: 'aa', flagged: 'AA' } }))).toBe('aa');
  });

  it("the library's own checks are linear: half-Mi-character hostile strings for every format, each growing as a linear pass does", async () => {
    const t = Tool.create(
      function formats(_at: Date, _site: URL, _id: string, _mail: string, _bytes: Uint8Array, _c: string) {
        return 'x';
      },
      {
        params: [
          { name: 'at', type: Date },
          { name: 'site', type: URL },
          { name: 'id', type: Uuid },
          { name: 'mail', type: String, format: 'email' },
          { name: 'bytes', type: Uint8Array },
          { name: 'c', type: Char },
        ],
      },
    );
    const hostile = (n: number) => ({
      at: `2026-12-02T10:00:00.${'9'.repeat(n)}`,
      site: `http://${'a'.repeat(n)}@`,
      id: `${'0'.repeat(n)}`,
      mail: `${'a.'.repeat(n / 2)}@`,
      bytes: `${'A'.repeat(n)}=`,
      c: 'x'.repeat(n),
    });
    const mib = 512 * 1024;
    expect(text(await t.invoke(JSON.stringify(hostile(mib)))).split('\n')).toHaveLength(6);
    // Each field alone (so that one slow check is not hidden behind five fast ones), as text, from a
    // hundredth of 512 Ki characters to 512 Ki: the cost grows as a linear pass does (helpers/growth.ts).
    const valid = {
      at: '2026-12-02T10:00:00Z',
      site: 'https://example.com/',
      id: '123e4567-e89b-12d3-a456-426614174000',
      mail: 'a@b.co',
      bytes: 'AA==',
      c: 'x',
    };
    expect(text(await t.invoke(valid))).toBe('x');
    for (const key of Object.keys(valid) as (keyof typeof valid)[]) {
      const one = (n: number) => JSON.stringify({ ...valid, [key]: hostile(n)[key] });
      expect(text(await t.invoke(one(mib))).split('\n')).toHaveLength(1);
      expect(await growthOverLinear((args) => t.invoke(args), one, mib)).toBeLessThan(LINEAR);
    }
  });
});

// ---- numbers, strings, base64, dates ------------------------------------------------------------

describe('hostile values', () => {
  let got: unknown[] = [];
  const t = Tool.create(
    function values(ratio?: number, count?: number, id?: bigint, uid?: bigint, name?: string, ch?: string, blob?: Uint8Array, at?: Date) {
      got = [ratio, count, id, uid, name, ch, blob, at];
      return 'ok';
    },
    {
      params: {
        ratio: { type: Number, optional: true },
        count: { type: Int32, optional: true },
        id: { type: Int64, optional: true },
        uid: { type: UInt64, optional: true },
        name: { type: String, optional: true },
        ch: { type: Char, optional: true },
        blob: { type: Uint8Array, optional: true },
        at: { type: Date, optional: true },
      },
    },
  );
  const run = async (args: string | object): Promise<string> => {
    got = [];
    return text(await t.invoke(args));
  };

  it.each([
    ['"NaN"', 'ratio', "Argument 'ratio' must be a number."],
    ['"Infinity"', 'ratio', "Argument 'ratio' must be a number."],
    ['"-Infinity"', 'count', "Argument 'count' must be an integer from -2147483648 to 2147483647."],
    ['"1e400"', 'id', "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807."],
    ['"0x10"', 'count', "Argument 'count' must be an integer from -2147483648 to 2147483647."],
    ['1e400', 'ratio', "Argument 'ratio' must be a number."],
    ['-1e400', 'count', "Argument 'count' must be an integer from -2147483648 to 2147483647."],
    ['1e400', 'id', "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807."],
    [
      '9.2e18',
      'id',
      "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807, written in digits only: beyond ±9007199254740991 a fraction or an exponent cannot be read exactly.",
    ],
    ['1.5', 'count', "Argument 'count' must be an integer from -2147483648 to 2147483647."],
    ['2147483648', 'count', "Argument 'count' must be an integer from -2147483648 to 2147483647."],
    ['9223372036854775808', 'id', "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807."],
    ['-1', 'uid', "Argument 'uid' must be an integer from 0 to 18446744073709551615."],
    ['18446744073709551616', 'uid', "Argument 'uid' must be an integer from 0 to 18446744073709551615."],
  ])('%s for %s (JSON text) is refused', async (literal, name, line) => {
    expect(await run(`{"${name}":${literal}}`)).toBe(line);
    expect(got).toEqual([]);
  });

  it('-0 passes as -0 to a number, as 0n to a bigint', async () => {
    expect(await run('{"ratio":-0,"count":-0,"id":-0}')).toBe('ok');
    expect(Object.is(got[0], -0)).toBe(true);
    expect(got[1] === 0).toBe(true);
    expect(got[2]).toBe(0n);
    expect(await run({ ratio: -0, id: -0 })).toBe('ok');
    expect(Object.is(got[0], -0)).toBe(true);
    expect(got[2]).toBe(0n);
  });

  it('2^53 + 1 for a bigint: exact from JSON text, refused from a parsed object (its digits are already lost)', async () => {
    expect(await run('{"id":9007199254740993,"uid":18446744073709551615}')).toBe('ok');
    expect(got[2]).toBe(9007199254740993n);
    expect(got[3]).toBe(18446744073709551615n);
    expect(await run({ id: 2 ** 53 + 1 })).toBe(
      "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807, given exactly: a number beyond ±9007199254740991 has lost its digits. Send the arguments as JSON text.",
    );
    expect(await run({ id: 9007199254740991 })).toBe('ok');
    expect(got[2]).toBe(9007199254740991n);
    expect(await run({ id: 2n ** 62n })).toBe('ok');
    expect(got[2]).toBe(2n ** 62n);
    expect(await run({ id: 2n ** 63n })).toBe("Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807.");
  });

  it('NaN and ±Infinity in a parsed object are refused everywhere', async () => {
    for (const v of [NaN, Infinity, -Infinity]) {
      expect(await run({ ratio: v, count: v, id: v })).toBe(
        [
          "Argument 'ratio' must be a number.",
          "Argument 'count' must be an integer from -2147483648 to 2147483647.",
          "Argument 'id' must be an integer from -9223372036854775808 to 9223372036854775807.",
        ].join('\n'),
      );
    }
  });

  it('lone surrogates and NUL pass exactly as sent (a Char is one code point); error text stays well-formed', async () => {
    for (const s of ['\ud800', '\udfff', 'a\ud800b', '\u0000', 'x\u0000y', '\ud83d\ude00']) {
      expect(await run(JSON.stringify({ name: s }))).toBe('ok');
      expect(got[4]).toBe(s);
      expect(await run({ name: s })).toBe('ok');
      expect(got[4]).toBe(s);
    }
    // A raw lone surrogate in the text (not escaped) is read too.
    expect(await run('{"name":"\ud800"}')).toBe('ok');
    expect(got[4]).toBe('\ud800');
    for (const c of ['\ud800', '\u0000', '\ud83d\ude00']) {
      expect(await run({ ch: c })).toBe('ok');
      expect(got[5]).toBe(c);
    }
    expect(await run({ ch: '\ud800\ud800' })).toBe("Argument 'ch' must be exactly 1 character long.");
    // A raw NUL in the text is not JSON: one line that shows it as U+0000.
    expect(await run('{"name":"\u0000"}')).toBe(
      'Arguments are not valid JSON: unexpected character U+0000 in a string (control characters must be escaped) at position 9.',
    );
    // Hostile keys are quoted as JSON in the line: no lone surrogate or control character reaches the text.
    const line = await run('{"\\ud800\\u0000\\u001b[31m":1}');
    expect(line).toBe("Argument '[\"\\ud800\\u0000\\u001b[31m\"]' is not a parameter of tool 'values'.");
    expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(line)).toBe(false);
    expect(/[\u0000-\u0009\u000b-\u001f]/.test(line)).toBe(false); // eslint-disable-line no-control-regex
  });

  it.each(['QQ=', 'QQ', 'Q===', '====', 'QR==', 'QUI=QUI=', 'QQ==QQ==', 'QU I=', ' QUI=', 'QUI=\n', 'QUJD-_==', 'QUJ\u0000', '\u00e9\u00e9=='])(
    'base64 %j is refused',
    async (blob) => {
      expect(await run({ blob })).toBe("Argument 'blob' must be base64 (standard alphabet, padded).");
    },
  );

  it('canonical base64 decodes exactly', async () => {
    expect(await run({ blob: 'QUI=' })).toBe('ok');
    expect([...(got[6] as Uint8Array)]).toEqual([65, 66]);
    expect(await run({ blob: '' })).toBe('ok');
    expect((got[6] as Uint8Array).length).toBe(0);
  });

  it.each([
    '2026-02-30T10:00:00Z',
    '2023-02-29T10:00:00Z',
    '2026-12-02T23:59:60Z',
    '2026-12-02T24:00:00Z',
    '2026-12-02 10:00:00Z',
    '2026-12-02T10:00:00',
    '2026-12-02T10:00:00+01',
    '+002026-12-02T10:00:00Z',
    '2026-12-02T10:00:00Z\u0000',
    'NaN',
    '1767261600000',
  ])('date-time %j is refused', async (at) => {
    expect(await run({ at })).toBe("Argument 'at' must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z.");
  });

  it('a leap day and an offset convert to the instant', async () => {
    expect(await run({ at: '2024-02-29T23:30:00-01:00' })).toBe('ok');
    expect((got[7] as Date).toISOString()).toBe('2024-03-01T00:30:00.000Z');
  });
});

// ---- bounded error output -----------------------------------------------------------------------

describe('error output is bounded whatever the input', () => {
  it('9,000 wrong items, 9,000 unknown keys, a 1 Mi-character key: at most 101 lines of bounded length; 100,000 wrong items: one line (issue 15)', async () => {
    const t = Tool.create(
      function ints(xs: number[]) {
        return xs.length;
      },
      { params: { xs: { type: () => [Int32] } } },
    );
    const many = await t.invoke({ xs: Array.from({ length: 9_000 }, () => 'x') });
    expect(text(many).split('\n')).toHaveLength(101);
    expect(text(many).split('\n')[100]).toBe('(8900 more problems not shown.)');
    // Beyond ArgumentLimits.maxMembers (20,000) a refusal is not examined problem by problem.
    expect(text(await t.invoke({ xs: Array.from({ length: 100_000 }, () => 'x') }))).toBe(
      'Arguments have too many keys and array elements to check: the limit is 20000 in all. Send only the parameters of the tool.',
    );
    const keys: Record<string, number> = { xs: 1 };
    for (let i = 0; i < 9_000; i++) keys[`k${i}`] = i;
    const unknown = text(await t.invoke(keys));
    expect(unknown.split('\n')).toHaveLength(101);
    const long = text(await t.invoke({ xs: [], ['k'.repeat(1024 * 1024)]: 1 }));
    expect(long).toBe(`Argument '["${'k'.repeat(64)}…"]' is not a parameter of tool 'ints'.`);
    for (const r of [text(many), unknown, long]) expect(r.length).toBeLessThan(20_000);
  });
});
