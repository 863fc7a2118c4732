import * as ts from 'typescript';

/**
 * Doc comments as the contract flattens them: whitespace collapsed, `{@link X}` → `X`,
 * `{@link X | text}` → `text`, inline code kept as written.
 */

export function flatten(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string | undefined {
  if (comment === undefined) return undefined;
  const text = typeof comment === 'string' ? comment : comment.map(part).join('');
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat === '' ? undefined : flat;
}

function part(c: ts.JSDocComment): string {
  if (ts.isJSDocLink(c) || ts.isJSDocLinkCode(c) || ts.isJSDocLinkPlain(c)) {
    const label = c.text.replace(/^\s*\|/, '').trim();
    if (label !== '') return label;
    return c.name === undefined ? '' : c.name.getText();
  }
  return c.text;
}

/** The summary of the nearest `/** *\/` block of a declaration. */
export function summaryOf(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs[docs.length - 1];
  return doc === undefined ? undefined : flatten(doc.comment);
}

/** The `@param name text` of a parameter (a leading `- ` after the name is dropped). */
export function paramDocOf(param: ts.ParameterDeclaration): string | undefined {
  for (const tag of ts.getJSDocParameterTags(param)) {
    const text = flatten(tag.comment);
    if (text !== undefined) return text.replace(/^-\s*/, '') || undefined;
  }
  return undefined;
}
