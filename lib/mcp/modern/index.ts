/**
 * MCP 2026-07-28, by job: the SDK v2 peers (sdk.ts), the factory of the v2 servers that bind the
 * table's rows (factory.ts), a request's scope (scope.ts), questions by replay (questions.ts), the
 * listen streams' bus and body (listen.ts), the `Mcp-Param-*` check (param-headers.ts).
 */
export { MODERN_VERSIONS } from '../revision';
export { modernSdk, modernNodeSdk } from './sdk';
export { modernServerFactory, type ModernFactory, type ModernOptions } from './factory';
export type { ModernCaller, ModernRequestInfo } from './scope';
export { MAX_INPUT_ROUNDS, MAX_REQUEST_STATE_CHARS } from './questions';
