import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import {
  addStrictFormats,
  decodeBase64,
  encodeBase64,
  FORMAT_CHECKERS,
  FORMAT_MESSAGES,
  parseDate,
  parseDateTime,
  parseDuration,
  parseEmail,
  parseHostname,
  parseIpv4,
  parseIpv6,
  parseUriReference,
  parseTime,
  parseTimeSpan,
  parseUri,
  parseUuid,
} from '../../lib/invoke/arguments/formats';
import { growthOverLinear, LINEAR } from '../helpers/growth';

const SEED = 20_261_202;
const RUNS = { numRuns: 1000, seed: SEED };

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
});

// Stock ajv-formats (full mode), the independent validator: what we accept, it must accept too.
const stock = new Ajv2020({ validateSchema: false });
addFormats(stock);
const stockAccepts = (format: string, s: string): boolean => stock.validate({ type: 'string', format }, s);

describe('parseDateTime', () => {
  it.each([
    ['2026-12-02T10:00:00Z', '2026-12-02T10:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2000-02-29T12:00:00Z', '2000-02-29T12:00:00.000Z'],
    ['2026-12-02t10:00:00z', '2026-12-02T10:00:00.000Z'],
    ['2026-12-02T10:00:00.5Z', '2026-12-02T10:00:00.500Z'],
    ['2026-12-02T10:00:00.12Z', '2026-12-02T10:00:00.120Z'],
    ['2026-12-02T10:00:00.123456789Z', '2026-12-02T10:00:00.123Z'],
    ['2026-12-02T10:00:00.9999999999999Z', '2026-12-02T10:00:00.999Z'],
    ['2026-12-02T10:00:00+14:00', '2026-12-01T20:00:00.000Z'],
    ['2026-12-02T10:00:00-00:00', '2026-12-02T10:00:00.000Z'],
    ['2026-12-02T10:00:00-12:30', '2026-12-02T22:30:00.000Z'],
    ['2026-12-31T23:30:00-01:00', '2027-01-01T00:30:00.000Z'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
    ['0000-01-01T00:00:00+01:00', '-000001-12-31T23:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['1900-02-28T00:00:00Z', '1900-02-28T00:00:00.000Z'],
    ['0099-06-15T00:00:00Z', '0099-06-15T00:00:00.000Z'],
  ])('accepts %s as %s', (text, iso) => {
    expect(parseDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-02-30T10:00:00Z',
    '2023-02-29T10:00:00Z',
    '1900-02-29T10:00:00Z',
    '2026-04-31T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-00-01T10:00:00Z',
    '2026-12-00T10:00:00Z',
    '2026-12-02T23:59:60Z',
    '2026-12-02T24:00:00Z',
    '2026-12-02T10:60:00Z',
    '2026-12-02T10:00:00',
    '2026-12-02 10:00:00Z',
    '2026-12-02T10:00:00.Z',
    '2026-12-02T10:00:00+24:00',
    '2026-12-02T10:00:00+01:60',
    '2026-12-02T10:00:00+01',
    '2026-12-02T10:00:00+0100',
    '2026-12-02T10:00:00+1:00',
    '2026-12-02T10:00Z',
    '2026-12-2T10:00:00Z',
    '26-12-02T10:00:00Z',
    '+002026-12-02T10:00:00Z',
    '2026-12-02T10:00:00Z ',
    ' 2026-12-02T10:00:00Z',
    '2026-12-02T10:00:00ZZ',
    '2026-12-02T10:00:00,5Z',
    '２０２６-12-02T10:00:00Z',
    '',
  ])('refuses %j', (text) => {
    expect(parseDateTime(text)).toBeUndefined();
  });

  it('returns the same instant for the ISO text of any date in 0000–9999', () => {
    const min = new Date('0000-01-01T00:00:00.000Z');
    const max = new Date('9999-12-31T23:59:59.999Z');
    fc.assert(
      fc.property(fc.date({ min, max, noInvalidDate: true }), (d) => {
        expect(parseDateTime(d.toISOString())?.getTime()).toBe(d.getTime());
      }),
      RUNS,
    );
  });

  it('accepts nothing that stock ajv-formats refuses, and agrees with new Date on what both take', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const text = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two(13),
        two(32),
        fc.constantFrom('T', 't', ' '),
        two(25),
        two(61),
        two(61),
        fc.constantFrom('', '.1', '.123', '.1234567891'),
        fc.constantFrom('Z', 'z', '+14:00', '-00:00', '+23:59', '+24:00', '-05', '+0530', ''),
      )
      .map(([y, mo, d, t, h, mi, s, f, o]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${f}${o}`);
    fc.assert(
      fc.property(text, (s) => {
        const parsed = parseDateTime(s);
        if (parsed === undefined) return;
        expect(stockAccepts('date-time', s)).toBe(true);
        expect(parsed.getTime()).toBe(new Date(s.replace(/(\.\d{3})\d+/, '$1')).getTime());
      }),
      RUNS,
    );
  });
});

describe('parseDate', () => {
  it.each(['2026-12-02', '2024-02-29', '2000-02-29', '0000-02-29', '9999-12-31', '2026-01-31'])('accepts %s', (s) => {
    expect(parseDate(s)).toBe(s);
  });
  it.each([
    '2023-02-29',
    '1900-02-29',
    '2026-02-30',
    '2026-06-31',
    '2026-13-01',
    '2026-00-10',
    '2026-1-01',
    '2026-12-02T00:00:00Z',
    '20261202',
    '2026/12/02',
    ' 2026-12-02',
    '',
  ])('refuses %j', (s) => {
    expect(parseDate(s)).toBeUndefined();
  });
  it('agrees with stock ajv-formats on every yyyy-MM-dd shape', () => {
    const text = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(text, (s) => {
        expect(parseDate(s) !== undefined).toBe(stockAccepts('date', s));
      }),
      RUNS,
    );
  });
});

describe('parseTime', () => {
  it.each(['10:00:00', '00:00:00', '23:59:59', '10:00:00.1', '10:00:00.1234567', '10:00:00Z', '10:00:00z', '10:00:00.5+01:00', '10:00:00-23:59'])(
    'accepts %s',
    (s) => {
      expect(parseTime(s)).toBe(s);
    },
  );
  it.each([
    '23:59:60',
    '23:59:60Z',
    '24:00:00',
    '10:60:00',
    '10:00:60',
    '10:00',
    '10:00:00.',
    '10:00:00.12345678',
    '10:00:00+01',
    '10:00:00+0100',
    '10:00:00+24:00',
    '10:00:00 ',
    '1:00:00',
    'T10:00:00',
    '',
  ])('refuses %j', (s) => {
    expect(parseTime(s)).toBeUndefined();
  });
  it('accepts, when an offset is given, nothing that stock ajv-formats refuses', () => {
    const text = fc
      .tuple(
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
        fc.integer({ min: 0, max: 61 }),
        fc.constantFrom('', '.1', '.1234567', '.12345678'),
        fc.constantFrom('Z', '+01:00', '-23:59', '+24:00', '+01'),
      )
      .map(([h, m, s, f, o]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${f}${o}`);
    fc.assert(
      fc.property(text, (s) => {
        if (parseTime(s) !== undefined) expect(stockAccepts('time', s)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('parseTimeSpan', () => {
  const PATTERN = /^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d{1,7})?$/;

  it.each(['00:00:00', '1.02:03:04', '-1.02:03:04', '23:59:59', '10675199.02:48:05.4775807', '00:00:00.1', '-00:00:00', '0.00:00:00', '123456789012.00:00:00'])(
    'accepts %s',
    (s) => {
      expect(parseTimeSpan(s)).toBe(s);
    },
  );
  it.each([
    '24:00:00',
    '00:60:00',
    '00:00:60',
    '1.24:00:00',
    '1:02:03',
    '1.2:03:04',
    '.01:02:03',
    '1..01:02:03',
    '01:02:03.',
    '01:02:03.12345678',
    '--01:02:03',
    '+01:02:03',
    'P1D',
    '01:02',
    ' 01:02:03',
    '',
  ])('refuses %j', (s) => {
    expect(parseTimeSpan(s)).toBeUndefined();
  });
  it("accepts exactly the contract's pattern, within real hours, minutes and seconds", () => {
    const text = fc.string({ unit: fc.constantFrom('-', '.', ':', '0', '1', '2', '3', '5', '6', '9'), maxLength: 24 });
    const shaped = fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.constantFrom('', '0.', '12.', '1234567.'),
        fc.nat(99),
        fc.nat(99),
        fc.nat(99),
        fc.constantFrom('', '.1', '.1234567', '.12345678', '.'),
      )
      .map(([sign, d, h, m, s, f]) => `${sign}${d}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${f}`);
    fc.assert(
      fc.property(fc.oneof(text, shaped), (s) => {
        const match = PATTERN.test(s);
        const hms = /(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(s);
        const real = hms !== null && Number(hms[1]) <= 23 && Number(hms[2]) <= 59 && Number(hms[3]) <= 59;
        expect(parseTimeSpan(s) !== undefined).toBe(match && real);
      }),
      RUNS,
    );
  });
});

describe('parseUri', () => {
  it.each([
    ['https://example.com/', 'https://example.com/'],
    ['https://example.com/a/b?c=d&e=f#g', 'https://example.com/a/b?c=d&e=f#g'],
    ['HTTP://EXAMPLE.com:8080/x', 'http://example.com:8080/x'],
    ['http://x:65535/', 'http://x:65535/'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['urn:isbn:0451450523', 'urn:isbn:0451450523'],
    ['file:///etc/hosts', 'file:///etc/hosts'],
    ['http://[::1]:8080/a', 'http://[::1]:8080/a'],
    ['https://user:pw@example.com/%20x', 'https://user:pw@example.com/%20x'],
    ['tel:+1-201-555-0123', 'tel:+1-201-555-0123'],
  ])('accepts %s', (s, href) => {
    const url = parseUri(s);
    expect(url).toBeInstanceOf(URL);
    expect(url?.href).toBe(href);
  });
  it.each([
    'http://x:99999/',
    '/a/b',
    'a/b',
    '//example.com/a',
    'example.com',
    'http://exa mple.com/',
    'http://example.com/\n',
    ' http://example.com/',
    'http://example.com/ ',
    'http://example.com/\t',
    'http://example.com/\u0000',
    'https://例え.jp/',
    'http://example.com/%zz',
    'http://example.com/%2',
    'http://example.com/a\\b',
    'http://[::1/',
    'http://a"b/',
    '1http://example.com/',
    ':',
    '',
    'http://example.com/' + 'a'.repeat(70_000),
  ])('refuses %j', (s) => {
    expect(parseUri(s)).toBeUndefined();
  });
  it('accepts nothing that stock ajv-formats or new URL refuses', () => {
    const text = fc
      .tuple(
        fc.constantFrom('http:', 'https:', 'urn:', 'x-y.z+w:', 'mailto:', '1a:', ''),
        fc.string({ unit: fc.constantFrom(...'/:@?#[]%.aZ9-_~!$&\'()*+,;= \\"<>é'.split('')), maxLength: 24 }),
      )
      .map(([scheme, rest]) => scheme + rest);
    fc.assert(
      fc.property(text, (s) => {
        const url = parseUri(s);
        if (url === undefined) return;
        expect(stockAccepts('uri', s)).toBe(true);
        expect(new URL(s).href).toBe(url.href);
      }),
      RUNS,
    );
  });
  // Each hostile string at a hundredth of its size and at its size (up to 60,000 characters, within the
  // 65,536 bound): the cost grows as a linear pass does (helpers/growth.ts), not as a backtracking one.
  it.each([
    ['http://a:a:…[', (n: number) => 'http://' + 'a:'.repeat(n) + '[', 3_000],
    ['a:/a/a…%', (n: number) => 'a:' + '/a'.repeat(n) + '%', 3_000],
    ['http://%aa…@%aa…[', (n: number) => 'http://' + '%aa'.repeat(n) + '@' + '%aa'.repeat(n / 20) + '[', 2_000],
  ])('stays linear on long hostile input: %s', async (_name, hostile, n) => {
    expect(parseUri(hostile(10 * n))).toBeUndefined();
    expect(await growthOverLinear(parseUri, hostile, 10 * n)).toBeLessThan(LINEAR);
  });
});

describe('parseUuid', () => {
  it.each([
    '123e4567-e89b-12d3-a456-426614174000',
    '123E4567-E89B-12D3-A456-426614174000',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ])('accepts %s', (s) => {
    expect(parseUuid(s)).toBe(s);
  });
  it.each([
    'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
    '{123e4567-e89b-12d3-a456-426614174000}',
    '123e4567e89b12d3a456426614174000',
    '123e4567-e89b-12d3-a456-42661417400',
    '123e4567-e89b-12d3-a456-4266141740000',
    '123e4567-e89b-12d3-a456_426614174000',
    '123g4567-e89b-12d3-a456-426614174000',
    ' 123e4567-e89b-12d3-a456-426614174000',
    '',
  ])('refuses %j', (s) => {
    expect(parseUuid(s)).toBeUndefined();
  });
  it('accepts nothing that stock ajv-formats refuses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFg-{}:'.split('')), minLength: 34, maxLength: 38 })), (s) => {
        if (parseUuid(s) !== undefined) expect(stockAccepts('uuid', s)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('parseEmail', () => {
  it.each(['a@b.c', 'ada.lovelace@example.com', "o'brien+tag@mail.example.co.uk", 'x@a-b.io', 'A_Z!#$%&*/=?^`{|}~-@x.y', '1@2.3'])('accepts %s', (s) => {
    expect(parseEmail(s)).toBe(s);
  });
  it.each([
    'a@localhost',
    '@b.c',
    'a@',
    'a',
    'a@@b.c',
    'a@b@c.d',
    '.a@b.c',
    'a.@b.c',
    'a..b@c.d',
    'a b@c.d',
    'a@b .c',
    'a@-b.c',
    'a@b-.c',
    'a@b..c',
    'a@.b.c',
    'a@b.c.',
    'a@b_c.d',
    '"a b"@c.d',
    'a@[127.0.0.1]',
    'é@b.c',
    'a@bé.c',
    'a'.repeat(65) + '@b.c',
    'a@' + 'b'.repeat(64) + '.c',
    'a@' + 'b.'.repeat(130) + 'c',
    '',
  ])('refuses %j', (s) => {
    expect(parseEmail(s)).toBeUndefined();
  });
  it('accepts nothing that stock ajv-formats refuses', () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab9.-_+@ "é'.split('')), maxLength: 16 });
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), text), (s) => {
        if (parseEmail(s) !== undefined) expect(stockAccepts('email', s)).toBe(true);
      }),
      RUNS,
    );
  });
  // Beyond 254 characters an address is refused before any pattern runs: a hundred times the text
  // costs no more than a linear pass over it grows (helpers/growth.ts).
  it.each([
    ['a@a-a-…!', (n: number) => 'a@' + 'a-'.repeat(n) + '!', 10_000],
    ['aaa…', (n: number) => 'a'.repeat(n), 20_000],
  ])('stays linear on long hostile input: %s', async (_name, hostile, n) => {
    expect(parseEmail(hostile(10 * n))).toBeUndefined();
    expect(await growthOverLinear(parseEmail, hostile, 10 * n)).toBeLessThan(LINEAR);
  });
});

describe('decodeBase64 / encodeBase64', () => {
  it.each([
    ['', []],
    ['QQ==', [65]],
    ['QUI=', [65, 66]],
    ['QUJD', [65, 66, 67]],
    ['AAAA', [0, 0, 0]],
    ['+/+/', [0xfb, 0xff, 0xbf]],
    ['//8=', [0xff, 0xff]],
  ])('decodes %j', (s, bytes) => {
    const decoded = decodeBase64(s);
    expect(decoded).toBeInstanceOf(Uint8Array);
    expect([...decoded!]).toEqual(bytes);
    expect(decoded!.byteLength).toBe(decoded!.buffer.byteLength);
  });
  it.each(['QQ=', 'QQ', 'Q', 'QR==', 'QUJ=', 'QQ===', '=QQQ', 'Q=Q=', 'QQ=A', 'Q Q==', 'QQ==\n', ' QQ==', 'QUJD\r\n', '-_-_', 'QUJ*', 'Q\u00e9==', '===='])(
    'refuses %j',
    (s) => {
      expect(decodeBase64(s)).toBeUndefined();
    },
  );
  it('round-trips any bytes, and every accepted string is the canonical encoding of its bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(decodeBase64(text)).toEqual(bytes);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQRgw/+=9 '.split('')), maxLength: 12 }), (s) => {
        const decoded = decodeBase64(s);
        if (decoded !== undefined) expect(encodeBase64(decoded)).toBe(s);
      }),
      RUNS,
    );
  });
  it('encodes a view at an offset', () => {
    const bytes = new Uint8Array([0, 65, 66, 67, 0]).subarray(1, 4);
    expect(encodeBase64(bytes)).toBe('QUJD');
  });
});

describe('FORMAT_CHECKERS and addStrictFormats', () => {
  const ajv = addStrictFormats(new Ajv2020({ validateSchema: false }));
  const accepts = (format: string, s: string): boolean => ajv.validate({ type: 'string', format }, s);

  it.each([
    ['date-time', '2026-12-02T10:00:00Z', true],
    ['date-time', '2026-02-30T10:00:00Z', false],
    ['date-time', '2026-12-02T23:59:60Z', false],
    ['date', '2024-02-29', true],
    ['date', '2023-02-29', false],
    ['time', '10:00:00', true],
    ['time', '23:59:60Z', false],
    ['uri', 'https://example.com/', true],
    ['uri', 'http://x:99999/', false],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', true],
    ['uuid', 'urn:uuid:123e4567-e89b-12d3-a456-426614174000', false],
    ['email', 'a@b.c', true],
    ['email', 'a b@c.d', false],
    ['duration', 'P3DT4H30M', true],
    ['duration', 'PT1.5S', false],
    ['hostname', 'example.com', true],
    ['hostname', 'under_score.example', false],
    ['ipv4', '192.0.2.1', true],
    ['ipv4', '192.0.2.01', false],
    ['ipv6', '2001:db8::1', true],
    ['ipv6', 'fe80::1%eth0', false],
    ['uri-reference', '/a/b?c#d', true],
    ['uri-reference', '/a b', false],
  ])('ajv with the strict formats checks %s %j → %s', (format, s, ok) => {
    expect(accepts(format, s)).toBe(ok);
    expect(FORMAT_CHECKERS[format as keyof typeof FORMAT_CHECKERS](s)).toBe(ok);
  });

  it('replaces ajv-formats formats of the same name', () => {
    const both = new Ajv2020({ validateSchema: false });
    addFormats(both);
    addStrictFormats(both);
    expect(both.validate({ type: 'string', format: 'date-time' }, '2026-12-02T23:59:60Z')).toBe(false);
    expect(both.validate({ type: 'string', format: 'uri' }, 'http://x:99999/')).toBe(false);
  });

  it('has a plain-words reason for every format', () => {
    expect(Object.keys(FORMAT_MESSAGES).sort()).toEqual([
      'base64',
      'date',
      'date-time',
      'duration',
      'email',
      'hostname',
      'ipv4',
      'ipv6',
      'time',
      'timespan',
      'uri',
      'uri-reference',
      'uuid',
    ]);
    for (const name of Object.keys(FORMAT_CHECKERS)) expect(FORMAT_MESSAGES).toHaveProperty([name]);
    expect(FORMAT_MESSAGES['date-time']).toBe('must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z.');
    for (const message of Object.values(FORMAT_MESSAGES)) expect(message).toMatch(/^must be .*\.$/);
  });

  it('never throws for arbitrary strings', () => {
    const parsers = [
      parseDateTime,
      parseDate,
      parseTime,
      parseTimeSpan,
      parseUri,
      parseUuid,
      parseEmail,
      decodeBase64,
      parseDuration,
      parseHostname,
      parseIpv4,
      parseIpv6,
      parseUriReference,
    ];
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 48 }), (s) => {
        for (const parse of parsers) parse(s);
      }),
      RUNS,
    );
  });
});

// v3 formats: exactly stock ajv-formats where its check is the JSON Schema rule (duration, hostname,
// ipv4, ipv6), and a subset of it for uri-reference (RFC 3986 characters only, bounded length).
describe('parseDuration', () => {
  it.each([
    ['P3DT4H30M', true],
    ['PT0S', true],
    ['P2W', true],
    ['P1Y2M10D', true],
    ['PT36H', true],
    ['P1Y1D', true],
    ['P', false],
    ['PT', false],
    ['P1YT', false],
    ['PT1.5S', false],
    ['P2W1D', false],
    ['-P1D', false],
    ['p1d', false],
    ['P1D ', false],
    ['1D', false],
  ])('%j → %s', (s, ok) => {
    expect(parseDuration(s) !== undefined).toBe(ok);
    expect(stockAccepts('duration', s)).toBe(ok);
  });

  it('accepts exactly what stock ajv-formats accepts (up to its length bound), and returns the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'PTYMWDHS0129.-'.split('')), maxLength: 14 }), (s) => {
        expect(parseDuration(s) !== undefined).toBe(stockAccepts('duration', s));
        if (parseDuration(s) !== undefined) expect(parseDuration(s)).toBe(s);
      }),
      RUNS,
    );
  });

  // Beyond 256 characters a duration is refused before its pattern runs; within it, the longest
  // hostile one is refused too. Growth from a hundredth of the size to the size: linear at most (helpers/growth.ts).
  it.each([
    ['P111…X', (n: number) => 'P' + '1'.repeat(n) + 'X', 10_000],
    ['P1Y1Y…', (n: number) => 'P' + '1Y'.repeat(n), 5_000],
  ])('stays linear on long hostile input: %s', async (_name, hostile, n) => {
    expect(parseDuration(hostile(10 * n))).toBeUndefined();
    expect(parseDuration('PT' + '9'.repeat(255))).toBeUndefined();
    expect(await growthOverLinear(parseDuration, hostile, 10 * n)).toBeLessThan(LINEAR);
  });
});

describe('parseHostname', () => {
  it.each([
    ['example.com', true],
    ['localhost', true],
    ['a-b.c0', true],
    ['xn--bcher-kva.de', true],
    ['example.com.', true],
    ['1.2.3.4', true],
    [`${'a'.repeat(63)}.com`, true],
    ['', false],
    ['-a.com', false],
    ['a-.com', false],
    ['a..com', false],
    ['under_score.com', false],
    ['bücher.de', false],
    [`${'a'.repeat(64)}.com`, false],
    [Array(128).fill('a').join('.'), false],
    ['exa mple.com', false],
  ])('%j → %s', (s, ok) => {
    expect(parseHostname(s) !== undefined).toBe(ok);
    expect(stockAccepts('hostname', s)).toBe(ok);
  });

  it('accepts exactly what stock ajv-formats accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.domain(), fc.string({ unit: fc.constantFrom(...'ab9-._é '.split('')), maxLength: 16 })), (s) => {
        expect(parseHostname(s) !== undefined).toBe(stockAccepts('hostname', s));
      }),
      RUNS,
    );
  });
});

describe('parseIpv4 / parseIpv6', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const validatorIsIP = (require('validator/lib/isIP') as { default: (s: string, v: number) => boolean }).default;

  it.each([
    ['ipv4', '192.0.2.1', true],
    ['ipv4', '255.255.255.255', true],
    ['ipv4', '0.0.0.0', true],
    ['ipv4', '256.0.0.1', false],
    ['ipv4', '01.2.3.4', false],
    ['ipv4', '1.2.3', false],
    ['ipv4', ' 1.2.3.4', false],
    ['ipv6', '::', true],
    ['ipv6', '::1', true],
    ['ipv6', '2001:DB8::1', true],
    ['ipv6', '::ffff:192.0.2.1', true],
    ['ipv6', '1:2:3:4:5:6:7:8', true],
    ['ipv6', '1:2:3:4:5:6:7:8:9', false],
    ['ipv6', '1::2::3', false],
    ['ipv6', 'fe80::1%eth0', false],
    ['ipv6', '[::1]', false],
    ['ipv6', '12345::', false],
  ])('%s %j → %s', (format, s, ok) => {
    const parse = format === 'ipv4' ? parseIpv4 : parseIpv6;
    expect(parse(s) !== undefined).toBe(ok);
    expect(stockAccepts(format, s)).toBe(ok);
  });

  const v4 = fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.string({ unit: fc.constantFrom(...'0123459.'.split('')), maxLength: 16 }));
  const v6 = fc.oneof(fc.ipV6(), fc.string({ unit: fc.constantFrom(...'0af:.19%e'.split('')), maxLength: 24 }));

  it('IPv4: exactly stock ajv-formats, and exactly validator.js (class-validator @IsIP(4))', () => {
    fc.assert(
      fc.property(v4, (s) => {
        const ours = parseIpv4(s) !== undefined;
        expect(ours).toBe(stockAccepts('ipv4', s));
        expect(ours).toBe(validatorIsIP(s, 4));
      }),
      RUNS,
    );
  });

  it('IPv6: exactly stock ajv-formats; what it accepts, validator.js (class-validator @IsIP(6)) accepts too', () => {
    fc.assert(
      fc.property(v6, (s) => {
        const ours = parseIpv6(s) !== undefined;
        expect(ours).toBe(stockAccepts('ipv6', s));
        if (ours) expect(validatorIsIP(s, 6)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('parseUriReference', () => {
  it.each([
    ['https://example.com/a?b#c', true],
    ['/a/b?c', true],
    ['../x', true],
    ['#top', true],
    ['', true],
    ['mailto:a@b.c', true],
    ['a%20b', true],
    ['/a b', false],
    ['a%zz', false],
    ['"quoted"', false],
    ['/é', false],
    ['\\x', false],
    ['x'.repeat(65_537), false],
  ])('%j → %s', (s, ok) => {
    expect(parseUriReference(s) !== undefined).toBe(ok);
    if (ok) expect(stockAccepts('uri-reference', s)).toBe(true);
  });

  // Each hostile string at a hundredth of its size and at its size (the URI references up to 65,000
  // characters, within the 65,536 bound): the cost grows as a linear pass does (helpers/growth.ts).
  const ipAny = (s: string) => parseIpv6(s) ?? parseIpv4(s);
  it.each([
    ['uri-reference aaa…[', parseUriReference, (n: number) => 'a'.repeat(n) + '[', 6_500],
    ['uri-reference a/a/…[', parseUriReference, (n: number) => 'a/'.repeat(n) + '[', 3_200],
    ['uri-reference ///…[', parseUriReference, (n: number) => '/'.repeat(n) + '[', 6_500],
    ["uri-reference '''…[", parseUriReference, (n: number) => "'".repeat(n) + '[', 6_500],
    ['uri-reference //1.1.…[', parseUriReference, (n: number) => '//' + '1.'.repeat(n) + '[', 3_000],
    ['uri-reference xxx… (beyond the bound)', parseUriReference, (n: number) => 'x'.repeat(n), 50_000],
    ['hostname aaa…', parseHostname, (n: number) => 'a'.repeat(n), 50_000],
    ['ip 1:1:…', ipAny, (n: number) => '1:'.repeat(n), 25_000],
    ['ip 1.1.…', ipAny, (n: number) => '1.'.repeat(n), 25_000],
  ] as const)(
    'stays linear on long hostile input (its pattern runs only behind the character filter and the length bound): %s',
    async (_name, parse, hostile, n) => {
      expect(parse(hostile(10 * n))).toBeUndefined();
      expect(await growthOverLinear(parse, hostile, 10 * n)).toBeLessThan(LINEAR);
    },
  );
  it('refuses a hostname of four 61-letter labels and a trailing hyphen', () => {
    expect(parseHostname(`${'a'.repeat(61)}.`.repeat(4) + '-')).toBeUndefined();
  });

  it('accepts nothing that stock ajv-formats refuses, and returns the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string({ unit: fc.constantFrom(...'/:@?#[]%.aZ9-_~!$&\'()*+,;= \\"<>é'.split('')), maxLength: 24 })), (s) => {
        const parsed = parseUriReference(s);
        if (parsed !== undefined) {
          expect(stockAccepts('uri-reference', s)).toBe(true);
          expect(parsed).toBe(s);
        }
      }),
      RUNS,
    );
  });
});
