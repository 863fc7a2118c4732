const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;

/**
 * The default tool name: `bound ` prefixes dropped, a trailing `Async` removed, then snake_case: a
 * `_` before an uppercase letter that follows a lowercase letter or a digit, and before an uppercase
 * letter that follows an uppercase one and is followed by a lowercase one; all lowercased.
 */
export function toolNameOf(member: string): string {
  let name = member;
  while (name.startsWith('bound ')) name = name.slice(6);
  if (name.endsWith('Async')) name = name.slice(0, -5);
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    const prev = name[i - 1];
    const next = name[i + 1];
    if (i > 0 && UPPER.test(ch) && prev !== undefined) {
      if (LOWER.test(prev) || DIGIT.test(prev)) out += '_';
      else if (UPPER.test(prev) && next !== undefined && LOWER.test(next)) out += '_';
    }
    out += ch.toLowerCase();
  }
  return out;
}

export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
