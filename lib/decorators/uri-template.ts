/**
 * RFC 6570 level-1 URI templates (`users://{id}/profile`): literal text and `{name}` variables,
 * with text between two variables so that a URI matches in one left-to-right pass (no backtracking).
 */

/** A template read into its pieces: literal text and variable names, alternating. */
export interface UriTemplate {
  readonly text: string;
  /** Literal text before each variable, and after the last (`literals.length === variables.length + 1`). */
  readonly literals: readonly string[];
  readonly variables: readonly string[];
}

const NAME = /^[A-Za-z0-9_]+$/;
/** The longest URI (and template) read, in UTF-16 code units. */
export const MAX_URI_LENGTH = 2048;

/** The template's pieces, or why it is not a level-1 template. */
export function parseUriTemplate(text: string): UriTemplate | { readonly problem: string } {
  if (text.length > MAX_URI_LENGTH) return { problem: `it is longer than ${MAX_URI_LENGTH} characters` };
  const literals: string[] = [];
  const variables: string[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (open === -1) {
      if (close !== -1) return { problem: "a '}' closes no variable" };
      literals.push(rest);
      break;
    }
    if (close !== -1 && close < open) return { problem: "a '}' closes no variable" };
    const end = rest.indexOf('}', open);
    if (end === -1) return { problem: "a '{' is not closed" };
    const name = rest.slice(open + 1, end);
    if (!NAME.test(name)) return { problem: `'{${name}}' is not a level-1 variable (operators, lists and modifiers are levels 2 to 4)` };
    if (variables.includes(name)) return { problem: `the variable '${name}' is written twice` };
    if (variables.length > 0 && open === 0) return { problem: `the variables '${variables[variables.length - 1]}' and '${name}' have no text between them` };
    literals.push(rest.slice(0, open));
    variables.push(name);
    rest = rest.slice(end + 1);
  }
  if (variables.length === 0) return { problem: 'it has no variable (use @Resource for a fixed URI)' };
  return { text, literals, variables };
}

/**
 * The variables of a URI made from the template (each percent-decoded), or undefined when it does
 * not match. A variable's value is the shortest text up to the next literal, never empty; once
 * decoded it holds no path separator ('/', '\\') and is not a dot segment ('.', '..'), so that
 * `%2F` or `..` cannot make a variable name a path the template did not. Linear in the URI's length.
 */
export function matchUriTemplate(template: UriTemplate, uri: string): Record<string, string> | undefined {
  if (uri.length > MAX_URI_LENGTH || !uri.startsWith(template.literals[0]!)) return undefined;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  let at = template.literals[0]!.length;
  for (let i = 0; i < template.variables.length; i++) {
    const next = template.literals[i + 1]!;
    const last = i === template.variables.length - 1;
    let end: number;
    if (last && next === '') end = uri.length;
    else if (last) end = uri.endsWith(next) ? uri.length - next.length : -1;
    else end = uri.indexOf(next, at);
    if (end < at + 1) return undefined;
    let value: string;
    try {
      value = decodeURIComponent(uri.slice(at, end));
    } catch {
      return undefined;
    }
    // Checked on the decoded value: the method receives that, not the text of the URI.
    if (value.includes('/') || value.includes('\\') || value === '.' || value === '..') return undefined;
    out[template.variables[i]!] = value;
    at = end + next.length;
  }
  return at === uri.length ? out : undefined;
}
