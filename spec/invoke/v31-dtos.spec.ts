import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { Allow, IsArray, IsDate, IsEnum, IsIn, IsInt, IsNumber, IsOptional, IsString, Min, validateSync, ValidateNested } from 'class-validator';
import { Nullable, Prop, Tool, type ToolDefinition } from 'tool-signatures';
import { __setFastPath } from '../helpers/fast-path';
import { paramText } from '../helpers/schema';
import { validationPlan } from '../../lib/metadata/class-validator';

/**
 * CONTRACT v3.1, "DTOs as real projects write them": the judge. For a DTO written as real NestJS
 * code bases write it (no hint; plain tsc erases `T | null` and `T[] | null` to Object), the schema
 * the model sees, the invoker's verdict and class-validator's own verdict (plainToInstance, then
 * validateSync with whitelist and forbidNonWhitelisted) agree on the same JSON, on the fast path and
 * on the general path. Each case names what the method receives when the call is accepted.
 */

enum Range {
  Day = 'day',
  Max = 'max',
}

class Filter {
  @IsString() field!: string;
  @IsString() value!: string;
}

/** The shapes: `birthDate: Date | null` with @IsOptional @IsDate, `filters` with @IsArray @ValidateNested @Type. */
class Profile {
  @IsOptional() @IsDate() @Type(() => Date) birthDate!: Date | null;
  @IsArray() @ValidateNested() @Type(() => Filter) filters!: Filter[] | null;
  @IsOptional() @IsString() nickname!: string | null;
  @IsEnum(Range) range = Range.Max;
  @IsString({ each: true }) tags: string[] = [];
  @Allow() note!: string;
  @IsOptional() @IsInt() @Type(() => Number) page = 1;
}

class Span {
  @IsInt() @Min(0) from!: number;
}

/** Only rules the invoker checks itself (the fast path's emulated plan): @IsOptional, @IsInt, @Min, @IsIn, @IsEnum, @ValidateNested. */
class Paging {
  @IsOptional() @IsInt() @Min(1) page!: number | null;
  @IsIn(['asc', 'desc']) sort = 'asc';
  @IsOptional() @IsEnum(Range) window!: Range | null;
  @IsOptional() @ValidateNested() @Type(() => Span) span!: Span | null;
}

/** The plugin's `ratio: number | null` with @IsNumber, as a hint: the rules refuse null. */
class Ratio {
  @Prop({ type: Nullable(Number) }) @IsNumber() ratio!: number | null;
}

const received = (v: unknown): unknown => (v instanceof Date ? `Date ${v.toISOString()}` : v);
const describeAll = (o: object) => JSON.stringify(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, received(v)])));

function tool(cls: Function): ToolDefinition {
  return Tool.create(
    function save(q: object) {
      return `${q instanceof cls} ${describeAll(q)}`;
    },
    { params: { q: cls as never } },
  );
}

const profile = tool(Profile);
const paging = tool(Paging);
const ratio = tool(Ratio);

/** class-validator's own verdict on the JSON, as a NestJS ValidationPipe with whitelist and forbidNonWhitelisted runs it. */
function classValidatorAccepts(cls: Function, json: object): boolean {
  const instance = plainToInstance(cls as new () => object, json);
  return validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }).length === 0;
}

async function invoked(t: ToolDefinition, json: object): Promise<{ ok: boolean; text: string }> {
  const r = await t.invoke({ q: json });
  return { ok: !r.isError, text: r.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n') };
}

const F = { field: 'a', value: 'b' };

const DTOS = { Profile: [profile, Profile], Paging: [paging, Paging], Ratio: [ratio, Ratio] } as const;

describe('v3.1 DTO schemas (no hint; erased types named by the rules)', () => {
  it("the issue's DTO: Date | null with @IsOptional is a nullable date-time, @IsArray with @Type an array, initializers defaults, @Allow optional", () => {
    expect(paramText(profile, 'q')).toBe(
      '{"type":"object","properties":{"birthDate":{"type":["string","null"],"format":"date-time"},"filters":{"type":"array","items":{"type":"object","properties":{"field":{"type":"string"},"value":{"type":"string"}},"required":["field","value"],"additionalProperties":false}},"nickname":{"type":["string","null"]},"range":{"type":"string","enum":["day","max"],"default":"max"},"tags":{"type":"array","items":{"type":"string"},"default":[]},"note":{"type":"string"},"page":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"default":1}},"required":["filters"],"additionalProperties":false}',
    );
    expect(profile.warnings).toEqual([]);
  });

  it('rules the invoker checks itself: an erased number | null with @IsOptional takes null, an initializer with @IsIn is a default', () => {
    expect(validationPlan(Paging).kind).toBe('emulated');
    expect(paramText(paging, 'q')).toBe(
      '{"type":"object","properties":{"page":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"sort":{"type":"string","enum":["asc","desc"],"default":"asc"},"window":{"type":["string","null"],"enum":["day","max",null]},"span":{"type":["object","null"],"properties":{"from":{"type":"integer","minimum":0,"maximum":9007199254740991}},"required":["from"],"additionalProperties":false}},"additionalProperties":false}',
    );
  });

  it('the type says | null but the rules refuse null: the schema does not offer null, and the definition warns', () => {
    expect(paramText(ratio, 'q')).toBe('{"type":"object","properties":{"ratio":{"type":"number"}},"required":["ratio"],"additionalProperties":false}');
    expect(ratio.warnings).toEqual([
      'property Ratio.ratio: its type allows null, but its class-validator rules (@IsNumber()) refuse null and there is no @IsOptional() or @ValidateIf(): the schema does not offer null. Add @IsOptional() to accept null.',
    ]);
  });
});

/** [what, DTO, JSON, accepted, what the method receives (when accepted; every row has five entries, or jest takes the last parameter for `done`)] */
const CASES: readonly [string, keyof typeof DTOS, object, boolean, string][] = [
  ['only the required property', 'Profile', { filters: [F] }, true, '{"filters":[{"field":"a","value":"b"}],"range":"max","tags":[],"page":1}'],
  [
    '@IsOptional on an erased Date | null: null reaches the method',
    'Profile',
    { filters: [F], birthDate: null },
    true,
    '{"birthDate":null,"filters":[{"field":"a","value":"b"}],"range":"max","tags":[],"page":1}',
  ],
  [
    'a date-time becomes a Date',
    'Profile',
    { filters: [F], birthDate: '2020-01-02T03:04:05Z' },
    true,
    '{"birthDate":"Date 2020-01-02T03:04:05.000Z","filters":[{"field":"a","value":"b"}],"range":"max","tags":[],"page":1}',
  ],
  ['not a date', 'Profile', { filters: [F], birthDate: 'soon' }, false, ''],
  ['@IsArray with @Type on an erased type: one object is not an array', 'Profile', { filters: F }, false, ''],
  ['an array element that is not a Filter', 'Profile', { filters: [{ field: 'a' }] }, false, ''],
  ['null where the rules refuse it (@IsArray, no @IsOptional)', 'Profile', { filters: null }, false, ''],
  [
    '@IsOptional on an erased string | null: null reaches the method',
    'Profile',
    { filters: [], nickname: null },
    true,
    '{"filters":[],"nickname":null,"range":"max","tags":[],"page":1}',
  ],
  ['a number where the rule names a string', 'Profile', { filters: [], nickname: 5 }, false, ''],
  ["an initializer's enum, given", 'Profile', { filters: [], range: 'day' }, true, '{"filters":[],"range":"day","tags":[],"page":1}'],
  ['not a member of the enum', 'Profile', { filters: [], range: 'week' }, false, ''],
  ['an array of strings, given', 'Profile', { filters: [], tags: ['x', 'y'] }, true, '{"filters":[],"range":"max","tags":["x","y"],"page":1}'],
  ['an array element that is not a string', 'Profile', { filters: [], tags: ['x', 1] }, false, ''],
  ['@Allow(): any string', 'Profile', { filters: [], note: 'hi' }, true, '{"filters":[],"range":"max","tags":[],"note":"hi","page":1}'],
  ['@IsInt with @Type(() => Number): an integer', 'Profile', { filters: [], page: 3 }, true, '{"filters":[],"range":"max","tags":[],"page":3}'],
  ['@IsInt with @Type(() => Number): not 1.5', 'Profile', { filters: [], page: 1.5 }, false, ''],
  ['a key the DTO does not have', 'Profile', { filters: [], other: 1 }, false, ''],
  ['emulated rules: nothing given', 'Paging', {}, true, '{"sort":"asc"}'],
  [
    'emulated rules: @IsOptional on an erased number | null: null reaches the method',
    'Paging',
    { page: null, window: null },
    true,
    '{"page":null,"sort":"asc","window":null}',
  ],
  ['emulated rules: an integer within @Min', 'Paging', { page: 2, sort: 'desc', window: 'day' }, true, '{"page":2,"sort":"desc","window":"day"}'],
  ['emulated rules: below @Min', 'Paging', { page: 0 }, false, ''],
  ['emulated rules: not an integer', 'Paging', { page: 2.5 }, false, ''],
  ['emulated rules: not in @IsIn', 'Paging', { sort: 'up' }, false, ''],
  ['emulated rules: @IsOptional on an erased Span | null: null reaches the method', 'Paging', { span: null }, true, '{"sort":"asc","span":null}'],
  ['emulated rules: a nested DTO', 'Paging', { span: { from: 0 } }, true, '{"sort":"asc","span":{"from":0}}'],
  ['emulated rules: a nested DTO below its @Min', 'Paging', { span: { from: -1 } }, false, ''],
  ['the rules refuse null: null is refused', 'Ratio', { ratio: null }, false, ''],
  ['the rules refuse null: a number is accepted', 'Ratio', { ratio: 0.5 }, true, '{"ratio":0.5}'],
];

describe.each([
  ['fast path', true],
  ['general path', false],
])('v3.1 DTOs: the invoker agrees with class-validator (%s)', (_label, fast) => {
  beforeAll(() => __setFastPath(fast));
  afterAll(() => __setFastPath(true));

  it.each(CASES)('%s', async (_what, dto, json, accepted, method) => {
    const [t, cls] = DTOS[dto];
    expect({ classValidator: classValidatorAccepts(cls, json) }).toEqual({ classValidator: accepted });
    const r = await invoked(t, json);
    expect({ invoker: r.ok }).toEqual({ invoker: accepted });
    if (accepted) expect(r.text).toBe(`true ${method}`);
    else expect(r.text).toMatch(/^Argument 'q/);
  });
});
