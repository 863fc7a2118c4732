/**
 * Issue 21: for a tool call, a NestJS guard's `context.switchToHttp().getRequest()` was the
 * arguments object, so a guard checking `getRequest().user.role` let `{ user: { role: 'admin' } }`
 * in the model's arguments run an admin-only transfer: privilege escalation by argument, with the
 * guards real applications share between controllers and tools. Now getRequest() is the request
 * the call belongs to (the MCP endpoint's HTTP request, the application's `request`) or undefined,
 * and the arguments are reachable only through `toolCallOf(context).arguments`. A real NestJS 12
 * application context (programs/21-nestjs-guard.ts, run by Node) and the MCP SDK client over
 * loopback HTTP.
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/guard-request.ts', ['spec/nestjs/programs', 'lib/nestjs']);
}, 180_000);

const forbidden = [true, "Tool 'transfer' was refused: Forbidden."];

describe('issue 21: a guard written for HTTP never reads the model’s arguments as the request', () => {
  it('with no request, getRequest() is undefined: { user: { role: "admin" } } in the arguments is refused (invoke and runToolCalls)', () => {
    expect([out.direct, out.runToolCalls]).toEqual([forbidden, forbidden]);
  });

  it("with the application's request, that request's user decides, whatever the arguments say", () => {
    expect(out.withRequest).toEqual([forbidden, [false, 'transferred 5 to bob']]);
  });

  it('over MCP, getRequest() is the HTTP request that carried the call (its user set by the middleware)', () => {
    expect(out.mcp).toEqual([
      ['clerk', ...forbidden],
      ['admin', false, 'transferred 7 to carol'],
    ]);
  });

  it('the guard saw no request or a request of its own, never the arguments; switchToRpc().getData() is the same; only the allowed transfers ran', () => {
    expect(out.seen).toEqual([
      { request: null, rpcData: true },
      { request: null, rpcData: true },
      { request: 'has user', rpcData: true },
      { request: 'has user', rpcData: true },
      { request: 'has user', rpcData: true },
      { request: 'has user', rpcData: true },
    ]);
    expect(out.ran).toEqual(['5 to bob', '7 to carol']);
  });

  it('a guard that asks for the arguments knowingly reads them through toolCallOf(context)', () => {
    expect(out.argumentsSeen).toEqual([5, 7]);
  });
});
