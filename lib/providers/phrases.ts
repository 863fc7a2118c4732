import type { SourceNode } from './losses';

const json = (value: unknown): string => JSON.stringify(value);
const count = (n: unknown, noun: string): string => `${json(n)} ${noun}${n === 1 ? '' : 's'}`;

/**
 * One plain-words sentence per keyword: what a provider cannot take as a keyword is written into
 * the node's description with these words, everywhere.
 */
export const KEYWORD_PHRASES: Readonly<Record<string, (value: unknown) => string>> = {
  format: (v) => `Format: ${String(v)}.`,
  enum: (v) => `Must be one of: ${(v as unknown[]).map(json).join(', ')}.`,
  minimum: (v) => `Must be at least ${json(v)}.`,
  maximum: (v) => `Must be at most ${json(v)}.`,
  exclusiveMinimum: (v) => `Must be greater than ${json(v)}.`,
  exclusiveMaximum: (v) => `Must be less than ${json(v)}.`,
  multipleOf: (v) => `Must be a multiple of ${json(v)}.`,
  minLength: (v) => `At least ${count(v, 'character')}.`,
  maxLength: (v) => `At most ${count(v, 'character')}.`,
  pattern: (v) => `Must match the pattern ${String(v)}.`,
  contentEncoding: (v) => (v === 'base64' ? 'Base64-encoded.' : `Encoded as ${String(v)}.`),
  minItems: (v) => `At least ${count(v, 'item')}.`,
  maxItems: (v) => `At most ${count(v, 'item')}.`,
  uniqueItems: (v) => (v === true ? 'Items must be unique.' : 'Items may repeat.'),
  additionalProperties: (v) => `Any property names; each value must match the schema ${json(v)}.`,
  default: (v) => `Default: ${json(v)}.`,
  examples: (v) => `Examples: ${(v as unknown[]).map(json).join(', ')}.`,
};

/** When both bounds of a pair move, one sentence says both (`Must be from 1 to 1000.`). */
const PAIR_PHRASES: readonly (readonly [string, string, (low: unknown, high: unknown) => string])[] = [
  ['minimum', 'maximum', (lo, hi) => `Must be from ${json(lo)} to ${json(hi)}.`],
  ['minLength', 'maxLength', (lo, hi) => `Must be from ${json(lo)} to ${json(hi)} characters long.`],
  ['minItems', 'maxItems', (lo, hi) => `Must have from ${json(lo)} to ${json(hi)} items.`],
];

/** The sentences for the keywords of `node` that moved, in the order the keywords are given. */
export function describeMoved(moved: readonly string[], node: SourceNode): string {
  const sentences: string[] = [];
  const done = new Set<string>();
  for (const keyword of moved) {
    if (done.has(keyword)) continue;
    const pair = PAIR_PHRASES.find(([low, high]) => (keyword === low || keyword === high) && moved.includes(low) && moved.includes(high));
    if (pair) {
      sentences.push(pair[2](node[pair[0]], node[pair[1]]));
      done.add(pair[0]).add(pair[1]);
      continue;
    }
    const phrase = KEYWORD_PHRASES[keyword];
    sentences.push(phrase ? phrase(node[keyword]) : `${keyword}: ${json(node[keyword])}.`);
    done.add(keyword);
  }
  return sentences.join(' ');
}

/** `text` appended after an existing description, as a new sentence. */
export function appendSentences(existing: unknown, text: string): string {
  if (text === '') return typeof existing === 'string' ? existing : '';
  if (typeof existing !== 'string' || existing.trim() === '') return text;
  const trimmed = existing.trimEnd();
  return /[.!?:]$/.test(trimmed) ? `${trimmed} ${text}` : `${trimmed}. ${text}`;
}
