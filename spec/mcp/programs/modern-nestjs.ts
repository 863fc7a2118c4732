/**
 * MCP 2026-07-28 through NestJS: `ToolsModule.forRoot({ mcp })` on a real NestJS HTTP application
 * (@nestjs/platform-express, whose body parser has read the body before the endpoint sees it), called
 * by the SDK's v2 client pinned to 2026-07-28 and by the v1 client (2025-11-25). Prints one JSON
 * object that spec/mcp/modern.spec.ts checks.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { Tool } from 'tool-signatures';
import { ToolsModule } from 'tool-signatures/nestjs';

@Injectable()
class Clock {
  @Tool({ description: 'The time in a city.' })
  now(city: string): string {
    return `It is noon in ${city}.`;
  }
}

@Module({ imports: [ToolsModule.forRoot({ mcp: { path: '/mcp', info: { name: 'clock', version: '1.0.0' } } })], providers: [Clock] })
class AppModule {}

const text = (result: unknown): unknown => (result as { content: { text: string }[] }).content[0]?.text;

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  const url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
  const modern = new ModernClient({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await modern.connect(new ModernTransport(url));
  const legacy = new Client({ name: 'legacy', version: '1.0.0' });
  await legacy.connect(new StreamableHTTPClientTransport(url));
  const out = {
    era: modern.getProtocolEra(),
    version: modern.getNegotiatedProtocolVersion(),
    modern: text(await modern.callTool({ name: 'now', arguments: { city: 'Oslo' } })),
    legacy: text(await legacy.callTool({ name: 'now', arguments: { city: 'Oslo' } })),
  };
  await modern.close();
  await legacy.close();
  await app.close();
  process.stdout.write(JSON.stringify(out));
}

void main();
