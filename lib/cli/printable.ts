/**
 * What the CLI prints is made safe for a terminal: a module path, a tool's description or output
 * may hold control characters (an ANSI escape sequence that clears the screen, rewrites the title,
 * or hides text) and bidirectional overrides. Each is written as its `\uXXXX` escape; newlines and
 * tabs stay. Inside JSON output the escape is the same character, so the JSON stays valid.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
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
