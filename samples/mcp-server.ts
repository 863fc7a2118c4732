/**
 * An MCP server from a tool set (`tool-signatures/mcp`), with a real MCP SDK client connected in
 * memory: `tools/list` shows the schemas, `tools/call` runs the invoker, argument problems come
 * back as `isError` results the model can read. (`serveMcpStdio(tools, info)` serves the same over
 * standard input and output.)
 *
 * Run: npm start -- samples/mcp-server
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolSet } from 'tool-signatures';
import { createMcpServer } from 'tool-signatures/mcp';
import { DocketService } from './docket/service';

async function main(): Promise<void> {
  const tools = new ToolSet([new DocketService()]);
  const server = createMcpServer(tools, { name: 'dockets', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'sample-client', version: '1.0.0' });
  await client.connect(clientSide);

  const listed = await client.listTools();
  for (const t of listed.tools)
    console.log(`listed ${t.name}${t.outputSchema ? ' (with output schema)' : ''}${t.annotations ? ` ${JSON.stringify(t.annotations)}` : ''}`);

  const found = await client.callTool({ name: 'get_docket', arguments: { id: '5f0c1d2e-0000-4000-8000-000000000101' } });
  console.log(`get_docket: isError=${found.isError === true} ${JSON.stringify(found.content)}`);
  const searched = await client.callTool({ name: 'search_dockets', arguments: { priority: 'urgent' } });
  console.log(`search_dockets structuredContent: ${JSON.stringify(searched.structuredContent)}`);
  const bad = await client.callTool({ name: 'search_dockets', arguments: { limit: 500 } });
  console.log(`search_dockets with a bad limit: isError=${bad.isError === true} ${JSON.stringify(bad.content)}`);

  await client.close();
  await server.close();
}

void main();
