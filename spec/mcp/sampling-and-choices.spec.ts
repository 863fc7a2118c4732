import 'reflect-metadata';
import type { ClientCapabilities, ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { EnumOf, ObjectOf, Tool, ToolContext, ToolContextError, ToolDefinitionError, ToolSet } from 'tool-signatures';
import { createMcpServer } from 'tool-signatures/mcp';
import { connectV1 } from '../helpers/mcp-client';

const Plan = ObjectOf({
  plan: { type: EnumOf(['free', 'pro', 'team']), description: 'The plan' },
  addons: { type: [EnumOf(['backup', 'support'])], optional: true, description: 'Add-ons' },
  size: { type: EnumOf(['s', 'm']), optional: true },
});

class Assistant {
  @Tool({ description: 'Summarises a text with the caller model.' })
  async summarise(text: string, ctx: ToolContext): Promise<string> {
    try {
      const answer = await ctx.sample([{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }], {
        maxTokens: 50,
        systemPrompt: 'Be brief.',
        temperature: 0.2,
      });
      return `${answer.model}/${answer.role}/${answer.stopReason}: ${answer.text}`;
    } catch (e) {
      if (e instanceof ToolContextError) return `${e.code}: ${e.message}`;
      throw e;
    }
  }

  @Tool({ description: 'Tells its progress token.' })
  token(ctx: ToolContext): string {
    return JSON.stringify({ token: ctx.progressToken ?? null });
  }

  @Tool({ description: 'Asks for a plan, with titled choices.' })
  async choose(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(Plan, 'Pick a plan', {
      titles: {
        plan: { free: 'Free', pro: 'Pro, 20 € a month' },
        addons: { backup: 'Nightly backup', support: 'Phone support' },
        size: { s: 'Small', m: 'Medium' },
      },
      enumNames: ['size'],
    });
    return answer.action === 'accept' ? JSON.stringify(answer.value) : answer.action;
  }
}

/** A client that declares `capabilities`; with sampling, its model answers 'a short summary'. */
const connect = (capabilities: ClientCapabilities, answers: { elicit?: (r: ElicitRequest) => ElicitResult } = {}) =>
  connectV1(createMcpServer(new ToolSet([new Assistant()]), { name: 'assistant', version: '1.0.0' }), {
    capabilities,
    ...(capabilities.sampling !== undefined
      ? {
          onSample: () => ({
            role: 'assistant' as const,
            content: { type: 'text' as const, text: 'a short summary' },
            model: 'test-model',
            stopReason: 'endTurn',
          }),
        }
      : {}),
    ...(answers.elicit !== undefined ? { onElicit: answers.elicit } : {}),
  });

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content.map((c) => c.text).join('\n');
}

describe('ctx.sample over MCP (real SDK client)', () => {
  it("sends sampling/createMessage to a client that declared sampling, and returns the model's answer with its text", async () => {
    const c = await connect({ sampling: {} });
    try {
      const result = await c.client.callTool({ name: 'summarise', arguments: { text: 'a long story' } });
      expect(result.isError).toBeUndefined();
      expect(text(result)).toBe('test-model/assistant/endTurn: a short summary');
      expect(c.sampled).toHaveLength(1);
      // The client's SDK parses the request (its own key order): compared as values.
      expect(c.sampled[0]!.params).toEqual({
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarise: a long story' } }],
        maxTokens: 50,
        systemPrompt: 'Be brief.',
        temperature: 0.2,
      });
    } finally {
      await c.close();
    }
  });

  it('rejects with NO_SAMPLING, saying why, where the client did not declare sampling', async () => {
    const c = await connect({});
    try {
      const result = await c.client.callTool({ name: 'summarise', arguments: { text: 'x' } });
      expect(text(result)).toBe(
        "NO_SAMPLING: no client can be asked for a model's answer here (tool 'summarise'): the call did not come from an MCP client that declared sampling (on a session).",
      );
    } finally {
      await c.close();
    }
  });

  it('rejects with NO_SAMPLING outside MCP, and with SAMPLING_FAILED when the client fails', async () => {
    await expect(new ToolContext().sample('hello')).rejects.toMatchObject({ code: 'NO_SAMPLING' });
    const failing = new ToolContext({ client: { sample: () => Promise.reject(new Error('the user refused')) } });
    await expect(failing.sample('hello')).rejects.toMatchObject({
      code: 'SAMPLING_FAILED',
      message: "the client's model could not be asked: the user refused",
    });
    await expect(new ToolContext({ client: { sample: () => Promise.reject(new Error('never')) } }).sample([])).rejects.toMatchObject({
      code: 'SAMPLING_FAILED',
    });
  });
});

describe('ctx.progressToken over MCP', () => {
  it("is the request's _meta.progressToken, and undefined when the client gave none", async () => {
    const c = await connect({});
    try {
      const withToken = await c.client.callTool({ name: 'token', arguments: {} }, undefined, { onprogress: () => undefined });
      expect(JSON.parse(text(withToken)).token).toEqual(expect.any(Number));
      expect(
        text(
          await c.client.request(
            { method: 'tools/call', params: { name: 'token', arguments: {}, _meta: { progressToken: 'tok-1' } } },
            (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema,
          ),
        ),
      ).toBe('{"token":"tok-1"}');
      expect(text(await c.client.callTool({ name: 'token', arguments: {} }))).toBe('{"token":null}');
    } finally {
      await c.close();
    }
  });
});

describe('titled choices in elicitation forms (ElicitOptions.titles)', () => {
  it('sends a titled single choice as oneOf const/title, a titled multiple choice as items.anyOf, enumNames where asked; the answer is read as without titles', async () => {
    const c = await connect({ elicitation: {} }, { elicit: () => ({ action: 'accept', content: { plan: 'pro', addons: ['backup'], size: 'm' } }) });
    try {
      const result = await c.client.callTool({ name: 'choose', arguments: {} });
      expect(text(result)).toBe('{"plan":"pro","addons":["backup"],"size":"m"}');
      expect(JSON.stringify((c.asked[0]!.params as { requestedSchema: unknown }).requestedSchema)).toBe(
        JSON.stringify({
          type: 'object',
          properties: {
            plan: {
              type: 'string',
              description: 'The plan',
              oneOf: [
                { const: 'free', title: 'Free' },
                { const: 'pro', title: 'Pro, 20 € a month' },
                { const: 'team', title: 'team' },
              ],
            },
            addons: {
              type: 'array',
              description: 'Add-ons',
              items: {
                anyOf: [
                  { const: 'backup', title: 'Nightly backup' },
                  { const: 'support', title: 'Phone support' },
                ],
              },
            },
            size: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
          },
          required: ['plan'],
        }),
      );
    } finally {
      await c.close();
    }
  });

  it('refuses an answer outside the choices, as without titles', async () => {
    const c = await connect({ elicitation: {} }, { elicit: () => ({ action: 'accept', content: { plan: 'Pro, 20 € a month' } }) });
    try {
      const result = await c.client.callTool({ name: 'choose', arguments: {} });
      expect(result.isError).toBe(true);
      expect(c.asked).toHaveLength(2);
      expect(text(result)).toBe("Tool 'choose' failed: ToolContextError: the answer was refused: Field 'plan' must be one of: free, pro, team.");
    } finally {
      await c.close();
    }
  });

  it('refuses titles for a field that is not a string enum, or for values it does not have (OLT002)', async () => {
    const ask = (titles: Record<string, Record<string, string>>) =>
      new ToolContext({ client: { elicit: async () => ({ action: 'cancel' }) } }).elicit(ObjectOf({ name: String, plan: EnumOf(['a', 'b']) }), 'q', { titles });
    await expect(ask({ name: { x: 'X' } })).rejects.toThrow(ToolDefinitionError);
    await expect(ask({ name: { x: 'X' } })).rejects.toThrow("the titles given for 'name' cannot be sent (it is not a string enum)");
    await expect(ask({ plan: { c: 'C' } })).rejects.toThrow(
      "the titles given for 'plan' cannot be sent ('c' is not one of its values, or its title is not a string)",
    );
    await expect(ask({ other: { a: 'A' } })).rejects.toThrow("the titles given for 'other' cannot be sent (the form has no such field)");
  });
});
