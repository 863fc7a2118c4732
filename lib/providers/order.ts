import { KEYWORD_ORDER } from '../schema/keywords';
import type { SchemaNode } from './losses';

/** A fresh object with the node's keywords in `order`; keywords outside it keep their place at the end. */
export function ordered(node: SchemaNode, order: readonly string[] = KEYWORD_ORDER): SchemaNode {
  const out: SchemaNode = {};
  for (const keyword of order) {
    if (keyword in node) out[keyword] = node[keyword];
  }
  for (const [keyword, value] of Object.entries(node)) {
    if (!(keyword in out)) out[keyword] = value;
  }
  return out;
}
