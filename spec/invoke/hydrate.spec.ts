import 'reflect-metadata';
import { Expose, Transform, Type } from 'class-transformer';
import { Contains, IsOptional, Matches, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import {
  DateOnly,
  EnumOf,
  Int32,
  JsonValue,
  Nullable,
  Param,
  Prop,
  RecordOf,
  SetOf,
  TimeOnly,
  TimeSpan,
  Tool,
  type ToolDefinition,
  type ToolResult,
} from '../../lib';

function textOf(r: ToolResult): string {
  expect(r.isError).toBe(true);
  return (r.parts[0] as { text: string }).text;
}

/** A tool whose method records the arguments it received. */
function recorder<T extends object>(instance: T, method: keyof T & string): { tool: ToolDefinition; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const original = (instance as Record<string, Function>)[method]!;
  (instance as Record<string, Function>)[method] = function (this: unknown, ...args: unknown[]) {
    calls.push(args);
    return original.apply(this, args);
  };
  return { tool: Tool.create(instance, method), calls };
}

describe('Hydration: each kind', () => {
  enum Level {
    Low = 1,
    High = 2,
  }
  enum Color {
    Red = 'red',
    Blue = 'blue',
  }
  class Kinds {
    @Tool()
    kinds(
      at: Date,
      site: URL,
      bytes: Uint8Array,
      buffer: Buffer,
      @Param({ type: SetOf(String) }) tags: Set<string>,
      @Param({ type: RecordOf(Int32) }) map: Map<string, number>,
      @Param({ type: RecordOf(Int32) }) record: Record<string, number>,
      @Param({ enum: Level }) level: Level,
      @Param({ enum: Color }) color: Color,
      big: bigint,
      @Param({ type: DateOnly }) day: string,
      @Param({ type: TimeOnly }) time: string,
      @Param({ type: TimeSpan }) span: string,
      @Param({ type: JsonValue }) anything: unknown,
      @Param({ type: () => [[Date]] }) grid: Date[][],
    ): void {
      void [at, site, bytes, buffer, tags, map, record, level, color, big, day, time, span, anything, grid];
    }
  }

  it('each JSON value becomes what the method receives', async () => {
    const { tool, calls } = recorder(new Kinds(), 'kinds');
    const r = await tool.invoke(
      JSON.stringify({
        at: '2026-12-02T10:00:00.1234+01:00',
        site: 'https://example.com/a?b#c',
        bytes: 'AAEC',
        buffer: 'aGk=',
        tags: ['a', 'b'],
        map: { x: 1, __proto__: 2 },
        record: { y: 3 },
        level: 'High',
        color: 'blue',
        big: 12,
        day: '2024-02-29',
        time: '10:00:00.5',
        span: '-1.02:03:04',
        anything: { deep: [1, null, { x: true }] },
        grid: [['2026-01-01T00:00:00Z']],
      }).replace('"map":{"x":1}', '"map":{"x":1,"__proto__":2}'),
    );
    expect(r.isError).toBe(false);
    const [at, site, bytes, buffer, tags, map, record, level, color, big, day, time, span, anything, grid] = calls[0]!;
    expect(at).toEqual(new Date(Date.UTC(2026, 11, 2, 9, 0, 0, 123)));
    expect(site).toBeInstanceOf(URL);
    expect((site as URL).href).toBe('https://example.com/a?b#c');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(bytes)).toBe(false);
    expect([...(bytes as Uint8Array)]).toEqual([0, 1, 2]);
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect((buffer as Buffer).toString()).toBe('hi');
    expect(tags).toEqual(new Set(['a', 'b']));
    expect(map).toBeInstanceOf(Map);
    expect([...(map as Map<string, number>)]).toEqual([
      ['x', 1],
      ['__proto__', 2],
    ]);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(record).toEqual({ y: 3 });
    expect(level).toBe(2);
    expect(color).toBe('blue');
    expect(big).toBe(12n);
    expect([day, time, span]).toEqual(['2024-02-29', '10:00:00.5', '-1.02:03:04']);
    expect(anything).toEqual({ deep: [1, null, { x: true }] });
    expect(grid).toEqual([[new Date(Date.UTC(2026, 0, 1))]]);
  });
});

describe('Hydration: DTOs', () => {
  it('instances of their class at every depth, JSON names mapped back, initializers kept for absent properties', async () => {
    class Address {
      @Prop() city!: string;
      @IsOptional() @Prop() zip: string = '00000';
      @Expose({ name: 'moved_in' }) @Prop({ type: Date }) movedIn!: Date;
    }
    class Person {
      @Prop() name!: string;
      @Type(() => Address) @Prop({ type: () => [Address] }) addresses!: Address[];
      @IsOptional() @Prop({ type: SetOf(Int32) }) lucky: Set<number> = new Set([7]);
      @Prop({ type: RecordOf(() => Address) }) byLabel!: Record<string, Address>;
      @IsOptional() @Prop({ type: Nullable(String) }) nickname: string | null = 'none';
      @IsOptional() @Prop({ type: String }) title: string = 'Dr.';
    }
    class People {
      @Tool() save(person: Person): void {
        void person;
      }
    }
    const { tool, calls } = recorder(new People(), 'save');
    const r = await tool.invoke({
      person: {
        name: 'Ada',
        addresses: [{ city: 'London', moved_in: '1840-01-01T00:00:00Z' }],
        byLabel: { home: { city: 'Paris', zip: '75001', moved_in: '1850-05-05T12:00:00Z' } },
        nickname: null,
        title: null,
      },
    });
    expect(r.isError).toBe(false);
    const person = calls[0]![0] as Person;
    expect(person).toBeInstanceOf(Person);
    expect(person.addresses[0]).toBeInstanceOf(Address);
    expect(person.addresses[0]!.zip).toBe('00000');
    expect(person.addresses[0]!.movedIn).toEqual(new Date(Date.UTC(1840, 0, 1)));
    expect(person.byLabel.home).toBeInstanceOf(Address);
    expect(person.byLabel.home!.zip).toBe('75001');
    expect(person.lucky).toEqual(new Set([7]));
    expect(person.nickname).toBeNull();
    expect(person.title).toBe('Dr.');
  });

  it('@Transform runs as class-transformer runs it: the value as sent (converted under @Type), the plain object, the key', async () => {
    const seen: unknown[] = [];
    class Query {
      @Transform(({ value, key, obj, type }) => {
        seen.push({ value, key, obj, type });
        return (value as string).trim().toUpperCase();
      })
      @Prop()
      code!: string;
      @Expose({ name: 'since_date' }) @Transform(({ value }) => (value as Date).getUTCFullYear()) @Type(() => Date) @Prop({ type: Date }) since!: unknown;
      @IsOptional() @Transform(() => 'never') @Prop() absent: string = 'kept';
    }
    class Search {
      @Tool() search(query: Query): void {
        void query;
      }
    }
    const { tool, calls } = recorder(new Search(), 'search');
    expect((await tool.invoke('{"query":{"code":"  ab ","since_date":"2020-06-01T00:00:00Z"}}')).isError).toBe(false);
    const q = calls[0]![0] as Query;
    expect(q).toBeInstanceOf(Query);
    expect(q.code).toBe('AB');
    expect(q.since).toBe(2020);
    expect(q.absent).toBe('kept');
    expect(seen).toEqual([{ value: '  ab ', key: 'code', obj: { code: '  ab ', since_date: '2020-06-01T00:00:00Z' }, type: 0 }]);
  });

  it('class-validator rules of every DTO in the tree (nested, without @ValidateNested) become argument lines', async () => {
    @ValidatorConstraint({ name: 'even' })
    class Even implements ValidatorConstraintInterface {
      validate(v: unknown): boolean {
        return typeof v === 'number' && v % 2 === 0;
      }
      defaultMessage(): string {
        return 'must be even';
      }
    }
    class Line {
      @Contains('-') @Prop({ maxLength: 8 }) sku!: string;
      @Validate(Even) @Prop({ type: Int32 }) qty!: number;
      @Matches(/^[a-z]+$/i) label!: string;
    }
    class Order {
      @Prop({ type: () => [Line] }) lines!: Line[];
    }
    class Orders {
      @Tool() place(order: Order): string {
        return `${order.lines.length}`;
      }
    }
    const tool = Tool.create(new Orders(), 'place');
    expect(tool.warnings).toEqual([
      // v3: a rule that no keyword says is a phrase in the description and a line here.
      'class-validator rule contains has no JSON Schema keyword: the description says "Must contain \'-\'.", and class-validator still enforces it.',
      'class-validator rule even has no JSON Schema keyword: the description says "Must be even.", and class-validator still enforces it.',
      'pattern /^[a-z]+$/i is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.',
    ]);
    expect((await tool.invoke({ order: { lines: [{ sku: 'a-c', qty: 2, label: 'AbC' }] } })).isError).toBe(false);
    const r = await tool.invoke({
      order: {
        lines: [
          { sku: 'a-c', qty: 2, label: 'ok' },
          { sku: 'abcd', qty: 3, label: 'a1' },
        ],
      },
    });
    expect(textOf(r)).toBe(
      [
        "Argument 'order.lines[1].sku' must contain a - string.",
        "Argument 'order.lines[1].qty' must be even.",
        "Argument 'order.lines[1].label' must match /^[a-z]+$/i regular expression.",
      ].join('\n'),
    );
  });
});

describe('Null and absence: defaults', () => {
  class Defaults {
    @Tool()
    pick(
      @Param({ type: Int32 }) days = 3,
      @Param({ default: 'fast', enum: ['fast', 'slow'] }) mode?: string,
      @Param({ nullable: true, optional: true, type: String }) note?: string | null,
      @Param({ type: Nullable(String) }) required?: string | null,
      @Param({ type: EnumOf(['a', 'b']), optional: true }) letter?: string,
    ): string {
      return JSON.stringify({ days, mode, note, required, letter });
    }
  }
  const tool = () => Tool.create(new Defaults(), 'pick');
  const out = async (args: object) => JSON.parse(((await tool().invoke(args)).parts[0] as { text: string }).text);

  it('a missing optional argument: the @Param default, else undefined so the source default applies', async () => {
    expect(await out({ required: 'r' })).toEqual({ days: 3, mode: 'fast', required: 'r' });
  });

  it('null for an optional parameter that is not nullable means the default', async () => {
    expect(await out({ days: null, mode: null, letter: null, required: 'r' })).toEqual({ days: 3, mode: 'fast', required: 'r' });
  });

  it('null for a nullable parameter is passed as null', async () => {
    expect(await out({ note: null, required: null })).toEqual({ days: 3, mode: 'fast', note: null, required: null });
  });

  it('a nullable parameter without a default is still required', async () => {
    expect(textOf(await tool().invoke({}))).toBe("Argument 'required' is required.");
  });
});
