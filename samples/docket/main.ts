/**
 * The main job (`npm start`): the docket service's tools, their catalogue, each provider's form,
 * and a recorded conversation's tool calls replayed through `runToolCalls`: good calls, bad
 * arguments, a tool that throws, a timeout, a refused approval, an unknown tool, and the call that
 * ends the loop. Then samples/unions.ts: a tool taking an array of a tagged union of DTO classes and
 * one taking a recursive filter, listed and invoked. No network, no keys.
 */
import 'reflect-metadata';
import {
  runToolCalls,
  toAnthropicTool,
  toGeminiTool,
  toMcpTool,
  toOpenAITool,
  ToolContext,
  ToolSet,
  type ApprovalRequest,
  type ProviderLoss,
  type ToolCall,
  type ToolDefinition,
  type ToolResult,
} from 'tool-signatures';
import { runUnionsSample } from '../unions';
import { DocketService } from './service';
import recording from './turns.json';

async function main(): Promise<void> {
  const tools = new ToolSet([new DocketService()]);
  printCatalogue(tools.list());
  printProviderForms(tools.list());
  await replay(tools);
  heading('Unions and recursive classes (samples/unions.ts): listed, then invoked');
  await runUnionsSample();
}

// ---- the catalogue --------------------------------------------------------------------------

function printCatalogue(list: readonly ToolDefinition[]): void {
  heading(`The docket service: ${list.length} tools`);
  for (const t of list) {
    console.log(`\n${t.name}: ${t.description}`);
    console.log(`  ${traits(t)}`);
    console.log(`  input schema: ${indent(compactJson(t.inputSchema))}`);
    if (t.outputSchema !== undefined) console.log(`  output schema: ${indent(compactJson(t.outputSchema))}`);
    for (const w of t.warnings) console.log(`  warning: ${w}`);
  }
}

function traits(t: ToolDefinition): string {
  return [
    t.requiresApproval ? 'requires approval' : undefined,
    t.endsLoop ? 'ends the loop' : undefined,
    t.parallelSafe ? 'parallel-safe' : 'one at a time',
    t.timeoutSeconds > 0 ? `times out after ${t.timeoutSeconds} s` : undefined,
    t.annotations !== undefined ? `MCP hints ${JSON.stringify(t.annotations)}` : undefined,
  ]
    .filter((x) => x !== undefined)
    .join(', ');
}

// ---- provider forms -------------------------------------------------------------------------

function printProviderForms(list: readonly ToolDefinition[]): void {
  const providers: [string, (t: ToolDefinition) => { tool: unknown; losses: readonly ProviderLoss[] }][] = [
    ['OpenAI Chat Completions (strict)', (t) => toOpenAITool(t)],
    ['Anthropic Messages (strict tool use)', (t) => toAnthropicTool(t, { strict: true })],
    ['Gemini (parametersJsonSchema)', (t) => toGeminiTool(t)],
    ['MCP tools/list', (t) => toMcpTool(t)],
  ];
  for (const [label, form] of providers) {
    heading(`${label}: the tools array as sent, and what moved`);
    for (const t of list) {
      const f = form(t);
      console.log(JSON.stringify(f.tool));
      for (const loss of f.losses) console.log(`  ${t.name}${loss.path} ${loss.keyword}: ${loss.action} (${loss.reason})`);
    }
  }
}

// ---- the replay -----------------------------------------------------------------------------

interface Approval {
  approved: boolean;
  by: string;
  note: string;
}

async function replay(tools: ToolSet): Promise<void> {
  heading(`Replaying samples/docket/turns.json: ${recording.turns.length} model turns`);
  console.log(`user: ${recording.user}`);
  const approvals = recording.approvals as Record<string, Approval | undefined>;
  // The caller's context: every call's cost lines reach it.
  const context = new ToolContext();
  const approve = (req: ApprovalRequest): boolean => {
    const decision = approvals[req.id];
    const verdict =
      decision === undefined ? 'no decision recorded: refused' : `${decision.approved ? 'approved' : 'refused'} by ${decision.by}: ${decision.note}`;
    console.log(`  ? approval for ${req.name} ${JSON.stringify(req.arguments)}: ${verdict}`);
    return decision?.approved === true;
  };
  const tally = { ok: 0, error: 0 };
  for (const [i, turn] of recording.turns.entries()) {
    console.log(`\nturn ${i + 1} (${turn.model}): ${turn.calls.length} call${turn.calls.length === 1 ? '' : 's'}`);
    const calls: ToolCall[] = turn.calls;
    for (const c of calls) console.log(`  → ${c.id} ${c.name} ${typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments)}`);
    const outcome = await runToolCalls(tools, calls, { approve, context });
    for (const r of outcome.results) {
      tally[r.result.isError ? 'error' : 'ok']++;
      console.log(`  ← ${r.id} ${r.name} ${r.result.isError ? 'ERROR' : 'ok'}: ${indent(content(r.result))}`);
    }
    if (outcome.final !== undefined) {
      console.log(`\nThe loop ends: ${outcome.final.name} (${outcome.final.id}) returned the turn's typed result:`);
      console.log(outcome.final.value);
      break;
    }
  }
  console.log(`\n${tally.ok + tally.error} calls: ${tally.ok} ok, ${tally.error} returned to the model as errors.`);
  console.log(`costs: ${context.costs.map((c) => `${c.label} ${c.amount} ${c.unit ?? ''}`.trim()).join('; ') || 'none'}`);
}

/** A result's content as the model reads it. */
function content(result: ToolResult): string {
  if (result.parts.length === 0) return '(no content)';
  return result.parts.map((p) => (p.type === 'text' ? p.text : p.type === 'json' ? JSON.stringify(p.value) : `[image ${p.mimeType}]`)).join('\n');
}

/** JSON with a node on one line when it fits in 90 columns, indented otherwise. */
function compactJson(value: unknown, depth = 0): string {
  const flat = JSON.stringify(value);
  if (flat.length + depth * 2 <= 90 || value === null || typeof value !== 'object') return flat;
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) return `[\n${value.map((v) => pad + compactJson(v, depth + 1)).join(',\n')}\n${close}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pad}${JSON.stringify(k)}: ${compactJson(v, depth + 1)}`);
  return `{\n${entries.join(',\n')}\n${close}}`;
}

function heading(text: string): void {
  console.log(`\n== ${text} ==`);
}

function indent(text: string): string {
  return text.replace(/\n/g, '\n    ');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
