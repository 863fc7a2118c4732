import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { AnyOf, Description, Discriminated, EnumOf, Int32, JsonObject, Nullable, ObjectOf, Param, Prop, Tool } from 'tool-signatures';
import { definitionError, inputText, outputText, paramText } from '../helpers/schema';

/**
 * Contract v3.1, "DTOs as real projects write them", last bullet: a member of `AnyOf` may be a slot's
 * options object, whose description and constraints are written in that member's fragment; a DTO
 * class's `@Description` (a shape's `description`) is written on its own fragment where no slot
 * carries it: a union member, an item.
 */

function fragmentOf(type: unknown, options: object = {}): string {
  class A {
    @Tool() run(@Param({ type: type as never, ...options }) v: unknown) {
      return v;
    }
  }
  return paramText(Tool.fromInstance(new A())[0]!, 'v');
}

describe('Union members carry their own options (v3.1)', () => {
  it('string (minLength 1) | string[] (minItems 1, each minLength 1): each member its own constraints', () => {
    expect(fragmentOf(AnyOf({ type: String, minLength: 1 }, { type: [String], minItems: 1, each: { minLength: 1 } }))).toBe(
      '{"anyOf":[{"type":"string","minLength":1},{"type":"array","items":{"type":"string","minLength":1},"minItems":1}]}',
    );
  });

  it("a described object member beside a string: the description in the member, the slot's own before anyOf", () => {
    expect(fragmentOf(AnyOf({ type: JsonObject, description: 'The property values' }, String), { description: 'Properties to set.' })).toBe(
      '{"description":"Properties to set.","anyOf":[{"type":"object","description":"The property values"},{"type":"string"}]}',
    );
  });

  it("keywords in the contract's order inside a member (type, format, description, bounds, lengths, pattern)", () => {
    expect(
      fragmentOf(
        AnyOf(
          { type: Int32, description: 'A page number.', minimum: 1 },
          { maxLength: 20, description: 'A cursor.', pattern: '^[a-z0-9]+$', type: String, minLength: 4 },
          { type: String, format: 'email', description: 'An owner.' },
        ),
      ),
    ).toBe(
      '{"anyOf":[{"type":"integer","description":"A page number.","minimum":1,"maximum":2147483647},' +
        '{"type":"string","description":"A cursor.","minLength":4,"maxLength":20,"pattern":"^[a-z0-9]+$"},' +
        '{"type":"string","format":"email","description":"An owner."}]}',
    );
  });

  it('a nullable member, an enum member, and Nullable(AnyOf(...)) with options members', () => {
    expect(fragmentOf(AnyOf({ type: String, nullable: true, minLength: 1 }, { enum: ['auto'], description: 'Let the server pick.' }))).toBe(
      '{"anyOf":[{"type":["string","null"],"minLength":1},{"type":"string","description":"Let the server pick.","enum":["auto"]}]}',
    );
    expect(fragmentOf(Nullable(AnyOf({ type: Number, exclusiveMinimum: 0 }, EnumOf(['auto']))))).toBe(
      '{"anyOf":[{"type":"number","exclusiveMinimum":0},{"type":"string","enum":["auto"]},{"type":"null"}]}',
    );
  });

  it('members with options on a DTO property, an ObjectOf property and inside an array', () => {
    class Query {
      @Prop({ type: AnyOf({ type: String, minLength: 1 }, { type: [String], minItems: 1 }) }) ids!: string | string[];
    }
    const Shape = ObjectOf({ tags: { type: [AnyOf({ type: String, maxLength: 8 }, { type: Int32, minimum: 0 })], optional: true } });
    expect(fragmentOf(Query)).toBe(
      '{"type":"object","properties":{"ids":{"anyOf":[{"type":"string","minLength":1},{"type":"array","items":{"type":"string"},"minItems":1}]}},"required":["ids"],"additionalProperties":false}',
    );
    expect(fragmentOf(Shape)).toBe(
      '{"type":"object","properties":{"tags":{"type":"array","items":{"anyOf":[{"type":"string","maxLength":8},{"type":"integer","minimum":0,"maximum":2147483647}]}}},"additionalProperties":false}',
    );
  });

  it('Tool.create params take members with options (the published-tool form)', () => {
    const t = Tool.create((path: string | string[]) => String(path), {
      name: 'read',
      params: {
        path: { type: AnyOf({ type: String, minLength: 1, description: 'One path.' }, { type: [String], minItems: 1 }), description: 'What to read.' },
      },
    });
    expect(inputText(t)).toBe(
      '{"type":"object","properties":{"path":{"description":"What to read.","anyOf":[{"type":"string","description":"One path.","minLength":1},{"type":"array","items":{"type":"string"},"minItems":1}]}},"required":["path"],"additionalProperties":false}',
    );
  });

  it('a misspelt member option is OLT015 naming it and the member options', () => {
    const e = definitionError(() => fragmentOf(AnyOf({ type: String, minLenght: 1 } as never, Number)));
    expect([e.code, e.message]).toEqual([
      'OLT015',
      expect.stringContaining("An AnyOf member has no option 'minLenght'. Its options are: type, nullable, description, enum, minLength"),
    ]);
    const type = definitionError(() => fragmentOf(AnyOf({ tpye: String, minLength: 1 } as never, Number)));
    expect([type.code, type.message]).toEqual(['OLT015', expect.stringContaining("An AnyOf member has no option 'tpye'.")]);
  });

  it("the slot's own options (optional, default, name) are not a member's: OLT015", () => {
    for (const key of ['optional', 'default', 'name']) {
      const e = definitionError(() => fragmentOf(AnyOf({ type: String, [key]: 'x' } as never, Number)));
      expect([e.code, e.message]).toEqual(['OLT015', expect.stringContaining(`An AnyOf member has no option '${key}'.`)]);
    }
  });

  it("options that name no type, and an option the member's type cannot carry, are OLT015", () => {
    const none = definitionError(() => fragmentOf(AnyOf({ description: 'x', minLength: 1 } as never, Number)));
    expect([none.code, none.message]).toEqual([
      'OLT015',
      expect.stringContaining("an AnyOf member given as options (description, minLength) names no type. Give the member's type"),
    ]);
    const misfit = definitionError(() => fragmentOf(AnyOf({ type: Number, minLength: 1 }, String)));
    expect(misfit.code).toBe('OLT015');
  });

  it('an enum object member is still an enum (its keys are not options)', () => {
    enum Mode {
      Fast = 'fast',
      Slow = 'slow',
    }
    expect(fragmentOf(AnyOf(Mode as never, Int32))).toBe(
      '{"anyOf":[{"type":"string","enum":["fast","slow"]},{"type":"integer","minimum":-2147483648,"maximum":2147483647}]}',
    );
  });
});

describe("A DTO class's @Description is written on its own fragment where no slot carries it (v3.1)", () => {
  @Description('A labelled point.')
  class Pin {
    @Prop() label!: string;
  }
  const pin = '"properties":{"label":{"type":"string"}},"required":["label"],"additionalProperties":false';

  it("on a union member and on an array item; a member's own description wins", () => {
    expect(fragmentOf(AnyOf(Pin, [Pin], { type: Pin, description: 'The one pin.' }))).toBe(
      `{"anyOf":[{"type":"object","description":"A labelled point.",${pin}},{"type":"array","items":{"type":"object","description":"A labelled point.",${pin}}},{"type":"object","description":"The one pin.",${pin}}]}`,
    );
  });

  it("a slot that carries a description keeps it; one that does not falls back to the class's (as in v3)", () => {
    class Board {
      @Description('Where it starts.') @Prop() start!: Pin;
      @IsOptional() @Prop() end?: Pin;
      @Prop({ type: [Pin], description: 'Every pin.' }) pins!: Pin[];
    }
    expect(fragmentOf(Board)).toBe(
      `{"type":"object","properties":{"start":{"type":"object","description":"Where it starts.",${pin}},"end":{"type":"object","description":"A labelled point.",${pin}},` +
        `"pins":{"type":"array","description":"Every pin.","items":{"type":"object","description":"A labelled point.",${pin}}}},"required":["start","pins"],"additionalProperties":false}`,
    );
  });

  it("a shape's description on an item and a tagged union's members", () => {
    const Dot = ObjectOf({ x: Number }, { name: 'Dot', description: 'A dot.' });
    @Description('A square.')
    class Sq {
      @Prop() side!: number;
    }
    expect(fragmentOf([Dot])).toBe(
      '{"type":"array","items":{"type":"object","description":"A dot.","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}}',
    );
    expect(fragmentOf(Discriminated('kind', { sq: Sq }))).toBe(
      '{"anyOf":[{"type":"object","description":"A square.","properties":{"kind":{"type":"string","enum":["sq"]},"side":{"type":"number"}},"required":["kind","side"],"additionalProperties":false}]}',
    );
  });

  it('the root of an output schema is unchanged; its items carry the description', () => {
    class T {
      @Tool({ returns: Pin }) one(): Pin {
        return { label: 'a' };
      }
      @Tool({ returns: [Pin] }) many(): Pin[] {
        return [];
      }
    }
    const [one, many] = Tool.fromInstance(new T());
    expect(outputText(one!)).toBe(`{"type":"object",${pin}}`);
    expect(outputText(many!)).toBe(`{"type":"array","items":{"type":"object","description":"A labelled point.",${pin}}}`);
  });
});

describe("A union member's own examples (v3.1)", () => {
  it('are written in the member and checked by that member when the definition is made', () => {
    expect(fragmentOf(AnyOf({ type: String, minLength: 1, examples: ['src'] }, Number))).toBe(
      '{"anyOf":[{"type":"string","minLength":1,"examples":["src"]},{"type":"number"}]}',
    );
    const e = definitionError(() => fragmentOf(AnyOf({ type: String, minLength: 2, examples: ['a'] }, Number)));
    expect([e.code, e.message]).toEqual(['OLT015', expect.stringContaining("Argument 'v' must be at least 2 characters long.")]);
  });
});

describe('Discriminated members with their own description (v3.1)', () => {
  it("{ type, description } writes the description on that member, over the class's; other keys are OLT015", () => {
    @Description('A square.')
    class Sq {
      @Prop() side!: number;
    }
    class Ci {
      @Prop() r!: number;
    }
    expect(fragmentOf(Discriminated('kind', { sq: { type: Sq, description: 'Four equal sides.' }, ci: Ci }))).toBe(
      '{"anyOf":[{"type":"object","description":"Four equal sides.","properties":{"kind":{"type":"string","enum":["sq"]},"side":{"type":"number"}},"required":["kind","side"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["ci"]},"r":{"type":"number"}},"required":["kind","r"],"additionalProperties":false}]}',
    );
    const e = definitionError(() => fragmentOf(Discriminated('kind', { sq: { type: Sq, minLength: 1 } as never })));
    expect([e.code, e.message]).toEqual([
      'OLT015',
      expect.stringContaining("A Discriminated member has no option 'minLength'. Its options are: type, description."),
    ]);
  });
});
