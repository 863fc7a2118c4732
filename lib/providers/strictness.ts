import type { JsonSchema } from '../tool-description';
import { isSchema, typesOf } from './convert';
import type { ProviderLoss, SourceNode } from './losses';
import { pointerSegment } from '../json';

/** Something in a schema that no strict mode can express without changing what it accepts. */
interface Blocker {
  readonly path: string;
  readonly keyword: string;
  readonly what: string;
}

/**
 * The places where a schema cannot be made strict: a value of any JSON type (`{}`), an open object
 * (`{"type":"object"}` or a Record, whose `additionalProperties` is a schema: strict modes need
 * `additionalProperties: false` on every object), an array without an item schema.
 */
export function strictBlockers(schema: JsonSchema): Blocker[] {
  const found: Blocker[] = [];
  visit(schema, '', found);
  return found;
}

function visit(node: SourceNode, path: string, found: Blocker[]): void {
  const types = typesOf(node);
  if (types.length === 0) {
    found.push({ path, keyword: 'type', what: 'a value of any JSON type ({})' });
  }
  if (types.includes('object')) {
    if (isSchema(node.additionalProperties)) {
      found.push({ path, keyword: 'additionalProperties', what: 'a Record (an object whose additionalProperties is a schema)' });
    } else if (node.additionalProperties !== false) {
      found.push({ path, keyword: 'additionalProperties', what: 'an open object (no additionalProperties: false)' });
    }
  }
  if (types.includes('array') && !isSchema(node.items)) {
    found.push({ path, keyword: 'items', what: 'an array without an item schema' });
  }
  if (isSchema(node.items)) visit(node.items, `${path}/items`, found);
  if (isSchema(node.additionalProperties)) visit(node.additionalProperties, `${path}/additionalProperties`, found);
  if (isSchema(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (isSchema(child)) visit(child, `${path}/properties/${pointerSegment(name)}`, found);
    }
  }
}

/** The loss entries for a tool that is sent without strict mode, one per blocker. */
export function fallbackLosses(provider: string, blockers: readonly Blocker[]): ProviderLoss[] {
  return blockers.map(({ path, keyword, what }) => ({
    path,
    keyword,
    action: 'fell-back-to-non-strict' as const,
    reason: `${provider} strict mode cannot express ${what}; the tool is sent without strict mode`,
  }));
}

export type { Blocker };
