/**
 * tool-signatures/langchain in LangChain's own loop: a chat model from @langchain/core's testing
 * utilities (FakeStreamingChatModel, scripted turn by turn) binds our tools, emits tool calls, and
 * reads back the ToolMessages our tools return, a bad argument's error included, then corrects it.
 * @langchain/core ships CommonJS too, so this runs in jest itself.
 */
import 'reflect-metadata';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { Description, Int32, Param, Part, Range, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { SignatureTool, ToolCallError, toLangChainTool, toLangChainTools } from 'tool-signatures/langchain';

class Shop {
  orders = 0;

  @Tool({ description: 'Place an order for a catalogue item.', parallelSafe: false })
  placeOrder(@Description('Catalogue SKU.') sku: string, @Range(1, 100) @Param({ type: Int32 }) qty: number, ctx?: ToolContext): string {
    ctx?.addCost({ label: 'order', amount: 1 });
    this.orders++;
    return `order ${1000 + this.orders}: ${qty} × ${sku}`;
  }

  @Tool({ description: 'Stock of an item.' })
  stock(sku: string) {
    return { sku, onHand: 120 };
  }

  @Tool({ description: 'A picture of an item.' })
  picture(sku: string) {
    return [Part.text(`picture of ${sku}`), Part.image('image/png', new Uint8Array([137, 80, 78, 71]))];
  }

  /** Called once a `slow` call listens on its signal. */
  static onSlow: (() => void) | undefined;

  @Tool({ description: 'Waits for its signal.' })
  slow(signal: AbortSignal): Promise<string> {
    const stopped = new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    Shop.onSlow?.();
    return stopped;
  }

  @Tool({ description: 'Report and end.', endsLoop: true })
  report(summary: string): string {
    return summary;
  }
}

type Call = { id: string; name: string; args: Record<string, unknown> };

/** The testing model, answering from a script and keeping every prompt it was sent. */
class ScriptedModel extends FakeStreamingChatModel {
  readonly prompts: BaseMessage[][] = [];
  boundTools: unknown;
  #turn = 0;

  constructor(readonly script: (Call[] | string)[]) {
    super({ sleep: 0 });
  }

  override bindTools(tools: Parameters<FakeStreamingChatModel['bindTools']>[0]) {
    // The base class converts the tools as a provider would (toJsonSchema); keep what it sent.
    this.boundTools = (super.bindTools(tools) as unknown as { config: { tools: unknown } }).config.tools;
    return this.withConfig({});
  }

  override async _generate(messages: BaseMessage[]) {
    this.prompts.push([...messages]);
    const step = this.script[this.#turn++] ?? 'the end';
    const message =
      typeof step === 'string' ? new AIMessage(step) : new AIMessage({ content: '', tool_calls: step.map((c) => ({ ...c, type: 'tool_call' as const })) });
    return { generations: [{ text: typeof step === 'string' ? step : '', message }] };
  }
}

/** An agent loop as LangChain's own agents run it: invoke, run the tool calls, send ToolMessages back. */
async function agentLoop(model: ScriptedModel, tools: SignatureTool[], prompt: string, maxTurns = 5): Promise<BaseMessage[]> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage(prompt)];
  for (let turn = 0; turn < maxTurns; turn++) {
    const ai = (await bound.invoke(messages)) as AIMessage;
    messages.push(ai);
    if (!ai.tool_calls?.length) break;
    let stop = false;
    for (const call of ai.tool_calls) {
      const tool = byName.get(call.name)!;
      messages.push((await tool.invoke({ ...call, type: 'tool_call' })) as ToolMessage);
      stop ||= tool.returnDirect;
    }
    if (stop) break;
  }
  return messages;
}

const toolMessages = (messages: BaseMessage[]) => messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m)).map((m) => [m.name, m.status, m.content]);

describe('tools from a ToolSet', () => {
  it('binds the canonical schema unchanged, as the model is sent it', () => {
    const set = new ToolSet([new Shop()]);
    const model = new ScriptedModel([]);
    model.bindTools(toLangChainTools(set, { only: ['place_order'] }));
    expect(model.boundTools).toEqual([
      {
        type: 'function',
        function: { name: 'place_order', description: 'Place an order for a catalogue item.', parameters: set.get('place_order')!.inputSchema },
      },
    ]);
  });

  it('runs the loop: a bad argument reaches the model as an error ToolMessage, and its corrected call succeeds', async () => {
    const shop = new Shop();
    const context = new ToolContext();
    const model = new ScriptedModel([
      [
        { id: 'c1', name: 'place_order', args: { sku: 'BOLT-M8', qty: 0 } },
        { id: 'c2', name: 'stock', args: { sku: 'BOLT-M8' } },
      ],
      [{ id: 'c3', name: 'place_order', args: { sku: 'BOLT-M8', qty: 3 } }],
      'Ordered 3 BOLT-M8.',
    ]);
    const messages = await agentLoop(model, toLangChainTools(new ToolSet([shop]), { context }), 'Order 3 bolts.');

    expect(toolMessages(model.prompts[1]!)).toEqual([
      ['place_order', 'error', "Argument 'qty' must be an integer from 1 to 100."],
      ['stock', 'success', '{"sku":"BOLT-M8","onHand":120}'],
    ]);
    expect(toolMessages(model.prompts[2]!).slice(2)).toEqual([['place_order', 'success', 'order 1001: 3 × BOLT-M8']]);
    expect(messages[messages.length - 1]!.content).toBe('Ordered 3 BOLT-M8.');
    expect(shop.orders).toBe(1);
    expect(context.costs.map((c) => c.label)).toEqual(['order']);
  });

  it('keeps the ToolResult as the message artifact and the tool call id', async () => {
    const [stock] = toLangChainTools(new ToolSet([new Shop()]), { only: ['stock'] });
    const message = (await stock!.invoke({ id: 'x1', name: 'stock', args: { sku: 'NUT' }, type: 'tool_call' })) as ToolMessage;
    expect([message.tool_call_id, message.artifact.isError, message.artifact.parts]).toEqual([
      'x1',
      false,
      [{ type: 'json', value: { sku: 'NUT', onHand: 120 } }],
    ]);
  });

  it('gives images as content blocks', async () => {
    const [picture] = toLangChainTools(new ToolSet([new Shop()]), { only: ['picture'] });
    const message = (await picture!.invoke({ id: 'p1', name: 'picture', args: { sku: 'NUT' }, type: 'tool_call' })) as ToolMessage;
    expect(message.content).toEqual([
      { type: 'text', text: 'picture of NUT' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw==' },
    ]);
  });

  it('a tool that ends the loop is returnDirect', async () => {
    const tools = toLangChainTools(new ToolSet([new Shop()]), { only: ['report', 'stock'] });
    expect(tools.map((t) => [t.name, t.returnDirect])).toEqual([
      ['report', true],
      ['stock', false],
    ]);
    const model = new ScriptedModel([[{ id: 'r1', name: 'report', args: { summary: 'all done' } }], 'never']);
    const messages = await agentLoop(model, tools, 'x');
    expect(toolMessages(messages)).toEqual([['report', 'success', 'all done']]);
    expect(model.prompts).toHaveLength(1);
  });
});

describe('plain arguments', () => {
  const [placeOrder] = toLangChainTools(new ToolSet([new Shop()]), { only: ['place_order'] });

  it('returns the content', async () => {
    await expect(placeOrder!.invoke({ sku: 'NUT', qty: 2 })).resolves.toBe('order 1001: 2 × NUT');
  });

  it('throws an error result as a ToolCallError with its text', async () => {
    const error = (await placeOrder!.invoke({ sku: 'NUT', qty: 2.5, colour: 'red' }).catch((e: unknown) => e)) as ToolCallError;
    expect(error).toBeInstanceOf(ToolCallError);
    expect([error.message, error.toolName, error.result.isError]).toEqual([
      "Argument 'qty' must be an integer from 1 to 100.\nArgument 'colour' is not a parameter of tool 'place_order'.",
      'place_order',
      true,
    ]);
  });
});

describe('LangChain runtime', () => {
  it('reports each call to callback handlers (tracing), errors included', async () => {
    const events: string[] = [];
    const handler = BaseCallbackHandler.fromMethods({
      handleToolStart: (_tool, input, _runId, _parent, _tags, _meta, runName) =>
        void events.push(`start ${runName} ${typeof input === 'string' ? input : JSON.stringify(input)}`),
      handleToolEnd: (output: unknown) => void events.push(`end ${ToolMessage.isInstance(output) ? output.status : String(output)}`),
      handleToolError: (e: unknown) => void events.push(`error ${(e as Error).name}`),
    });
    const tool = toLangChainTool(Tool.fromInstance(new Shop()).find((t) => t.name === 'place_order')!);
    await tool.invoke({ id: 'a', name: 'place_order', args: { sku: 'NUT', qty: 1 }, type: 'tool_call' }, { callbacks: [handler] });
    await tool.invoke({ id: 'b', name: 'place_order', args: { sku: 'NUT', qty: 0 }, type: 'tool_call' }, { callbacks: [handler] });
    // Called with bare arguments (no tool call), a refused call rejects.
    await expect(tool.invoke({ sku: 'NUT', qty: 0 }, { callbacks: [handler] })).rejects.toThrow(ToolCallError);
    expect(events).toEqual([
      'start place_order {"sku":"NUT","qty":1}',
      'end success',
      'start place_order {"sku":"NUT","qty":0}',
      'end error',
      'start place_order {"sku":"NUT","qty":0}',
      'error ToolCallError',
    ]);
  });

  it("passes the config's signal to the tool; aborting rejects the call", async () => {
    const [slow] = toLangChainTools(new ToolSet([new Shop()]), { only: ['slow'] });
    const controller = new AbortController();
    // Once the call has started and the caller waits on it (after this turn of the event loop).
    Shop.onSlow = () => setImmediate(() => controller.abort(new Error('user left')));
    const pending = slow!.invoke({ id: 's1', name: 'slow', args: {}, type: 'tool_call' }, { signal: controller.signal });
    await expect(pending).rejects.toThrow('user left');
    Shop.onSlow = undefined;
  });

  it('refuses an unknown name given in only', () => {
    expect(() => toLangChainTools(new ToolSet([new Shop()]), { only: ['nope'] })).toThrow(
      "No tool named 'nope'. Available tools: place_order, stock, picture, slow, report.",
    );
  });
});

describe('the call path and context through LangChain', () => {
  class Desk {
    @Tool({ description: 'Media.' })
    media(): Part[] {
      return [
        Part.audio('audio/wav', new Uint8Array([82, 73])),
        Part.resourceLink({ uri: 'file:///a.pdf', name: 'a', mimeType: 'application/pdf' }),
        Part.resource({ uri: 'memo://1', text: 'hi' }),
      ];
    }

    @Tool({ description: 'Who calls.' })
    whoami(ctx: ToolContext): string {
      const config = ctx.caller.frameworkContext as { metadata?: { user?: string } };
      return `${ctx.caller.via} ${config.metadata?.user}`;
    }

    @Tool({ description: 'Delete.', requiresApproval: true })
    remove(id: string): string {
      return `removed ${id}`;
    }
  }

  it('gives audio, links and resources as standard content blocks', async () => {
    const [media] = toLangChainTools(new ToolSet([new Desk()]), { only: ['media'] });
    const message = (await media!.invoke({ id: 'm', name: 'media', args: {}, type: 'tool_call' })) as ToolMessage;
    expect(message.content).toEqual([
      { type: 'audio', mimeType: 'audio/wav', data: 'Ukk=' },
      { type: 'file', url: 'file:///a.pdf', mimeType: 'application/pdf', metadata: { name: 'a' } },
      { type: 'text-plain', text: 'hi', mimeType: 'text/plain', metadata: { uri: 'memo://1' } },
    ]);
  });

  it('the run config reaches ctx.caller; a tool that requires approval runs only with an approver', async () => {
    const [whoami, remove] = toLangChainTools(new ToolSet([new Desk()]), { only: ['whoami', 'remove'] });
    expect(await whoami!.invoke({}, { metadata: { user: 'ada' } })).toBe('langchain ada');
    await expect(remove!.invoke({ id: '7' })).rejects.toThrow("Tool 'remove' was not approved.");
    const [approved] = toLangChainTools(new ToolSet([new Desk()]), { only: ['remove'], approve: (r) => (r.arguments as { id: string }).id === '7' });
    expect(await approved!.invoke({ id: '7' })).toBe('removed 7');
  });
});
