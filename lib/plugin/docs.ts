import * as ts from 'typescript';
import { DIAGNOSTICS as D, type Diagnosis } from '../diagnostics';
import { FORMATS } from '../schema/annotations';
import { diagnostic, type PluginDiagnostic } from './diagnostics';
import type { HintIR, TagsIR, TagValue } from './hints';

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
  if (
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    ts.isVariableDeclaration(node.parent) &&
    ts.isVariableDeclarationList(node.parent.parent) &&
    ts.isVariableStatement(node.parent.parent.parent)
  ) {
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
  // As TypeScript itself collects them: a comment on the same line as the token before counts too;
  // so does one between the decorators and the name (`@Param({ ... }) /** @minimum 1 *\/ n: number`).
  const decorators = ts.canHaveDecorators(host) ? ts.getDecorators(host) : undefined;
  const after = decorators?.[decorators.length - 1]?.end;
  const ranges = [
    ...(ts.getTrailingCommentRanges(sf.text, host.pos) ?? []),
    ...(ts.getLeadingCommentRanges(sf.text, host.pos) ?? []),
    ...(after !== undefined ? [...(ts.getTrailingCommentRanges(sf.text, after) ?? []), ...(ts.getLeadingCommentRanges(sf.text, after) ?? [])] : []),
  ];
  const block = ranges
    .filter((r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia && sf.text.startsWith('/**', r.pos) && !sf.text.startsWith('/**/', r.pos))
    .pop();
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

/** A JSON number, as a bound tag is written (`@minimum -1.5`). */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The hints whose JSON form is a string: a `@default` or `@example` on them is the text as written (or a JSON string). */
function takesText(h: HintIR | undefined): boolean {
  if (h === undefined) return false;
  switch (h.k) {
    case 'global':
      return h.name === 'String' || h.name === 'URL' || h.name === 'Date';
    case 'lib':
      return ['Char', 'Uuid', 'DateOnly', 'TimeOnly', 'TimeSpan'].includes(h.name);
    case 'nullable':
      return takesText(h.of);
    case 'enumLiterals':
      return h.values.every((v) => typeof v === 'string');
    case 'enumObject':
      return h.members.every(([, v]) => typeof v === 'string');
    case 'enumRef':
      return h.decl.members.every((m) => m.initializer !== undefined && ts.isStringLiteralLike(m.initializer));
    default:
      return false;
  }
}

export function compilesInUnicode(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * The slot options of a property's or a parameter's doc tags (`@minimum 1` → `minimum: 1`; each
 * `@example` adds one of `examples`). A value that does not read is OLT015 at the tag; an option an
 * explicit decorator gives (`given`) is left to it. `hint` and `nullable` are the slot's type, which
 * says how a `@default` or `@example` reads.
 */
export function tagOptions(
  node: ts.PropertyDeclaration | ts.PropertySignature | ts.ParameterDeclaration,
  hint: HintIR | undefined,
  nullable: boolean,
  given: ReadonlySet<string> = new Set(),
  report: (d: PluginDiagnostic) => void,
): TagsIR | undefined {
  const out = new Map<string, TagValue>();
  const examples: TagValue[] = [];
  for (const t of slotTagsOf(node)) {
    const option = SLOT_TAGS[t.name];
    if (given.has(option)) continue;
    const value = tagValue(t, hint, nullable, (d) => {
      report(diagnostic(d, t.node));
      return undefined;
    });
    if (value === undefined) continue;
    if (option === 'examples') {
      examples.push(value);
      out.set(option, examples);
    } else {
      out.set(option, value);
    }
  }
  return out.size === 0 ? undefined : [...out];
}

/** One tag's value, or `undefined` after `refuse` reported why it does not read. */
function tagValue(t: DocTag, hint: HintIR | undefined, nullable: boolean, refuse: (d: Diagnosis) => undefined): TagValue | undefined {
  const written = `@${t.name}`;
  const shown = t.text || '(nothing)';
  switch (t.name) {
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf': {
      const n = Number(t.text);
      if (!JSON_NUMBER.test(t.text) || !Number.isFinite(n)) return refuse(D.notFinite(written, shown, false));
      if (t.name === 'multipleOf' && n <= 0) return refuse(D.notPositive(written, t.text));
      // An integer bound past 2^53 keeps its digits as a bigint (`@maximum 18446744073709551615`).
      if ((t.name === 'minimum' || t.name === 'maximum') && /^-?\d+$/.test(t.text) && !Number.isSafeInteger(n)) return BigInt(t.text);
      return n;
    }
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      if (!/^\d+$/.test(t.text) || !Number.isSafeInteger(Number(t.text))) return refuse(D.notNonNegative(written, shown));
      return Number(t.text);
    case 'pattern':
      if (t.text === '' || !compilesInUnicode(t.text)) return refuse(D.pattern(shown));
      return t.text;
    case 'format':
      if (!Object.prototype.hasOwnProperty.call(FORMATS, t.text)) return refuse(D.unknownFormat(shown, Object.keys(FORMATS)));
      return t.text;
    case 'default':
    case 'example':
      return tagJson(t, hint, nullable, refuse);
  }
}

/**
 * A `@default` or `@example` value: JSON (`@default 3`, `@example {"sku": "A1"}`); on a slot whose
 * JSON form is a string, the text as written unless it is a JSON string (`@default fast`,
 * `@default "a b"`), or `null` on a nullable slot.
 */
function tagJson(t: DocTag, hint: HintIR | undefined, nullable: boolean, refuse: (d: Diagnosis) => undefined): TagValue | undefined {
  let value: unknown;
  let parsed = t.text !== '';
  try {
    value = JSON.parse(t.text);
  } catch {
    parsed = false;
  }
  if (takesText(hint) && t.text !== '') {
    return parsed && (typeof value === 'string' || (value === null && nullable)) ? (value as TagValue) : t.text;
  }
  return parsed ? (value as TagValue) : refuse(D.tagValue(`@${t.name}`, t.text || '(nothing)'));
}
