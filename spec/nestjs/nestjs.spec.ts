/**
 * tool-signatures/nestjs in a real NestJS 12 application context. NestJS 12 is an ES module only
 * package, which jest's CommonJS runtime cannot load, so the application runs as a user's CommonJS
 * Nest app runs on Node 20: programs/app.ts compiled (with the library beside it,
 * scripts/compile.js) and run by Node (require(esm)). It prints what happened as JSON; each test
 * checks one part of it.
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/app.ts', ['spec/nestjs', 'lib/nestjs']);
}, 180_000);

describe('ToolsModule.forRoot() in an application context', () => {
  it("discovers the tools of two modules' providers into one global ToolRegistry", () => {
    expect(out.tools).toEqual(['lookup', 'place_order', 'whoami']);
    expect(out.sameRegistryEverywhere).toBe(true);
  });

  it('invokes a tool whose provider injects a provider of another module', () => {
    expect(out.lookup).toBe('{"sku":"BOLT-M8","price":0.25}');
    expect(out.order).toBe('ordered 8 × BOLT-M8 for 2.00 EUR');
  });

  it('returns argument problems as error results', () => {
    expect(out.badOrder).toEqual([true, "Argument 'qty' must be an integer from 1 to 100."]);
  });

  it("reaches Nest's providers through ToolContext.services", () => {
    expect(out.audit).toEqual(['8 × BOLT-M8', '2 × NUT-M8']);
  });

  it('refuses a duplicate tool name across modules (OLT007), naming both providers', () => {
    expect(out.clash).toBe(
      "ToolDefinitionError: OLT007: Cannot build tool 'lookup' (OtherLookup): two tools are named 'lookup' in the application: CatalogueTools (CatalogueModule) and OtherLookup (OtherModule). Give one another name: @Tool({ name: '...' }), give the classes name prefixes (@Tools({ prefix: 'orders' }) on a class, or ToolsModule.forRoot({ prefix })), or provide the class in one module only.",
    );
  });
});

describe('request scope', () => {
  it('resolves a request-scoped provider per call when no request is given', () => {
    expect(out.whoami).toEqual(['anonymous (instance 1)', 'anonymous (instance 2)']);
  });

  it("resolves it in the given request's DI sub-tree, with that request as REQUEST", () => {
    expect(out.whoamiInRequest).toEqual(['ana (instance 3)', 'ana (instance 3)']);
  });

  it('withRequest covers a whole runToolCalls turn; a context from createContext collects its costs', () => {
    expect(out.turn).toEqual([
      ['c1', 'bo (instance 4)'],
      ['c2', 'ordered 2 × NUT-M8 for 3.00 EUR'],
    ]);
    expect(out.turnCosts).toEqual(['order 3 EUR']);
  });

  it("with scoped: 'refuse', fails the start with a message that names the provider", () => {
    expect(out.refused).toBe(
      "Error: SessionTools (OrdersModule) has @Tool methods and is request-scoped (or depends on a request-scoped provider), which ToolsModule was told to refuse (scoped: 'refuse'). Make it a singleton, or remove the option to resolve it per call.",
    );
  });
});

describe('MCP', () => {
  it("serves the registry through mcpHttpHandler to a real MCP client, each call in its HTTP request's scope", () => {
    expect(out.mcpTools).toEqual(['lookup', 'place_order', 'whoami']);
    expect(out.mcpCalls).toEqual([
      [true, [{ type: 'text', text: "Argument 'qty' must be an integer from 1 to 100." }]],
      [false, 'cy (instance n)'],
    ]);
  });

  it("forRoot({ mcp }) serves the endpoint at its path on a real Nest HTTP application (@nestjs/platform-express, behind Nest's body parser), beside the app's routes", () => {
    expect(out.mounted).toEqual([
      { name: 'shop', version: '2.0.0' },
      ['lookup'],
      [false, [{ type: 'text', text: '{"sku":"NUT-M8","price":1.5}' }]],
      [true, [{ type: 'text', text: "Unknown tool 'place_order'. Available tools: lookup." }]],
      { ok: true },
      404,
    ]);
  });

  it('forRoot({ mcp }) in an application context (no HTTP platform): starts, warns that the endpoint is not served, and its tools run', () => {
    expect(out.mcpWithoutHttp).toEqual([
      'started',
      '{"sku":"BOLT-M8","price":0.25}',
      ['warn [ToolsModule] mcp: no HTTP adapter (an application context?): the MCP endpoint /tools/mcp is not served.'],
    ]);
  });
});

describe('ToolsModule.forRootAsync', () => {
  it("takes its options from a factory with injected providers (the set's limits)", () => {
    expect(out.async).toEqual([['lookup'], { limits: { maxTextLength: 40 } }, 'Arguments are too long: 60 characters, the limit is 40.']);
  });
});

it("a caller's own context is used as given", () => {
  expect(out.ownContext).toBe('{"sku":"NUT","price":1.5}');
});
