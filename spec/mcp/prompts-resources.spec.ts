/**
 * Issue 23: prompts, resources, resource templates and completion from decorated methods, served by
 * the library's MCP server over Streamable HTTP and stdio, read by the SDK's own client. The names
 * and URIs are those the MCP conformance suite asks of an "everything" server.
 */
import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  Int32,
  Param,
  Part,
  Prompt,
  Range,
  Resource,
  ResourceTemplate,
  Tool,
  ToolSet,
  ToolDefinitionError,
  type ResourceTemplateDefinition,
} from 'tool-signatures';
import { createMcpServer, serveMcpHttp, serveMcpStdio } from 'tool-signatures/mcp';
import { connectHttp, connectStdio, connectV1 } from '../helpers/mcp-client';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

enum Tone {
  Formal = 'formal',
  Casual = 'casual',
}

const PEOPLE = ['alice', 'albert', 'bob', ...Array.from({ length: 150 }, (_, i) => `a${i}`)];

class Everything {
  @Prompt({ description: 'A simple prompt without arguments' })
  testSimplePrompt() {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({ description: 'A prompt with required arguments' })
  testPromptWithArguments(@Param({ description: 'First test argument' }) arg1: string, @Param({ description: 'Second test argument' }) arg2: string) {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({ description: 'A prompt that embeds a resource' })
  testPromptWithEmbeddedResource(@Param({ description: 'URI of the resource to embed' }) resourceUri: string) {
    return [
      Part.resource({ uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' }),
      Part.text('Please process the embedded resource above.'),
    ];
  }

  @Prompt({ description: 'A prompt with an image', title: 'Image prompt' })
  testPromptWithImage() {
    return [
      { role: 'user', content: Part.image('image/png', PNG) },
      { role: 'assistant', content: 'Please analyze the image above.' },
    ];
  }

  @Prompt({ name: 'greet', description: 'Greets someone a number of times' })
  greetAsync(
    @Range(1, 10) @Param({ type: Int32, description: 'How many times' }) times: number,
    @Param({ enum: Tone }) tone: Tone = Tone.Formal,
    @Param({ complete: (typed: string) => PEOPLE.filter((p) => p.startsWith(typed)) }) who = 'alice',
  ) {
    return `${tone === Tone.Formal ? 'Good day' : 'Hi'}, ${who}! `.repeat(times).trim();
  }

  @Resource('test://static-text', { name: 'Static Text', description: 'A static text resource', mimeType: 'text/plain' })
  staticText() {
    return 'This is the content of the static text resource.';
  }

  @Resource('test://static-binary', { description: 'A static binary resource', mimeType: 'image/png' })
  staticBinary() {
    return PNG;
  }

  @Resource('test://watched-resource', { description: 'A resource that can be subscribed to' })
  watched() {
    return 'watched';
  }

  @ResourceTemplate('test://template/{id}/data', { description: 'A resource template', mimeType: 'application/json' })
  async templateData(@Param({ type: Int32 }) id: number) {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }
}

const info = { name: 'everything', version: '1.0.0' };

type Connection = { client: Client; set: ToolSet; close: () => Promise<void> };

async function overHttp(): Promise<Connection> {
  const set = new ToolSet([new Everything()]);
  return { set, ...(await connectHttp(await serveMcpHttp(set, info, { sessions: true }))) };
}

async function overStdio(): Promise<Connection> {
  const set = new ToolSet([new Everything()]);
  return { set, ...(await connectStdio((streams) => serveMcpStdio(set, info, streams))) };
}

describe.each([
  ['Streamable HTTP', overHttp],
  ['stdio', overStdio],
])('issue 23 over %s', (_transport, connect) => {
  let c: Connection;
  beforeEach(async () => {
    c = await connect();
  });
  afterEach(async () => {
    await c.close();
  });

  it('declares prompts, resources (with subscribe) and completions, each with listChanged (a ToolSet can change)', () => {
    expect(c.client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      logging: {},
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      completions: {},
    });
  });

  it('prompts-list: names, titles, descriptions, arguments read as tool parameters', async () => {
    const { prompts } = await c.client.listPrompts();
    expect(JSON.stringify(prompts)).toBe(
      JSON.stringify([
        { name: 'test_simple_prompt', description: 'A simple prompt without arguments', arguments: [] },
        {
          name: 'test_prompt_with_arguments',
          description: 'A prompt with required arguments',
          arguments: [
            { name: 'arg1', description: 'First test argument', required: true },
            { name: 'arg2', description: 'Second test argument', required: true },
          ],
        },
        {
          name: 'test_prompt_with_embedded_resource',
          description: 'A prompt that embeds a resource',
          arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
        },
        { name: 'test_prompt_with_image', title: 'Image prompt', description: 'A prompt with an image', arguments: [] },
        {
          name: 'greet',
          description: 'Greets someone a number of times',
          arguments: [
            { name: 'times', description: 'How many times', required: true },
            { name: 'tone', required: false },
            { name: 'who', required: false },
          ],
        },
      ]),
    );
  });

  it('prompts-get-simple and prompts-get-with-args: text is one user message', async () => {
    expect((await c.client.getPrompt({ name: 'test_simple_prompt' })).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
    ]);
    const r = await c.client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
    expect(r).toEqual({
      description: 'A prompt with required arguments',
      messages: [{ role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" } }],
    });
  });

  it('arguments arrive as text and are converted to the declared types (Int32, enum, default)', async () => {
    const r = await c.client.getPrompt({ name: 'greet', arguments: { times: '2', tone: 'casual' } });
    expect(r.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Hi, alice! Hi, alice!' } }]);
  });

  it('prompts-get-embedded-resource and prompts-get-with-image: parts and messages', async () => {
    const embedded = await c.client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://example-resource' } });
    expect(embedded.messages).toEqual([
      {
        role: 'user',
        content: { type: 'resource', resource: { uri: 'test://example-resource', mimeType: 'text/plain', text: 'Embedded resource content for testing.' } },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ]);
    const image = await c.client.getPrompt({ name: 'test_prompt_with_image' });
    expect(image.messages).toEqual([
      { role: 'user', content: { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' } },
      { role: 'assistant', content: { type: 'text', text: 'Please analyze the image above.' } },
    ]);
  });

  it("a bad prompt argument is invalid params with the invoker's text; an unknown prompt lists the others", async () => {
    const texts = await Promise.all(
      ([{ times: 'many' }, { times: '11', tone: 'rude' }, {}, { times: '2', who: '7' }] as Record<string, string>[]).map((args) =>
        c.client.getPrompt({ name: 'greet', arguments: args }).then(
          () => 'resolved',
          (e: Error) => e.message,
        ),
      ),
    );
    expect(texts).toEqual([
      "MCP error -32602: Argument 'times' must be an integer from 1 to 10.",
      "MCP error -32602: Argument 'times' must be an integer from 1 to 10.\nArgument 'tone' must be one of: formal, casual.",
      "MCP error -32602: Argument 'times' is required.",
      'resolved',
    ]);
    await expect(c.client.getPrompt({ name: 'nope' })).rejects.toThrow(
      "MCP error -32602: Unknown prompt 'nope'. Available prompts: test_simple_prompt, test_prompt_with_arguments, test_prompt_with_embedded_resource, test_prompt_with_image, greet.",
    );
  });

  it('resources-list and resource templates', async () => {
    expect((await c.client.listResources()).resources).toEqual([
      { uri: 'test://static-text', name: 'Static Text', description: 'A static text resource', mimeType: 'text/plain' },
      { uri: 'test://static-binary', name: 'static_binary', description: 'A static binary resource', mimeType: 'image/png' },
      { uri: 'test://watched-resource', name: 'watched', description: 'A resource that can be subscribed to' },
    ]);
    expect((await c.client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: 'test://template/{id}/data', name: 'template_data', description: 'A resource template', mimeType: 'application/json' },
    ]);
  });

  it('resources-read-text, resources-read-binary (bytes as a base64 blob), resources-templates-read', async () => {
    expect(await c.client.readResource({ uri: 'test://static-text' })).toEqual({
      contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    });
    expect(await c.client.readResource({ uri: 'test://static-binary' })).toEqual({
      contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG.toString('base64') }],
    });
    expect(await c.client.readResource({ uri: 'test://template/123/data' })).toEqual({
      contents: [{ uri: 'test://template/123/data', mimeType: 'application/json', text: '{"id":123,"templateTest":true,"data":"Data for ID: 123"}' }],
    });
  });

  it("a bad template variable is invalid params with the invoker's text; an unknown URI is -32002", async () => {
    await expect(c.client.readResource({ uri: 'test://template/abc/data' })).rejects.toThrow(
      "MCP error -32602: Argument 'id' must be an integer from -2147483648 to 2147483647.",
    );
    await expect(c.client.readResource({ uri: 'test://template/1/2/data' })).rejects.toThrow("MCP error -32002: Unknown resource 'test://template/1/2/data'.");
    await expect(c.client.readResource({ uri: 'test://nothing' })).rejects.toThrow("MCP error -32002: Unknown resource 'test://nothing'.");
  });

  it('resources-subscribe and resources-unsubscribe: an update reaches a subscribed client only', async () => {
    const updates: string[] = [];
    let heard!: () => void;
    const first = new Promise<void>((resolve) => (heard = resolve));
    c.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
      heard();
    });
    await c.client.subscribeResource({ uri: 'test://watched-resource' });
    // The unsubscribed URI's update would arrive first, in order: the first heard is the only one.
    c.set.notifyResourceUpdated('test://static-text');
    c.set.notifyResourceUpdated('test://watched-resource');
    await first;
    expect(updates).toEqual(['test://watched-resource']);
    await c.client.unsubscribeResource({ uri: 'test://watched-resource' });
    c.set.notifyResourceUpdated('test://watched-resource');
    await c.client.ping();
    await c.client.readResource({ uri: 'test://static-text' });
    expect(updates).toEqual(['test://watched-resource']);
    await expect(c.client.subscribeResource({ uri: 'test://nothing' })).rejects.toThrow("MCP error -32002: Unknown resource 'test://nothing'.");
  });

  it('completion-complete: from an enum for free, from a completer (at most 100 values), for a template variable', async () => {
    expect((await c.client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'tone', value: 'c' } })).completion).toEqual({
      values: ['casual'],
      total: 1,
      hasMore: false,
    });
    const who = (await c.client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'a' } })).completion;
    expect([who.values.length, who.total, who.hasMore, who.values.slice(0, 3)]).toEqual([100, 152, true, ['alice', 'albert', 'a0']]);
    expect(
      (await c.client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'test' } })).completion,
    ).toEqual({ values: [], total: 0, hasMore: false });
    expect(
      (await c.client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'id', value: '1' } })).completion,
    ).toEqual({ values: [], total: 0, hasMore: false });
  });

  it("completion follows the SDK's McpServer: an unknown prompt or template is invalid params, a fixed resource or an unknown argument completes to nothing", async () => {
    const none = { values: [], total: 0, hasMore: false };
    await expect(c.client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } })).rejects.toThrow(
      "MCP error -32602: Unknown prompt 'nope'. Available prompts: test_simple_prompt, test_prompt_with_arguments, test_prompt_with_embedded_resource, test_prompt_with_image, greet.",
    );
    await expect(c.client.complete({ ref: { type: 'ref/resource', uri: 'test://nope/{id}' }, argument: { name: 'id', value: '' } })).rejects.toThrow(
      "MCP error -32602: Unknown resource template 'test://nope/{id}'. Available templates: test://template/{id}/data.",
    );
    expect((await c.client.complete({ ref: { type: 'ref/resource', uri: 'test://static-text' }, argument: { name: 'id', value: '' } })).completion).toEqual(
      none,
    );
    expect((await c.client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'nope', value: '' } })).completion).toEqual(none);
    expect(
      (await c.client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'nope', value: '' } })).completion,
    ).toEqual(none);
  });
});

describe('issue 23: what the decorators refuse', () => {
  it('a template whose variables are not the parameters, a level-2 template, a resource with arguments', () => {
    class Variables {
      @ResourceTemplate('users://{id}/profile')
      profile(userId: string) {
        return userId;
      }
    }
    expect(() => new ToolSet([new Variables()])).toThrow(ToolDefinitionError);
    expect(() => new ToolSet([new Variables()])).toThrow(
      "OLT015: Cannot build Variables.profile: the URI template 'users://{id}/profile' does not match the method's parameters: no parameter is named 'id'; no variable is named 'userId'. Each variable names a parameter, and each parameter is a variable.",
    );
    expect(() => {
      class Level2 {
        @ResourceTemplate('users://{+path}')
        read(path: string) {
          return path;
        }
      }
      return Level2;
    }).toThrow(
      "the URI template 'users://{+path}' is not an RFC 6570 level-1 template: '{+path}' is not a level-1 variable (operators, lists and modifiers are levels 2 to 4).",
    );
    class Fixed {
      @Resource('docs://readme')
      readme(section: string) {
        return section;
      }
    }
    expect(() => new ToolSet([new Fixed()])).toThrow("the resource 'docs://readme' has a fixed URI and takes no arguments, but its method has 'section'.");
  });
});

describe('issue 23: the definitions without MCP', () => {
  class Direct {
    @Prompt({ description: 'Plans a trip' })
    plan(
      @Param({ type: [String] }) stops: string[],
      fast: boolean,
      @Param({
        complete: () => {
          throw new Error('down');
        },
      })
      note = '',
      @Param({ complete: () => ['x', 7 as unknown as string, 'y'] }) tag = 'x',
    ) {
      return `${stops.join(' → ')}${fast ? ' (fast)' : ''}${note}${tag}`;
    }
  }
  const set = new ToolSet([new Direct()]);

  it('an array argument is read from its JSON text, a boolean from true/false', async () => {
    expect(await set.prompt('plan')!.get({ stops: '["Oslo","Bergen"]', fast: 'true' })).toEqual({
      ok: true,
      value: [{ role: 'user', content: { type: 'text', text: 'Oslo → Bergen (fast)x' } }],
    });
    expect(await set.prompt('plan')!.get({ stops: 'Oslo', fast: 'yes' })).toEqual({
      ok: false,
      reason: 'arguments',
      text: "Argument 'stops' must be an array.\nArgument 'fast' must be true or false.",
    });
  });

  it("a prompt's or resource's failure is named as a prompt's or a resource's, and a bad template variable has the argument text", async () => {
    class Failing {
      @Prompt({ description: 'Fails' })
      broken(topic: string): string {
        throw new Error(`no ${topic}`);
      }

      @ResourceTemplate('note://{id}', { name: 'note' })
      note(@Param({ type: Int32 }) id: number): string {
        if (id > 5) throw new RangeError('too big');
        return `note ${id}`;
      }
    }
    const failing = new ToolSet([new Failing()]);
    expect(await failing.prompt('broken')!.get({ topic: 'coffee' })).toEqual({ ok: false, reason: 'failed', text: "Prompt 'broken' failed: Error: no coffee" });
    const note = failing.resourceAt('note://9') as ResourceTemplateDefinition;
    expect(await note.read('note://9')).toEqual({ ok: false, reason: 'failed', text: "Resource 'note' failed: RangeError: too big" });
    expect(await note.read('note://x1')).toEqual({ ok: false, reason: 'arguments', text: "Argument 'id' must be an integer from -2147483648 to 2147483647." });
  });

  it('a completer that throws suggests nothing; values that are not text are left out', async () => {
    expect(await set.prompt('plan')!.complete('note', '')).toEqual({ values: [], total: 0, hasMore: false });
    expect(await set.prompt('plan')!.complete('tag', '')).toEqual({ values: ['x', 'y'], total: 2, hasMore: false });
    expect(await set.prompt('plan')!.complete('fast', 't')).toEqual({ values: ['true'], total: 1, hasMore: false });
    expect(await set.prompt('plan')!.complete('nope', '')).toEqual({ values: [], total: 0, hasMore: false });
  });
});

describe('issue 23: per-caller visibility (visibleServed)', () => {
  it('a hidden prompt or resource is neither listed nor readable: it is unknown to that caller', async () => {
    const set = new ToolSet([new Everything()], {
      visibleServed: (item, ctx) => ctx.caller?.via === 'mcp' && !item.name.includes('image') && !('uri' in item && item.uri === 'test://static-binary'),
    });
    const { client, close } = await connectV1(createMcpServer(set, info));
    try {
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
        'test_simple_prompt',
        'test_prompt_with_arguments',
        'test_prompt_with_embedded_resource',
        'greet',
      ]);
      await expect(client.getPrompt({ name: 'test_prompt_with_image' })).rejects.toThrow(
        "MCP error -32602: Unknown prompt 'test_prompt_with_image'. Available prompts: test_simple_prompt, test_prompt_with_arguments, test_prompt_with_embedded_resource, greet.",
      );
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['test://static-text', 'test://watched-resource']);
      await expect(client.readResource({ uri: 'test://static-binary' })).rejects.toThrow("MCP error -32002: Unknown resource 'test://static-binary'.");
      expect((await client.readResource({ uri: 'test://template/7/data' })).contents).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

describe('issue 23: list_changed for prompts and resources', () => {
  class Later {
    @Prompt({ description: 'Added after serving' })
    later() {
      return 'Later.';
    }
  }
  class LaterResource {
    @Resource('test://later', { mimeType: 'text/plain' })
    later() {
      return 'later';
    }
  }

  async function connected(set: ToolSet) {
    const heard: string[] = [];
    const { client } = await connectV1(createMcpServer(set, info), {
      before: (c) => {
        c.setNotificationHandler(PromptListChangedNotificationSchema, () => void heard.push('prompts'));
        c.setNotificationHandler(ResourceListChangedNotificationSchema, () => void heard.push('resources'));
        c.setNotificationHandler(ToolListChangedNotificationSchema, () => void heard.push('tools'));
      },
    });
    return { client, heard };
  }

  it('adding prompts or resources after serving sends notifications/prompts/list_changed or notifications/resources/list_changed, and the lists show them', async () => {
    const set = new ToolSet([new Everything()]);
    const { client, heard } = await connected(set);
    try {
      set.add(new Later());
      await client.ping();
      expect(heard).toEqual(['prompts']);
      expect((await client.listPrompts()).prompts.map((p) => p.name).slice(-1)).toEqual(['later']);
      set.add(new LaterResource());
      await client.ping();
      expect(heard).toEqual(['prompts', 'resources']);
      expect((await client.listResources()).resources.map((r) => r.uri).slice(-1)).toEqual(['test://later']);
    } finally {
      await client.close();
    }
  });

  it('a kind the server did not declare when it started is not announced on that connection', async () => {
    const set = new ToolSet([new LaterResource()]);
    const { client, heard } = await connected(set);
    try {
      expect(client.getServerCapabilities()).toEqual({
        tools: { listChanged: true },
        logging: {},
        resources: { subscribe: true, listChanged: true },
        completions: {},
      });
      set.add(new Later());
      await client.ping();
      expect(heard).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('prompts added to a set that had none reach the servers made after it', async () => {
    const set = new ToolSet([new LaterResource()]);
    const before = await connected(set);
    set.add(new Later());
    const after = await connected(set);
    try {
      expect([before.client.getServerCapabilities()?.prompts, after.client.getServerCapabilities()?.prompts]).toEqual([undefined, { listChanged: true }]);
      expect((await after.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['later']);
    } finally {
      await before.client.close();
      await after.client.close();
    }
  });

  it('a plain source (not a ToolSet) that has no onServedChange declares no listChanged for prompts and resources', async () => {
    const set = new ToolSet([new Later(), new LaterResource()]);
    const plain = {
      list: () => set.list(),
      invoke: (name: string, args: string | object) => set.invoke(name, args),
      prompts: () => set.prompts(),
      prompt: (name: string) => set.prompt(name),
      resources: () => set.resources(),
      resourceTemplates: () => set.resourceTemplates(),
      resourceAt: (uri: string) => set.resourceAt(uri),
      onResourceUpdated: (listener: (uri: string) => void) => set.onResourceUpdated(listener),
    };
    const { client } = await connectV1(createMcpServer(plain, info));
    try {
      expect(client.getServerCapabilities()).toEqual({ tools: {}, logging: {}, prompts: {}, resources: { subscribe: true }, completions: {} });
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['later']);
    } finally {
      await client.close();
    }
  });

  it('under a visible rule, a 2025 connection is sent a list change only when what its client was last listed changed; a client that never listed is sent none', async () => {
    const set = new ToolSet([new Everything()], { visible: (tool) => !tool.name.startsWith('admin_') });
    const { client, heard } = await connected(set);
    try {
      set.add(Tool.fromJsonSchema({ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }, () => 'echo'));
      await client.ping();
      expect(heard).toEqual([]);
      await client.listTools();
      set.add(Tool.fromJsonSchema({ name: 'admin_purge', description: 'Purges', inputSchema: { type: 'object' } }, () => 'purged'));
      await client.ping();
      expect(heard).toEqual([]);
      set.add(Tool.fromJsonSchema({ name: 'shout', description: 'Shouts', inputSchema: { type: 'object' } }, () => 'SHOUT'));
      await client.ping();
      expect(heard).toEqual(['tools']);
    } finally {
      await client.close();
    }
  });
});

describe("docs/prompts-resources.md over MCP: a method's failure, messages by role, a value's JSON", () => {
  class Failing {
    @Prompt({ description: 'Fails' })
    broken(topic: string): string {
      throw new Error(`no ${topic} at postgres://admin:hunter2@db`);
    }

    @Prompt({ description: 'A dialogue' })
    dialogue(): { role: 'user' | 'assistant'; content: unknown }[] {
      return [
        { role: 'user', content: 'Who are you?' },
        { role: 'assistant', content: Part.text('A reviewer.') },
      ];
    }

    @Resource('order://last')
    last(): object {
      return { id: 7, items: ['tea'] };
    }

    @Resource('order://note')
    note(): Part {
      return Part.resource({ uri: 'order://elsewhere', mimeType: 'text/markdown', text: '# Note' });
    }

    @ResourceTemplate('note://{id}', { name: 'note_at' })
    noteAt(@Param({ type: Int32 }) id: number): string {
      if (id > 5) throw new RangeError(`too big at postgres://admin:hunter2@db`);
      return `note ${id}`;
    }
  }

  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'answered';
    } catch (e) {
      const { code, message } = e as { code: number; message: string };
      return { code, message };
    }
  };

  it("a prompt or resource method that throws is -32603 with the text a failed tool gets, naming it; the set's errorText applies", async () => {
    const plain = await connectV1(createMcpServer(new ToolSet([new Failing()]), info));
    const shaped = await connectV1(createMcpServer(new ToolSet([new Failing()], { errorText: (f) => `'${f.tool}' failed (${f.kind}).` }), info));
    try {
      expect([
        await failure(plain.client.getPrompt({ name: 'broken', arguments: { topic: 'coffee' } })),
        await failure(plain.client.readResource({ uri: 'note://9' })),
        await failure(shaped.client.getPrompt({ name: 'broken', arguments: { topic: 'coffee' } })),
        await failure(shaped.client.readResource({ uri: 'note://9' })),
      ]).toEqual([
        { code: -32603, message: "MCP error -32603: Prompt 'broken' failed: Error: no coffee at postgres://admin:hunter2@db" },
        { code: -32603, message: "MCP error -32603: Resource 'note_at' failed: RangeError: too big at postgres://admin:hunter2@db" },
        { code: -32603, message: "MCP error -32603: 'broken' failed (threw)." },
        { code: -32603, message: "MCP error -32603: 'note_at' failed (threw)." },
      ]);
    } finally {
      await plain.close();
      await shaped.close();
    }
  });

  it('a prompt returning { role, content } messages gives those messages; a resource returning another value is its JSON text, application/json; a Part.resource its text', async () => {
    const c = await connectV1(createMcpServer(new ToolSet([new Failing()]), info));
    try {
      expect((await c.client.getPrompt({ name: 'dialogue' })).messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Who are you?' } },
        { role: 'assistant', content: { type: 'text', text: 'A reviewer.' } },
      ]);
      expect((await c.client.readResource({ uri: 'order://last' })).contents).toEqual([
        { uri: 'order://last', mimeType: 'application/json', text: '{"id":7,"items":["tea"]}' },
      ]);
      expect((await c.client.readResource({ uri: 'order://note' })).contents).toEqual([{ uri: 'order://note', mimeType: 'text/markdown', text: '# Note' }]);
    } finally {
      await c.close();
    }
  });
});
