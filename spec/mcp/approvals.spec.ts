/**
 * MCP 2026-07-28 questions count once (lib/mcp/modern.ts): an answer is read only for a question the
 * server asked in the round before (an approval answered in advance in the first request ran the
 * tool with no question ever shown; answers resent without `requestState` passed the 16-round
 * limit), and a `requestState` whose approval was accepted is spent by the request that uses it (one
 * approval ran a transfer three times). Raw 2026 POSTs for what a client may forge, and the SDK's v2
 * client answering `input_required` itself; the v1 client (2025-11-25) asks once per call as well.
 */
import 'reflect-metadata';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Int32, ObjectOf, Param, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { BoundedStdioTransport, MAX_INPUT_ROUNDS, serveMcpHttp, serveMcpStdio, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { connectHttp, stdioPipes } from '../helpers/mcp-client';
import { modernCall } from './fixtures/http';

const Memo = ObjectOf({ memo: String });
const Answer = ObjectOf({ answer: String });
/** Transfers made, as they ran. */
const transfers: string[] = [];

class Bank {
  @Tool({ description: 'Moves money.', requiresApproval: true })
  transfer(@Param({ type: Int32 }) amount: number): string {
    transfers.push(`transfer ${amount}`);
    return `moved ${amount}`;
  }

  @Tool({ description: 'Moves money, then asks for a memo.', requiresApproval: true })
  async wire(@Param({ type: Int32 }) amount: number, ctx: ToolContext): Promise<string> {
    const memo = await ctx.elicit<{ memo: string }>(Memo, 'A memo?', { key: 'memo' });
    transfers.push(`wire ${amount} ${memo.action === 'accept' ? memo.value.memo : ''}`);
    return `wired ${amount}`;
  }

  @Tool({ description: 'Asks twenty questions, one after the other.' })
  async survey(ctx: ToolContext): Promise<string> {
    for (let i = 1; i <= 20; i++) await ctx.elicit(Answer, `Question ${i}?`, { key: `q${i}` });
    return 'all answered';
  }
}

type Body = {
  result?: { resultType?: string; inputRequests?: Record<string, unknown>; requestState?: string; content?: { text: string }[] };
  error?: { code: number; message: string };
};
const accept = (content: Record<string, unknown> = {}) => ({ action: 'accept', content });

describe('MCP 2026-07-28: an approval answers a question asked, and runs its call once', () => {
  let http: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([new Bank()]), { name: 'bank', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());
  beforeEach(() => {
    transfers.length = 0;
  });

  const call = (name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Body> =>
    modernCall(http.url, name, args, extra, { capabilities: { elicitation: {} } });

  it('an approval answered in advance in the first request is not read: the question is asked, and nothing runs', async () => {
    const first = await call('transfer', { amount: 100 }, { inputResponses: { approval: accept(), 'approval.2': accept(), elicit1: accept() } });
    expect(first.result?.resultType).toBe('input_required');
    expect(Object.keys(first.result?.inputRequests ?? {})).toEqual(['approval']);
    expect((first.result?.inputRequests?.approval as { params: { message: string } }).params.message).toContain("'transfer'");
    expect(transfers).toEqual([]);
  });

  it('one approval, one run: the state it was given with is spent, and a replay (one at a time or at once) is refused with -32602', async () => {
    const asked = await call('transfer', { amount: 100 });
    const approved = { inputResponses: { approval: accept() }, requestState: asked.result!.requestState };
    expect((await call('transfer', { amount: 100 }, approved)).result?.content).toEqual([{ type: 'text', text: 'moved 100' }]);
    const again = await call('transfer', { amount: 100 }, approved);
    expect(again.error).toEqual({
      code: -32602,
      message: 'Invalid requestState: it carried an approval that a request has already used (one approval runs one call); start the request again.',
    });
    expect(transfers).toEqual(['transfer 100']);

    const asked2 = await call('transfer', { amount: 7 });
    const approved2 = { inputResponses: { approval: accept() }, requestState: asked2.result!.requestState };
    const together = await Promise.all([1, 2, 3].map(() => call('transfer', { amount: 7 }, approved2)));
    expect(together.map((b) => b.result?.content?.[0]?.text ?? b.error?.code).sort()).toEqual([-32602, -32602, 'moved 7']);
    expect(transfers).toEqual(['transfer 100', 'transfer 7']);
  });

  it('a state that carries the accepted approval into a later round is spent too, and so is the one the approval came with', async () => {
    const asked = await call('wire', { amount: 5 });
    const approval = { inputResponses: { approval: accept() }, requestState: asked.result!.requestState };
    const memoAsked = await call('wire', { amount: 5 }, approval);
    expect(Object.keys(memoAsked.result?.inputRequests ?? {})).toEqual(['memo']);
    const memo = { inputResponses: { memo: accept({ memo: 'rent' }) }, requestState: memoAsked.result!.requestState };
    expect((await call('wire', { amount: 5 }, memo)).result?.content).toEqual([{ type: 'text', text: 'wired 5' }]);
    expect((await call('wire', { amount: 5 }, memo)).error?.code).toBe(-32602);
    expect((await call('wire', { amount: 5 }, approval)).error?.code).toBe(-32602);
    expect(transfers).toEqual(['wire 5 rent']);
  });

  it('a declined approval spends nothing and runs nothing', async () => {
    const asked = await call('transfer', { amount: 9 });
    const declined = await call('transfer', { amount: 9 }, { inputResponses: { approval: { action: 'decline' } }, requestState: asked.result!.requestState });
    expect(declined.result?.content?.[0]?.text).toBe("Tool 'transfer' was not approved: the user declined.");
    expect(transfers).toEqual([]);
  });

  it(`answers resent without requestState are not read (the first question is asked again); with it, round ${MAX_INPUT_ROUNDS + 1} is refused`, async () => {
    const all: Record<string, unknown> = {};
    for (let i = 1; i <= 20; i++) {
      const r = await call('survey', {}, { inputResponses: all });
      expect(Object.keys(r.result?.inputRequests ?? {})).toEqual(['q1']);
      all[`q${i}`] = accept({ answer: String(i) });
    }
    let state: string | undefined;
    const rounds: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const r = await call('survey', {}, state === undefined ? {} : { inputResponses: { [`q${i - 1}`]: accept({ answer: String(i) }) }, requestState: state });
      if (r.error !== undefined) {
        rounds.push(`${r.error.code} ${r.error.message}`);
        break;
      }
      rounds.push(Object.keys(r.result?.inputRequests ?? {}).join());
      state = r.result?.requestState;
    }
    expect(rounds).toEqual([
      ...Array.from({ length: MAX_INPUT_ROUNDS }, (_, i) => `q${i + 1}`),
      `-32602 The request asked for input ${MAX_INPUT_ROUNDS} times, the most it may; it is not run again.`,
    ]);
  });

  it('the v2 client answers the approval itself: asked once, the transfer runs once', async () => {
    const questions: string[] = [];
    const client = new ModernClient(
      { name: 'v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
    );
    client.setRequestHandler('elicitation/create', (request) => {
      questions.push(request.params.message);
      const content: Record<string, string> = request.params.message.startsWith('A memo') ? { memo: 'tea' } : {};
      return { action: 'accept', content };
    });
    await client.connect(new ModernTransport(http.url));
    try {
      expect(((await client.callTool({ name: 'transfer', arguments: { amount: 3 } })) as { content: unknown }).content).toEqual([
        { type: 'text', text: 'moved 3' },
      ]);
      expect(((await client.callTool({ name: 'wire', arguments: { amount: 4 } })) as { content: unknown }).content).toEqual([
        { type: 'text', text: 'wired 4' },
      ]);
      expect(questions.map((q) => q.split('\n')[0])).toEqual([expect.stringContaining("'transfer'"), expect.stringContaining("'wire'"), 'A memo?']);
      expect(transfers).toEqual(['transfer 3', 'wire 4 tea']);
    } finally {
      await client.close();
    }
  });

  it('over stdio, the v2 client is asked once and the transfer runs once', async () => {
    const pipes = stdioPipes();
    const server = await serveMcpStdio(new ToolSet([new Bank()]), { name: 'bank', version: '1.0.0' }, pipes.server);
    const client = new ModernClient(
      { name: 'v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
    );
    let asked = 0;
    client.setRequestHandler('elicitation/create', () => (asked++, { action: 'accept', content: {} }));
    await client.connect(new BoundedStdioTransport(pipes.client) as never);
    try {
      expect(((await client.callTool({ name: 'transfer', arguments: { amount: 8 } })) as { content: unknown }).content).toEqual([
        { type: 'text', text: 'moved 8' },
      ]);
      expect([asked, transfers]).toEqual([1, ['transfer 8']]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('the v1 client (2025-11-25, in a session) is asked once per call too', async () => {
    const endpoint = await serveMcpHttp(new ToolSet([new Bank()]), { name: 'bank', version: '1.0.0' }, { port: 0, host: '127.0.0.1', sessions: true });
    let asked = 0;
    const { client, close } = await connectHttp(endpoint, { capabilities: { elicitation: {} }, onElicit: () => (asked++, { action: 'accept', content: {} }) });
    try {
      expect((await client.callTool({ name: 'transfer', arguments: { amount: 2 } })).content).toEqual([{ type: 'text', text: 'moved 2' }]);
      expect([asked, transfers]).toEqual([1, ['transfer 2']]);
    } finally {
      await close();
    }
  });
});
