/**
 * Issue 22: `ctx.sample` with tools (MCP 2025-11-25, SEP-1577): the client's model may use tools
 * while it answers. The tools go out as name, description and input schema (a `ToolSet`'s `listFor(ctx)`
 * fits), the answer's `tool_use` blocks come back as they are, and the tool sends their results in
 * the next sample. A client that did not declare `sampling.tools` is not sent tools: `ctx.sample`
 * rejects with `NO_SAMPLING` saying why (2025, real SDK 1.x client over a linked pair), and on
 * 2026-07-28 a call that then fails is refused `-32021` naming `sampling.tools` (raw HTTP POSTs).
 */
import 'reflect-metadata';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { Int32, Param, Tool, ToolContext, ToolContextError, ToolSet, partText, type SamplingContent } from 'tool-signatures';
import { createMcpServer, serveMcpHttp } from 'tool-signatures/mcp';
import { connectV1 } from '../helpers/mcp-client';
import { modern } from './fixtures/http';

class Weather {
  @Tool({ description: 'The temperature in a city, in degrees Celsius' })
  temperature(city: string): number {
    return city === 'Paris' ? 21 : 15;
  }
}

/** The tools the model may use: a tool set's definitions, as they are. */
const weather = new ToolSet([new Weather()]);

class Assistant {
  @Tool({ description: 'Answers with the help of the weather tools, through the caller model.' })
  async forecast(question: string, @Param({ type: Int32 }) rounds: number, ctx: ToolContext): Promise<string> {
    try {
      const messages: { role: 'user' | 'assistant'; content: SamplingContent | SamplingContent[] }[] = [
        { role: 'user', content: { type: 'text', text: question } },
      ];
      for (let i = 0; i < rounds; i++) {
        const answer = await ctx.sample(messages, { maxTokens: 200, tools: weather.listFor(ctx), toolChoice: { mode: 'auto' }, key: `turn${i}` });
        const blocks = (Array.isArray(answer.content) ? answer.content : [answer.content]) as SamplingContent[];
        const uses = blocks.filter((b): b is Extract<SamplingContent, { type: 'tool_use' }> => b.type === 'tool_use');
        if (uses.length === 0) return `model: ${answer.text}`;
        messages.push({ role: 'assistant', content: uses });
        const results: SamplingContent[] = [];
        for (const use of uses) {
          const result = await weather.invoke(use.name, use.input, { context: ctx });
          results.push({ type: 'tool_result', toolUseId: use.id, content: [{ type: 'text', text: result.parts.map(partText).join('') }] });
        }
        messages.push({ role: 'user', content: results });
      }
      return 'out of rounds';
    } catch (e) {
      if (e instanceof ToolContextError) return `${e.code}: ${e.message}`;
      throw e;
    }
  }

  @Tool({ description: 'Asks the model with tools, and does not catch a refusal.' })
  async strict(ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample('Which city is warmer?', { maxTokens: 50, tools: weather.listFor(ctx) });
    return answer.text;
  }
}

function connect(capabilities: ClientCapabilities) {
  let turn = 0;
  return connectV1(createMcpServer(new ToolSet([new Assistant()]), { name: 'assistant', version: '1.0.0' }), {
    capabilities,
    onSample: (request) => {
      // First turn: the model uses the tool; second turn: it answers with the tool's result.
      if (++turn === 1)
        return {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'u1', name: 'temperature', input: { city: 'Paris' } }],
          model: 'm',
          stopReason: 'toolUse',
        };
      const last = request.params.messages.at(-1)!.content as unknown as { type: string; toolUseId: string; content: { text: string }[] }[];
      return {
        role: 'assistant',
        content: { type: 'text', text: `It is ${last[0]!.content[0]!.text} degrees (${last[0]!.toolUseId}).` },
        model: 'm',
        stopReason: 'endTurn',
      };
    },
  });
}

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content.map((c) => c.text).join('\n');
}

describe('ctx.sample with tools (MCP 2025-11-25, real SDK client)', () => {
  it("sends the tools' names, descriptions and schemas, returns the model's tool use, and takes the tool results back", async () => {
    const c = await connect({ sampling: { tools: {} } });
    try {
      const result = await c.client.callTool({ name: 'forecast', arguments: { question: 'How warm is Paris?', rounds: 3 } });
      expect(text(result)).toBe('model: It is 21 degrees (u1).');
      expect(c.sampled).toHaveLength(2);
      expect(JSON.stringify(c.sampled[0]!.params.tools)).toBe(
        JSON.stringify([{ name: 'temperature', description: 'The temperature in a city, in degrees Celsius', inputSchema: weather.list()[0]!.inputSchema }]),
      );
      expect(c.sampled[0]!.params.toolChoice).toEqual({ mode: 'auto' });
      expect(JSON.stringify(c.sampled[1]!.params.messages.slice(1))).toBe(
        JSON.stringify([
          // The model's block as the SDK client's schema read it (type, name, id, input), sent back as it is.
          { role: 'assistant', content: [{ type: 'tool_use', name: 'temperature', id: 'u1', input: { city: 'Paris' } }] },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: 'u1', content: [{ type: 'text', text: '21' }] }] },
        ]),
      );
    } finally {
      await c.close();
    }
  });

  it('does not send tools to a client that declared sampling without tools: NO_SAMPLING, saying why', async () => {
    const c = await connect({ sampling: {} });
    try {
      const result = await c.client.callTool({ name: 'forecast', arguments: { question: 'How warm is Paris?', rounds: 1 } });
      expect(text(result)).toBe(
        "NO_SAMPLING: the client's model cannot be given tools here: the client did not declare sampling with tools (`sampling.tools`). Sample without `tools`, or use a client that declares it.",
      );
      expect(c.sampled).toHaveLength(0);
    } finally {
      await c.close();
    }
  });
});

describe('ctx.sample with tools (MCP 2026-07-28, input_required)', () => {
  const post = (url: URL, name: string, params: Record<string, unknown>, capabilities: object) =>
    modern(url, 'tools/call', { name, ...params }, { id: 1, capabilities, accept: 'application/json, text/event-stream' });

  it('asks with the tools in the input request, and completes once the tool use and the final answer come back', async () => {
    const http = await serveMcpHttp(new ToolSet([new Assistant()]), { name: 'assistant', version: '1.0.0' }, { port: 0 });
    try {
      const caps = { sampling: { tools: {} } };
      const args = { question: 'How warm is Paris?', rounds: 3 };
      const first = await post(http.url, 'forecast', { arguments: args }, caps);
      const asked = (first.body.result!.inputRequests as Record<string, { method: string; params: { tools: { name: string }[] } }>).turn0!;
      expect([asked.method, asked.params.tools.map((t) => t.name)]).toEqual(['sampling/createMessage', ['temperature']]);
      const second = await post(
        http.url,
        'forecast',
        {
          arguments: args,
          requestState: first.body.result!.requestState,
          inputResponses: { turn0: { role: 'assistant', content: [{ type: 'tool_use', id: 'u9', name: 'temperature', input: { city: 'Oslo' } }], model: 'm' } },
        },
        caps,
      );
      expect(Object.keys(second.body.result!.inputRequests as object)).toEqual(['turn1']);
      const third = await post(
        http.url,
        'forecast',
        {
          arguments: args,
          requestState: second.body.result!.requestState,
          inputResponses: { turn1: { role: 'assistant', content: { type: 'text', text: 'Cool in Oslo' }, model: 'm' } },
        },
        caps,
      );
      expect(third.body.result!.content).toEqual([{ type: 'text', text: 'model: Cool in Oslo' }]);
    } finally {
      await http.close();
    }
  });

  it('refuses a call that fails for want of sampling.tools with -32021 naming it; a tool that catches the refusal stands', async () => {
    const http = await serveMcpHttp(new ToolSet([new Assistant()]), { name: 'assistant', version: '1.0.0' }, { port: 0 });
    try {
      const refused = await post(http.url, 'strict', { arguments: {} }, { sampling: {} });
      expect([
        refused.status,
        refused.body.error?.code,
        JSON.stringify((refused.body.error?.data as { requiredCapabilities: unknown }).requiredCapabilities),
      ]).toEqual([400, -32021, '{"sampling":{"tools":{}}}']);
      const caught = await post(http.url, 'forecast', { arguments: { question: 'q', rounds: 1 } }, { sampling: {} });
      expect((caught.body.result!.content as { text: string }[])[0]!.text).toMatch(/^NO_SAMPLING: the client's model cannot be given tools here/);
    } finally {
      await http.close();
    }
  });
});
