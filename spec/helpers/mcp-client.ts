/**
 * The one way specs connect the MCP SDK v1 client (`@modelcontextprotocol/sdk`) to a server made by
 * `createMcpServer`: in memory, a linked pair of transports, the client's capabilities as given.
 */
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

export interface Connected {
  client: Client;
  server: Server;
  close(): Promise<void>;
}

/** Connects a v1 client to `server`; `close()` closes both sides. */
export async function connectV1(server: Server, options: ClientOptions = {}): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spec-client', version: '1.0.0' }, options);
  await client.connect(clientSide);
  return {
    client,
    server,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
