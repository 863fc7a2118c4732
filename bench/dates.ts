/**
 * A hand-written strict RFC 3339 date-time parser, the rule every case enforces for `due`: the
 * calendar date must exist, `T`/`t` separates, seconds 00–59 (no leap second), any number of
 * fraction digits (milliseconds kept, truncated), offset `Z`, `z` or `±hh:mm` (hh 00–23). It is
 * the bench's own code, shared by the floor, the ajv format and the class-transformer transform,
 * so that no peer depends on the library under test.
 */

function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Milliseconds since the epoch of a strict date-time, or NaN. */
export function dateTimeMs(s: string): number {
  if (s.length < 20) return NaN;
  const yh = two(s, 0);
  const yl = two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  const t = s.charCodeAt(10);
  if (yh < 0 || yl < 0 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || (t !== 84 && t !== 116)) return NaN;
  const y = yh * 100 + yl;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return NaN;
  const h = two(s, 11);
  const mi = two(s, 14);
  const se = two(s, 17);
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return NaN;
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    const first = ++i;
    for (let c = s.charCodeAt(i) - 48; c >= 0 && c <= 9; c = s.charCodeAt(++i) - 48) if (i - first < 3) ms = ms * 10 + c;
    const n = i - first;
    if (n === 0) return NaN;
    if (n === 1) ms *= 100;
    else if (n === 2) ms *= 10;
  }
  let offset = 0;
  const z = s.charCodeAt(i);
  if (z === 90 || z === 122) {
    if (s.length !== i + 1) return NaN;
  } else {
    if ((z !== 43 && z !== 45) || s.length !== i + 6 || s.charCodeAt(i + 3) !== 58) return NaN;
    const oh = two(s, i + 1);
    const om = two(s, i + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return NaN;
    offset = (z === 45 ? -1 : 1) * (oh * 60 + om);
  }
  // Days from civil (H. Hinnant); Date.UTC would map years 0–99 to 1900–1999.
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5) + d - 1;
  const days = era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
  return days * 86_400_000 + ((h * 60 + mi) * 60 + se) * 1000 + ms - offset * 60_000;
}

/** Whether `s` is a strict date-time (the ajv format's check). */
export function isDateTime(s: string): boolean {
  return !Number.isNaN(dateTimeMs(s));
}

/** Code points of a string, counted only when its UTF-16 length could exceed `max` code points. */
export function withinCodePoints(s: string, min: number, max: number): boolean {
  const n = s.length;
  if (n < min) return false;
  if (n <= max) return true;
  if (n > 2 * max) return false;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    count++;
  }
  return count <= max;
}
