/**
 * Which MCP revision a message asks for: the one classifier of the HTTP endpoint and of stdio.
 */

/** The protocol revisions the SDK v2 side serves (lib/mcp/modern/). */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];
