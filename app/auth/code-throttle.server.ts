/**
 * Wrong second-step codes (authenticator or recovery codes), counted per account under
 * their own key, "code:<user id>" in login_throttle, apart from the password's back-off.
 * Only a correct code clears the count: a correct password does not, and neither does
 * the address a guess comes from.
 *
 * Every CODE_ROUND-th wrong code ends the pending session and closes the code step of the
 * account for a pause that doubles each round (30 minutes, 1 hour, 2 hours, ... up to a
 * day); the person signs in again with their password after it. So however many addresses
 * and password sign-ins an attacker uses, at most 2 × CODE_ROUND codes are checked per
 * account in any hour. The count is forgotten after a day without wrong codes.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { loginThrottle } from "../db/schema.ts";

/** Wrong codes in a row before the pending session ends and the pause starts. */
export const CODE_ROUND = 5;
const FIRST_PAUSE_MS = 30 * 60 * 1000;
const MAX_PAUSE_MS = 24 * 60 * 60 * 1000;
/** A count with no wrong code for this long starts again. */
export const CODE_COUNT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const codeKey = (userId: string) => `code:${userId}`;

/** The pause after the given number of wrong codes (0 while a round is not complete). */
function codePauseMs(wrongCodes: number): number {
  if (wrongCodes <= 0 || wrongCodes % CODE_ROUND !== 0) return 0;
  const round = wrongCodes / CODE_ROUND;
  return Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(round - 1, 10));
}

export type CodeAttempt =
  | { allowed: false; retryAfterMs: number }
  /** `pauseMs` > 0: this attempt, if wrong, completes a round (the pause has been set in advance). */
  | { allowed: true; wrongCodes: number; pauseMs: number };

/**
 * Checks and counts one code attempt before the code is checked, in one transaction with
 * the row locked: parallel guesses queue here, each is counted as wrong in advance, and the
 * one that completes a round sets the pause, so those behind it are refused unchecked.
 * A correct code then clears the count (`clearCodeFailures`).
 */
export async function reserveCodeAttempt(userId: string): Promise<CodeAttempt> {
  const key = codeKey(userId);
  const lifetime = CODE_COUNT_LIFETIME_MS / 1000;
  return getDb().transaction(async (tx) => {
    await tx.insert(loginThrottle).values({ key, failures: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({
        failures: loginThrottle.failures,
        stale: sql<boolean>`${loginThrottle.updated_at} < now() - make_interval(secs => ${lifetime})`,
        wait: sql<number>`greatest(0, ceil(extract(epoch from (${loginThrottle.blocked_until} - now())) * 1000))`.mapWith(Number),
      })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key))
      .for("update");
    if (row!.wait > 0) return { allowed: false, retryAfterMs: row!.wait };
    const wrongCodes = row!.stale ? 1 : row!.failures + 1;
    const pauseMs = codePauseMs(wrongCodes);
    await tx
      .update(loginThrottle)
      .set({
        failures: wrongCodes,
        updated_at: sql`now()`,
        blocked_until: pauseMs > 0 ? sql`now() + make_interval(secs => ${pauseMs / 1000})` : null,
      })
      .where(eq(loginThrottle.key, key));
    return { allowed: true, wrongCodes, pauseMs };
  });
}

/** After a correct code (or passkey) at the second step: the count starts again from zero. */
export async function clearCodeFailures(userId: string) {
  await getDb().delete(loginThrottle).where(eq(loginThrottle.key, codeKey(userId)));
}

/** How long the account's code step stays closed (0 when it is open). */
export async function codePauseLeftMs(userId: string): Promise<number> {
  const [row] = await getDb()
    .select({ wait: sql<number>`greatest(0, ceil(extract(epoch from (${loginThrottle.blocked_until} - now())) * 1000))`.mapWith(Number) })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, codeKey(userId)));
  return row?.wait ?? 0;
}
