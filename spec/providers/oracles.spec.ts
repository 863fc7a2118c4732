import { toAnthropicTool, toOpenAITool } from '../../lib/providers';
import { everyTool, orderTool, toolOf } from './fixtures';

// The vendors' own helpers, required by their package subpaths (both ship CommonJS builds).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { toStrictJsonSchema } = require('openai/lib/transform') as { toStrictJsonSchema: (s: object) => object };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { transformJSONSchema } = require('@anthropic-ai/sdk/lib/transform-json-schema') as { transformJSONSchema: (s: object) => Node };

type Node = { [keyword: string]: unknown };

const noParams = () => toolOf('ping', { type: 'object', properties: {}, additionalProperties: false });
const tools = { order: orderTool, every: everyTool, 'no parameters': noParams };

/** Every schema node with its JSON pointer (properties and items, as our schemas nest). */
function nodes(schema: Node, path = ''): [string, Node][] {
  const out: [string, Node][] = [[path, schema]];
  if (schema.items && typeof schema.items === 'object') out.push(...nodes(schema.items as Node, `${path}/items`));
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
    out.push(...nodes(child, `${path}/properties/${name}`));
  }
  return out;
}
const at = (schema: Node, path: string): Node | undefined => nodes(schema).find(([p]) => p === path)?.[1];
const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sortKeys(v)]),
        )
      : value;

describe('oracle: OpenAI SDK 7.59.0 toStrictJsonSchema (openai/lib/transform)', () => {
  it.each(Object.entries(tools))('accepts our strict parameters for the %s tool and changes nothing', (_, make) => {
    const { tool } = toOpenAITool(make());
    expect(tool.function.strict).toBe(true);
    const ours = tool.function.parameters;
    const theirs = toStrictJsonSchema(ours);
    // Allowed differences: keyword order only (compared with sorted keys); no additions are allowed.
    expect(sortKeys(theirs)).toEqual(sortKeys(ours));
    // In fact the SDK keeps our order too.
    expect(JSON.stringify(theirs)).toBe(JSON.stringify(ours));
  });

  it('refuses the canonical schema itself (uniqueItems, optional without null): why the strict form exists', () => {
    expect(() => toStrictJsonSchema(everyTool().inputSchema)).toThrow();
  });
});

describe('oracle: Anthropic SDK 1.16.0 transformJSONSchema (@anthropic-ai/sdk/lib/transform-json-schema)', () => {
  /**
   * Keywords our strict form keeps because Anthropic's strict mode accepts them, while the SDK
   * helper moves them anyway: every `pattern` (we keep simple ones), `default`, and any keyword of a
   * node whose `type` is a list (the helper does not descend into `["string","null"]`). `type`
   * beside `enum` is dropped by the helper; the enum still says it all.
   */
  const keptOnPurpose = (node: Node, keyword: string): boolean =>
    keyword === 'pattern' || keyword === 'default' || Array.isArray(node.type) || (keyword === 'type' && 'enum' in node);

  it.each(Object.entries({ order: orderTool, every: everyTool }))(
    'keeps every property, required list, type and enum value of our strict %s schema',
    (_, make) => {
      const ours = toAnthropicTool(make(), { strict: true }).tool.input_schema as Node;
      const theirs = transformJSONSchema(ours);
      for (const [path, node] of nodes(ours)) {
        const other = at(theirs, path);
        expect(other).toBeDefined();
        if (!other) continue;
        if (!('enum' in node)) expect([path, other.type]).toEqual([path, node.type]);
        expect([path, other.enum]).toEqual([path, node.enum]);
        expect([path, other.required]).toEqual([path, node.required]);
        if (node.properties) expect(Object.keys(other.properties as object)).toEqual(Object.keys(node.properties));
        // What the helper still moves out of our form is only what Anthropic accepts and we kept.
        for (const keyword of Object.keys(node)) {
          if (keyword === 'description' || keyword in other) continue;
          expect([path, keyword, keptOnPurpose(node, keyword)]).toEqual([path, keyword, true]);
        }
      }
    },
  );

  it.each(Object.entries({ order: orderTool, every: everyTool }))(
    'every constraint it moves out of the canonical %s schema is in our description, or kept on purpose',
    (_, make) => {
      const canonical = make().inputSchema as Node;
      const { tool, losses } = toAnthropicTool(make(), { strict: true });
      const ours = tool.input_schema as Node;
      const theirs = transformJSONSchema(canonical);
      let stated = 0;
      for (const [path, node] of nodes(canonical)) {
        const other = at(theirs, path) ?? {};
        const mine = at(ours, path) as Node;
        for (const keyword of Object.keys(node)) {
          if (['description', 'properties', 'items', 'required', 'additionalProperties'].includes(keyword) || keyword in other) continue;
          if (keyword in mine) {
            expect([path, keyword, keptOnPurpose(node, keyword)]).toEqual([path, keyword, true]);
            continue;
          }
          expect(losses).toContainEqual(expect.objectContaining({ path, keyword, action: 'moved-to-description' }));
          const value = node[keyword];
          const words = keyword === 'uniqueItems' ? 'unique' : keyword === 'contentEncoding' ? 'Base64' : String(value);
          expect([path, keyword, String(mine.description)]).toEqual([path, keyword, expect.stringContaining(words)]);
          stated += 1;
        }
      }
      expect(stated).toBeGreaterThan(0);
    },
  );
});
