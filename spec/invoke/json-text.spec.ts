import fc from 'fast-check';
import { DEFAULT_LIMITS, measureDepth, parseArgumentText, type ArgumentTextResult } from '../../lib/invoke/arguments/json-text';

const SEED = 20_261_202;
const RUNS = { numRuns: 1000, seed: SEED };
const KEEP = { keepBigIntegers: true };
const FAST = { keepBigIntegers: false };

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(Object.getPrototypeOf([])).toBe(Array.prototype);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});

/** Same JSON value, strictly: -0 is not 0, key order counts, prototypes must match. */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length) return false;
  for (let k = 0; k < ka.length; k++) {
    if (ka[k] !== kb[k]) return false;
    const da = Object.getOwnPropertyDescriptor(a, ka[k]!)!;
    const db = Object.getOwnPropertyDescriptor(b, kb[k]!)!;
    if (da.enumerable !== db.enumerable || da.writable !== db.writable || da.configurable !== db.configurable) return false;
    if (!sameJson(da.value, db.value)) return false;
  }
  return true;
}

function ok(result: ArgumentTextResult): { value: unknown; bigIntegers?: Map<string, string> } {
  if (!result.ok) throw new Error(`expected success, got: ${result.message}`);
  return result;
}

function message(result: ArgumentTextResult): string {
  if (result.ok) throw new Error('expected a failure');
  return result.message;
}

/**
 * An independent oracle for big integers: number tokens (strings skipped by a tokenizing pattern)
 * are replaced by unique string markers, JSON.parse places them, and their pointers are read off.
 */
function expectedBigIntegers(text: string): Map<string, string> {
  const marker = '\u0000big-7f3a:';
  const literals: string[] = [];
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/.test(token)) return token;
    if (BigInt(token) <= BigInt(Number.MAX_SAFE_INTEGER) && BigInt(token) >= -BigInt(Number.MAX_SAFE_INTEGER)) return token;
    literals.push(token);
    return JSON.stringify(marker + (literals.length - 1));
  });
  const found = new Map<string, string>();
  const walk = (value: unknown, pointer: string): void => {
    if (typeof value === 'string' && value.startsWith(marker)) found.set(pointer, literals[Number(value.slice(marker.length))]!);
    if (typeof value !== 'object' || value === null) return;
    for (const key of Object.keys(value)) {
      walk((value as Record<string, unknown>)[key], `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(JSON.parse(marked), '');
  return found;
}

const sortedEntries = (m: Map<string, string> | undefined) => [...(m ?? new Map<string, string>())].sort();

// JSON text built from pieces, so that it can hold what JSON.stringify never writes: duplicate
// keys, `__proto__` keys, big integer literals, exponents, -0 and varied whitespace.
const whitespace = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');
const keyText = fc
  .oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a', 'b', '0', '1', '~/', 'x/y~z', ''),
    fc.string({ unit: 'binary', maxLength: 6 }),
  )
  .map((k) => JSON.stringify(k));
const numberText = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom(
    '9007199254740991',
    '-9007199254740991',
    '9007199254740992',
    '-9007199254740992',
    '9007199254740993',
    '18446744073709551615',
    '-9223372036854775808',
    '0',
    '-0',
    '-0.0',
    '1e400',
    '-1E-400',
    '1.5e300',
    '0.1',
    '123456789012345.6',
    '1234567890123456.7',
    '5e-324',
    '1.7976931348623157e308',
    '12345678901234567890e0',
    '100e-2',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.integer().map(String),
);
const jsonText: fc.Arbitrary<string> = fc.letrec<{ node: string; leaf: string; arr: string; obj: string }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', maxDepth: 5 }, tie('leaf'), tie('arr'), tie('obj')),
  leaf: fc.oneof(
    numberText,
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
    fc.constantFrom('"1234567890123456789"', '"a\\"b\\\\c\\/\\u0041\\ud800"', 'true', 'false', 'null'),
  ),
  arr: fc.tuple(fc.array(tie('node'), { maxLength: 5 }), whitespace).map(([xs, w]) => `[${w}${xs.join(`${w},${w}`)}${w}]`),
  obj: fc
    .tuple(fc.array(fc.tuple(keyText, tie('node')), { maxLength: 5 }), whitespace)
    .map(([es, w]) => `{${w}${es.map(([k, v]) => `${k}${w}:${w}${v}`).join(`,${w}`)}${w}}`),
})).node;

describe('parseArgumentText: limits and messages', () => {
  it.each(['', ' ', '\n\t\r '])('says empty text %j is empty', (text) => {
    for (const options of [KEEP, FAST]) {
      expect(message(parseArgumentText(text, DEFAULT_LIMITS, options))).toBe('Arguments are empty: a JSON object is expected, like {}.');
    }
  });

  it('refuses text over the length limit, naming the limit', () => {
    const limits = { maxTextLength: 10, maxDepth: 8 };
    expect(ok(parseArgumentText('{"a":"bc"}', limits, KEEP)).value).toEqual({ a: 'bc' });
    for (const options of [KEEP, FAST]) {
      expect(message(parseArgumentText('{"a":"bcd"}', limits, options))).toBe('Arguments are too long: 11 characters, the limit is 10.');
    }
  });

  it('accepts a 1 MB string argument by default', () => {
    const text = JSON.stringify({ text: 'é'.repeat(1_000_000), n: 1 });
    for (const options of [KEEP, FAST]) {
      const value = ok(parseArgumentText(text, DEFAULT_LIMITS, options)).value as { text: string };
      expect(value.text.length).toBe(1_000_000);
    }
    expect(DEFAULT_LIMITS).toEqual({ maxTextLength: 4 * 1024 * 1024, maxDepth: 256, maxMembers: 20_000 });
    expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
  });

  it('accepts exactly maxDepth levels and refuses one more, naming the limit', () => {
    const nest = (levels: number) => '{"a":'.repeat(levels - 1) + '[]' + '}'.repeat(levels - 1);
    for (const options of [KEEP, FAST]) {
      expect(parseArgumentText(nest(256), DEFAULT_LIMITS, options).ok).toBe(true);
      expect(message(parseArgumentText(nest(257), DEFAULT_LIMITS, options))).toBe(
        'Arguments are nested too deeply: the limit is 256 levels of arrays and objects.',
      );
    }
  });

  it('refuses 10,000-level nesting, even when malformed, without building it', () => {
    const texts = ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000), '[1,}' + '['.repeat(10_000)];
    for (const text of texts) {
      for (const options of [KEEP, FAST]) {
        expect(message(parseArgumentText(text, DEFAULT_LIMITS, options))).toMatch(/^Arguments are nested too deeply: the limit is 256 /);
      }
    }
  });

  it('does not count brackets inside strings', () => {
    const text = JSON.stringify({ s: '[[[[{{{{'.repeat(100), t: '\\"[[[[' });
    for (const options of [KEEP, FAST]) expect(parseArgumentText(text, { maxTextLength: 10_000, maxDepth: 1 }, options).ok).toBe(true);
  });

  it('scans 100,000 levels iteratively when the limit allows it', () => {
    const depth = 100_000;
    const text = '['.repeat(depth) + '12345678901234567890' + ']'.repeat(depth);
    const result = ok(parseArgumentText(text, { maxTextLength: 1e7, maxDepth: depth }, KEEP));
    expect(result.bigIntegers?.get('/0'.repeat(depth))).toBe('12345678901234567890');
    expect(measureDepth(result.value, depth)).toBe(true);
    expect(measureDepth(result.value, depth - 1)).toBe(false);
  });

  it.each([
    ['{', "unexpected end of text, expected a property name in double quotes or '}' at position 1"],
    ['{"a":}', "unexpected character '}', expected a JSON value (an object, array, string, number, true, false or null) at position 5"],
    ['{"a":1,}', "unexpected character '}', expected a property name in double quotes at position 7"],
    ['{"a" 1}', "unexpected character '1', expected ':' after the property name at position 5"],
    ['{"a":1 "b":2}', "unexpected character '\"', expected ',' or '}' at position 7"],
    ['[1,2', "unexpected end of text, expected ',' or ']' at position 4"],
    ['[1 2]', "unexpected character '2', expected ',' or ']' at position 3"],
    ['{a:1}', "unexpected character 'a', expected a property name in double quotes or '}' at position 1"],
    ["{'a':1}", "unexpected character ''', expected a property name in double quotes or '}' at position 1"],
    ['{"a":"b', 'unterminated string at position 7'],
    ['{"a":"\\q"}', "bad escape: backslash before 'q' at position 7"],
    ['{"a":"\\\n"}', 'bad escape: backslash before U+000A at position 7'],
    ['{"a":"\\u12G4"}', 'bad \\u escape: four hex digits are expected at position 10'],
    ['{"a":"x\ny"}', 'unexpected character U+000A in a string (control characters must be escaped) at position 7'],
    ['{"a":1} x', "unexpected character 'x', expected nothing after the JSON value at position 8"],
    ['{"a":01}', "unexpected character '1', expected ',' or '}' at position 6"],
    ['{"a":-}', "unexpected character '}', expected a digit at position 6"],
    ['{"a":1.}', "unexpected character '}', expected a digit after the decimal point at position 7"],
    ['{"a":1e+}', "unexpected character '}', expected a digit in the exponent at position 8"],
    ['{"a":+1}', "unexpected character '+', expected a JSON value (an object, array, string, number, true, false or null) at position 5"],
    ['{"a":tru}', "unexpected character 't', expected a JSON value (an object, array, string, number, true, false or null) at position 5"],
    ['{"a":NaN}', "unexpected character 'N', expected a JSON value (an object, array, string, number, true, false or null) at position 5"],
    ['\u00a0{}', 'unexpected character U+00A0, expected a JSON value (an object, array, string, number, true, false or null) at position 0'],
    ['{"a":1}\u0000', 'unexpected character U+0000, expected nothing after the JSON value at position 7'],
  ])('explains malformed text %j in one line', (text, reason) => {
    for (const options of [KEEP, FAST]) {
      expect(message(parseArgumentText(text, DEFAULT_LIMITS, options))).toBe(`Arguments are not valid JSON: ${reason}.`);
    }
  });
});

describe('parseArgumentText: values', () => {
  it.each([
    '{}',
    '[]',
    'null',
    '"text"',
    ' {"a" : [1, 2.5, -0, 1e3, true, false, null, "x"] } ',
    '{"__proto__":{"polluted":true},"a":1}',
    '{"a":{"__proto__":[1]},"constructor":{"prototype":{"polluted":1}}}',
    '{"b":1,"a":2,"b":3}',
    '{"2":1,"1":2,"b":3,"a":4,"__proto__":5,"__proto__":6}',
    '{"a":"\\ud800\\udc00\\udfff\\u0000\\"\\\\\\/\\b\\f\\n\\r\\t"}',
    '[9007199254740993, -9007199254740993, 1e400, -1e400, 5e-324, 123456789012345678901234567890]',
    '"\u2028\u2029"',
  ])('gives what JSON.parse gives for %j', (text) => {
    for (const options of [KEEP, FAST]) {
      const { value } = ok(parseArgumentText(text, DEFAULT_LIMITS, options));
      expect(sameJson(value, JSON.parse(text))).toBe(true);
    }
  });

  it('keeps __proto__ as an own data property and never sets a prototype', () => {
    const value = ok(parseArgumentText('{"__proto__":{"polluted":true},"x":{"__proto__":null}}', DEFAULT_LIMITS, KEEP)).value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')).toEqual({ value: { polluted: true }, writable: true, enumerable: true, configurable: true });
    expect(value['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(value['x'])).toBe(Object.prototype);
  });

  it('records each unsafe integer literal at its JSON Pointer', () => {
    const text =
      '{"items":[{"qty":1},{"qty":2},{"qty":12345678901234567890}],"a/b":{"m~n":-9007199254740993},"safe":9007199254740991,"f":12345678901234567890.0,"e":1e20,"s":"12345678901234567890"}';
    const result = ok(parseArgumentText(text, DEFAULT_LIMITS, KEEP));
    expect([...result.bigIntegers!]).toEqual([
      ['/items/2/qty', '12345678901234567890'],
      ['/a~1b/m~0n', '-9007199254740993'],
    ]);
    expect(ok(parseArgumentText(text, DEFAULT_LIMITS, FAST)).bigIntegers).toBeUndefined();
  });

  it.each([
    ['9007199254740992', [['', '9007199254740992']]],
    ['9007199254740991', []],
    ['-9007199254740991', []],
    ['{"a":9007199254740993,"a":1}', []],
    ['{"a":1,"a":9007199254740993}', [['/a', '9007199254740993']]],
    ['{"a":{"b":99999999999999999999},"a":2}', []],
    ['{"a":{"b":99999999999999999999},"a":{"c":88888888888888888888}}', [['/a/c', '88888888888888888888']]],
    ['{"a":[{"b":99999999999999999999}],"z":1,"a":[0,{"b":77777777777777777777}]}', [['/a/1/b', '77777777777777777777']]],
    ['{"a":99999999999999999999,"b":1,"a":88888888888888888888}', [['/a', '88888888888888888888']]],
    ['{"__proto__":{"x":[11111111111111111111]}}', [['/__proto__/x/0', '11111111111111111111']]],
    ['{"":{"":22222222222222222222}}', [['//', '22222222222222222222']]],
  ])('handles big integers in %j', (text, expected) => {
    expect([...ok(parseArgumentText(text, DEFAULT_LIMITS, KEEP)).bigIntegers!]).toEqual(expected);
    expect(sortedEntries(expectedBigIntegers(text))).toEqual([...expected].sort());
  });

  it('equals JSON.parse for arbitrary JSON values, and records every big integer at its pointer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          jsonText,
        ),
        (text) => {
          const expected = JSON.parse(text) as unknown;
          const kept = ok(parseArgumentText(text, DEFAULT_LIMITS, KEEP));
          expect(sameJson(kept.value, expected)).toBe(true);
          expect(sortedEntries(kept.bigIntegers)).toEqual(sortedEntries(expectedBigIntegers(text)));
          expect(sameJson(ok(parseArgumentText(text, DEFAULT_LIMITS, FAST)).value, expected)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('never throws for arbitrary text, and fails exactly when JSON.parse fails', () => {
    const mutated = fc
      .tuple(jsonText, fc.nat(), fc.constantFrom('', '"', '\\', '{', '}', '[', ']', ',', ':', '1', '-', 'e', '.', '\n', '\u0000', '\ud800'), fc.nat(2))
      .map(([text, at, insert, drop]) => {
        const p = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, p) + insert + text.slice(p + drop);
      });
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.constantFrom(...'{}[]":,1-e. \\tn'.split('')), maxLength: 30 }), mutated),
        (text) => {
          let expected: unknown;
          let valid = true;
          try {
            expected = JSON.parse(text);
          } catch {
            valid = false;
          }
          for (const options of [KEEP, FAST]) {
            const result = parseArgumentText(text, DEFAULT_LIMITS, options);
            if (valid) {
              expect(sameJson(ok(result).value, expected)).toBe(true);
            } else {
              expect(message(result)).toMatch(/^Arguments are (not valid JSON: .+ at position \d+\.|empty: )/);
              expect(message(result)).not.toContain('\n');
            }
          }
        },
      ),
      RUNS,
    );
  });
});

describe('measureDepth', () => {
  it.each([
    [null, 0],
    [1, 0],
    ['s', 0],
    [{}, 1],
    [[], 1],
    [{ a: [1, { b: 2 }] }, 3],
    [[[[[]]]], 4],
    [{ a: new Uint8Array(10), b: new Date() }, 2],
    [new Map([['a', [{}]]]), 3],
    [new Set([[[]]]), 3],
  ])('measures %p as %d deep', (value, depth) => {
    expect(measureDepth(value, depth)).toBe(true);
    if (depth > 0) expect(measureDepth(value, depth - 1)).toBe(false);
  });

  it('reports a cycle as too deep', () => {
    const a: Record<string, unknown> = {};
    a['self'] = a;
    expect(measureDepth(a, 1_000)).toBe(false);
    const b: unknown[] = [1, [2, [3]]];
    ((b[1] as unknown[])[1] as unknown[]).push(b);
    expect(measureDepth(b, 1_000)).toBe(false);
  });

  it('visits shared sub-objects once (a DAG with 2^60 paths is measured at all)', () => {
    // Walking every path would be 2^60 visits: the test would not finish. No clock needed.
    let node: unknown = { leaf: true };
    for (let k = 0; k < 60; k++) node = [node, node];
    expect(measureDepth(node, 61)).toBe(true);
    expect(measureDepth(node, 60)).toBe(false);
  });

  it('counts a shared sub-object at its deepest place', () => {
    const shared = { x: { y: {} } };
    const value = { a: shared, b: { c: { d: shared } } };
    expect(measureDepth(value, 6)).toBe(true);
    expect(measureDepth(value, 5)).toBe(false);
  });

  it('is iterative: a 1,000,000-level chain does not overflow the stack', () => {
    let chain: unknown = [];
    for (let k = 0; k < 1_000_000; k++) chain = [chain];
    expect(measureDepth(chain, 256)).toBe(false);
    expect(measureDepth(chain, 2_000_000)).toBe(true);
  });

  it('agrees with the text limit for parsed JSON', () => {
    fc.assert(
      fc.property(jsonText, fc.integer({ min: 0, max: 6 }), (text, max) => {
        const limits = { maxTextLength: DEFAULT_LIMITS.maxTextLength, maxDepth: max };
        // A duplicate key can drop a deeper value, so the text may be deeper than its value;
        // the value's own text (no duplicates) has exactly the value's depth.
        const value = JSON.parse(text) as unknown;
        const within = measureDepth(value, max);
        if (parseArgumentText(text, limits, FAST).ok) expect(within).toBe(true);
        expect(within).toBe(parseArgumentText(JSON.stringify(value), limits, FAST).ok);
      }),
      RUNS,
    );
  });
});
