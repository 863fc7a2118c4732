/**
 * Issue 23: a NestJS module serves tools, prompts and resources from one registry (the program
 * spec/issues/programs/23-nestjs.ts runs a real NestJS 12 application context; see it for the classes).
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/issues/programs/23-nestjs.ts', ['spec/issues/programs', 'lib/nestjs']);
}, 180_000);

describe('issue 23: ToolsModule discovers prompts and resources as it discovers tools', () => {
  it("the registry holds the providers' tools, prompts, resources and templates", () => {
    expect(out.registry).toEqual({ tools: ['count'], prompts: ['restock_plan', 'greet'], resources: ['inventory://all'], templates: ['inventory://items/{id}'] });
  });

  it('its MCP endpoint declares and lists them', () => {
    expect(out.capabilities).toEqual({ tools: { listChanged: true }, logging: {}, prompts: {}, resources: { subscribe: true }, completions: {} });
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
