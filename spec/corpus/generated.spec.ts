import 'reflect-metadata';
import * as fc from 'fast-check';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Tool } from 'tool-signatures';
import { DEPARTURES, judgeDto, silentRulesOf } from './judge';

/**
 * Property tests over generated class-validator DTOs (contract v3.1): random rule subsets on
 * properties of each JSON type, written in random decorator orders. The schema must not depend on
 * the order ("Order never matters"), and the invoker must agree with class-validator on generated
 * arguments, except by the contract's named departures (the same judge as dtos.spec.ts).
 */

enum Colour {
  Red = 'red',
  Green = 'green',
  Blue = 'blue',
}

type Decorator = PropertyDecorator;
interface RuleSpec {
  readonly name: string;
  readonly make: () => Decorator;
}
interface PropSpec {
  readonly key: string;
  readonly design: Function;
  readonly rules: readonly RuleSpec[];
}

const rule = (name: string, make: () => Decorator): RuleSpec => ({ name, make });

/** The rules a property of each kind may carry; a generated property takes a subset, in any order. */
const stringRules = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 5, max: 12 }))
  .chain(([lo, hi]) =>
    fc.constantFrom<readonly RuleSpec[]>(
      [rule(`MinLength(${lo})`, () => MinLength(lo)), rule(`MaxLength(${hi})`, () => MaxLength(hi))],
      [rule('IsNotEmpty', () => IsNotEmpty())],
      [rule('IsEmail', () => IsEmail())],
      [rule('IsUUID', () => IsUUID())],
      [rule('Matches(/^[a-z]+$/)', () => Matches(/^[a-z]+$/))],
      [rule("IsIn(['a','b','c'])", () => IsIn(['a', 'b', 'c']))],
      [rule('IsEnum(Colour)', () => IsEnum(Colour))],
      [rule(`MinLength(${lo})`, () => MinLength(lo)), rule('IsNotEmpty', () => IsNotEmpty())],
    ),
  );

const numberRules = fc
  .tuple(fc.integer({ min: -50, max: 0 }), fc.integer({ min: 1, max: 50 }))
  .chain(([lo, hi]) =>
    fc.constantFrom<readonly RuleSpec[]>(
      [rule(`Min(${lo})`, () => Min(lo)), rule(`Max(${hi})`, () => Max(hi))],
      [rule('IsInt', () => IsInt())],
      [rule('IsInt', () => IsInt()), rule(`Min(${lo})`, () => Min(lo)), rule(`Max(${hi})`, () => Max(hi))],
      [rule('IsPositive', () => IsPositive())],
      [],
    ),
  );

const arrayRules = fc
  .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 3, max: 5 }))
  .chain(([lo, hi]) =>
    fc.constantFrom<readonly RuleSpec[]>(
      [rule(`ArrayMinSize(${lo})`, () => ArrayMinSize(lo)), rule(`ArrayMaxSize(${hi})`, () => ArrayMaxSize(hi))],
      [rule('ArrayUnique', () => ArrayUnique())],
      [rule('MinLength(2) each', () => MinLength(2, { each: true }))],
      [],
    ),
  );

const optional = fc.boolean().map((o) => (o ? [rule('IsOptional', () => IsOptional())] : []));

const property = (key: string): fc.Arbitrary<PropSpec> =>
  fc.oneof(
    fc.tuple(stringRules, optional).map(([r, o]) => ({ key, design: String, rules: [rule('IsString', () => IsString()), ...r, ...o] })),
    fc.tuple(numberRules, optional).map(([r, o]) => ({ key, design: Number, rules: [rule('IsNumber', () => IsNumber()), ...r, ...o] })),
    optional.map((o) => ({ key, design: Boolean, rules: [rule('IsBoolean', () => IsBoolean()), ...o] })),
    fc.tuple(arrayRules, optional).map(([r, o]) => ({
      key,
      design: Array,
      rules: [rule('IsArray', () => IsArray()), rule('IsString each', () => IsString({ each: true })), ...r, ...o],
    })),
  );

/** A DTO: 1–4 properties, each with its rules in two independent random orders. */
const dto = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => property(`p${i}`))))
  .chain((props) =>
    fc.tuple(
      fc.constant(props),
      fc.tuple(...props.map((p) => fc.shuffledSubarray([...p.rules], { minLength: p.rules.length, maxLength: p.rules.length }))),
      fc.tuple(...props.map((p) => fc.shuffledSubarray([...p.rules], { minLength: p.rules.length, maxLength: p.rules.length }))),
    ),
  );

/** A class as TypeScript emits it: design:type, then the decorators bottom-up (the last written runs first). */
function build(props: readonly PropSpec[], orders: readonly (readonly RuleSpec[])[]): new () => object {
  const Generated = class Generated {};
  props.forEach((p, i) => {
    Reflect.defineMetadata('design:type', p.design, Generated.prototype, p.key);
    for (const r of [...orders[i]!].reverse()) r.make()(Generated.prototype, p.key);
  });
  return Generated;
}

const describeRules = (props: readonly PropSpec[], orders: readonly (readonly RuleSpec[])[]): string =>
  props.map((p, i) => `${p.key}: ${orders[i]!.map((r) => `@${r.name}`).join(' ')} (${p.design.name})`).join('; ');

const useDto = (dto: object): string => (dto === undefined ? 'none' : 'ok');

describe('generated class-validator DTOs (v3.1)', () => {
  it('write the same schema for every decorator order', () => {
    fc.assert(
      fc.property(dto, ([props, first, second]) => {
        const a = Tool.create(useDto, { name: 'f', params: { dto: build(props, first) } });
        const b = Tool.create(useDto, { name: 'f', params: { dto: build(props, second) } });
        if (JSON.stringify(a.inputSchema) !== JSON.stringify(b.inputSchema)) {
          throw new Error(
            `${describeRules(props, first)}\n  ${JSON.stringify(a.inputSchema)}\nvs\n${describeRules(props, second)}\n  ${JSON.stringify(b.inputSchema)}`,
          );
        }
        expect([...a.warnings].sort()).toEqual([...b.warnings].sort());
      }),
      { numRuns: 200, seed: 20 },
    );
  });

  // A rule that constrains nothing (`@ArrayMinSize(0)`, `@MinLength(0)`) is not a rule the model
  // must be told: the schema writes no `minItems: 0`, and the judge does not ask for one (judge.ts, `vacuous`).
  it('show every rule: by a keyword, or by a phrase and a warning', () => {
    fc.assert(
      fc.property(dto, ([props, first]) => {
        const cls = build(props, first);
        const silent = silentRulesOf(cls, Tool.create(useDto, { name: 'f', params: { dto: cls } }));
        if (silent.length > 0) throw new Error(`${describeRules(props, first)}: ${silent.join(', ')}`);
      }),
      { numRuns: 200, seed: 20 },
    );
  });

  it('agree with class-validator on generated arguments, except by the named departures', async () => {
    const allowed = new Set<string>(DEPARTURES);
    await fc.assert(
      fc.asyncProperty(dto, async ([props, first]) => {
        const cls = build(props, first);
        const result = await judgeDto({ id: 'generated/Generated', file: 'generated', cls });
        if (result.refused !== undefined) throw new Error(`${describeRules(props, first)}: refused ${result.refused.code} ${result.refused.message}`);
        const unexplained = result.disagreements.filter((d) => !allowed.has(d.kind));
        if (unexplained.length > 0) {
          const x = unexplained[0]!;
          throw new Error(
            `${describeRules(props, first)}\n  ${x.kind}: ${x.mutation} at ${x.at}: ${JSON.stringify(x.value)}\n  invoker ${x.invoker}: ${x.invokerText}\n  class-validator ${x.classValidator}: ${x.classValidatorText}\n  schema ${x.schema}`,
          );
        }
      }),
      { numRuns: 100, seed: 20 },
    );
  });
});
