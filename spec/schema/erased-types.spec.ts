import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsDateString,
  IsDefined,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { Nullable, Prop, Tool, ToolSet, type ToolDefinition } from 'tool-signatures';
import { definitionError, paramText } from '../helpers/schema';

/**
 * CONTRACT v3.1, "Types from the rules": where plain tsc erased a DTO property's design type
 * (`T | null`, a union, `T[] | null` are `Object`) and no hint is given, its class-validator type
 * rules name the type; rules that disagree, or none that names a type, are OLT002 whose fix names
 * the rule to add. Also "Initializers are defaults" and "Null where class-validator takes it".
 */

enum Color {
  Red = 'red',
  Blue = 'blue',
}
class Point {
  @IsNumber() x!: number;
}

function toolOf(cls: Function): ToolDefinition {
  return Tool.create(
    function save(v: object) {
      return v;
    },
    { params: { v: cls as never } },
  );
}
const propsOf = (cls: Function) => JSON.stringify((JSON.parse(paramText(toolOf(cls), 'v')) as { properties: unknown }).properties);
const fragment = (cls: Function) => paramText(toolOf(cls), 'v');

describe('Types from the rules (erased design types)', () => {
  it('each type rule names its type', () => {
    class Dto {
      @IsString() s!: string | null;
      @IsNumber() n!: number | null;
      @IsInt() i!: number | null;
      @IsBoolean() b!: boolean | null;
      @IsEnum(Color) c!: Color | null;
      @IsIn(['a', 'b']) k!: 'a' | 'b';
      @IsUUID() u!: string | null;
      @IsEmail() e!: string | null;
      @IsDateString() d!: string | null;
      @ValidateNested() @Type(() => Point) p!: Point | null;
      @IsObject() @Type(() => Point) q!: Point | null;
    }
    expect(propsOf(Dto)).toBe(
      '{"s":{"type":"string"},"n":{"type":"number"},"i":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"b":{"type":"boolean"},"c":{"type":"string","enum":["red","blue"]},"k":{"type":"string","enum":["a","b"]},"u":{"type":"string","format":"uuid"},"e":{"type":"string","format":"email"},"d":{"type":"string","description":"Must be an ISO 8601 date."},"p":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false},"q":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}}',
    );
  });

  it('@IsArray (or a rule with { each: true }) with @Type or an element rule is an array of it, never a single object', () => {
    class Dto {
      @IsArray() @ValidateNested() @Type(() => Point) points!: Point[] | null;
      @ValidateNested({ each: true }) @Type(() => Point) more!: Point[] | null;
      @IsString({ each: true }) @MaxLength(3, { each: true }) names!: string[] | null;
      @IsArray() @IsUUID('all', { each: true }) ids!: string[] | null;
    }
    expect(propsOf(Dto)).toBe(
      '{"points":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}},"more":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}},"names":{"type":"array","items":{"type":"string","maxLength":3}},"ids":{"type":"array","items":{"type":"string","format":"uuid"}}}',
    );
  });

  it('the order of the decorators never matters: the most specific type all rules allow', () => {
    class A {
      @IsEnum(Color) @IsString() c!: Color | null;
      @IsNumber() @IsInt() n!: number | null;
      @IsUUID() @IsString() u!: string | null;
    }
    class B {
      @IsString() @IsEnum(Color) c!: Color | null;
      @IsInt() @IsNumber() n!: number | null;
      @IsString() @IsUUID() u!: string | null;
    }
    expect(propsOf(A)).toBe(
      '{"c":{"type":"string","enum":["red","blue"]},"n":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"u":{"type":"string","format":"uuid"}}',
    );
    expect(propsOf(B)).toBe(propsOf(A));
  });

  it('@Type(() => Number) with @IsInt is an integer, everywhere (erased, a number, a Number hint)', () => {
    class Dto {
      @IsInt() @Type(() => Number) a!: number | null;
      @IsInt() @Type(() => Number) b!: number;
      @Prop({ type: Number }) @IsInt() c!: number;
      @IsInt({ each: true }) @Type(() => Number) d!: number[];
    }
    const int = '{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}';
    expect(propsOf(Dto)).toBe(`{"a":${int},"b":${int},"c":${int},"d":{"type":"array","items":${int}}}`);
  });

  it('rules that disagree are OLT002 naming them', () => {
    class Dto {
      @IsString() @IsNumber() v!: string | number;
    }
    const e = definitionError(() => toolOf(Dto).inputSchema);
    expect(e.message).toBe(
      "OLT002: Cannot build tool 'save' (function save), parameter #0 'v', property Dto.v: its type was erased to Object, and its class-validator rules name different types (@IsNumber(), @IsString()), which no value passes together. Keep the one rule that names its type, or give the type as a hint: @Prop({ type: ... }).",
    );
    class Arr {
      @IsArray() @IsString() v!: string[] | null;
    }
    expect(definitionError(() => toolOf(Arr).inputSchema).message).toContain(
      'its type was erased to Object, and its class-validator rules name different types (@IsArray(), @IsString())',
    );
    class Each {
      @IsNumber() @MaxLength(3, { each: true }) v!: string[] | null;
    }
    expect(definitionError(() => toolOf(Each).inputSchema).message).toContain(
      'its class-validator rules name different types (@MaxLength({ each: true }), @IsNumber())',
    );
  });

  it('rules none of which names a type (v3.2): accepted as what class-validator enforces, with an OLT016 warning; strictTypes refuses them', async () => {
    class Dto {
      @IsOptional() v!: string | number;
    }
    expect(propsOf(Dto)).toBe('{"v":{}}');
    expect(toolOf(Dto).warnings).toEqual([
      'OLT016: property Dto.v: no source names its type (its design type was erased, and no hint, plugin type, class-validator type rule or @nestjs/swagger type names it), so it accepts any JSON value, as class-validator does. Name its type: a class-validator rule (@IsString(), @IsNumber(), @IsBoolean(), @IsEnum(E), or @ValidateNested() with @Type(() => Dto)), @Prop({ type: ... }), @ApiProperty({ type: ... }), or compile with the tool-signatures plugin.',
    ]);
    class Arr {
      @IsArray() v!: string[];
      @IsOptional() @IsArray() w?: string[] | null;
    }
    expect(propsOf(Arr)).toBe('{"v":{"type":"array"},"w":{"type":["array","null"]}}');
    // What the method receives is what was sent, as class-validator passes it on.
    const tool = Tool.create(
      function save(v: Arr) {
        return JSON.stringify([v instanceof Arr, v.v, v.w]);
      },
      { params: { v: Arr } },
    );
    expect((await tool.invoke({ v: { v: [1, 'a', { b: null }], w: null } })).parts).toEqual([{ type: 'text', text: '[true,[1,"a",{"b":null}],null]' }]);
    expect((await tool.invoke({ v: { v: 'a' } })).parts).toEqual([{ type: 'text', text: "Argument 'v.v' must be an array." }]);
    // class-validator takes the same.
    expect([
      validateSync(plainToInstance(Dto, { v: 1 })),
      validateSync(plainToInstance(Dto, { v: { a: 'x' } })),
      validateSync(plainToInstance(Arr, { v: [1, 'a'] })),
    ]).toEqual([[], [], []]);
    expect(
      definitionError(() =>
        Tool.create(
          function save(v: object) {
            return v;
          },
          { params: { v: Arr as never }, strictTypes: true },
        ),
      ).message,
    ).toBe(
      "2 problems in tool 'save':\n" +
        "- OLT016: Cannot build tool 'save' (function save), parameter #0 'v', property Arr.v: no source names its type (its design type was erased, and no hint, plugin type, class-validator type rule or @nestjs/swagger type names it), so it accepts any array, as class-validator does. Name its type: a class-validator rule (@IsString({ each: true }), or @Type(() => Item)), @Prop({ type: ... }), @ApiProperty({ type: ... }), or compile with the tool-signatures plugin.\n" +
        "- OLT016: Cannot build tool 'save' (function save), parameter #0 'v', property Arr.w: no source names its type (its design type was erased, and no hint, plugin type, class-validator type rule or @nestjs/swagger type names it), so it accepts any array, as class-validator does. Name its type: a class-validator rule (@IsString({ each: true }), or @Type(() => Item)), @Prop({ type: ... }), @ApiProperty({ type: ... }), or compile with the tool-signatures plugin.",
    );
    expect(() => new ToolSet([toolOf(Dto)], { strictTypes: true })).toThrow(
      /^OLT016: Cannot build tool 'save' \(function save\), parameter #0 'v', property Dto\.v: no source names its type/,
    );
    expect(new ToolSet([toolOf(Dto)]).list().map((t) => t.name)).toEqual(['save']);
  });

  it("a tool method's own parameter whose type was erased stays OLT002", () => {
    expect(
      definitionError(() =>
        Tool.create(
          function save(v: object) {
            return v;
          },
          { params: { v: Object as never } },
        ),
      ).code,
    ).toBe('OLT002');
  });

  it('a hint still wins over the rules', () => {
    class Dto {
      @Prop({ type: String }) @IsOptional() @IsString() v!: string | null;
    }
    expect(propsOf(Dto)).toBe('{"v":{"type":"string"}}');
  });
});

describe('Null where class-validator takes it', () => {
  it('@IsOptional on an erased type adds null; on a design type that is not erased, null means absent (and class-validator takes it too)', async () => {
    class Dto {
      @IsOptional() @IsString() erased!: string | null;
      @IsOptional() @IsString() plain?: string;
    }
    expect(propsOf(Dto)).toBe('{"erased":{"type":["string","null"]},"plain":{"type":"string"}}');
    // `T[]` records Array (under strictNullChecks `T[] | null` is Object): nothing says null there.
    class List {
      @IsOptional() @IsString({ each: true }) tags?: string[];
      @IsOptional() @IsString({ each: true }) maybe?: string[] | null;
    }
    expect(propsOf(List)).toBe('{"tags":{"type":"array","items":{"type":"string"}},"maybe":{"type":["array","null"],"items":{"type":"string"}}}');
    const tool = Tool.create(
      function save(v: Dto) {
        return JSON.stringify([v.erased, v.plain, 'plain' in v ? 'has plain' : 'no plain']);
      },
      { params: { v: Dto } },
    );
    const r = await tool.invoke({ v: { erased: null, plain: null } });
    expect(r.parts).toEqual([{ type: 'text', text: '[null,null,"has plain"]' }]);
    expect(validateSync(plainToInstance(Dto, { erased: null, plain: null }), { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
  });

  it('a type that says | null with rules that refuse it: no null, and a warning; @IsOptional or @ValidateIf keeps it, rules that take null keep it', () => {
    class Dto {
      @Prop({ nullable: true }) @IsInt() a!: number | null;
      @Prop({ nullable: true }) @IsOptional() @IsInt() b!: number | null;
      @Prop({ type: Nullable(String) }) @Allow() c!: string | null;
    }
    const tool = toolOf(Dto);
    expect(propsOf(Dto)).toBe(
      '{"a":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"b":{"type":["integer","null"],"minimum":-9007199254740991,"maximum":9007199254740991},"c":{"type":["string","null"]}}',
    );
    expect(tool.warnings).toEqual([
      'property Dto.a: its type allows null, but its class-validator rules (@IsInt()) refuse null and there is no @IsOptional() or @ValidateIf(): the schema does not offer null. Add @IsOptional() to accept null.',
    ]);
  });
});

describe('Initializers are defaults; @Allow() alone is optional', () => {
  it('a literal initializer makes the property optional with its default; @IsDefined() or @Prop({ optional: false }) keeps it required', () => {
    class Dto {
      @IsEnum(Color) color = Color.Blue;
      @IsString() range = 'max';
      @IsString({ each: true }) tags: string[] = [];
      @IsDefined() @IsString() kind = 'all';
      @Prop({ optional: false }) @IsInt() count = 3;
      @IsOptional() @IsString() note: string | null = null;
    }
    expect(fragment(Dto)).toBe(
      '{"type":"object","properties":{"color":{"type":"string","enum":["red","blue"],"default":"blue"},"range":{"type":"string","default":"max"},"tags":{"type":"array","items":{"type":"string"},"default":[]},"kind":{"type":"string"},"count":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"note":{"type":["string","null"],"default":null}},"required":["kind","count"],"additionalProperties":false}',
    );
  });

  it('an absent property keeps its initializer, which class-validator also sees', async () => {
    class Dto {
      @IsEnum(Color) color = Color.Blue;
      @IsInt() count!: number;
    }
    const tool = Tool.create(
      function save(v: Dto) {
        return `${v.color} ${v.count}`;
      },
      { params: { v: Dto } },
    );
    expect((await tool.invoke({ v: { count: 1 } })).parts).toEqual([{ type: 'text', text: 'blue 1' }]);
    expect(validateSync(plainToInstance(Dto, { count: 1 }), { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
  });

  it('@Allow() alone makes a property optional; beside another rule it does not', () => {
    class Dto {
      @Allow() free!: string;
      @Allow() @IsString() checked!: string;
    }
    expect(fragment(Dto)).toBe(
      '{"type":"object","properties":{"free":{"type":"string"},"checked":{"type":"string"}},"required":["checked"],"additionalProperties":false}',
    );
  });
});
