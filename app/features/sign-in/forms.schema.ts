/**
 * The staff sign-in screens' forms, read with `parseForm` (docs/decisions/287). Their
 * refusals stay terse: the schemas only give the posted fields their shape and length
 * (as the screens always cut them), and the screens decide the message after their
 * throttles and checks, in the same order as before. A reply never carries a secret
 * back: passwords, codes and passkey answers are left out of its values.
 */
import type { Submission } from "@conform-to/react";
import { z } from "zod";
import type { FormReply } from "../../lib/form-reply.ts";
import { replyErrors } from "../../lib/form-submission.ts";

/** Fields whose posted value never goes back to the browser in a reply. */
const SECRET_FIELDS = ["password", "current", "confirm", "code", "response"] as const;

/** A posted text cut to `max` characters (longer input is not refused, only cut). */
const cut = (max: number) => z.string().transform((value) => value.slice(0, max));

/** Sign-in: email and password, or (`intent` "passkey") a passkey's answer. */
export const LOGIN_FIELDS = ["email", "password", "redirectTo", "intent", "response"] as const;
export const LoginSchema = z.object({ email: cut(254), password: cut(1000), redirectTo: z.string(), intent: z.string(), response: z.string() });

/** A second-factor code (app or recovery code), or (`intent` "passkey") a passkey's answer. */
export const CODE_FIELDS = ["code", "intent", "response"] as const;
export const CodeSchema = z.object({ code: cut(100), intent: z.string(), response: z.string() });

/** Enrolment at sign-in: the app's first code, or (`intent` "add-passkey") a new passkey and its name. */
export const ENROL_FIELDS = ["code", "intent", "response", "name"] as const;
export const EnrolSchema = z.object({ code: cut(100), intent: z.string(), response: z.string(), name: z.string() });

/** Forgot password: the address to mail a reset link to (checked by the screen, after nothing else). */
export const FORGOT_FIELDS = ["email"] as const;
export const ForgotSchema = z.object({ email: cut(254) });

/** The enrolment link after a reset: the account's password. */
export const ENROL_LINK_FIELDS = ["password"] as const;
export const EnrolLinkSchema = z.object({ password: cut(1000) });

/** My account, adding a passkey: the browser's answer and the name typed (the server trims and cuts it). */
export const ADD_PASSKEY_FIELDS = ["intent", "response", "name"] as const;
export const AddPasskeySchema = z.object({ intent: z.string(), response: z.string(), name: z.string() });

/** My account, removing a passkey: which one (only the account's own is ever removed). */
export const REMOVE_PASSKEY_FIELDS = ["intent", "passkeyId"] as const;
export const RemovePasskeySchema = z.object({ intent: z.string(), passkeyId: z.string() });

/** Re-authentication: the password, or a code from the app, or (`intent` "passkey") a passkey. */
export const REAUTH_FIELDS = ["password", "code", "redirectTo", "intent", "response"] as const;
export const ReauthSchema = z.object({ password: cut(1000), code: cut(100), redirectTo: z.string(), intent: z.string(), response: z.string() });

/** My account, changing the password: the current one first, then the new one twice. */
export const CHANGE_PASSWORD_FIELDS = ["current", "password", "confirm"] as const;
export const ChangePasswordSchema = z.object({ current: cut(1000), password: z.string(), confirm: z.string() });

/** My account, the name news posts are signed with (may be empty). */
export const NAME_FIELDS = ["name"] as const;
export const NameSchema = z.object({ name: z.string().trim().max(80, "Your name must be at most 80 characters") });

/**
 * Conform's reply to a refused sign-in form, with the screen's own messages (one per field,
 * `_form` for the form's own) and without any secret's value.
 */
export function signInReply<T>(submission: Submission<T>, errors: Record<string, string> = {}): FormReply {
  return submission.reply({ ...replyErrors(errors), hideFields: [...SECRET_FIELDS] });
}
