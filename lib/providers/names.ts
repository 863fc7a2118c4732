/** The providers whose name rules are checked. */
export type ProviderName = 'openai' | 'anthropic' | 'gemini' | 'mcp';

interface NameRule {
  readonly pattern: RegExp;
  readonly rule: string;
}

/**
 * Each provider's tool-name rule, checked when a form is made.
 * - OpenAI: `^[a-zA-Z0-9_-]{1,64}$` (function name: a-z, A-Z, 0-9, `_`, `-`, at most 64).
 * - Anthropic: `^[a-zA-Z0-9_-]{1,128}$` (the API's error text for `tools.N.custom.name`; older docs said 64).
 * - Gemini: starts with a letter or `_`, then a-z, A-Z, 0-9, `_`, `.`, `:`, `-`, at most 64 in all.
 * - MCP: `^[A-Za-z0-9._-]{1,128}$` (SEP-986 as the MCP SDK 1.32 validates it).
 */
export const NAME_RULES: Readonly<Record<ProviderName, NameRule>> = {
  openai: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, rule: '1-64 characters, each an ASCII letter, digit, _ or -' },
  anthropic: { pattern: /^[a-zA-Z0-9_-]{1,128}$/, rule: '1-128 characters, each an ASCII letter, digit, _ or -' },
  gemini: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    rule: 'at most 64 characters, starting with an ASCII letter or _, then letters, digits, _, ., : or -',
  },
  mcp: { pattern: /^[A-Za-z0-9._-]{1,128}$/, rule: '1-128 characters, each an ASCII letter, digit, _, - or .' },
};

/** A tool name that a provider refuses, found when the provider form is made. */
export class ProviderNameError extends Error {
  readonly code = 'PROVIDER_NAME' as const;
  override readonly name = 'ProviderNameError';

  constructor(
    readonly provider: ProviderName,
    readonly toolName: string,
  ) {
    super(`Tool name '${toolName}' is not accepted by ${provider}: it must be ${NAME_RULES[provider].rule}.`);
  }
}

/** Throws `ProviderNameError` when `name` breaks the provider's rule. */
export function checkName(provider: ProviderName, name: string): void {
  if (!NAME_RULES[provider].pattern.test(name)) throw new ProviderNameError(provider, name);
}
