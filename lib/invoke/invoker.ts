import type { ToolDefinition } from '../definition';
import type { InvokeOptions } from './options';
import { ToolResult } from './result';

// Placeholder until the invoker lands (issue 3): every call is refused as an error result.
export function invokeTool(tool: ToolDefinition, _args: string | object, _options?: InvokeOptions): Promise<ToolResult> {
  return Promise.resolve(ToolResult.error(`Tool '${tool.name}' cannot be invoked yet.`));
}
