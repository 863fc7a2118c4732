/** A JSON Schema 2020-12 object as this library writes it (plain JSON, frozen). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The MCP tool hints, passed to MCP clients as they are. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as a model sees it: every field read-only and frozen. */
export interface ToolDescription {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly endsLoop: boolean;
  readonly requiresApproval: boolean;
  readonly parallelSafe: boolean;
  readonly timeoutSeconds: number;
  readonly annotations?: Readonly<ToolAnnotations>;
  /** What the schema could not carry (for example a `@Matches` pattern with flags). */
  readonly warnings: readonly string[];
}
