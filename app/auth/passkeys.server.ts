/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) for staff accounts: a second
 * factor after the password, a way to re-authenticate, or the whole sign-in. A passkey
 * is always created as a discoverable credential with user verification (the device's
 * PIN, fingerprint or face), so by itself it is two factors: something held and
 * something known or been.
 *
 * - The relying party is the configured site origin (`siteOrigin()`): its host name is
 *   the RP ID, and only answers from that origin are accepted.
 * - Each challenge is stored (`webauthn_challenges`) for one purpose and, when a session
 *   asked for it, that session; it is used once (deleted when answered, right or wrong)
 *   and expires after five minutes.
 * - The signature counter must go up whenever the authenticator keeps one; the update is
 *   conditional, so one answer cannot be used twice even in parallel.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client.server.ts";
import { staffPasskeys, webauthnChallenges } from "../db/schema.ts";
import { config, siteOrigin } from "../lib/config.server.ts";
import { logger } from "../lib/logger.server.ts";
import { hitCounter } from "../lib/rate-counters.server.ts";
import { addressBucket } from "./throttle.server.ts";

export type ChallengePurpose = "sign-in" | "verify" | "register" | "reauth";

const CHALLENGE_LIFETIME_S = 5 * 60;
const RP_NAME = "Millbrook Community Foundation";
const MAX_NAME_LENGTH = 60;
/** At most this many passkeys per account (each is a way in). */
const MAX_PASSKEYS = 10;

/** @simplewebauthn/server, loaded at the first passkey operation rather than with every process. */
const webauthn = () => import("@simplewebauthn/server");

/** The relying party: the site's origin and its host name (the RP ID). */
function relyingParty(request?: Request) {
  // Not a link: the browser signs the origin it saw, and it must be this one. Without
  // PUBLIC_URL (development), the address the page was opened at.
  const origin = config().PUBLIC_URL ?? (request ? new URL(request.url).origin : siteOrigin());
  return { origin, rpID: new URL(origin).hostname };
}

/** The WebAuthn user handle of an account: its id's bytes (no email or name). */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

/**
 * Challenges of sign-ins with a passkey alone (anyone may ask) kept at once, at most: the
 * oldest goes when a new one would pass the cap. Challenges of a session are kept a few
 * per session and purpose. Together with the per-address limit (`passkeyOptionsLimit`)
 * the table cannot grow without bound.
 */
export const MAX_ANONYMOUS_CHALLENGES = 500;
const MAX_CHALLENGES_PER_SESSION = 3;

async function storeChallenge(challenge: string, purpose: ChallengePurpose, sessionId: string | null) {
  const db = getDb();
  await db.transaction(async (tx) => {
    // Expired ones go first: the table holds at most a few minutes of requests.
    await tx.delete(webauthnChallenges).where(sql`${webauthnChallenges.expires_at} <= now()`);
    // One writer at a time per kind, so parallel requests cannot all pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webauthn-challenges:${sessionId ?? "anonymous"}`}))`);
    const keep = sessionId ? MAX_CHALLENGES_PER_SESSION - 1 : MAX_ANONYMOUS_CHALLENGES - 1;
    const owner = sessionId
      ? sql`${webauthnChallenges.session_id} = ${sessionId} and ${webauthnChallenges.purpose} = ${purpose}`
      : sql`${webauthnChallenges.session_id} is null`;
    await tx.execute(sql`
      delete from ${webauthnChallenges} where id in (
        select id from ${webauthnChallenges} where ${owner} order by expires_at desc offset ${keep}
      )`);
    await tx
      .insert(webauthnChallenges)
      .values({ challenge, purpose, session_id: sessionId, expires_at: sql`now() + make_interval(secs => ${CHALLENGE_LIFETIME_S})` });
  });
}

export const TOO_MANY_PASSKEY_REQUESTS = "Too many passkey requests from your connection. Please wait a minute and try again.";

/** Passkey options (each a new challenge) per address and minute. */
export const PASSKEY_OPTIONS_PER_MINUTE = 20;

/**
 * Counts one request for passkey options from this address: the seconds to wait when
 * it is over the limit, or 0.
 */
export async function passkeyOptionsLimit(ip: string): Promise<number> {
  const hit = await hitCounter(`passkey-options:${addressBucket(ip)}`, 60);
  if (hit.count <= PASSKEY_OPTIONS_PER_MINUTE) return 0;
  return Math.max(1, Math.ceil((hit.windowStart.getTime() + 60_000 - Date.now()) / 1000));
}

/** Uses up a challenge: true once, when it was handed out for this purpose and session and has not expired. */
async function consumeChallenge(challenge: string, purpose: ChallengePurpose, sessionId: string | null): Promise<boolean> {
  const used = await getDb()
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        sessionId ? eq(webauthnChallenges.session_id, sessionId) : isNull(webauthnChallenges.session_id),
        sql`${webauthnChallenges.expires_at} > now()`,
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return used.length > 0;
}

/** Housekeeping: challenges never answered; how many were removed. */
export async function deleteExpiredChallenges(): Promise<number> {
  const removed = await getDb()
    .delete(webauthnChallenges)
    .where(sql`${webauthnChallenges.expires_at} <= now()`)
    .returning({ id: webauthnChallenges.id });
  return removed.length;
}

// ---------------------------------------------------------------------------------------
// The browser's answer

const Base64Url = z.string().min(1).max(20_000).regex(/^[A-Za-z0-9_-]+={0,2}$/);
const CredentialJson = z.looseObject({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: Base64Url }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** Parses the credential JSON posted by the browser; null when it is not one. */
function parseCredential(raw: string): z.infer<typeof CredentialJson> | null {
  if (raw.length > 50_000) return null;
  try {
    const parsed = CredentialJson.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// Registration

export interface PasskeyOwner {
  userId: string;
  email: string;
  /** The session asking (the challenge is bound to it). */
  sessionId: string;
}

/** Options for creating a passkey for the account (its existing passkeys are excluded). */
export async function passkeyRegistrationOptions(owner: PasskeyOwner, request?: Request): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(request);
  const existing = await getDb()
    .select({ id: staffPasskeys.credential_id, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.user_id, owner.userId));
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userID: userHandle(owner.userId),
    userName: owner.email,
    userDisplayName: owner.email,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await storeChallenge(options.challenge, "register", owner.sessionId);
  return options;
}

type PasskeyFailure = "malformed" | "challenge" | "unknown-credential" | "not-verified" | "counter" | "limit";
export type RegistrationResult = { ok: true; passkeyId: string; name: string } | { ok: false; reason: PasskeyFailure };

/** A passkey's name: what the owner typed (trimmed, one line), or "Passkey". */
function passkeyName(raw: string): string {
  const name = raw.replace(/\s+/g, " ").trim().slice(0, MAX_NAME_LENGTH);
  return name || "Passkey";
}

/** Checks the browser's answer to the registration options and stores the new passkey. */
export async function registerPasskey(
  owner: PasskeyOwner,
  input: { response: string; name: string },
  request?: Request,
): Promise<RegistrationResult> {
  const credential = parseCredential(input.response);
  if (!credential) return fail("register", "malformed");
  const count = await passkeyCount(owner.userId);
  if (count >= MAX_PASSKEYS) return fail("register", "limit");
  // The challenge is used up whatever happens next, so an answer never counts twice.
  const clientChallenge = readChallenge(credential.response.clientDataJSON);
  if (clientChallenge === null || !(await consumeChallenge(clientChallenge, "register", owner.sessionId))) return fail("register", "challenge");
  const { origin, rpID } = relyingParty(request);
  try {
    const verification = await (await webauthn()).verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: clientChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verification.verified || !verification.registrationInfo) return fail("register", "not-verified");
    const { credential: created } = verification.registrationInfo;
    const name = passkeyName(input.name);
    const [row] = await getDb()
      .insert(staffPasskeys)
      .values({
        user_id: owner.userId,
        credential_id: created.id,
        public_key: Buffer.from(created.publicKey).toString("base64url"),
        counter: created.counter,
        transports: created.transports ?? [],
        name,
      })
      .onConflictDoNothing({ target: staffPasskeys.credential_id })
      .returning({ id: staffPasskeys.id });
    if (!row) return fail("register", "not-verified");
    return { ok: true, passkeyId: row.id, name };
  } catch (error) {
    return fail("register", "not-verified", error);
  }
}

// ---------------------------------------------------------------------------------------
// Authentication

/**
 * Options for proving the account with a passkey. With `userId`, only that account's
 * passkeys are offered (second step, re-authentication); without, the browser offers the
 * discoverable credentials it has for this site (sign-in with a passkey alone).
 */
export async function passkeyAuthenticationOptions(
  input: { purpose: Exclude<ChallengePurpose, "register">; sessionId: string | null; userId?: string },
  request?: Request,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(request);
  const allow = input.userId
    ? await getDb()
        .select({ id: staffPasskeys.credential_id, transports: staffPasskeys.transports })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.user_id, input.userId))
    : [];
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
  });
  await storeChallenge(options.challenge, input.purpose, input.sessionId);
  return options;
}

export type AuthenticationResult = { ok: true; userId: string; passkeyId: string } | { ok: false; reason: PasskeyFailure };

/**
 * Checks the browser's answer to authentication options: the challenge (once, for this
 * purpose and session), a known passkey (of `userId` when given), the origin and RP ID,
 * the signature with the stored public key, user verification and the counter.
 */
export async function verifyPasskey(
  input: { purpose: Exclude<ChallengePurpose, "register">; sessionId: string | null; userId?: string; response: string },
  request?: Request,
): Promise<AuthenticationResult> {
  const credential = parseCredential(input.response);
  if (!credential) return fail(input.purpose, "malformed");
  const db = getDb();
  const [stored] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.credential_id, credential.id)).limit(1);
  // The challenge is used up whatever happens next, so an answer never counts twice.
  const clientChallenge = readChallenge(credential.response.clientDataJSON);
  const challengeOk = clientChallenge !== null && (await consumeChallenge(clientChallenge, input.purpose, input.sessionId));
  if (!challengeOk) return fail(input.purpose, "challenge");
  if (!stored || (input.userId && stored.user_id !== input.userId)) return fail(input.purpose, "unknown-credential");
  const handle = typeof credential.response.userHandle === "string" ? credential.response.userHandle : null;
  if (handle && Buffer.from(handle, "base64url").toString() !== stored.user_id) return fail(input.purpose, "unknown-credential");

  const { origin, rpID } = relyingParty(request);
  let newCounter: number;
  try {
    const verification = await (await webauthn()).verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: clientChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, "base64url")),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return fail(input.purpose, "not-verified");
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    const reason = error instanceof Error && /counter/i.test(error.message) ? "counter" : "not-verified";
    return fail(input.purpose, reason, error);
  }
  // Conditional: the counter only goes up (authenticators without one always report 0).
  const updated = await db
    .update(staffPasskeys)
    .set({ counter: newCounter, last_used_at: sql`now()` })
    .where(
      and(
        eq(staffPasskeys.id, stored.id),
        or(lt(staffPasskeys.counter, newCounter), and(eq(staffPasskeys.counter, 0), sql`${newCounter} = 0`)),
      ),
    )
    .returning({ id: staffPasskeys.id });
  if (updated.length === 0) return fail(input.purpose, "counter");
  return { ok: true, userId: stored.user_id, passkeyId: stored.id };
}

/** The challenge inside clientDataJSON (base64url JSON), or null. */
function readChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

function fail(purpose: ChallengePurpose, reason: PasskeyFailure, error?: unknown): { ok: false; reason: PasskeyFailure } {
  logger.info({ purpose, reason, detail: error instanceof Error ? error.message : undefined }, "passkey refused");
  return { ok: false, reason };
}

// ---------------------------------------------------------------------------------------
// The owner's list

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(userId: string): Promise<PasskeySummary[]> {
  return getDb()
    .select({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.created_at, lastUsedAt: staffPasskeys.last_used_at })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.user_id, userId))
    .orderBy(asc(staffPasskeys.created_at));
}

async function passkeyCount(userId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.user_id, userId));
  return row?.n ?? 0;
}

/** Removes one of the account's passkeys; its name, or null when there was none. */
export async function removePasskey(userId: string, passkeyId: string): Promise<string | null> {
  if (!z.uuid().safeParse(passkeyId).success) return null;
  const [row] = await getDb()
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.user_id, userId)))
    .returning({ name: staffPasskeys.name });
  return row?.name ?? null;
}
