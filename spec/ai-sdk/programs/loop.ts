/**
 * The AI SDK's own loop over our tools, as a user's CommonJS program runs it on Node 20 (the SDK is
 * an ES module only package, loaded through require(esm)): generateText with MockLanguageModelV4
 * emitting tool calls. Prints one JSON object that spec/ai-sdk/ai-sdk.spec.ts checks.
 */
import 'reflect-metadata';
import { generateText, hasToolCall, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { Description, Int32, Param, Part, Range, Tool, ToolContext, ToolResult, ToolSet } from 'tool-signatures';
import { ToolCallError, toAiSdkTool, toAiSdkTools } from 'tool-signatures/ai-sdk';

type Generate = ConstructorParameters<typeof MockLanguageModelV4>[0] extends infer O ? (O extends { doGenerate?: infer G } ? G : never) : never;
type Call = Parameters<Extract<Generate, (...a: never[]) => unknown>>[0];

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

  @Tool({ description: 'Throws.' })
  broken(): string {
    throw new TypeError('the warehouse is offline');
  }

  /** Called once a `slow` call listens on its signal. */
  static onSlow: (() => void) | undefined;

  @Tool({ description: 'Waits for its signal.' })
  slow(signal: AbortSignal): Promise<string> {
    const stopped = new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    Shop.onSlow?.();
    return stopped;
  }

  @Tool({ description: 'Cancel an order.', requiresApproval: true })
  cancelOrder(@Param({ type: Int32 }) id: number): string {
    return `cancelled ${id}`;
  }

  @Tool({ description: 'Report and end.', endsLoop: true })
  report(summary: string): string {
    return summary;
  }
}

/** Approval required, no predicate (section 7). */
class Echo {
  @Tool({ description: 'Echo.', requiresApproval: true })
  echo(text: string): string {
    return text;
  }
}

/** Approval by a predicate of the validated arguments; the SDK's context reaches ctx.caller (section 8). */
class Bank {
  @Tool({ description: 'Pay.', requiresApproval: (args) => (args.amount as number) > 100 })
  pay(amount: number, ctx: ToolContext): string {
    return `paid ${amount} for ${(ctx.caller.frameworkContext as { user: string }).user} via ${ctx.caller.via}`;
  }
}

/** What a tool made by the SDK's own `tool()` offers the loop (the parts these sections call). */
type Made = {
  inputSchema: { jsonSchema: unknown };
  needsApproval?: boolean | ((input: unknown, o: { toolCallId: string; messages: []; context: unknown }) => Promise<boolean>);
  execute(input: unknown, o: { toolCallId: string; messages: []; context: unknown }): Promise<unknown>;
};
const settle = (p: Promise<unknown>): Promise<unknown[]> =>
  p.then(
    (v) => ['resolved', v],
    (e: unknown) => ['rejected', e instanceof Error ? e.message : String(e)],
  );

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const toolCalls = (...calls: [string, string, object][]) => ({
  content: calls.map(([id, name, input]) => ({ type: 'tool-call' as const, toolCallId: id, toolName: name, input: JSON.stringify(input) })),
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
  usage,
  warnings: [],
});
const say = (text: string) => ({ content: [{ type: 'text' as const, text }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] });

/** What the model read back in its last prompt message: each tool output part. */
function toolOutputs(call: Call | undefined): unknown[] {
  const last = call?.prompt[call.prompt.length - 1];
  if (last?.role !== 'tool') return [];
  return last.content.map((p) => (p.type === 'tool-result' ? [p.toolName, p.output] : p.type));
}

async function main(): Promise<void> {
  const shop = new Shop();
  const set = new ToolSet([shop]);
  const context = new ToolContext();
  const out: Record<string, unknown> = {};

  // 1. A bad argument comes back to the model as a tool error; the model corrects its call.
  const model = new MockLanguageModelV4({
    doGenerate: [
      toolCalls(['c1', 'place_order', { sku: 'BOLT-M8', qty: 0 }], ['c2', 'stock', { sku: 'BOLT-M8' }]),
      toolCalls(['c3', 'place_order', { sku: 'BOLT-M8', qty: 3 }]),
      say('Ordered 3 BOLT-M8.'),
    ],
  });
  const run = await generateText({
    model,
    tools: toAiSdkTools(set, { context, only: ['place_order', 'stock'] }),
    stopWhen: stepCountIs(5),
    prompt: 'Order 3 bolts.',
  });
  out.schemaSent = model.doGenerateCalls[0]?.tools?.map((t) => (t.type === 'function' ? [t.name, t.inputSchema] : t.type));
  out.steps = run.steps.map((s) =>
    s.content
      .filter((p) => p.type === 'tool-error' || p.type === 'tool-result')
      .map((p) =>
        p.type === 'tool-error' ? ['tool-error', p.toolName, (p.error as ToolCallError).name, String(p.error)] : ['tool-result', p.toolName, p.output],
      ),
  );
  out.modelRead = model.doGenerateCalls.map(toolOutputs);
  out.text = run.text;
  out.orders = shop.orders;
  out.costs = context.costs.map((c) => c.label);

  // 2. A tool that throws, parts with an image, and tools given as definitions with the SDK's functions passed in.
  const model2 = new MockLanguageModelV4({
    doGenerate: [toolCalls(['d1', 'broken', {}], ['d2', 'picture', { sku: 'NUT' }], ['d3', 'nope', {}]), say('ok')],
  });
  const defs = Tool.fromInstance(shop).filter((t) => t.name === 'broken' || t.name === 'picture');
  await generateText({ model: model2, tools: toAiSdkTools(defs, { sdk: { tool, jsonSchema } }), stopWhen: stepCountIs(3), prompt: 'x' });
  out.modelRead2 = toolOutputs(model2.doGenerateCalls[1]);

  // 3. The SDK's abort signal reaches the tool; generateText rejects with the abort.
  const controller = new AbortController();
  const model3 = new MockLanguageModelV4({ doGenerate: [toolCalls(['e1', 'slow', {}]), say('never')] });
  // Once the call has started and the caller waits on it (after this turn of the event loop).
  Shop.onSlow = () => setImmediate(() => controller.abort(new Error('user left')));
  out.aborted = await generateText({ model: model3, tools: toAiSdkTools(set, { only: ['slow'] }), abortSignal: controller.signal, prompt: 'x' }).then(
    (r) => ['resolved', r.steps.length, r.steps[0]?.content.map((p) => (p.type === 'tool-error' ? [p.type, String(p.error)] : p.type))],
    (e: unknown) => ['rejected', e instanceof Error ? e.message : String(e)],
  );

  // 4. requiresApproval becomes the SDK's needsApproval: the loop stops with an approval request.
  const model4 = new MockLanguageModelV4({ doGenerate: [toolCalls(['f1', 'cancel_order', { id: 7 }]), say('never')] });
  const run4 = await generateText({ model: model4, tools: toAiSdkTools(set, { only: ['cancel_order'] }), stopWhen: stepCountIs(3), prompt: 'x' });
  out.approval = run4.content.map((p) => p.type);

  // 5. endsLoop: the SDK's hasToolCall stops the loop after the report.
  const model5 = new MockLanguageModelV4({ doGenerate: [toolCalls(['g1', 'report', { summary: 'all done' }]), say('never')] });
  const run5 = await generateText({
    model: model5,
    tools: { report: toAiSdkTool(set.get('report')!) },
    stopWhen: [hasToolCall('report'), stepCountIs(5)],
    prompt: 'x',
  });
  out.ended = [run5.steps.length, run5.toolResults.map((r) => r.output)];

  // 6. ToolCallError carries the result.
  const direct = await set.invoke('place_order', { sku: 'X', qty: 1.5 });
  const error = new ToolCallError('place_order', direct);
  out.error = [error.message, String(error), error.result === direct, ToolResult.error('x').isError];

  // 7. The SDK's own tool() and jsonSchema() passed in: the tool object the SDK makes, called as the
  // loop calls it; approvals: false with an approver, and without one (refused).
  const sdk = { tool, jsonSchema };
  const echoTools = toAiSdkTools(new ToolSet([new Echo()]), { sdk, approvals: false, approve: () => true }) as unknown as Record<string, Made>;
  const plainCall = { toolCallId: 't', messages: [] as [], context: {} };
  const unapproved = toAiSdkTools(new ToolSet([new Echo()]), { sdk, approvals: false }) as unknown as Record<string, Made>;
  out.passedIn = [
    Object.keys(echoTools),
    echoTools.echo!.inputSchema.jsonSchema,
    typeof echoTools.echo!.needsApproval,
    await settle(echoTools.echo!.execute({ text: 'hi' }, plainCall)),
    await settle(echoTools.echo!.execute({}, plainCall)),
    await settle(unapproved.echo!.execute({ text: 'hi' }, plainCall)),
  ];

  // 8. A requiresApproval predicate is the SDK's needsApproval function of the validated arguments,
  // called directly and by generateText (per-tool context: toolsContext), whose context reaches ctx.caller.
  const bankTools = toAiSdkTools(new ToolSet([new Bank()]), { sdk });
  const pay = (bankTools as unknown as Record<string, Made>).pay!;
  const adaCall = { toolCallId: 't', messages: [] as [], context: { user: 'ada' } };
  const needs = pay.needsApproval as (input: unknown, o: typeof adaCall) => Promise<boolean>;
  out.predicate = [
    typeof pay.needsApproval,
    await needs({ amount: 50 }, adaCall),
    await needs({ amount: 500 }, adaCall),
    await needs({ amount: 'x' }, adaCall),
    await settle(pay.execute({ amount: 500 }, adaCall)),
  ];
  const model8 = new MockLanguageModelV4({ doGenerate: [toolCalls(['h1', 'pay', { amount: 50 }], ['h2', 'pay', { amount: 500 }]), say('never')] });
  const run8 = await generateText({ model: model8, tools: bankTools, toolsContext: { pay: { user: 'bo' } } as never, stopWhen: stepCountIs(3), prompt: 'x' });
  out.predicateInLoop = run8.content.map((p) =>
    p.type === 'tool-result'
      ? [p.type, p.toolCallId, p.output]
      : p.type === 'tool-approval-request'
        ? [p.type, p.toolCall.toolCallId]
        : p.type === 'tool-call'
          ? [p.type, p.toolCallId]
          : [p.type],
  );

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
