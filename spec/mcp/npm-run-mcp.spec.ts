import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** `npm run mcp` serves the samples' tools over stdio: a real MCP client spawns it and speaks the protocol. */
describe('npm run mcp', () => {
  it('answers tools/list and tools/call on stdio', async () => {
    const root = path.resolve(__dirname, '../..');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, 'scripts', 'mcp.js')],
      cwd: root,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'spec', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(3);
      for (const t of tools) {
        expect(t.inputSchema.type).toBe('object');
        expect((t.inputSchema as { additionalProperties?: unknown }).additionalProperties).toBe(false);
      }
      const first = tools[0]!;
      const bad = await client.callTool({ name: first.name, arguments: { no_such_argument: 1 } });
      expect(bad.isError).toBe(true);
      expect((bad.content as { text: string }[])[0]!.text).toContain(`Argument 'no_such_argument' is not a parameter of tool '${first.name}'.`);
    } finally {
      await client.close();
    }
  }, 120_000);
});
