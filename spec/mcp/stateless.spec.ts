/**
 * Issue 24: a stateless MCP endpoint says the truth about what it cannot do (ask the client, keep a
 * log level), and `sessions: true` turns on sessions, where it can. Real HTTP on loopback, the MCP
 * SDK client declaring elicitation.
 */
import 'reflect-metadata';
import { LoggingMessageNotificationSchema, type ElicitResult, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { IsEmail, IsInt, Max, Min } from 'class-validator';
import { Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpOptions } from 'tool-signatures/mcp';
import { connectHttp } from '../helpers/mcp-client';

class Contact {
  @IsEmail() email!: string;
  @IsInt() @Min(18) @Max(120) age!: number;
}

class Desk {
  ran: string[] = [];

  @Tool({ description: 'Asks for a contact.' })
  async ask(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Contact, 'Who should we call?');
    if (answer.action !== 'accept') return answer.action;
    return `${answer.value.email} ${answer.value.age}`;
  }

  @Tool({ description: 'Refunds an order.', requiresApproval: true })
  refund(): string {
    this.ran.push('refund');
    return 'refunded';
  }

  @Tool({ description: 'Logs one message at each level.' })
  async chatty(ctx: ToolContext): Promise<string> {
    for (const level of ['debug', 'info', 'warning', 'error'] as const) await ctx.log(level, level);
    return 'said';
  }
}

const info = { name: 'desk', version: '1.0.0' };

const STATELESS =
  'this MCP endpoint is stateless, and a stateless endpoint cannot send requests to the client (an elicitation, an approval question): the answer would come back as another HTTP request, which no session ties to this call. ' +
  'To ask the user, serve the endpoint with sessions (the option `sessions: true` of serveMcpHttp and createMcpHttpHandler, or of ToolsModule.forRoot({ mcp })), or over stdio; ' +
  'a client of the 2026-07-28 protocol, which this endpoint also serves, is asked without sessions.';

/** An endpoint and an SDK client that declares elicitation and answers every question with `answer`. */
async function connected(options: McpHttpOptions, answer: ElicitResult) {
  const desk = new Desk();
  const asked: string[] = [];
  const logged: LoggingLevel[] = [];
  const c = await connectHttp(await serveMcpHttp(new ToolSet([desk]), info, options), {
    capabilities: { elicitation: {} },
    onElicit: (request) => (asked.push(request.params.message), answer),
    before: (client) => client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.level)),
  });
  return { ...c, desk, asked, logged };
}

const text = (result: unknown): string => (result as { content: { text: string }[] }).content[0]!.text;

/** Calls `chatty` and returns the levels of the log messages its call delivered. */
async function levelsOf(c: Awaited<ReturnType<typeof connected>>, meta?: Record<string, unknown>): Promise<LoggingLevel[]> {
  c.logged.length = 0;
  expect(text(await c.client.callTool({ name: 'chatty', arguments: {}, ...(meta !== undefined ? { _meta: meta } : {}) }))).toBe('said');
  return [...c.logged];
}

describe('issue 24: a stateless endpoint (the default) says what it cannot do, and how to get it', () => {
  it('ctx.elicit and an approval are refused as stateless, not as a client without elicitation; the client is never asked', async () => {
    const c = await connected({}, { action: 'accept', content: { email: 'ada@example.com', age: 36 } });
    try {
      expect(c.transport.sessionId).toBeUndefined();
      const asked = await c.client.callTool({ name: 'ask', arguments: {} });
      expect([asked.isError, text(asked)]).toEqual([
        true,
        `Tool 'ask' failed: ToolContextError: no client can answer a question here (tool 'ask'): ${STATELESS}`,
      ]);
      const refund = await c.client.callTool({ name: 'refund', arguments: {} });
      expect([refund.isError, text(refund)]).toEqual([true, `Tool 'refund' was not approved: it needs the user's approval, and ${STATELESS}`]);
      expect(c.asked).toEqual([]);
      expect(c.desk.ran).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it("logging/setLevel is answered {} (clients set one as they connect) and does not outlive its POST; a level in a request's _meta applies to that request", async () => {
    const c = await connected({}, { action: 'cancel' });
    try {
      expect(await c.client.setLoggingLevel('warning')).toEqual({});
      // The next request stands alone: without a level of its own, every message is sent.
      expect(await levelsOf(c)).toEqual(['debug', 'info', 'warning', 'error']);
      expect(await levelsOf(c, { 'io.modelcontextprotocol/logLevel': 'warning' })).toEqual(['warning', 'error']);
      expect(await levelsOf(c)).toEqual(['debug', 'info', 'warning', 'error']);
      expect(await levelsOf(c, { 'io.modelcontextprotocol/logLevel': 'error' })).toEqual(['error']);
      // A level that is not one of the protocol's is no level: nothing is filtered.
      expect(await levelsOf(c, { 'io.modelcontextprotocol/logLevel': 'loud' })).toEqual(['debug', 'info', 'warning', 'error']);
    } finally {
      await c.close();
    }
  });

  it('a logging/setLevel sent in the same POST as calls (a JSON-RPC batch) applies to those calls', async () => {
    const http = await serveMcpHttp(new ToolSet([new Desk()]), info);
    try {
      const batch = [
        { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'warning' } },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'chatty', arguments: {} } },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'chatty', arguments: {}, _meta: { 'io.modelcontextprotocol/logLevel': 'error' } } },
      ];
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' };
      const answer = await fetch(http.url, { method: 'POST', headers, body: JSON.stringify(batch) });
      const events = (await answer.text())
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { id?: number; method?: string; params?: { level: string } });
      const logged = events.filter((e) => e.method === 'notifications/message').map((e) => e.params!.level);
      // Call 2 at the batch's level, call 3 at its own (their messages may interleave).
      expect(logged.filter((l) => l === 'warning')).toEqual(['warning']);
      expect(logged.filter((l) => l === 'error')).toEqual(['error', 'error']);
      expect(logged).toHaveLength(3);
      expect(
        events
          .filter((e) => e.id !== undefined)
          .map((e) => e.id)
          .sort(),
      ).toEqual([1, 2, 3]);
    } finally {
      await http.close();
    }
  });
});

describe('issue 24: sessions: true turns on sessions, where the server asks the client and keeps its level', () => {
  it('initialize gives a session id; ctx.elicit is answered by the client; an approval is asked', async () => {
    const c = await connected({ sessions: true }, { action: 'accept', content: { email: 'ada@example.com', age: 36 } });
    try {
      expect(typeof c.transport.sessionId).toBe('string');
      expect(text(await c.client.callTool({ name: 'ask', arguments: {} }))).toBe('ada@example.com 36');
      expect(c.asked).toEqual(['Who should we call?']);
      const refund = await c.client.callTool({ name: 'refund', arguments: {} });
      expect([refund.isError, text(refund)]).toEqual([undefined, 'refunded']);
      expect(c.desk.ran).toEqual(['refund']);
    } finally {
      await c.close();
    }
  });

  it('logging/setLevel applies to the rest of the session; a request _meta level applies to that request only', async () => {
    const c = await connected({ sessions: true }, { action: 'cancel' });
    try {
      expect(await levelsOf(c)).toEqual(['debug', 'info', 'warning', 'error']);
      await c.client.setLoggingLevel('warning');
      expect(await levelsOf(c)).toEqual(['warning', 'error']);
      expect(await levelsOf(c, { 'io.modelcontextprotocol/logLevel': 'debug' })).toEqual(['debug', 'info', 'warning', 'error']);
      expect(await levelsOf(c)).toEqual(['warning', 'error']);
    } finally {
      await c.close();
    }
  });
});
