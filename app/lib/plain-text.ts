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

/**
 * Characters no form field takes: the C0 controls except tab, line feed and carriage
 * return (NUL among them, which PostgreSQL refuses outright), DEL and the C1 controls.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_FORMS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The same characters percent-encoded, as an urlencoded form body carries them (C1 as UTF-8). */
const FORBIDDEN_ENCODED = /%(?:0[0-8BCEF]|1[0-9A-F]|7F|C2%[89][0-9A-F])/i;

/** What a visitor or staff member is told when a form carries one of them. */
export const FORBIDDEN_CHARACTER_MESSAGE =
  "The form contains a character that cannot be accepted (an invisible control character, such as a null byte). Please remove it, or type the text again rather than pasting it, and send the form again.";

/** The name of the first text field of `form` holding a forbidden character, or null. */
export function fieldWithForbiddenCharacter(form: FormData): string | null {
  for (const [name, value] of form) if (typeof value === "string" && (FORBIDDEN_IN_FORMS.test(value) || FORBIDDEN_IN_FORMS.test(name))) return name;
  return null;
}

/** Whether an urlencoded body (as sent) holds a forbidden character, raw or percent-encoded. */
export function urlencodedHasForbiddenCharacter(body: string): boolean {
  return FORBIDDEN_ENCODED.test(body) || FORBIDDEN_IN_FORMS.test(body);
}

/** What the error boundary receives for a refused form: the message to show. */
export interface FormRefusal {
  formRefused: string;
}

export const isFormRefusal = (value: unknown): value is FormRefusal =>
  typeof value === "object" && value !== null && typeof (value as FormRefusal).formRefused === "string";

/**
 * Characters XML 1.0 does not allow (controls other than tab and line breaks, lone
 * surrogates, U+FFFE and U+FFFF): one of them makes a whole feed unreadable.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the characters XML does not allow. */
export function withoutNonXmlCharacters(text: string): string {
  return text.replace(NOT_XML, "");
}
