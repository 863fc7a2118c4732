/**
 * The JSON-RPC error codes lib/mcp answers with, on both revisions and every transport: the one
 * table (JSON-RPC 2.0's, MCP's, and MCP 2026-07-28's own). Nothing else in lib/mcp declares a code.
 */

/** JSON-RPC 2.0: the body or line is not JSON. */
export const PARSE_ERROR = -32700;
/** JSON-RPC 2.0: not a valid request object (or refused as one). */
export const INVALID_REQUEST = -32600;
/** JSON-RPC 2.0: no such method. */
export const METHOD_NOT_FOUND = -32601;
/** JSON-RPC 2.0: the params are not valid for the method. */
export const INVALID_PARAMS = -32602;
/** JSON-RPC 2.0: the server failed. */
export const INTERNAL_ERROR = -32603;
/** JSON-RPC's code for a cancelled request (the SDK server sends no answer to one; a stream needs one to end). */
export const REQUEST_CANCELLED = -32800;
/** The server-defined error the SDK's transports answer a refused HTTP request with. */
export const SERVER_ERROR = -32000;
/** An `Mcp-Session-Id` that names no session (of its sender). */
export const SESSION_NOT_FOUND = -32001;
/** MCP's code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;
/** MCP 2026-07-28's `HeaderMismatch`: a standard header (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`) that disagrees with the body. */
export const HEADER_MISMATCH = -32020;
/** MCP 2026-07-28's `MissingRequiredClientCapability`: a call needed what the client did not declare. */
export const MISSING_CLIENT_CAPABILITY = -32021;
/** MCP 2026-07-28's `UnsupportedProtocolVersion` (its `data` lists the versions served and echoes the one asked for). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
