/**
 * What the CLI prints is made safe for a terminal: a module path, a tool's description or output
 * may hold control characters (an ANSI escape sequence that clears the screen, rewrites the title,
 * or hides text), bidirectional marks and overrides, and invisible format characters. Each is
 * written as its `\uXXXX` escape (the same set as an approval question's, `lib/invoke/calling/question.ts`);
 * newlines and tabs stay. Inside JSON output the escape is the same character, so the JSON stays valid.
 */
import { visibleText } from '../invoke/calling/question';

export function printable(text: string): string {
  return visibleText(text);
}

/** Colour changes (SGR: ESC [ digits and semicolons m), which only style text; every other control character is escaped as above. */
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/g;

/** `printable`, keeping colour changes: for text the CLI itself coloured, on a terminal that takes colours. */
export function printableStyled(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SGR)) {
    out += printable(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + printable(text.slice(last));
}
