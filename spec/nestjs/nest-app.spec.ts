/**
 * A NestJS 12 application as teams write them (programs/nest-app.ts: a global TransformInterceptor,
 * a global exception filter, a guarded REST controller, services that throw Nest's HttpExceptions)
 * serving its tools, prompts and resources over `ToolsModule.forRoot({ mcp })` to the real MCP SDK
 * client, its REST routes unchanged beside them.
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/nest-app.ts', ['spec/nestjs', 'lib/nestjs']);
}, 180_000);

describe("Nest's HttpExceptions over MCP", () => {
  it("a tool's HttpException is a tool error whose text is its message (a NotFoundException, an UnprocessableEntityException)", () => {
    expect(out.tools).toEqual([
      [false, 'two bolts'],
      [false, '["A-1"]'],
      [true, 'Order A-9 was not found'],
      [true, 'Order A-1 has shipped and cannot be cancelled'],
    ]);
  });

  it("a resource's or template's NotFoundException is MCP's resource not found (-32002), with its message and the URI in its data (as an unknown URI's)", () => {
    expect(out.resources).toEqual([
      [{ uri: 'orders://A-1', mimeType: 'text/plain', text: 'two bolts' }],
      { code: -32002, message: 'MCP error -32002: Order A-9 was not found', data: { uri: 'orders://A-9' } },
      { code: -32002, message: 'MCP error -32002: No order yet today', data: { uri: 'orders://latest' } },
    ]);
    expect(out.prompt).toEqual([{ role: 'user', content: { type: 'text', text: 'Summarise order A-1.' } }]);
  });

  it('on MCP 2026-07-28 a NotFoundException and an unknown URI alike are resource not found as that revision writes it (-32602), the URI in data', () => {
    expect(out.modernResources).toEqual([
      [200, { code: -32602, message: 'Order A-9 was not found', data: { uri: 'orders://A-9' } }],
      [200, { code: -32602, message: 'No order yet today', data: { uri: 'orders://latest' } }],
      [200, { code: -32602, message: "Unknown resource 'nothing://here'.", data: { uri: 'nothing://here' } }],
    ]);
  });
});

describe('global enhancers written for HTTP', () => {
  it('the exception filter does not run for tool calls (it would write an HTTP body); REST routes keep their guard, envelope and filter', () => {
    expect(out.rest).toEqual([
      [403, { error: 'Forbidden resource', filtered: true }],
      [200, { statusCode: 200, data: 'two bolts' }],
      [404, { error: 'Order A-9 was not found', filtered: true }],
    ]);
  });

  it("a global interceptor is the HTTP application's: an envelope that wraps every value, not looking at getType(), wraps the REST answer and no tool, resource or prompt", () => {
    expect((out.tools as unknown[])[0]).toEqual([false, 'two bolts']);
    expect(out.naive).toEqual([
      [false, 'two bolts'],
      [false, '["A-1"]'],
      [{ uri: 'orders://A-1', mimeType: 'text/plain', text: 'two bolts' }],
      [{ role: 'user', content: { type: 'text', text: 'Summarise order A-1.' } }],
      [200, { statusCode: 200, data: 'two bolts' }],
    ]);
  });
});

describe('the start', () => {
  it("logs the mounted MCP route through Nest's Logger, with what it serves", () => {
    expect(out.logged).toEqual(['log [ToolsModule] Mapped {/mcp, MCP} route (stateless): 3 tools, 1 prompt, 2 resources']);
  });

  it('refuses @Tool on a controller, saying where the method belongs', () => {
    expect(out.controllerTool).toBe(
      "StockController (ControllerToolModule) is a controller with @Tool stock ('stock'): ToolsModule serves the methods of providers, not of controllers. Move them to an @Injectable() service listed in the module's providers (the controller can inject it and call it too).",
    );
  });
});
