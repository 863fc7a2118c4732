import 'reflect-metadata';
import { Param, Prop, Tool, ToolDefinitionError } from 'tool-signatures';

/**
 * A misspelt decorator option (`@Param({ optinal: true })`) used to throw while the class was being
 * defined, so the module stopped before any other problem of the class was found. It is recorded when
 * the decorator runs and listed, with the class's other problems, when the definition is built.
 */

const PARAM_OPTIONS =
  'type, nullable, description, enum, minLength, maxLength, pattern, format, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems, maxItems, each, examples, name, optional, default, complete';

function thrown(f: () => unknown): ToolDefinitionError {
  try {
    f();
  } catch (e) {
    if (e instanceof ToolDefinitionError) return e;
    throw e;
  }
  throw new Error('expected a ToolDefinitionError');
}

describe("issue 31: a misspelt decorator option is gathered with the class's other problems", () => {
  it('defining the class does not throw; building lists the misspelt option beside every other problem', () => {
    class Line {
      @Prop({ requried: true } as object) sku!: string;
    }
    const define = () => {
      class Shop {
        @Tool() order(@Param({ optinal: true } as object) days: number, @Param() filter: object) {
          return `${days} ${String(filter)}`;
        }

        @Tool() add(line: Line) {
          return line.sku;
        }
      }
      return Shop;
    };
    expect(define).not.toThrow();
    const Shop = define();
    const e = thrown(() => Tool.fromInstance(new Shop()));
    expect(e.problems.map((p) => [p.code, p.site.tool, p.site.paramName, p.text.split('. ')[0]])).toEqual([
      ['OLT015', 'order', 'days', "@Param has no option 'optinal'"],
      ['OLT002', 'order', 'filter', 'its type was erased to Object'],
      ['OLT015', 'add', 'line', "@Prop has no option 'requried'"],
    ]);
    expect(e.message.split('\n')[0]).toBe('3 problems in class Shop:');
    expect(e.message.split('\n')[1]).toBe(
      `- OLT015: Cannot build tool 'order' (Shop.order), parameter #0 'days': @Param has no option 'optinal'. Its options are: ${PARAM_OPTIONS}.`,
    );
    expect(e.message.split('\n')[3]).toMatch(
      /^- OLT015: Cannot build tool 'add' \(Shop\.add\), parameter #0 'line', property Line\.sku: @Prop has no option 'requried'\. /,
    );
  });

  it('with the option spelt right the class builds', () => {
    class Shop {
      @Tool() order(@Param({ optional: true }) days: number) {
        return String(days);
      }
    }
    expect(JSON.stringify(Tool.fromInstance(new Shop())[0]!.inputSchema)).toBe(
      '{"type":"object","properties":{"days":{"type":"number"}},"additionalProperties":false}',
    );
  });
});
