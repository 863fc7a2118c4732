/**
 * Issue 31: the MCP endpoint's deployment options (`publicOrigin`, `cors`, `health`) pass through
 * `ToolsModule.forRoot({ mcp })`. A real NestJS 12 HTTP application (@nestjs/platform-express;
 * programs/31-nestjs-deployment.ts, run by Node) behind a real reverse proxy, with the SDK client.
 */
import { runProgram } from '../helpers/programs';

it('forRoot({ mcp: { publicOrigin, cors, health } }): served through a proxy that forwards the public Host, preflight 204, health 200', async () => {
  const out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/deployment.ts', ['spec/nestjs/programs/deployment.ts', 'lib/nestjs']);
  expect(out).toEqual({
    called: [{ type: 'text', text: 'noon' }],
    preflight: [204, 'https://app.example', 'POST'],
    health: [200, '{"status":"ok"}'],
  });
}, 180_000);
