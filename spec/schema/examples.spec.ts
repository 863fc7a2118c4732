import 'reflect-metadata';
import { IsOptional, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Discriminated, Int32, Int64, Param, Prop, Range, Tool } from 'tool-signatures';
import { Filter } from '../fixtures/unions';
import { definitionError, inputText, paramText } from '../helpers/schema';

class Circle {
  @Prop() kind!: string;
  @Range(0, 10) radius!: number;
}
class Square {
  @Prop({ type: Int32 }) side!: number;
}
const Shape = Discriminated('kind', { circle: Circle, square: Square });

describe('Tool examples (v3): @Tool({ examples })', () => {
  it('are written as `examples` at the root, after additionalProperties and before $defs', () => {
    class Search {
      @Tool({ examples: [{ where: { field: 'status', equals: 'open' } }, { where: { or: [{ field: 'a' }, { and: [{ field: 'b', equals: 2 }] }] }, limit: 5 }] })
      search(@Param({ type: () => Filter }) where: Filter, @Param({ optional: true, type: Int32 }) limit?: number) {
        return [where, limit];
      }
    }
    const text = inputText(Tool.fromInstance(new Search())[0]!);
    expect(text).toBe(
      '{"type":"object","properties":{"where":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."},"limit":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["where"],"additionalProperties":false,' +
        '"examples":[{"where":{"field":"status","equals":"open"}},{"where":{"or":[{"field":"a"},{"and":[{"field":"b","equals":2}]}]},"limit":5}],"$defs":{"Filter":{"type":"object","properties":{"field":{"type":"string"},"equals":{"anyOf":[{"type":"string"},{"type":"number"}]},"and":{"type":"array","description":"All of these hold.","items":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}},"or":{"type":"array","description":"Any of these holds.","items":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}},"not":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}},"additionalProperties":false}}}',
    );
  });

  it('Tool.create(fn, { examples }) writes them too; a tool without parameters may give {}', () => {
    const add = Tool.create((a: number, b = 1) => a + b, { name: 'add', params: { a: Number, b: Number }, examples: [{ a: 1 }, { a: 2, b: 3 }] });
    expect(inputText(add)).toBe(
      '{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number","default":1}},"required":["a"],"additionalProperties":false,"examples":[{"a":1},{"a":2,"b":3}]}',
    );
    expect(inputText(Tool.create(() => 'pong', { name: 'ping', examples: [{}] }))).toBe(
      '{"type":"object","properties":{},"additionalProperties":false,"examples":[{}]}',
    );
  });

  it('a bigint is written as the JSON number it is (exact within ±2^53)', () => {
    const t = Tool.create((id: bigint) => String(id), { name: 'get', params: { id: Int64 }, examples: [{ id: 42n }, { id: 9007199254740991n }] });
    expect(JSON.stringify(t.inputSchema.examples)).toBe('[{"id":42},{"id":9007199254740991}]');
  });

  it('an example the invoker refuses is OLT015 with its problem text and index (the method is not called)', () => {
    let called = 0;
    class Draw {
      @Tool({
        examples: [
          { shapes: [{ kind: 'circle', radius: 1 }] },
          {
            shapes: [
              { kind: 'square', side: 1.5 },
              { kind: 'circle', radius: 11 },
            ],
          },
        ],
      })
      draw(@Param({ type: () => [Shape] }) shapes: (Circle | Square)[]) {
        called++;
        return shapes.length;
      }
    }
    const e = definitionError(() => Tool.fromInstance(new Draw()));
    expect(e.code).toBe('OLT015');
    expect(e.message).toBe(
      "OLT015: Cannot build tool 'draw' (Draw.draw): example 1 is refused by the tool's own invoker: " +
        "Argument 'shapes[0].side' must be an integer from -2147483648 to 2147483647.\nArgument 'shapes[1].radius' must be a number from 0 to 10. Fix the example, or the type it should fit.",
    );
    expect(called).toBe(0);
  });

  it('unknown, missing and wrong-typed arguments are refused as a call would be', () => {
    const e = definitionError(() => Tool.create((a: number) => a, { name: 'f', params: { a: Number }, examples: [{ a: 1 }, { b: 2 }] }));
    expect(e.message).toBe(
      "OLT015: Cannot build tool 'f' (function): example 1 is refused by the tool's own invoker: Argument 'a' is required.\nArgument 'b' is not a parameter of tool 'f'. Fix the example, or the type it should fit.",
    );
  });

  it('class-validator rules of the hydrated DTOs run on examples (synchronously)', () => {
    @ValidatorConstraint({ name: 'even' })
    class Even implements ValidatorConstraintInterface {
      validate(v: unknown) {
        return typeof v === 'number' && v % 2 === 0;
      }
      defaultMessage() {
        return 'must be even';
      }
    }
    class Pair {
      @Validate(Even) n!: number;
    }
    const e = definitionError(() => Tool.create((p: Pair) => p.n, { name: 'pair', params: { p: Pair }, examples: [{ p: { n: 2 } }, { p: { n: 3 } }] }));
    expect(e.message).toContain("example 1 is refused by the tool's own invoker: Argument 'p.n' must be even.");
  });

  it('examples that are not argument objects, or not JSON, are OLT015', () => {
    const make = (examples: unknown) => () => Tool.create((a: unknown) => a, { name: 'g', params: { a: Date }, examples: examples as never });
    expect(definitionError(make({ a: 1 })).message).toBe(
      "OLT015: Cannot build tool 'g' (function): examples must be an array of argument objects: @Tool({ examples: [{ city: 'Oslo' }] }).",
    );
    expect(definitionError(make(['x'])).message).toContain('examples must be an array of argument objects');
    expect(definitionError(make([{ a: new Date(0) }])).message).toBe(
      "OLT015: Cannot build tool 'g' (function): example 0 is not a JSON value: a Date at a (write its JSON form). " +
        'Write examples as JSON (strings, finite numbers, booleans, null, arrays and plain objects; a bigint only within ±2^53, as a JSON number cannot hold more).',
    );
    expect(definitionError(make([{ a: '2026-01-01T00:00:00Z' }, { a: 2n ** 60n }])).message).toContain(
      'example 1 is not a JSON value: the bigint 1152921504606846976 at a is beyond ±2^53.',
    );
    expect(definitionError(make([{ a: [1, undefined] }])).message).toContain('example 0 is not a JSON value: undefined at a[1].');
  });
});

describe('Slot examples (v3): @Param / @Prop({ examples })', () => {
  it("are written as the slot's `examples`, after `default`", () => {
    class Weather {
      @Tool() forecast(@Param({ examples: ['Oslo', 'Lima'], description: 'A city.' }) city: string, @Range(1, 7) days = 3) {
        return `${city} ${days}`;
      }
    }
    expect(paramText(Tool.fromInstance(new Weather())[0]!, 'city')).toBe('{"type":"string","description":"A city.","examples":["Oslo","Lima"]}');
    class Days {
      @Tool() f(@Param({ default: 3, examples: [1, 7] }) @Range(1, 7) days: number) {
        return days;
      }
    }
    expect(paramText(Tool.fromInstance(new Days())[0]!, 'days')).toBe('{"type":"number","minimum":1,"maximum":7,"default":3,"examples":[1,7]}');
  });

  it('on a DTO property, and beside a $ref to a recursive class', () => {
    class Query {
      @Prop({ examples: ['status'] }) field!: string;
      @IsOptional() @Prop({ type: () => Filter, examples: [{ field: 'a' }] }) also?: Filter;
    }
    class Q {
      @Tool() q(query: Query) {
        return query;
      }
    }
    Reflect.defineMetadata('design:paramtypes', [Query], Q.prototype, 'q');
    expect(paramText(Tool.fromInstance(new Q())[0]!, 'query')).toBe(
      '{"type":"object","properties":{"field":{"type":"string","examples":["status"]},"also":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions.","examples":[{"field":"a"}]}},"required":["field"],"additionalProperties":false}',
    );
  });

  it("a slot example the slot refuses is OLT015 naming the slot, with the invoker's text", () => {
    class P {
      @Tool() p(@Param({ examples: [3, 0] }) @Range(1, 7) days: number) {
        return days;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new P())).message).toBe(
      "OLT015: Cannot build tool 'p' (P.p), parameter #0 'days': example 1 is refused by the tool's own invoker: Argument 'days' must be a number from 1 to 7. Fix the example, or the type it should fit.",
    );
    class Box {
      @Prop({ examples: ['x', 'no'], minLength: 3 }) label!: string;
    }
    class B {
      @Tool() b(@Param({ type: Box }) box: Box) {
        return box;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new B())).message).toBe(
      "OLT015: Cannot build tool 'b' (B.b), parameter #0 'box', property Box.label: example 0 is refused by the tool's own invoker: Argument 'label' must be at least 3 characters long. Fix the example, or the type it should fit.",
    );
  });

  it('slot examples that are not an array are OLT015', () => {
    class Box {
      @Prop({ examples: 'x' as never }) label!: string;
    }
    class B {
      @Tool() b(@Param({ type: Box }) box: Box) {
        return box;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new B())).message).toBe(
      "OLT015: Cannot build tool 'b' (B.b), parameter #0 'box', property Box.label: examples must be an array of values: @Param({ examples: ['Oslo'] }) or @Prop({ examples: ['Oslo'] }).",
    );
  });

  it('a slot example that is not JSON is OLT015', () => {
    class D {
      @Tool() d(@Param({ examples: [new Date(0)] }) when: Date) {
        return when;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new D())).message).toContain(
      "parameter #0 'when': example 0 is not a JSON value: a Date (write its JSON form).",
    );
  });
});

describe("the README's examples", () => {
  it('Weather: tool and slot examples, and a refused one', () => {
    class Weather {
      @Tool({ examples: [{ city: 'Oslo' }, { city: 'Lima', days: 3 }] })
      forecast(@Param({ examples: ['Oslo'] }) city: string, @Range(1, 7) days = 1) {
        return `${city} ${days}`;
      }
    }
    expect(inputText(Tool.fromInstance(new Weather())[0]!)).toBe(
      '{"type":"object","properties":{"city":{"type":"string","examples":["Oslo"]},"days":{"type":"number","minimum":1,"maximum":7,"default":1}},' +
        '"required":["city"],"additionalProperties":false,"examples":[{"city":"Oslo"},{"city":"Lima","days":3}]}',
    );
    const refused = (() => {
      class Weather {
        @Tool({ examples: [{ city: 'Oslo', days: 9 }] })
        forecast(@Param({ examples: ['Oslo'] }) city: string, @Range(1, 7) days = 1) {
          return `${city} ${days}`;
        }
      }
      return new Weather();
    })();
    expect(definitionError(() => Tool.fromInstance(refused)).message).toBe(
      "OLT015: Cannot build tool 'forecast' (Weather.forecast): example 0 is refused by the " +
        "tool's own invoker: Argument 'days' must be a number from 1 to 7. Fix the example, or the type it should fit.",
    );
  });

  it('Pager: one-sided ranges', () => {
    class Pager {
      @Tool() page(@Range(1, Infinity) @Param() size: number, @Range(0) @Param({ type: Int32 }) offset: number) {
        return size + offset;
      }
    }
    const t = Tool.fromInstance(new Pager())[0]!;
    expect(paramText(t, 'size')).toBe('{"type":"number","minimum":1}');
    expect(paramText(t, 'offset')).toBe('{"type":"integer","minimum":0,"maximum":2147483647}');
  });
});
