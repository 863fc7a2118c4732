/**
 * Real MCP clients against one server (spec/mcp/real-clients.spec.ts): the SDK v1 client, the SDK
 * v2 client (`versionNegotiation: 'auto'`: `server/discover` first), the AI SDK's MCP client
 * (`@ai-sdk/mcp`, `server/discover` first) and Mastra's `MCPClient` (`@mastra/mcp`, on the SDK v2 client: `server/discover` first,
 * waiting for its answer as long as for any request), each listing and calling the tools, prompts
 * and resources of spec/mcp/programs/real-clients-server.ts, as its own documentation shows. An ES
 * module (the AI SDK's client is one only), run by a spawned Node (22 or later: Mastra
 * declares it). Its argument is JSON: `{ runs: { [key]: { target, clients, v2ProbeMs? } } }`, each
 * target `{ url }` or `{ command, args, env, cwd }` (each client then spawns its own server); the
 * runs go side by side, the clients of a run one after the other. Prints one JSON object: per run,
 * per client, what it saw, or the error it stopped with.
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';

const { runs } = JSON.parse(process.argv[2]);

/** What a client sees of the server, through the calls every MCP client makes. */
async function seen(client, version) {
  const tools = await client.listTools();
  const call = await client.callTool({ name: 'now', arguments: {} });
  const prompts = await client.listPrompts();
  const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
  const resources = await client.listResources();
  const read = await client.readResource({ uri: 'desk://motto' });
  return shown({ tools, call, prompts, prompt, resources, read }, version());
}

/** The names and texts of what a client's calls returned, with the revision it negotiated. */
function shown({ tools, call, prompts, prompt, resources, read }, version) {
  return {
    version,
    tools: tools.tools.map((t) => t.name),
    call: call.content.map((c) => c.text),
    prompts: prompts.prompts.map((p) => p.name),
    prompt: prompt.messages.map((m) => m.content.text),
    resources: resources.resources.map((r) => r.uri),
    read: read.contents.map((c) => c.text),
  };
}

const clientsByName = {
  async v1({ target, stdio }) {
    const client = new V1Client({ name: 'v1', version: '1.0.0' });
    await client.connect(stdio ? new V1Stdio({ ...target, stderr: 'ignore' }) : new V1Http(new URL(target.url)));
    try {
      return await seen(client, () => '2025-11-25');
    } finally {
      await client.close();
    }
  },
  async v2({ target, stdio, v2ProbeMs }) {
    const probe = v2ProbeMs === undefined ? {} : { probe: { timeoutMs: v2ProbeMs } };
    const client = new V2Client({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto', ...probe } });
    await client.connect(stdio ? new V2Stdio({ ...target, stderr: 'ignore' }) : new V2Http(new URL(target.url)));
    try {
      return await seen(client, () => client.getNegotiatedProtocolVersion());
    } finally {
      await client.close();
    }
  },
  async aiSdk({ target, stdio }) {
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
  async mastra({ target, stdio }) {
    const { MCPClient } = await import('@mastra/mcp');
    const server = stdio ? { ...target, stderr: 'ignore' } : { url: new URL(target.url) };
    const mcp = new MCPClient({ id: 'real-clients', servers: { desk: server } });
    try {
      const tools = await mcp.listTools();
      const call = await tools.desk_now.execute({}, {});
      const prompts = await mcp.prompts.list();
      const prompt = await mcp.prompts.get({ serverName: 'desk', name: 'greet', args: { name: 'Ada' } });
      const resources = await mcp.resources.list();
      const read = await mcp.resources.read('desk', 'desk://motto');
      return shown(
        {
          tools: { tools: Object.keys(tools).map((name) => ({ name })) },
          call,
          prompts: { prompts: prompts.desk },
          prompt,
          resources: { resources: resources.desk },
          read,
        },
        mcp.getServerProtocolVersions().desk,
      );
    } finally {
      await mcp.disconnect();
    }
  },
};

/** What each client of a run saw. */
async function ran({ target, clients, v2ProbeMs }) {
  const run = { target, stdio: target.url === undefined, v2ProbeMs };
  const saw = {};
  for (const name of clients) {
    try {
      saw[name] = await clientsByName[name](run);
    } catch (error) {
      saw[name] = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
  return saw;
}

const out = Object.fromEntries(await Promise.all(Object.entries(runs).map(async ([key, run]) => [key, await ran(run)])));
// Mastra keeps its process alive for exit hooks; what was seen is all written by then.
process.stdout.write(JSON.stringify(out), () => process.exit(0));
