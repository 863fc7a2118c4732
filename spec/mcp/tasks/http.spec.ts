/**
 * MCP tasks on 2026-07-28 (the `io.modelcontextprotocol/tasks` extension, lib/mcp/tasks): a call of
 * a task tool answered with a task, polled, answered and cancelled, against `serveMcpHttp` on a free
 * port, with raw JSON-RPC POSTs as a 2026 client sends them (the SDK's client has no tasks methods).
 * Another client is another address (127.0.0.2), so another caller.
 */
import 'reflect-metadata';
import { ObjectOf, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { MemoryTaskStore, serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { raw } from '../fixtures/http';

const Confirm = ObjectOf({ confirm: Boolean });
const TASKS = { 'io.modelcontextprotocol/tasks': {} };

/** Settles when the running `wait` call's signal aborts (with its reason's text). */
let aborted!: Promise<string>;
let onAbort!: (reason: string) => void;

class Jobs {
  @Tool({ description: 'Asks to confirm a deletion, then deletes', task: 'optional' })
  async remove(file: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>(Confirm, `Delete ${file}?`, { key: 'confirm' });
    return answer.action === 'accept' && answer.value.confirm ? `deleted ${file}` : `kept ${file}`;
  }

  @Tool({ description: 'Waits until cancelled', task: 'required' })
  wait(signal: AbortSignal): Promise<string> {
    return new Promise((_resolve, reject) =>
      signal.addEventListener('abort', () => {
        onAbort(String((signal.reason as Error | undefined)?.message ?? signal.reason));
        reject(signal.reason);
      }),
    );
  }

  @Tool({ description: 'Asks first, then goes on as a task', task: { mode: 'required', start: 'detach' } })
  async archive(file: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>(Confirm, `Archive ${file}?`, { key: 'confirm' });
    const detached = await ctx.detach();
    return `${answer.action === 'accept' && answer.value.confirm ? 'archived' : 'kept'} ${file} (detached: ${detached})`;
  }

  @Tool({ description: 'Asks two things at once', task: 'required' })
  async pair(ctx: ToolContext): Promise<string> {
    const [a, b] = await Promise.all([
      ctx.elicit<{ confirm: boolean }>(Confirm, 'First?', { key: 'first' }),
      ctx.elicit<{ confirm: boolean }>(Confirm, 'Second?', { key: 'second' }),
    ]);
    return `${a.action} ${b.action}`;
  }

  @Tool({ description: 'Answers at once (never a task)' })
  now(): string {
    return 'now';
  }
}

interface Rpc {
  result?: Record<string, unknown> & { status?: string; taskId?: string; resultType?: string; inputRequests?: Record<string, unknown> };
  error?: { code: number; message: string; data?: unknown };
}

describe('MCP tasks over HTTP (2026-07-28)', () => {
  let http: McpHttpEndpoint;
  let id = 0;
  // The endpoint's own default store, given so that a spec can hear a task change (`watch`).
  const store = new MemoryTaskStore();

  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([new Jobs()]), { name: 'jobs', version: '1.0.0' }, { port: 0, host: '127.0.0.1', tasks: { store } });
  });
  afterAll(() => http.close());
  beforeEach(() => {
    aborted = new Promise((resolve) => (onAbort = resolve));
  });

  /** One 2026-07-28 request; `name` is its `Mcp-Name` header (the tool, or the task id). */
  async function rpc(
    method: string,
    params: Record<string, unknown>,
    o: { capabilities?: object; from?: string; name?: string; url?: URL } = {},
  ): Promise<Rpc> {
    const name = o.name ?? (typeof params.name === 'string' ? params.name : (params.taskId as string | undefined));
    const answer = await raw(o.url ?? http.url, {
      ...(o.from !== undefined ? { from: o.from } : {}),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name !== undefined ? { 'mcp-name': name } : {}),
      },
      body: {
        jsonrpc: '2.0',
        id: ++id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': o.capabilities ?? { elicitation: {}, extensions: TASKS },
          },
        },
      },
    });
    const data = answer.text.startsWith('{') ? answer.text : /^data: (.*)$/m.exec(answer.text)![1]!;
    return JSON.parse(data) as Rpc;
  }

  /**
   * `tasks/get` once the task's status is `status`: asked again only after the store tells of a
   * change (the watch is set before each read, so no change between them is missed).
   */
  async function until(taskId: string, status: string, o: { from?: string } = {}): Promise<Rpc> {
    for (;;) {
      let stop!: () => void;
      const changed = new Promise<void>((resolve) => (stop = store.watch(taskId, resolve)));
      try {
        const got = await rpc('tasks/get', { taskId }, o);
        if (got.result?.status === status || got.error !== undefined) return got;
        await changed;
      } finally {
        stop();
      }
    }
  }

  it('create → get → input_required → update → completed, the result inlined', async () => {
    const created = await rpc('tools/call', { name: 'remove', arguments: { file: 'a.txt' } });
    // The SDK's tools/call seam gives a result without content an empty one (its 2026 validation), and stamps `_meta`.
    expect(Object.keys(created.result!).filter((k) => k !== '_meta')).toEqual([
      'content',
      'resultType',
      'taskId',
      'status',
      'createdAt',
      'lastUpdatedAt',
      'ttlMs',
      'pollIntervalMs',
    ]);
    expect([created.result!.resultType, created.result!.status, created.result!.ttlMs, created.result!.pollIntervalMs]).toEqual([
      'task',
      'working',
      3_600_000,
      1000,
    ]);
    const taskId = created.result!.taskId!;
    expect(taskId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const asking = await until(taskId, 'input_required');
    expect(JSON.stringify(asking.result!.inputRequests)).toBe(
      JSON.stringify({
        confirm: {
          method: 'elicitation/create',
          params: {
            message: 'Delete a.txt?',
            requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
            mode: 'form',
          },
        },
      }),
    );
    const ack = await rpc('tasks/update', { taskId, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } });
    expect(ack.result?.resultType).toBe('complete');
    expect(Object.keys(ack.result!).filter((k) => k !== '_meta')).toEqual(['resultType']);
    const done = await until(taskId, 'completed');
    expect(done.result!.result).toEqual({ content: [{ type: 'text', text: 'deleted a.txt' }] });
    expect(done.result!.resultType).toBe('complete');
  });

  it("start: 'detach': the questions before ctx.detach() are the request's rounds; the request that detaches is answered with the task (no requestState), which completes", async () => {
    const first = await rpc('tools/call', { name: 'archive', arguments: { file: 'b.txt' } });
    expect([first.result?.resultType, Object.keys(first.result?.inputRequests ?? {}), typeof first.result?.requestState]).toEqual([
      'input_required',
      ['confirm'],
      'string',
    ]);
    const detached = await rpc('tools/call', {
      name: 'archive',
      arguments: { file: 'b.txt' },
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      requestState: first.result!.requestState,
    });
    expect([detached.result?.resultType, detached.result?.status, 'requestState' in detached.result!]).toEqual(['task', 'working', false]);
    const done = await until(detached.result!.taskId!, 'completed');
    expect(done.result!.result).toEqual({ content: [{ type: 'text', text: 'archived b.txt (detached: true)' }] });
  });

  it('tasks/update with part of the answers leaves the task input_required until the rest arrive; an answer to no outstanding key is ignored', async () => {
    const created = await rpc('tools/call', { name: 'pair', arguments: {} });
    const taskId = created.result!.taskId!;
    expect(Object.keys((await until(taskId, 'input_required')).result!.inputRequests!)).toEqual(['first', 'second']);
    const yes = { action: 'accept', content: { confirm: true } };
    expect((await rpc('tasks/update', { taskId, inputResponses: { first: yes, third: yes } })).result?.resultType).toBe('complete');
    const waiting = await rpc('tasks/get', { taskId });
    expect([waiting.result?.status, Object.keys(waiting.result?.inputRequests ?? {})]).toEqual(['input_required', ['second']]);
    await rpc('tasks/update', { taskId, inputResponses: { second: { action: 'decline' } } });
    expect((await until(taskId, 'completed')).result!.result).toEqual({ content: [{ type: 'text', text: 'accept decline' }] });
  });

  it("tasks/cancel reaches the tool's signal, and the task ends cancelled", async () => {
    const created = await rpc('tools/call', { name: 'wait', arguments: {} });
    const taskId = created.result!.taskId!;
    const ack = await rpc('tasks/cancel', { taskId });
    expect(ack.result?.resultType).toBe('complete');
    expect(await aborted).toBe('the task was cancelled');
    expect((await until(taskId, 'cancelled')).result).toMatchObject({ status: 'cancelled', statusMessage: 'Cancelled by the client.' });
    // Cancelling a finished task acknowledges the same, and changes nothing.
    expect((await rpc('tasks/cancel', { taskId })).result?.resultType).toBe('complete');
  });

  it("a task's time to live ending aborts its method (tasks: { ttlMs }), saying so", async () => {
    const short = await serveMcpHttp(new ToolSet([new Jobs()]), { name: 'jobs', version: '1.0.0' }, { port: 0, host: '127.0.0.1', tasks: { ttlMs: 100 } });
    try {
      const created = await rpc('tools/call', { name: 'wait', arguments: {} }, { url: short.url });
      expect(created.result).toMatchObject({ status: 'working', ttlMs: 100 });
      expect(await aborted).toBe('The task was stopped: its time to live ran out.');
    } finally {
      await short.close();
    }
  });

  it("another caller's tasks/get, tasks/update and tasks/cancel are answered as for an unknown task, and change nothing", async () => {
    const taskId = (await rpc('tools/call', { name: 'wait', arguments: {} })).result!.taskId!;
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: {} }],
      ['tasks/cancel', { taskId }],
    ] as const) {
      expect((await rpc(method, params, { from: '127.0.0.2' })).error).toEqual({
        code: -32602,
        message: 'Failed to retrieve task: Task not found (it does not exist, it expired, or it belongs to another caller).',
      });
    }
    expect((await rpc('tasks/get', { taskId })).result?.status).toBe('working');
    await rpc('tasks/cancel', { taskId });
    await aborted;
  });

  it('an unknown task id is -32602; a client that did not declare the extension is -32021 on tasks/* and on a required task tool', async () => {
    expect((await rpc('tasks/get', { taskId: 'no-such-task' })).error?.code).toBe(-32602);
    const undeclared = { elicitation: {} };
    expect((await rpc('tasks/get', { taskId: 'no-such-task' }, { capabilities: undeclared })).error?.code).toBe(-32021);
    const refused = await rpc('tools/call', { name: 'wait', arguments: {} }, { capabilities: undeclared });
    expect([refused.error?.code, refused.error?.data]).toEqual([-32021, { requiredCapabilities: { extensions: TASKS } }]);
    // An optional task tool runs as an ordinary call; a tool without a task mode is never a task.
    expect((await rpc('tools/call', { name: 'now', arguments: {} })).result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'now' }],
    });
  });

  it("a caller holds at most 32 unfinished tasks (maxActiveTasksPerCaller's default): a call beyond is not run, an isError result says so; a task's lease is 30 s", async () => {
    const from = '127.0.0.3';
    const taskIds: string[] = [];
    for (let i = 0; i < 32; i++) taskIds.push((await rpc('tools/call', { name: 'wait', arguments: {} }, { from })).result!.taskId!);
    const stored = (await store.get(taskIds[0]!))!;
    expect(stored.leaseUntil - stored.createdAt).toBe(30_000);
    const beyond = await rpc('tools/call', { name: 'wait', arguments: {} }, { from });
    expect([beyond.result?.resultType, beyond.result?.isError, beyond.result?.content]).toEqual([
      'complete',
      true,
      [{ type: 'text', text: "Tool 'wait' was not run: this caller has 32 unfinished tasks, the most it may; wait for one to finish or cancel one." }],
    ]);
    // Another caller is not held back by this one's tasks.
    const other = (await rpc('tools/call', { name: 'wait', arguments: {} })).result!;
    expect([other.resultType, other.status]).toEqual(['task', 'working']);
    for (const taskId of [...taskIds, other.taskId!]) {
      const whose = taskId === other.taskId ? {} : { from };
      await rpc('tasks/cancel', { taskId }, whose);
      expect((await until(taskId, 'cancelled', whose)).result?.status).toBe('cancelled');
    }
  });

  it('the Mcp-Name header of tasks/* must name the task (-32020)', async () => {
    expect((await rpc('tasks/get', { taskId: 'one' }, { name: 'another' })).error?.code).toBe(-32020);
  });

  it('server/discover advertises the extension', async () => {
    const discovered = await rpc('server/discover', {});
    expect((discovered.result!.capabilities as { extensions?: object }).extensions).toEqual(TASKS);
  });
});
