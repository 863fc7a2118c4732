import 'reflect-metadata';
import { IsOptional, IsString } from 'class-validator';
import { Description, EnumOf, Int32, JsonObject, Nullable, Param, Prop, SetOf, Tool } from 'tool-signatures';
import { definitionError, inputText, paramText } from '../helpers/schema';

/**
 * CONTRACT, "The rest of TypeScript (version 3)" → "Bounds, items, formats, defaults": the rows on
 * defaults (DTO properties, required with a default, a null default) and empty objects. Each row's
 * schema is compared as exact JSON text and checked against the 2020-12 meta-schema.
 */

function schemaOf(dto: Function): string {
  class A {
    @Tool() run(@Param({ type: () => dto }) v: unknown) {
      return v;
    }
  }
  return paramText(Tool.fromInstance(new A())[0]!, 'v');
}

enum Level {
  Low = 1,
  High = 2,
}
enum Mode {
  Free = 'free',
  Strict = 'strict',
}
const LIMIT = 5;
const MODE = 'freeform';
const UNSET = undefined;

describe('Defaults on DTO properties', () => {
  it('@Prop({ default }) is written and makes the property optional', () => {
    class Query {
      @Prop() text!: string;
      @Prop({ type: Int32, default: 10 }) limit!: number;
    }
    expect(schemaOf(Query)).toBe(
      '{"type":"object","properties":{"text":{"type":"string"},"limit":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":10}},"required":["text"],"additionalProperties":false}',
    );
  });

  it('in its JSON form: an enum member (a numeric enum by its name), a Date as its ISO text, a Set as an array', () => {
    class Query {
      @Prop({ enum: Level, default: Level.High }) level!: Level;
      @Prop({ enum: Mode, default: Mode.Strict }) mode!: Mode;
      @Prop({ default: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) }) since!: Date;
      @Prop({ type: SetOf(String), default: new Set(['a']) }) tags!: Set<string>;
      @Prop({ type: [String], default: [] }) words!: string[];
      @Description('Filters') @Prop({ type: JsonObject, default: { a: 1 } }) extra!: object;
    }
    expect(schemaOf(Query)).toBe(
      '{"type":"object","properties":{"level":{"type":"string","enum":["Low","High"],"default":"High"},"mode":{"type":"string","enum":["free","strict"],"default":"strict"},"since":{"type":"string","format":"date-time","default":"2026-01-02T03:04:05.000Z"},"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":["a"]},"words":{"type":"array","items":{"type":"string"},"default":[]},"extra":{"type":"object","description":"Filters","default":{"a":1}}},"additionalProperties":false}',
    );
  });

  it("a default that is not valid for the slot's own schema is OLT015 at definition", () => {
    class Fraction {
      @Prop({ type: Int32, default: 1.5 }) n!: number;
    }
    const e = definitionError(() => schemaOf(Fraction));
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain("property Fraction.n: its default 1.5 is not valid for its own schema (it fails 'type')");
    class Short {
      @Prop({ maxLength: 2, default: 'long' }) s!: string;
    }
    expect(definitionError(() => schemaOf(Short)).message).toContain('its default "long" is not valid for its own schema (it fails \'maxLength\')');
    class NotNullable {
      @Prop({ default: null }) s!: string;
    }
    expect(definitionError(() => schemaOf(NotNullable)).code).toBe('OLT015');
    class Outside {
      @Prop({ enum: Mode, default: 'loose' }) m!: Mode;
    }
    expect(definitionError(() => schemaOf(Outside)).code).toBe('OLT015');
  });

  it('a default with no JSON form is OLT015', () => {
    class Fn {
      @Prop({ type: String, default: () => 'x' }) s!: string;
    }
    const e = definitionError(() => schemaOf(Fn));
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain('its default (a function) has no JSON form to write');
  });

  it('a literal initializer on an optional property is written as its default', () => {
    class Chat {
      @IsOptional() @IsString() mode = 'freeform';
      @Prop({ enum: Mode, optional: true }) strictness?: Mode = Mode.Free;
      @Prop({ optional: true }) limit: number = -3;
      @Prop({ type: [String], optional: true }) tags: string[] = ['a'];
    }
    expect(schemaOf(Chat)).toBe(
      '{"type":"object","properties":{"mode":{"type":"string","default":"freeform"},"strictness":{"type":"string","enum":["free","strict"],"default":"free"},"limit":{"type":"number","default":-3},"tags":{"type":"array","items":{"type":"string"},"default":["a"]}},"additionalProperties":false}',
    );
  });

  it('a value the constructor assigns is an initializer too (what fields become when they are not emitted)', () => {
    class Chat {
      @IsOptional() @IsString() mode: string;
      @IsOptional() @IsString() tone?: string = 'plain';
      constructor() {
        this.mode = 'assigned';
        this.tone = 'warm';
      }
    }
    expect(schemaOf(Chat)).toBe(
      '{"type":"object","properties":{"mode":{"type":"string","default":"assigned"},"tone":{"type":"string","default":"warm"}},"additionalProperties":false}',
    );
  });

  it('on a property kept required, or when it is not a literal (a call, a variable), nothing is written', () => {
    class Chat {
      @Prop({ optional: false }) mode: string = 'freeform';
      @Prop({ optional: true }) at: number = Date.now();
      @Prop({ optional: true }) limit: number = LIMIT;
    }
    expect(schemaOf(Chat)).toBe(
      '{"type":"object","properties":{"mode":{"type":"string"},"at":{"type":"number"},"limit":{"type":"number"}},"required":["mode"],"additionalProperties":false}',
    );
  });

  it('a non-literal initializer (a variable) that holds a value makes the property optional, with no default written (v3.1)', () => {
    // ghostfolio's `range?: DateRange = DEFAULT_DATE_RANGE`: class-transformer keeps it for an absent key.
    class Chat {
      @IsString() mode: string = MODE;
      @IsString() unset: string = UNSET as unknown as string;
    }
    expect(schemaOf(Chat)).toBe(
      '{"type":"object","properties":{"mode":{"type":"string"},"unset":{"type":"string"}},"required":["unset"],"additionalProperties":false}',
    );
  });

  it('a literal initializer makes a property optional with its default (v3.1)', () => {
    class Chat {
      @Prop() mode: string = 'freeform';
    }
    expect(schemaOf(Chat)).toBe('{"type":"object","properties":{"mode":{"type":"string","default":"freeform"}},"additionalProperties":false}');
  });

  it('@Prop({ default }) wins over the initializer', () => {
    class Chat {
      @Prop({ default: 'b', optional: true }) mode: string = 'a';
    }
    expect(schemaOf(Chat)).toBe('{"type":"object","properties":{"mode":{"type":"string","default":"b"}},"additionalProperties":false}');
  });

  it("a subclass's initializer is the one written", () => {
    class Base {
      @IsOptional() @IsString() mode = 'base';
    }
    class Derived extends Base {
      override mode = 'derived';
    }
    expect(schemaOf(Derived)).toBe('{"type":"object","properties":{"mode":{"type":"string","default":"derived"}},"additionalProperties":false}');
  });
});

describe('Required with a default', () => {
  it('@Param({ default, optional: false }) keeps the parameter required and writes its default', () => {
    class A {
      @Tool() run(@Param({ default: 7, optional: false }) days: number, @Param({ optional: false }) limit = 3) {
        return [days, limit];
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"days":{"type":"number","default":7},"limit":{"type":"number","default":3}},"required":["days","limit"],"additionalProperties":false}',
    );
  });

  it('@Prop({ default, optional: false }) keeps the property required and writes its default', () => {
    class Query {
      @Prop({ default: 'asc', optional: false }) sort!: string;
      @IsOptional() @Prop({ default: 1, optional: false }) page!: number;
    }
    expect(schemaOf(Query)).toBe(
      '{"type":"object","properties":{"sort":{"type":"string","default":"asc"},"page":{"type":"number","default":1}},"required":["sort","page"],"additionalProperties":false}',
    );
  });
});

describe('A null default', () => {
  it('on a nullable parameter, = null or { default: null } writes "default": null', () => {
    class A {
      @Tool() run(@Param({ type: Nullable(String) }) a: string | null = null, @Param({ type: Nullable(Int32), default: null }) b: number | null) {
        return [a, b];
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"a":{"type":["string","null"],"default":null},"b":{"type":["integer","null"],"minimum":-2147483648,"maximum":2147483647,"default":null}},"additionalProperties":false}',
    );
  });

  it('on a parameter that is not nullable, = null keeps its v2 meaning: optional, nothing written', () => {
    class A {
      @Tool() run(@Param({ type: String }) a = null as unknown as string, @Param({ type: String, default: null }) b: string) {
        return [a, b];
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"additionalProperties":false}',
    );
  });

  it('on a nullable optional property, = null or { default: null } writes "default": null; on one that is not nullable, nothing', () => {
    class Note {
      @Prop({ type: String, nullable: true, optional: true }) a: string | null = null;
      @Prop({ type: EnumOf(Mode), nullable: true, default: null }) b!: Mode | null;
      @Prop({ type: String, optional: true }) c: string = null as unknown as string;
      @Prop({ type: String, nullable: true }) d: string | null = null;
    }
    expect(schemaOf(Note)).toBe(
      '{"type":"object","properties":{"a":{"type":["string","null"],"default":null},"b":{"type":["string","null"],"enum":["free","strict",null],"default":null},"c":{"type":"string"},"d":{"type":["string","null"]}},"required":["d"],"additionalProperties":false}',
    );
  });
});

describe('Empty objects', () => {
  it('a class that declares no instance property at all is the closed empty object', () => {
    class Empty {}
    @Description('Nothing to give')
    class Described {}
    expect(schemaOf(Empty)).toBe('{"type":"object","properties":{},"additionalProperties":false}');
    class A {
      @Tool() run(e: Described) {
        return e;
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"e":{"type":"object","description":"Nothing to give","properties":{},"additionalProperties":false}},"required":["e"],"additionalProperties":false}',
    );
  });

  it('a subclass of an empty class is empty too; a class whose base declares properties is not', () => {
    class Empty {}
    class AlsoEmpty extends Empty {}
    expect(schemaOf(AlsoEmpty)).toBe('{"type":"object","properties":{},"additionalProperties":false}');
    class Base {
      name!: string;
    }
    class Sub extends Base {}
    expect(definitionError(() => schemaOf(Sub)).code).toBe('OLT013');
  });

  it('a class that declares properties none of which is readable stays OLT013', () => {
    class Plain {
      name!: string;
    }
    class Initialized {
      name = 'x';
    }
    class Private {
      #secret = 1;
      peek() {
        return this.#secret;
      }
    }
    class Assigned {
      name: string;
      constructor() {
        this.name = 'x';
      }
    }
    for (const cls of [Plain, Initialized, Private, Assigned]) {
      const e = definitionError(() => schemaOf(cls));
      expect({ cls: cls.name, code: e.code }).toEqual({ cls: cls.name, code: 'OLT013' });
    }
  });
});
