/**
 * What the CLI prints is made safe for a terminal: a module path, a tool's description or output
 * may hold control characters (an ANSI escape sequence that clears the screen, rewrites the title,
 * or hides text), bidirectional marks and overrides, and invisible format characters. Each is
 * written as its `\uXXXX` escape (the same set as an approval question's, `lib/invoke/question.ts`);
 * newlines and tabs stay. Inside JSON output the escape is the same character, so the JSON stays valid.
 */
import { visibleText } from '../invoke/question';

export function printable(text: string): string {
  return visibleText(text);
}
