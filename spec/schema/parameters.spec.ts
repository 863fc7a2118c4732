import 'reflect-metadata';
import { Description, EnumOf, Int32, JsonObject, Nullable, Param, Prop, Tool, ToolContext } from 'tool-signatures';
import { definitionError, inputText } from '../helpers/schema';

enum Priority {
  Low = 'low',
  High = 'high',
}
enum Level {
  Debug,
  Info,
}

describe('Parameters', () => {
  it('ToolContext and AbortSignal parameters are filled in by the runtime and never appear in the schema', () => {
    class A {
      @Tool() run(ctx: ToolContext, q: string, signal: AbortSignal) {
        return [ctx, q, signal];
      }
      @Tool() opt(q: string, ctx?: ToolContext) {
        return [ctx, q];
      }
    }
    const [run, opt] = Tool.fromInstance(new A());
    expect(inputText(run!)).toBe('{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}');
    expect(inputText(opt!)).toBe('{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}');
  });

  it('ToolContext is recognised across copies of the package (a Symbol.for brand)', () => {
    class OtherCopyContext {}
    Object.defineProperty(OtherCopyContext, Symbol.for('tool-signatures.context'), { value: true });
    class A {
      @Tool() run(q: string, ctx: OtherCopyContext) {
        return [ctx, q];
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}',
    );
  });

  it('at most one of each (OLT009)', () => {
    class A {
      @Tool() run(a: AbortSignal, b: AbortSignal) {
        return [a, b];
      }
    }
    class B {
      @Tool() run(a: ToolContext, b: ToolContext) {
        return [a, b];
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT009');
    expect(definitionError(() => Tool.fromInstance(new B())).code).toBe('OLT009');
  });

  it('every other parameter is a property named exactly as the parameter, names not rewritten', () => {
    class A {
      @Tool() run(docket_id: string, maxResults: number, URLPrefix: string) {
        return [docket_id, maxResults, URLPrefix];
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"docket_id":{"type":"string"},"maxResults":{"type":"number"},"URLPrefix":{"type":"string"}},"required":["docket_id","maxResults","URLPrefix"],"additionalProperties":false}',
    );
  });

  it('@Param({ name }) renames', () => {
    class A {
      @Tool() run(@Param({ name: 'query' }) q: string) {
        return q;
      }
    }
    expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
      '{"type":"object","properties":{"query":{"type":"string"}},"required":["query"],"additionalProperties":false}',
    );
  });

  it('a destructured parameter without @Param({ name }) is OLT014; with it, fine', () => {
    class A {
      @Tool() run({ q }: { q: string }) {
        return q;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT014');
    class Q {
      @Prop() q!: string;
    }
    class B {
      @Tool() run(@Param({ name: 'query' }) { q }: Q) {
        return q;
      }
    }
    expect(inputText(Tool.fromInstance(new B())[0]!)).toBe(
      '{"type":"object","properties":{"query":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}},"required":["query"],"additionalProperties":false}',
    );
  });

  it('a native (bound) function without names is OLT014; params as an array in order gives them', () => {
    const fn = function (a: number, b: string) {
      return [a, b];
    }.bind(null);
    expect(definitionError(() => Tool.create(fn, { name: 'f' })).code).toBe('OLT014');
    const t = Tool.create(fn, {
      name: 'f',
      params: [
        { name: 'a', type: Number },
        { name: 'b', type: String },
      ],
    });
    expect(inputText(t)).toBe('{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"string"}},"required":["a","b"],"additionalProperties":false}');
  });

  it('rest parameters are refused (OLT002)', () => {
    expect(definitionError(() => Tool.create((...xs: number[]) => xs, { name: 'f', params: { xs: [Number] } })).code).toBe('OLT002');
  });

  describe('Required', () => {
    it('unless the parameter has a default value in the source', () => {
      class A {
        @Tool() run(q: string, days = 3) {
          return [q, days];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"q":{"type":"string"},"days":{"type":"number","default":3}},"required":["q"],"additionalProperties":false}',
      );
    });

    it('unless @Param({ default }) or @Param({ optional: true })', () => {
      class A {
        @Tool() run(@Param({ default: 'x' }) a: string, @Param({ optional: true }) b: string) {
          return [a, b];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"a":{"type":"string","default":"x"},"b":{"type":"string"}},"additionalProperties":false}',
      );
    });

    it('a nullable parameter without a default is still required and accepts null', () => {
      class A {
        @Tool() run(@Param({ type: Nullable(String) }) note: string | null) {
          return note;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"note":{"type":["string","null"]}},"required":["note"],"additionalProperties":false}',
      );
    });
  });

  describe('Defaults', () => {
    it('string, number and boolean literals are written; negative numbers too', () => {
      class A {
        @Tool() run(label = 'x', days = 3, ratio = 0.5, all = false, offset = -2) {
          return [label, days, ratio, all, offset];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"label":{"type":"string","default":"x"},"days":{"type":"number","default":3},"ratio":{"type":"number","default":0.5},"all":{"type":"boolean","default":false},"offset":{"type":"number","default":-2}},"additionalProperties":false}',
      );
    });

    it("an enum member, in the enum's JSON form, resolved through the enum hint", () => {
      class A {
        @Tool() run(@Param({ enum: Priority }) p: Priority = Priority.High, @Param({ type: EnumOf(Level) }) l: Level = Level.Info) {
          return [p, l];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"p":{"type":"string","enum":["low","high"],"default":"high"},"l":{"type":"string","enum":["Debug","Info"],"default":"Info"}},"additionalProperties":false}',
      );
    });

    it('object literals made only of literals are written', () => {
      class A {
        @Tool() run(@Param({ type: JsonObject }) o: object = { a: 1, b: [true, 'x'], c: { d: null } }) {
          return o;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"o":{"type":"object","default":{"a":1,"b":[true,"x"],"c":{"d":null}}}},"additionalProperties":false}',
      );
    });

    it('array literals are written', () => {
      class A {
        @Tool() run(@Param({ type: [String] }) tags: string[] = ['a', 'b'], @Param({ type: [Int32] }) none: number[] = []) {
          return [tags, none];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"default":["a","b"]},"none":{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647},"default":[]}},"additionalProperties":false}',
      );
    });

    it('a null default on a parameter that is not nullable, or any other expression, writes nothing (still optional); v3: a null default on a nullable one is written', () => {
      const make = () => new Set<string>();
      class A {
        @Tool() run(
          @Param({ type: Nullable(String) }) a: string | null = null,
          @Param({ type: Int32 }) b: number = Date.now(),
          @Param({ type: [String] }) c: string[] = [...make()],
        ) {
          return [a, b, c];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"a":{"type":["string","null"],"default":null},"b":{"type":"integer","minimum":-2147483648,"maximum":2147483647},"c":{"type":"array","items":{"type":"string"}}},"additionalProperties":false}',
      );
    });

    it('@Param({ default }) wins over a source default', () => {
      class A {
        @Tool() run(@Param({ default: 7 }) days = 3) {
          return days;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"days":{"type":"number","default":7}},"additionalProperties":false}',
      );
    });

    it('a numeric enum @Param default is written by its member name', () => {
      class A {
        @Tool() run(@Param({ type: EnumOf(Level), default: Level.Debug }) l: Level) {
          return l;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"l":{"type":"string","enum":["Debug","Info"],"default":"Debug"}},"additionalProperties":false}',
      );
    });
  });

  describe('Description', () => {
    @Description('A search query')
    class Query {
      @Prop() text!: string;
    }

    it('@Description wins over @Param({ description })', () => {
      class A {
        @Tool() run(@Description('from the decorator') @Param({ description: 'from the option' }) q: string) {
          return q;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"q":{"type":"string","description":"from the decorator"}},"required":["q"],"additionalProperties":false}',
      );
    });

    it('else @Param({ description })', () => {
      class A {
        @Tool() run(@Param({ description: 'Days back' }) days: number) {
          return days;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"days":{"type":"number","description":"Days back"}},"required":["days"],"additionalProperties":false}',
      );
    });

    it("else the @Description of the parameter's DTO class", () => {
      class A {
        @Tool() run(q: Query) {
          return q;
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"q":{"type":"object","description":"A search query","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}},"required":["q"],"additionalProperties":false}',
      );
    });
  });

  describe('Parameters without a type annotation', () => {
    it('a literal default gives the type', () => {
      class A {
        @Tool() run(days = 3, label = 'x', on = true) {
          return [days, label, on];
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe(
        '{"type":"object","properties":{"days":{"type":"number","default":3},"label":{"type":"string","default":"x"},"on":{"type":"boolean","default":true}},"additionalProperties":false}',
      );
    });

    it('tags = [] needs an element hint (OLT002)', () => {
      class A {
        @Tool() run(tags = []) {
          return tags;
        }
      }
      expect(definitionError(() => Tool.fromInstance(new A())).code).toBe('OLT002');
    });
  });

  describe('Ad-hoc functions (Tool.create)', () => {
    it('types from options.params keyed by name, else the literal default', () => {
      const t = Tool.create((city: string, days = 3) => `${city} ${days}`, { name: 'forecast', description: 'Weather', params: { city: String } });
      expect(t.description).toBe('Weather');
      expect(inputText(t)).toBe(
        '{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"number","default":3}},"required":["city"],"additionalProperties":false}',
      );
    });

    it('params entries may be @Param options', () => {
      const t = Tool.create((n: number) => n, { name: 'f', params: { n: { type: Int32, description: 'How many', optional: true } } });
      expect(inputText(t)).toBe(
        '{"type":"object","properties":{"n":{"type":"integer","description":"How many","minimum":-2147483648,"maximum":2147483647}},"additionalProperties":false}',
      );
    });

    it('a ToolContext or AbortSignal named in params is filled in by the runtime', () => {
      const t = Tool.create((q: string, signal: AbortSignal) => [q, signal], { name: 'f', params: { q: String, signal: AbortSignal } });
      expect(inputText(t)).toBe('{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}');
    });

    it('otherwise OLT002', () => {
      const e = definitionError(() => Tool.create((city: string) => city, { name: 'f' }));
      expect(e.code).toBe('OLT002');
      expect(e.message).toContain('options.params');
    });
  });
});
