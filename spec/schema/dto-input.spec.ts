import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Param, Tool, ToolContext, ToolDefinitionError, Tools, ToolSet, type ToolDefinition } from 'tool-signatures';
import { toOpenAITool, toAnthropicTool, toGeminiTool, toMcpTool } from 'tool-signatures';
import { withFastPath } from '../helpers/fast-path';

/**
 * CONTRACT v3.2, "A DTO as the whole input" and "Names that do not clash": a tool whose one argument
 * parameter is a DTO may take that DTO's properties as its top-level arguments, chosen per tool
 * (`@Tool({ input: 'dto' })`) or as a class default (`@Tools({ input: 'dto' })`); a class's tools
 * may carry a name prefix (`@Tools({ prefix })`).
 */

class OrderLine {
  @IsString() sku!: string;
  @IsInt() @Min(1) qty!: number;
}

class CreateOrderDto {
  @IsEmail() customer!: string;
  @IsArray() @ValidateNested() @Type(() => OrderLine) lines!: OrderLine[];
  @IsOptional() @IsString() note?: string;
}

class ListOrdersDto {
  @IsOptional() @IsString() status?: string;
  @IsOptional() @IsInt() @Min(1) page = 1;
}

const text = (r: { parts: readonly { type: string }[] }) =>
  r.parts.map((p) => ('text' in p ? p.text : JSON.stringify((p as { value?: unknown }).value))).join('\n');

@Tools({ prefix: 'orders', input: 'dto' })
class OrdersService {
  @Tool({ description: 'Create an order' })
  create(dto: CreateOrderDto, ctx?: ToolContext) {
    return `${dto instanceof CreateOrderDto} ${dto.customer} ${dto.lines.map((l) => `${l.sku}x${l.qty}`).join(',')} ${ctx instanceof ToolContext}`;
  }

  @Tool()
  list(query: ListOrdersDto) {
    return `${query instanceof ListOrdersDto} ${JSON.stringify(query)}`;
  }

  /** Two argument parameters: the class default leaves it one property per parameter. */
  @Tool()
  find(id: string, @Param({ optional: true }) status: string) {
    return `${id} ${status}`;
  }
}

class PlainOrders {
  @Tool({ input: 'dto' })
  create(dto: CreateOrderDto) {
    return dto.customer;
  }

  @Tool()
  list(query: ListOrdersDto) {
    return JSON.stringify(query);
  }
}

const tools = new Map(Tool.fromInstance(new OrdersService()).map((t) => [t.name, t]));
const get = (name: string): ToolDefinition => tools.get(name)!;

const CREATE_SCHEMA =
  '{"type":"object","properties":{"customer":{"type":"string","format":"email"},"lines":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer","minimum":1,"maximum":9007199254740991}},"required":["sku","qty"],"additionalProperties":false}},"note":{"type":"string"}},"required":["customer","lines"],"additionalProperties":false}';

describe('A DTO as the whole input', () => {
  it("the input schema is the DTO's own object, and names carry the class prefix", () => {
    expect([...tools.keys()]).toEqual(['orders_create', 'orders_list', 'orders_find']);
    expect(JSON.stringify(get('orders_create').inputSchema)).toBe(CREATE_SCHEMA);
    expect(JSON.stringify(get('orders_list').inputSchema)).toBe(
      '{"type":"object","properties":{"status":{"type":"string"},"page":{"type":"integer","minimum":1,"maximum":9007199254740991,"default":1}},"additionalProperties":false}',
    );
    // A signature that cannot take a DTO as its input keeps one property per parameter.
    expect(JSON.stringify(get('orders_find').inputSchema)).toBe(
      '{"type":"object","properties":{"id":{"type":"string"},"status":{"type":"string"}},"required":["id"],"additionalProperties":false}',
    );
  });

  it("a per-tool choice: @Tool({ input: 'dto' }) on one method; the others keep the seed's form", () => {
    const [create, list] = Tool.fromInstance(new PlainOrders());
    expect(JSON.stringify(create!.inputSchema)).toBe(CREATE_SCHEMA);
    expect(JSON.stringify(list!.inputSchema)).toBe(
      '{"type":"object","properties":{"query":{"type":"object","properties":{"status":{"type":"string"},"page":{"type":"integer","minimum":1,"maximum":9007199254740991,"default":1}},"additionalProperties":false}},"required":["query"],"additionalProperties":false}',
    );
  });

  describe.each([true, false])('the invoker (fast path %s)', (fast) => {
    it("the DTO's properties are the arguments; the method receives an instance", async () => {
      const r = await withFastPath(fast, () => get('orders_create').invoke({ customer: 'a@b.co', lines: [{ sku: 'x', qty: 2 }] }));
      expect(text(r)).toBe('true a@b.co xx2 true');
      expect(r.isError).toBe(false);
    });

    it('an all-optional query DTO: list {} works', async () => {
      const r = await withFastPath(fast, () => get('orders_list').invoke('{}'));
      expect(text(r)).toBe('true {"page":1}');
    });

    it("problem paths start at the DTO's properties", async () => {
      const r = await withFastPath(fast, () => get('orders_create').invoke({ customer: 'nobody', lines: [{ sku: 'x', qty: 0 }], extra: 1 }));
      expect(r.isError).toBe(true);
      expect(text(r)).toBe(
        [
          "Argument 'customer' must be an email address.",
          "Argument 'lines[0].qty' must be an integer of at least 1.",
          "Argument 'extra' is not a parameter of tool 'orders_create'.",
        ].join('\n'),
      );
      const missing = await withFastPath(fast, () => get('orders_create').invoke({ lines: [] }));
      expect(text(missing)).toBe("Argument 'customer' is required.");
    });

    it('an argument object that is not an object is refused as for any tool', async () => {
      const r = await withFastPath(fast, () => get('orders_create').invoke('[1]'));
      expect(text(r)).toBe('Arguments must be a JSON object, like {"name": "value"}, not an array.');
    });
  });

  it("every provider form takes the DTO's properties as its parameters, and an answer in OpenAI strict's shape is invoked", async () => {
    const t = get('orders_create');
    const keys = (schema: unknown) => Object.keys((schema as { properties: object }).properties);
    const openai = toOpenAITool(t).tool;
    expect(keys(openai.function.parameters)).toEqual(['customer', 'lines', 'note']);
    expect(keys(toAnthropicTool(t).tool.input_schema)).toEqual(['customer', 'lines', 'note']);
    expect(keys(toGeminiTool(t).tool.parametersJsonSchema)).toEqual(['customer', 'lines', 'note']);
    expect(keys(toMcpTool(t).tool.inputSchema)).toEqual(['customer', 'lines', 'note']);
    // OpenAI strict sends null for the optional `note`: it means absent, as for any optional property.
    expect(openai.function.strict).toBe(true);
    const r = await t.invoke({ customer: 'a@b.co', lines: [], note: null });
    expect(text(r)).toBe('true a@b.co  true');
  });

  it("examples are argument objects of the DTO's properties, checked by the tool's own invoker", () => {
    class WithExample {
      @Tool({ input: 'dto', examples: [{ customer: 'a@b.co', lines: [] }] })
      create(dto: CreateOrderDto) {
        return dto.customer;
      }
    }
    expect(JSON.stringify(Tool.fromInstance(new WithExample())[0]!.inputSchema.examples)).toBe('[{"customer":"a@b.co","lines":[]}]');
    class BadExample {
      @Tool({ input: 'dto', examples: [{ customer: 'a@b.co' }] })
      create(dto: CreateOrderDto) {
        return dto.customer;
      }
    }
    expect(() => Tool.fromInstance(new BadExample())).toThrow("Argument 'lines' is required.");
  });

  it('asked for by a tool whose signature cannot take it: OLT015', () => {
    class Two {
      @Tool({ input: 'dto' })
      find(id: string, query: ListOrdersDto) {
        return id + JSON.stringify(query);
      }
    }
    expect(() => Tool.fromInstance(new Two())).toThrow(ToolDefinitionError);
    expect(() => Tool.fromInstance(new Two())).toThrow(
      "OLT015: Cannot build tool 'find' (Two.find): input: 'dto' takes a tool whose one argument parameter (a ToolContext and an AbortSignal aside) is a DTO class; this one has 2 argument parameters.",
    );
    class NotDto {
      @Tool({ input: 'dto' })
      find(id: string) {
        return id;
      }
    }
    expect(() => Tool.fromInstance(new NotDto())).toThrow("this one has the parameter 'id', which is not a DTO class.");
  });
});

describe('Name prefixes', () => {
  it('two classes with a list method build into one tool set when each has a prefix', () => {
    @Tools({ prefix: 'customers' })
    class CustomersService {
      @Tool() list() {
        return 'customers';
      }
    }
    @Tools({ prefix: 'orders' })
    class Orders {
      @Tool() list() {
        return 'orders';
      }
    }
    const set = new ToolSet([new CustomersService(), new Orders()]);
    expect(set.list().map((t) => t.name)).toEqual(['customers_list', 'orders_list']);
  });

  it("a subclass's @Tools wins over its base's, option by option", () => {
    @Tools({ prefix: 'base', input: 'dto' })
    class Base {
      @Tool() list(query: ListOrdersDto) {
        return JSON.stringify(query);
      }
    }
    @Tools({ prefix: 'sub' })
    class Sub extends Base {}
    const [t] = Tool.fromInstance(new Sub());
    expect(t!.name).toBe('sub_list');
    expect(Object.keys(t!.inputSchema.properties as object)).toEqual(['status', 'page']);
  });

  it('the prefix counts toward the 64-character limit', () => {
    @Tools({ prefix: 'p'.repeat(60) })
    class Long {
      @Tool() listAll() {
        return '';
      }
    }
    expect(() => Tool.fromInstance(new Long())).toThrow(
      `OLT008: Cannot build tool '${'p'.repeat(60)}_list_all' (Long.listAll): the tool name '${'p'.repeat(60)}_list_all' (with the prefix '${'p'.repeat(60)}') is longer than 64 characters.`,
    );
  });

  it('@Tools refuses an option it does not have, a prefix no name could carry, an input that is neither form', () => {
    expect(() => Tools({ prefx: 'a' } as never)(class A {})).toThrow("OLT015: Cannot build A: @Tools has no option 'prefx'. Its options are: prefix, input.");
    expect(() => Tools({ prefix: 'a b' })(class B {})).toThrow('OLT015');
    expect(() => Tools({ input: 'flat' as never })(class C {})).toThrow("the option input is \"flat\"; it is 'parameters' or 'dto'.");
  });
});
