/**
 * lib/mcp/capabilities.ts: a 2025-11-25 server declares only what its mode delivers. The stateless
 * endpoint has no stream for `list_changed` and no connection for a subscription: it declares
 * neither, and `resources/subscribe` is an unknown method there, not an `{}` never followed by an
 * update. With sessions (a GET stream) both are declared and delivered. The SDK v1 client, over
 * HTTP.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Prompt, Resource, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';

class Desk {
  @Tool({ description: 'The time.' })
  now(): string {
    return 'noon';
  }

  @Prompt({ description: 'Greets someone.' })
  greet(name: string): string {
    return `Hello, ${name}.`;
  }

  @Resource('desk://motto')
  motto(): string {
    return 'Tea at four.';
  }
}

async function connected(sessions: boolean) {
  const set = new ToolSet([new Desk()]);
  const http = await serveMcpHttp(set, { name: 'desk', version: '1.0.0' }, { sessions });
  const client = new Client({ name: 'v1', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(http.url));
  return {
    set,
    client,
    close: async () => {
      await client.close();
      await http.close();
    },
  };
}

it('stateless: no listChanged and no resources.subscribe are declared, and resources/subscribe is an unknown method', async () => {
  const { client, close } = await connected(false);
  try {
    expect(client.getServerCapabilities()).toEqual({ tools: {}, logging: {}, prompts: {}, resources: {}, completions: {} });
    const refused = await client.subscribeResource({ uri: 'desk://motto' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(ErrorCode.MethodNotFound);
  } finally {
    await close();
  }
});

it('with sessions: listChanged and resources.subscribe are declared, and a subscription hears of an update', async () => {
  const { set, client, close } = await connected(true);
  try {
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      logging: {},
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      completions: {},
    });
    const updated = new Promise<string>((resolve) => client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)));
    expect(await client.subscribeResource({ uri: 'desk://motto' })).toEqual({});
    set.notifyResourceUpdated('desk://motto');
    expect(await updated).toBe('desk://motto');
  } finally {
    await close();
  }
});
