/**
 * Issue 22: `ToolsModule.forRoot({ mcp: { path, auth } })` on a real NestJS HTTP application
 * (@nestjs/platform-express): the 401 names `/.well-known/oauth-protected-resource<path>`, and the
 * metadata is answered there with the endpoint's URL as `resource`; the SDK client's own discovery
 * finds it. Prints one JSON object that spec/nestjs/prefix.spec.ts checks.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
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

async function verifyAccessToken(token: string): Promise<AuthInfo> {
  if (token !== 'good') throw new InvalidTokenError('unknown token');
  return { token, clientId: 'client', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
}

@Module({
  imports: [
    ToolsModule.forRoot({
      mcp: { path: '/tools/mcp', info: { name: 'clock', version: '1.0.0' }, auth: { verifyAccessToken, authorizationServers: ['https://auth.example.com'] } },
    }),
  ],
  providers: [Clock],
})
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const endpoint = new URL(`${base}/tools/mcp`);
  const r = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const metadataUrl = extractWWWAuthenticateParams(r).resourceMetadataUrl;
  const metadata = await discoverOAuthProtectedResourceMetadata(endpoint);
  const out = {
    status: r.status,
    metadataUrl: metadataUrl?.href.replace(base, ''),
    resource: metadata.resource.replace(base, ''),
    authorizationServers: metadata.authorization_servers,
    underPrefix: (await fetch(`${base}/tools/mcp/.well-known/oauth-protected-resource`)).status,
  };
  await app.close();
  process.stdout.write(JSON.stringify(out));
}

void main();
