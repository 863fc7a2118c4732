/**
 * Issue 24: `sessions: true` in NestJS, through `ToolsModule.forRoot({ mcp })` and through
 * `registry.mcpHttpHandler(info, options)`: a real MCP SDK client that declares elicitation gets a
 * session id, and a tool's `ctx.elicit` reaches it; closing the application ends the sessions.
 * Prints what happened as JSON (spec/issues/24_nestjs-sessions.spec.ts).
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IsIn } from 'class-validator';
import { Tool, ToolContext } from 'tool-signatures';
import { ToolRegistry, ToolsModule } from 'tool-signatures/nestjs';

class Choice {
  @IsIn(['tea', 'coffee']) drink!: string;
}

@Injectable()
class BarTools {
  @Tool({ description: 'Asks what to pour.' })
  async pour(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Choice, 'Tea or coffee?');
    return answer.action === 'accept' ? `poured ${answer.value.drink}` : answer.action;
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Stands in for an HTTP adapter (@nestjs/platform-express is not installed here): `use(path, handler)` is what ToolsModule calls. */
const mounted: [string, Handler][] = [];
@Injectable()
class FakeHttpAdapter {
  constructor(host: HttpAdapterHost) {
    host.httpAdapter = { use: (path: string, handler: Handler) => void mounted.push([path, handler]) } as never;
  }
}

@Module({ imports: [ToolsModule.forRoot({ mcp: { path: '/mcp', info: { name: 'bar', version: '1.0.0' }, sessions: true } })], providers: [BarTools, FakeHttpAdapter] })
class MountedModule {}

@Module({ imports: [ToolsModule.forRoot()], providers: [BarTools] })
class PlainModule {}

/** Serves `handler` on loopback, connects an SDK client that answers 'tea', and calls `pour`. */
async function session(handler: Handler): Promise<{ sessionId: unknown; pour: unknown; asked: string[]; close(): Promise<void> }> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new Client({ name: 'bar-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { drink: 'tea' } };
  });
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`));
  await client.connect(transport);
  const result = await client.callTool({ name: 'pour', arguments: {} });
  return {
    sessionId: typeof transport.sessionId,
    pour: [result.isError ?? false, (result.content as { text: string }[])[0]?.text],
    asked,
    close: async () => {
      await client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const quiet = { logger: false as const, abortOnError: false };

  // forRoot({ mcp: { sessions: true } }): the mounted endpoint is stateful; app.close() ends its sessions.
  const app = await NestFactory.createApplicationContext(MountedModule, quiet);
  const mount = mounted[0]![1] as Handler & { sessions: ReadonlyMap<string, unknown> };
  const viaForRoot = await session(mount);
  out.forRoot = { sessionId: viaForRoot.sessionId, pour: viaForRoot.pour, asked: viaForRoot.asked, open: mount.sessions.size };
  await app.close();
  out.forRootAfterClose = mount.sessions.size;
  await viaForRoot.close();

  // registry.mcpHttpHandler(info, { sessions: true })
  const plain = await NestFactory.createApplicationContext(PlainModule, quiet);
  const handler = plain.get(ToolRegistry).mcpHttpHandler({ name: 'bar', version: '1.0.0' }, { sessions: true });
  const direct = await session(handler);
  out.handler = { sessionId: direct.sessionId, pour: direct.pour, asked: direct.asked, open: handler.sessions.size };
  await direct.close();
  await handler.close();
  out.handlerAfterClose = handler.sessions.size;
  await plain.close();

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
