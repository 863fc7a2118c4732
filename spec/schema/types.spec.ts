import 'reflect-metadata';
import {
  Char,
  DateOnly,
  EnumOf,
  Int,
  Int16,
  Int32,
  Int64,
  Int8,
  JsonArray,
  JsonObject,
  JsonValue,
  Nullable,
  Param,
  Prop,
  RecordOf,
  SetOf,
  TimeOnly,
  TimeSpan,
  Tool,
  UInt16,
  UInt32,
  UInt64,
  UInt8,
  Uuid,
} from 'tool-signatures';
import { definitionError, paramText } from '../helpers/schema';

/** The fragment of a one-parameter tool's parameter `v`. */
function fragment(tool: ReturnType<typeof Tool.create>): string {
  return paramText(tool, 'v');
}

enum Priority {
  Low = 'low',
  High = 'high',
}
enum Level {
  Debug,
  Info,
  Warn = 5,
}

describe('Types', () => {
  it('boolean → {"type":"boolean"}', () => {
    class A {
      @Tool() run(v: boolean) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"boolean"}');
  });

  it('number → {"type":"number"}', () => {
    class A {
      @Tool() run(v: number) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"number"}');
  });

  it.each([
    ['Int8', Int8, -128, 127],
    ['UInt8', UInt8, 0, 255],
    ['Int16', Int16, -32768, 32767],
    ['UInt16', UInt16, 0, 65535],
    ['Int32', Int32, -2147483648, 2147483647],
    ['UInt32', UInt32, 0, 4294967295],
    ['Int', Int, -9007199254740991, 9007199254740991],
  ])('integer number: token %s → integer with its range', (_n, token, min, max) => {
    class A {
      @Tool() run(@Param({ type: token }) v: number) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(`{"type":"integer","minimum":${min},"maximum":${max}}`);
  });

  it('integer number: class-validator @IsInt() on a DTO property means Int', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { IsInt } = require('class-validator');
    class Dto {
      @IsInt() n!: number;
    }
    class A {
      @Tool() run(v: Dto) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"n":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}},"required":["n"],"additionalProperties":false}',
    );
  });

  it('bigint: design type BigInt means Int64, bounds the nearest doubles inside the range', () => {
    class A {
      @Tool() run(v: bigint) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"integer","minimum":-9223372036854775000,"maximum":9223372036854775000}');
  });

  it('bigint: tokens Int64 and UInt64', () => {
    class A {
      @Tool() a(@Param({ type: Int64 }) v: bigint) {
        return v;
      }
      @Tool() b(@Param({ type: UInt64 }) v: bigint) {
        return v;
      }
    }
    const [a, b] = Tool.fromInstance(new A());
    expect(fragment(a!)).toBe('{"type":"integer","minimum":-9223372036854775000,"maximum":9223372036854775000}');
    expect(fragment(b!)).toBe('{"type":"integer","minimum":0,"maximum":18446744073709550000}');
  });

  it('string → {"type":"string"}', () => {
    class A {
      @Tool() run(v: string) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"string"}');
  });

  it.each([
    ['one character: Char', Char, '{"type":"string","minLength":1,"maxLength":1}'],
    ['UUID: Uuid', Uuid, '{"type":"string","format":"uuid"}'],
    ['calendar date: DateOnly', DateOnly, '{"type":"string","format":"date"}'],
    ['time of day: TimeOnly', TimeOnly, '{"type":"string","format":"time"}'],
    ['duration: TimeSpan', TimeSpan, '{"type":"string","pattern":"^-?(\\\\d+\\\\.)?\\\\d{2}:\\\\d{2}:\\\\d{2}(\\\\.\\\\d{1,7})?$"}'],
  ])('%s', (_label, token, expected) => {
    class A {
      @Tool() run(@Param({ type: token }) v: string) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(expected);
  });

  it('UUID: class-validator @IsUUID() on a property', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { IsUUID } = require('class-validator');
    class Dto {
      @IsUUID() id!: string;
    }
    class A {
      @Tool() run(v: Dto) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"id":{"type":"string","format":"uuid"}},"required":["id"],"additionalProperties":false}',
    );
  });

  it('Date → date-time', () => {
    class A {
      @Tool() run(v: Date) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"string","format":"date-time"}');
  });

  it('URL → uri', () => {
    class A {
      @Tool() run(v: URL) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"string","format":"uri"}');
  });

  it('Uint8Array and Buffer → base64', () => {
    class A {
      @Tool() a(v: Uint8Array) {
        return v;
      }
      @Tool() b(v: Buffer) {
        return v;
      }
    }
    const [a, b] = Tool.fromInstance(new A());
    expect(fragment(a!)).toBe('{"type":"string","contentEncoding":"base64"}');
    expect(fragment(b!)).toBe('{"type":"string","contentEncoding":"base64"}');
  });

  describe('enum', () => {
    it('a string enum by its values (@Param({ enum }))', () => {
      class A {
        @Tool() run(@Param({ enum: Priority }) v: Priority) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"string","enum":["low","high"]}');
    });

    it('a numeric enum by its member names in declaration order (EnumOf)', () => {
      class A {
        @Tool() run(@Param({ type: EnumOf(Level) }) v: Level) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"string","enum":["Debug","Info","Warn"]}');
    });

    it('literals as written, with type following them', () => {
      class A {
        @Tool() a(@Param({ enum: ['asc', 'desc'] as const }) v: string) {
          return v;
        }
        @Tool() b(@Param({ type: EnumOf([1, 2, 3] as const) }) v: number) {
          return v;
        }
        @Tool() c(@Param({ type: EnumOf([0.5, 1] as const) }) v: number) {
          return v;
        }
      }
      const [a, b, c] = Tool.fromInstance(new A());
      expect(fragment(a!)).toBe('{"type":"string","enum":["asc","desc"]}');
      expect(fragment(b!)).toBe('{"type":"integer","enum":[1,2,3]}');
      expect(fragment(c!)).toBe('{"type":"number","enum":[0.5,1]}');
    });

    it('@IsEnum(E) and @IsIn([...]) on properties', () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { IsEnum, IsIn } = require('class-validator');
      class Dto {
        @IsEnum(Priority) p!: Priority;
        @IsIn(['a', 'b']) q!: string;
      }
      class A {
        @Tool() run(v: Dto) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"p":{"type":"string","enum":["low","high"]},"q":{"type":"string","enum":["a","b"]}},"required":["p","q"],"additionalProperties":false}',
      );
    });

    it('a mixed string/number enum is OLT002', () => {
      enum Mixed {
        A = 'a',
        B = 1,
      }
      class A {
        @Tool() run(@Param({ enum: Mixed }) v: Mixed) {
          return v;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT002');
    });
  });

  describe('T | null', () => {
    it('adds "null" to type', () => {
      class A {
        @Tool() run(@Param({ type: Nullable(Int32) }) v: number | null) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":["integer","null"],"minimum":-2147483648,"maximum":2147483647}');
    });

    it('nullable: true does the same', () => {
      class A {
        @Tool() run(@Param({ nullable: true }) v: string) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":["string","null"]}');
    });

    it("an enum's list gains null", () => {
      class A {
        @Tool() run(@Param({ type: Nullable(EnumOf(Priority)) }) v: Priority | null) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":["string","null"],"enum":["low","high",null]}');
    });

    it('{} stays {}', () => {
      class A {
        @Tool() run(@Param({ type: Nullable(JsonValue) }) v: unknown) {
          return v;
        }
      }
      expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{}');
    });
  });

  it('T[] → array with items ([T] hint)', () => {
    class A {
      @Tool() run(@Param({ type: [String] }) v: string[]) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"array","items":{"type":"string"}}');
  });

  it('nested arrays [[Int32]]', () => {
    class A {
      @Tool() run(@Param({ type: [[Int32]] }) v: number[][]) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"array","items":{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}',
    );
  });

  it('T[] on a property: @Type(() => T)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Type } = require('class-transformer');
    class Line {
      @Prop() sku!: string;
    }
    class Order {
      @Type(() => Line) lines!: Line[];
    }
    class A {
      @Tool() run(v: Order) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"lines":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}}},"required":["lines"],"additionalProperties":false}',
    );
  });

  it('Set<T> → uniqueItems (SetOf)', () => {
    class A {
      @Tool() run(@Param({ type: SetOf(String) }) v: Set<string>) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe('{"type":"array","items":{"type":"string"},"uniqueItems":true}');
  });

  it('Record<string, T> and Map<string, T> → additionalProperties (RecordOf)', () => {
    class A {
      @Tool() a(@Param({ type: RecordOf(Number) }) v: Record<string, number>) {
        return v;
      }
      @Tool() b(@Param({ type: RecordOf(Int32) }) v: Map<string, number>) {
        return v;
      }
    }
    const [a, b] = Tool.fromInstance(new A());
    expect(fragment(a!)).toBe('{"type":"object","additionalProperties":{"type":"number"}}');
    expect(fragment(b!)).toBe('{"type":"object","additionalProperties":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}');
  });

  it('unknown, any → {} (JsonValue); object → {"type":"object"} (JsonObject); unknown[] → {"type":"array"} (JsonArray)', () => {
    class A {
      @Tool() a(@Param({ type: JsonValue }) v: unknown) {
        return v;
      }
      @Tool() b(@Param({ type: JsonObject }) v: object) {
        return v;
      }
      @Tool() c(@Param({ type: JsonArray }) v: unknown[]) {
        return v;
      }
    }
    const [a, b, c] = Tool.fromInstance(new A());
    expect(fragment(a!)).toBe('{}');
    expect(fragment(b!)).toBe('{"type":"object"}');
    expect(fragment(c!)).toBe('{"type":"array"}');
  });

  it('a class (DTO) → closed object', () => {
    class Query {
      @Prop() text!: string;
    }
    class A {
      @Tool() run(v: Query) {
        return v;
      }
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}',
    );
  });

  it('lazy arrow hints resolve when the schema is built', () => {
    class A {
      @Tool() run(@Param({ type: () => [Later] }) v: unknown[]) {
        return v;
      }
    }
    class Later {
      @Prop() x!: boolean;
    }
    expect(fragment(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"array","items":{"type":"object","properties":{"x":{"type":"boolean"}},"required":["x"],"additionalProperties":false}}',
    );
  });

  describe('Not supported (OLT002)', () => {
    interface Shape {
      x: number;
    }
    it.each([
      [
        'an interface (design type Object)',
        () => {
          class A {
            @Tool() run(v: Shape) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'an array whose element type was erased',
        () => {
          class A {
            @Tool() run(v: string[]) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'a Set without SetOf',
        () => {
          class A {
            @Tool() run(v: Set<string>) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'a Map without RecordOf',
        () => {
          class A {
            @Tool() run(v: Map<string, number>) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'Function',
        () => {
          class A {
            @Tool() run(v: Function) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'Symbol',
        () => {
          class A {
            @Tool() run(@Param({ type: Symbol }) v: symbol) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'Promise',
        () => {
          class A {
            @Tool() run(v: Promise<number>) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'WeakMap',
        () => {
          class A {
            @Tool() run(v: WeakMap<object, number>) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'a tuple hint',
        () => {
          class A {
            @Tool() run(@Param({ type: [String, Number] as never }) v: [string, number]) {
              return v;
            }
          }
          return new A();
        },
      ],
      [
        'a rest parameter',
        () => {
          class A {
            @Tool() run(...v: string[]) {
              return v;
            }
          }
          return new A();
        },
      ],
    ])('%s', (_label, make) => {
      const e = definitionError(() => Tool.fromInstance(make()));
      expect(e.code).toBe('OLT002');
    });

    it('the message says what to write instead', () => {
      class A {
        @Tool() search(v: string[]) {
          return v;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
        "OLT002: Cannot build tool 'search' (A.search), parameter #0 'v': its type was erased to Array. Give the element type: @Param({ type: () => [Item] }) (or @Type(() => Item) on a property); any[] and unknown[] are JsonArray. A tuple ([string, number]) has no schema: take a class with named properties instead.",
      );
    });
  });

  describe('A hint that contradicts the design type (OLT015)', () => {
    it('Int32 on a string', () => {
      class A {
        @Tool() run(@Param({ type: Int32 }) v: string) {
          return v;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT015');
    });
    it('SetOf on an array parameter', () => {
      class A {
        @Tool() run(@Param({ type: SetOf(String) }) v: string[]) {
          return v;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT015');
    });
  });
});
