/**
 * Real MCP clients against one server (spec/mcp/real-clients.spec.ts): the SDK v1 client, the SDK
 * v2 client (`versionNegotiation: 'auto'`: `server/discover` first) and the AI SDK's MCP client
 * (`@ai-sdk/mcp`, `server/discover` first), each listing and calling the tools, prompts and
 * resources of spec/mcp/programs/real-clients-server.ts. An ES module (the AI SDK's client is one
 * only), run by a spawned Node. Its argument is JSON: `{ target, clients, v2ProbeMs? }`, the target
 * `{ url }` or `{ command, args, env, cwd }` (each client then spawns its own server). Prints one
 * JSON object: per client, what it saw, or the error it stopped with.
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';

const { target, clients, v2ProbeMs } = JSON.parse(process.argv[2]);
const stdio = target.url === undefined;

/** What a client sees of the server, through the calls every MCP client makes. */
async function seen(client, version) {
  const tools = await client.listTools();
  const call = await client.callTool({ name: 'now', arguments: {} });
  const prompts = await client.listPrompts();
  const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
  const resources = await client.listResources();
  const read = await client.readResource({ uri: 'desk://motto' });
  return {
    version: version(),
    tools: tools.tools.map((t) => t.name),
    call: call.content.map((c) => c.text),
    prompts: prompts.prompts.map((p) => p.name),
    prompt: prompt.messages.map((m) => m.content.text),
    resources: resources.resources.map((r) => r.uri),
    read: read.contents.map((c) => c.text),
  };
}

const run = {
  async v1() {
    const client = new V1Client({ name: 'v1', version: '1.0.0' });
    await client.connect(stdio ? new V1Stdio({ ...target, stderr: 'ignore' }) : new V1Http(new URL(target.url)));
    try {
      return await seen(client, () => '2025-11-25');
    } finally {
      await client.close();
    }
  },
  async v2() {
    const probe = v2ProbeMs === undefined ? {} : { probe: { timeoutMs: v2ProbeMs } };
    const client = new V2Client({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto', ...probe } });
    await client.connect(stdio ? new V2Stdio({ ...target, stderr: 'ignore' }) : new V2Http(new URL(target.url)));
    try {
      return await seen(client, () => client.getNegotiatedProtocolVersion());
    } finally {
      await client.close();
    }
  },
  async aiSdk() {
    const uncaught = [];
    const client = await createMCPClient({
      transport: stdio ? new StdioMCPTransport({ ...target, stderr: 'ignore' }) : { type: 'http', url: target.url },
      // A late answer to the discovery it gave up on (stdio) is reported here; it does not stop the client.
      onUncaughtError: (error) => uncaught.push(String(error)),
    });
    try {
      return await seen(client, () => client.initializeResult.protocolVersion);
    } finally {
      await client.close();
    }
  },
};

const out = {};
for (const name of clients) {
  try {
    out[name] = await run[name]();
  } catch (error) {
    out[name] = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
process.stdout.write(JSON.stringify(out));
