/**
 * One-time links (first-run setup, invitations, password resets, re-enrolment of a second
 * factor after an administrator reset it). Only the SHA-256 of
 * the token is stored; a link works once and only until it expires.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { oneTimeTokens } from "../db/schema.ts";
import { hashToken, newToken } from "../lib/tokens.server.ts";

export type LinkPurpose = "setup" | "invite" | "reset" | "enrol";

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  setup: 7 * 24 * 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  enrol: 3 * 24 * 60 * 60 * 1000,
};

const LINK_PATHS: Record<LinkPurpose, string> = {
  setup: "/admin/setup",
  invite: "/admin/set-password",
  reset: "/admin/set-password",
  enrol: "/admin/enrol",
};

export async function createOneTimeLink(
  purpose: LinkPurpose,
  options: { userId?: string | null; createdBy?: string | null } = {},
): Promise<{ token: string; path: string; expiresAt: Date }> {
  const db = getDb();
  const token = newToken();
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[purpose]);
  await db.transaction(async (tx) => {
    // A newer link of the same kind replaces the older, unused ones.
    const owner = options.userId ? eq(oneTimeTokens.user_id, options.userId) : isNull(oneTimeTokens.user_id);
    await tx
      .update(oneTimeTokens)
      .set({ used_at: sql`now()` })
      .where(and(eq(oneTimeTokens.purpose, purpose), owner, isNull(oneTimeTokens.used_at)));
    await tx.insert(oneTimeTokens).values({
      token_hash: hashToken(token),
      purpose,
      user_id: options.userId ?? null,
      created_by: options.createdBy ?? null,
      expires_at: expiresAt,
    });
  });
  return { token, path: `${LINK_PATHS[purpose]}/${token}`, expiresAt };
}

/** The link's record if it is valid now (does not use it up). */
export async function findValidLink(token: string, purposes: LinkPurpose[]) {
  const [row] = await getDb()
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.token_hash, hashToken(token)), isNull(oneTimeTokens.used_at), gt(oneTimeTokens.expires_at, sql`now()`)))
    .limit(1);
  return row && purposes.includes(row.purpose) ? row : null;
}

/** Uses the link up atomically; returns its record, or null when it was not valid. */
export async function consumeLink(token: string, purposes: LinkPurpose[]) {
  const [row] = await getDb()
    .update(oneTimeTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(oneTimeTokens.token_hash, hashToken(token)), isNull(oneTimeTokens.used_at), gt(oneTimeTokens.expires_at, sql`now()`)))
    .returning();
  return row && purposes.includes(row.purpose) ? row : null;
}

/** Housekeeping: removes links past their expiry (used or not; they can no longer work). */
export async function deleteExpiredLinks(): Promise<number> {
  const deleted = await getDb().delete(oneTimeTokens).where(sql`${oneTimeTokens.expires_at} <= now()`).returning({ id: oneTimeTokens.id });
  return deleted.length;
}
