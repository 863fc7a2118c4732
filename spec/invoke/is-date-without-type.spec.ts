import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsDate, IsOptional, validateSync } from 'class-validator';
import { Tool, type ToolDefinition } from 'tool-signatures';
import { paramText } from '../helpers/schema';

/**
 * `@IsDate()` without `@Type(() => Date)`: class-transformer leaves the JSON string a string, so
 * class-validator on its own (NestJS's ValidationPipe) refuses every JSON value. The tool keeps
 * accepting the date-time string (the schema says date-time, the method gets a Date) and its
 * warnings say that class-validator alone would refuse, and how to fix the DTO.
 */

class Meeting {
  @IsDate() at!: Date;
}

class Agenda {
  @IsOptional() @IsDate({ each: true }) slots!: Date[];
}

class Typed {
  @IsDate() @Type(() => Date) at!: Date;
}

class Transformed {
  @IsDate() @Transform(({ value }) => new Date(value as string)) at!: Date;
}

let received: unknown;
function tool(cls: Function): ToolDefinition {
  return Tool.create(
    function book(q: object) {
      received = q;
      return 'ok';
    },
    { params: { q: cls as never } },
  );
}

const classValidatorAccepts = (cls: Function, json: object): boolean =>
  validateSync(plainToInstance(cls as new () => object, json), { whitelist: true, forbidNonWhitelisted: true }).length === 0;

const AT = '2026-01-02T03:04:05Z';

describe('@IsDate() without @Type(() => Date)', () => {
  it('is accepted as a date-time and reaches the method as a Date, where class-validator alone refuses it; the tool warns', async () => {
    const t = tool(Meeting);
    expect(paramText(t, 'q')).toBe(
      '{"type":"object","properties":{"at":{"type":"string","format":"date-time"}},"required":["at"],"additionalProperties":false}',
    );
    expect(classValidatorAccepts(Meeting, { at: AT })).toBe(false);
    received = undefined;
    expect((await t.invoke({ q: { at: AT } })).isError).toBe(false);
    expect(received).toBeInstanceOf(Meeting);
    expect((received as Meeting).at).toEqual(new Date(AT));
    expect((await t.invoke({ q: { at: 'soon' } })).isError).toBe(true);
    expect(t.warnings).toEqual([
      'property Meeting.at: @IsDate() without @Type(() => Date): class-transformer leaves the JSON string a string, so class-validator on its own (a NestJS ValidationPipe) would refuse every JSON value here ("must be a Date instance"). This tool converts the date-time string to a Date and accepts it. Add @Type(() => Date) so that both accept it.',
    ]);
  });

  it('with { each: true } on a Date[]: the same warning', async () => {
    const t = tool(Agenda);
    expect(paramText(t, 'q')).toBe(
      '{"type":"object","properties":{"slots":{"type":"array","items":{"type":"string","format":"date-time"}}},"additionalProperties":false}',
    );
    expect(classValidatorAccepts(Agenda, { slots: [AT] })).toBe(false);
    expect((await t.invoke({ q: { slots: [AT] } })).isError).toBe(false);
    expect((received as Agenda).slots).toEqual([new Date(AT)]);
    expect(t.warnings).toEqual([
      'property Agenda.slots: @IsDate() without @Type(() => Date): class-transformer leaves the JSON string a string, so class-validator on its own (a NestJS ValidationPipe) would refuse every JSON value here ("must be a Date instance"). This tool converts the date-time string to a Date and accepts it. Add @Type(() => Date) so that both accept it.',
    ]);
  });

  it('with @Type(() => Date), or a @Transform that makes the Date, both accept it and there is no warning', async () => {
    for (const cls of [Typed, Transformed]) {
      const t = tool(cls);
      expect(classValidatorAccepts(cls, { at: AT })).toBe(true);
      expect((await t.invoke({ q: { at: AT } })).isError).toBe(false);
      expect((received as Typed).at).toEqual(new Date(AT));
      expect(t.warnings).toEqual([]);
    }
  });
});
