/**
 * Issue 23: NestJS guards and interceptors run around prompts and resources as around tools. A real
 * NestJS 12 application context with ToolsModule; a guard on a prompt (and on a tool, for the same
 * caller) that lets one caller through and refuses another, read from the caller's context; an
 * interceptor that sees resource reads (what is read, its URI) and changes what they give; a
 * request-scoped provider's template behind a guard. Two SDK clients over loopback HTTP, each with
 * its own `x-user` header. Prints one JSON object that spec/nestjs/served.spec.ts checks.
 */
import 'reflect-metadata';
import {
  Injectable,
  Module,
  Scope,
  UnauthorizedException,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { map, type Observable } from 'rxjs';
import { Prompt, Resource, ResourceTemplate, Tool } from 'tool-signatures';
import { ToolRegistry, ToolsModule, toolCallOf } from 'tool-signatures/nestjs';

const seen: unknown[] = [];

/** Lets Ada through; refuses anyone else (by returning false). */
@Injectable()
class AdaOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const call = toolCallOf(context)!;
    const user = call.context.caller?.headers?.['x-user'];
    seen.push({ guard: call.kind, name: call.tool, user });
    return user === 'ada';
  }
}

/** Throws for anyone but Ada. */
@Injectable()
class AdaOrUnauthorized implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (toolCallOf(context)!.context.caller?.headers?.['x-user'] !== 'ada') throw new UnauthorizedException();
    return true;
  }
}

/** Records what is read and upper-cases it. */
@Injectable()
class Shout implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = toolCallOf(context)!;
    seen.push({ interceptor: call.kind, name: call.tool, uri: call.uri, type: context.getType(), handler: context.getHandler().name });
    return next.handle().pipe(map((v) => String(v).toUpperCase()));
  }
}

@Injectable()
class Notes {
  @Tool({ description: 'Counts the notes.' })
  @UseGuards(AdaOnly)
  countNotes(): number {
    return 2;
  }

  @Prompt({ description: 'A briefing.' })
  @UseGuards(AdaOnly)
  brief(topic: string): string {
    return `Brief me on ${topic}.`;
  }

  @Prompt({ description: 'Open to all.' })
  hello(): string {
    return 'Hello.';
  }

  @Resource('notes://all', { mimeType: 'text/plain' })
  @UseGuards(AdaOrUnauthorized)
  all(): string {
    return 'two notes';
  }

  @ResourceTemplate('notes://{id}', { mimeType: 'text/plain' })
  @UseInterceptors(Shout)
  note(id: string): string {
    return `note ${id}`;
  }
}

@Injectable({ scope: Scope.REQUEST })
@UseGuards(AdaOnly)
class Drafts {
  @ResourceTemplate('drafts://{id}', { mimeType: 'text/plain' })
  draft(id: string): string {
    return `draft ${id}`;
  }
}

@Module({ imports: [ToolsModule.forRoot()], providers: [Notes, Drafts, AdaOnly, AdaOrUnauthorized, Shout] })
class AppModule {}

const failure = (e: Error) => e.message;

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
  const registry = app.get(ToolRegistry);
  const handler = registry.mcpHttpHandler({ name: 'notes', version: '1.0.0' });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  const connect = async (user: string) => {
    const client = new Client({ name: user, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-user': user } } }));
    return client;
  };
  const ada = await connect('ada');
  const bob = await connect('bob');

  out.promptAda = (await ada.getPrompt({ name: 'brief', arguments: { topic: 'bolts' } })).messages;
  out.promptBob = await bob.getPrompt({ name: 'brief', arguments: { topic: 'bolts' } }).then(() => 'got', failure);
  out.openBob = (await bob.getPrompt({ name: 'hello' })).messages;
  out.toolBob = await bob.callTool({ name: 'count_notes', arguments: {} });
  out.resourceAda = (await ada.readResource({ uri: 'notes://all' })).contents;
  out.resourceBob = await bob.readResource({ uri: 'notes://all' }).then(() => 'read', failure);
  out.template = (await bob.readResource({ uri: 'notes://7' })).contents;
  out.draftAda = (await ada.readResource({ uri: 'drafts://3' })).contents;
  out.draftBob = await bob.readResource({ uri: 'drafts://3' }).then(() => 'read', failure);
  out.seen = seen;

  await ada.close();
  await bob.close();
  server.closeAllConnections();
  server.close();
  await app.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
