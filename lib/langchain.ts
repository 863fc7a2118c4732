/**
 * tool-signatures/langchain: a tool set as LangChain.js structured tools (`@langchain/core`, an
 * optional peer).
 *
 * ```ts
 * import { toLangChainTools } from 'tool-signatures/langchain';
 *
 * const tools = toLangChainTools(toolSet);
 * const model = chatModel.bindTools(tools);          // the canonical JSON Schema, unchanged
 * const ai = await model.invoke(messages);
 * for (const call of ai.tool_calls ?? []) messages.push(await byName[call.name].invoke(call));   // a ToolMessage
 * ```
 *
 * Invoked with a tool call (what agents and LangGraph's `ToolNode` do), a tool returns a
 * `ToolMessage`: `status: 'success'` with the result's content, or `status: 'error'` with the error
 * result's text (`Argument 'qty' must be an integer from 1 to 1000.`), which the model reads in its
 * next turn. The `ToolResult` is the message's `artifact`. Invoked with plain arguments, a tool
 * returns the content, and an error result is thrown as a `ToolCallError` with that text.
 *
 * The invoker validates the arguments: LangChain's own JSON Schema check (which would refuse a bad
 * call with "Received tool input did not match expected schema" before the model could learn what
 * was wrong) is not run. Callbacks and tracing see the call as they see any tool's.
 */
import { CallbackManager, parseCallbackConfigArg } from '@langchain/core/callbacks/manager';
import { ToolMessage } from '@langchain/core/messages';
import { StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';
import type { JsonSchema7Type } from '@langchain/core/utils/json_schema';
import type { ToolDefinition } from './invoke/tools/bound-tool';
import type { ToolResult } from './tool-result';
import { partsIn, type LangChainContent } from './invoke/calling/parts';
import { adapterClient, invokeThrough, resultText, ToolCallError, toolsOf, type AdapterOptions, type ToolSource } from './adapters/shared';

export { ToolCallError, type ToolSource, type AdapterOptions } from './adapters/shared';

/** Options of `toLangChainTools` and `toLangChainTool`. */
export type LangChainToolOptions = AdapterOptions;

/** What the model reads from a tool: its text, or content blocks when there are images, audio or resources. */
export type LangChainToolContent = string | LangChainContent[];

type Args = Record<string, unknown>;

interface ToolCallShape {
  type: 'tool_call';
  id?: string;
  name: string;
  args: Args;
}

function isToolCall(value: unknown): value is ToolCallShape {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'tool_call';
}

function contentOf(result: ToolResult): LangChainToolContent {
  if (result.parts.every((p) => p.type === 'text' || p.type === 'json')) return resultText(result);
  return partsIn('langchain', result.parts).content;
}

/**
 * One of our tools as a LangChain structured tool. `schema` is the tool's canonical input schema;
 * `returnDirect` is its `endsLoop`.
 */
export class SignatureTool extends StructuredTool<JsonSchema7Type, Args, Args, LangChainToolContent> {
  static override lc_name(): string {
    return 'SignatureTool';
  }

  name: string;
  description: string;
  schema: JsonSchema7Type;
  /** The definition this tool runs. */
  readonly definition: ToolDefinition;
  readonly #source: ToolSource;
  readonly #options: LangChainToolOptions;

  constructor(definition: ToolDefinition, source: ToolSource = [definition], options: LangChainToolOptions = {}) {
    super({ responseFormat: 'content_and_artifact' });
    this.name = definition.name;
    this.description = definition.description;
    this.schema = definition.inputSchema as JsonSchema7Type;
    this.returnDirect = definition.endsLoop;
    this.definition = definition;
    this.#source = source;
    this.#options = options;
  }

  /**
   * Runs the call through the invoker (which validates the arguments), with LangChain's callbacks
   * around it. Returns a `ToolMessage` when called with a tool call, else the content.
   */
  // LangChain's own `call` validates against the schema first and throws its generic parsing error;
  // this replaces it so that the invoker's messages reach the model.
  override async call(arg: unknown, configArg?: unknown, tags?: string[]): Promise<never> {
    const direct = isToolCall(arg) ? arg : undefined;
    const args = (direct !== undefined ? direct.args : arg) ?? {};
    const config = parseCallbackConfigArg(configArg as Parameters<typeof parseCallbackConfigArg>[0]) as ToolRunnableConfig;
    const toolCallId = direct?.id ?? config.toolCall?.id;
    const manager = CallbackManager.configure(config.callbacks, this.callbacks, config.tags ?? tags, this.tags, config.metadata, this.metadata, {
      verbose: this.verbose,
    });
    const input = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Args) : JSON.stringify(args);
    const run = await manager?.handleToolStart(this.toJSON(), input, config.runId, undefined, undefined, undefined, config.runName ?? this.name, toolCallId);
    let result: ToolResult;
    try {
      if (typeof args !== 'object' && typeof args !== 'string') throw new TypeError(`Tool '${this.name}' takes an object of arguments or a tool call.`);
      const { context, approve } = this.#options;
      result = await invokeThrough(this.#source, this.definition, args as object | string, {
        ...(toolCallId !== undefined ? { callId: toolCallId } : {}),
        ...(config.signal !== undefined ? { signal: config.signal } : {}),
        ...(context !== undefined ? { context } : {}),
        ...(approve !== undefined ? { approve } : {}),
        client: adapterClient(this.#options, { via: 'langchain', frameworkContext: config }),
      });
    } catch (e) {
      await run?.handleToolError(e);
      throw e;
    }
    if (toolCallId !== undefined) {
      const message = new ToolMessage({
        content: result.isError ? resultText(result) : contentOf(result),
        tool_call_id: toolCallId,
        name: this.name,
        status: result.isError ? 'error' : 'success',
        artifact: result,
      });
      await run?.handleToolEnd(message);
      return message as never;
    }
    if (result.isError) {
      const error = new ToolCallError(this.name, result);
      await run?.handleToolError(error);
      throw error;
    }
    const content = contentOf(result);
    await run?.handleToolEnd(content);
    return content as never;
  }

  protected _call(args: Args): Promise<LangChainToolContent> {
    // Reached only through a subclass that calls super._call: `call` above runs the invoker itself.
    return invokeThrough(this.#source, this.definition, args, {}).then((r) => {
      if (r.isError) throw new ToolCallError(this.name, r);
      return contentOf(r);
    });
  }
}

/**
 * The tools of a `ToolSet` (or a list of definitions) as LangChain structured tools, for
 * `model.bindTools(tools)`, agents and LangGraph's `ToolNode`. Calls go through the set (its limits
 * hold); `options.context` is the parent of every call's context.
 */
export function toLangChainTools(source: ToolSource, options: LangChainToolOptions = {}): SignatureTool[] {
  return toolsOf(source, options.only).map((def) => new SignatureTool(def, source, options));
}

/** One definition as a LangChain structured tool. */
export function toLangChainTool(def: ToolDefinition, options: LangChainToolOptions = {}): SignatureTool {
  return new SignatureTool(def, [def], options);
}
