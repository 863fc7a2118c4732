/**
 * `ctx.roots()` on MCP 2025-11-25: a `roots/list` request to a client that declared `roots` (a
 * connection: stdio, a session, here in memory), through the SDK's own client; a clear refusal
 * (`NO_ROOTS`) where the client declared none. (2026-07-28: spec/mcp/modern-input.spec.ts.)
 */
import 'reflect-metadata';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { Tool, ToolContext, ToolContextError, ToolSet } from 'tool-signatures';
import { createMcpServer } from 'tool-signatures/mcp';
import { connectV1 } from '../helpers/mcp-client';

class Workspace {
  @Tool({ description: "Lists the client's roots." })
  async where(ctx: ToolContext): Promise<string> {
    try {
      const roots = await ctx.roots();
      return roots.map((r) => `${r.name ?? '?'}=${r.uri}`).join(', ');
    } catch (e) {
      if (e instanceof ToolContextError) return `${e.code}: ${e.message}`;
      throw e;
    }
  }
}

const connect = (capabilities: ClientCapabilities, roots?: () => { uri: string; name?: string }[]) =>
  connectV1(createMcpServer(new ToolSet([new Workspace()]), { name: 'workspace', version: '1.0.0' }), {
    capabilities,
    ...(roots !== undefined ? { roots } : {}),
  });

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe('ctx.roots over MCP 2025-11-25', () => {
  it('asks a client that declared roots for its list', async () => {
    const { client, close } = await connect({ roots: { listChanged: true } }, () => [{ uri: 'file:///work', name: 'Work' }, { uri: 'file:///tmp' }]);
    try {
      expect(text(await client.callTool({ name: 'where', arguments: {} }))).toBe('Work=file:///work, ?=file:///tmp');
    } finally {
      await close();
    }
  });

  it('refuses with NO_ROOTS, saying why, where the client declared none', async () => {
    const { client, close } = await connect({});
    try {
      expect(text(await client.callTool({ name: 'where', arguments: {} }))).toBe(
        "NO_ROOTS: no client can list its roots here (tool 'where'): the call did not come from an MCP client that declared roots.",
      );
    } finally {
      await close();
    }
  });
});
