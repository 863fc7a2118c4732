/**
 * What a person is shown when asked to approve a call: every argument, each long string shortened
 * to its start and end (so a long value cannot push another out of sight), no key dropped, and
 * every character that could hide or reorder text (control characters, bidirectional marks and
 * overrides, invisible format characters) written as its `\uXXXX` escape. A question that cannot
 * be shown whole within its bound is not asked: the call is refused.
 */
import type { ApprovalRequest } from './context';

// Characters a reader cannot see, or that move the text around them: C0 (but tab and newline) and
// C1 controls, DEL, soft hyphen, the Arabic letter mark, zero width space, LRM and RLM, the line
// and paragraph separators, bidirectional embeddings, overrides and isolates, invisible operators,
// the byte order mark, interlinear annotations, and Unicode tags (text an eye cannot read).
const HIDING =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

/** `text` with each hiding character (see above) written as its `\uXXXX` escape, one per UTF-16 unit; tabs and newlines stay. */
export function visibleText(text: string): string {
  return text.replace(HIDING, (c) => escapeUnits(c));
}

// Inside a JSON string, newlines and tabs are escaped by JSON.stringify already.
function escapeUnits(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** A string (a value or a key) longer than this shows its first `SHOWN_HEAD` and last `SHOWN_TAIL` characters. */
export const SHOWN_STRING = 200;
const SHOWN_HEAD = 120;
const SHOWN_TAIL = 60;
/** The longest approval question; arguments that cannot be shown within it are not asked about (the call is refused). */
export const MAX_QUESTION = 8000;
/** Nesting shown; deeper arguments are not asked about (the invoker's own bound is 256). */
const MAX_SHOWN_DEPTH = 300;

/** The approval question, or why it cannot be asked. */
export type ApprovalQuestion = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/**
 * The question that asks a person to approve `request`: `Allow tool 'x' to run with these
 * arguments?` and the arguments as JSON (every key, every array element), long strings
 * shortened as `"start" … N characters not shown … "end"` (outside the quotes, where an argument's
 * own text cannot write). `ok: false` when they do not fit in `MAX_QUESTION` characters.
 */
export function approvalQuestion(request: Pick<ApprovalRequest, 'name' | 'arguments'>): ApprovalQuestion {
  const head = `Allow tool '${visibleText(request.name)}' to run with these arguments?\n`;
  const out: string[] = [head];
  const budget = { left: MAX_QUESTION - head.length };
  let shown: boolean;
  try {
    shown = write(request.arguments ?? {}, out, budget, 0);
  } catch {
    shown = false;
  }
  if (!shown) {
    return {
      ok: false,
      reason: `its arguments cannot be shown whole in an approval question (at most ${MAX_QUESTION} characters, every argument with long strings shortened)`,
    };
  }
  return { ok: true, text: out.join('') };
}

/** Appends `value` to `out`; false once the budget is spent (or the value is too deep to show). */
function write(value: unknown, out: string[], budget: { left: number }, depth: number): boolean {
  const put = (s: string): boolean => {
    budget.left -= s.length;
    if (budget.left < 0) return false;
    out.push(s);
    return true;
  };
  if (depth > MAX_SHOWN_DEPTH) return false;
  switch (typeof value) {
    case 'string':
      return put(shortString(value));
    case 'bigint':
      return put(value.toString());
    case 'number':
    case 'boolean':
      return put(JSON.stringify(value));
    case 'object':
      break;
    default:
      return put(value === undefined ? 'undefined' : `(${typeof value})`);
  }
  if (value === null) return put('null');
  if (Array.isArray(value)) {
    if (!put('[')) return false;
    for (let i = 0; i < value.length; i++) {
      if ((i > 0 && !put(',')) || !write(value[i], out, budget, depth + 1)) return false;
    }
    return put(']');
  }
  const keys = Object.keys(value);
  if (!put('{')) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if ((i > 0 && !put(',')) || !put(`${shortString(key)}:`) || !write((value as Record<string, unknown>)[key], out, budget, depth + 1)) return false;
  }
  return put('}');
}

/** A string as JSON text, its hiding characters escaped; a long one as its start and end around the count of what is not shown. */
function shortString(s: string): string {
  if (s.length <= SHOWN_STRING) return quoted(s);
  const headEnd = cut(s, SHOWN_HEAD);
  const tailStart = cut(s, s.length - SHOWN_TAIL);
  return `${quoted(s.slice(0, headEnd))} … ${tailStart - headEnd} characters not shown … ${quoted(s.slice(tailStart))}`;
}

function quoted(s: string): string {
  return visibleText(JSON.stringify(s));
}

/** `at`, moved back by one when it would split a surrogate pair. */
function cut(s: string, at: number): number {
  const before = s.charCodeAt(at - 1);
  const after = s.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? at - 1 : at;
}
