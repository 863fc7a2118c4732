/**
 * tool-signatures/ai-sdk: a tool set as the Vercel AI SDK's tools (`ai`, an optional peer).
 *
 * ```ts
 * import { generateText, stepCountIs } from 'ai';
 * import { toAiSdkTools } from 'tool-signatures/ai-sdk';
 *
 * const { text } = await generateText({ model, tools: toAiSdkTools(toolSet), stopWhen: stepCountIs(5), prompt });
 * ```
 *
 * Each tool is the SDK's `tool()` with a `jsonSchema()` input (the canonical schema, unchanged, and no
 * validator of the SDK's own: the invoker validates). `execute` runs the invoker with the SDK's abort
 * signal and tool call id. An error result (a bad argument, a tool that threw, a timeout) is thrown
 * as a `ToolCallError`: the SDK records a `tool-error` part, and the model reads the error's text,
 * `Argument 'qty' must be an integer from 1 to 1000.`, in the next step, so it can correct the call.
 *
 * The AI SDK 7 is an ES module only package. This module loads it on first use with `require('ai')`,
 * which Node loads since 20.19 (`require(esm)`); where that is not available (jest's CommonJS
 * runtime, older Node), pass the SDK's functions: `toAiSdkTools(set, { sdk: { tool, jsonSchema } })`.
 */
import type { JSONSchema7, Tool as AiTool, ToolExecutionOptions, jsonSchema as aiJsonSchema, tool as aiTool } from 'ai';
import type { ToolDefinition } from './invoke/tools/bound-tool';
import { APPROVED, approvalNeeded } from './invoke/calling/approval';
import type { Approver } from './invoke/calling/context';
import type { ToolResult } from './tool-result';
import { ToolSet } from './invoke/tools/toolset';
import { partsIn } from './invoke/calling/parts';
import { adapterClient, invokeThrough, ToolCallError, toolsOf, type AdapterOptions, type ToolSource } from './adapters/shared';
import { describeThrown } from './thrown';

export { ToolCallError, type ToolSource, type AdapterOptions } from './adapters/shared';

/** The two functions of the `ai` package this adapter uses. */
export interface AiSdkFunctions {
  tool: typeof aiTool;
  jsonSchema: typeof aiJsonSchema;
}

/** Options of `toAiSdkTools` and `toAiSdkTool`. */
export interface AiSdkToolOptions extends AdapterOptions {
  /**
   * The SDK's `tool` and `jsonSchema` functions, for where `require('ai')` cannot load the ES module
   * (jest's CommonJS runtime, Node before 20.19).
   * @default loaded with require('ai') on first use
   */
  sdk?: AiSdkFunctions;
  /**
   * Set the SDK's `needsApproval` on tools declared with `requiresApproval`, so that `generateText`
   * stops with a `tool-approval-request` for them instead of running them (a predicate becomes a
   * `needsApproval` function of the validated arguments and the call's context). A call the SDK
   * runs has been approved by it. With `false`, the SDK is not told: `approve` (else the set's,
   * else the `client`'s or the parent context's client's) decides, and without any the call is
   * refused (`Tool 'x' was not approved: it requires approval and no approver was given.`).
   * @default true
   */
  approvals?: boolean;
}

/**
 * What `execute` returns: the text of a text-only result (`''` for a tool that returned nothing),
 * the value of a result that is one JSON part, else the parts (text, JSON as text, images as files),
 * which `toModelOutput` hands to the model as `content`.
 */
export type AiSdkToolOutput = unknown;

/** What the model reads from a tool (the AI SDK's `ToolResultOutput`). */
type ToolResultOutput = Awaited<ReturnType<NonNullable<AiTool['toModelOutput']>>>;
type AiContent = Extract<ToolResultOutput, { type: 'content' }>['value'][number];
export type AiSdkContentPart = Extract<AiContent, { type: 'text' } | { type: 'file' }>;

/** The AI SDK's tools record: one `tool()` per definition, keyed by name. */
export type AiSdkTools = Record<string, AiTool<Input, AiSdkToolOutput, Input>>;

type Input = Record<string, unknown>;

let loaded: AiSdkFunctions | undefined;

function sdkOf(options: AiSdkToolOptions): AiSdkFunctions {
  if (options.sdk !== undefined) return options.sdk;
  if (loaded !== undefined) return loaded;
  let mod: AiSdkFunctions;
  try {
    // Loaded here, not at the top: `ai` is an optional peer and an ES module only package.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require('ai') as AiSdkFunctions;
  } catch (e) {
    const reason = describeThrown(e, false);
    throw new Error(
      `tool-signatures/ai-sdk could not load the 'ai' package with require() (${reason}). Install it (npm install ai), ` +
        "use Node 20.19 or later (require of ES modules), or pass the SDK's functions: " +
        "import { tool, jsonSchema } from 'ai'; toAiSdkTools(tools, { sdk: { tool, jsonSchema } }).",
      { cause: e },
    );
  }
  loaded = { tool: mod.tool, jsonSchema: mod.jsonSchema };
  return loaded;
}

/** Contents made by `execute` for results that are neither text nor one JSON part. */
const contentOutputs = new WeakSet<object>();

function outputOf(result: ToolResult): AiSdkToolOutput {
  const parts = result.parts;
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p as { text: string }).text).join('\n');
  const [only] = parts;
  if (parts.length === 1 && only?.type === 'json') return only.value;
  const content = partsIn('ai-sdk', parts).content as AiSdkContentPart[];
  contentOutputs.add(content);
  return content;
}

function modelOutput(output: unknown): ToolResultOutput {
  if (typeof output === 'object' && output !== null && contentOutputs.has(output)) return { type: 'content', value: output as AiSdkContentPart[] };
  if (typeof output === 'string') return { type: 'text', value: output };
  return { type: 'json', value: (output ?? null) as never };
}

function makeTool(source: ToolSource, def: ToolDefinition, options: AiSdkToolOptions, sdk: AiSdkFunctions): AiSdkTools[string] {
  const context = options.context;
  const sdkApproves = def.requiresApproval && options.approvals !== false;
  // The SDK approved what it runs; with approvals off, the application's approver decides, and
  // with none anywhere the call is refused (SECURITY.md: no approver refuses the call).
  const approve = sdkApproves
    ? APPROVED
    : (options.approve ??
      (hasApprover(source) || options.client?.approve !== undefined || options.context?.clientApprover !== undefined ? undefined : NO_APPROVER));
  const callOptions = (toolCallId: string, signal: AbortSignal | undefined, frameworkContext: unknown) => ({
    callId: toolCallId,
    ...(signal !== undefined ? { signal } : {}),
    ...(context !== undefined ? { context } : {}),
    client: adapterClient(options, { via: 'ai-sdk', frameworkContext }),
    ...(approve !== undefined ? { approve } : {}),
  });
  const execute = async (input: Input, call: ToolExecutionOptions<Input>): Promise<AiSdkToolOutput> => {
    const result = await invokeThrough(source, def, input ?? {}, callOptions(call.toolCallId, call.abortSignal, frameworkContextOf(call)));
    if (result.isError) throw new ToolCallError(def.name, result);
    return outputOf(result);
  };
  // A predicate is asked with the validated arguments; arguments that fail validation need no
  // approval (the call is refused anyway, with the invoker's text).
  const needsApproval = async (input: Input, call: { toolCallId: string; context?: unknown }): Promise<boolean> => {
    const set = new ToolSet([def]);
    const options_ = callOptions(call.toolCallId, undefined, frameworkContextOf(call));
    const staged = await set.stage(def.name, input ?? {}, options_);
    if (!('run' in staged)) return false;
    return approvalNeeded(def, staged.arguments, set.callContext(def.name, options_));
  };
  return sdk.tool<Input, AiSdkToolOutput, Input>({
    description: def.description,
    inputSchema: sdk.jsonSchema<Input>(def.inputSchema as JSONSchema7),
    ...(sdkApproves ? { needsApproval: def.approvalWhen !== undefined ? needsApproval : true } : {}),
    execute,
    toModelOutput: ({ output }) => modelOutput(output),
  });
}

/** The SDK's context of a call: `context` (AI SDK 7), `experimental_context` (AI SDK 5 and 6). */
function frameworkContextOf(call: object): unknown {
  const c = call as { context?: unknown; experimental_context?: unknown };
  return c.context !== undefined ? c.context : c.experimental_context;
}

/** What refuses a call that requires approval when the SDK does not ask and no approver was given. */
const NO_APPROVER: Approver = () => ({ approved: false, reason: 'it requires approval and no approver was given' });

/** Whether the source may approve calls itself (a tool set with an `approve` option). */
function hasApprover(source: ToolSource): boolean {
  return !Array.isArray(source) && (source as { approver?: unknown }).approver !== undefined;
}

/**
 * The tools of a `ToolSet` (or a list of definitions) as the AI SDK's tools record, for
 * `generateText({ tools })`, `streamText` and agents. Calls go through the set (its limits hold);
 * `options.context` is the parent of every call's context.
 */
export function toAiSdkTools(source: ToolSource, options: AiSdkToolOptions = {}): AiSdkTools {
  const sdk = sdkOf(options);
  const out: AiSdkTools = {};
  for (const def of toolsOf(source, options.only)) out[def.name] = makeTool(source, def, options, sdk);
  return out;
}

/** One definition as an AI SDK tool (what `toAiSdkTools` makes for each). */
export function toAiSdkTool(def: ToolDefinition, options: AiSdkToolOptions = {}): AiSdkTools[string] {
  return makeTool([def], def, options, sdkOf(options));
}
