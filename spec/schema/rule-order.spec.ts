import 'reflect-metadata';
import * as cv from 'class-validator';
import { Type } from 'class-transformer';
import fc from 'fast-check';
import { Param, Tool } from 'tool-signatures';

/**
 * Contract v3.1, "Order never matters": the same class-validator rules written in any order give
 * the same schema text (and the same warnings). Property test over generated rule sets on a string,
 * a number and an array property, with and without `@ValidateIf`, each set applied in random orders.
 */

type Rule = { readonly label: string; readonly make: () => PropertyDecorator };
const rule = (label: string, make: () => PropertyDecorator): Rule => ({ label, make });

enum Size {
  S = 's',
  M = 'm',
  L = 'l',
}

const STRING_RULES: readonly Rule[] = [
  rule('IsString', () => cv.IsString()),
  rule('IsEnum', () => cv.IsEnum(Size)),
  rule('IsIn', () => cv.IsIn(['s', 'm'])),
  rule('MinLength(1)', () => cv.MinLength(1)),
  rule('MinLength(2)', () => cv.MinLength(2)),
  rule('MaxLength(8)', () => cv.MaxLength(8)),
  rule('Length(1, 9)', () => cv.Length(1, 9)),
  rule('Matches(^[a-z])', () => cv.Matches(/^[a-z]/)),
  rule('Matches([a-z]$)', () => cv.Matches(/[a-z]$/)),
  rule('Matches(i)', () => cv.Matches(/^x/i)),
  rule('Contains', () => cv.Contains('s')),
  rule('IsNotEmpty', () => cv.IsNotEmpty()),
  rule('IsAlpha', () => cv.IsAlpha()),
  rule('IsLowercase', () => cv.IsLowercase()),
  rule('IsUUID(4)', () => cv.IsUUID('4')),
  rule('IsEmail', () => cv.IsEmail()),
  rule('IsUrl(https)', () => cv.IsUrl({ protocols: ['https'], require_protocol: true })),
  rule('IsUrl(tld)', () => cv.IsUrl({ require_tld: false })),
];

const NUMBER_RULES: readonly Rule[] = [
  rule('IsNumber', () => cv.IsNumber()),
  rule('IsNumber(2dp)', () => cv.IsNumber({ maxDecimalPlaces: 2 })),
  rule('IsInt', () => cv.IsInt()),
  rule('Min(0)', () => cv.Min(0)),
  rule('Min(-5)', () => cv.Min(-5)),
  rule('Max(100)', () => cv.Max(100)),
  rule('Max(50)', () => cv.Max(50)),
  rule('IsPositive', () => cv.IsPositive()),
  rule('IsDivisibleBy(2)', () => cv.IsDivisibleBy(2)),
  rule('IsDivisibleBy(3)', () => cv.IsDivisibleBy(3)),
  rule('IsDivisibleBy(0.5)', () => cv.IsDivisibleBy(0.5)),
  rule('NotEquals(7)', () => cv.NotEquals(7)),
];

const ARRAY_RULES: readonly Rule[] = [
  rule('IsArray', () => cv.IsArray()),
  rule('ArrayMinSize(1)', () => cv.ArrayMinSize(1)),
  rule('ArrayMinSize(2)', () => cv.ArrayMinSize(2)),
  rule('ArrayMaxSize(5)', () => cv.ArrayMaxSize(5)),
  rule('ArrayNotEmpty', () => cv.ArrayNotEmpty()),
  rule('ArrayUnique', () => cv.ArrayUnique()),
  rule('each IsUUID(4)', () => cv.IsUUID('4', { each: true })),
  rule('each MinLength(2)', () => cv.MinLength(2, { each: true })),
  rule('each IsAlpha', () => cv.IsAlpha(undefined, { each: true })),
  rule('each IsEnum', () => cv.IsEnum(Size, { each: true })),
  rule('ArrayContains', () => cv.ArrayContains(['s'])),
];

const CONDITION: Rule = rule('ValidateIf', () => cv.ValidateIf((o: { on?: boolean }) => o.on === true));

/** What a DTO with these decorators (applied in this order) gives: its property's text and the warnings, or its definition error. */
function outcome(rules: readonly Rule[], design: Function, extra: readonly PropertyDecorator[]): string {
  class Dto {
    v?: unknown;
  }
  for (const d of extra) d(Dto.prototype, 'v');
  for (const r of rules) r.make()(Dto.prototype, 'v');
  Reflect.defineMetadata('design:type', design, Dto.prototype, 'v');
  class A {
    @Tool() run(@Param({ type: () => Dto }) v: unknown) {
      return v;
    }
  }
  try {
    const tool = Tool.fromInstance(new A())[0]!;
    return JSON.stringify({ schema: (tool.inputSchema.properties as Record<string, unknown>).v, warnings: tool.warnings });
  } catch (e) {
    return `${(e as { code?: string }).code ?? ''} ${(e as Error).message}`;
  }
}

/** A set of rules from a pool (with or without @ValidateIf) and two other orders of it. */
function orders(pool: readonly Rule[]) {
  return fc
    .tuple(fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 6, selector: (r) => r.label }), fc.boolean())
    .chain(([set, conditional]) => {
      const rules = conditional ? [...set, CONDITION] : set;
      return fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length }), fc.shuffledSubarray(rules, { minLength: rules.length }));
    });
}

describe('Order never matters (v3.1): the same rules in any order write the same schema', () => {
  it.each([
    ['a string property', STRING_RULES, String, [] as PropertyDecorator[]],
    ['a number property', NUMBER_RULES, Number, []],
    ['an array property (items named by @Type)', ARRAY_RULES, Array, [Type(() => String)]],
  ] as const)('%s', (_label, pool, design, extra) => {
    fc.assert(
      fc.property(orders(pool), ([rules, a, b]) => {
        const first = outcome(rules, design, extra);
        expect(outcome(a, design, extra)).toBe(first);
        expect(outcome(b, design, extra)).toBe(first);
        expect([...rules].reverse().length).toBe(rules.length);
        expect(outcome([...rules].reverse(), design, extra)).toBe(first);
      }),
      { numRuns: 60 },
    );
  });

  it('every generated rule shows in the schema: a keyword, the type, a phrase or a warning', () => {
    for (const [pool, design, extra] of [
      [STRING_RULES, String, []],
      [NUMBER_RULES, Number, []],
      [ARRAY_RULES, Array, [Type(() => String)]],
    ] as const) {
      const bare = outcome([], design, extra);
      for (const r of pool) {
        for (const conditional of [false, true]) {
          const got = outcome(conditional ? [r, CONDITION] : [r], design, extra);
          const base = conditional ? outcome([CONDITION], design, extra) : bare;
          // IsString on a string, IsNumber on a number, IsArray on an array: the type says them.
          const saidByType = ['IsString', 'IsNumber', 'IsArray'].includes(r.label);
          expect([r.label, conditional, got !== base || saidByType]).toEqual([r.label, conditional, true]);
        }
      }
    }
  });
});
