import type { Diagnosis, ToolErrorCode } from './diagnostics';

export type { ToolErrorCode } from './diagnostics';

/** Where a definition problem lies: the class, the member, the parameter and the property path. */
export interface ToolErrorSite {
  readonly tool?: string;
  readonly className?: string;
  readonly member?: string;
  readonly paramIndex?: number;
  readonly paramName?: string;
  /** The property path below the parameter, e.g. `DocketQuery.items`. */
  readonly path?: string;
}

/**
 * A tool cannot be defined as written. The message names the class, the method, the parameter
 * (index and name) and the fix; code branches on `code`, never on the message.
 */
export class ToolDefinitionError extends Error {
  override readonly name = 'ToolDefinitionError';

  constructor(
    readonly code: ToolErrorCode,
    readonly reason: string,
    readonly site: ToolErrorSite = {},
  ) {
    super(`${code}: ${describeSite(site)}${reason}`);
  }

  /** The same problem, placed deeper or more precisely (the builder adds what it knows on the way out). */
  at(site: ToolErrorSite): ToolDefinitionError {
    return new ToolDefinitionError(this.code, this.reason, { ...site, ...dropUndefined(this.site), path: joinPath(site.path, this.site.path) });
  }
}

/** The error for a diagnosis of the catalogue (lib/diagnostics.ts). */
export function refuse(d: Diagnosis, site?: ToolErrorSite): ToolDefinitionError {
  return new ToolDefinitionError(d.code, d.text, site);
}

function dropUndefined(site: ToolErrorSite): ToolErrorSite {
  return Object.fromEntries(Object.entries(site).filter(([, v]) => v !== undefined));
}

function joinPath(outer?: string, inner?: string): string | undefined {
  if (outer && inner) return `${outer}.${inner}`;
  return outer ?? inner;
}

function describeSite(site: ToolErrorSite): string {
  const parts: string[] = [];
  const owner = site.className && site.member ? `${site.className}.${site.member}` : (site.className ?? site.member);
  if (site.tool !== undefined) parts.push(`Cannot build tool '${site.tool}'${owner ? ` (${owner})` : ''}`);
  else if (owner) parts.push(`Cannot build ${owner}`);
  if (site.paramIndex !== undefined || site.paramName !== undefined) {
    parts.push(`parameter #${site.paramIndex ?? '?'}${site.paramName !== undefined ? ` '${site.paramName}'` : ''}`);
  }
  if (site.path) parts.push(`property ${site.path}`);
  return parts.length > 0 ? `${parts.join(', ')}: ` : '';
}
