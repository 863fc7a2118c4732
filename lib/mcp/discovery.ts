/**
 * What an endpoint that serves only 2025-11-25 and earlier (the SDK v2 peers not installed) answers
 * to `server/discover`, the request a 2026-first client opens with. It must be an answer such a
 * client reads as "a 2025 server: fall back to `initialize`":
 *
 * - the AI SDK's client (`@ai-sdk/mcp` 2.x) falls back on any error but 2026-07-28's own codes
 *   (-32020, -32021, -32022); on -32022 naming only 2025 versions it stops with an error;
 * - the SDK v2 client (`@modelcontextprotocol/client`, `versionNegotiation: 'auto'`) falls back on
 *   any JSON-RPC error but a -32022 that names a 2026 version.
 *
 * So discovery is answered as the SDK's own 2025 server answers it (its Streamable HTTP transport
 * refuses the unknown `MCP-Protocol-Version` with -32000; over stdio its protocol layer answers
 * -32601). Any other 2026-07-28 request keeps 2026's -32022 with the versions served: only a client
 * that has already chosen that revision sends one, and the list tells it what to choose instead.
 */

/** The method of MCP 2026-07-28's discovery request. */
export const DISCOVER_METHOD = 'server/discover';
