/**
 * NestJS guards and interceptors around tool calls made through ToolsModule, in a real NestJS 12
 * application context: programs/guards.ts, compiled and run by Node as programs/app.ts is (see
 * nestjs.spec.ts). It prints what happened as JSON; each test checks one part of it.
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/guards.ts', ['spec/nestjs', 'lib/nestjs']);
}, 180_000);

const refused = (tool: string, why = 'Forbidden resource.') => [true, `Tool '${tool}' was refused: ${why}`];

describe('guards (@UseGuards on the class and the method, resolved through DI)', () => {
  it("let the call through or refuse it with an error result the model reads, by @Roles() read with Reflector from the tool's method", () => {
    expect(out.roles).toEqual([[false, 'books closed'], refused('close_books'), refused('close_books')]);
  });

  it('run the class guard, then the method guard, which decides on the validated, hydrated arguments (a thrown ForbiddenException is the reason given)', () => {
    expect(out.refunds).toEqual([
      [false, 'refunded 20 on A-1'],
      refused('refund', 'Refunds over 50 need an admin; 80 was asked.'),
      [false, 'refunded 80 on A-3'],
      refused('refund'),
    ]);
    const roles = (user: string) => ({ guard: 'roles', tool: 'refund', callId: null, wanted: ['admin', 'clerk'], user });
    expect(out.refundGuards).toEqual([
      roles('bo'),
      { guard: 'limit', hydrated: true, amount: 20 },
      roles('bo'),
      { guard: 'limit', hydrated: true, amount: 80 },
      roles('ana'),
      { guard: 'limit', hydrated: true, amount: 80 },
      roles('cy'),
    ]);
  });

  it('come after argument validation: the model gets argument problems whoever calls, and no guard runs for them', () => {
    expect(out.badArguments).toEqual([[true, "Argument 'refund.amount' must be a number greater than 0."], 0]);
  });

  it("see an ExecutionContext of type 'tool': the class and method, getArgs() [request, ToolContext, { tool, callId, request }], the arguments by name through toolCallOf", () => {
    expect(out.shape).toEqual({
      type: 'tool',
      class: 'Desk',
      handlerIsTheMethod: true,
      request: { user: 'ana' },
      httpRequest: true,
      args: { text: 'call back' },
      contextIsToolContext: true,
      contextHasServices: true,
      info: { tool: 'note', callId: 'call-7', request: { user: 'ana' } },
      rpcData: true,
      rpcContext: true,
    });
  });

  it('a guard that throws something other than an HttpException makes the call fail; a 5xx HttpException is an error result of its message (as Nest answers HTTP with it); neither runs the method', () => {
    expect((out.thrown as unknown[]).slice(2)).toEqual([
      [true, "Tool 'buggy' failed: TypeError: Cannot read properties of undefined (reading 'roles')"],
      [true, 'The ledger is offline'],
    ]);
  });

  it("guard a request-scoped provider's tools in the call's DI sub-tree", () => {
    expect(out.till).toEqual([[false, 'till opened by bo'], refused('open_till')]);
  });

  it('guard an approved call of runToolCalls when it runs, with the request of withRequest and the call id', () => {
    expect(out.approvedButRefused).toEqual([refused('delete_order'), [{ guard: 'roles', tool: 'delete_order', callId: 'd1', wanted: ['admin'], user: 'bo' }]]);
  });

  it('guard calls over MCP, reading the caller from the HTTP request; the client gets the refusal as an isError result', () => {
    expect(out.mcp).toEqual([
      ['bo', true, [{ type: 'text', text: "Tool 'close_books' was refused: Forbidden resource." }]],
      ['ana', false, [{ type: 'text', text: 'books closed' }]],
    ]);
    expect(out.mcpCallers).toEqual([
      { via: 'mcp', user: 'bo' },
      { via: 'mcp', user: 'ana' },
    ]);
  });

  it('never run the method of a refused call', () => {
    expect(out.ran).toEqual(['close_books', 'refund A-1', 'refund A-3', 'close_books']);
  });
});

describe('interceptors (@UseInterceptors)', () => {
  it("see each call that the guards let through: the arguments before, the method's value after", () => {
    expect(out.intercepted).toEqual([
      ['before', 'refund', { refund: { orderId: 'A-1', amount: 20 } }],
      ['after', 'refund', 'refunded 20 on A-1'],
      ['before', 'refund', { refund: { orderId: 'A-3', amount: 80 } }],
      ['after', 'refund', 'refunded 80 on A-3'],
    ]);
  });

  it("may map the method's value", () => {
    expect(out.note).toEqual([false, 'NOTE FOR NOTE: CALL BACK']);
  });

  it('an interceptor that throws makes the call fail; one that throws an HttpException before the method refuses it', () => {
    expect((out.thrown as unknown[]).slice(0, 2)).toEqual([
      [true, "Tool 'audit' failed: Error: the audit store is down"],
      refused('price', 'Too many calls, try again in a minute.'),
    ]);
  });
});

describe('without global enhancers', () => {
  it("run the class's and the method's own guards and interceptors; a @Roles() with no guard is only metadata", () => {
    expect(out.noGlobals).toEqual([
      refused('restock'),
      refused('discount'),
      [false, 'HELLO'],
      [false, 'open'],
      [false, 'restocked'],
      [false, 'discounted'],
      [false, 'HELLO'],
      [false, 'open'],
    ]);
  });
});

describe('global enhancers (APP_GUARD, APP_INTERCEPTOR, APP_PIPE)', () => {
  it('a global guard with an injected dependency refuses every tool', () => {
    expect(out.maintenance).toEqual(refused('note'));
  });

  it('a guard given to useGlobalGuards while the application starts refuses every tool', () => {
    expect(out.useGlobalGuards).toEqual(refused('open'));
  });

  it("global interceptors and pipes (APP_INTERCEPTOR, APP_PIPE) are the HTTP application's: they run around no tool call", () => {
    expect(out.globalInterceptor).toEqual([]);
    expect(out.globalPipe).toEqual([]);
  });
});
