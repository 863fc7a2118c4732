import type { JsonSchema } from '../tool-description';
import type { LossAction, ProviderLoss, SchemaNode, SourceNode } from './losses';
import { KEYWORD_ORDER } from '../schema/keywords';
import { pointerSegment } from '../json';
import { ordered } from './order';
import { appendSentences, describeMoved } from './phrases';

/** Why a keyword cannot stay, and what is done with it (moved into the description by default). */
export interface KeywordVerdict {
  readonly reason: string;
  readonly action?: Extract<LossAction, 'moved-to-description' | 'removed'>;
}

/** Decides for one keyword of one node; `undefined` keeps it. */
export type KeywordRule = (value: unknown, node: SourceNode) => KeywordVerdict | string | undefined;

/** A strict mode's `format` rule: the formats it supports stay, any other is a loss. */
export function onlyFormats(mode: string, formats: ReadonlySet<string>): KeywordRule {
  return (value) => (formats.has(String(value)) ? undefined : `${mode} strict mode supports only the formats ${[...formats].join(', ')}`);
}

/** How one provider mode down-converts a schema: a table of keyword rules plus a final touch. */
export interface ConversionRules {
  readonly keywords: Readonly<Record<string, KeywordRule>>;
  /** Runs on each converted node (children already converted), e.g. to widen or rename. */
  readonly finish?: (node: SchemaNode, source: SourceNode, pointer: string, losses: ProviderLoss[]) => void;
  readonly order?: readonly string[];
}

/** A fresh down-converted copy of `schema`; the canonical schema is only read. */
export function convertSchema(schema: JsonSchema, rules: ConversionRules, losses: ProviderLoss[]): SchemaNode {
  return convertNode(schema, '', rules, losses);
}

function convertNode(source: SourceNode, pointer: string, rules: ConversionRules, losses: ProviderLoss[]): SchemaNode {
  const node: SchemaNode = {};
  const moved: string[] = [];
  for (const [keyword, value] of Object.entries(source)) {
    const verdict = rules.keywords[keyword]?.(value, source);
    if (verdict !== undefined) {
      const { reason, action = 'moved-to-description' } = typeof verdict === 'string' ? { reason: verdict } : verdict;
      losses.push({ path: pointer, keyword, action, reason });
      if (action === 'moved-to-description') moved.push(keyword);
      continue;
    }
    node[keyword] = convertChild(keyword, value, pointer, rules, losses);
  }
  if (moved.length > 0) node.description = appendSentences(source.description, describeMoved(moved, source));
  rules.finish?.(node, source, pointer, losses);
  return ordered(node, rules.order ?? KEYWORD_ORDER);
}

function convertChild(keyword: string, value: unknown, pointer: string, rules: ConversionRules, losses: ProviderLoss[]): unknown {
  if (keyword === 'items' && isSchema(value)) return convertNode(value, `${pointer}/items`, rules, losses);
  if (keyword === 'additionalProperties' && isSchema(value)) {
    return convertNode(value, `${pointer}/additionalProperties`, rules, losses);
  }
  if (keyword === 'properties' && isSchema(value)) {
    const out: SchemaNode = {};
    for (const [name, child] of Object.entries(value)) {
      out[name] = convertNode(child as SourceNode, `${pointer}/properties/${pointerSegment(name)}`, rules, losses);
    }
    return out;
  }
  return copyJson(value);
}

/** A deep copy of a JSON value (the canonical schema is frozen; forms must be fresh). */
export function copyJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** True for a schema object (not an array, not a boolean). */
export function isSchema(value: unknown): value is SourceNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node's `type` as a list (`[]` when it has none). */
export function typesOf(node: SourceNode): readonly string[] {
  const type = node.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? (type as string[]) : [];
}
