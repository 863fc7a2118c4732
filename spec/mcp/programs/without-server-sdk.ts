/**
 * Run where `@modelcontextprotocol/server` cannot be resolved (spec/mcp/without-server-sdk.spec.ts
 * runs it outside the repository with a NODE_PATH that holds every installed package but that one):
 * `serveMcpHttp` serves 2025-11-25, refuses a 2026-07-28 `server/discover` as the SDK's 2025 server
 * does and any other 2026-07-28 request naming the versions it serves; over stdio `server/discover`
 * is an unknown method and a request with the 2026 envelope is served as 2025-11-25. `@opentelemetry/api`
 * is left out too: `createMcpServer` asked for `tracing` throws an error that names it.
 * Prints one JSON object.
 */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { createMcpServer, serveMcpHttp, serveMcpStdio } from 'tool-signatures/mcp';
import { connectHttp, stdioPipes } from '../../helpers/mcp-client';
import { modernMeta, modernPost } from '../fixtures/http';

class Clock {
  @Tool({ description: 'The time.' })
  now(): string {
    return 'noon';
  }
}

function resolves(specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

const META = modernMeta();

/** Writes the requests, one a line, to a stdio server and resolves with their answers in order. */
async function overStdio(requests: { method: string; params: object }[]): Promise<unknown[]> {
  const pipes = stdioPipes();
  const server = await serveMcpStdio(new ToolSet([new Clock()]), { name: 'clock', version: '1.0.0' }, pipes.server);
  const { stdin: toClient, stdout: toServer } = pipes.client;
  const answers: unknown[] = [];
  let buffered = '';
  const done = new Promise<void>((resolve) => {
    toClient.setEncoding('utf8');
    toClient.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) answers.push(JSON.parse(line));
      if (answers.length === requests.length) resolve();
    });
  });
  for (const [i, r] of requests.entries()) toServer.write(`${JSON.stringify({ jsonrpc: '2.0', id: i + 1, ...r })}\n`);
  await done;
  toServer.end();
  await server.close();
  return answers;
}

async function main(): Promise<void> {
  const http = await serveMcpHttp(new ToolSet([new Clock()]), { name: 'clock', version: '1.0.0' });
  const { client } = await connectHttp(http.url);
  const v1 = await client.callTool({ name: 'now', arguments: {} });
  await client.close();
  const accept = 'application/json, text/event-stream';
  const modern = await modernPost(http.url, 'tools/call', { name: 'now', arguments: {} }, { id: 7, accept });
  const discover = await modernPost(http.url, 'server/discover', {}, { id: 8, accept });
  const stdio = await overStdio([
    { method: 'server/discover', params: { _meta: META } },
    { method: 'tools/call', params: { name: 'now', arguments: {}, _meta: META } },
  ]);
  let tracing: unknown = 'made';
  try {
    createMcpServer(new ToolSet([new Clock()]), { name: 'clock', version: '1.0.0' }, { tracing: true });
  } catch (e) {
    tracing = { code: (e as { code?: unknown }).code, peer: (e as { peer?: unknown }).peer };
  }
  const out = {
    serverSdk: resolves('@modelcontextprotocol/server'),
    otelApi: resolves('@opentelemetry/api'),
    tracing,
    v1,
    modern: { status: modern.status, body: (await modern.json()) as unknown },
    discover: { status: discover.status, body: (await discover.json()) as unknown },
    stdio,
  };
  await http.close();
  process.stdout.write(JSON.stringify(out));
}

void main();
