/**
 * The one way to say what was thrown (by a tool, an approver, a resolver, a user's constructor):
 * `Name: message` for an error-like object (its name alone when the message is empty), the string
 * form of anything else, never the stack. It never throws: a `name` or `message` getter that throws,
 * a Proxy whose traps throw, a revoked Proxy, a `toString` that throws are each read at most once,
 * inside a `try`. `withName: false` leaves the name out where the text around says what failed
 * (`cannot construct X (reason)`); an error with an empty message is still shown by its name.
 */
export function describeThrown(e: unknown, withName = true): string {
  try {
    if (typeof e === 'object' && e !== null) {
      const message: unknown = (e as { message?: unknown }).message;
      if (typeof message === 'string') {
        const name: unknown = (e as { name?: unknown }).name;
        const shown = typeof name === 'string' && name !== '' ? name : 'Error';
        if (message === '') return shown;
        return withName ? `${shown}: ${message}` : message;
      }
    }
    const text: unknown = String(e);
    return typeof text === 'string' ? text : UNSHOWABLE;
  } catch {
    return UNSHOWABLE;
  }
}

/** What is said of a thrown value that cannot be read. */
export const UNSHOWABLE = 'a value that cannot be shown';

/** At most this many characters of a refusal's reason are shown. */
const MAX_REASON = 500;
/** At most this many messages of a list (NestJS `BadRequestException(['a', 'b'])`) are shown. */
const MAX_REASONS = 5;

/**
 * Why user code refused a value (a `@Transform` that throws), as one bounded sentence: a NestJS
 * `HttpException`'s `getResponse().message` when it is a string or a list of strings (a
 * `BadRequestException(['a', 'b'])` says "Bad Request Exception" in its `message`), else the
 * thrown value as `describeThrown` says it, without the name. Never throws.
 */
export function describeRefusal(e: unknown): string {
  let text: string | undefined;
  try {
    const getResponse: unknown = typeof e === 'object' && e !== null ? (e as { getResponse?: unknown }).getResponse : undefined;
    if (typeof getResponse === 'function') {
      const response: unknown = getResponse.call(e);
      const message: unknown =
        typeof response === 'string' ? response : typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : undefined;
      if (typeof message === 'string' && message !== '') text = message;
      else if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === 'string')) {
        const shown = (message as string[]).slice(0, MAX_REASONS).map((m) => m.replace(/[.!?]$/, ''));
        text = shown.join('; ') + (message.length > MAX_REASONS ? ` (and ${message.length - MAX_REASONS} more)` : '');
      }
    }
  } catch {
    text = undefined;
  }
  text ??= describeThrown(e, false);
  if (text.length > MAX_REASON) text = `${text.slice(0, MAX_REASON - 1)}…`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
