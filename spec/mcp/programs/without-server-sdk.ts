/**
 * Run where `@modelcontextprotocol/server` cannot be resolved (spec/mcp/without-server-sdk.spec.ts
 * runs it outside the repository with a NODE_PATH that holds every installed package but that one):
 * `serveMcpHttp` serves 2025-11-25, refuses a 2026-07-28 `server/discover` as the SDK's 2025 server
 * does and any other 2026-07-28 request naming the versions it serves; over stdio `server/discover`
 * is an unknown method and a request with the 2026 envelope is served as 2025-11-25.
 * Prints one JSON object.
 */
import 'reflect-metadata';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp, serveMcpStdio } from 'tool-signatures/mcp';

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

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** Writes the requests, one a line, to a stdio server and resolves with their answers in order. */
async function overStdio(requests: { method: string; params: object }[]): Promise<unknown[]> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = await serveMcpStdio(
    new ToolSet([new Clock()]),
    { name: 'clock', version: '1.0.0' },
    { stdin: toServer, stdout: toClient, stderr: new PassThrough() },
  );
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
  const client = new Client({ name: 'v1', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(http.url));
  const v1 = await client.callTool({ name: 'now', arguments: {} });
  await client.close();
  const modern = await fetch(http.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'now',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'now',
        arguments: {},
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    }),
  });
  const discover = await fetch(http.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'server/discover', params: { _meta: META } }),
  });
  const stdio = await overStdio([
    { method: 'server/discover', params: { _meta: META } },
    { method: 'tools/call', params: { name: 'now', arguments: {}, _meta: META } },
  ]);
  const out = {
    serverSdk: resolves('@modelcontextprotocol/server'),
    v1,
    modern: { status: modern.status, body: (await modern.json()) as unknown },
    discover: { status: discover.status, body: (await discover.json()) as unknown },
    stdio,
  };
  await http.close();
  process.stdout.write(JSON.stringify(out));
}

void main();
