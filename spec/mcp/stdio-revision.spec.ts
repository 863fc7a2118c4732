/**
 * docs/mcp.md: over stdio the first request only one revision answers chooses the revision:
 * `initialize` for 2025-11-25, a request with the `_meta` envelope for 2026-07-28, kept for the
 * connection. `server/discover` chooses nothing: an `initialize` after it (a client that gave up
 * waiting for the discovery's answer) is still served. JSON-RPC lines on in-process streams, as a
 * client writes them.
 */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { serveMcpStdio } from 'tool-signatures/mcp';
import { stdioPipes } from '../helpers/mcp-client';

class Clock {
  @Tool({ description: 'The time.' })
  now(): string {
    return 'noon';
  }
}

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A stdio connection: `ask` writes one request line and resolves with the answer of its id. */
async function connection() {
  const pipes = stdioPipes();
  const server = await serveMcpStdio(new ToolSet([new Clock()]), { name: 'clock', version: '1.0.0' }, pipes.server);
  const { stdin: toClient, stdout: toServer } = pipes.client;
  const waiting = new Map<unknown, (m: Record<string, unknown>) => void>();
  let buffered = '';
  toClient.setEncoding('utf8');
  toClient.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      const m = JSON.parse(line) as Record<string, unknown>;
      waiting.get(m.id)?.(m);
    }
  });
  let id = 0;
  return {
    ask(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
      const own = ++id;
      const answered = new Promise<Record<string, unknown>>((resolve) => waiting.set(own, resolve));
      toServer.write(`${JSON.stringify({ jsonrpc: '2.0', id: own, method, params })}\n`);
      return answered;
    },
    /** Writes the requests in one chunk, as a server that was still starting reads them; resolves with the answer of the last. */
    askAtOnce(requests: { method: string; params: Record<string, unknown> }[]): Promise<Record<string, unknown>> {
      const ids = requests.map(() => ++id);
      const answered = new Promise<Record<string, unknown>>((resolve) => waiting.set(ids[ids.length - 1], resolve));
      toServer.write(requests.map((r, i) => `${JSON.stringify({ jsonrpc: '2.0', id: ids[i], ...r })}\n`).join(''));
      return answered;
    },
    tell(method: string): void {
      toServer.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
    },
    close: async () => {
      toServer.end();
      await server.close();
    },
  };
}

describe('stdio: the first request only one revision answers chooses the revision, for the connection', () => {
  it('a first request with the _meta envelope is served as 2026-07-28, and so is the rest of the connection', async () => {
    const c = await connection();
    try {
      const first = (await c.ask('tools/call', { name: 'now', arguments: {}, _meta: META })).result as Record<string, unknown>;
      expect([first.resultType, first.content]).toEqual(['complete', [{ type: 'text', text: 'noon' }]]);
      const next = (await c.ask('tools/list', { _meta: META })).result as Record<string, unknown>;
      expect([next.resultType, (next.tools as { name: string }[]).map((t) => t.name)]).toEqual(['complete', ['now']]);
    } finally {
      await c.close();
    }
  });

  it('a first initialize is served as 2025-11-25, and so is the rest of the connection', async () => {
    const c = await connection();
    try {
      const init = (await c.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } })).result as Record<
        string,
        unknown
      >;
      expect(init.protocolVersion).toBe('2025-11-25');
      c.tell('notifications/initialized');
      const call = (await c.ask('tools/call', { name: 'now', arguments: {}, _meta: META })).result as Record<string, unknown>;
      expect(call).toEqual({ content: [{ type: 'text', text: 'noon' }] });
    } finally {
      await c.close();
    }
  });

  it('server/discover chooses nothing: an initialize written after it is served as 2025-11-25, and so is the rest of the connection', async () => {
    const c = await connection();
    try {
      const init = (
        await c.askAtOnce([
          { method: 'server/discover', params: { _meta: META } },
          { method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'gave-up', version: '1' } } },
        ])
      ).result as Record<string, unknown>;
      expect(init.protocolVersion).toBe('2025-11-25');
      c.tell('notifications/initialized');
      expect((await c.ask('tools/call', { name: 'now', arguments: {} })).result).toEqual({ content: [{ type: 'text', text: 'noon' }] });
    } finally {
      await c.close();
    }
  });

  it.each([
    ['a notification', (c: Awaited<ReturnType<typeof connection>>) => c.tell('notifications/initialized')],
    [
      'a request without the envelope',
      async (c: Awaited<ReturnType<typeof connection>>) => {
        expect((await c.ask('tools/list')).result).toEqual({
          tools: [{ name: 'now', description: 'The time.', inputSchema: { type: 'object', properties: {}, additionalProperties: false } }],
        });
      },
    ],
  ])('a first message that asks for neither (%s) chooses 2025-11-25: a request with the envelope after it is served as 2025-11-25', async (_first, first) => {
    const c = await connection();
    try {
      await first(c);
      const call = (await c.ask('tools/call', { name: 'now', arguments: {}, _meta: META })).result as Record<string, unknown>;
      expect(call).toEqual({ content: [{ type: 'text', text: 'noon' }] });
    } finally {
      await c.close();
    }
  });

  it('server/discover is answered by 2026-07-28, and a request with the envelope after it keeps the connection there', async () => {
    const c = await connection();
    try {
      const found = (await c.ask('server/discover', { _meta: META })).result as { supportedVersions: string[] };
      expect(found.supportedVersions).toContain('2026-07-28');
      const call = (await c.ask('tools/call', { name: 'now', arguments: {}, _meta: META })).result as Record<string, unknown>;
      expect([call.resultType, call.content]).toEqual(['complete', [{ type: 'text', text: 'noon' }]]);
      const refused = await c.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'late', version: '1' } });
      // The connection is 2026-07-28's now: an initialize is a version it does not serve.
      expect(refused).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32022, message: 'Unsupported protocol version: 2025-11-25', data: { requested: '2025-11-25', supported: ['2026-07-28'] } },
      });
    } finally {
      await c.close();
    }
  });
});
