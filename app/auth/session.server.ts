/**
 * Staff sessions. The browser holds an opaque random token in an HttpOnly, SameSite=Lax
 * cookie (Secure under HTTPS); the database keeps only its SHA-256 (sessions.token_hash).
 * A session ends after 2 hours without a request (idle, enforced here on every lookup),
 * after an absolute lifetime of 12 hours, on sign-out (row deleted), or when the row is
 * deleted for any other reason (password set, account removed): the next request sees it.
 */
import { parse as parseCookieHeader, serialize as serializeCookie } from "cookie";
import { config, type AppConfig } from "../lib/config.server.ts";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { adminUsers, sessions, users, type StaffRole } from "../db/schema.ts";
import type { StaffPermission } from "./access.ts";
import { hashToken, newToken } from "../lib/tokens.server.ts";

export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const SESSION_WARNING_BEFORE_MS = 5 * 60 * 1000;

export interface SessionPolicy {
  idleTimeoutMs: number;
  absoluteLifetimeMs: number;
  /** last_seen_at is written at most this often (not on every request). */
  touchIntervalMs: number;
  /** The client warns this long before the idle limit. */
  warningBeforeMs: number;
}

/**
 * The session limits. SESSION_IDLE_TIMEOUT_MS and SESSION_ABSOLUTE_LIFETIME_MS are
 * honoured only when NODE_ENV=test, so that tests can use short limits; in production
 * the limits are fixed.
 */
export function sessionPolicy(settings: AppConfig = config()): SessionPolicy {
  const override = (value: number | undefined, fallback: number) =>
    settings.NODE_ENV === "test" && value !== undefined && value >= 1000 ? value : fallback;
  const idleTimeoutMs = override(settings.SESSION_IDLE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS);
  const absoluteLifetimeMs = override(settings.SESSION_ABSOLUTE_LIFETIME_MS, SESSION_ABSOLUTE_LIFETIME_MS);
  return {
    idleTimeoutMs,
    absoluteLifetimeMs,
    touchIntervalMs: Math.min(SESSION_TOUCH_INTERVAL_MS, Math.floor(idleTimeoutMs / 10)),
    warningBeforeMs: Math.min(SESSION_WARNING_BEFORE_MS, Math.floor(idleTimeoutMs / 2)),
  };
}

// ---------------------------------------------------------------------------------------
// Cookie

/** `__Host-` pins the cookie to this host, path / and Secure; only possible over HTTPS. */
export const sessionCookieName = (secure: boolean) => (secure ? "__Host-mcf_session" : "mcf_session");

/**
 * The cookies a request carries, by name (the first of a repeated name), read by the
 * `cookie` library; a value that is not valid URI-encoding is left out.
 */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  const parsed = parseCookieHeader(header ?? "", {
    decode: (value) => {
      try {
        return decodeURIComponent(value);
      } catch {
        return "\u0000";
      }
    },
  });
  for (const [name, value] of Object.entries(parsed)) if (value !== undefined && value !== "\u0000") cookies.set(name, value);
  return cookies;
}

export function readSessionToken(request: Request, secure: boolean): string | null {
  const token = parseCookies(request.headers.get("Cookie")).get(sessionCookieName(secure));
  // Tokens are 43 base64url characters; anything else is not ours.
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/** The Set-Cookie for a session token: HttpOnly, SameSite=Lax, Path=/, Secure under HTTPS. */
export function serializeSessionCookie(token: string, options: { secure: boolean; maxAgeMs: number }) {
  return tokenCookie(sessionCookieName(options.secure), token, options);
}

export function clearSessionCookie(options: { secure: boolean }) {
  return tokenCookie(sessionCookieName(options.secure), "", { ...options, maxAgeMs: 0 });
}

/** A cookie that holds an opaque token (a staff or donor session), written by the `cookie` library. */
export function tokenCookie(name: string, token: string, options: { secure: boolean; maxAgeMs: number }): string {
  return serializeCookie(name, token, {
    path: "/",
    maxAge: Math.max(0, Math.floor(options.maxAgeMs / 1000)),
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  });
}

// ---------------------------------------------------------------------------------------
// Store

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** A session that still has a sign-in step to pass (second factor): see `sessions.pending`. */
  pending?: SessionPending | null;
}

export type SessionPending = "verify" | "enrol";

/** Starts a new session (always a new id and token: sign-in rotates the session). */
export async function createSession(userId: string, meta: SessionMeta = {}, policy = sessionPolicy()) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + policy.absoluteLifetimeMs);
  const [row] = await getDb()
    .insert(sessions)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      pending: meta.pending ?? null,
    })
    .returning({ id: sessions.id });
  return { id: row.id, token, expiresAt };
}

export interface ActiveSession {
  id: string;
  userId: string;
  email: string;
  /** Null when the account has no staff access (no admin_users row). */
  role: StaffRole | null;
  /** The permissions of an editor (administrators have them all: see app/auth/access.ts). */
  permissions: StaffPermission[];
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Milliseconds left before the session ends (idle or absolute, whichever comes first). */
  remainingMs: number;
  /** Null for a full session; otherwise the sign-in step still to pass. */
  pending: SessionPending | null;
  /** Milliseconds since the owner last proved who they are (password or second factor). */
  verifiedAgoMs: number;
}

export type SessionLookup =
  | { status: "none" }
  | { status: "expired"; reason: "idle" | "absolute" | "unknown" }
  | { status: "active"; session: ActiveSession };

/**
 * Finds the session for a token and checks its limits against the database clock.
 * Expired rows are deleted. When `touch` is set, last_seen_at is moved to now if it is
 * older than the touch interval (so a busy page costs one write a minute at most).
 */
export async function lookupSession(
  token: string | null,
  options: { touch?: boolean; policy?: SessionPolicy } = {},
): Promise<SessionLookup> {
  if (!token) return { status: "none" };
  const policy = options.policy ?? sessionPolicy();
  const db = getDb();
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.user_id,
      email: users.email,
      role: adminUsers.role,
      permissions: adminUsers.permissions,
      createdAt: sessions.created_at,
      lastSeenAt: sessions.last_seen_at,
      expiresAt: sessions.expires_at,
      pending: sessions.pending,
      verifiedAt: sessions.verified_at,
      now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(adminUsers, eq(adminUsers.user_id, sessions.user_id))
    .where(eq(sessions.token_hash, hashToken(token)))
    .limit(1);
  if (!row) return { status: "expired", reason: "unknown" };

  const now = row.now.getTime();
  const absoluteEnd = Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + policy.absoluteLifetimeMs);
  const idleEnd = row.lastSeenAt.getTime() + policy.idleTimeoutMs;
  if (now >= absoluteEnd || now >= idleEnd) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return { status: "expired", reason: now >= absoluteEnd ? "absolute" : "idle" };
  }

  let lastSeenAt = row.lastSeenAt;
  if (options.touch && now - lastSeenAt.getTime() >= policy.touchIntervalMs) {
    lastSeenAt = await touchSession(row.id);
  }
  const remainingMs = Math.min(absoluteEnd, lastSeenAt.getTime() + policy.idleTimeoutMs) - now;
  return {
    status: "active",
    session: {
      id: row.id,
      userId: row.userId,
      email: row.email,
      role: row.role ?? null,
      permissions: row.permissions ?? [],
      createdAt: row.createdAt,
      lastSeenAt,
      expiresAt: new Date(absoluteEnd),
      remainingMs,
      pending: row.pending ?? null,
      verifiedAgoMs: now - row.verifiedAt.getTime(),
    },
  };
}

/** Marks the session as used now (Keep Session, throttled refresh on navigation). */
export async function touchSession(sessionId: string): Promise<Date> {
  const [row] = await getDb()
    .update(sessions)
    .set({ last_seen_at: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .returning({ lastSeenAt: sessions.last_seen_at });
  return row?.lastSeenAt ?? new Date();
}

/** The owner has just proved who they are again (re-authentication). */
export async function markSessionVerified(sessionId: string) {
  await getDb().update(sessions).set({ verified_at: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(sessionId: string) {
  await getDb().delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByToken(token: string) {
  await getDb().delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
}

/** Ends every session of an account (password changed, access removed by an administrator). */
export async function deleteSessionsOfUser(userId: string, options: { except?: string } = {}) {
  const where = options.except
    ? and(eq(sessions.user_id, userId), sql`${sessions.id} <> ${options.except}`)
    : eq(sessions.user_id, userId);
  await getDb().delete(sessions).where(where);
}

/** Housekeeping: removes sessions past their absolute expiry. */
export async function deleteExpiredSessions(policy = sessionPolicy()): Promise<number> {
  const deleted = await getDb()
    .delete(sessions)
    .where(
      sql`${sessions.expires_at} <= now() or ${sessions.last_seen_at} <= now() - make_interval(secs => ${policy.idleTimeoutMs / 1000})`,
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

