/**
 * MCP 2026-07-28 (SEP-2322): a tool asks the user (`ctx.elicit`), the client's model (`ctx.sample`)
 * or the client's roots (`ctx.roots`) without a server-to-client request: the call is answered
 * `input_required` with the questions keyed by name, and the client calls again with the answers
 * (`inputResponses`) and the signed `requestState`. Raw HTTP POSTs, as a 2026 client sends them,
 * against `serveMcpHttp` on a free port.
 */
import 'reflect-metadata';
import { ObjectOf, Prompt, Resource, Tool, ToolContext, ToolContextError, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { fakeOnlyDate } from '../helpers/signals';
import { modern, raw } from './fixtures/http';

const Name = ObjectOf({ name: String });
const Color = ObjectOf({ color: String });
/** How many times `two_steps` ran (a refused state must not run it). */
let twoStepsRuns = 0;
/** How many times `wipe` ran (an approved tool runs once). */
let wipes = 0;

class Asking {
  @Tool({ description: 'Greets the user by name' })
  async greet(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' });
    return answer.action === 'accept' ? `Hello, ${answer.value.name}!` : `No name (${answer.action}).`;
  }

  @Tool({ description: 'Asks the user and the model at once' })
  async both(ctx: ToolContext): Promise<string> {
    const [name, greeting] = await Promise.all([
      ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' }),
      ctx.sample('Generate a greeting', { maxTokens: 50, key: 'greeting' }),
    ]);
    return `${greeting.text}, ${name.action === 'accept' ? name.value.name : '?'}`;
  }

  @Tool({ description: 'Asks two questions, one after the other' })
  async twoSteps(ctx: ToolContext): Promise<string> {
    twoStepsRuns++;
    const name = await ctx.elicit<{ name: string }>(Name, 'Step 1: What is your name?', { key: 'step1' });
    const color = await ctx.elicit<{ color: string }>(Color, 'Step 2: What is your favorite color?', { key: 'step2' });
    return `${name.action === 'accept' ? name.value.name : '?'} likes ${color.action === 'accept' ? color.value.color : '?'}`;
  }

  @Tool({ description: 'Asks one question after another, without end' })
  async endless(ctx: ToolContext): Promise<string> {
    for (let i = 1; ; i++) await ctx.elicit(Name, `Question ${i}?`, { key: `q${i}` });
  }

  @Tool({ description: 'Deletes everything', requiresApproval: true })
  wipe(): string {
    wipes++;
    return 'wiped';
  }

  @Tool({ description: 'Asks the user and the model without naming the questions' })
  async unnamed(ctx: ToolContext): Promise<string> {
    const [name, line] = await Promise.all([ctx.elicit<{ name: string }>(Name, 'What is your name?'), ctx.sample('Say hello', { maxTokens: 10 })]);
    return `${line.text}, ${name.action === 'accept' ? name.value.name : '?'}`;
  }

  @Tool({ description: 'Asks to confirm an order' })
  async order(item: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, `Who orders ${item}?`, { key: 'buyer' });
    return `${item} for ${answer.action === 'accept' ? answer.value.name : 'nobody'}`;
  }

  @Tool({ description: 'Asks the model, and says so when the client cannot ask the user' })
  async politely(ctx: ToolContext): Promise<string> {
    try {
      await ctx.elicit(Name, 'What is your name?');
      return 'asked';
    } catch (e) {
      if (e instanceof ToolContextError && e.code === 'NO_ELICITATION') return `refused: ${e.message}`;
      throw e;
    }
  }

  @Tool({ description: "Asks the client's model" })
  async capital(ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample('What is the capital of France?', { maxTokens: 100, key: 'capital_question' });
    return `The model said: ${answer.text} (${answer.model})`;
  }

  @Tool({ description: "Lists the client's roots" })
  async roots(ctx: ToolContext): Promise<string> {
    const roots = await ctx.roots({ key: 'client_roots' });
    return roots.map((r) => `${r.name ?? '?'}=${r.uri}`).join(', ');
  }
}

class AskingServed {
  @Prompt({ description: 'Writes a greeting for the user' })
  async welcome(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'Who is it for?', { key: 'who' });
    return `Welcome ${answer.action === 'accept' ? answer.value.name : 'nobody'}.`;
  }

  @Resource('notes://mine', { description: "The user's notes" })
  async notes(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'Whose notes?', { key: 'owner' });
    return `notes of ${answer.action === 'accept' ? answer.value.name : 'nobody'}`;
  }
}

type Capabilities = Record<string, object>;
interface Rpc {
  status: number;
  body: {
    id?: unknown;
    result?: Record<string, unknown> & {
      resultType?: string;
      inputRequests?: Record<string, unknown>;
      requestState?: string;
      content?: { text: string }[];
      isError?: boolean;
    };
    error?: { code: number; message: string; data?: unknown };
  };
}

type Result = NonNullable<Rpc['body']['result']>;

const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

describe('MCP 2026-07-28: questions answered by the client retrying (input_required)', () => {
  let http: McpHttpEndpoint;
  let id = 0;

  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([new Asking(), new AskingServed()]), { name: 'asking', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());

  /** One 2026-07-28 `tools/call`, as a client without sessions sends it. */
  async function call(
    name: string,
    extra: Record<string, unknown> = {},
    capabilities: Capabilities = { elicitation: {}, sampling: {}, roots: {} },
  ): Promise<Rpc> {
    const { arguments: args = {}, ...rest } = extra;
    return modern<Result>(http.url, 'tools/call', { name, arguments: args, ...rest }, { capabilities, accept: 'application/json, text/event-stream' });
  }

  it("asks by the question's key, and completes when called again with the answer and the state", async () => {
    const first = await call('greet');
    expect(first.body.result?.resultType).toBe('input_required');
    expect(JSON.stringify(first.body.result?.inputRequests)).toBe(
      JSON.stringify({
        user_name: {
          method: 'elicitation/create',
          params: {
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            mode: 'form',
          },
        },
      }),
    );
    expect(typeof first.body.result?.requestState).toBe('string');
    const second = await call('greet', { inputResponses: { user_name: accept({ name: 'Alice' }) }, requestState: first.body.result!.requestState });
    expect(second.body.result?.resultType).toBe('complete');
    expect(second.body.result?.content).toEqual([{ type: 'text', text: 'Hello, Alice!' }]);
  });

  it('does not read a right answer sent without the requestState: the question is asked again', async () => {
    const unasked = await call('greet', { inputResponses: { user_name: accept({ name: 'Mallory' }) } });
    expect([unasked.body.result?.resultType, Object.keys(unasked.body.result?.inputRequests ?? {})]).toEqual(['input_required', ['user_name']]);
  });

  it('asks two questions of one turn (Promise.all) together, and takes both answers in one retry', async () => {
    const first = await call('both');
    expect(Object.keys(first.body.result?.inputRequests ?? {})).toEqual(['user_name', 'greeting']);
    expect((first.body.result?.inputRequests?.greeting as { method: string }).method).toBe('sampling/createMessage');
    const second = await call('both', {
      inputResponses: {
        user_name: accept({ name: 'Bob' }),
        greeting: { role: 'assistant', content: { type: 'text', text: 'Good morning' }, model: 'm', stopReason: 'endTurn' },
      },
      requestState: first.body.result!.requestState,
    });
    expect(second.body.result?.content).toEqual([{ type: 'text', text: 'Good morning, Bob' }]);
  });

  it('asks round after round, the earlier answers carried in the signed state (a new state each round)', async () => {
    const first = await call('two_steps');
    expect(Object.keys(first.body.result?.inputRequests ?? {})).toEqual(['step1']);
    const second = await call('two_steps', { inputResponses: { step1: accept({ name: 'Carol' }) }, requestState: first.body.result!.requestState });
    expect(second.body.result?.resultType).toBe('input_required');
    expect(Object.keys(second.body.result?.inputRequests ?? {})).toEqual(['step2']);
    expect(second.body.result?.requestState).not.toBe(first.body.result?.requestState);
    // Round 3 sends only step2's answer: step1's comes back from the state.
    const third = await call('two_steps', { inputResponses: { step2: accept({ color: 'blue' }) }, requestState: second.body.result!.requestState });
    expect(third.body.result?.content).toEqual([{ type: 'text', text: 'Carol likes blue' }]);
  });

  it('asks again, not fails, when the retry does not answer the question (a wrong key, an answer that is not one)', async () => {
    for (const inputResponses of [{ wrong_key: accept({ name: 'Eve' }) }, { user_name: 12345 }]) {
      const retry = await call('greet', { inputResponses });
      expect(retry.body.result?.resultType).toBe('input_required');
      expect(Object.keys(retry.body.result?.inputRequests ?? {})).toEqual(['user_name']);
    }
  });

  it('refuses a tampered state with -32602, and never runs the tool on it', async () => {
    const first = await call('two_steps');
    const second = await call('two_steps', { inputResponses: { step1: accept({ name: 'Carol' }) }, requestState: first.body.result!.requestState });
    const state = second.body.result!.requestState!;
    // The answers the state carries changed by hand: the signature no longer matches.
    const runs = twoStepsRuns;
    const [version, payload, signature] = state.split('.');
    const forged = Buffer.from(payload!, 'base64url').toString('utf8').replace('Carol', 'Mallory');
    for (const requestState of [`${state}-TAMPERED`, `${version}.${Buffer.from(forged).toString('base64url')}.${signature}`]) {
      const replay = await call('two_steps', { inputResponses: { step2: accept({ color: 'red' }) }, requestState });
      expect(replay.body.result).toBeUndefined();
      expect(replay.body.error?.code).toBe(-32602);
    }
    expect(twoStepsRuns).toBe(runs);
  });

  it("refuses a state replayed on other arguments with -32602 (it is bound to the call's arguments)", async () => {
    const first = await call('order', { arguments: { item: 'tea' } });
    const state = first.body.result!.requestState;
    const same = await call('order', { arguments: { item: 'tea' }, inputResponses: { buyer: accept({ name: 'Dan' }) }, requestState: state });
    expect(same.body.result?.content).toEqual([{ type: 'text', text: 'tea for Dan' }]);
    const other = await call('order', { arguments: { item: 'a car' }, inputResponses: { buyer: accept({ name: 'Dan' }) }, requestState: state });
    expect(other.body.result).toBeUndefined();
    expect(other.body.error?.code).toBe(-32602);
    expect(other.body.error?.message).toContain('it was issued for another request');
  });

  it('refuses a state replayed for another tool with -32602', async () => {
    const first = await call('order', { arguments: { item: 'tea' } });
    const other = await call('greet', { inputResponses: { user_name: accept({ name: 'Dan' }) }, requestState: first.body.result!.requestState });
    expect([other.body.result, other.body.error?.code, other.body.error?.message]).toEqual([
      undefined,
      -32602,
      'Invalid requestState: it was issued for another request (method, name or arguments differ).',
    ]);
  });

  it('refuses a state sent by another caller (another address) with -32602', async () => {
    const first = await call('order', { arguments: { item: 'tea' } });
    const body = {
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: {
        name: 'order',
        arguments: { item: 'tea' },
        inputResponses: { buyer: accept({ name: 'Eve' }) },
        requestState: first.body.result!.requestState,
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } },
      },
    };
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'order',
    };
    const stolen = await raw(http.url, { from: '127.0.0.2', headers, body });
    const error = (JSON.parse(stolen.text) as Rpc['body']).error;
    expect([error?.code, error?.message]).toEqual([-32602, 'Invalid or expired requestState']);
  });

  it('refuses a state past requestStateTtlSeconds (600 s by default) with -32602 (only Date is faked)', async () => {
    const first = await call('order', { arguments: { item: 'tea' } });
    fakeOnlyDate(Date.now() + 601_000);
    try {
      const late = await call('order', {
        arguments: { item: 'tea' },
        inputResponses: { buyer: accept({ name: 'Dan' }) },
        requestState: first.body.result!.requestState,
      });
      expect([late.body.result, late.body.error?.code, late.body.error?.message]).toEqual([undefined, -32602, 'Invalid or expired requestState']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a request may take 16 rounds (MAX_INPUT_ROUNDS); the 17th is refused with -32602', async () => {
    let state: string | undefined;
    const answers: Record<string, unknown> = {};
    for (let round = 1; round <= 16; round++) {
      const r = await call('endless', state === undefined ? {} : { inputResponses: answers, requestState: state });
      expect([round, r.body.result?.resultType, Object.keys(r.body.result?.inputRequests ?? {})]).toEqual([round, 'input_required', [`q${round}`]]);
      state = r.body.result!.requestState;
      answers[`q${round}`] = accept({ name: `n${round}` });
    }
    const beyond = await call('endless', { inputResponses: answers, requestState: state });
    expect([beyond.body.result, beyond.body.error?.code, beyond.body.error?.message]).toEqual([
      undefined,
      -32602,
      'The request asked for input 16 times, the most it may; it is not run again.',
    ]);
  });

  it('answers that no longer fit in a 64 KiB requestState are refused with -32602', async () => {
    const first = await call('two_steps');
    const big = await call('two_steps', { inputResponses: { step1: accept({ name: 'x'.repeat(64 * 1024) }) }, requestState: first.body.result!.requestState });
    expect([big.body.result, big.body.error?.code, big.body.error?.message]).toEqual([
      undefined,
      -32602,
      'The answers so far take more than 65536 characters; the request is not run again.',
    ]);
  });

  it("asks an approval under the key 'approval', and runs the approved tool once", async () => {
    const first = await call('wipe');
    expect([first.body.result?.resultType, Object.keys(first.body.result?.inputRequests ?? {})]).toEqual(['input_required', ['approval']]);
    expect(wipes).toBe(0);
    const approved = await call('wipe', { inputResponses: { approval: accept({ approve: true }) }, requestState: first.body.result!.requestState });
    expect([approved.body.result?.content, wipes]).toEqual([[{ type: 'text', text: 'wiped' }], 1]);
  });

  it('keys questions asked without a key elicit1, sample2, … in the order asked', async () => {
    const first = await call('unnamed');
    expect(Object.keys(first.body.result?.inputRequests ?? {})).toEqual(['elicit1', 'sample2']);
  });

  /** One 2026-07-28 request of `method`, its params as given (with the _meta envelope). */
  async function request(method: string, params: Record<string, unknown>, name: string): Promise<Rpc['body']> {
    return (await modern<Result>(http.url, method, params, { capabilities: { elicitation: {} }, headers: { 'mcp-name': name } })).body;
  }

  it('a prompt asks on 2026-07-28 as a tool does (input_required), and a state of a tools/call is refused for prompts/get', async () => {
    const first = await request('prompts/get', { name: 'welcome' }, 'welcome');
    expect([first.result?.resultType, Object.keys(first.result?.inputRequests ?? {})]).toEqual(['input_required', ['who']]);
    const done = await request(
      'prompts/get',
      { name: 'welcome', inputResponses: { who: accept({ name: 'Ann' }) }, requestState: first.result!.requestState },
      'welcome',
    );
    expect(done.result?.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Welcome Ann.' } }]);
    const ofCall = await call('greet');
    const replayed = await request(
      'prompts/get',
      { name: 'welcome', inputResponses: { who: accept({ name: 'Ann' }) }, requestState: ofCall.body.result!.requestState },
      'welcome',
    );
    expect([replayed.result, replayed.error?.code, replayed.error?.message]).toEqual([undefined, -32602, 'Invalid or expired requestState']);
  });

  it('a resource asks on 2026-07-28 as a tool does (input_required)', async () => {
    const first = await request('resources/read', { uri: 'notes://mine' }, 'notes://mine');
    expect([first.result?.resultType, Object.keys(first.result?.inputRequests ?? {})]).toEqual(['input_required', ['owner']]);
    const done = await request(
      'resources/read',
      { uri: 'notes://mine', inputResponses: { owner: accept({ name: 'Ann' }) }, requestState: first.result!.requestState },
      'notes://mine',
    );
    expect(done.result?.contents).toEqual([{ uri: 'notes://mine', mimeType: 'text/plain', text: 'notes of Ann' }]);
  });

  it('tells a tool that the client did not declare elicitation (NO_ELICITATION, with the reason), and answers -32021 when the call fails for it', async () => {
    const caught = await call('politely', {}, { sampling: {} });
    expect(caught.body.result?.isError).toBeUndefined();
    expect(caught.body.result?.content).toEqual([
      {
        type: 'text',
        text: "refused: the client did not declare the 'elicitation' capability on this request (MCP 2026-07-28: the request's _meta 'io.modelcontextprotocol/clientCapabilities').",
      },
    ]);
    const uncaught = await call('greet', {}, { sampling: {} });
    expect(uncaught.status).toBe(400);
    expect(uncaught.body.error).toEqual({
      code: -32021,
      message: 'The request needs client capabilities it did not declare: elicitation.',
      data: { requiredCapabilities: { elicitation: {} } },
    });
  });

  it("asks the client's model and reads its answer", async () => {
    const first = await call('capital');
    expect(JSON.stringify(first.body.result?.inputRequests)).toBe(
      JSON.stringify({
        capital_question: {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
        },
      }),
    );
    const second = await call('capital', {
      inputResponses: { capital_question: { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'test-model', stopReason: 'endTurn' } },
      requestState: first.body.result!.requestState,
    });
    expect(second.body.result?.content).toEqual([{ type: 'text', text: 'The model said: Paris. (test-model)' }]);
  });

  it("lists the client's roots", async () => {
    const first = await call('roots');
    expect(JSON.stringify(first.body.result?.inputRequests)).toBe(JSON.stringify({ client_roots: { method: 'roots/list' } }));
    const second = await call('roots', {
      inputResponses: { client_roots: { roots: [{ uri: 'file:///work', name: 'Work' }, { uri: 'file:///tmp' }] } },
      requestState: first.body.result!.requestState,
    });
    expect(second.body.result?.content).toEqual([{ type: 'text', text: 'Work=file:///work, ?=file:///tmp' }]);
  });
});
