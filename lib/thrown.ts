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
