/**
 * tool-signatures/ai-sdk in the AI SDK's own loop. The AI SDK 7 is an ES module only package, which
 * jest's CommonJS runtime cannot load, so the loop runs as a user runs it: programs/loop.ts compiled
 * (with the library beside it, scripts/compile.js) and run by Node, which loads `ai` through
 * require(esm). It prints what happened as JSON; each test checks one part of it.
 */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { toAiSdkTools } from 'tool-signatures/ai-sdk';
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/ai-sdk/programs/loop.ts', ['spec/ai-sdk', 'lib/ai-sdk.ts']);
}, 180_000);

describe('generateText with MockLanguageModelV4 over toAiSdkTools(toolSet)', () => {
  it('sends the canonical input schemas unchanged', () => {
    expect(out.schemaSent).toEqual([
      [
        'place_order',
        {
          type: 'object',
          properties: { sku: { type: 'string', description: 'Catalogue SKU.' }, qty: { type: 'integer', minimum: 1, maximum: 100 } },
          required: ['sku', 'qty'],
          additionalProperties: false,
        },
      ],
      ['stock', { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'], additionalProperties: false }],
    ]);
  });

  it('records a bad argument as a tool-error part (a ToolCallError), beside a good call in the same step', () => {
    expect((out.steps as unknown[])[0]).toEqual([
      ['tool-error', 'place_order', 'ToolCallError', "Argument 'qty' must be an integer from 1 to 100."],
      ['tool-result', 'stock', { sku: 'BOLT-M8', onHand: 120 }],
    ]);
  });

  it("lets the model read the invoker's text as the tool's error, and its corrected call succeeds", () => {
    expect(out.modelRead).toEqual([
      [],
      [
        ['place_order', { type: 'error-text', value: "Argument 'qty' must be an integer from 1 to 100." }],
        ['stock', { type: 'json', value: { sku: 'BOLT-M8', onHand: 120 } }],
      ],
      [['place_order', { type: 'text', value: 'order 1001: 3 × BOLT-M8' }]],
    ]);
    expect([out.text, out.orders]).toEqual(['Ordered 3 BOLT-M8.', 1]);
  });

  it('runs each call in a child of the given context (cost lines forwarded)', () => {
    expect(out.costs).toEqual(['order']);
  });

  it("a tool that throws is a tool error with the invoker's text; parts with an image are content; the SDK's functions can be passed in", () => {
    expect(out.modelRead2).toEqual([
      ['broken', { type: 'error-text', value: "Tool 'broken' failed: TypeError: the warehouse is offline" }],
      [
        'picture',
        {
          type: 'content',
          value: [
            { type: 'text', text: 'picture of NUT' },
            { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw==' } },
          ],
        },
      ],
      ['nope', { type: 'error-text', value: "AI_NoSuchToolError: Model tried to call unavailable tool 'nope'. Available tools: picture, broken." }],
    ]);
  });

  it("passes the SDK's abort signal to the tool: aborting ends the tool and the loop", () => {
    expect(out.aborted).toEqual(['resolved', 1, ['tool-call', ['tool-error', 'Error: user left']]]);
  });

  it('makes requiresApproval the SDK needsApproval: the loop stops with an approval request', () => {
    expect(out.approval).toEqual(['tool-call', 'tool-approval-request']);
  });

  it("ends the loop on an endsLoop tool with the SDK's hasToolCall", () => {
    expect(out.ended).toEqual([1, ['all done']]);
  });

  it('ToolCallError: message and toString are the result text; it carries the result', () => {
    expect(out.error).toEqual(["Argument 'qty' must be an integer from 1 to 100.", "Argument 'qty' must be an integer from 1 to 100.", true, true]);
  });
});

describe('where require() cannot load the ES module (jest itself)', () => {
  class Echo {
    @Tool({ description: 'Echo.', requiresApproval: true })
    echo(text: string): string {
      return text;
    }
  }

  it("says how to pass the SDK's functions", () => {
    expect(() => toAiSdkTools(new ToolSet([new Echo()]))).toThrow(
      /^tool-signatures\/ai-sdk could not load the 'ai' package with require\(\) \(.+\)\. .+pass the SDK's functions: import \{ tool, jsonSchema \} from 'ai'; toAiSdkTools\(tools, \{ sdk: \{ tool, jsonSchema \} \}\)\.$/s,
    );
  });
});

describe("the SDK's own tool() and jsonSchema() passed in (sdk option), as the loop calls the tools they make", () => {
  it('makes one tool per definition with the input schema as the SDK holds it; approvals: false runs it with an approver and refuses it without one', () => {
    expect(out.passedIn).toEqual([
      ['echo'],
      { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      'undefined', // approvals: false: the SDK is not asked (the approver decides)
      ['resolved', 'hi'],
      ['rejected', "Argument 'text' is required."],
      // Without an approver, approvals: false refuses the call (issue 21; SECURITY.md: no approver refuses it).
      ['rejected', "Tool 'echo' was not approved: it requires approval and no approver was given."],
    ]);
  });

  it("a requiresApproval predicate becomes the SDK's needsApproval function of the validated arguments; the SDK's context reaches ctx.caller", () => {
    expect(out.predicate).toEqual(['function', false, true, false, ['resolved', 'paid 500 for ada via ai-sdk']]);
  });

  it('in generateText: the call the predicate lets through runs with the per-tool context (toolsContext), the other waits for approval', () => {
    expect(out.predicateInLoop).toEqual([
      ['tool-call', 'h1'],
      ['tool-call', 'h2'],
      ['tool-result', 'h1', 'paid 50 for bo via ai-sdk'],
      ['tool-approval-request', 'h2'],
    ]);
  });
});
