import 'reflect-metadata';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsEmail,
  IsInt,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Type } from 'class-transformer';
import { Description, Int32, Int64, Param, Prop, Range, Tool } from 'tool-signatures';
import { definitionError, paramText } from '../helpers/schema';

function dtoText(dto: Function): { text: string; warnings: readonly string[] } {
  class A {
    @Tool() run(@Param({ type: () => dto }) v: unknown) {
      return v;
    }
  }
  const tool = Tool.fromInstance(new A())[0]!;
  return { text: paramText(tool, 'v'), warnings: tool.warnings };
}

const props = (text: string) => JSON.stringify(JSON.parse(text).properties);

describe('Annotations', () => {
  describe('@Description', () => {
    it('on a method, a parameter and a property', () => {
      class Dto {
        @Description('The court') court!: string;
      }
      class A {
        @Tool() @Description('Find cases') find(@Description('Where to look') where: Dto) {
          return where;
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect(t.description).toBe('Find cases');
      expect(paramText(t, 'where')).toBe(
        '{"type":"object","description":"Where to look","properties":{"court":{"type":"string","description":"The court"}},"required":["court"],"additionalProperties":false}',
      );
    });

    it('on a DTO class: the default description of parameters and properties of that type', () => {
      @Description('A postal address')
      class Address {
        @Prop() street!: string;
      }
      class Customer {
        @Prop() home!: Address;
        @Description('Where to ship') @Prop() ship!: Address;
      }
      expect(props(dtoText(Customer).text)).toBe(
        '{"home":{"type":"object","description":"A postal address","properties":{"street":{"type":"string"}},"required":["street"],"additionalProperties":false},"ship":{"type":"object","description":"Where to ship","properties":{"street":{"type":"string"}},"required":["street"],"additionalProperties":false}}',
      );
    });
  });

  describe('@Range(min, max)', () => {
    it("replaces the type's range on parameters and properties", () => {
      class Dto {
        @Range(1, 1000) @Prop({ type: Int32 }) qty!: number;
        @Range(0.5, 2.5) factor!: number;
      }
      class A {
        @Tool() run(@Range(1, 50) @Param({ type: Int32 }) limit: number) {
          return limit;
        }
      }
      expect(paramText(Tool.fromInstance(new A())[0]!, 'limit')).toBe('{"type":"integer","minimum":1,"maximum":50}');
      expect(props(dtoText(Dto).text)).toBe('{"qty":{"type":"integer","minimum":1,"maximum":1000},"factor":{"type":"number","minimum":0.5,"maximum":2.5}}');
    });

    it('takes bigints (written as the doubles nearest inside)', () => {
      class A {
        @Tool() run(@Range(0n, 2n ** 63n - 1n) @Param({ type: Int64 }) id: bigint, @Range(-5, 5) small: bigint) {
          return [id, small];
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect(paramText(t, 'id')).toBe('{"type":"integer","minimum":0,"maximum":9223372036854775000}');
      expect(paramText(t, 'small')).toBe('{"type":"integer","minimum":-5,"maximum":5}');
    });

    it('min > max is OLT015; @Range on a string is OLT015', () => {
      class A {
        @Tool() run(@Range(5, 1) n: number) {
          return n;
        }
      }
      class B {
        @Tool() run(@Range(1, 5) s: string) {
          return s;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT015');
      expect(definitionError(() => Tool.fromInstance(new B())).code).toBe('OLT015');
    });
  });

  describe('minLength / maxLength', () => {
    it('@Param({ minLength, maxLength })', () => {
      class A {
        @Tool() run(@Param({ minLength: 1, maxLength: 32 }) sku: string) {
          return sku;
        }
      }
      expect(paramText(Tool.fromInstance(new A())[0]!, 'sku')).toBe('{"type":"string","minLength":1,"maxLength":32}');
    });

    it('@MinLength, @MaxLength, @Length(a, b); a lower bound of 0 writes no minLength', () => {
      class Dto {
        @MinLength(2) a!: string;
        @MaxLength(9) b!: string;
        @Length(3, 4) c!: string;
        @Length(0, 10) d!: string;
      }
      expect(props(dtoText(Dto).text)).toBe(
        '{"a":{"type":"string","minLength":2},"b":{"type":"string","maxLength":9},"c":{"type":"string","minLength":3,"maxLength":4},"d":{"type":"string","maxLength":10}}',
      );
    });
  });

  describe('minItems / maxItems', () => {
    it('@Param({ minItems, maxItems })', () => {
      class A {
        @Tool() run(@Param({ type: [String], minItems: 1, maxItems: 5 }) tags: string[]) {
          return tags;
        }
      }
      expect(paramText(Tool.fromInstance(new A())[0]!, 'tags')).toBe('{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":5}');
    });

    it('@ArrayMinSize, @ArrayMaxSize, @ArrayNotEmpty; 0 writes no minItems', () => {
      class Dto {
        @ArrayMinSize(2) @Type(() => String) a!: string[];
        @ArrayMaxSize(3) @Type(() => String) b!: string[];
        @ArrayNotEmpty() @Type(() => String) c!: string[];
        @ArrayMinSize(0) @Type(() => String) d!: string[];
      }
      expect(props(dtoText(Dto).text)).toBe(
        '{"a":{"type":"array","items":{"type":"string"},"minItems":2},"b":{"type":"array","items":{"type":"string"},"maxItems":3},"c":{"type":"array","items":{"type":"string"},"minItems":1},"d":{"type":"array","items":{"type":"string"}}}',
      );
    });
  });

  describe('pattern', () => {
    it('@Param({ pattern }) as a string or a RegExp without flags', () => {
      class A {
        @Tool() run(@Param({ pattern: '^[A-Z]-\\d+$' }) a: string, @Param({ pattern: /^x+$/ }) b: string) {
          return [a, b];
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect(paramText(t, 'a')).toBe('{"type":"string","pattern":"^[A-Z]-\\\\d+$"}');
      expect(paramText(t, 'b')).toBe('{"type":"string","pattern":"^x+$"}');
    });

    it('@Param({ pattern }) with flags, or not valid in u mode, is OLT015', () => {
      class A {
        @Tool() run(@Param({ pattern: /^x$/i }) a: string) {
          return a;
        }
      }
      class B {
        @Tool() run(@Param({ pattern: '\\-[' }) a: string) {
          return a;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT015');
      expect(definitionError(() => Tool.fromInstance(new B())).code).toBe('OLT015');
    });

    it('@Matches(re) is written; one with flags or invalid in u mode is not: a phrase says it, and warnings report it', () => {
      class Dto {
        @Matches(/^[a-z]+$/) a!: string;
        @Matches(/^[a-z]+$/i) b!: string;
        // eslint-disable-next-line no-useless-escape
        @Matches(/\-x/) c!: string;
      }
      const { text, warnings } = dtoText(Dto);
      expect(props(text)).toBe(
        '{"a":{"type":"string","pattern":"^[a-z]+$"},"b":{"type":"string","description":"Must match /^[a-z]+$/i."},"c":{"type":"string","description":"Must match /\\\\-x/."}}',
      );
      expect(warnings).toEqual([
        'pattern /^[a-z]+$/i is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.',
        'pattern /\\-x/ is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.',
      ]);
    });
  });

  describe('format', () => {
    it("@Param({ format: 'email' | 'uri' })", () => {
      class A {
        @Tool() run(@Param({ format: 'email' }) a: string, @Param({ format: 'uri' }) b: string) {
          return [a, b];
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect(paramText(t, 'a')).toBe('{"type":"string","format":"email"}');
      expect(paramText(t, 'b')).toBe('{"type":"string","format":"uri"}');
    });

    it('@IsEmail(), @IsUrl(): a URL without require_protocol is a phrase (v3.1, the judge: isURL takes `example.com`, format uri does not)', () => {
      class Dto {
        @IsEmail() a!: string;
        @IsUrl() b!: string;
        @IsUrl({ require_protocol: true }) c!: string;
      }
      expect(props(dtoText(Dto).text)).toBe(
        '{"a":{"type":"string","format":"email"},"b":{"type":"string","description":"Must be a URL."},"c":{"type":"string","format":"uri","description":"Must be a URL."}}',
      );
    });
  });

  it('@Min(n) / @Max(n) → minimum / maximum', () => {
    class Dto {
      @Min(0) @Max(10) score!: number;
      @Min(-1) low!: number;
    }
    expect(props(dtoText(Dto).text)).toBe('{"score":{"type":"number","minimum":0,"maximum":10},"low":{"type":"number","minimum":-1}}');
  });

  it('@ArrayUnique() → uniqueItems', () => {
    class Dto {
      @ArrayUnique() @Type(() => String) tags!: string[];
    }
    expect(props(dtoText(Dto).text)).toBe('{"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}}');
  });

  describe('Precedence', () => {
    it('@Range wins over @Min/@Max, in either order', () => {
      class A1 {
        @Range(1, 5) @Min(0) @Max(100) @IsInt() n!: number;
      }
      class A2 {
        @IsInt() @Max(100) @Min(0) @Range(1, 5) n!: number;
      }
      expect(props(dtoText(A1).text)).toBe('{"n":{"type":"integer","minimum":1,"maximum":5}}');
      expect(props(dtoText(A2).text)).toBe('{"n":{"type":"integer","minimum":1,"maximum":5}}');
    });

    it('@Prop({ type }) wins over @Type; @Prop({ maxLength }) over @MaxLength', () => {
      class Dto {
        @Prop({ type: [Int32] }) @Type(() => String) a!: number[];
        @MaxLength(3) @Prop({ maxLength: 9 }) b!: string;
      }
      expect(props(dtoText(Dto).text)).toBe(
        '{"a":{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"b":{"type":"string","maxLength":9}}',
      );
    });

    it('@Description wins over a description option, in either order', () => {
      class Dto {
        @Description('d') @Prop({ description: 'o' }) a!: string;
        @Prop({ description: 'o' }) @Description('d') b!: string;
      }
      expect(props(dtoText(Dto).text)).toBe('{"a":{"type":"string","description":"d"},"b":{"type":"string","description":"d"}}');
    });
  });
});
