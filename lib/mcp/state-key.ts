/**
 * The `requestStateKey` option checked when an endpoint or a stdio server is made (not at its first
 * 2026-07-28 request): every key signs or verifies `requestState` with HMAC-SHA256 and must hold at
 * least `MIN_REQUEST_STATE_KEY_BYTES` bytes (a string counts its UTF-8 bytes, as the SDK's codec does).
 * No SDK is loaded here: NestJS's `forRoot` checks its options with it too.
 */
import { MCP_TEXTS } from '../diagnostics';

export const MIN_REQUEST_STATE_KEY_BYTES = 32;

type Key = string | Uint8Array;

/** The option as a list (the first signs); throws a `RangeError` naming the option and the minimum for a key too short or an empty list. */
export function requestStateKeys(option: Key | readonly Key[]): readonly Key[] {
  const keys = typeof option === 'string' || option instanceof Uint8Array ? [option] : option;
  if (keys.length === 0) throw new RangeError(MCP_TEXTS.requestStateKeyEmpty);
  keys.forEach((key, i) => {
    const bytes = typeof key === 'string' ? Buffer.byteLength(key, 'utf8') : key.byteLength;
    if (bytes < MIN_REQUEST_STATE_KEY_BYTES)
      throw new RangeError(MCP_TEXTS.requestStateKeyTooShort(keys === option ? `[${i}]` : '', bytes, MIN_REQUEST_STATE_KEY_BYTES));
  });
  return keys;
}
