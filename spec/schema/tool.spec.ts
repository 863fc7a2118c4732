import 'reflect-metadata';
import { Description, Int32, JsonValue, Param, Part, Prop, Tool, ToolResult } from 'tool-signatures';
import { definitionError, inputText, outputText } from '../helpers/schema';

describe('A tool', () => {
  describe('Name', () => {
    it.each([
      ['getDocketAsync', 'get_docket'],
      ['HTTPRequest', 'http_request'],
      ['parseHTMLDocument', 'parse_html_document'],
      ['getV2Data', 'get_v2_data'],
      ['sha256Hash', 'sha256_hash'],
      ['IPv6Lookup', 'i_pv6_lookup'],
      ['already_snake', 'already_snake'],
      ['search', 'search'],
    ])('%s → %s', (method, expected) => {
      const fn = {
        [method]: function (this: unknown) {
          return 1;
        },
      }[method]!;
      expect(Tool.create(fn).name).toBe(expected);
    });

    it('is the method name in snake_case without a trailing Async', () => {
      class Docket {
        @Tool() async getDocketAsync() {
          return 1;
        }
      }
      expect(Tool.fromInstance(new Docket()).map((t) => t.name)).toEqual(['get_docket']);
    });

    it('is @Tool({ name }) when given', () => {
      class Docket {
        @Tool({ name: 'fetch-docket' }) async getDocketAsync() {
          return 1;
        }
      }
      expect(Tool.fromInstance(new Docket())[0]!.name).toBe('fetch-docket');
    });

    it("drops a bound function's 'bound ' prefix", () => {
      function lookUp(this: unknown) {
        return 1;
      }
      expect(Tool.create(lookUp.bind(null)).name).toBe('look_up');
    });

    it('refuses an anonymous function without a name (OLT008)', () => {
      const e = definitionError(() =>
        Tool.create(
          (
            () => () =>
              1
          )(),
        ),
      );
      expect(e.code).toBe('OLT008');
      expect(e.message).toContain('anonymous function has no name');
    });

    it('refuses a name that is not 1–64 ASCII letters, digits, _ or - (OLT008)', () => {
      expect(definitionError(() => Tool.create(() => 1, { name: 'has space' })).code).toBe('OLT008');
      expect(definitionError(() => Tool.create(() => 1, { name: 'x'.repeat(65) })).code).toBe('OLT008');
      expect(definitionError(() => Tool.create(() => 1, { name: 'café' })).code).toBe('OLT008');
      expect(Tool.create(() => 1, { name: 'x'.repeat(64) }).name).toHaveLength(64);
    });
  });

  describe('Description', () => {
    it('is @Tool({ description }) first', () => {
      class A {
        @Tool({ description: 'from the option' }) @Description('from the decorator') run() {
          return 1;
        }
      }
      expect(Tool.fromInstance(new A())[0]!.description).toBe('from the option');
    });

    it('else @Description on the method', () => {
      class A {
        @Tool() @Description('Fetch a court docket') run() {
          return 1;
        }
      }
      expect(Tool.fromInstance(new A())[0]!.description).toBe('Fetch a court docket');
    });

    it('else ""', () => {
      class A {
        @Tool() run() {
          return 1;
        }
      }
      expect(Tool.fromInstance(new A())[0]!.description).toBe('');
    });
  });

  describe('Input schema', () => {
    it('is one closed object; properties always written, required omitted when empty', () => {
      class A {
        @Tool() ping() {
          return 'pong';
        }
      }
      expect(inputText(Tool.fromInstance(new A())[0]!)).toBe('{"type":"object","properties":{},"additionalProperties":false}');
    });
  });

  describe('Output schema', () => {
    class Verdict {
      @Prop() outcome!: string;
      @Prop({ type: Int32 }) votes!: number;
    }

    it('is the schema of the declared return type', () => {
      class A {
        @Tool({ returns: () => Verdict, endsLoop: true }) decide() {
          return new Verdict();
        }
        @Tool({ returns: [Int32] }) counts() {
          return [1];
        }
      }
      const [decide, counts] = Tool.fromInstance(new A());
      expect(outputText(decide!)).toBe(
        '{"type":"object","properties":{"outcome":{"type":"string"},"votes":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["outcome","votes"],"additionalProperties":false}',
      );
      expect(outputText(counts!)).toBe('{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}');
    });

    it.each([
      ['text', String],
      ['a Part', Part],
      ['Part[]', [Part]],
      ['a ToolResult', ToolResult],
      ['a JsonValue', JsonValue],
      ['void (no returns)', undefined],
    ])('is not written for %s', (_label, returns) => {
      const t = Tool.create(() => undefined, { name: 'x', ...(returns !== undefined ? { returns: returns as never } : {}) });
      expect(outputText(t)).toBeUndefined();
    });

    it('refuses an unsupported return type (OLT003)', () => {
      expect(definitionError(() => Tool.create(() => 1, { name: 'x', returns: Function })).code).toBe('OLT003');
    });
  });

  describe('Metadata', () => {
    it('defaults: endsLoop false, requiresApproval false, parallelSafe true, timeoutSeconds 0, no annotations', () => {
      const t = Tool.create(() => 1, { name: 'x' });
      expect([t.endsLoop, t.requiresApproval, t.parallelSafe, t.timeoutSeconds, t.annotations]).toEqual([false, false, true, 0, undefined]);
    });

    it('takes every option and the MCP annotations as they are', () => {
      class A {
        @Tool({
          endsLoop: true,
          requiresApproval: true,
          parallelSafe: false,
          timeoutSeconds: 5,
          annotations: { title: 'Refund', destructiveHint: true, idempotentHint: false, readOnlyHint: false, openWorldHint: true },
        })
        refund() {
          return 1;
        }
      }
      const t = Tool.fromInstance(new A())[0]!;
      expect([t.endsLoop, t.requiresApproval, t.parallelSafe, t.timeoutSeconds]).toEqual([true, true, false, 5]);
      expect(JSON.stringify(t.annotations)).toBe('{"title":"Refund","destructiveHint":true,"idempotentHint":false,"readOnlyHint":false,"openWorldHint":true}');
    });

    it('refuses a negative or non-finite timeout (OLT015)', () => {
      expect(definitionError(() => Tool.create(() => 1, { name: 'x', timeoutSeconds: -1 })).code).toBe('OLT015');
      expect(definitionError(() => Tool.create(() => 1, { name: 'x', timeoutSeconds: Infinity })).code).toBe('OLT015');
    });

    it('definitions and schemas are frozen', () => {
      const t = Tool.create((a = 1) => a, { name: 'x' });
      expect(Object.isFrozen(t)).toBe(true);
      expect(Object.isFrozen(t.inputSchema)).toBe(true);
      expect(Object.isFrozen(t.inputSchema.properties)).toBe(true);
      expect(Object.isFrozen(t.warnings)).toBe(true);
    });
  });

  describe('Which methods are tools', () => {
    it('instance methods with @Tool on the class and its bases, base first', () => {
      class Base {
        @Tool() listCases() {
          return 1;
        }
        helper() {
          return 2;
        }
      }
      class Derived extends Base {
        @Tool() closeCase() {
          return 3;
        }
      }
      expect(Tool.fromInstance(new Derived()).map((t) => t.name)).toEqual(['list_cases', 'close_case']);
    });

    it("an override without its own @Tool stays a tool with the base's options and the override's body", async () => {
      class Base {
        @Tool({ description: 'Count things', name: 'count' }) count(@Param({ type: Int32 }) n: number) {
          return n;
        }
      }
      class Derived extends Base {
        override count(n: number) {
          return n * 2;
        }
      }
      const t = Tool.fromInstance(new Derived())[0]!;
      expect(t.name).toBe('count');
      expect(t.description).toBe('Count things');
      expect(inputText(t)).toBe(
        '{"type":"object","properties":{"n":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["n"],"additionalProperties":false}',
      );
    });

    it('refuses a static method (OLT003) and says what to do instead', () => {
      const e = definitionError(() => {
        class A {
          @Tool() static make() {
            return 1;
          }
        }
        return A;
      });
      expect(e.code).toBe('OLT003');
      expect(e.message).toContain('instance method');
    });

    it('refuses a getter (OLT003)', () => {
      const e = definitionError(() => {
        class A {
          @Tool() get value() {
            return 1;
          }
        }
        return A;
      });
      expect(e.code).toBe('OLT003');
    });

    it('refuses a symbol-named method without a name (OLT008), accepts it with one', () => {
      const sym = Symbol('run');
      expect(
        definitionError(() => {
          class A {
            @Tool() [sym]() {
              return 1;
            }
          }
          return A;
        }).code,
      ).toBe('OLT008');
      class B {
        @Tool({ name: 'run' }) [sym]() {
          return 1;
        }
      }
      expect(Tool.fromInstance(new B())[0]!.name).toBe('run');
    });

    it('Tool.create(instance, method) builds one decorated method bound to the instance', () => {
      class A {
        @Tool() first() {
          return 1;
        }
        @Tool() second() {
          return 2;
        }
        plain() {
          return 3;
        }
      }
      expect(Tool.create(new A(), 'second').name).toBe('second');
      expect(definitionError(() => Tool.create(new A(), 'plain')).code).toBe('OLT003');
    });

    it('refuses two tools with the same name in one class (OLT007)', () => {
      class A {
        @Tool({ name: 'go' }) one() {
          return 1;
        }
        @Tool({ name: 'go' }) two() {
          return 2;
        }
      }
      const e = definitionError(() => Tool.fromInstance(new A()));
      expect(e.code).toBe('OLT007');
      expect(e.message).toContain("two tools are named 'go'");
    });
  });
});
