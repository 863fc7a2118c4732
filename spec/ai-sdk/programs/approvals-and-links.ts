/**
 * Issue 21, the AI SDK adapter in the AI SDK's own loop (the real `ai` package, loaded through
 * require(esm) by Node): a requiresApproval tool with `approvals: false` and no approver, and a
 * tool that returns a resource link with a relative URI. Prints one JSON object that
 * spec/ai-sdk/approvals-and-links.spec.ts checks.
 */
import 'reflect-metadata';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { Part, Tool, ToolSet } from 'tool-signatures';
import { toAiSdkTools } from 'tool-signatures/ai-sdk';

type Generate = ConstructorParameters<typeof MockLanguageModelV4>[0] extends infer O ? (O extends { doGenerate?: infer G } ? G : never) : never;
type Call = Parameters<Extract<Generate, (...a: never[]) => unknown>>[0];

class Files {
  readonly wiped: string[] = [];

  @Tool({ description: 'Delete every file under a path.', requiresApproval: true })
  wipe(path: string): string {
    this.wiped.push(path);
    return `wiped ${path}`;
  }

  @Tool({ description: 'Where the report is.' })
  report(): Part[] {
    return [Part.text('The report:'), Part.resourceLink({ uri: 'reports/7.pdf', name: 'report 7', mimeType: 'application/pdf' })];
  }
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const toolCall = (id: string, name: string, input: object) => ({
  content: [{ type: 'tool-call' as const, toolCallId: id, toolName: name, input: JSON.stringify(input) }],
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

async function run(tools: ReturnType<typeof toAiSdkTools>, name: string, input: object) {
  const model = new MockLanguageModelV4({ doGenerate: [toolCall('c1', name, input), say('done')] });
  const r = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'x' });
  return { parts: r.steps[0]?.content.map((p) => (p.type === 'tool-error' ? [p.type, String(p.error)] : p.type)), read: toolOutputs(model.doGenerateCalls[1]) };
}

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};

  // approvals: false and no approver: refused, whatever the source (a set, a list of definitions).
  const files = new Files();
  out.refusedSet = await run(toAiSdkTools(new ToolSet([files]), { approvals: false, only: ['wipe'] }), 'wipe', { path: '/srv' });
  out.refusedList = await run(toAiSdkTools(Tool.fromInstance(files), { approvals: false, only: ['wipe'] }), 'wipe', { path: '/home' });
  // An approver given with approvals: false decides.
  out.approved = await run(toAiSdkTools(new ToolSet([files]), { approvals: false, only: ['wipe'], approve: () => true }), 'wipe', { path: '/tmp' });
  out.wiped = files.wiped;

  // A resource link with a relative URI: sent as text (the AI SDK's file part needs an absolute URL), not a TypeError.
  out.relativeLink = await run(toAiSdkTools(new ToolSet([files]), { only: ['report'] }), 'report', {});

  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
