import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AnyOf, ObjectOf, Tool, type ToolDefinition } from 'tool-signatures';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { githubTools } from './github-tools';
import { publishedServer, REFERENCE_SOURCE, referenceTools } from './reference-servers';
import { accepts, argumentSamples } from './samples';

/**
 * Published MCP tools, written with this library (issue 20): github/github-mcp-server's 117 tools,
 * their input schemas copied as published (github-mcp-server.json names the repository, the commit
 * and the path), each rewritten with `Tool.create` params (github-tools.ts). On argument objects made
 * from the published schema alone (samples.ts), the published schema (ajv 2020) and the library's
 * `inputSchema` (ajv 2020) must give the same verdict, and the library's invoker the verdict of its
 * own schema. Departures, named: unknown keys (the library closes every object: not sampled, and
 * shown once below); `null` for an optional parameter, which the invoker takes as its absence (the
 * form OpenAI strict sends); integers beyond 2^53 (the library's `Int` is the safe range).
 */

type Schema = Record<string, unknown>;
const published = JSON.parse(fs.readFileSync(path.join(__dirname, 'github-mcp-server.json'), 'utf8')) as {
  repository: string;
  commit: string;
  tools: Record<string, Schema>;
};

/** Tools whose published schema has an `integer` with no upper bound: refused beyond 2^53 by `Int`. */
const UNBOUNDED_INTEGERS: Readonly<Record<string, string>> = {
  add_issue_comment: 'comment_id',
  update_issue_milestone: 'milestone',
};
const BEYOND_SAFE = 9007199254740994;

/** The arguments with every `null` property left out, at any depth. */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== null)
      .map(([k, x]) => [k, withoutNulls(x)]),
  );
}

/**
 * `null` for properties that may be left out (at any depth): the invoker reads it as absent, the form
 * OpenAI strict sends, where the schema (which does not offer null there) refuses it.
 */
const nullForOptional = (tool: ToolDefinition, args: Record<string, unknown>) => accepts(tool.inputSchema as Schema, withoutNulls(args));

async function verdicts(tool: ToolDefinition, original: Schema) {
  const schema: string[] = [];
  const invoker: string[] = [];
  const samples = argumentSamples(original);
  for (const args of samples) {
    const theirs = accepts(original, args);
    const ours = accepts(tool.inputSchema as Schema, args);
    const beyondSafe = Object.values(args).includes(BEYOND_SAFE) && UNBOUNDED_INTEGERS[tool.name] !== undefined;
    if (theirs !== ours && !beyondSafe) schema.push(`${JSON.stringify(args)}: published ${theirs}, library ${ours}`);
    const r = await tool.invoke(args);
    if (!r.isError !== ours && !(ours === false && nullForOptional(tool, args))) invoker.push(`${JSON.stringify(args)}: schema ${ours}, invoker ${!r.isError}`);
  }
  return { count: samples.length, schema, invoker };
}

describe('Published MCP tools (github/github-mcp-server) written with the library', () => {
  it('holds every published tool, each built without a warning', () => {
    expect(githubTools.map((t) => t.name)).toEqual(Object.keys(published.tools));
    expect(githubTools.filter((t) => t.warnings.length > 0).map((t) => [t.name, t.warnings])).toEqual([]);
    expect(published.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(githubTools.map((t) => [t.name, t] as const))('%s: the published schema and the library agree on every sample', async (_name, tool) => {
    const { count, schema, invoker } = await verdicts(tool, published.tools[tool.name]!);
    expect(count).toBeGreaterThan(0);
    expect({ schema, invoker }).toEqual({ schema: [], invoker: [] });
  });

  it("keeps each parameter's description, whether it is required, and union members' descriptions", () => {
    for (const tool of githubTools) {
      const original = published.tools[tool.name]!;
      const theirs = (original.properties ?? {}) as Record<string, Schema>;
      const ours = tool.inputSchema.properties as Record<string, Schema>;
      expect({ tool: tool.name, keys: Object.keys(ours).sort(), required: [...((tool.inputSchema.required ?? []) as string[])].sort() }).toEqual({
        tool: tool.name,
        keys: Object.keys(theirs).sort(),
        required: [...((original.required ?? []) as string[])].sort(),
      });
      for (const [k, p] of Object.entries(theirs)) expect({ tool: tool.name, k, d: ours[k]!.description }).toEqual({ tool: tool.name, k, d: p.description });
    }
    // A described string member beside an object (labels, assignees): v3.1 member options.
    const labels = githubTools.find((t) => t.name === 'update_issue_labels')!;
    expect(JSON.stringify((labels.inputSchema.properties as Record<string, Schema>).labels)).toMatch(
      /^\{"type":"array","description":"Labels to apply to this issue.","items":\{"anyOf":\[\{"type":"string","description":"Label name"\},\{"type":"object",/,
    );
  });

  it('departure, named: an integer beyond 2^53 is refused by Int; { type: Number, multipleOf: 1 } writes the unbounded integer exactly', async () => {
    for (const [name, key] of Object.entries(UNBOUNDED_INTEGERS)) {
      const tool = githubTools.find((t) => t.name === name)!;
      const original = published.tools[name]!;
      const args = { ...argumentSamples(original)[0], [key]: BEYOND_SAFE };
      expect([accepts(original, args), accepts(tool.inputSchema as Schema, args)]).toEqual([true, false]);
    }
    const milestone = Tool.create((owner: string, repo: string, issue_number: number, milestone: number) => `${owner}${repo}${issue_number}${milestone}`, {
      name: 'update_issue_milestone',
      params: { owner: String, repo: String, issue_number: { type: Number }, milestone: { type: Number, multipleOf: 1, minimum: 1 } },
    });
    for (const m of [BEYOND_SAFE, 1, 0, 1.5]) {
      const args = { owner: 'o', repo: 'r', issue_number: 1, milestone: m };
      const r = await milestone.invoke(args);
      expect([m, !r.isError]).toEqual([m, accepts(published.tools.update_issue_milestone!, args)]);
    }
  });

  it('departure, named: unknown keys are accepted by the published (open) schemas and refused by the library', async () => {
    const tool = githubTools.find((t) => t.name === 'create_issue')!;
    const args = { owner: 'o', repo: 'r', title: 't', extra: 1 };
    expect([accepts(published.tools.create_issue!, args), accepts(tool.inputSchema as Schema, args), (await tool.invoke(args)).isError]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('members with their own options are what these tools need: without them the union says less', () => {
    const withOptions = AnyOf({ type: String, description: 'Label name' }, ObjectOf({ name: String }));
    const without = AnyOf(String, ObjectOf({ name: String }));
    const text = (type: unknown) => JSON.stringify(Tool.create((v: unknown) => String(v), { name: 'f', params: { v: type as never } }).inputSchema.properties);
    expect(text(withOptions)).toContain('{"type":"string","description":"Label name"}');
    expect(text(without)).not.toContain('Label name');
  });
});

describe('Published MCP tools (modelcontextprotocol/servers: filesystem, memory) written with the library', () => {
  const listed: Record<string, Schema> = {};

  beforeAll(async () => {
    // The published schemas: what a client lists from the SDK's own McpServer given the servers' zod shapes.
    const [a, b] = InMemoryTransport.createLinkedPair();
    const server = publishedServer();
    const client = new Client({ name: 'corpus', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    for (const t of (await client.listTools()).tools) listed[t.name] = t.inputSchema as Schema;
    await client.close();
    await server.close();
  });

  it('holds every published tool, each built without a warning', () => {
    expect(referenceTools.map((t) => t.name)).toEqual(Object.keys(listed));
    expect(referenceTools.filter((t) => t.warnings.length > 0)).toEqual([]);
    expect(REFERENCE_SOURCE.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(referenceTools.map((t) => [t.name, t] as const))('%s: the published schema and the library agree on every sample', async (_name, tool) => {
    const { count, schema, invoker } = await verdicts(tool, listed[tool.name]!);
    expect(count).toBeGreaterThan(0);
    expect({ schema, invoker }).toEqual({ schema: [], invoker: [] });
  });

  it("keeps each parameter's description and default", () => {
    for (const tool of referenceTools) {
      const theirs = (listed[tool.name]!.properties ?? {}) as Record<string, Schema>;
      const ours = tool.inputSchema.properties as Record<string, Schema>;
      expect(Object.keys(ours)).toEqual(Object.keys(theirs));
      for (const [k, p] of Object.entries(theirs))
        expect({ tool: tool.name, k, d: ours[k]!.description, def: ours[k]!.default }).toEqual({ tool: tool.name, k, d: p.description, def: p.default });
    }
  });
});
