/**
 * Run where `@modelcontextprotocol/server` cannot be resolved (spec/mcp/without-server-sdk.spec.ts
 * runs it outside the repository with a NODE_PATH that holds every installed package but that one):
 * `serveMcpHttp` serves 2025-11-25, and refuses a 2026-07-28 request naming the versions it serves.
 * Prints one JSON object.
 */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { connectHttp } from '../../helpers/mcp-client';
import { modernPost } from '../fixtures/http';

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

async function main(): Promise<void> {
  const http = await serveMcpHttp(new ToolSet([new Clock()]), { name: 'clock', version: '1.0.0' });
  const { client } = await connectHttp(http.url);
  const v1 = await client.callTool({ name: 'now', arguments: {} });
  await client.close();
  const modern = await modernPost(http.url, 'tools/call', { name: 'now', arguments: {} }, { id: 7, accept: 'application/json, text/event-stream' });
  const out = { serverSdk: resolves('@modelcontextprotocol/server'), v1, modern: { status: modern.status, body: (await modern.json()) as unknown } };
  await http.close();
  process.stdout.write(JSON.stringify(out));
}

void main();
