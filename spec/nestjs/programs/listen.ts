/**
 * Issue 27: on a real NestJS HTTP application (@nestjs/platform-express), `ToolsModule.forRoot({ mcp })`
 * takes the listen bounds, and a guard on a resource decides who hears of its changes as it decides
 * who reads it: on `resources/subscribe` (the v1 client, 2025-11-25) and on `subscriptions/listen`
 * (the v2 client, 2026-07-28), without the resource's method being run. Prints one JSON object that
 * spec/mcp/listen.spec.ts checks.
 */
import 'reflect-metadata';
import { Injectable, Module, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { Resource, Tool } from 'tool-signatures';
import { ToolRegistry, ToolsModule, toolCallOf } from 'tool-signatures/nestjs';

const asked: unknown[] = [];
let reads = 0;

/** Lets Ada through; refuses anyone else. */
@Injectable()
class AdaOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const call = toolCallOf(context)!;
    const user = call.context.caller?.headers?.['x-user'];
    asked.push({ kind: call.kind, uri: call.uri, user });
    return user === 'ada';
  }
}

@Injectable()
class Ledger {
  @Tool({ description: 'Says hello.' })
  hello(): string {
    return 'hello';
  }

  @Resource('ledger://payroll', { mimeType: 'text/plain' })
  @UseGuards(AdaOnly)
  payroll(): string {
    reads++;
    return 'payroll';
  }

  @Resource('ledger://public', { mimeType: 'text/plain' })
  open(): string {
    return 'public';
  }
}

@Module({
  imports: [
    ToolsModule.forRoot({
      mcp: { path: '/mcp', info: { name: 'ledger', version: '1.0.0' }, sessions: true, maxListenStreamsPerClient: 2, maxListenResources: 2 },
    }),
  ],
  providers: [Ledger, AdaOnly],
})
class AppModule {}

const failure = (e: Error): string => e.message;

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  const url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
  const registry = app.get(ToolRegistry);
  const legacy = async (user: string) => {
    const client = new Client({ name: user, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-user': user } } }));
    return client;
  };
  const modern = async (user: string) => {
    const client = new ModernClient({ name: user, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernTransport(url, { requestInit: { headers: { 'x-user': user } } }));
    return client;
  };

  const ada = await modern('ada');
  const bob = await modern('bob');
  const heard: Record<string, string[]> = { ada: [], bob: [] };
  const last: Record<string, Promise<void>> = {};
  for (const [name, client] of [
    ['ada', ada],
    ['bob', bob],
  ] as const) {
    last[name] = new Promise<void>((resolve) =>
      client.setNotificationHandler('notifications/resources/updated', (n) => {
        heard[name]!.push(n.params.uri);
        if (n.params.uri === 'ledger://public') resolve();
      }),
    );
  }
  // The bounds given to forRoot({ mcp }): one listen names at most 2 URIs.
  out.tooMany = await ada.listen({ resourceSubscriptions: ['ledger://public', 'ledger://a', 'ledger://b'] }).then(() => 'listening', failure);
  const adaSub = await ada.listen({ resourceSubscriptions: ['ledger://payroll', 'ledger://public'] });
  const bobSub = await bob.listen({ resourceSubscriptions: ['ledger://payroll', 'ledger://public'] });
  out.honoredAda = adaSub.honoredFilter;
  out.honoredBob = bobSub.honoredFilter;
  // Sent in this order on each stream: had bob been sent the payroll's update, it would arrive first.
  registry.notifyResourceUpdated('ledger://payroll');
  registry.notifyResourceUpdated('ledger://public');
  await Promise.all([last.ada, last.bob]);
  out.heard = heard;
  out.reads = reads;
  out.asked = asked;

  // And one client holds at most 2 streams: both listeners are one client (127.0.0.1).
  out.third = await bob.listen({ toolsListChanged: true }).then(() => 'listening', failure);

  await adaSub.close();
  await bobSub.close();
  // Subscriptions belong to a session (a stateless endpoint serves no resources/subscribe); a
  // session's GET stream is a listen stream too, so they come after the share was measured.
  const adaLegacy = await legacy('ada');
  const bobLegacy = await legacy('bob');
  out.subscribeAda = await adaLegacy.subscribeResource({ uri: 'ledger://payroll' });
  out.subscribeBob = await bobLegacy.subscribeResource({ uri: 'ledger://payroll' }).then(() => 'subscribed', failure);
  for (const c of [ada, bob, adaLegacy, bobLegacy]) await c.close();
  await app.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
