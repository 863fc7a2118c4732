/**
 * Issue 21: a NestJS guard written for HTTP (`switchToHttp().getRequest().user.role`) shared with a
 * tool. For a tool call, getRequest() was the arguments object, so `{ user: { role: 'admin' } }` in
 * the model's arguments ran an admin-only tool. A real NestJS 12 application context with
 * ToolsModule, called directly and by the MCP SDK client over loopback HTTP (the HTTP request's
 * `user` set as an authentication middleware sets it). Prints one JSON object that
 * spec/nestjs/guard-request.spec.ts checks.
 */
import 'reflect-metadata';
import { ForbiddenException, Injectable, Module, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Prop, Tool, runToolCalls, type ToolResult } from 'tool-signatures';
import { ToolRegistry, ToolsModule, toolCallOf } from 'tool-signatures/nestjs';

const Roles = (...roles: string[]) => SetMetadata('roles', roles);

interface AuthenticatedRequest {
  user?: { role?: string };
}

/** The guard an application already has for its controllers: the role of the authenticated user on the HTTP request. */
@Injectable()
class HttpRolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const wanted = this.reflector.get<string[] | undefined>('roles', context.getHandler());
    if (wanted === undefined) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest | undefined>();
    seen.push({
      request: request === undefined ? null : Object.keys(request).includes('user') ? 'has user' : 'no user',
      rpcData: context.switchToRpc().getData() === request,
    });
    if (!wanted.includes(request?.user?.role ?? '')) throw new ForbiddenException();
    return true;
  }
}

/** What the guard saw. */
const seen: unknown[] = [];
/** What a guard that asks for the arguments knowingly reads. */
const argumentsSeen: unknown[] = [];

@Injectable()
class AmountGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    argumentsSeen.push(toolCallOf(context)?.arguments.amount);
    return true;
  }
}

class Payee {
  @Prop() name!: string;
  @Prop() role!: string;
}

const ran: string[] = [];

@Injectable()
@UseGuards(HttpRolesGuard)
class Treasury {
  @Tool({ description: 'Transfer money to a payee.' })
  @Roles('admin')
  @UseGuards(AmountGuard)
  transfer(amount: number, user: Payee): string {
    ran.push(`${amount} to ${user.name}`);
    return `transferred ${amount} to ${user.name}`;
  }
}

@Module({ imports: [ToolsModule.forRoot()], providers: [Treasury] })
class AppModule {}

const view = (r: ToolResult) => [r.isError, r.parts.map((p) => ('text' in p ? p.text : JSON.stringify(p))).join('\n')];
const attack = { amount: 1000000, user: { name: 'mallory', role: 'admin' } };

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
  const registry = app.get(ToolRegistry);

  // A call with no request (a model's call in the application's own loop): the guard sees no request.
  out.direct = view(await registry.invoke('transfer', attack));
  out.runToolCalls = view((await runToolCalls(registry, [{ id: 'c1', name: 'transfer', arguments: JSON.stringify(attack) }])).results[0]!.result);
  // With the application's request: that request decides.
  out.withRequest = [
    view(await registry.invoke('transfer', attack, { request: { user: { role: 'clerk' } } })),
    view(await registry.invoke('transfer', { amount: 5, user: { name: 'bob', role: 'payee' } }, { request: { user: { role: 'admin' } } })),
  ];

  // Over MCP: the HTTP request that carried the call, with the user an authentication middleware set.
  const handler = registry.mcpHttpHandler({ name: 'treasury', version: '1.0.0' });
  const server = createServer((req: IncomingMessage & AuthenticatedRequest, res) => {
    req.user = { role: String(req.headers['x-role'] ?? '') };
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  const mcp: unknown[] = [];
  for (const [role, args] of [
    ['clerk', attack],
    ['admin', { amount: 7, user: { name: 'carol', role: 'payee' } }],
  ] as const) {
    const client = new Client({ name: 'spec', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-role': role } } }));
    const r = (await client.callTool({ name: 'transfer', arguments: args })) as { isError?: boolean; content: { text: string }[] };
    mcp.push([role, r.isError ?? false, r.content.map((c) => c.text).join('\n')]);
    await client.close();
  }
  out.mcp = mcp;
  server.closeAllConnections();
  server.close();

  out.seen = seen;
  out.argumentsSeen = argumentsSeen;
  out.ran = ran;
  await app.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
