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

/** The node a declaration's doc comment is written before (`const f = () => ...`: the statement). */
function docHost(node: ts.Node): ts.Node {
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent) && ts.isVariableDeclarationList(node.parent.parent) && ts.isVariableStatement(node.parent.parent.parent)) {
    return node.parent.parent.parent;
  }
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent) && ts.isVariableStatement(node.parent.parent)) return node.parent.parent;
  return node;
}

/**
 * The nearest `/** *\/` block before a declaration. tsc itself skips JSDoc in .ts files
 * (`jsDocParsingMode`), so when the host did not parse it, the comment is read from the source text.
 */
export function docOf(node: ts.Node): ts.JSDoc | undefined {
  const host = docHost(node);
  const parsed = ts.getJSDocCommentsAndTags(host).filter(ts.isJSDoc);
  if (parsed.length > 0) return parsed[parsed.length - 1];
  const sf = host.getSourceFile();
  // As TypeScript itself collects them: a comment on the same line as the token before counts too.
  const ranges = [...(ts.getTrailingCommentRanges(sf.text, host.pos) ?? []), ...(ts.getLeadingCommentRanges(sf.text, host.pos) ?? [])];
  const block = ranges.filter((r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia && sf.text.startsWith('/**', r.pos) && !sf.text.startsWith('/**/', r.pos)).pop();
  if (block === undefined) return undefined;
  const doc = ts.createSourceFile('doc.ts', `${sf.text.slice(block.pos, block.end)}\nfunction doc() {}`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const fn = doc.statements[0];
  return fn === undefined ? undefined : ts.getJSDocCommentsAndTags(fn).filter(ts.isJSDoc).pop();
}

/** The summary of a declaration's doc comment. */
export function summaryOf(node: ts.Node): string | undefined {
  const doc = docOf(node);
  return doc === undefined ? undefined : flatten(doc.comment);
}

/** The `@param name text` of a parameter, from its function's doc comment (a leading `- ` is dropped). */
export function paramDocOf(param: ts.ParameterDeclaration): string | undefined {
  if (!ts.isIdentifier(param.name)) return undefined;
  const name = param.name.text;
  for (const tag of docOf(param.parent)?.tags ?? []) {
    if (!ts.isJSDocParameterTag(tag) || !ts.isIdentifier(tag.name) || tag.name.text !== name) continue;
    const text = flatten(tag.comment);
    if (text !== undefined) return text.replace(/^-\s*/, '') || undefined;
  }
  return undefined;
}

/**
 * The typia-style doc tags the plugin reads on a property or a parameter, each with the slot option
 * it fills (`@minimum 1` is `@Param({ minimum: 1 })`; every `@example` adds one of `examples`).
 */
export const SLOT_TAGS = {
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusiveMinimum',
  exclusiveMaximum: 'exclusiveMaximum',
  multipleOf: 'multipleOf',
  minLength: 'minLength',
  maxLength: 'maxLength',
  pattern: 'pattern',
  format: 'format',
  minItems: 'minItems',
  maxItems: 'maxItems',
  default: 'default',
  example: 'examples',
} as const;

export type SlotTag = keyof typeof SLOT_TAGS;

/** One slot tag as written: its name, its text (trimmed, otherwise as written) and where it stands. */
export interface DocTag {
  readonly name: SlotTag;
  readonly text: string;
  readonly node: ts.JSDocTag;
}

/**
 * The slot tags of a property's or a parameter's own doc comment (`/** @minimum 1 *\/ limit: number`).
 * A function's doc comment is not read for them: its `@param` lines are descriptions only.
 */
export function slotTagsOf(node: ts.PropertyDeclaration | ts.PropertySignature | ts.ParameterDeclaration): DocTag[] {
  const out: DocTag[] = [];
  for (const tag of docOf(node)?.tags ?? []) {
    const name = tag.tagName.text;
    if (!Object.prototype.hasOwnProperty.call(SLOT_TAGS, name)) continue;
    const c = tag.comment;
    const text = c === undefined ? '' : typeof c === 'string' ? c : c.map(part).join('');
    out.push({ name: name as SlotTag, text: text.trim(), node: tag });
  }
  return out;
}
