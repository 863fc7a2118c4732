import 'reflect-metadata';
import { makeCases, objectCases, type BenchResult, type Case } from '../../bench/cases';
import { LARGE_SCHEMA, SMALL_SCHEMA } from '../../bench/cases/ajv';
import { type BulkLine, type OrderLine, Orders } from '../../bench/domain';

import { largeCall, largePool, REALISTIC_TEXT, smallPool, type LargeArgs, type SmallArgs } from '../../bench/workload';
import { Prng } from '../../bench/prng';

/**
 * No case of the benchmark cheats: every case (floor, ajv, zod, class-transformer +
 * class-validator, ours from an object, and the two JSON-text paths) accepts and refuses the same
 * inputs, and the accepted ones reach the method as the same values. The differences that are the
 * peers' own dialect (not a rule a case skips) are listed at the end, each asserted.
 */

const service = new Orders();
service.record = true;
const cases = makeCases(service);
const all = objectCases(cases);

type Json = Parameters<typeof JSON.stringify>[0];
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const realistic = (): SmallArgs => JSON.parse(REALISTIC_TEXT) as SmallArgs;

/** The realistic call with one change at `path` (`undefined` deletes). */
function small(edit: (a: Record<string, unknown> & SmallArgs) => void): unknown {
  const a = realistic() as Record<string, unknown> & SmallArgs;
  edit(a);
  return a;
}

function large(edit: (a: Record<string, unknown> & LargeArgs) => void): unknown {
  const a = clone(largeCall(new Prng(7))) as Record<string, unknown> & LargeArgs;
  edit(a);
  return a;
}

const s33 = 'x'.repeat(33);
const s32 = 'x'.repeat(32);

const smallGood: [string, unknown][] = [
  ['the realistic call', realistic()],
  [
    'docketId of 1 character',
    small((a) => {
      a.docketId = 'A';
    }),
  ],
  [
    'docketId of 32 characters',
    small((a) => {
      a.docketId = s32;
    }),
  ],
  [
    'docketId with non-ASCII BMP characters',
    small((a) => {
      a.docketId = 'Ünïcødé-№-42-東京';
    }),
  ],
  [
    'sku of 32 astral characters (32 code points, 64 UTF-16 units)',
    small((a) => {
      a.items[0]!.sku = '😀'.repeat(32);
    }),
  ],
  [
    'sku of 1 and 32 characters',
    small((a) => {
      a.items[0]!.sku = 'x';
      a.items[1]!.sku = s32;
    }),
  ],
  [
    'qty 1 and 1000',
    small((a) => {
      a.items[0]!.qty = 1;
      a.items[1]!.qty = 1000;
    }),
  ],
  [
    'no items',
    small((a) => {
      a.items = [];
    }),
  ],
  [
    'one item',
    small((a) => {
      a.items = [a.items[0]!];
    }),
  ],
  [
    'priority Low',
    small((a) => {
      a.priority = 'Low';
    }),
  ],
  [
    'due with milliseconds',
    small((a) => {
      a.due = '2026-12-02T10:00:00.123Z';
    }),
  ],
  [
    'due with 9 fraction digits',
    small((a) => {
      a.due = '2026-12-02T10:00:00.123456789Z';
    }),
  ],
  [
    'due with 1 fraction digit',
    small((a) => {
      a.due = '2026-12-02T10:00:00.5Z';
    }),
  ],
  [
    'due with an offset',
    small((a) => {
      a.due = '2026-12-02T10:00:00+05:30';
    }),
  ],
  [
    'due with a negative offset',
    small((a) => {
      a.due = '2026-12-02T10:00:00-23:59';
    }),
  ],
  [
    'due on a leap day',
    small((a) => {
      a.due = '2024-02-29T23:59:59Z';
    }),
  ],
  [
    'due in 2000 (a leap century)',
    small((a) => {
      a.due = '2000-02-29T00:00:00Z';
    }),
  ],
];

const smallBad: [string, unknown][] = [
  [
    'docketId missing',
    small((a) => {
      delete (a as Partial<SmallArgs>).docketId;
    }),
  ],
  [
    'items missing',
    small((a) => {
      delete (a as Partial<SmallArgs>).items;
    }),
  ],
  [
    'priority missing',
    small((a) => {
      delete (a as Partial<SmallArgs>).priority;
    }),
  ],
  [
    'due missing',
    small((a) => {
      delete (a as Partial<SmallArgs>).due;
    }),
  ],
  [
    'an unknown argument',
    small((a) => {
      a.note = 'x';
    }),
  ],
  [
    'an unknown argument that is null',
    small((a) => {
      a.extra = null;
    }),
  ],
  ['an empty object', {}],
  ['an array', []],
  [
    'docketId empty',
    small((a) => {
      a.docketId = '';
    }),
  ],
  [
    'docketId of 33 characters',
    small((a) => {
      a.docketId = s33;
    }),
  ],
  [
    'docketId a number',
    small((a) => {
      (a as Record<string, unknown>).docketId = 123;
    }),
  ],
  [
    'docketId null',
    small((a) => {
      (a as Record<string, unknown>).docketId = null;
    }),
  ],
  [
    'docketId an array',
    small((a) => {
      (a as Record<string, unknown>).docketId = ['A-1'];
    }),
  ],
  [
    'items a string',
    small((a) => {
      (a as Record<string, unknown>).items = 'x1';
    }),
  ],
  [
    'items an object',
    small((a) => {
      (a as Record<string, unknown>).items = { sku: 'x1', qty: 3 };
    }),
  ],
  [
    'items null',
    small((a) => {
      (a as Record<string, unknown>).items = null;
    }),
  ],
  [
    'an item null',
    small((a) => {
      (a.items as unknown[])[1] = null;
    }),
  ],
  [
    'an item a number',
    small((a) => {
      (a.items as unknown[])[1] = 5;
    }),
  ],
  [
    'an item a string',
    small((a) => {
      (a.items as unknown[])[0] = 'x1';
    }),
  ],
  [
    'an item an array',
    small((a) => {
      (a.items as unknown[])[1] = [{ sku: 'x2', qty: 5 }];
    }),
  ],
  [
    'an item an empty object',
    small((a) => {
      (a.items as unknown[])[1] = {};
    }),
  ],
  [
    'an item without sku',
    small((a) => {
      delete (a.items[1] as Partial<OrderLine>).sku;
    }),
  ],
  [
    'an item without qty',
    small((a) => {
      delete (a.items[1] as Partial<OrderLine>).qty;
    }),
  ],
  [
    'an item with an unknown property',
    small((a) => {
      (a.items[1] as Record<string, unknown>).price = 3;
    }),
  ],
  [
    'sku empty',
    small((a) => {
      a.items[0]!.sku = '';
    }),
  ],
  [
    'sku of 33 characters',
    small((a) => {
      a.items[1]!.sku = s33;
    }),
  ],
  [
    'sku of 33 astral characters',
    small((a) => {
      a.items[1]!.sku = '😀'.repeat(33);
    }),
  ],
  [
    'sku a number',
    small((a) => {
      (a.items[0] as Record<string, unknown>).sku = 1;
    }),
  ],
  [
    'sku null',
    small((a) => {
      (a.items[0] as Record<string, unknown>).sku = null;
    }),
  ],
  [
    'qty 0',
    small((a) => {
      a.items[0]!.qty = 0;
    }),
  ],
  [
    'qty 1001',
    small((a) => {
      a.items[1]!.qty = 1001;
    }),
  ],
  [
    'qty -3',
    small((a) => {
      a.items[1]!.qty = -3;
    }),
  ],
  [
    'qty 2.5',
    small((a) => {
      a.items[0]!.qty = 2.5;
    }),
  ],
  [
    'qty a string',
    small((a) => {
      (a.items[0] as Record<string, unknown>).qty = '3';
    }),
  ],
  [
    'qty null',
    small((a) => {
      (a.items[0] as Record<string, unknown>).qty = null;
    }),
  ],
  [
    'qty true',
    small((a) => {
      (a.items[0] as Record<string, unknown>).qty = true;
    }),
  ],
  [
    'qty 1e300',
    small((a) => {
      a.items[0]!.qty = 1e300;
    }),
  ],
  [
    'priority in lower case',
    small((a) => {
      (a as Record<string, unknown>).priority = 'high';
    }),
  ],
  [
    'priority not a member',
    small((a) => {
      (a as Record<string, unknown>).priority = 'Medium';
    }),
  ],
  [
    'priority null',
    small((a) => {
      (a as Record<string, unknown>).priority = null;
    }),
  ],
  [
    'priority a number',
    small((a) => {
      (a as Record<string, unknown>).priority = 1;
    }),
  ],
  [
    'due on a day that does not exist',
    small((a) => {
      a.due = '2026-02-30T10:00:00Z';
    }),
  ],
  [
    'due on 29 February of a common year',
    small((a) => {
      a.due = '2026-02-29T10:00:00Z';
    }),
  ],
  [
    'due on 29 February 1900',
    small((a) => {
      a.due = '1900-02-29T10:00:00Z';
    }),
  ],
  [
    'due in month 13',
    small((a) => {
      a.due = '2026-13-02T10:00:00Z';
    }),
  ],
  [
    'due with a leap second',
    small((a) => {
      a.due = '2026-12-31T23:59:60Z';
    }),
  ],
  [
    'due at hour 24',
    small((a) => {
      a.due = '2026-12-02T24:00:00Z';
    }),
  ],
  [
    'due with a space separator',
    small((a) => {
      a.due = '2026-12-02 10:00:00Z';
    }),
  ],
  [
    'due without an offset',
    small((a) => {
      a.due = '2026-12-02T10:00:00';
    }),
  ],
  [
    'due without seconds',
    small((a) => {
      a.due = '2026-12-02T10:00Z';
    }),
  ],
  [
    'due a date only',
    small((a) => {
      a.due = '2026-12-02';
    }),
  ],
  [
    'due with an offset without colon',
    small((a) => {
      a.due = '2026-12-02T10:00:00+0100';
    }),
  ],
  [
    'due with an hour-only offset',
    small((a) => {
      a.due = '2026-12-02T10:00:00+01';
    }),
  ],
  [
    'due with offset hour 24',
    small((a) => {
      a.due = '2026-12-02T10:00:00+24:00';
    }),
  ],
  [
    'due with an empty fraction',
    small((a) => {
      a.due = '2026-12-02T10:00:00.Z';
    }),
  ],
  [
    'due with trailing text',
    small((a) => {
      a.due = '2026-12-02T10:00:00Zx';
    }),
  ],
  [
    'due in prose',
    small((a) => {
      a.due = 'Dec 2, 2026';
    }),
  ],
  [
    'due a number',
    small((a) => {
      (a as Record<string, unknown>).due = 1796205600000;
    }),
  ],
  [
    'due null',
    small((a) => {
      (a as Record<string, unknown>).due = null;
    }),
  ],
  [
    'due an empty string',
    small((a) => {
      a.due = '';
    }),
  ],
];

const largeGood: [string, unknown][] = [
  ['a generated call of 50 lines', large(() => undefined)],
  [
    'postcode of 16 and city of 64 characters',
    large((a) => {
      a.items[3]!.shipTo.postcode = 'p'.repeat(16);
      a.items[4]!.shipTo.city = 'c'.repeat(64);
    }),
  ],
];

const largeBad: [string, unknown][] = [
  [
    'a line without shipTo',
    large((a) => {
      delete (a.items[10] as Partial<BulkLine>).shipTo;
    }),
  ],
  [
    'shipTo null',
    large((a) => {
      (a.items[10] as Record<string, unknown>).shipTo = null;
    }),
  ],
  [
    'shipTo an array',
    large((a) => {
      (a.items[10] as Record<string, unknown>).shipTo = [{ city: 'Lyon', postcode: '69001' }];
    }),
  ],
  [
    'shipTo a string',
    large((a) => {
      (a.items[10] as Record<string, unknown>).shipTo = 'Lyon';
    }),
  ],
  [
    'shipTo with an unknown property',
    large((a) => {
      (a.items[49]!.shipTo as Record<string, unknown>).country = 'FR';
    }),
  ],
  [
    'shipTo without city',
    large((a) => {
      delete (a.items[20]!.shipTo as Partial<{ city: string }>).city;
    }),
  ],
  [
    'city empty',
    large((a) => {
      a.items[30]!.shipTo.city = '';
    }),
  ],
  [
    'postcode of 17 characters',
    large((a) => {
      a.items[40]!.shipTo.postcode = 'p'.repeat(17);
    }),
  ],
  [
    'postcode a number',
    large((a) => {
      (a.items[40]!.shipTo as Record<string, unknown>).postcode = 69001;
    }),
  ],
  [
    'line 37 with qty 0',
    large((a) => {
      a.items[37]!.qty = 0;
    }),
  ],
  [
    'line 49 with an unknown property',
    large((a) => {
      (a.items[49] as Record<string, unknown>).gift = true;
    }),
  ],
];

/** What an accepted call gave the method, in a comparable form (class names included). */
function received(): { values: unknown; classes: unknown } {
  const [docketId, items, priority, due] = service.last as [string, { shipTo?: object }[], string, Date];
  const classes = {
    items: items.map((i) => i.constructor.name),
    shipTo: items.map((i) => i.shipTo?.constructor.name ?? null),
    due: due.constructor.name,
  };
  return { values: { docketId, items: clone(items as Json), priority, due: due.getTime() }, classes };
}

interface Outcome {
  isError: boolean;
  value?: unknown;
  args?: unknown;
  classes?: unknown;
}

async function outcome(run: () => Promise<BenchResult>): Promise<Outcome> {
  service.last = [];
  const r = await run();
  expect(Object.isFrozen(r)).toBe(true);
  if (r.isError) {
    expect(r.parts).toHaveLength(1);
    expect(r.parts[0]!.type).toBe('text');
    return { isError: true };
  }
  expect(r.parts).toHaveLength(1);
  expect(r.parts[0]!.type).toBe('json');
  const { values, classes } = received();
  return { isError: false, value: (r.parts[0] as { value: unknown }).value, args: values, classes };
}

/** Runs one input through every path and returns the outcomes by path name. */
async function everyPath(size: 'small' | 'large', input: unknown): Promise<Record<string, Outcome>> {
  const out: Record<string, Outcome> = {};
  for (const c of all) out[c.key] = await outcome(() => c[size](clone(input as Json)));
  const text = JSON.stringify(input);
  out['floor-text'] = await outcome(() => cases.text.floor[size](text));
  out['ours-text'] = await outcome(() => cases.text.ours[size](text));
  return out;
}

function expectSame(outcomes: Record<string, Outcome>, accepted: boolean): void {
  const decisions = Object.fromEntries(Object.entries(outcomes).map(([k, o]) => [k, o.isError ? 'refused' : 'accepted']));
  const want = accepted ? 'accepted' : 'refused';
  expect(decisions).toEqual(Object.fromEntries(Object.keys(outcomes).map((k) => [k, want])));
  if (!accepted) return;
  const floor = outcomes.floor!;
  for (const [k, o] of Object.entries(outcomes)) {
    expect({ path: k, value: o.value }).toEqual({ path: k, value: floor.value });
    expect({ path: k, args: o.args }).toEqual({ path: k, args: floor.args });
    // zod has no classes to build: its lines stay plain objects; the date is a Date everywhere.
    if (k === 'zod') expect((o.classes as { due: string }).due).toBe('Date');
    else expect({ path: k, classes: o.classes }).toEqual({ path: k, classes: floor.classes });
  }
}

describe('every case enforces the same rules', () => {
  describe('the realistic call: accepted by every case, with the same values', () => {
    it.each(smallGood)('%s', async (_name, input) => {
      expectSame(await everyPath('small', input), true);
    });
  });

  describe('the realistic call: refused by every case', () => {
    it.each(smallBad)('%s', async (_name, input) => {
      expectSame(await everyPath('small', input), false);
    });
  });

  describe('the large call (50 lines, nested DTOs): accepted by every case', () => {
    it.each(largeGood)('%s', async (_name, input) => {
      expectSame(await everyPath('large', input), true);
    });
  });

  describe('the large call: refused by every case', () => {
    it.each(largeBad)('%s', async (_name, input) => {
      expectSame(await everyPath('large', input), false);
    });
  });

  it('the whole benchmark pools (small and large) are accepted by every case with the same values', async () => {
    const smalls = smallPool(200).objects;
    const larges = largePool(20).objects;
    for (const input of smalls) expectSame(await everyPath('small', input), true);
    for (const input of larges) expectSame(await everyPath('large', input), true);
  });

  it('ajv validates with the very input schemas ours publishes', () => {
    expect(JSON.stringify(SMALL_SCHEMA)).toBe(JSON.stringify(cases.tools.small.inputSchema));
    expect(JSON.stringify(LARGE_SCHEMA)).toBe(JSON.stringify(cases.tools.large.inputSchema));
  });

  it('every path returns the same result: the method summary as one JSON part', async () => {
    const o = await everyPath('small', realistic());
    expect(o.ours!.value).toEqual({ docketId: 'A-123', lines: 2, units: 8, due: Date.parse('2026-12-02T10:00:00Z') });
  });
});

/** Cases whose decision on an input differs from the others because of their own dialect. */
describe('dialect differences of the peers (kept out of the sets above)', () => {
  async function decisions(size: 'small' | 'large', input: unknown): Promise<Record<string, boolean>> {
    const o = await everyPath(size, input);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, !v.isError]));
  }
  const everyone = (accepted: boolean, except: Record<string, boolean>): Record<string, boolean> => ({
    floor: accepted,
    ajv: accepted,
    zod: accepted,
    ctcv: accepted,
    ours: accepted,
    'floor-text': accepted,
    'ours-text': accepted,
    ...except,
  });

  it('zod refuses a lower-case t and z in a date-time, which RFC 3339 allows', async () => {
    expect(
      await decisions(
        'small',
        small((a) => {
          a.due = '2026-12-02t10:00:00z';
        }),
      ),
    ).toEqual(everyone(true, { zod: false }));
  });

  it('class-transformer drops keys named constructor and __proto__, so forbidNonWhitelisted never sees them', async () => {
    expect(await decisions('small', JSON.parse(REALISTIC_TEXT.replace('{', '{"__proto__":{"x":1},')))).toEqual(everyone(false, { ctcv: true }));
    expect(await decisions('small', JSON.parse(REALISTIC_TEXT.replace('{"sku":"x2"', '{"__proto__":null,"sku":"x2"')))).toEqual(
      everyone(false, { ctcv: true }),
    );
    expect(await decisions('small', JSON.parse(REALISTIC_TEXT.replace('{', '{"constructor":{},')))).toEqual(everyone(false, { ctcv: true }));
    expect(await decisions('small', JSON.parse(REALISTIC_TEXT.replace('{"sku":"x2"', '{"constructor":1,"sku":"x2"')))).toEqual(everyone(false, { ctcv: true }));
  });

  it('class-validator @Length does not count variation selectors (U+FE0F); JSON Schema counts code points', async () => {
    expect(
      await decisions(
        'small',
        small((a) => {
          a.items[0]!.sku = 'x'.repeat(32) + '\uFE0F';
        }),
      ),
    ).toEqual(everyone(false, { ctcv: true }));
  });
});

export type { Case };
