/**
 * 2025 sessions kept in a session registry (lib/mcp/http/sessions.ts over lib/mcp/session-registry.ts,
 * issue 30), in one process: two endpoints (two replicas) sharing a `MemorySessionRegistry`, a real
 * SDK v1 client whose requests go to one or the other as the spec routes them. A session opened on
 * A goes on on B without initializing again (its log level kept), only for its owner; a DELETE on
 * one ends it on both; a registry that cannot answer refuses; an answer to a question asked on
 * another replica is refused, naming why. The same across processes on Redis: spec/redis/replicas.spec.ts.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ObjectOf, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { MemorySessionRegistry, serveMcpHttp, type McpHttpEndpoint, type SessionRecord, type SessionRegistry } from 'tool-signatures/mcp';
import { jsonHeaders, raw } from './fixtures/http';
import { deferred } from '../helpers/signals';

const Confirm = ObjectOf({ confirm: Boolean });

class Desk {
  constructor(private readonly replica: string) {}

  @Tool({ description: 'Says which replica answers' })
  whoami(): string {
    return `served by ${this.replica}`;
  }

  @Tool({ description: 'Logs at two levels' })
  async note(ctx: ToolContext): Promise<string> {
    await ctx.log('info', `info from ${this.replica}`);
    await ctx.log('error', `error from ${this.replica}`);
    return 'noted';
  }

  @Tool({ description: 'Asks to confirm' })
  async confirm(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>(Confirm, `Confirm on ${this.replica}?`);
    return answer.action;
  }
}

type Replica = 'A' | 'B';

/** Two endpoints sharing `registry`, and a real client whose every request goes where `route` says. */
async function twoReplicas(registry: SessionRegistry) {
  const endpoints = {} as Record<Replica, McpHttpEndpoint>;
  for (const name of ['A', 'B'] as const)
    endpoints[name] = await serveMcpHttp(
      new ToolSet([new Desk(name)]),
      { name: 'desk', version: '1.0.0' },
      { port: 0, host: '127.0.0.1', sessions: { registry } },
    );
  const sent: { replica: Replica; method: string | undefined }[] = [];
  const state = { route: (_method: string | undefined): Replica => 'A' };
  const transport = new StreamableHTTPClientTransport(endpoints.A.url, {
    fetch: (_url, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : undefined;
      const method = body?.method ?? init?.method;
      const replica = state.route(method);
      sent.push({ replica, method });
      return fetch(endpoints[replica].url, init);
    },
  });
  const client = new Client({ name: 'desk-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  const text = async (name: string): Promise<string> => ((await client.callTool({ name, arguments: {} })) as { content: { text: string }[] }).content[0]!.text;
  return {
    endpoints,
    sent,
    state,
    transport,
    client,
    text,
    close: async () => {
      await client.close().catch(() => undefined);
      for (const e of Object.values(endpoints)) await e.close();
    },
  };
}

/** A registry whose every method rejects (Redis down). */
const unreachable: SessionRegistry = {
  create: () => Promise.reject(new Error('connection refused')),
  get: () => Promise.reject(new Error('connection refused')),
  setLogLevel: () => Promise.reject(new Error('connection refused')),
  delete: () => Promise.reject(new Error('connection refused')),
};

describe('2025 sessions in a shared session registry (two endpoints, one process)', () => {
  it('a session opened on A goes on on B without initializing again, its log level kept, and is recorded as the client initialized it', async () => {
    const registry = new MemorySessionRegistry();
    const r = await twoReplicas(registry);
    try {
      const logs: string[] = [];
      r.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(`${n.params.level}: ${String(n.params.data)}`));
      await r.client.connect(r.transport);
      // The level is set on B (which restores the session); A, which opened it, learns it from the record.
      r.state.route = () => 'B';
      await r.client.setLoggingLevel('error');
      let turn = 0;
      r.state.route = () => (turn++ % 2 === 0 ? 'A' : 'B');
      const answers = [await r.text('whoami'), await r.text('note'), await r.text('note'), await r.text('whoami')];
      const id = r.transport.sessionId!;
      expect({
        answers,
        logs,
        initializes: r.sent.filter((s) => s.method === 'initialize').map((s) => s.replica),
        held: [r.endpoints.A.sessions.has(id), r.endpoints.B.sessions.has(id)],
      }).toEqual({
        answers: ['served by A', 'noted', 'noted', 'served by B'],
        logs: ['error: error from B', 'error: error from A'],
        initializes: ['A'],
        held: [true, true],
      });
      const record = (await registry.get(id)) as SessionRecord;
      expect({ ...record, initialize: Object.keys(record.initialize) }).toEqual({
        id,
        owner: 'address 127.0.0.1',
        protocolVersion: '2025-11-25',
        initialize: ['protocolVersion', 'capabilities', 'clientInfo'],
        logLevel: 'error',
      });
    } finally {
      await r.close();
    }
  });

  it('another client gets the 404 of an unknown session on the replica that holds it and on one that would restore it; a DELETE on B ends it on A', async () => {
    const r = await twoReplicas(new MemorySessionRegistry());
    try {
      await r.client.connect(r.transport);
      const id = r.transport.sessionId!;
      const asked = (replica: Replica, from: string, session: string) =>
        raw(r.endpoints[replica].url, {
          from,
          headers: { ...jsonHeaders, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
          body: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
        }).then((a) => `${a.status} ${a.text}`);
      const unknown = '404 {"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":7}';
      expect([await asked('A', '127.0.0.2', id), await asked('B', '127.0.0.2', id), await asked('B', '127.0.0.2', 'no-such-session')]).toEqual([
        unknown,
        unknown,
        unknown,
      ]);
      expect(r.endpoints.B.sessions.has(id)).toBe(false);

      r.state.route = () => 'B';
      await r.transport.terminateSession();
      expect([(await asked('A', '127.0.0.1', id)).slice(0, 3), r.endpoints.A.sessions.has(id)]).toEqual(['404', false]);
    } finally {
      await r.close();
    }
  });

  it('refuses, naming why, when the registry cannot answer: an initialize is answered an error, a request of a session 503', async () => {
    const http = await serveMcpHttp(
      new ToolSet([new Desk('A')]),
      { name: 'desk', version: '1.0.0' },
      { port: 0, host: '127.0.0.1', sessions: { registry: unreachable } },
    );
    try {
      const init = await raw(http.url, {
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        },
      });
      const request = await raw(http.url, {
        headers: { ...jsonHeaders, 'mcp-session-id': 'any', 'mcp-protocol-version': '2025-11-25' },
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      });
      expect([/^data: (.*)$/m.exec(init.text)![1], http.sessions.size, request.status, request.text]).toEqual([
        '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error: the session could not be recorded (connection refused)"}}',
        0,
        503,
        '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Service Unavailable: the session registry cannot be reached (connection refused)"},"id":2}',
      ]);
    } finally {
      await http.close();
    }
  });

  it('refuses an answer to a question asked on another replica, naming it, rather than drop it', async () => {
    const r = await twoReplicas(new MemorySessionRegistry());
    const failed = deferred<{ status: unknown; message: string }>();
    try {
      // The SDK client's StreamableHTTPError carries the HTTP status as its `code`.
      r.client.onerror = (e) => failed.resolve({ status: (e as Error & { code?: unknown }).code, message: e.message });
      r.client.setRequestHandler(ElicitRequestSchema, () => {
        // The answer goes to B; A asked.
        r.state.route = () => 'B';
        return { action: 'accept', content: { confirm: true } };
      });
      await r.client.connect(r.transport);
      const abort = new AbortController();
      const call = r.client.callTool({ name: 'confirm', arguments: {} }, undefined, { signal: abort.signal }).catch((e: Error) => e.message);
      // The call on A still waits: the client gives it up.
      const refused = await failed.promise;
      expect(refused.status).toBe(410);
      expect(refused.message).toMatch(
        /^Streamable HTTP error: Error POSTing to endpoint: \{"jsonrpc":"2.0","error":\{"code":-32000,"message":"Gone: the question \\"[0-9a-f]{16}\.[0-9a-f-]{36}\\" was asked by another replica of this server, which is gone \(or this answer was routed away from it\); the call that asked it cannot hear this answer"\},"id":null\}$/,
      );
      abort.abort('done');
      expect(await call).toBe('MCP error -32001: done');
    } finally {
      await r.close();
    }
  });
});
