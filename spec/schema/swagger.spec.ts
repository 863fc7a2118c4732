/**
 * CONTRACT v3.2, "Types that real DTOs state elsewhere", with the real @nestjs/swagger 12 and
 * @nestjs/mapped-types 12 (ES modules only: spec/schema/programs/swagger.ts runs them in a spawned
 * Node, as a CommonJS Nest app on Node 20 loads them, and prints what it saw). Every DTO's verdicts
 * are compared there with class-validator's, as ValidationPipe runs it.
 */
import { runProgram } from '../helpers/programs';

type Built = { schema: string; warnings: string[]; verdicts: { agree: number; differ: string[] } };
let out: Record<string, unknown>;
const b = (name: string): Built => out[name] as Built;

beforeAll(async () => {
  // The program compiles the swagger fixtures beside itself: it runs from its own copy.
  out = await runProgram<Record<string, unknown>>('spec/schema/programs/swagger.ts', ['spec/schema/programs'], true);
}, 300_000);

const NOT_EMPTY =
  'class-validator rule isNotEmpty has no JSON Schema keyword: the description says "Must not be empty.", and class-validator still enforces it.';
const untyped = (property: string, as: 'any JSON value' | 'any array') =>
  `OLT016: property ${property}: no source names its type (its design type was erased, and no hint, plugin type, class-validator type rule or @nestjs/swagger type names it), so it accepts ${as}, as class-validator does. Name its type: a class-validator rule (${as === 'any array' ? '@IsString({ each: true }), or @Type(() => Item)' : '@IsString(), @IsNumber(), @IsBoolean(), @IsEnum(E), or @ValidateNested() with @Type(() => Dto)'}), @Prop({ type: ... }), @ApiProperty({ type: ... }), or compile with the tool-signatures plugin.`;

describe('@nestjs/swagger is a type source (@ApiProperty, @ApiPropertyOptional)', () => {
  it('types erased slots from type (a class, a thunk, a name), isArray and enum; tells enum values, integer, format and bounds as phrases; takes description and examples', () => {
    expect(b('createUser').schema).toBe(
      '{"type":"object","properties":{' +
        '"firstName":{"type":"string","description":"Must not be empty.","examples":["John"]},' +
        '"photo":{"type":["object","null"],"properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false},' +
        '"files":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}},' +
        '"role":{"type":"string","description":"What the user may do Must not be empty. Documented values: \\"admin\\", \\"user\\"."},' +
        '"seats":{"type":"number","description":"Must not be empty. Documented as an integer. Documented minimum: 1.","examples":[2]},' +
        '"code":{"type":"string"},' +
        '"email":{"type":"string","description":"Documented format: email."},' +
        '"filters":{"type":"array"}},' +
        '"required":["firstName","files","role","seats","code","email"],"additionalProperties":false}',
    );
  });

  it('warns where swagger and an earlier source disagree (the earlier wins), where an example does not fit, and names each slot no source types', () => {
    expect(b('createUser').warnings).toEqual([
      NOT_EMPTY,
      'property CreateUserDto.seats: the @nestjs/swagger example "many" is not a value of its type (number) and is not written. Fix the example.',
      "property CreateUserDto.code: its class-validator rules (string) and @ApiProperty() (number) name different types; the first stands, as the earlier source (a hint, the plugin's type, class-validator's rules, then @nestjs/swagger). Make them agree.",
      untyped('CreateUserDto.filters', 'any array'),
    ]);
  });

  it("keeps class-validator's verdicts: swagger's enum and integer narrow nothing; only the contract's nested-without-ValidateNested line differs", () => {
    expect(b('createUser').verdicts).toEqual({
      agree: 7,
      // `files` has @IsArray() alone: class-validator does not look inside; nested DTOs are validated with or without @ValidateNested (v3.1).
      differ: ['{"firstName":"Ann","files":[{"id":1}],"role":"admin","seats":2,"code":"x","email":"a"}: invoker false, class-validator true'],
    });
  });
});

describe('Mapped types carry rules, types, swagger metadata and initializers', () => {
  it.each([
    [
      'SwaggerPartial',
      '{"type":"object","properties":{"name":{"type":"string","description":"The name","minLength":2},"qty":{"type":["number","null"],"description":"Must not be empty. Documented as an integer."},"note":{"type":"string"}},"additionalProperties":false}',
    ],
    [
      'SwaggerPick',
      '{"type":"object","properties":{"name":{"type":"string","description":"The name","minLength":2},"qty":{"type":"number","description":"Must not be empty. Documented as an integer."}},"required":["name","qty"],"additionalProperties":false}',
    ],
    [
      'SwaggerOmit',
      '{"type":"object","properties":{"name":{"type":"string","description":"The name","minLength":2},"note":{"type":"string"}},"required":["name"],"additionalProperties":false}',
    ],
    [
      'SwaggerBoth',
      '{"type":"object","properties":{"name":{"type":"string","description":"The name","minLength":2},"qty":{"type":"number","description":"Must not be empty. Documented as an integer."},"note":{"type":"string"},"email":{"type":"string","format":"email"}},"required":["name","qty","email"],"additionalProperties":false}',
    ],
    // @nestjs/mapped-types copies rules, not design types: qty (@IsNotEmpty() alone) is what class-validator enforces.
    [
      'MappedPartial',
      '{"type":"object","properties":{"name":{"type":"string","minLength":2},"qty":{"description":"Must not be empty."},"note":{"type":"string"}},"additionalProperties":false}',
    ],
    [
      'MappedPick',
      '{"type":"object","properties":{"name":{"type":"string","minLength":2},"note":{"type":"string"}},"required":["name"],"additionalProperties":false}',
    ],
    [
      'MappedOmit',
      '{"type":"object","properties":{"name":{"type":"string","minLength":2},"note":{"type":"string"}},"required":["name"],"additionalProperties":false}',
    ],
    [
      'MappedBoth',
      '{"type":"object","properties":{"name":{"type":"string","minLength":2},"qty":{"description":"Must not be empty."},"note":{"type":"string"},"email":{"type":"string","format":"email"}},"required":["name","qty","email"],"additionalProperties":false}',
    ],
  ])("%s: its schema, and every verdict is class-validator's", (name, schema) => {
    expect(b(name).schema).toBe(schema);
    expect(b(name).verdicts).toEqual({ agree: 9, differ: [] });
  });

  it('names the untyped slot of a @nestjs/mapped-types class', () => {
    expect(b('MappedPartial').warnings).toEqual([untyped('MappedPartial.qty', 'any JSON value'), NOT_EMPTY]);
  });

  it("an absent property keeps its source's initializer, as class-transformer constructs the mapped class", () => {
    expect(out['initializers']).toEqual([['none'], ['none'], ['none'], ["Argument 'dto.email' must be an email."]]);
  });
});

describe('Every rule under @ValidateIf is told', () => {
  it('@IsString() @IsNotEmpty() @MinLength(3) under @ValidateIf: all three in the phrase, the type rule included', () => {
    expect(b('signIn').schema).toBe(
      '{"type":"object","properties":{"providerToken":{"type":"string"},"password":{"type":"string","description":"Must not be empty. Must be a string. Must be at least 3 characters long. Applies only when another property allows it."}},"additionalProperties":false}',
    );
    expect(b('signIn').warnings.map((w) => /^class-validator rule (\w+) holds only when/.exec(w)?.[1])).toEqual(['isNotEmpty', 'isString', 'minLength']);
    expect(b('signIn').verdicts).toEqual({ agree: 5, differ: [] });
  });
});

describe("The swagger CLI plugin (real @nestjs/swagger/plugin transformer), alone and with this library's plugin", () => {
  const props = (name: string) => (JSON.parse(b(name).schema) as { properties: Record<string, unknown> }).properties;

  it('the reflector reads the metadata factory: the types tsc erased are in the schema, and the doc comment is the description', () => {
    const p = props('orders-swagger');
    expect(JSON.stringify(p['customer'])).toBe('{"type":"string","description":"Who orders. Must not be empty."}');
    expect(JSON.stringify(p['priority'])).toBe('{"type":["string","null"],"description":"Documented values: \\"low\\", \\"high\\"."}');
    expect(JSON.stringify(p['note'])).toBe('{"type":["string","null"]}');
    expect(JSON.stringify(p['tags'])).toBe('{"type":"array","items":{"type":"string"}}');
    expect(b('orders-swagger').verdicts).toEqual({ agree: 11, differ: [] });
  });

  it('both plugins together write the same schema as the reflector reading swagger, where the types agree', () => {
    const swagger = props('orders-swagger');
    const both = props('orders-both');
    expect(Object.keys(both)).toEqual(Object.keys(swagger));
    for (const key of Object.keys(swagger)) {
      // `priority?: Priority | null`: the TypeScript type (an enum, read by this library's plugin) says
      // more than swagger's `enum` does to the reflector (values told, not enforced): the types differ.
      if (key === 'priority') continue;
      expect([key, JSON.stringify(both[key])]).toEqual([key, JSON.stringify(swagger[key])]);
    }
    expect(JSON.stringify(both['priority'])).toBe('{"type":["string","null"],"enum":["low","high",null]}');
    expect(b('orders-both').warnings).toEqual(b('orders-swagger').warnings);
  });

  it('without either plugin, the erased slots are what class-validator enforces, each named', () => {
    const p = props('orders-plain');
    expect([p['customer'], p['priority'], p['note'], p['tags']].map((x) => JSON.stringify(x))).toEqual([
      '{"description":"Must not be empty."}',
      '{}',
      '{}',
      '{"type":"array"}',
    ]);
    expect(b('orders-plain').warnings.filter((w) => w.startsWith('OLT016:'))).toEqual([
      untyped('CreateOrderDto.customer', 'any JSON value'),
      untyped('CreateOrderDto.priority', 'any JSON value'),
      untyped('CreateOrderDto.note', 'any JSON value'),
      untyped('CreateOrderDto.tags', 'any array'),
    ]);
    expect(b('orders-plain').verdicts).toEqual({ agree: 11, differ: [] });
  });
});
