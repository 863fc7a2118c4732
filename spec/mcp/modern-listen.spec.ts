/**
 * MCP 2026-07-28 (SEP-2575): a client hears of list changes on a `subscriptions/listen` stream. A
 * `ToolSet`'s `add` reaches the streams that asked for that kind of change, and only those; a
 * resource's update reaches the streams subscribed to its URI. A change a stream must not hear is
 * followed by one it must (a sentinel): the frames it has by then are all it got.
 */
import 'reflect-metadata';
import { Prompt, Resource, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { heard, listenStream } from './fixtures/http';

class Start {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }

  @Prompt({ description: 'A prompt' })
  greeting(): string {
    return 'Greet the user.';
  }
}

class Later {
  @Prompt({ description: 'A prompt added later' })
  farewell(): string {
    return 'Say goodbye.';
  }
}

class Docs {
  @Resource('docs://readme', { description: 'The README' })
  readme(): string {
    return 'read me';
  }
}

class More {
  @Resource('docs://more', { description: 'More' })
  more(): string {
    return 'more';
  }
}

describe('MCP 2026-07-28 subscriptions/listen', () => {
  let http: McpHttpEndpoint;
  let set: ToolSet;

  beforeAll(async () => {
    set = new ToolSet([new Start(), new Docs()]);
    http = await serveMcpHttp(set, { name: 'listening', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());

  /** Opens a listen stream for `notifications`; resolves once it is acknowledged. `until(method)` waits for a frame of that method. */
  async function listen(notifications: Record<string, unknown>) {
    const stream = await listenStream(http.url, notifications);
    return { ...stream, until: (method: string) => stream.until(heard(method), method) };
  }

  const addTool = (name: string) => set.add(Tool.fromJsonSchema({ name, description: 'Added', inputSchema: { type: 'object' } }, () => 'x'));

  it("sends tools/list_changed when a tool is added, tagged with the stream's subscription id (as its acknowledgement)", async () => {
    const tools = await listen({ toolsListChanged: true });
    addTool('added');
    const frames = await tools.until('notifications/tools/list_changed');
    expect(frames.map((f) => f.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    const id = frames[1]!.params?._meta?.['io.modelcontextprotocol/subscriptionId'];
    expect([frames[0]!.params?._meta?.['io.modelcontextprotocol/subscriptionId'], id]).toEqual([1, 1]);
    expect(((await tools.stop()) as Error).name).toBe('AbortError');
  });

  it('sends a prompts change only to the streams that asked for it', async () => {
    const tools = await listen({ toolsListChanged: true });
    const prompts = await listen({ promptsListChanged: true });
    set.add(new Later());
    expect((await prompts.until('notifications/prompts/list_changed')).map((f) => f.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/prompts/list_changed',
    ]);
    addTool('sentinel_after_prompt');
    expect((await tools.until('notifications/tools/list_changed')).map((f) => f.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    expect(prompts.frames.map((f) => f.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/prompts/list_changed']);
    await Promise.all([tools.stop(), prompts.stop()]);
  });

  it('sends a resources change to the streams that asked for it, and an update of a URI to the streams subscribed to it', async () => {
    const resources = await listen({ resourcesListChanged: true });
    const readme = await listen({ resourceSubscriptions: ['docs://readme'] });
    const other = await listen({ resourceSubscriptions: ['docs://other'], toolsListChanged: true });
    set.add(new More());
    expect((await resources.until('notifications/resources/list_changed')).map((f) => f.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/resources/list_changed',
    ]);
    set.notifyResourceUpdated('docs://readme');
    const updated = await readme.until('notifications/resources/updated');
    expect(updated.map((f) => [f.method, f.params?.uri])).toEqual([
      ['notifications/subscriptions/acknowledged', undefined],
      ['notifications/resources/updated', 'docs://readme'],
    ]);
    addTool('sentinel_after_update');
    expect((await other.until('notifications/tools/list_changed')).map((f) => f.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    expect(resources.frames.map((f) => f.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/resources/list_changed']);
    await Promise.all([resources.stop(), readme.stop(), other.stop()]);
  });
});
