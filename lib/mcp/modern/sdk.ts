/**
 * The SDK v2 packages, optional peers loaded on first use: `@modelcontextprotocol/server` (the v2
 * `Server`, `createMcpHandler`, the request-state codec) and `@modelcontextprotocol/node` (its Node
 * adapter). Without them the endpoints serve 2025-11-25 only.
 */
export type Sdk = typeof import('@modelcontextprotocol/server');
export type NodeSdk = typeof import('@modelcontextprotocol/node');

/** An optional peer, loaded once: the module, or undefined when it is not installed. */
function optionalPeer<T>(load: () => T): () => T | undefined {
  let loaded: T | null | undefined;
  return () => {
    if (loaded === undefined) {
      try {
        loaded = load();
      } catch {
        loaded = null;
      }
    }
    return loaded ?? undefined;
  };
}

/** The v2 SDK, or undefined when it is not installed (the endpoints then serve 2025 only). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const modernSdk = optionalPeer(() => require('@modelcontextprotocol/server') as Sdk);
/** The v2 SDK's Node adapter, or undefined when it is not installed (the HTTP endpoint then serves 2025 only). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const modernNodeSdk = optionalPeer(() => require('@modelcontextprotocol/node') as NodeSdk);
