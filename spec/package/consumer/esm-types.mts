// Type-checked as an ES module (node16: the import condition's .d.mts; bundler: the same).
import { Tool, ToolResult, type ToolDefinition, type CostLine } from 'tool-signatures';

const tool: ToolDefinition = Tool.create(
  function echo(text = '') {
    return text;
  },
  { description: 'Echo.' },
);

const cost: CostLine = { label: 'x', amount: 1 };
const result: Promise<ToolResult> = tool.invoke({ text: 'typed' });

void result.then((r) => console.log(JSON.stringify({ name: tool.name, parts: r.parts, cost: cost.label, error: ToolResult.error('e').isError })));
