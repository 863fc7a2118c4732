import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsDateString, IsInt, IsOptional, IsString, MaxLength, validate } from 'class-validator';
import { Tool, type ToolDefinition } from 'tool-signatures';
import { withFastPath } from '../helpers/fast-path';

/**
 * CONTRACT v3.2 (verdicts on the second corpus): class-validator is the judge, as `ValidationPipe`
 * runs it (`plainToInstance`, then `validate()` with async constraints, whitelist and
 * forbidNonWhitelisted). An explicit null reaches a @Transform that throws on it; a slot whose rules
 * check the text (`@IsDateString() from: Date`) is not converted before them; `@IsString()` on a
 * property declared `number` is decided by the rule. Integers beyond 2^53 − 1 stay refused (a named
 * departure).
 */

const trim = ({ value }: { value: unknown }) => (value as string).trim();
const lower = ({ value }: { value: string }) => value.toLowerCase();

class Search {
  @IsOptional() @Transform(trim) @IsString() @MaxLength(20) query?: string;
  @IsOptional() @Transform(lower) @IsString() sort?: string;
}

class Period {
  @IsDateString() from!: Date;
  @IsOptional() @IsDateString() to?: Date;
}

class Coded {
  @IsString() code!: number;
  @IsOptional() @IsInt() count?: number;
}

function judge(cls: new () => object, json: object): Promise<boolean> {
  let instance: object;
  try {
    instance = plainToInstance(cls, json);
  } catch {
    return Promise.resolve(false);
  }
  return validate(instance, { whitelist: true, forbidNonWhitelisted: true }).then((e) => e.length === 0);
}

const received: unknown[] = [];
function toolOf(cls: Function): ToolDefinition {
  return Tool.create(
    function call(q: object) {
      received.push(q);
      return 'ok';
    },
    { params: { q: cls as never }, input: 'dto' },
  );
}

const TOOLS = { Search: [toolOf(Search), Search], Period: [toolOf(Period), Period], Coded: [toolOf(Coded), Coded] } as const;

/** [what, DTO, JSON, class-validator's verdict, what the method receives (JSON of the instance) when accepted] */
const CASES: readonly [string, keyof typeof TOOLS, object, boolean, string][] = [
  ['a trimmed query', 'Search', { query: '  bolts ' }, true, '{"query":"bolts"}'],
  ['null on an optional property whose transform throws on null: refused', 'Search', { query: null }, false, ''],
  ['null on an optional property whose transform lowercases: refused', 'Search', { sort: null }, false, ''],
  ['absent: the transform does not run', 'Search', {}, true, '{}'],
  ['@IsDateString on a Date: an ISO 8601 date string, kept as text', 'Period', { from: '2026-12-04' }, true, '{"from":"2026-12-04"}'],
  [
    '@IsDateString on a Date: a date-time',
    'Period',
    { from: '2026-12-04T10:00:00Z', to: '2026-12-05T10:00:00+01:00' },
    true,
    '{"from":"2026-12-04T10:00:00Z","to":"2026-12-05T10:00:00+01:00"}',
  ],
  ['@IsDateString on a Date: not a date', 'Period', { from: 'soon' }, false, ''],
  ['@IsDateString on a Date: a number', 'Period', { from: 1 }, false, ''],
  ['@IsString on a number: a string', 'Coded', { code: 'A1' }, true, '{"code":"A1"}'],
  ['@IsString on a number: a number is refused', 'Coded', { code: 5 }, false, ''],
  ['an integer beyond 2^53 − 1 (the named departure: class-validator takes it rounded)', 'Coded', { code: 'x', count: 2 ** 53 + 2 }, true, ''],
];

describe.each([true, false])('v3.2 verdicts agree with class-validator (fast path %s)', (fast) => {
  it.each(CASES)('%s', async (_what, dto, json, accepted, receives) => {
    const [tool, cls] = TOOLS[dto];
    const departure = _what.includes('named departure');
    expect(await judge(cls as new () => object, json)).toBe(accepted);
    received.length = 0;
    const r = await withFastPath(fast, () => tool.invoke(json));
    expect(r.isError).toBe(departure ? true : !accepted);
    if (!r.isError) expect(JSON.stringify(received[0])).toBe(receives);
  });

  it('the refusals name the argument and the reason', async () => {
    const text = async (t: ToolDefinition, json: object) =>
      withFastPath(fast, async () => (await t.invoke(json)).parts.map((p) => ('text' in p ? p.text : '')).join('\n'));
    expect(await text(TOOLS.Search[0], { query: null })).toBe("Argument 'query' was refused: Cannot read properties of null (reading 'trim').");
    expect(await text(TOOLS.Period[0], { from: 'soon' })).toBe("Argument 'from' must be a valid ISO 8601 date string.");
    expect(await text(TOOLS.Coded[0], { code: 5 })).toBe("Argument 'code' must be a string.");
  });
});

describe('v3.2 schemas of the same DTOs', () => {
  it('write what the rules judge: a date string, a string', () => {
    expect(JSON.stringify(TOOLS.Period[0].inputSchema)).toBe(
      '{"type":"object","properties":{"from":{"type":"string","description":"Must be an ISO 8601 date."},"to":{"type":"string","description":"Must be an ISO 8601 date."}},"required":["from"],"additionalProperties":false}',
    );
    expect(JSON.stringify(TOOLS.Coded[0].inputSchema)).toBe(
      '{"type":"object","properties":{"code":{"type":"string"},"count":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}},"required":["code"],"additionalProperties":false}',
    );
  });
});
