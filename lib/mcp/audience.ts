/**
 * The audience of a bearer token (RFC 8707, MCP authorization): a token that names the resource it
 * was issued for (`AuthInfo.resource`) is accepted only by that resource. A token that names none
 * is left to the verifier, which may check the audience its own way.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

/** A resource URI as compared: its URL text without a fragment and without one trailing slash (as the SDK's `expectedResource` compares). */
function comparable(resource: string | URL): string | undefined {
  let url: URL;
  try {
    url = new URL(String(resource));
  } catch {
    return undefined;
  }
  url.hash = '';
  return url.href.replace(/\/$/, '');
}

/**
 * The verifier the SDK's `requireBearerAuth` runs: `verify`, then, when the token names a resource,
 * a refusal (`invalid_token`: 401 with `WWW-Authenticate`) unless it is `resource`, this endpoint.
 */
export function audienceChecked(
  verify: (token: string) => Promise<AuthInfo>,
  resource: URL | undefined,
): { verifyAccessToken(token: string): Promise<AuthInfo> } {
  // Off loopback with no configured `resource` this endpoint cannot say what it is: a token that
  // names a resource is then refused, since nothing can confirm it was issued for this server.
  const expected = resource === undefined ? undefined : comparable(resource);
  return {
    async verifyAccessToken(token) {
      const info = await verify(token);
      const named: unknown = info.resource;
      if (named === undefined || named === null) return info;
      if ((typeof named !== 'string' && !(named instanceof URL)) || expected === undefined || comparable(named) !== expected) {
        const { InvalidTokenError } =
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require('@modelcontextprotocol/sdk/server/auth/errors.js') as typeof import('@modelcontextprotocol/sdk/server/auth/errors.js');
        throw new InvalidTokenError('Token was not issued for this resource');
      }
      return info;
    },
  };
}
