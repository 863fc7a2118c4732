/**
 * MCP 2026-07-28 (SEP-2575): a client hears of list changes on a `subscriptions/listen` stream. A
 * `ToolSet`'s `add` reaches the streams that asked for that kind of change, and only those.
 */
import 'reflect-metadata';
import { Prompt, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';

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

describe('MCP 2026-07-28 subscriptions/listen', () => {
  let http: McpHttpEndpoint;
  let set: ToolSet;

  beforeAll(async () => {
    set = new ToolSet([new Start()]);
    http = await serveMcpHttp(set, { name: 'listening', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());

  /** Opens a listen stream for `notifications`, runs `change` once it is acknowledged, and gives the frames received within a second after. */
  async function listen(notifications: Record<string, boolean>, change: () => void): Promise<{ method?: string; params?: { _meta?: Record<string, unknown> } }[]> {
    const stop = new AbortController();
    const res = await fetch(http.url, {
      method: 'POST',
      signal: stop.signal,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'subscriptions/listen',
        params: { notifications, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      }),
    });
    const frames: { method?: string; params?: { _meta?: Record<string, unknown> } }[] = [];
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    let changed = false;
    const timer = setTimeout(() => stop.abort(), 1000);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) if (line.startsWith('data:')) frames.push(JSON.parse(line.slice(5)));
        if (!changed && frames.length > 0) {
          changed = true;
          change();
        }
      }
    } catch {
      // The stream is cut when the second is over.
    } finally {
      clearTimeout(timer);
    }
    return frames;
  }

  it("sends tools/list_changed when a tool is added, tagged with the stream's subscription id (as its acknowledgement)", async () => {
    const frames = await listen({ toolsListChanged: true }, () => set.add(Tool.fromJsonSchema({ name: 'added', description: 'Added', inputSchema: { type: 'object' } }, () => 'x')));
    expect(frames.map((f) => f.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    const id = frames[1]!.params?._meta?.['io.modelcontextprotocol/subscriptionId'];
    expect(id).toBeDefined();
    expect(frames[0]!.params?._meta?.['io.modelcontextprotocol/subscriptionId']).toBe(id);
  });

  it('sends a prompts change only to the streams that asked for it', async () => {
    const frames = await listen({ toolsListChanged: true }, () => set.add(new Later()));
    expect(frames.map((f) => f.method)).toEqual(['notifications/subscriptions/acknowledged']);
  });
});
