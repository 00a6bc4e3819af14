/**
 * The one password rule for every new password (first-run setup, invitation and reset
 * links, My account, the create-user command): at least MIN_PASSWORD_LENGTH characters,
 * not only spaces, not one of the most common passwords, and not containing the person's
 * email address or the charity's name.
 */
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { MIN_PASSWORD_LENGTH } from "./password-rules.ts";

export const PASSWORD_MESSAGES = {
  short: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  blank: "Password cannot be only spaces",
  common: "This password is too common. Choose one that is harder to guess",
  email: "Password must not contain your email address",
  charity: "Password must not contain the charity's name",
} as const;

const common = new Set(COMMON_PASSWORDS);

/** Lower-case letters and digits only, so "Mill-Brook" and "millbrook" compare equal. */
const compact = (value: string) => value.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

export interface PasswordContext {
  /** The account's email address. */
  email: string;
  /** The charity's name (site settings). */
  charityName: string;
}

/** Why `password` is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  if (password.trim() === "") return password.length >= MIN_PASSWORD_LENGTH ? PASSWORD_MESSAGES.blank : PASSWORD_MESSAGES.short;
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.short;
  const lower = password.normalize("NFKC").toLowerCase();
  if (common.has(lower) || common.has(lower.trim())) return PASSWORD_MESSAGES.common;

  const letters = compact(password);
  const local = compact(context.email.split("@")[0] ?? "");
  if (local.length >= 3 && letters.includes(local)) return PASSWORD_MESSAGES.email;

  const name = compact(context.charityName);
  const firstWord = compact(context.charityName.trim().split(/\s+/)[0] ?? "");
  if ((name.length >= 4 && letters.includes(name)) || (firstWord.length >= 4 && letters.includes(firstWord))) {
    return PASSWORD_MESSAGES.charity;
  }
  return null;
}
