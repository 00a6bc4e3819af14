/**
 * Signing a donor in without a password. The donor gives their email; when the address has
 * given to the charity, a sign-in link is mailed (single use, 30 minutes; only its SHA-256 is
 * kept, like the staff's one-time links). The answer is the same whether or not the address
 * is known. Requests are counted per client address (a visible limit: it says nothing about
 * any address) and per email address (a quiet one: nobody can flood someone's inbox).
 *
 * Following the link and pressing "Continue" uses it up and starts a donor session: an
 * opaque token in its own HttpOnly cookie (never the staff's), one hour at most, kept as a
 * SHA-256 in donor_sessions. Pages that read it answer "private, no-store", so the page cache
 * never stores or serves them.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { addressBucket } from "../../auth/throttle.server.ts";
import { donorCookieName } from "../../auth/donor-cookie.ts";
import { parseCookies, tokenCookie } from "../../auth/session.server.ts";
import { hitCounter } from "../../lib/rate-counters.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { mailConfigured, queueMail } from "../../mail/mailer.server.ts";
import { normaliseEmail, type Executor } from "../supporters/index.ts";
import { donorSessions, donorSignInLinks } from "./table.ts";

const LINK_LIFETIME_MS = 30 * 60 * 1000;
export const DONOR_SESSION_MS = 60 * 60 * 1000;
/** Link requests per client address in 15 minutes (beyond them: "try again later"). */
export const LINKS_PER_CLIENT = 10;
/** Links mailed per email address in an hour (beyond them: the same answer, no mail). */
export const LINKS_PER_ADDRESS = 3;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LinkRequestResult =
  | { ok: true }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "no-mail"; message: string }
  | { ok: false; reason: "limited"; message: string; retryAfterS: number };

/** Whether the address has given (a gift, a monthly gift or a declaration under it). */
async function hasGiven(email: string): Promise<boolean> {
  const db = getDb();
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(donations)
    .where(sql`lower(${donations.email}) = ${email}`)
    .unionAll(db.select({ one: sql<number>`1` }).from(monthlyGifts).where(sql`lower(${monthlyGifts.email}) = ${email}`))
    .unionAll(db.select({ one: sql<number>`1` }).from(giftAidDeclarations).where(sql`lower(${giftAidDeclarations.email}) = ${email}`))
    .limit(1);
  return Boolean(row);
}

export async function requestSignInLink(input: { email: unknown; ip: string; origin: string }): Promise<LinkRequestResult> {
  const email = normaliseEmail(typeof input.email === "string" ? input.email : "").slice(0, 254);
  if (!EMAIL.test(email)) return { ok: false, reason: "invalid", message: "Enter your email address, like name@example.com" };
  if (!mailConfigured()) return { ok: false, reason: "no-mail", message: "We cannot send email just now, so we cannot send you a sign-in link. Please email us instead." };
  const client = await hitCounter(`donor-link:ip:${addressBucket(input.ip)}`, 15 * 60);
  if (client.count > LINKS_PER_CLIENT) {
    const retryAfterS = Math.max(1, Math.ceil((client.windowStart.getTime() + 15 * 60_000 - Date.now()) / 1000));
    return { ok: false, reason: "limited", retryAfterS, message: `Too many sign-in links were asked for from here. Please try again in ${Math.ceil(retryAfterS / 60)} minutes.` };
  }
  const perAddress = await hitCounter(`donor-link:email:${hashToken(email)}`, 60 * 60);
  if (perAddress.count > LINKS_PER_ADDRESS || !(await hasGiven(email))) return { ok: true };
  const token = newToken();
  await getDb().transaction(async (tx) => {
    // A newer link replaces the unused ones of the same address.
    await tx.update(donorSignInLinks).set({ used_at: sql`now()` }).where(and(eq(donorSignInLinks.email, email), isNull(donorSignInLinks.used_at)));
    await tx.insert(donorSignInLinks).values({ token_hash: hashToken(token), email, expires_at: new Date(Date.now() + LINK_LIFETIME_MS) });
  });
  await queueMail({
    to: email,
    subject: "Your link to manage your giving to Millbrook Community Foundation",
    text: [
      "Hello,",
      "",
      "Someone (we hope you) asked to see and manage your giving to Millbrook Community Foundation.",
      "",
      "Open this link to sign in (it works once, for 30 minutes):",
      `${input.origin}/manage-giving/sign-in/${token}`,
      "",
      "If you did not ask for this, you can ignore this email: nobody can sign in without the link.",
      "",
      "Millbrook Community Foundation",
    ].join("\n"),
  });
  return { ok: true };
}

const TOKEN = /^[A-Za-z0-9_-]{40,64}$/;

/** Whether a link is usable now (shown before the donor presses Continue; does not use it). */
export async function signInLinkValid(token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const [row] = await getDb()
    .select({ id: donorSignInLinks.id })
    .from(donorSignInLinks)
    .where(and(eq(donorSignInLinks.token_hash, hashToken(token)), isNull(donorSignInLinks.used_at), gt(donorSignInLinks.expires_at, sql`now()`)));
  return Boolean(row);
}

/** Uses the link up (atomically: of two parallel uses, one wins) and starts a session; null when the link is not valid. */
export async function signInWithLink(token: string): Promise<{ token: string; expiresAt: Date; email: string } | null> {
  if (!TOKEN.test(token)) return null;
  const db = getDb();
  const [link] = await db
    .update(donorSignInLinks)
    .set({ used_at: sql`now()` })
    .where(and(eq(donorSignInLinks.token_hash, hashToken(token)), isNull(donorSignInLinks.used_at), gt(donorSignInLinks.expires_at, sql`now()`)))
    .returning({ email: donorSignInLinks.email });
  if (!link) return null;
  const sessionToken = newToken();
  const expiresAt = new Date(Date.now() + DONOR_SESSION_MS);
  await db.insert(donorSessions).values({ token_hash: hashToken(sessionToken), email: link.email, expires_at: expiresAt });
  return { token: sessionToken, expiresAt, email: link.email };
}

// ---- The donor's cookie ---------------------------------------------------------------


export function donorCookie(token: string, options: { secure: boolean; maxAgeMs: number }): string {
  return tokenCookie(donorCookieName(options.secure), token, options);
}

export const clearDonorCookie = (options: { secure: boolean }) => donorCookie("", { ...options, maxAgeMs: 0 });

function donorToken(request: Request, secure: boolean): string | null {
  const token = parseCookies(request.headers.get("Cookie")).get(donorCookieName(secure));
  return token && TOKEN.test(token) ? token : null;
}

export interface Donor {
  sessionId: string;
  email: string;
  expiresAt: Date;
}

/** The signed-in donor of a request, or null. */
export async function currentDonor(request: Request, secure: boolean): Promise<Donor | null> {
  const token = donorToken(request, secure);
  if (!token) return null;
  const [row] = await getDb()
    .select()
    .from(donorSessions)
    .where(and(eq(donorSessions.token_hash, hashToken(token)), gt(donorSessions.expires_at, sql`now()`)));
  return row ? { sessionId: row.id, email: row.email, expiresAt: row.expires_at } : null;
}

export async function signOutDonor(request: Request, secure: boolean): Promise<void> {
  const token = donorToken(request, secure);
  if (token) await getDb().delete(donorSessions).where(eq(donorSessions.token_hash, hashToken(token)));
}

/** Housekeeping: links and sessions that can no longer work. */
export async function deleteExpiredDonorAccess(): Promise<number> {
  const db = getDb();
  const links = await db.delete(donorSignInLinks).where(or(lt(donorSignInLinks.expires_at, sql`now()`), lt(donorSignInLinks.created_at, sql`now() - interval '1 day'`))).returning({ id: donorSignInLinks.id });
  const sessions = await db.delete(donorSessions).where(lt(donorSessions.expires_at, sql`now()`)).returning({ id: donorSessions.id });
  return links.length + sessions.length;
}

/** The data protection tools: how many sign-in links and sessions an address has (only their hashes and times are kept). */
export async function donorAccessOf(email: string, db: Executor = getDb()): Promise<{ links: number; sessions: number }> {
  const address = normaliseEmail(email);
  const [links] = await db.select({ n: sql<number>`count(*)::int` }).from(donorSignInLinks).where(eq(donorSignInLinks.email, address));
  const [sessions] = await db.select({ n: sql<number>`count(*)::int` }).from(donorSessions).where(eq(donorSessions.email, address));
  return { links: links?.n ?? 0, sessions: sessions?.n ?? 0 };
}

/** An erasure: the addresses' sign-in links and sessions go at once (an open session ends, an unused link stops working). */
export async function eraseDonorAccess(tx: Executor, addresses: string[]): Promise<{ links: number; sessions: number }> {
  if (addresses.length === 0) return { links: 0, sessions: 0 };
  const normalised = addresses.map(normaliseEmail);
  const links = await tx.delete(donorSignInLinks).where(inArray(donorSignInLinks.email, normalised)).returning({ id: donorSignInLinks.id });
  const sessions = await tx.delete(donorSessions).where(inArray(donorSessions.email, normalised)).returning({ id: donorSessions.id });
  return { links: links.length, sessions: sessions.length };
}
