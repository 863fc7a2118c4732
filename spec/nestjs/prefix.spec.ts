/**
 * Issue 22: NestJS's `ToolsModule.forRoot({ mcp: { path, auth } })` mounted the endpoint at its path
 * but pointed clients' 401 to `/.well-known/oauth-protected-resource` (404) and answered the
 * metadata only under the path, naming the wrong resource. A real NestJS 12 HTTP application
 * (@nestjs/platform-express; programs/22-nestjs-prefix.ts, run by Node) and the SDK client's discovery.
 */
import { runProgram } from '../helpers/programs';

it('forRoot({ mcp: { path, auth } }): the 401 names /.well-known/oauth-protected-resource<path>, answered there with the endpoint as resource', async () => {
  const out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/prefix.ts', ['spec/nestjs/programs/prefix.ts', 'lib/nestjs']);
  expect(out).toEqual({
    status: 401,
    metadataUrl: '/.well-known/oauth-protected-resource/tools/mcp',
    resource: '/tools/mcp',
    authorizationServers: ['https://auth.example.com'],
    underPrefix: 401,
  });
}, 180_000);
