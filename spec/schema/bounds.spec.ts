import 'reflect-metadata';
import { IsDivisibleBy, IsInt, IsNegative, IsPositive } from 'class-validator';
import { Int32, Int64, Param, Prop, Range, Tool, ToolResult, UInt8 } from 'tool-signatures';
import { definitionError, paramText } from '../helpers/schema';

function dtoProps(dto: Function): string {
  class A {
    @Tool() run(@Param({ type: () => dto }) v: unknown) {
      return v;
    }
  }
  return JSON.stringify(JSON.parse(paramText(Tool.fromInstance(new A())[0]!, 'v')).properties);
}

function textOf(r: ToolResult): string {
  expect(r.isError).toBe(true);
  return (r.parts[0] as { text: string }).text;
}

describe('One-sided and exclusive bounds (v3)', () => {
  describe('@Range with an open side', () => {
    it('on number: the open side writes nothing (Infinity, -Infinity or undefined)', () => {
      class A {
        @Tool() run(@Range(1, Infinity) a: number, @Range(-Infinity, 10) b: number, @Range(undefined, 5) c: number, @Range(0) d: number) {
          return [a, b, c, d];
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect(paramText(t, 'a')).toBe('{"type":"number","minimum":1}');
      expect(paramText(t, 'b')).toBe('{"type":"number","maximum":10}');
      expect(paramText(t, 'c')).toBe('{"type":"number","maximum":5}');
      expect(paramText(t, 'd')).toBe('{"type":"number","minimum":0}');
    });

    it("on an integer token or bigint: the type's own bound stays", () => {
      class A {
        @Tool() run(
          @Range(1, Infinity) @Param({ type: Int32 }) a: number,
          @Range(-Infinity, 9) @Param({ type: UInt8 }) b: number,
          @Range(1n, undefined) @Param({ type: Int64 }) c: bigint,
        ) {
          return [a, b, c];
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect(paramText(t, 'a')).toBe('{"type":"integer","minimum":1,"maximum":2147483647}');
      expect(paramText(t, 'b')).toBe('{"type":"integer","minimum":0,"maximum":9}');
      expect(paramText(t, 'c')).toBe('{"type":"integer","minimum":1,"maximum":9223372036854775000}');
    });

    it('on a DTO property', () => {
      class Dto {
        @Range(0, Infinity) price!: number;
      }
      expect(dtoProps(Dto)).toBe('{"price":{"type":"number","minimum":0}}');
    });

    it('both sides open on a string is OLT015', () => {
      class A {
        @Tool() run(@Range(-Infinity, Infinity) s: string) {
          return s;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT015');
    });
  });

  describe('@Param/@Prop({ exclusiveMinimum, exclusiveMaximum, multipleOf })', () => {
    it("on number: written in the contract's order", () => {
      class A {
        @Tool() run(@Param({ exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 }) p: number) {
          return p;
        }
      }
      expect(paramText(Tool.fromInstance(new A())[0]!, 'p')).toBe('{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1,"multipleOf":0.25}');
    });

    it('beside an inclusive bound', () => {
      class Dto {
        @Range(0, 100) @Prop({ exclusiveMinimum: 0 }) pct!: number;
      }
      expect(dtoProps(Dto)).toBe('{"pct":{"type":"number","minimum":0,"exclusiveMinimum":0,"maximum":100}}');
    });

    it('on an integer: the next integer inside, as minimum/maximum (never exclusive keywords)', () => {
      class A {
        @Tool() run(@Param({ type: Int32, exclusiveMinimum: 0, exclusiveMaximum: 10.5, multipleOf: 5 }) n: number) {
          return n;
        }
      }
      expect(paramText(Tool.fromInstance(new A())[0]!, 'n')).toBe('{"type":"integer","minimum":1,"maximum":10,"multipleOf":5}');
    });

    it('on bigint: as minimum/maximum', () => {
      class A {
        @Tool() run(@Param({ type: Int64, exclusiveMinimum: -1 }) n: bigint) {
          return n;
        }
      }
      expect(paramText(Tool.fromInstance(new A())[0]!, 'n')).toBe('{"type":"integer","minimum":0,"maximum":9223372036854775000}');
    });

    it('multipleOf that is not positive, an infinite exclusive bound, or either on a string is OLT015', () => {
      class A {
        @Tool() run(@Param({ multipleOf: 0 }) n: number) {
          return n;
        }
      }
      class B {
        @Tool() run(@Param({ exclusiveMinimum: Infinity }) n: number) {
          return n;
        }
      }
      class C {
        @Tool() run(@Param({ exclusiveMaximum: 3 }) s: string) {
          return s;
        }
      }
      class D {
        @Tool() run(@Param({ multipleOf: 2 }) s: string) {
          return s;
        }
      }
      for (const K of [A, B, C, D]) expect(definitionError(() => Tool.fromInstance(new K())).code).toBe('OLT015');
    });
  });

  describe('class-validator @IsPositive / @IsNegative / @IsDivisibleBy', () => {
    it('on number: exclusiveMinimum 0 / exclusiveMaximum 0 / multipleOf', () => {
      class Dto {
        @IsPositive() up!: number;
        @IsNegative() down!: number;
        @IsDivisibleBy(3) three!: number;
      }
      expect(dtoProps(Dto)).toBe(
        '{"up":{"type":"number","exclusiveMinimum":0},"down":{"type":"number","exclusiveMaximum":0},"three":{"type":"number","multipleOf":3}}',
      );
    });

    it('on integers: minimum 1 / maximum -1', () => {
      class Dto {
        @IsPositive() @IsInt() up!: number;
        @IsNegative() @Prop({ type: Int32 }) down!: number;
      }
      expect(dtoProps(Dto)).toBe(
        '{"up":{"type":"integer","minimum":1,"maximum":9007199254740991},"down":{"type":"integer","minimum":-2147483648,"maximum":-1}}',
      );
    });
  });

  describe('enforced by the invoker, with the range said whole', () => {
    class Dto {
      @IsPositive() up!: number;
      @IsDivisibleBy(5) @IsInt() five!: number;
    }
    class A {
      @Tool() run(
        @Param({ exclusiveMinimum: 0, exclusiveMaximum: 1 }) p: number,
        @Range(1, Infinity) atLeast: number,
        @Param({ multipleOf: 0.5 }) half: number,
        @Param({ type: Int32, exclusiveMinimum: 0 }) count: number,
        @Param({ type: () => Dto }) dto: Dto,
      ) {
        return [p, atLeast, half, count, dto];
      }
    }
    const tool = () => Tool.fromInstance(new A())[0]!;
    const valid = { p: 0.5, atLeast: 1, half: 1.5, count: 1, dto: { up: 0.1, five: 10 } };

    it('accepts values inside', async () => {
      expect((await tool().invoke(valid)).isError).toBe(false);
    });

    it('refuses each side with its own line', async () => {
      expect(textOf(await tool().invoke({ ...valid, p: 0 }))).toBe("Argument 'p' must be a number greater than 0 and less than 1.");
      expect(textOf(await tool().invoke({ ...valid, p: 1 }))).toBe("Argument 'p' must be a number greater than 0 and less than 1.");
      expect(textOf(await tool().invoke({ ...valid, atLeast: 0.5 }))).toBe("Argument 'atLeast' must be a number of at least 1.");
      expect(textOf(await tool().invoke({ ...valid, half: 0.7 }))).toBe("Argument 'half' must be a number that is a multiple of 0.5.");
      expect(textOf(await tool().invoke({ ...valid, count: 0 }))).toBe("Argument 'count' must be an integer from 1 to 2147483647.");
      expect(textOf(await tool().invoke({ ...valid, dto: { up: 0, five: 10 } }))).toBe("Argument 'dto.up' must be a number greater than 0.");
      expect(textOf(await tool().invoke({ ...valid, dto: { up: 1, five: 7 } }))).toBe(
        "Argument 'dto.five' must be an integer from -9007199254740991 to 9007199254740991 that is a multiple of 5.",
      );
    });
  });
});
