import 'reflect-metadata';
import { ArrayMaxSize, Contains, IsEmail, IsFQDN, IsIP, IsInt, IsString, Length, MaxLength, Min } from 'class-validator';
import { Int32, Int64, Param, Prop, Range, RecordOf, SetOf, Tool, ToolContext, UInt8 } from 'tool-signatures';
import { definitionError, paramText } from '../helpers/schema';

enum Color {
  Red = 'red',
  Green = 'green',
}
enum Level {
  Low = 1,
  High = 2,
}

function dtoProps(dto: Function): string {
  class A {
    @Tool() run(@Param({ type: () => dto }) v: unknown) {
      return v;
    }
  }
  return JSON.stringify(JSON.parse(paramText(Tool.fromInstance(new A())[0]!, 'v')).properties);
}

function oneTool(cls: new () => object) {
  return Tool.fromInstance(new cls())[0]!;
}

describe('Items (v3): each', () => {
  it('on an array: the element options in items, in the contract order', () => {
    class A {
      @Tool() run(@Param({ type: [String], minItems: 1, each: { maxLength: 20, minLength: 2, pattern: '^[a-z]+$', description: 'A tag' } }) tags: string[]) {
        return tags;
      }
    }
    expect(paramText(oneTool(A), 'tags')).toBe(
      '{"type":"array","items":{"type":"string","description":"A tag","minLength":2,"maxLength":20,"pattern":"^[a-z]+$"},"minItems":1}',
    );
  });

  it('on a Set: in items, beside uniqueItems', () => {
    class A {
      @Tool() run(@Param({ type: SetOf(Int32), each: { minimum: 1, maximum: 10 } }) ids: Set<number>) {
        return ids;
      }
    }
    expect(paramText(oneTool(A), 'ids')).toBe('{"type":"array","items":{"type":"integer","minimum":1,"maximum":10},"uniqueItems":true}');
  });

  it('on a record: in additionalProperties', () => {
    class A {
      @Tool() run(@Param({ type: RecordOf(Number), each: { exclusiveMinimum: 0, multipleOf: 0.5 } }) prices: Record<string, number>) {
        return prices;
      }
    }
    expect(paramText(oneTool(A), 'prices')).toBe('{"type":"object","additionalProperties":{"type":"number","exclusiveMinimum":0,"multipleOf":0.5}}');
  });

  it('format and enum of each element', () => {
    class A {
      @Tool() run(
        @Param({ type: [String], each: { format: 'email' } }) to: string[],
        @Param({ type: [String], each: { enum: Color } }) colors: string[],
        @Param({ type: [Number], each: { enum: Level } }) levels: Level[],
      ) {
        return [to, colors, levels];
      }
    }
    const t = oneTool(A);
    expect(paramText(t, 'to')).toBe('{"type":"array","items":{"type":"string","format":"email"}}');
    expect(paramText(t, 'colors')).toBe('{"type":"array","items":{"type":"string","enum":["red","green"]}}');
    expect(paramText(t, 'levels')).toBe('{"type":"array","items":{"type":"string","enum":["Low","High"]}}');
  });

  it("the README's per-item rules example", () => {
    class Mail {
      @Prop({ type: [String], maxItems: 50, each: { format: 'email', maxLength: 254 } }) to!: string[];
      @Prop({ type: SetOf(Int32), each: { minimum: 1 } }) labelIds!: Set<number>;
    }
    expect(dtoProps(Mail)).toBe(
      '{"to":{"type":"array","items":{"type":"string","format":"email","maxLength":254},"maxItems":50},"labelIds":{"type":"array","items":{"type":"integer","minimum":1,"maximum":2147483647},"uniqueItems":true}}',
    );
  });

  it('on a DTO property', () => {
    class Dto {
      @Prop({ type: [String], each: { maxLength: 8 } }) @ArrayMaxSize(3) codes!: string[];
    }
    expect(dtoProps(Dto)).toBe('{"codes":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":3}}');
  });

  it('wins over a class-validator rule with { each: true } on the same keyword', () => {
    class Dto {
      @Prop({ type: [String], each: { maxLength: 4 } }) @MaxLength(10, { each: true }) @Length(2, 50, { each: true }) codes!: string[];
    }
    expect(dtoProps(Dto)).toBe('{"codes":{"type":"array","items":{"type":"string","minLength":2,"maxLength":4}}}');
  });

  it('each on a value that is not an array, Set or record is OLT015', () => {
    class A {
      @Tool() run(@Param({ each: { maxLength: 3 } }) s: string) {
        return s;
      }
    }
    const e = definitionError(() => oneTool(A));
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain('each applies to the elements of an array or a Set, or the values of a record, not to a value of JSON type string.');
  });

  it('an option that does not fit the element type is OLT015', () => {
    class A {
      @Tool() run(@Param({ type: [Number], each: { minLength: 1 } }) n: number[]) {
        return n;
      }
    }
    class B {
      @Tool() run(@Param({ type: [String], each: { minimum: 1 } }) s: string[]) {
        return s;
      }
    }
    class C {
      @Tool() run(@Param({ type: [Number], each: { enum: Color } }) n: number[]) {
        return n;
      }
    }
    class D {
      @Tool() run(@Param({ type: [Date], each: { format: 'date' } }) d: Date[]) {
        return d;
      }
    }
    class E {
      @Tool() run(@Param({ type: [String], each: { minItems: 1 } as object }) s: string[]) {
        return s;
      }
    }
    expect(definitionError(() => oneTool(A)).message).toContain('each: minLength does not apply to a value of JSON type number.');
    expect(definitionError(() => oneTool(B)).message).toContain('each: minimum does not apply to a value of JSON type string.');
    expect(definitionError(() => oneTool(C)).message).toContain(
      'each.enum does not fit elements of type number: string values need string elements, numbers (or a numeric enum) number elements.',
    );
    class F {
      @Tool() run(@Param({ type: [Date], each: { enum: Color } }) d: Date[]) {
        return d;
      }
    }
    expect(definitionError(() => oneTool(F)).message).toContain('each.enum does not fit elements of type date:');
    expect(definitionError(() => oneTool(D)).message).toContain("each: format 'date' cannot stand on a type whose format is already 'date-time'.");
    expect(definitionError(() => oneTool(E)).message).toContain(
      "each takes only the options of one element (description, enum, minLength, maxLength, pattern, format, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf); 'minItems' is not one of them.",
    );
  });
});

describe('minimum / maximum options (v3)', () => {
  it('on number: one side each', () => {
    class A {
      @Tool() run(@Param({ minimum: 0 }) a: number, @Param({ maximum: 1.5 }) b: number, @Param({ minimum: -1, maximum: 1 }) c: number) {
        return [a, b, c];
      }
    }
    const t = oneTool(A);
    expect(paramText(t, 'a')).toBe('{"type":"number","minimum":0}');
    expect(paramText(t, 'b')).toBe('{"type":"number","maximum":1.5}');
    expect(paramText(t, 'c')).toBe('{"type":"number","minimum":-1,"maximum":1}');
  });

  it("on an integer token or bigint: the other side keeps the type's own bound", () => {
    class A {
      @Tool() run(@Param({ type: UInt8, maximum: 100 }) a: number, @Param({ type: Int64, minimum: 0n }) b: bigint) {
        return [a, b];
      }
    }
    const t = oneTool(A);
    expect(paramText(t, 'a')).toBe('{"type":"integer","minimum":0,"maximum":100}');
    expect(paramText(t, 'b')).toBe('{"type":"integer","minimum":0,"maximum":9223372036854775000}');
  });

  it('@Range wins on a side it gives; an open side of @Range leaves the option', () => {
    class A {
      @Tool() run(@Range(1, 5) @Param({ minimum: 0, maximum: 9 }) a: number, @Range(1, Infinity) @Param({ maximum: 9 }) b: number) {
        return [a, b];
      }
    }
    const t = oneTool(A);
    expect(paramText(t, 'a')).toBe('{"type":"number","minimum":1,"maximum":5}');
    expect(paramText(t, 'b')).toBe('{"type":"number","minimum":1,"maximum":9}');
  });

  it('wins over class-validator @Min on a property', () => {
    class Dto {
      @Prop({ minimum: 10 }) @Min(3) @IsInt() n!: number;
    }
    expect(dtoProps(Dto)).toBe('{"n":{"type":"integer","minimum":10,"maximum":9007199254740991}}');
  });

  it("outside an integer type's own range, on a string, or inverted is OLT015", () => {
    class A {
      @Tool() run(@Param({ type: UInt8, maximum: 300 }) a: number) {
        return a;
      }
    }
    class B {
      @Tool() run(@Param({ minimum: 1 }) s: string) {
        return s;
      }
    }
    class C {
      @Tool() run(@Param({ minimum: 5, maximum: 1 }) n: number) {
        return n;
      }
    }
    class D {
      @Tool() run(@Param({ type: SetOf(Int32), each: { minimum: -3e9 } }) n: Set<number>) {
        return n;
      }
    }
    expect(definitionError(() => oneTool(A)).message).toContain(
      'maximum 300 is outside the range of UInt8 (0 to 255). Give a bound inside it, or a wider type.',
    );
    expect(definitionError(() => oneTool(B)).message).toContain('minimum does not apply to a value of JSON type string.');
    expect(definitionError(() => oneTool(C)).message).toContain('minimum 5 is greater than maximum 1.');
    expect(definitionError(() => oneTool(D)).message).toContain('each: minimum -3000000000 is outside the range of Int32 (-2147483648 to 2147483647).');
  });

  it("@Range on an integer token or bigint narrows the type's own range; outside it is OLT015 (an Int32 stays an Int32)", () => {
    class A {
      @Tool() run(@Range(0, 5e9) @Param({ type: Int32 }) n: number) {
        return n;
      }
    }
    class B {
      @Tool() run(@Range(-1n, 2n ** 64n) @Param({ type: Int64 }) n: bigint) {
        return n;
      }
    }
    expect(definitionError(() => oneTool(A)).message).toContain('maximum 5000000000 is outside the range of Int32 (-2147483648 to 2147483647).');
    expect(definitionError(() => oneTool(B)).message).toContain(
      'maximum 18446744073709551616 is outside the range of Int64 (-9223372036854775808 to 9223372036854775807).',
    );
  });
});

describe('Formats (v3)', () => {
  it('every format of the list on a string slot, written as given', () => {
    const formats = ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uuid'] as const;
    for (const format of formats) {
      const t = Tool.create((s: string) => s, { name: 'f', params: { s: { type: String, format } } });
      expect(paramText(t, 's')).toBe(`{"type":"string","format":"${format}"}`);
    }
  });

  it('a pattern beside a format, on a string and on a Date', () => {
    class A {
      @Tool() run(@Param({ format: 'hostname', pattern: '\\.example\\.com$' }) host: string, @Param({ pattern: 'Z$' }) at: Date) {
        return [host, at];
      }
    }
    const t = oneTool(A);
    expect(paramText(t, 'host')).toBe('{"type":"string","format":"hostname","pattern":"\\\\.example\\\\.com$"}');
    expect(paramText(t, 'at')).toBe('{"type":"string","format":"date-time","pattern":"Z$"}');
  });

  it('any other format is OLT015 (it would be written and never checked)', () => {
    class A {
      @Tool() run(@Param({ format: 'phone' as 'email' }) s: string) {
        return s;
      }
    }
    const e = definitionError(() => oneTool(A));
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain(
      "format 'phone' is not one the invoker checks (an unknown format would be written and never enforced). Use one of: date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uri-reference, uuid; or a pattern.",
    );
  });

  it('a format on a non-string, or beside the format of its type, is OLT015', () => {
    class A {
      @Tool() run(@Param({ format: 'email' }) n: number) {
        return n;
      }
    }
    class B {
      @Tool() run(@Param({ format: 'date' }) d: Date) {
        return d;
      }
    }
    expect(definitionError(() => oneTool(A)).message).toContain('format does not apply to a value of JSON type number.');
    expect(definitionError(() => oneTool(B)).message).toContain("format 'date' cannot stand on a type whose format is already 'date-time'.");
  });

  it("class-validator @IsIP('4') / @IsIP('6') are ipv4 / ipv6 (no phrase); @IsIP() keeps its phrase", () => {
    class Dto {
      @IsIP('4') v4!: string;
      @IsIP(6) v6!: string;
      @IsIP() any!: string;
    }
    expect(dtoProps(Dto)).toBe(
      '{"v4":{"type":"string","format":"ipv4"},"v6":{"type":"string","format":"ipv6"},"any":{"type":"string","description":"Must be an IP address (version 4 or 6)."}}',
    );
  });

  it('class-validator @IsFQDN() is hostname, with its phrase for what hostname does not say (a top-level domain)', () => {
    class Dto {
      @IsFQDN() @IsString() host!: string;
    }
    class A {
      @Tool() run(@Param({ type: () => Dto }) v: Dto) {
        return v;
      }
    }
    const t = oneTool(A);
    expect(JSON.stringify(JSON.parse(paramText(t, 'v')).properties)).toBe(
      '{"host":{"type":"string","format":"hostname","description":"Must be a fully qualified domain name."}}',
    );
    expect(t.warnings).toContain(
      'class-validator rule isFqdn is written as format hostname, which says only part of it: the description says "Must be a fully qualified domain name.", and class-validator still enforces it.',
    );
  });

  it('@IsEmail with { each: true } on an array: format in items', () => {
    class Dto {
      @IsEmail({}, { each: true }) @Prop({ type: [String] }) to!: string[];
    }
    expect(dtoProps(Dto)).toBe('{"to":{"type":"array","items":{"type":"string","format":"email"}}}');
  });
});

describe('Nothing silently dropped (v3)', () => {
  it('class-validator rules limited to groups (or always) show: validate() runs them all', () => {
    class Dto {
      @MaxLength(5, { groups: ['admin'] }) a!: string;
      @Min(1, { always: true }) @IsInt({ groups: ['x'] }) b!: number;
    }
    expect(dtoProps(Dto)).toBe('{"a":{"type":"string","maxLength":5},"b":{"type":"integer","minimum":1,"maximum":9007199254740991}}');
  });

  it('a class-validator rule with { each: true } on a Map record annotates its values; on a plain value, the value itself', () => {
    class Dto {
      @Prop({ type: RecordOf(String) }) @MaxLength(4, { each: true }) names!: Map<string, string>;
      @MaxLength(3, { each: true }) code!: string;
    }
    expect(dtoProps(Dto)).toBe('{"names":{"type":"object","additionalProperties":{"type":"string","maxLength":4}},"code":{"type":"string","maxLength":3}}');
  });

  it("a phrase of a { each: true } rule on a Map's values reads 'Each value: …'", () => {
    class Dto {
      @Prop({ type: RecordOf(String) }) @Contains('x', { each: true }) names!: Map<string, string>;
    }
    expect(dtoProps(Dto)).toBe('{"names":{"type":"object","description":"Each value: must contain \'x\'.","additionalProperties":{"type":"string"}}}');
  });

  it('a class-validator rule with { each: true } on a plain-object record is OLT015 (class-validator would check the object itself)', () => {
    class Dto {
      @Prop({ type: RecordOf(String) }) @MaxLength(4, { each: true }) names!: Record<string, string>;
    }
    const e = definitionError(() => dtoProps(Dto));
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain(
      'class-validator checks a rule with { each: true } (maxLength) on the items of an array, a Set or a Map; on a plain-object record it checks the object itself.',
    );
  });

  it('an option on a ToolContext or AbortSignal parameter is OLT015', () => {
    class A {
      @Tool() run(@Param({ description: 'ctx' }) ctx: ToolContext) {
        return ctx.toolName;
      }
    }
    class B {
      @Tool() run(@Range(1, 2) signal: AbortSignal) {
        return signal.aborted;
      }
    }
    class C {
      @Tool() run(@Param({ name: 'context', optional: true }) ctx?: ToolContext) {
        return ctx?.toolName;
      }
    }
    expect(definitionError(() => oneTool(A)).message).toContain(
      "a ToolContext parameter is filled in by the runtime and never appears in the schema, so the option 'description' would have no effect. Remove it.",
    );
    expect(definitionError(() => oneTool(B)).message).toContain(
      'an AbortSignal parameter is filled in by the runtime and never appears in the schema, so @Range would have no effect. Remove it.',
    );
    expect(() => oneTool(C)).not.toThrow();
  });

  it('an option that @Param, @Prop or @Tool does not have is OLT015', () => {
    class A {
      @Tool() run(@Param({ minimun: 1 } as object) n: number) {
        return n;
      }
    }
    const p = definitionError(() => oneTool(A));
    expect(p.code).toBe('OLT015');
    expect(p.message).toContain("@Param has no option 'minimun'. Its options are: ");
    class D {
      @Prop({ requried: true } as object) n!: number;
    }
    class E {
      @Tool() run(d: D) {
        return d.n;
      }
    }
    const q = definitionError(() => oneTool(E));
    expect(q.message).toContain("@Prop has no option 'requried'.");
    const t = definitionError(() => Tool.create((a: string) => a, { name: 'x', params: { a: String }, strict: true } as object));
    expect(t.message).toContain("Tool.create has no option 'strict'.");
    // Tool.create's own option is among those listed for a misspelling of it.
    const m = definitionError(() => Tool.create((a: string) => a, { name: 'x', param: { a: String } } as object));
    expect(m.message).toBe(
      "OLT015: Cannot build tool 'x' (function): Tool.create has no option 'param'. Its options are: name, description, returns, endsLoop, requiresApproval, parallelSafe, timeoutSeconds, annotations, examples, input, task, params, strictTypes.",
    );
    const k = definitionError(() => Tool.create((a: string, b = 2) => a + b, { name: 'x', params: { a: String, c: Number } }));
    expect(k.message).toContain("Tool.create options.params names 'c', which is not a parameter of the function (its parameters: a, b).");
  });
});
