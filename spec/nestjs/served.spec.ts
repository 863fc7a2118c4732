/**
 * Issue 23: a NestJS module serves tools, prompts and resources from one registry (the program
 * spec/nestjs/programs/served.ts runs a real NestJS 12 application context; see it for the classes).
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/nestjs/programs/served.ts', ['spec/nestjs/programs', 'lib/nestjs']);
}, 180_000);

describe('issue 23: ToolsModule discovers prompts and resources as it discovers tools', () => {
  it("the registry holds the providers' tools, prompts, resources and templates", () => {
    expect(out.registry).toEqual({
      tools: ['count'],
      prompts: ['restock_plan', 'greet'],
      resources: ['inventory://all'],
      templates: ['inventory://items/{id}'],
    });
  });

  it('its MCP endpoint declares and lists them', () => {
    // The endpoint is stateless: no listChanged and no resources.subscribe (nothing would deliver them; docs/mcp.md).
    expect(out.capabilities).toEqual({ tools: {}, logging: {}, prompts: {}, resources: {}, completions: {} });
    expect(out.tools).toEqual(['count']);
    expect(out.prompts).toEqual([
      { name: 'restock_plan', description: 'Ask for a restock plan.', arguments: [{ name: 'days', description: 'Days ahead', required: true }] },
      { name: 'greet', description: 'Greets.', arguments: [{ name: 'name', required: true }] },
    ]);
  });

  it('a prompt of a singleton reads its state; a request-scoped provider is resolved per get', () => {
    expect(out.plan).toEqual([{ role: 'user', content: { type: 'text', text: 'Plan the restock of bolts, nuts for the next 7 days.' } }]);
    expect(out.greetings).toEqual([
      [{ role: 'user', content: { type: 'text', text: 'Hello Ada from instance 1' } }],
      [{ role: 'user', content: { type: 'text', text: 'Hello Bob from instance 2' } }],
    ]);
  });

  it("resources read through the provider; a bad template variable gets the invoker's text", () => {
    expect(out.all).toEqual([{ uri: 'inventory://all', mimeType: 'application/json', text: '{"1":"bolts","2":"nuts"}' }]);
    expect(out.item).toEqual([{ uri: 'inventory://items/2', mimeType: 'text/plain', text: 'nuts' }]);
    expect(out.badItem).toBe("MCP error -32602: Argument 'id' must be an integer from -2147483648 to 2147483647.");
  });
});

describe('issue 23: guards and interceptors run around prompts and resources as around tools', () => {
  let e: Record<string, unknown>;

  beforeAll(async () => {
    e = await runProgram<Record<string, unknown>>('spec/nestjs/programs/served-enhancers.ts', ['spec/nestjs/programs', 'lib/nestjs']);
  }, 180_000);

  it("a guard lets one caller get a prompt and refuses another: the refusal is a JSON-RPC error (-32600), as a tool's is an error result", () => {
    expect(e.promptAda).toEqual([{ role: 'user', content: { type: 'text', text: 'Brief me on bolts.' } }]);
    expect(e.promptBob).toBe("MCP error -32600: Prompt 'brief' was refused: Forbidden resource.");
    expect(e.openBob).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello.' } }]);
    expect(e.toolBob).toEqual({ content: [{ type: 'text', text: "Tool 'count_notes' was refused: Forbidden resource." }], isError: true });
  });

  it('a guard throwing a 4xx refuses a resource read; a request-scoped provider class guard refuses a template read', () => {
    expect(e.resourceAda).toEqual([{ uri: 'notes://all', mimeType: 'text/plain', text: 'two notes' }]);
    expect(e.resourceBob).toBe("MCP error -32600: Resource 'notes://all' was refused: Unauthorized.");
    expect(e.draftAda).toEqual([{ uri: 'drafts://3', mimeType: 'text/plain', text: 'draft 3' }]);
    expect(e.draftBob).toBe("MCP error -32600: Resource 'drafts://3' was refused: Forbidden resource.");
  });

  it('an interceptor sees a resource read (its kind, name and URI, the method) and changes what it gives', () => {
    expect(e.template).toEqual([{ uri: 'notes://7', mimeType: 'text/plain', text: 'NOTE 7' }]);
    expect(e.seen).toEqual([
      { guard: 'prompt', name: 'brief', user: 'ada' },
      { guard: 'prompt', name: 'brief', user: 'bob' },
      { guard: 'tool', name: 'count_notes', user: 'bob' },
      { interceptor: 'template', name: 'note', uri: 'notes://7', type: 'tool', handler: 'note' },
      { guard: 'template', name: 'draft', user: 'ada' },
      { guard: 'template', name: 'draft', user: 'bob' },
    ]);
  });
});
