/**
 * lib/mcp/capabilities.ts: a 2025-11-25 server declares only what its mode delivers. The stateless
 * endpoint has no stream for `list_changed` and no connection for a subscription: it declares
 * neither, and `resources/subscribe` is an unknown method there, not an `{}` never followed by an
 * update. With sessions (a GET stream) both are declared and delivered. The SDK v1 client, over
 * HTTP.
 */
import 'reflect-metadata';
import { ErrorCode, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { connectHttp } from '../helpers/mcp-client';
import { Desk } from './fixtures/desk';

async function connected(sessions: boolean) {
  const set = new ToolSet([new Desk()]);
  return { set, ...(await connectHttp(await serveMcpHttp(set, { name: 'desk', version: '1.0.0' }, { sessions }))) };
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
