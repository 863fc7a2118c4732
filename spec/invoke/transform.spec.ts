import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsBoolean, IsDate, IsInt, IsOptional, IsString, ValidateNested, validateSync } from 'class-validator';
import { JsonObject, Prop, Tool, type ToolDefinition, type ToolResult } from '../../lib';

/**
 * Issue 20 (contract v3.1, "@Transform sees what class-transformer gives it"): a `@Transform`'s
 * `value` is what class-transformer 0.5.1's `plainToInstance` gives it, measured here by running
 * both on the same JSON: the JSON value as sent (an object or array as a copy), converted first
 * only under `@Type` (a `Date` from the string, a nested DTO's instance with its own transforms
 * run). `obj` is the plain object, `key` the property, `type` 0 (plain → class). A transform that
 * throws refuses the argument: it is not a tool failure.
 */

/** What a transform was given, written so that a Date and its string, an instance and a plain object differ. */
function shape(v: unknown): unknown {
  if (v instanceof Date) return { Date: v.toISOString() };
  if (Array.isArray(v)) return v.map(shape);
  if (typeof v === 'object' && v !== null) {
    const proto = Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null;
    const out: Record<string, unknown> = { class: proto === Object.prototype ? 'plain' : (proto?.constructor?.name ?? 'null') };
    for (const k of Object.keys(v)) out[k] = shape((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** Every transform call, by tag, in the order of the calls. */
const seen: [string, unknown][] = [];

/** A transform that records what it is given (and whether its value is the JSON's own object), then returns it. */
function Seen(tag: string): PropertyDecorator {
  return Transform(({ value, key, obj, type, options }) => {
    seen.push([
      tag,
      {
        value: shape(value),
        copy: typeof value === 'object' && value !== null ? value !== (obj as Record<string, unknown>)[key] : undefined,
        key,
        obj: shape(obj),
        type,
        options: { ...options },
      },
    ]);
    return value;
  });
}

function textOf(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

/** class-validator's verdict on the JSON as NestJS's ValidationPipe reaches it. */
function classValidatorAccepts(cls: new () => object, json: object): boolean {
  try {
    const instance = plainToInstance(cls, json);
    return validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }).length === 0;
  } catch {
    return false;
  }
}

/** The one-parameter tool of a DTO, whose method records what it got. */
function toolOf<T extends object>(cls: new () => T): { tool: ToolDefinition; got: T[] } {
  const got: T[] = [];
  const tool = Tool.create(
    function save(dto: T) {
      got.push(dto);
    },
    { params: [{ name: 'dto', type: cls }] },
  );
  return { tool, got };
}

/** What the transforms see under class-transformer, and under the invoker, for one JSON object. */
async function bothSee(cls: new () => object, json: object): Promise<{ ct: unknown[]; ours: unknown[]; result: ToolResult }> {
  seen.length = 0;
  plainToInstance(cls, JSON.parse(JSON.stringify(json)) as object);
  const ct = [...seen];
  seen.length = 0;
  const result = await toolOf(cls).tool.invoke({ dto: JSON.parse(JSON.stringify(json)) as object });
  return { ct, ours: [...seen], result };
}

class Inner {
  @Seen('inner.x') @IsString() x!: string;
}

const AT = '2026-03-01T10:00:00Z';

class DateAsSent {
  @Seen('at') @Prop({ type: Date }) at!: unknown;
}

class DateTyped {
  @Seen('at') @Type(() => Date) @Prop({ type: Date }) at!: unknown;
}

class DatesAsSent {
  @Seen('ats') @Prop({ type: [Date] }) ats!: unknown;
}

class DatesTyped {
  @Seen('ats') @Type(() => Date) @Prop({ type: [Date] }) ats!: unknown;
}

class Primitives {
  @Seen('n') n!: number;
  @Seen('nT') @Type(() => Number) nT!: number;
  @Seen('s') s!: string;
  @Seen('sT') @Type(() => String) sT!: string;
  @Seen('b') b!: boolean;
  @Seen('bT') @Type(() => Boolean) bT!: boolean;
}

class NestedAsSent {
  @Seen('inner') inner!: Inner;
}

class NestedTyped {
  @Seen('inner') @Type(() => Inner) inner!: Inner;
}

class ListAsSent {
  @Seen('list') @Prop({ type: () => [Inner] }) list!: Inner[];
}

class ListTyped {
  @Seen('list') @Type(() => Inner) @Prop({ type: () => [Inner] }) list!: Inner[];
}

class Nulls {
  @Seen('a') @Prop({ type: Date, nullable: true }) a!: unknown;
  @Seen('b') @Type(() => Date) @Prop({ type: Date, nullable: true }) b!: unknown;
}

describe('issue 20: a @Transform is given what class-transformer gives it', () => {
  it.each([
    ['Date, no @Type: the JSON string', DateAsSent, { at: AT }],
    ['Date under @Type: the Date', DateTyped, { at: AT }],
    ['Date[], no @Type: the strings, as a copy', DatesAsSent, { ats: [AT, AT] }],
    ['Date[] under @Type: the Dates', DatesTyped, { ats: [AT] }],
    ['number, string, boolean with and without @Type: as sent', Primitives, { n: 1.5, nT: 2, s: 'x', sT: 'y', b: true, bT: false }],
    ['a nested DTO, no @Type: a plain copy (its own transforms do not run)', NestedAsSent, { inner: { x: 'a' } }],
    ['a nested DTO under @Type: its instance, its own transforms run first', NestedTyped, { inner: { x: 'a' } }],
    ['an array of DTOs, no @Type: plain copies', ListAsSent, { list: [{ x: 'a' }, { x: 'b' }] }],
    ['an array of DTOs under @Type: instances', ListTyped, { list: [{ x: 'a' }] }],
    ['null: null, with or without @Type', Nulls, { a: null, b: null }],
  ] as [string, new () => object, object][])('%s', async (_, cls, json) => {
    const { ct, ours, result } = await bothSee(cls, json);
    expect(ct.length).toBeGreaterThan(0);
    expect(ours).toEqual(ct);
    expect(result.isError).toBe(false);
  });

  it('an absent property: no transform runs, as in class-transformer', async () => {
    class Maybe {
      @Seen('at') @IsOptional() @Prop({ type: Date, optional: true }) at?: unknown;
    }
    const { ct, ours } = await bothSee(Maybe, {});
    expect(ct).toEqual([]);
    expect(ours).toEqual([]);
  });

  it('the method receives what the transform returns: a Date parsed from the string, checked by @IsDate', async () => {
    class Memory {
      @Transform(({ value }) => new Date(value as string)) @IsDate() memoryAt!: Date;
    }
    const { tool, got } = toolOf(Memory);
    expect((await tool.invoke({ dto: { memoryAt: AT } })).isError).toBe(false);
    expect(got[0]!.memoryAt).toEqual(new Date(AT));
    expect(classValidatorAccepts(Memory, { memoryAt: AT })).toBe(true);
  });
});

describe('issue 20: a @Transform that throws refuses the argument', () => {
  class Memory {
    @Transform(({ value }) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw new Error('memoryAt must be a date string');
      return new Date(value);
    })
    @IsDate()
    memoryAt!: Date;
  }

  it.each([[{ memoryAt: '2026-13-01T00:00:00Z' }, "Argument 'dto.memoryAt' must be a date-time (RFC 3339), like 2026-12-02T10:00:00Z."]])(
    'the schema refuses first what it can say: %j',
    async (json, text) => {
      const r = await toolOf(Memory).tool.invoke({ dto: json });
      expect([r.isError, textOf(r)]).toEqual([true, text]);
      expect(classValidatorAccepts(Memory, json)).toBe(false);
    },
  );

  it('the thrown message is the reason, a sentence; the method is not called', async () => {
    class Strict {
      @Transform(({ value }) => {
        if (!(value as string).endsWith('Z')) throw new Error('memoryAt must be a date string');
        return new Date(value as string);
      })
      @IsDate()
      memoryAt!: Date;
    }
    const { tool, got } = toolOf(Strict);
    const r = await tool.invoke({ dto: { memoryAt: '2026-03-01T10:00:00+01:00' } });
    expect([r.isError, textOf(r)]).toEqual([true, "Argument 'dto.memoryAt' was refused: memoryAt must be a date string."]);
    expect(got).toEqual([]);
    expect(classValidatorAccepts(Strict, { memoryAt: '2026-03-01T10:00:00+01:00' })).toBe(false);
    expect((await tool.invoke({ dto: { memoryAt: AT } })).isError).toBe(false);
    expect(classValidatorAccepts(Strict, { memoryAt: AT })).toBe(true);
  });

  it('inside an array of DTOs the path names the item; a thrown non-error is shown by its string form', async () => {
    class Line {
      @Transform(({ value }) => {
        if ((value as number) > 10) throw 'qty over 10'; // eslint-disable-line @typescript-eslint/only-throw-error
        return value;
      })
      @IsInt()
      qty!: number;
    }
    class Order {
      @Type(() => Line) @ValidateNested({ each: true }) @Prop({ type: () => [Line] }) lines!: Line[];
    }
    const r = await toolOf(Order).tool.invoke({ dto: { lines: [{ qty: 1 }, { qty: 11 }] } });
    expect([r.isError, textOf(r)]).toEqual([true, "Argument 'dto.lines[1].qty' was refused: qty over 10."]);
    expect(classValidatorAccepts(Order, { lines: [{ qty: 1 }, { qty: 11 }] })).toBe(false);
  });

  it('a long reason is bounded', async () => {
    class Long {
      @Transform(() => {
        throw new Error('x'.repeat(100_000));
      })
      @IsString()
      s!: string;
    }
    const text = textOf(await toolOf(Long).tool.invoke({ dto: { s: 'a' } }));
    expect(text.startsWith("Argument 'dto.s' was refused: xxx")).toBe(true);
    expect(text.length).toBeLessThan(600);
  });

  it('a thrown value that cannot be read, or whose getResponse throws, is still a refusal', async () => {
    class Odd {
      @Transform(({ value }) => {
        if (value === 'response')
          throw Object.assign(new Error('its own message'), {
            getResponse: () => {
              throw new Error('no');
            },
          });
        if (value === 'revoked') {
          const { proxy, revoke } = Proxy.revocable({}, {});
          revoke();
          throw proxy; // eslint-disable-line @typescript-eslint/only-throw-error
        }
        return value;
      })
      @IsString()
      s!: string;
    }
    const { tool } = toolOf(Odd);
    expect(textOf(await tool.invoke({ dto: { s: 'response' } }))).toBe("Argument 'dto.s' was refused: its own message.");
    expect(textOf(await tool.invoke({ dto: { s: 'revoked' } }))).toBe("Argument 'dto.s' was refused: a value that cannot be shown.");
  });

  it('on the fast path too (a transform over JSON values), the same verdict', async () => {
    class Trimmed {
      @Transform(({ value }) => {
        const t = (value as string).trim();
        if (t === '') throw new Error('name must not be blank');
        return t;
      })
      @IsString()
      name!: string;
    }
    const { tool, got } = toolOf(Trimmed);
    expect((await tool.invoke({ dto: { name: '  ann ' } })).isError).toBe(false);
    expect(got[0]!.name).toBe('ann');
    const r = await tool.invoke({ dto: { name: '   ' } });
    expect([r.isError, textOf(r)]).toEqual([true, "Argument 'dto.name' was refused: name must not be blank."]);
  });
});

describe('issue 20: a @Transform that parses text is a departure, and the definition warns', () => {
  it("JSON.parse, a comparison with 'true', a split: one warning each, naming the property", () => {
    class Query {
      @Transform(({ value }) => value === 'true') @IsBoolean() active!: boolean;
      @Transform(({ value }) => (typeof value === 'string' ? JSON.parse(value) : value)) @Prop({ type: JsonObject }) filter!: object;
      @Transform(({ value }) => (value as string).split(',')) @Prop({ type: [String] }) tags!: string[];
      @Transform(({ value }) => (value as string).trim()) @IsString() name!: string;
    }
    const { tool } = toolOf(Query);
    expect(tool.warnings).toEqual([
      "@Transform on active compares the value with 'true' or 'false', a query-string idiom: the model sends JSON, so the value reaches the transform already as its JSON type and the idiom does not apply (a transform that then throws refuses the argument). Accept the JSON type in the transform.",
      '@Transform on filter calls JSON.parse, a query-string idiom: the model sends JSON, so the value reaches the transform already as its JSON type and the idiom does not apply (a transform that then throws refuses the argument). Accept the JSON type in the transform.',
      '@Transform on tags splits text, a query-string idiom: the model sends JSON, so the value reaches the transform already as its JSON type and the idiom does not apply (a transform that then throws refuses the argument). Accept the JSON type in the transform.',
    ]);
  });

  it('a transform that makes any value text (`${value}`, String(value)) warns: class-validator would take an object as "[object Object]", the tool takes a string', async () => {
    class SignUp {
      @Transform(({ value }) => `${value}`.trim()) @IsString() password!: string;
      @Transform(({ value }) => String(value).toLowerCase()) @IsString() email!: string;
    }
    const { tool } = toolOf(SignUp);
    expect(tool.warnings).toEqual([
      '@Transform on password converts any value to text, a query-string idiom: the model sends JSON, so the value reaches the transform already as its JSON type and the idiom does not apply (a transform that then throws refuses the argument). Accept the JSON type in the transform.',
      '@Transform on email converts any value to text, a query-string idiom: the model sends JSON, so the value reaches the transform already as its JSON type and the idiom does not apply (a transform that then throws refuses the argument). Accept the JSON type in the transform.',
    ]);
    const r = await tool.invoke({ dto: { password: { value: 1 }, email: 'A@B.C' } });
    expect([r.isError, textOf(r)]).toEqual([true, "Argument 'dto.password' must be a string."]);
  });
});
