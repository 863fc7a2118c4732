/**
 * Issue 24: `sessions: true` in NestJS, through `ToolsModule.forRoot({ mcp })` on a real
 * @nestjs/platform-express application (its body parser, its GET and DELETE routes) and through
 * `registry.mcpHttpHandler(info, options)` mounted on one: a real MCP SDK client that declares
 * elicitation gets a session id, a tool's `ctx.elicit` reaches it, a message of the session reaches
 * it on the session's GET stream, DELETE ends the session, and closing the application ends the rest.
 * Prints what happened as JSON (spec/nestjs/sessions.spec.ts).
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
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

/** The sessions an endpoint opened and closed, told by its hooks. */
function watched() {
  const opened = new Map<string, Server>();
  const closed: string[] = [];
  return {
    opened,
    closed,
    hooks: { onSessionOpened: (id: string, server: Server) => void opened.set(id, server), onSessionClosed: (id: string) => void closed.push(id) },
  };
}

const viaModule = watched();

@Module({
  imports: [ToolsModule.forRoot({ mcp: { path: '/mcp', info: { name: 'bar', version: '1.0.0' }, sessions: viaModule.hooks } })],
  providers: [BarTools],
})
class MountedModule {}

@Module({ imports: [ToolsModule.forRoot()], providers: [BarTools] })
class PlainModule {}

const quiet = { logger: false as const, abortOnError: false };

/**
 * Connects an SDK client that answers 'tea' to `url`, calls `pour` (a POST through the body parser),
 * has the session send a log message on its GET stream (opened by the client after initialize),
 * then ends the session with DELETE.
 */
async function session(url: URL, sessions: ReturnType<typeof watched>) {
  const client = new Client({ name: 'bar-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { drink: 'tea' } };
  });
  let heard!: (data: unknown) => void;
  const onGetStream = new Promise<unknown>((resolve) => (heard = resolve));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => heard(n.params.data));
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  const id = transport.sessionId!;
  const result = await client.callTool({ name: 'pour', arguments: {} });
  const open = sessions.opened.size;
  await sessions.opened.get(id)!.sendLoggingMessage({ level: 'info', data: 'on the GET stream' });
  const getStream = await onGetStream;
  await transport.terminateSession();
  const afterDelete = { sessionId: transport.sessionId ?? null, closed: sessions.closed.includes(id) };
  await client.close();
  return { sessionId: typeof id, pour: [result.isError ?? false, (result.content as { text: string }[])[0]?.text], asked, open, getStream, afterDelete };
}

async function listen(app: NestExpressApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};

  // forRoot({ mcp: { sessions } }) on a real Express application.
  const app = await NestFactory.create<NestExpressApplication>(MountedModule, quiet);
  const base = await listen(app);
  out.forRoot = await session(new URL(`${base}/mcp`), viaModule);
  // A session left open is ended by app.close().
  const left = new Client({ name: 'left', version: '1.0.0' });
  const leftTransport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`));
  await left.connect(leftTransport);
  const leftId = leftTransport.sessionId!;
  await app.close();
  out.forRootAfterClose = viaModule.closed.includes(leftId);
  await left.close();

  // registry.mcpHttpHandler(info, { sessions }) mounted with app.use on a real Express application.
  const viaHandler = watched();
  const plain = await NestFactory.create<NestExpressApplication>(PlainModule, quiet);
  const handler = plain.get(ToolRegistry).mcpHttpHandler({ name: 'bar', version: '1.0.0' }, { sessions: viaHandler.hooks });
  plain.use('/mcp', handler);
  const plainBase = await listen(plain);
  out.handler = await session(new URL(`${plainBase}/mcp`), viaHandler);
  await handler.close();
  out.handlerAfterClose = handler.sessions.size;
  await plain.close();

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
