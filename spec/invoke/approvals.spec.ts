import 'reflect-metadata';
import { Int32, Param, Part, Tool, ToolContext, ToolSet, partsIn, runToolCalls, type ApprovalRequest, type ToolResult } from '../../lib';

function text(r: ToolResult): string {
  return r.parts.map((p) => (p as { text: string }).text).join('\n');
}

class Bank {
  ran: string[] = [];

  @Tool({ requiresApproval: true })
  refund(@Param({ type: Int32 }) amount: number): string {
    this.ran.push(`refund ${amount}`);
    return `refunded ${amount}`;
  }

  @Tool({ requiresApproval: (args, ctx) => (args.amount as number) > 100 || ctx.caller.via === 'untrusted' })
  pay(@Param({ type: Int32 }) amount: number): string {
    this.ran.push(`pay ${amount}`);
    return `paid ${amount}`;
  }

  @Tool({
    requiresApproval: () => {
      throw new Error('no rule');
    },
  })
  risky(): string {
    this.ran.push('risky');
    return 'done';
  }

  @Tool()
  balance(): string {
    return '42';
  }

  @Tool()
  audit(): string {
    return 'audited';
  }
}

describe('approvals on the ToolSet path', () => {
  it('a tool that requires approval is refused through the set without an approver; tool.invoke runs what it is given', async () => {
    const bank = new Bank();
    const set = new ToolSet([bank]);
    expect(text(await set.invoke('refund', { amount: 5 }))).toBe("Tool 'refund' was not approved.");
    expect(text(await set.get('refund')!.invoke({ amount: 5 }))).toBe('refunded 5');
    expect(bank.ran).toEqual(['refund 5']);
  });

  it("the set's approve option decides, sees the frozen validated arguments and the context, and may give a reason", async () => {
    const bank = new Bank();
    const asked: ApprovalRequest[] = [];
    const set = new ToolSet([bank], {
      approve: (request) => {
        asked.push(request);
        return (request.arguments as { amount: number }).amount <= 10 || { approved: false, reason: 'over the limit of 10.' };
      },
    });
    const context = new ToolContext({ client: { caller: { via: 'test' } } });
    expect(text(await set.invoke('refund', '{"amount":5}', { callId: 'c1', context }))).toBe('refunded 5');
    expect(text(await set.invoke('refund', { amount: 50 }))).toBe("Tool 'refund' was not approved: over the limit of 10.");
    expect(text(await set.invoke('refund', { amount: 'x' }))).toBe("Argument 'amount' must be an integer from -2147483648 to 2147483647.");
    expect(asked.map((a) => [a.id, a.name, a.arguments, a.context.caller.via, a.context.toolName])).toEqual([
      ['c1', 'refund', { amount: 5 }, 'test', 'refund'],
      ['', 'refund', { amount: 50 }, undefined, 'refund'],
    ]);
    expect(Object.isFrozen(asked[0]!.arguments)).toBe(true);
    expect(bank.ran).toEqual(['refund 5']);
  });

  it("a call's approver (runToolCalls') wins over the set's; the client's is asked only when neither is there", async () => {
    const bank = new Bank();
    const set = new ToolSet([bank], { approve: () => false });
    const { results } = await runToolCalls(set, [{ id: 'a', name: 'refund', arguments: { amount: 1 } }], { approve: () => true });
    expect(text(results[0]!.result)).toBe('refunded 1');
    const clientAsked: string[] = [];
    const client = { approve: (r: ApprovalRequest) => (clientAsked.push(r.name), true) };
    expect(text(await set.invoke('refund', { amount: 2 }, { client }))).toBe("Tool 'refund' was not approved.");
    expect(text(await new ToolSet([bank]).invoke('refund', { amount: 3 }, { client }))).toBe('refunded 3');
    expect(clientAsked).toEqual(['refund']);
  });

  it('a predicate of the arguments and the context decides which calls need approval; a predicate that throws means they do', async () => {
    const bank = new Bank();
    const set = new ToolSet([bank], { approve: () => ({ approved: false, reason: 'refused' }) });
    expect(set.get('pay')!.requiresApproval).toBe(true);
    expect(text(await set.invoke('pay', { amount: 50 }))).toBe('paid 50');
    expect(text(await set.invoke('pay', { amount: 500 }))).toBe("Tool 'pay' was not approved: refused.");
    expect(text(await set.invoke('pay', { amount: 50 }, { client: { caller: { via: 'untrusted' } } }))).toBe("Tool 'pay' was not approved: refused.");
    expect(text(await set.invoke('risky', {}))).toBe("Tool 'risky' was not approved: refused.");
    expect(bank.ran).toEqual(['pay 50']);
  });

  it('requiresApproval must be a boolean or a function (OLT015)', () => {
    expect(() =>
      Tool.create(
        function f() {
          return 1;
        },
        { requiresApproval: 'yes' as never },
      ),
    ).toThrow("OLT015: Cannot build tool 'f' (function f): requiresApproval must be true, false, or a function (args, ctx) => boolean.");
  });
});

describe('per-caller tools', () => {
  const set = new ToolSet([new Bank()], { visible: (tool, ctx) => tool.name !== 'audit' || (ctx.caller.authInfo?.scopes.includes('audit') ?? false) });
  const auditor = { caller: { authInfo: { token: 't', clientId: 'a', scopes: ['audit'] } } };

  it('a hidden tool is neither listed nor callable; the unknown-tool text lists only what the caller sees', async () => {
    expect(set.listFor(set.callContext('')).map((t) => t.name)).toEqual(['refund', 'pay', 'risky', 'balance']);
    expect(set.listFor(set.callContext('', { client: auditor })).map((t) => t.name)).toContain('audit');
    expect(text(await set.invoke('audit', {}))).toBe("Unknown tool 'audit'. Available tools: refund, pay, risky, balance.");
    expect(text(await set.invoke('audit', {}, { client: auditor }))).toBe('audited');
    expect(set.list()).toHaveLength(5);
  });

  it('a visibility rule that throws hides the tool', async () => {
    const strict = new ToolSet([new Bank()], {
      visible: () => {
        throw new Error('no tenant');
      },
    });
    expect(strict.listFor(strict.callContext(''))).toEqual([]);
    expect(text(await strict.invoke('balance', {}))).toBe("Unknown tool 'balance'. Available tools: none.");
  });
});

describe('ToolSet.onChange', () => {
  it('is called after each add, until unsubscribed; a listener that throws stops nothing', () => {
    const set = new ToolSet();
    const seen: number[] = [];
    set.onChange(() => {
      throw new Error('bad listener');
    });
    const off = set.onChange(() => seen.push(set.size));
    set.add(new Bank());
    set.add(
      Tool.create(function late() {
        return 1;
      }),
    );
    off();
    set.add(
      Tool.create(function later() {
        return 2;
      }),
    );
    expect(seen).toEqual([5, 6]);
    expect(set.size).toBe(7);
  });
});

describe('parts in each form', () => {
  it('MCP carries every part; the AI SDK reports a link without a media type, sent as text', () => {
    const parts = [Part.resourceLink({ uri: 'https://x.test/a', name: 'a' }), Part.audio('audio/mpeg', new Uint8Array([255]))];
    expect(partsIn('mcp', parts)).toEqual({
      content: [
        { type: 'resource_link', uri: 'https://x.test/a', name: 'a' },
        { type: 'audio', mimeType: 'audio/mpeg', data: '/w==' },
      ],
      losses: [],
    });
    expect(partsIn('ai-sdk', parts)).toEqual({
      content: [
        { type: 'text', text: '[a](https://x.test/a)' },
        { type: 'file', mediaType: 'audio/mpeg', data: { type: 'data', data: '/w==' } },
      ],
      losses: [{ index: 0, type: 'resource_link', reason: 'an AI SDK file part needs a media type, and the link has none' }],
    });
  });
});
