import Ajv2020 from 'ajv/dist/2020';
import type { ToolDefinition } from 'tool-signatures';

const ajv = new Ajv2020({ strict: false });

/** Every emitted schema must be valid JSON Schema 2020-12. */
export function expectMetaValid(schema: unknown): void {
  const ok = ajv.validateSchema(schema as object);
  if (!ok) throw new Error(`not a valid 2020-12 schema: ${ajv.errorsText(ajv.errors)}\n${JSON.stringify(schema)}`);
}

/** The input schema as exact JSON text (keyword order is part of the contract), checked against the meta-schema. */
export function inputText(tool: ToolDefinition): string {
  expectMetaValid(tool.inputSchema);
  if (tool.outputSchema !== undefined) expectMetaValid(tool.outputSchema);
  return JSON.stringify(tool.inputSchema);
}

/** The fragment of one parameter, as exact JSON text. */
export function paramText(tool: ToolDefinition, name: string): string {
  inputText(tool);
  const props = tool.inputSchema.properties as Record<string, unknown>;
  return JSON.stringify(props[name]);
}

export function outputText(tool: ToolDefinition): string | undefined {
  inputText(tool);
  return tool.outputSchema === undefined ? undefined : JSON.stringify(tool.outputSchema);
}

/** Runs `fn` and returns the ToolDefinitionError it throws (fails when it throws nothing else). */
export function definitionError(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof Error && e.name === 'ToolDefinitionError') return e as Error & { code: string };
    throw e;
  }
  throw new Error('expected a ToolDefinitionError, but nothing was thrown');
}
