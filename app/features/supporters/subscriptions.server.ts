/**
 * Email news subscriptions: a signup (footer or /news) is confirmed by an emailed link
 * (double opt-in) before anything is recorded; the preferences link in every email
 * (no password) unsubscribes or subscribes again; the one-click POST of RFC 8058
 * unsubscribes at once. Every change is a consent event with its wording.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client.server.ts";
import { mailConfigured, queueMail } from "../../mail/mailer.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { hitCounter } from "../../lib/rate-counters.server.ts";
import { getSiteSettings } from "../settings/index.ts";
import { normaliseEmail, RESUBSCRIBE_WORDING, SIGNUP_WORDING } from "./consent.ts";
import { currentConsent, linkSupporter, recordConsent, supporterByEmail, supporterByPreferencesToken } from "./supporters.server.ts";
import { subscriptionRequests, supporters } from "./table.ts";
import { firstIssues, refusedForm, type PublicReply } from "../../lib/form-submission.ts";

const CONFIRM_DAYS = 7;
const SIGNUPS_PER_HOUR = 10;


const SignupSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address")
    .max(254, "Enter a valid email address")
    .pipe(z.email("Enter an email address like name@example.org")),
  firstName: z.string().trim().max(60, "Please keep your first name under 60 characters").default(""),
});

export type SignupResult =
  | { status: "check-email"; email: string }
  | { status: "mail-off" }
  /** Refused, in the one reply shape: Conform's reply, or the per-address limit. */
  | { status: "refused"; reply: PublicReply };

/**
 * A signup: checks the address, then mails a confirmation link. The answer is the same
 * whether or not the address is already subscribed (that person gets an email saying so
 * instead), so the page reveals nothing about anyone. Without mail, nothing is saved and
 * the answer says signup needs email switched on.
 */
export async function requestSignup(input: { email: unknown; firstName: unknown; source: string; origin: string; ip: string }): Promise<SignupResult> {
  const values = { email: String(input.email ?? ""), firstName: String(input.firstName ?? "") };
  const parsed = SignupSchema.safeParse(values);
  if (!parsed.success) {
    return { status: "refused", reply: refusedForm(firstIssues(parsed.error), values) };
  }
  if (!mailConfigured()) return { status: "mail-off" };
  const hit = await hitCounter(`newsletter:${input.ip}`, 3600);
  if (hit.count > SIGNUPS_PER_HOUR) return { status: "refused", reply: { limited: true } };

  const email = normaliseEmail(parsed.data.email);
  const { site_name: charity } = await getSiteSettings();
  const existing = await supporterByEmail(email);
  if (existing && (await currentConsent(existing.id)).subscribed) {
    await queueMail({
      to: email,
      subject: `You already get ${charity}'s news`,
      text: [
        `Someone (we hope you) asked to sign up ${email} for ${charity}'s email news.`,
        "",
        "This address is already subscribed, so nothing has changed.",
        "",
        `Your email preferences: ${input.origin}/newsletter/preferences/${existing.preferences_token}`,
      ].join("\n"),
    });
    return { status: "check-email", email };
  }
  const token = newToken();
  const db = getDb();
  await db.delete(subscriptionRequests).where(lt(subscriptionRequests.expires_at, new Date()));
  await db.insert(subscriptionRequests).values({
    token_hash: hashToken(token),
    email,
    first_name: parsed.data.firstName,
    wording: SIGNUP_WORDING,
    source: input.source,
    expires_at: new Date(Date.now() + CONFIRM_DAYS * 24 * 3600 * 1000),
  });
  await queueMail({
    to: email,
    subject: `Please confirm: ${charity} news by email`,
    text: [
      parsed.data.firstName ? `Hello ${parsed.data.firstName},` : "Hello,",
      "",
      `Someone (we hope you) asked to get ${charity}'s news by email at ${email}.`,
      "To confirm, open this link and press the button:",
      "",
      `${input.origin}/newsletter/confirm/${token}`,
      "",
      `The link works for ${CONFIRM_DAYS} days. If this was not you, ignore this email: you will not be subscribed.`,
    ].join("\n"),
  });
  logger.info({ source: input.source }, "newsletter signup: confirmation link mailed");
  return { status: "check-email", email };
}

/** The signup a confirmation link stands for (still valid), or null. */
export async function pendingSignup(token: string) {
  const [row] = await getDb()
    .select({ email: subscriptionRequests.email, first_name: subscriptionRequests.first_name })
    .from(subscriptionRequests)
    .where(and(eq(subscriptionRequests.token_hash, hashToken(token)), gt(subscriptionRequests.expires_at, new Date())));
  return row ?? null;
}

/**
 * Following the link: the supporter is made (or found) and consent recorded with the
 * wording the person signed up with. The link works once. Returns the preferences token.
 */
export async function confirmSignup(token: string): Promise<{ ok: true; preferencesToken: string } | { ok: false }> {
  return getDb().transaction(async (tx) => {
    const [request] = await tx
      .delete(subscriptionRequests)
      .where(and(eq(subscriptionRequests.token_hash, hashToken(token)), gt(subscriptionRequests.expires_at, new Date())))
      .returning();
    if (!request) return { ok: false as const };
    const id = (await linkSupporter(tx, { email: request.email, name: request.first_name }))!;
    if (!(await currentConsent(id, tx)).subscribed) {
      await recordConsent(tx, { supporterId: id, given: true, source: `${request.source}, confirmed by the emailed link`, wording: request.wording });
    }
    const [row] = await tx.select({ token: supporters.preferences_token }).from(supporters).where(eq(supporters.id, id));
    return { ok: true as const, preferencesToken: row.token };
  });
}

/** What the preferences page shows: the address and whether it is subscribed. */
export async function preferencesFor(token: string) {
  const person = await supporterByPreferencesToken(token);
  if (!person) return null;
  return { email: person.email, subscribed: (await currentConsent(person.id)).subscribed };
}

/** Unsubscribes through a link (the preferences page, or the one-click POST). Idempotent. */
export async function unsubscribeByToken(token: string, source: string): Promise<boolean> {
  const person = await supporterByPreferencesToken(token);
  if (!person) return false;
  await getDb().transaction(async (tx) => {
    if ((await currentConsent(person.id, tx)).subscribed) await recordConsent(tx, { supporterId: person.id, given: false, source, wording: "" });
  });
  return true;
}

export async function resubscribeByToken(token: string): Promise<boolean> {
  const person = await supporterByPreferencesToken(token);
  if (!person) return false;
  await getDb().transaction(async (tx) => {
    if (!(await currentConsent(person.id, tx)).subscribed) {
      await recordConsent(tx, { supporterId: person.id, given: true, source: "Email preferences page", wording: RESUBSCRIBE_WORDING });
    }
  });
  return true;
}
