/**
 * CONTRACT v3.2, "A DTO as the whole input" and "Names that do not clash", in a real NestJS 12
 * HTTP application (programs/orders.ts, run by Node as a user's CommonJS Nest app runs) through the
 * real MCP SDK client: two services with `create` and `list` over unchanged DTOs, served with flat
 * DTO arguments and module-prefixed names.
 */
import { runProgram } from '../helpers/programs';

let out: { tools: string[]; schemas: Record<string, string>; calls: Record<string, [boolean, string]>; controller: unknown; unprefixed: string };

beforeAll(async () => {
  out = await runProgram('spec/nestjs/programs/orders.ts', ['spec/nestjs', 'lib/nestjs']);
}, 180_000);

describe("ToolsModule.forRoot({ input: 'dto', prefix })", () => {
  it("names each provider's tools after its module, so both list methods build", () => {
    expect(out.tools).toEqual(['orders_create', 'orders_list', 'customers_create', 'customers_list']);
  });

  it("lists each DTO's properties as the tool's arguments", () => {
    expect(out.schemas).toEqual({
      orders_create:
        '{"type":"object","properties":{"customerId":{"type":"string"},"lines":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer","minimum":1,"maximum":9007199254740991}},"required":["sku","qty"],"additionalProperties":false},"minItems":1}},"required":["customerId","lines"],"additionalProperties":false}',
      orders_list:
        '{"type":"object","properties":{"status":{"type":"string","enum":["open","shipped"]},"limit":{"type":"integer","minimum":1,"maximum":100}},"additionalProperties":false}',
      customers_create:
        '{"type":"object","properties":{"name":{"type":"string","minLength":2},"email":{"type":"string","format":"email"},"age":{"type":"integer","minimum":18,"maximum":9007199254740991}},"required":["name","email"],"additionalProperties":false}',
      customers_list: '{"type":"object","properties":{"search":{"type":"string"}},"additionalProperties":false}',
    });
  });

  it('calls them with flat arguments; an all-optional query DTO takes {}', () => {
    expect(out.calls.customersCreate).toEqual([false, 'customer 1: Ada']);
    expect(out.calls.customersList).toEqual([false, '["Ada"]']);
    expect(out.calls.ordersCreate).toEqual([false, '{"id":1,"lines":1,"instance":true}']);
    expect(out.calls.ordersListAll).toEqual([false, '[1]']);
    expect(out.calls.ordersListOpen).toEqual([false, '[1]']);
  });

  it("writes argument problems at the DTO's properties, in the team's own words where it gave them", () => {
    expect(out.calls.badCustomer).toEqual([
      true,
      [
        "Argument 'name' must be at least 2 characters long.",
        "Argument 'email' use your work address.",
        "Argument 'age' must be an integer of at least 18.",
      ].join('\n'),
    ]);
    expect(out.calls.badOrder).toEqual([
      true,
      ["Argument 'lines[0].qty' must be an integer of at least 1.", "Argument 'dto' is not a parameter of tool 'orders_create'."].join('\n'),
    ]);
  });

  it('leaves the DTOs as the controllers use them (ValidationPipe)', () => {
    expect(out.controller).toEqual([201, { id: 2, lines: 1, instance: true }]);
  });

  it("without prefixes, the two services' create and list methods still stop the start with OLT007, whose fix names the prefix", () => {
    expect(out.unprefixed).toContain(
      "OLT007: Cannot build tool 'create' (CustomersService): two tools are named 'create' in the application: OrdersService (OrdersModule) and CustomersService (CustomersModule).",
    );
    expect(out.unprefixed).toContain("give the classes name prefixes (@Tools({ prefix: 'orders' }) on a class, or ToolsModule.forRoot({ prefix }))");
  });
});
