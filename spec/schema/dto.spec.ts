import 'reflect-metadata';
import { ArrayMinSize, IsEmail, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { Exclude, Expose, Transform, Type } from 'class-transformer';
import { Description, Int32, Nullable, Param, Prop, Range, Tool } from 'tool-signatures';
import { definitionError, paramText } from '../helpers/schema';

function schemaOf(dto: Function): string {
  class A {
    @Tool() run(@Param({ type: () => dto }) v: unknown) {
      return v;
    }
  }
  return paramText(Tool.fromInstance(new A())[0]!, 'v');
}

describe('DTO classes', () => {
  it('a closed object: properties, required, additionalProperties false', () => {
    class Line {
      @Prop() sku!: string;
      @Prop({ type: Int32 }) qty!: number;
    }
    expect(schemaOf(Line)).toBe(
      '{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["sku","qty"],"additionalProperties":false}',
    );
  });

  describe('Properties', () => {
    it('every instance property with a decorator the library reads (ours, class-validator, class-transformer); others are not seen', () => {
      const Other = (): PropertyDecorator => () => undefined;
      class Mixed {
        @Prop() a!: string;
        @IsString() b!: string;
        @Expose() c!: string;
        @Other() d!: string;
        e = 'plain';
        @Description('described') f!: string;
        @Range(1, 2) g!: number;
        @Type(() => Date) h!: Date;
        @Transform(({ value }) => value) i!: string;
      }
      expect(schemaOf(Mixed)).toBe(
        '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"},"f":{"type":"string","description":"described"},"g":{"type":"number","minimum":1,"maximum":2},"h":{"type":"string","format":"date-time"},"i":{"type":"string"}},"required":["a","b","c","f","g","h","i"],"additionalProperties":false}',
      );
    });

    it('base class first, then the order in the source', () => {
      class Base {
        @Prop() id!: string;
        @Prop() createdBy!: string;
      }
      class Case extends Base {
        @Prop() title!: string;
        @Prop() court!: string;
      }
      expect(schemaOf(Case)).toBe(
        '{"type":"object","properties":{"id":{"type":"string"},"createdBy":{"type":"string"},"title":{"type":"string"},"court":{"type":"string"}},"required":["id","createdBy","title","court"],"additionalProperties":false}',
      );
    });

    it('declaration order, whatever decorators the properties carry and in whatever order', () => {
      class Ordered {
        @Expose() first!: string;
        @IsInt() @Min(1) second!: number;
        @Prop() third!: string;
        @Type(() => Date) fourth!: Date;
        @Length(1, 5) @Prop() @Expose() fifth!: string;
      }
      class Reordered {
        @Expose() first!: string;
        @Min(1) @IsInt() second!: number;
        @Prop() third!: string;
        @Type(() => Date) fourth!: Date;
        @Expose() @Prop() @Length(1, 5) fifth!: string;
      }
      const expected =
        '{"type":"object","properties":{"first":{"type":"string"},"second":{"type":"integer","minimum":1,"maximum":9007199254740991},"third":{"type":"string"},"fourth":{"type":"string","format":"date-time"},"fifth":{"type":"string","minLength":1,"maxLength":5}},"required":["first","second","third","fourth","fifth"],"additionalProperties":false}';
      expect(schemaOf(Ordered)).toBe(expected);
      expect(schemaOf(Reordered)).toBe(expected);
    });

    it('getters, setters and methods are not properties', () => {
      class WithAccessors {
        @Prop() name!: string;
        @IsString() get upper() {
          return this.name.toUpperCase();
        }
        describe() {
          return this.name;
        }
      }
      expect(schemaOf(WithAccessors)).toBe('{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}');
    });

    it('class-transformer @Exclude() removes one', () => {
      class Account {
        @Prop() id!: string;
        @Exclude() @Prop() secret!: string;
      }
      expect(schemaOf(Account)).toBe('{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}');
    });
  });

  it('must be constructible without arguments and show at least one property (OLT013)', () => {
    class Empty {
      value = 1;
    }
    class NeedsArgs {
      @Prop() a!: string;
      constructor(x: { y: number }) {
        this.a = String(x.y);
      }
    }
    expect(definitionError(() => schemaOf(Empty)).code).toBe('OLT013');
    expect(definitionError(() => schemaOf(NeedsArgs)).code).toBe('OLT013');
  });

  it('Name: as declared; @Expose({ name }) renames', () => {
    class Dto {
      @Expose({ name: 'docket_id' }) docketId!: string;
      @Expose({ name: 'out_only', toPlainOnly: true }) kept!: string;
    }
    expect(schemaOf(Dto)).toBe(
      '{"type":"object","properties":{"docket_id":{"type":"string"},"kept":{"type":"string"}},"required":["docket_id","kept"],"additionalProperties":false}',
    );
  });

  describe('Required', () => {
    it('unless @IsOptional() or @Prop({ optional: true }); @IsOptional does not add null', () => {
      class Dto {
        @IsOptional() @IsString() a?: string;
        @Prop({ optional: true }) b?: string;
        @Prop() c!: string;
      }
      expect(schemaOf(Dto)).toBe(
        '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}},"required":["c"],"additionalProperties":false}',
      );
    });

    it('@Prop({ nullable: true }) adds null; a literal initializer is a default and makes the property optional (v3.1)', () => {
      class Dto {
        @Prop({ type: String, nullable: true }) note: string | null = null;
        @Prop() days: number = 3;
      }
      expect(schemaOf(Dto)).toBe(
        '{"type":"object","properties":{"note":{"type":["string","null"]},"days":{"type":"number","default":3}},"required":["note"],"additionalProperties":false}',
      );
    });
  });

  describe('Property schema', () => {
    it('the fragment of its type, with its description and annotations', () => {
      @Description('A customer')
      class Customer {
        @Prop() name!: string;
      }
      class Order {
        @Description('Who ordered') @Prop() customer!: Customer;
        @Prop() billTo!: Customer;
        @IsEmail() @MaxLength(64) email!: string;
        @IsInt() @Min(1) @Max(1000) qty!: number;
      }
      expect(schemaOf(Order)).toBe(
        '{"type":"object","properties":{"customer":{"type":"object","description":"Who ordered","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false},"billTo":{"type":"object","description":"A customer","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false},"email":{"type":"string","format":"email","maxLength":64},"qty":{"type":"integer","minimum":1,"maximum":1000}},"required":["customer","billTo","email","qty"],"additionalProperties":false}',
      );
    });

    it('class-validator rules with { each: true } annotate items', () => {
      class Dto {
        @IsInt({ each: true }) @Min(1, { each: true }) @ArrayMinSize(1) ids!: number[];
        @MaxLength(8, { each: true }) @Prop({ type: [String] }) tags!: string[];
      }
      expect(schemaOf(Dto)).toBe(
        '{"type":"object","properties":{"ids":{"type":"array","items":{"type":"integer","minimum":1,"maximum":9007199254740991},"minItems":1},"tags":{"type":"array","items":{"type":"string","maxLength":8}}},"required":["ids","tags"],"additionalProperties":false}',
      );
    });

    it('nullable DTOs: ["object","null"]', () => {
      class Inner {
        @Prop() x!: string;
      }
      class Outer {
        @Prop({ type: Nullable(Inner) }) inner!: Inner | null;
      }
      expect(schemaOf(Outer)).toBe(
        '{"type":"object","properties":{"inner":{"type":["object","null"],"properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false}},"required":["inner"],"additionalProperties":false}',
      );
    });
  });

  describe('A type that refers to itself (v3: written with $defs, no longer OLT006)', () => {
    it('directly', () => {
      class TreeNode {
        @Prop() label!: string;
        @Prop({ type: () => [TreeNode] }) children!: TreeNode[];
      }
      expect(schemaOf(TreeNode)).toBe('{"$ref":"#/$defs/TreeNode"}');
    });
    it('through its members', () => {
      class A1 {
        @Prop({ type: () => B1 }) b!: unknown;
      }
      class B1 {
        @Prop({ type: () => [A1] }) a!: unknown;
      }
      expect(schemaOf(A1)).toBe('{"$ref":"#/$defs/A1"}');
    });
  });

  it('the same class twice (not a cycle) is fine and built once', () => {
    class Money {
      @Prop() amount!: number;
    }
    class Invoice {
      @Prop() net!: Money;
      @Prop() gross!: Money;
    }
    const text = schemaOf(Invoice);
    expect(text).toBe(
      '{"type":"object","properties":{"net":{"type":"object","properties":{"amount":{"type":"number"}},"required":["amount"],"additionalProperties":false},"gross":{"type":"object","properties":{"amount":{"type":"number"}},"required":["amount"],"additionalProperties":false}},"required":["net","gross"],"additionalProperties":false}',
    );
  });

  it('an error inside a DTO names the tool, the parameter and the property path', () => {
    class Line {
      @Prop() tags!: string[];
    }
    class Shop {
      @Tool() order(lines: Line) {
        return lines;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new Shop())).message).toBe(
      "OLT002: Cannot build tool 'order' (Shop.order), parameter #0 'lines', property Line.tags: its type was erased to Array. Give the element type: @Param({ type: () => [Item] }) (or @Type(() => Item) on a property); any[] and unknown[] are JsonArray. A tuple ([string, number]) has no schema: take a class with named properties instead.",
    );
  });
});

describe('Element types from class-validator rules with { each: true }', () => {
  it('@IsString({ each: true }), @IsNumber({}, { each: true }), @IsBoolean({ each: true }), @IsEmail({}, { each: true }) type the items of an erased array', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { IsString, IsNumber, IsBoolean, IsEmail: Email } = require('class-validator');
    class Dto {
      @IsString({ each: true }) tags!: string[];
      @IsNumber({}, { each: true }) scores!: number[];
      @IsBoolean({ each: true }) flags!: boolean[];
      @Email({}, { each: true }) cc!: string[];
    }
    expect(schemaOf(Dto)).toBe(
      '{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}},"scores":{"type":"array","items":{"type":"number"}},"flags":{"type":"array","items":{"type":"boolean"}},"cc":{"type":"array","items":{"type":"string","format":"email"}}},"required":["tags","scores","flags","cc"],"additionalProperties":false}',
    );
  });
});

describe('class-validator type rules on erased types', () => {
  it('@IsInt() on `number | null` (design type Object) types it; @IsObject() gives {"type":"object"}', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { IsInt: Int, IsObject, IsString } = require('class-validator');
    class Dto {
      @Int() @Prop({ nullable: true }) count!: number | null;
      @IsObject() meta!: Record<string, unknown>;
      @IsString() @Prop({ nullable: true, optional: true }) note?: string | null;
    }
    // v3.1: the type says `| null`, but @IsInt and @IsString refuse null (no @IsOptional): the
    // schema does not offer null, and the definition warns.
    expect(schemaOf(Dto)).toBe(
      '{"type":"object","properties":{"count":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"meta":{"type":"object"},"note":{"type":"string"}},"required":["count","meta"],"additionalProperties":false}',
    );
  });
});
