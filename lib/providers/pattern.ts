/**
 * The regex features Anthropic's structured outputs do not support (its "JSON Schema limitations":
 * no backreferences, no lookahead or lookbehind, no word boundaries). Named groups and Unicode
 * property escapes are refused too, to stay on the safe side.
 */
const NOT_SIMPLE: readonly (readonly [RegExp, string])[] = [
  [/\\[1-9]|\\k</, 'a backreference'],
  [/\(\?<?[=!]/, 'a lookahead or lookbehind'],
  [/\\[bB]/, 'a word boundary'],
  [/\(\?<[A-Za-z]/, 'a named group'],
  [/\\[pP]\{/, 'a Unicode property escape'],
];

/** Why `pattern` is not a simple regex (undefined when it is). */
export function notSimplePattern(pattern: string): string | undefined {
  // Escaped backslashes (`\\`) are literal and cannot start any of the features above.
  const text = pattern.replace(/\\\\/g, '');
  return NOT_SIMPLE.find(([feature]) => feature.test(text))?.[1];
}
