import 'reflect-metadata';
import { IsFQDN, IsIP, MaxLength } from 'class-validator';
import fc from 'fast-check';
import { Int32, Param, Prop, RecordOf, SetOf, Tool, type ToolResult } from '../../lib';
import { compileFastPath } from '../../lib/invoke/arguments/fast-path';
import { calleeOf } from '../../lib/invoke/calling/invoker';
import { withFastPath } from '../helpers/fast-path';

class Host {
  @IsFQDN() name!: string;
  @IsIP('4') v4!: string;
  @IsIP('6') @Prop({ optional: true }) v6?: string;
  @Prop({ type: RecordOf(String) }) @MaxLength(4, { each: true }) labels!: Map<string, string>;
}

class Service {
  calls: unknown[][] = [];
  @Tool()
  run(
    @Param({ type: [String], each: { format: 'email', maxLength: 20 } }) to: string[],
    @Param({ type: SetOf(Int32), each: { minimum: 1, maximum: 10 }, optional: true }) ids: Set<number> | undefined,
    @Param({ type: RecordOf(Number), each: { exclusiveMinimum: 0 }, optional: true }) prices: Record<string, number> | undefined,
    @Param({ format: 'duration', optional: true }) span?: string,
    @Param({ format: 'hostname', optional: true }) host?: string,
    @Param({ format: 'ipv4', optional: true }) ip4?: string,
    @Param({ format: 'ipv6', optional: true }) ip6?: string,
    @Param({ format: 'uri-reference', optional: true }) ref?: string,
    @Param({ type: () => Host, optional: true }) server?: Host,
  ): string {
    this.calls.push([to, ids, prices, span, host, ip4, ip6, ref, server]);
    return 'ok';
  }
}

const text = (r: ToolResult): string => {
  expect(r.isError).toBe(true);
  return (r.parts[0] as { text: string }).text;
};

/** Sets and Maps as arrays of their entries, for comparing what the method received. */
const plain = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x instanceof Set || x instanceof Map ? [...x] : x));

describe('The invoker enforces each, bounds and formats (v3)', () => {
  const service = new Service();
  const tool = Tool.fromInstance(service)[0]!;

  it('accepts valid arguments; a format on a plain string slot gives the method the string', async () => {
    const r = await tool.invoke({
      to: ['a@b.co'],
      ids: [1, 10],
      prices: { a: 0.5 },
      span: 'P1D',
      host: 'example.com',
      ip4: '1.2.3.4',
      ip6: '::1',
      ref: '../x',
    });
    expect(r.isError).toBe(false);
    const [to, ids, prices, ...strings] = service.calls.pop()!;
    expect(to).toEqual(['a@b.co']);
    expect(ids).toEqual(new Set([1, 10]));
    expect(prices).toEqual({ a: 0.5 });
    expect(strings).toEqual(['P1D', 'example.com', '1.2.3.4', '::1', '../x', undefined]);
  });

  it('refuses each element that breaks its options, by its path', async () => {
    expect(text(await tool.invoke({ to: ['nope', `${'x'.repeat(30)}@b.co`] }))).toBe(
      "Argument 'to[0]' must be an email address.\nArgument 'to[1]' must be at most 20 characters long.",
    );
    expect(text(await tool.invoke({ to: [], ids: [0, 11, 5], prices: { a: 0, b: 1 } }))).toBe(
      "Argument 'ids[0]' must be an integer from 1 to 10.\nArgument 'ids[1]' must be an integer from 1 to 10.\nArgument 'prices.a' must be a number greater than 0.",
    );
  });

  it('refuses a string of the wrong format with the format in plain words', async () => {
    expect(text(await tool.invoke({ to: [], span: 'PT1.5S', host: 'a_b', ip4: '1.2.3', ip6: 'x', ref: '/a b' }))).toBe(
      [
        "Argument 'span' must be an ISO 8601 duration, like P3DT4H or PT30M.",
        "Argument 'host' must be a host name, like example.com.",
        "Argument 'ip4' must be an IPv4 address, like 192.0.2.1.",
        "Argument 'ip6' must be an IPv6 address, like 2001:db8::1.",
        "Argument 'ref' must be a URI reference, like https://example.com/ or /path?q=1.",
      ].join('\n'),
    );
  });

  it('class-validator @IsIP and { each: true } rules on a Map are refused by the schema, with their paths', async () => {
    const r = await tool.invoke({ to: [], server: { name: 'example.com', v4: '01.2.3.4', v6: 'fe80::1%eth0', labels: { a: 'toolong' } } });
    expect(text(r)).toBe(
      "Argument 'server.v4' must be an IPv4 address, like 192.0.2.1.\nArgument 'server.v6' must be an IPv6 address, like 2001:db8::1.\nArgument 'server.labels.a' must be at most 4 characters long.",
    );
  });

  it('@IsFQDN: what hostname accepts and class-validator does not (a single label) is refused by class-validator', async () => {
    const r = await tool.invoke({ to: [], server: { name: 'localhost', v4: '1.2.3.4', labels: {} } });
    expect(text(r)).toBe("Argument 'server.name' must be a valid domain name.");
    expect((await tool.invoke({ to: [], server: { name: 'example.com', v4: '1.2.3.4', labels: { a: 'ok' } } })).isError).toBe(false);
    expect(plain(service.calls.pop()![8])).toBe('{"name":"example.com","v4":"1.2.3.4","labels":[["a","ok"]]}');
  });
});

describe('The fast path agrees with the general path on each and every v3 format', () => {
  const service = new Service();
  const tool = Tool.fromInstance(service)[0]!;
  const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 2 });
  /** Mostly good values; now and then a bad one or any string (about one field in twenty is wrong). */
  const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 40 }, { arbitrary: bad, weight: 1 });
  const str = (good: readonly string[], bad: readonly string[]) =>
    mostly(fc.constantFrom(...good), fc.oneof(fc.constantFrom(...bad), fc.string({ maxLength: 8 })));
  const input = fc.record(
    {
      to: fc.array(str(['a@b.co', 'x.y@mail.example.org'], ['nope', `${'x'.repeat(30)}@b.co`, 'a@localhost']), { maxLength: 3 }),
      ids: maybe(fc.array(mostly(fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, 11, 1.5, -1)), { maxLength: 4 })),
      prices: maybe(
        fc.dictionary(
          fc.constantFrom('a', 'b', '__proto__'),
          mostly(fc.double({ min: 0, max: 2, noNaN: true, minExcluded: true }), fc.constantFrom(0, -0, -1)),
          { maxKeys: 2 },
        ),
      ),
      span: maybe(str(['P1D', 'PT0S', 'P2W', 'P1Y2M3DT4H5M6S'], ['PT1.5S', 'P', 'PT', '1D'])),
      host: maybe(str(['example.com', 'localhost', 'a.b.'], ['a_b', '-a.com', 'bücher.de'])),
      ip4: maybe(mostly(fc.ipV4(), fc.ipV4Extended())),
      ip6: maybe(mostly(fc.ipV6(), fc.constantFrom('fe80::1%eth0', '1::2::3'))),
      ref: maybe(str(['../x', '#top', '', 'https://a.b/c?d'], ['/a b', 'a%zz', '"q"'])),
      server: maybe(
        fc.record(
          {
            name: str(['example.com', 'a.example.org'], ['localhost', 'a_b.com']),
            v4: mostly(fc.ipV4(), fc.constantFrom('01.2.3.4')),
            v6: maybe(mostly(fc.ipV6(), fc.constantFrom('fe80::1%eth0'))),
            labels: fc.dictionary(fc.constantFrom('a', 'b'), str(['ok', 'abcd'], ['toolong']), { maxKeys: 2 }),
          },
          { requiredKeys: ['name', 'v4', 'labels'] },
        ),
      ),
    },
    { requiredKeys: ['to'] },
  );

  it('a fast path is compiled for the tool, and takes a valid call with every format and each', () => {
    const fast = compileFastPath(calleeOf(tool)!.spec)!;
    expect(fast).not.toBeNull();
    const args = { to: ['a@b.co'], ids: [1, 10], prices: { a: 1 }, span: 'P1D', host: 'example.com', ip4: '1.2.3.4', ip6: '::1', ref: '../x' };
    expect(fast.run(args, [], fast.classValidator ? [] : null)).toBe(true);
    expect(fast.run({ ...args, span: 'PT1.5S' }, [], fast.classValidator ? [] : null)).toBe(false);
  });

  it('both paths give the same result and the method the same arguments', async () => {
    const tally = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(input, fc.boolean(), async (args, asText) => {
        const runs: { result: ToolResult; got: string }[] = [];
        for (const fast of [true, false]) {
          service.calls = [];
          const result = await withFastPath(fast, () => tool.invoke(asText ? JSON.stringify(args) : JSON.parse(JSON.stringify(args))));
          runs.push({ result, got: plain(service.calls[0]) });
        }
        expect(runs[0]!.result).toEqual(runs[1]!.result);
        expect(runs[0]!.got).toBe(runs[1]!.got);
        if (runs[1]!.result.isError) tally.refused++;
        else tally.accepted++;
      }),
      { numRuns: 2000, seed: 20261203 },
    );
    expect(tally.accepted).toBeGreaterThan(200);
    expect(tally.refused).toBeGreaterThan(200);
  });
});
