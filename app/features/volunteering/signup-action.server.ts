/**
 * The sign-up post of the Volunteer page and of each opportunity's own page: the same form
 * (name, email, phone, the volunteer terms, one or more shifts), the same rules and replies.
 * A sign-up redirects to the volunteer's manage page, which confirms it.
 */
import { data, redirect } from "react-router";
import type { PublicReply } from "../../components/site/form-kit.tsx";
import { HONEYPOT_FIELD } from "../../lib/honeypot.ts";
import { logger } from "../../lib/logger.server.ts";
import { requestInfoContext, type RequestInfo } from "../../lib/request-context.ts";
import { firstIssues, refusedForm } from "../../lib/form-submission.ts";
import { CONSENT_FIELD, consentTicked } from "../supporters/ui.ts";
import { managePath } from "./mail.server.ts";
import { readSignUpPost } from "./public-form.server.ts";
import { SignUpSchema } from "./volunteering.schema.ts";
import { signUpAndConfirm } from "./volunteering.server.ts";

type Values = Record<string, string | string[]>;

const REFUSALS = {
  unknown: "One of the shifts you chose is no longer offered. Please choose again.",
  closed: "Sign-up has closed for a shift you chose. Please choose another.",
  full: "A shift you chose filled up before your form arrived. Please choose another.",
  overlap: "You cannot take two shifts that overlap. Please choose one of them.",
  already: "You are already signed up for a shift you chose.",
} as const;

function valuesOf(formData: FormData): Values {
  return {
    fullName: String(formData.get("fullName") ?? ""),
    email: String(formData.get("email") ?? ""),
    phone: String(formData.get("phone") ?? ""),
    terms: String(formData.get("terms") ?? ""),
    [CONSENT_FIELD]: consentTicked(formData.get(CONSENT_FIELD)) ? "on" : "",
    shifts: formData.getAll("shifts").map(String),
  };
}

export async function signUpAction({ request, context }: { request: Request; context: { get(key: typeof requestInfoContext): RequestInfo } }) {
  const ip = context.get(requestInfoContext).ip;
  const read = await readSignUpPost(request, ip);
  const noStore = { "Cache-Control": "private, no-store" };
  if (read.status === "rate-limited") return data<PublicReply>({ limited: true }, { status: 429, headers: noStore });
  const { formData } = read;
  const values = valuesOf(formData);
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ ip }, "honeypot volunteer sign-up ignored");
    return data<PublicReply>(refusedForm({ _form: "Your form could not be sent. Please try again." }, values), { status: 400, headers: noStore });
  }
  const parsed = SignUpSchema.safeParse(values);
  if (!parsed.success) return data<PublicReply>(refusedForm(firstIssues(parsed.error), values), { status: 400, headers: noStore });
  const { fullName, email, phone, shifts } = parsed.data;
  const result = await signUpAndConfirm({ fullName, email, phone, emailConsent: consentTicked(formData.get(CONSENT_FIELD)) }, shifts, { source: "public" });
  if (!result.ok) {
    const refused = new Set(result.shiftIds.map(String));
    const shifts = formData.getAll("shifts").map(String).filter((id) => !refused.has(id));
    return data<PublicReply>(refusedForm({ shifts: REFUSALS[result.reason] }, { ...values, shifts }), { status: 409, headers: noStore });
  }
  // Post, then redirect: the confirmation is the manage page itself (its address is the
  // link to keep), so a reload or a live refresh of this page never loses it.
  return redirect(`${managePath(result.token)}?welcome=1`, { status: 303, headers: noStore });
}

/** The pages' headers: a refused post is not stored by any cache. */
export function signUpHeaders({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}
