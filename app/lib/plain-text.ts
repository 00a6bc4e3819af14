/**
 * Rules for short text that visitors type and the site repeats to someone else (a name in
 * an email): one line, no control characters, no links. Browser-safe.
 */

/** Control characters (C0 including NUL, tab and line breaks, DEL, C1) and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Something a mail program would show as a link: a scheme (https://, mailto:), "www.",
 * or a host name ending in a common top-level domain (example.com, bit.ly).
 */
export const LOOKS_LIKE_LINK =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bmailto:|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|uk|us|eu|ru|cn|de|fr|xyz|top|online|site|club|me|link|ly|gl|to|app|dev|shop|tk|ml|ga|cf|gq|su|ws|cc|tv|page|click|live|icu|vip|win|bid|zip|mov)\b)/i;

/** True when `value` is one line of plain text: no control characters and nothing that reads as a link. */
export function isPlainName(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !LOOKS_LIKE_LINK.test(value);
}
