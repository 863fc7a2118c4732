/**
 * Issue 24: `sessions: true` appeared only in the types: NestJS's `ToolsModule.forRoot({ mcp })`
 * and `registry.mcpHttpHandler` dropped every endpoint option. Now both take `McpEndpointOptions`:
 * with `sessions` a real MCP SDK client that declares elicitation gets a session id, a tool's
 * `ctx.elicit` reaches it, the session's messages reach it on its GET stream, and DELETE ends the
 * session; closing the application (or the handler) ends the rest. A real NestJS 12 application on
 * @nestjs/platform-express (programs/24-nestjs-sessions.ts, run by Node) over loopback HTTP.
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/sessions.ts', ['spec/nestjs/programs', 'lib/nestjs']);
}, 180_000);

const served = {
  sessionId: 'string',
  pour: [false, 'poured tea'],
  asked: ['Tea or coffee?'],
  open: 1,
  getStream: 'on the GET stream',
  afterDelete: { sessionId: null, closed: true },
};

it('ToolsModule.forRoot({ mcp: { path, sessions } }) on Express serves sessions: POST through the body parser, ctx.elicit, the GET stream, DELETE; app.close() ends the rest', () => {
  expect([out.forRoot, out.forRootAfterClose]).toEqual([served, true]);
});

it('registry.mcpHttpHandler(info, { sessions }) mounted on Express serves the same; its close() ends the rest', () => {
  expect([out.handler, out.handlerAfterClose]).toEqual([served, 0]);
});
