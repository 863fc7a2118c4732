/**
 * A resource template's variables are checked once percent-decoded (lib/decorators/uri-template.ts):
 * `files://..%2F..%2Fetc%2Fpasswd` matches no template, so the method is never handed a path, on
 * MCP 2025-11-25 (the SDK's v1 client) and 2026-07-28 (its v2 client), over Streamable HTTP and stdio.
 */
import 'reflect-metadata';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { ResourceTemplate, ToolSet } from 'tool-signatures';
import { BoundedStdioTransport, serveMcpHttp, serveMcpStdio } from 'tool-signatures/mcp';
import { connectHttp, connectStdio, stdioPipes } from '../helpers/mcp-client';

/** Every name a read handed the method. */
const read: string[] = [];

class Files {
  @ResourceTemplate('files://{name}', { mimeType: 'text/plain' })
  file(name: string) {
    read.push(name);
    return `contents of ${name}`;
  }

  @ResourceTemplate('files://{dir}/{name}', { mimeType: 'text/plain' })
  nested(dir: string, name: string) {
    read.push(`${dir}|${name}`);
    return `contents of ${dir}|${name}`;
  }
}

type Reader = { read(uri: string): Promise<unknown>; close(): Promise<void> };
const info = { name: 'files', version: '1.0.0' };

/** The stdio pair: the server on one side of two pipes, a client's transport on the other. */
async function stdioPair(): Promise<{ transport: BoundedStdioTransport; close: () => Promise<void> }> {
  const pipes = stdioPipes();
  const server = await serveMcpStdio(new ToolSet([new Files()]), info, pipes.server);
  return { transport: new BoundedStdioTransport(pipes.client), close: () => server.close() };
}

const connections: Record<string, () => Promise<Reader>> = {
  'MCP 2025-11-25 over Streamable HTTP': async () => {
    const { client, close } = await connectHttp(await serveMcpHttp(new ToolSet([new Files()]), info, { port: 0, host: '127.0.0.1' }));
    return { read: (uri) => client.readResource({ uri }), close };
  },
  'MCP 2026-07-28 over Streamable HTTP': async () => {
    const http = await serveMcpHttp(new ToolSet([new Files()]), info, { port: 0, host: '127.0.0.1' });
    const client = new ModernClient({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernTransport(http.url));
    return { read: (uri) => client.readResource({ uri }), close: async () => (await client.close(), await http.close()) };
  },
  'MCP 2025-11-25 over stdio': async () => {
    const { client, close } = await connectStdio((streams) => serveMcpStdio(new ToolSet([new Files()]), info, streams));
    return { read: (uri) => client.readResource({ uri }), close };
  },
  'MCP 2026-07-28 over stdio': async () => {
    const pair = await stdioPair();
    const client = new ModernClient({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(pair.transport as never);
    return { read: (uri) => client.readResource({ uri }), close: async () => (await client.close(), await pair.close()) };
  },
};

describe.each(Object.keys(connections))('resource template variables, %s', (name) => {
  let c: Reader;
  beforeAll(async () => {
    c = await connections[name]!();
  });
  afterAll(() => c.close());
  beforeEach(() => {
    read.length = 0;
  });

  it('reads a name percent-decoded (a space, a colon, UTF-8)', async () => {
    expect(((await c.read('files://my%20notes%3Av2%C3%A9.txt')) as { contents: unknown }).contents).toEqual([
      { uri: 'files://my%20notes%3Av2%C3%A9.txt', mimeType: 'text/plain', text: 'contents of my notes:v2é.txt' },
    ]);
    expect(read).toEqual(['my notes:v2é.txt']);
  });

  it('refuses a variable that holds a path once decoded (%2F, %5C, a dot segment) as it refuses an unknown resource, and never runs the method', async () => {
    // The revision's code for a resource that does not exist (-32002 on 2025-11-25, -32602 on 2026-07-28).
    const unknown = ((await c.read('other://nothing').catch((e: unknown) => e)) as { code: number }).code;
    for (const uri of [
      'files://..%2F..%2Fetc%2Fpasswd',
      'files://%2Fetc%2Fpasswd',
      'files://..%5C..%5Cboot.ini',
      'files://..',
      'files://%2E%2E',
      'files://.',
      'files://docs/..%2Fsecret',
      'files://%2E%2E/passwd',
    ]) {
      const refusal = (await c.read(uri).then(
        () => 'read',
        (e: unknown) => e,
      )) as { code: number; message: string };
      expect([refusal.code, refusal.message]).toEqual([unknown, expect.stringContaining(`Unknown resource '${uri}'.`)]);
    }
    expect(read).toEqual([]);
  });
});
