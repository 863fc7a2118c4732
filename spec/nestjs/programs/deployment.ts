/**
 * Issue 31: the deployment options of the MCP endpoint pass through `ToolsModule.forRoot({ mcp })`
 * on a real NestJS HTTP application (@nestjs/platform-express): a reverse proxy that forwards the
 * public Host (`publicOrigin`), CORS preflight (`cors`), the health route (`health`, mounted beside
 * the endpoint), with the real MCP SDK client through the proxy. Prints one JSON object that
 * spec/nestjs/deployment.spec.ts checks.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Tool } from 'tool-signatures';
import { ToolsModule } from 'tool-signatures/nestjs';

@Injectable()
class Clock {
  @Tool({ description: 'The time.' })
  now(): string {
    return 'noon';
  }
}

@Module({
  imports: [
    ToolsModule.forRoot({
      mcp: {
        path: '/tools/mcp',
        info: { name: 'clock', version: '1.0.0' },
        publicOrigin: 'https://mcp.example.com',
        cors: true,
        allowedOrigins: ['https://app.example'],
        health: '/healthz',
      },
    }),
  ],
  providers: [Clock],
})
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  // A reverse proxy on loopback that forwards the public Host.
  const proxy = createServer((req, res) => {
    const upstream = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: { ...req.headers, host: 'mcp.example.com' } }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${proxied}/tools/mcp`)));
  const called = await client.callTool({ name: 'now', arguments: {} });
  await client.close();
  const preflight = await fetch(`${proxied}/tools/mcp`, {
    method: 'OPTIONS',
    headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  const out = {
    called: called.content,
    preflight: [preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-methods')],
    health: [health.status, await health.text()],
  };
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await app.close();
  process.stdout.write(JSON.stringify(out));
}

void main();
