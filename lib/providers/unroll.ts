import { copyJson, isSchema } from './convert';
import type { ProviderLoss, SchemaNode, SourceNode } from './losses';
import { ordered } from './order';
import { pointerSegment } from '../json';

/** How many times one recursive class may appear on a path once unrolled. */
export const UNROLL_DEPTH = 3;

/** Marks a slot that the unrolling cuts (the recursion went deeper than UNROLL_DEPTH). */
const CUT = Symbol('cut');

/**
 * A schema without `$ref`/`$defs`, for a form whose vendor refuses recursive schemas: each reference
 * is replaced by its class's body, to UNROLL_DEPTH levels of the same class; below that the slot is
 * cut where the schema lets it go (an optional property is left out, a union member dropped). A
 * model's answer in this shape is valid for the canonical schema. Undefined when a cut would reach a
 * required slot up to the root (the caller keeps the canonical form, with a loss).
 */
export function unrollRecursion(schema: SourceNode, provider: string, losses: ProviderLoss[]): SchemaNode | undefined {
  const defs = schema.$defs as Record<string, SourceNode> | undefined;
  if (!isSchema(defs)) return copyJson(schema) as SchemaNode;
  const { $defs: _defs, ...root } = schema;
  const cuts: ProviderLoss[] = [];
  const out = inline(root as SourceNode, '', [], defs, provider, cuts);
  if (out === CUT) return undefined;
  losses.push(
    {
      path: '/$defs',
      keyword: '$defs',
      action: 'unrolled',
      reason: `${provider} does not take recursive schemas; each recursive class is unrolled to ${UNROLL_DEPTH} levels`,
    },
    ...cuts,
  );
  return out;
}

function inline(
  node: SourceNode,
  pointer: string,
  path: readonly string[],
  defs: Record<string, SourceNode>,
  provider: string,
  cuts: ProviderLoss[],
): SchemaNode | typeof CUT {
  if (typeof node.$ref === 'string') {
    const name = node.$ref.slice('#/$defs/'.length);
    if (path.filter((n) => n === name).length >= UNROLL_DEPTH) return CUT;
    const { $ref: _ref, ...siblings } = node;
    const body = inline(defs[name]!, pointer, [...path, name], defs, provider, cuts);
    return body === CUT ? CUT : ordered({ ...body, ...copyJson(siblings) });
  }
  const out: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'anyOf' && Array.isArray(value)) {
      const members: SchemaNode[] = [];
      value.forEach((m, i) => {
        const x = inline(m as SourceNode, `${pointer}/anyOf/${i}`, path, defs, provider, cuts);
        if (x === CUT)
          cuts.push({
            path: `${pointer}/anyOf/${i}`,
            keyword: 'anyOf',
            action: 'removed',
            reason: `${provider}: the member is cut where the recursion is unrolled`,
          });
        else members.push(x);
      });
      if (members.length === 0) return CUT;
      out.anyOf = members;
    } else if ((keyword === 'items' || keyword === 'additionalProperties') && isSchema(value)) {
      const x = inline(value, `${pointer}/${keyword}`, path, defs, provider, cuts);
      if (x === CUT) return CUT;
      out[keyword] = x;
    } else if (keyword === 'properties' && isSchema(value)) {
      const required = new Set((node.required as string[] | undefined) ?? []);
      const properties: SchemaNode = {};
      for (const [name, child] of Object.entries(value)) {
        const at = `${pointer}/properties/${pointerSegment(name)}`;
        const x = inline(child as SourceNode, at, path, defs, provider, cuts);
        if (x !== CUT) properties[name] = x;
        else if (required.has(name)) return CUT;
        else
          cuts.push({
            path: at,
            keyword: 'properties',
            action: 'removed',
            reason: `${provider}: the optional property is left out where the recursion is unrolled`,
          });
      }
      out.properties = properties;
    } else {
      out[keyword] = copyJson(value);
    }
  }
  return out;
}
