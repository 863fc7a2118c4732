/**
 * The "everything server" of the official MCP conformance suite (`@modelcontextprotocol/conformance`),
 * written as a user writes tools: the public API of `tool-signatures` only. It serves every tool the
 * suite's tool, logging, progress, sampling, elicitation and schema scenarios call, with the names,
 * arguments and results the suite expects, and the prompts, resources, resource template and completion
 * of its prompts, resources and completion scenarios (its reference server is `examples/servers/typescript/
 * everything-server.ts` in the conformance repository). `npm run conformance` compiles it, starts it
 * stateless and stateful, and runs the suite against it.
 *
 * Run: node build/samples/samples/conformance/everything.js [--port N] [--sessions]
 *   prints {"url": "http://127.0.0.1:N/mcp"} on stdout once it listens.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  Description,
  EnumOf,
  Int32,
  ObjectOf,
  Param,
  Part,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  ToolContext,
  ToolContextError,
  ToolSet,
} from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';

/** A 1×1 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
/** A minimal WAV file. */
const WAV = Buffer.from('UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=', 'base64');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The form of `test_elicitation`: one free-text answer. */
const Answer = ObjectOf({ response: { type: String, description: "User's response", optional: true } });

/** SEP-1034: a default for every primitive field type. */
const Defaults = ObjectOf({
  name: { type: String, description: 'User name', default: 'John Doe' },
  age: { type: Int32, description: 'User age', default: 30 },
  score: { type: Number, description: 'User score', default: 95.5 },
  status: { type: EnumOf(['active', 'inactive', 'pending']), description: 'User status', default: 'active' },
  verified: { type: Boolean, description: 'Verification status', default: true },
});

/** SEP-1330: single and multiple choice, untitled and titled. */
const Choices = ObjectOf({
  untitledSingle: { type: EnumOf(['option1', 'option2', 'option3']), description: 'Select one option', optional: true },
  titledSingle: { type: EnumOf(['value1', 'value2', 'value3']), description: 'Select one option with titles', optional: true },
  legacyEnum: { type: EnumOf(['opt1', 'opt2', 'opt3']), description: 'Select one option (legacy)', optional: true },
  untitledMulti: { type: [EnumOf(['option1', 'option2', 'option3'])], minItems: 1, maxItems: 3, description: 'Select multiple options', optional: true },
  titledMulti: { type: [EnumOf(['value1', 'value2', 'value3'])], minItems: 1, maxItems: 3, description: 'Select multiple options with titles', optional: true },
});

/** The titles of the titled choices (`legacyEnum` sent the deprecated way, with `enumNames`). */
const CHOICE_TITLES = {
  titledSingle: { value1: 'First Option', value2: 'Second Option', value3: 'Third Option' },
  legacyEnum: { opt1: 'Option One', opt2: 'Option Two', opt3: 'Option Three' },
  titledMulti: { value1: 'First Choice', value2: 'Second Choice', value3: 'Third Choice' },
};

/** The forms of the 2026-07-28 input-required scenarios (SEP-2322). */
const Name = ObjectOf({ name: String });
const Confirmation = ObjectOf({ ok: Boolean });
const Color = ObjectOf({ color: String });
const PromptContext = ObjectOf({ context: String });

/**
 * MCP 2026-07-28 (SEP-2322): tools that ask the user, the client's model or the client's roots. On
 * that revision a question is answered by the client's retry (`input_required`, then the same call
 * with `inputResponses`); each question's `key` names it in both.
 */
export class InputRequired {
  @Tool({ name: 'test_input_required_result_elicitation', description: 'Asks the user their name (input_required, key user_name)' })
  async elicitation(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' });
    return answer.action === 'accept' ? `Hello, ${answer.value.name}!` : `No name given (${answer.action}).`;
  }

  @Tool({ name: 'test_input_required_result_sampling', description: "Asks the client's model a question (input_required, key capital_question)" })
  async sampling(ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample('What is the capital of France?', { maxTokens: 100, key: 'capital_question' });
    return `The model said: ${answer.text}`;
  }

  @Tool({ name: 'test_input_required_result_list_roots', description: "Lists the client's roots (input_required, key client_roots)" })
  async listRoots(ctx: ToolContext): Promise<string> {
    const roots = await ctx.roots({ key: 'client_roots' });
    return `Roots: ${roots.map((r) => `${r.name ?? r.uri} (${r.uri})`).join(', ')}`;
  }

  @Tool({ name: 'test_input_required_result_request_state', description: 'Asks for a confirmation; the answer comes back with the signed request state' })
  async requestState(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ ok: boolean }>(Confirmation, 'Please confirm', { key: 'confirm' });
    // The retry reached the tool: its request state was verified (signed, bound to this call).
    return `state-ok: confirmed=${answer.action === 'accept' && answer.value.ok}`;
  }

  @Tool({ name: 'test_input_required_result_multiple_inputs', description: "Asks the user, the model and the client's roots at once" })
  async multipleInputs(ctx: ToolContext): Promise<string> {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' }),
      ctx.sample('Generate a greeting', { maxTokens: 50, key: 'greeting' }),
      ctx.roots({ key: 'client_roots' }),
    ]);
    return `${greeting.text} ${name.action === 'accept' ? name.value.name : 'stranger'} (${roots.length} roots)`;
  }

  @Tool({ name: 'test_input_required_result_multi_round', description: 'Asks two questions, one round each' })
  async multiRound(ctx: ToolContext): Promise<string> {
    const name = await ctx.elicit<{ name: string }>(Name, 'Step 1: What is your name?', { key: 'step1' });
    const color = await ctx.elicit<{ color: string }>(Color, 'Step 2: What is your favorite color?', { key: 'step2' });
    return `${name.action === 'accept' ? name.value.name : '?'} likes ${color.action === 'accept' ? color.value.color : '?'}`;
  }

  @Tool({ name: 'test_input_required_result_tampered_state', description: 'Asks for a confirmation (a tampered request state is refused)' })
  async tamperedState(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ ok: boolean }>(Confirmation, 'Please confirm', { key: 'confirm' });
    return `confirmed=${answer.action === 'accept' && answer.value.ok}`;
  }

  @Tool({ name: 'test_input_required_result_capabilities', description: "Asks the user, or the client's model when the client cannot ask the user" })
  async capabilities(ctx: ToolContext): Promise<string> {
    try {
      const answer = await ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' });
      return `Hello, ${answer.action === 'accept' ? answer.value.name : 'stranger'}!`;
    } catch (e) {
      if (!(e instanceof ToolContextError && e.code === 'NO_ELICITATION')) throw e;
      const answer = await ctx.sample('Make up a name for the user', { maxTokens: 20, key: 'made_up_name' });
      return `Hello, ${answer.text}!`;
    }
  }

  @Tool({ name: 'test_missing_capability', description: "Needs the client's model: a client that did not declare sampling is refused (-32021)" })
  async missingCapability(ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample('Say hello', { maxTokens: 20 });
    return answer.text;
  }
}

/** SEP-2575: tools that change the lists, for the clients listening (`subscriptions/listen`) to hear of it. */
export class ListChanges {
  #added = 0;
  constructor(private readonly set: ToolSet) {}

  @Tool({ name: 'test_trigger_tool_change', description: 'Adds a tool to the server (tools/list_changed)' })
  addTool(): string {
    const name = `dynamic_tool_${++this.#added}`;
    this.set.add(Tool.fromJsonSchema({ name, description: 'A tool added at run time', inputSchema: { type: 'object' } }, () => 'added'));
    return `added ${name}`;
  }

  @Tool({ name: 'test_trigger_prompt_change', description: 'Adds a prompt to the server (prompts/list_changed)' })
  addPrompt(): string {
    const name = `dynamic_prompt_${++this.#added}`;
    class Dynamic {
      @Prompt({ name, description: 'A prompt added at run time' })
      added(): string {
        return 'added';
      }
    }
    this.set.add(new Dynamic());
    return `added ${name}`;
  }
}

export class Everything {
  @Tool({ name: 'test_simple_text', description: 'Tests simple text content response' })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Tests image content response', returns: Part })
  image(): Part {
    return Part.image('image/png', PNG);
  }

  @Tool({ name: 'test_audio_content', description: 'Tests audio content response', returns: Part })
  audio(): Part {
    return Part.audio('audio/wav', WAV);
  }

  @Tool({ name: 'test_embedded_resource', description: 'Tests embedded resource content response', returns: Part })
  embeddedResource(): Part {
    return Part.resource({ uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' });
  }

  @Tool({ name: 'test_multiple_content_types', description: 'Tests response with multiple content types (text, image, resource)', returns: [Part] })
  multipleContentTypes(): Part[] {
    return [
      Part.text('Multiple content types test:'),
      Part.image('image/png', PNG),
      Part.resource({ uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) }),
    ];
  }

  @Tool({ name: 'test_tool_with_logging', description: 'Tests tool that emits log messages during execution' })
  async withLogging(ctx: ToolContext): Promise<string> {
    await ctx.log('info', 'Tool execution started');
    await sleep(50);
    await ctx.log('info', 'Tool processing data');
    await sleep(50);
    await ctx.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @Tool({ name: 'test_logging_tool', description: 'Logs at info: a 2026-07-28 request that names no log level gets none of it' })
  async loggingTool(ctx: ToolContext): Promise<string> {
    await ctx.log('info', 'Logged at info');
    await ctx.log('error', 'Logged at error');
    return 'logged';
  }

  @Tool({ name: 'test_tool_with_progress', description: 'Tests tool that reports progress notifications' })
  async withProgress(ctx: ToolContext): Promise<string> {
    for (const done of [0, 50, 100]) {
      await ctx.progress(done, 100, `Completed step ${done} of 100`);
      if (done < 100) await sleep(50);
    }
    return String(ctx.progressToken ?? 0);
  }

  @Tool({ name: 'test_error_handling', description: 'Tests error response handling' })
  errorHandling(): never {
    throw new Error('This tool intentionally returns an error for testing');
  }

  @Tool({ name: 'test_reconnection', description: 'Tests SSE stream disconnection and client reconnection (SEP-1699).' })
  async reconnection(ctx: ToolContext): Promise<string> {
    // Lets the stream close: the client reconnects and gets the result from the event store.
    ctx.closeStream();
    await sleep(100);
    return 'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.';
  }

  @Tool({ name: 'test_sampling', description: 'Tests server-initiated sampling (LLM completion request)' })
  async sampling(@Description('The prompt to send to the LLM') prompt: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample(prompt, { maxTokens: 100 });
    return `LLM response: ${answer.text}`;
  }

  @Tool({ name: 'test_elicitation', description: 'Tests server-initiated elicitation (user input request)' })
  async elicitation(@Description('The message to show the user') message: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Answer, message);
    return `User response: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.value : {})}`;
  }

  @Tool({ name: 'test_elicitation_sep1034_defaults', description: 'Tests elicitation with default values per SEP-1034' })
  async elicitationDefaults(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Defaults, 'Please review and update the form fields with defaults');
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.value : {})}`;
  }

  @Tool({ name: 'test_elicitation_sep1330_enums', description: 'Tests elicitation with enum schema improvements per SEP-1330' })
  async elicitationEnums(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Choices, 'Please select options from the enum fields', { titles: CHOICE_TITLES, enumNames: ['legacyEnum'] });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.value : {})}`;
  }
}

/** The prompts, resources and resource template of the suite's prompts-*, resources-* and completion scenarios. */
export class EverythingServed {
  @Prompt({ description: 'A simple prompt without arguments' })
  testSimplePrompt(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({ description: 'A prompt with required arguments' })
  testPromptWithArguments(
    @Param({
      description: 'First test argument',
      complete: (typed: string) => ['paris', 'park', 'party', 'test', 'testing'].filter((v) => v.startsWith(typed)),
    })
    arg1: string,
    @Param({ description: 'Second test argument' }) arg2: string,
  ): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({ description: 'A prompt that includes an embedded resource' })
  testPromptWithEmbeddedResource(@Param({ description: 'URI of the resource to embed' }) resourceUri: string): Part[] {
    return [
      Part.resource({ uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' }),
      Part.text('Please process the embedded resource above.'),
    ];
  }

  @Prompt({ description: 'A prompt that includes image content' })
  testPromptWithImage(): Part[] {
    return [Part.image('image/png', PNG), Part.text('Please analyze the image above.')];
  }

  @Prompt({ name: 'test_input_required_result_prompt', description: 'A prompt that asks the user for its context first (input_required, key user_context)' })
  async inputRequiredPrompt(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ context: string }>(PromptContext, 'What context should the prompt use?', { key: 'user_context' });
    return `Use this context: ${answer.action === 'accept' ? answer.value.context : 'none'}.`;
  }

  @Resource('test://static-text', { name: 'Static Text Resource', description: 'A static text resource for testing', mimeType: 'text/plain' })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource('test://static-binary', { name: 'Static Binary Resource', description: 'A static binary resource (image) for testing', mimeType: 'image/png' })
  staticBinary(): Buffer {
    return PNG;
  }

  @Resource('test://watched-resource', { name: 'Watched Resource', description: 'A resource that can be subscribed to', mimeType: 'text/plain' })
  watched(): string {
    return 'Watched resource content';
  }

  @ResourceTemplate('test://template/{id}/data', {
    name: 'Template Resource',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
  })
  templateData(@Param({ description: 'The ID' }) id: string): { id: string; templateTest: boolean; data: string } {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }
}

/** SEP-1613: a tool whose input schema is written by hand in JSON Schema 2020-12, listed as written. */
export const jsonSchemaTool = Tool.fromJsonSchema(
  {
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: {
        name: { type: 'string' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    },
  },
  (args) => `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`,
);

/** SEP-2243: arguments the client mirrors in `Mcp-Param-*` headers (`x-mcp-header`), checked against the body by the endpoint. */
export const customHeadersTool = Tool.fromJsonSchema(
  {
    name: 'test_custom_headers',
    description: 'A tool whose region and priority the client mirrors in Mcp-Param headers (SEP-2243)',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', description: 'Where to run', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', description: 'How urgent', 'x-mcp-header': 'Priority' },
        query: { type: 'string', description: 'Not mirrored' },
      },
      required: ['region', 'query'],
    },
  },
  (args) => `Custom headers test completed: ${JSON.stringify(args)}`,
);

/** Sleeps, unless the signal aborts first (then rejects with its reason). */
function sleepUnless(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** The forms of the tasks scenarios. */
const Confirm = ObjectOf({ confirm: Boolean });
const NameOrConfirm = ObjectOf({ name: { type: String, optional: true }, confirm: { type: Boolean, optional: true } });

/**
 * MCP 2026-07-28 tasks (the `io.modelcontextprotocol/tasks` extension, SEP-2663): tools whose calls
 * run as tasks the client polls (`tasks/get`), answers (`tasks/update`) and cancels (`tasks/cancel`).
 */
export class Tasks {
  @Tool({ description: 'Greets by name (never a task)' })
  greet(name: string): string {
    return `Hello, ${name}!`;
  }

  @Tool({ description: 'Sleeps for `seconds` seconds, then answers; a task, cancelled while it sleeps', task: 'optional' })
  async slowCompute(seconds: number, @Param({ type: String, optional: true }) label: string | undefined, signal: AbortSignal): Promise<string> {
    await sleepUnless(seconds * 1000, signal);
    return `Computed ${label ?? ''} after ${seconds} s`;
  }

  @Tool({ description: 'Fails with a tool error after a second; only as a task', task: 'required' })
  async failingJob(signal: AbortSignal): Promise<string> {
    await sleepUnless(1000, signal);
    throw new Error('The job failed.');
  }

  @Tool({ description: "Lists the client's roots, which a task's client here does not declare: a protocol error (-32021)", task: 'optional' })
  async protocolErrorJob(ctx: ToolContext): Promise<string> {
    const roots = await ctx.roots();
    return `${roots.length} roots`;
  }

  @Tool({ description: 'Asks the user to confirm deleting a file (a task: input_required)', task: 'optional' })
  async confirmDelete(filename: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ confirm: boolean }>(Confirm, `Delete ${filename}?`);
    return answer.action === 'accept' && answer.value.confirm ? `Deleted ${filename}.` : `Kept ${filename}.`;
  }

  @Tool({ description: 'Asks two questions at once (a task with two inputs pending)', task: 'optional' })
  async multiInput(ctx: ToolContext): Promise<string> {
    const [a, b] = await Promise.all([ctx.elicit(NameOrConfirm, 'First?'), ctx.elicit(NameOrConfirm, 'Second?')]);
    return `Answers: ${a.action}, ${b.action}`;
  }

  @Tool({
    name: 'test_tool_with_task',
    description: 'Asks the user their name (input_required), then goes on as a task',
    task: { mode: 'required', start: 'detach' },
  })
  async withTask(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' });
    await ctx.detach();
    return `Hello, ${answer.action === 'accept' ? answer.value.name : 'nobody'}, from a task!`;
  }
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Events kept for resuming streams (SEP-1699), in memory. */
function memoryEventStore() {
  const events = new Map<string, { streamId: string; message: unknown }>();
  return {
    async storeEvent(streamId: string, message: unknown): Promise<string> {
      const id = `${streamId}::${String(events.size).padStart(8, '0')}_${randomUUID()}`;
      events.set(id, { streamId, message });
      return id;
    },
    async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
      return events.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: never) => Promise<void> }): Promise<string> {
      const streamId = events.get(lastEventId)?.streamId ?? '';
      let after = false;
      for (const [id, e] of events) {
        if (after && e.streamId === streamId) await send(id, e.message as never);
        if (id === lastEventId) after = true;
      }
      return streamId;
    },
  };
}

async function main(): Promise<void> {
  const tools = new ToolSet([new Everything(), new InputRequired(), new Tasks(), new EverythingServed(), jsonSchemaTool, customHeadersTool]);
  tools.add(new ListChanges(tools));
  const sessions = process.argv.includes('--sessions');
  const http = await serveMcpHttp(
    tools,
    { name: 'tool-signatures-everything', version: '1.0.0' },
    {
      port: Number(flag('--port') ?? 0),
      host: '127.0.0.1',
      ...(sessions ? { sessions: { eventStore: memoryEventStore(), retryIntervalMs: 500 } } : {}),
    },
  );
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void http.close().then(() => process.exit(0)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
