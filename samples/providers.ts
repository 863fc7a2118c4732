/**
 * Provider forms: one definition, the shape each vendor's API takes, and a report of every keyword
 * that had to move. A strict OpenAI model sends `null` for an optional parameter; the invoker reads
 * it as "use the default".
 *
 * Run: npm start -- samples/providers
 */
import 'reflect-metadata';
import { Description, Param, SetOf, toAnthropicTool, toGeminiTool, toMcpTool, toOpenAITool, Tool, type ProviderForm } from 'tool-signatures';

class Search {
  @Tool({ description: 'Search the catalogue.' })
  search(
    @Description('Words to look for.') @Param({ minLength: 2, pattern: '^[\\p{L}\\d ]+$' }) query: string,
    @Description('Tags that must all match.') @Param({ type: SetOf(String), optional: true }) tags?: Set<string>,
    @Param({ description: 'Page size.' }) limit = 20,
  ): string {
    return `'${query}' tags=${tags === undefined ? 'none' : [...tags].join('+')} limit=${limit}`;
  }
}

function show(label: string, form: ProviderForm<unknown>): void {
  console.log(`${label}: ${JSON.stringify(form.tool)}`);
  for (const l of form.losses) console.log(`  ${l.path || '(root)'} ${l.keyword}: ${l.action}`);
}

async function main(): Promise<void> {
  const [search] = Tool.fromInstance(new Search());
  const tool = search!;
  console.log(`canonical: ${JSON.stringify(tool.inputSchema)}`);
  show('openai strict', toOpenAITool(tool));
  show('openai', toOpenAITool(tool, { strict: false, api: 'responses' }));
  show('anthropic strict', toAnthropicTool(tool, { strict: true }));
  show('gemini', toGeminiTool(tool));
  show('gemini openapi', toGeminiTool(tool, { form: 'openapi' }));
  show('mcp', toMcpTool(tool));

  // What a strict OpenAI model sends back: every property present, null for "not given".
  const r = await tool.invoke('{"query":"hex bolt","tags":null,"limit":null}');
  console.log(`strict call: ${r.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}`);
}

void main();
