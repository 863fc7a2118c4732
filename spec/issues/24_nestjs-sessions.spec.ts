/**
 * Issue 24: `sessions: true` appeared only in the types: NestJS's `ToolsModule.forRoot({ mcp })`
 * and `registry.mcpHttpHandler` dropped every endpoint option. Now both take `McpEndpointOptions`:
 * with `sessions: true` a real MCP SDK client that declares elicitation gets a session id and a
 * tool's `ctx.elicit` reaches it; closing the application (or the handler) ends the sessions. A real
 * NestJS 12 application context (programs/24-nestjs-sessions.ts, run by Node) over loopback HTTP.
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/issues/programs/24-nestjs-sessions.ts', ['spec/issues/programs', 'lib/nestjs']);
}, 180_000);

const asked = { sessionId: 'string', pour: [false, 'poured tea'], asked: ['Tea or coffee?'], open: 1 };

it('ToolsModule.forRoot({ mcp: { path, sessions: true } }) serves sessions, where ctx.elicit reaches the client; app.close() ends them', () => {
  expect([out.forRoot, out.forRootAfterClose]).toEqual([asked, 0]);
});

it("registry.mcpHttpHandler(info, { sessions: true }) serves sessions, where ctx.elicit reaches the client; its close() ends them", () => {
  expect([out.handler, out.handlerAfterClose]).toEqual([asked, 0]);
});
