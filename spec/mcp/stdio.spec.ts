import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { compiled, root } from '../helpers/programs';

/** A tool set served over stdio (a spawned process), spoken to by the real SDK client. */
describe('over stdio', () => {
  let outDir: string;
  const program = 'spec/mcp/programs/stdio-server.ts';

  beforeAll(async () => {
    outDir = await compiled([program], ['spec/mcp/programs']);
  }, 120_000);

  it('list_changed arrives after ToolSet.add; an approval is asked through elicitation', async () => {
    const client = new Client({ name: 'spec', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const questions: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push((request.params as { message: string }).message);
      return { action: 'accept' };
    });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [path.join(outDir, program.replace(/\.ts$/, '.js'))], cwd: root, stderr: 'pipe' }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['learn', 'refund']);
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      expect(await client.callTool({ name: 'learn', arguments: { word: 'hello' } })).toEqual({ content: [{ type: 'text', text: 'learned hello' }] });
      await changed;
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['learn', 'refund', 'hello']);
      expect(await client.callTool({ name: 'hello', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'hello' }] });
      expect(await client.callTool({ name: 'refund', arguments: { amount: 3 } })).toEqual({ content: [{ type: 'text', text: 'refunded 3' }] });
      expect(questions).toEqual(['Allow tool \'refund\' to run with these arguments?\n{"amount":3}']);
    } finally {
      await client.close();
    }
  }, 60_000);
});
