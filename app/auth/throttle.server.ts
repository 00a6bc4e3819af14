/**
 * Sign-in throttling, kept in login_throttle so it holds across restarts and instances.
 * Failures are counted per account ("email:<address>") and per client address
 * ("ip:<address>", IPv6 by /64). After the n-th counted failure the key is blocked for
 * 1 s, doubling each time, up to 60 s. While a key is blocked, sign-in is refused without
 * checking the password. A counter starts again after 15 quiet minutes; a successful
 * sign-in clears the account's counter (not the address's: an attacker who owns one
 * account must not be able to reset the counter of the address they guess from).
 */
import { config, type AppConfig } from "../lib/config.server.ts";
import { isIPv4, isIPv6 } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { loginThrottle } from "../db/schema.ts";
import { CODE_COUNT_LIFETIME_MS } from "./code-throttle.server.ts";

const THROTTLE_BASE_DELAY_MS = 1000;
const THROTTLE_MAX_DELAY_MS = 60_000;
const THROTTLE_RESET_AFTER_MS = 15 * 60 * 1000;
/**
 * Failures from one address that cost nothing: several staff may share an office
 * address, and one colleague's typo must not make the others wait.
 */
export const ADDRESS_FREE_FAILURES = 5;

/**
 * The free failures per address. LOGIN_THROTTLE_ADDRESS_FREE_FAILURES is honoured only when
 * NODE_ENV=test: the browser tests all come from one address and would otherwise slow
 * each other down (the per-account limit still applies to them).
 */
export function addressFreeFailures(settings: AppConfig = config()): number {
  const value = settings.LOGIN_THROTTLE_ADDRESS_FREE_FAILURES;
  return settings.NODE_ENV === "test" && value !== undefined ? value : ADDRESS_FREE_FAILURES;
}

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `email:${email.trim().toLowerCase()}`, address: `ip:${addressBucket(ip)}` };
}

/** IPv4 as is (IPv4-mapped IPv6 unwrapped); IPv6 by its /64 prefix (one end user's network). */
export function addressBucket(ip: string): string {
  const address = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 100) || "unknown";
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export function backoffDelayMs(countedFailures: number): number {
  if (countedFailures <= 0) return 0;
  return Math.min(THROTTLE_MAX_DELAY_MS, THROTTLE_BASE_DELAY_MS * 2 ** Math.min(countedFailures - 1, 20));
}

export type AttemptReservation =
  | { allowed: false; retryAfterMs: number; blockedKey: string }
  | { allowed: true; retryAfterMs: number; /** The block each key got, by key. */ blocks: Record<string, number> };

/**
 * Checks and counts one sign-in attempt in one transaction, before the password is
 * verified. Both rows (account and address) are locked (SELECT ... FOR UPDATE, in key
 * order), so parallel attempts, in any process, queue here: the first one is counted as a
 * failure in advance and blocks the key, the ones behind it find the block and are
 * refused without a password check. A successful sign-in then takes its count back
 * (`settleSuccessfulSignIn`). A refused attempt changes no counter.
 */
export async function reserveSignInAttempt(keys: ThrottleKeys): Promise<AttemptReservation> {
  const free: Record<string, number> = { [keys.account]: 0, [keys.address]: addressFreeFailures() };
  const resetAfter = THROTTLE_RESET_AFTER_MS / 1000;
  return getDb().transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values([keys.account, keys.address].map((key) => ({ key, failures: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select({
        key: loginThrottle.key,
        failures: loginThrottle.failures,
        stale: sql<boolean>`${loginThrottle.updated_at} < now() - make_interval(secs => ${resetAfter})`,
        wait: sql<number>`greatest(0, ceil(extract(epoch from (${loginThrottle.blocked_until} - now())) * 1000))`.mapWith(Number),
      })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [keys.account, keys.address]))
      .orderBy(loginThrottle.key)
      .for("update");
    const blocked = rows.filter((r) => r.wait > 0).sort((a, b) => b.wait - a.wait)[0];
    if (blocked) return { allowed: false, retryAfterMs: blocked.wait, blockedKey: blocked.key };
    let retryAfterMs = 0;
    const blocks: Record<string, number> = {};
    for (const row of rows) {
      const failures = row.stale ? 1 : row.failures + 1;
      const delay = backoffDelayMs(failures - (free[row.key] ?? 0));
      retryAfterMs = Math.max(retryAfterMs, delay);
      blocks[row.key] = delay;
      await tx
        .update(loginThrottle)
        .set({
          failures,
          updated_at: sql`now()`,
          blocked_until: delay > 0 ? sql`now() + make_interval(secs => ${delay / 1000})` : null,
        })
        .where(eq(loginThrottle.key, row.key));
    }
    return { allowed: true, retryAfterMs, blocks };
  });
}

/**
 * After the password turned out wrong: the blocks set in advance start again from now, so
 * the wait a person sees is measured from the answer, not from the start of the check.
 */
export async function restartBlocks(blocks: Record<string, number>) {
  for (const [key, delay] of Object.entries(blocks)) {
    if (delay <= 0) continue;
    await getDb()
      .update(loginThrottle)
      .set({ blocked_until: sql`greatest(${loginThrottle.blocked_until}, now() + make_interval(secs => ${delay / 1000}))` })
      .where(eq(loginThrottle.key, key));
  }
}

/**
 * After a successful sign-in: the account starts again from zero, and the attempt counted
 * in advance against the address is taken back (with the block it may have set).
 */
export async function settleSuccessfulSignIn(keys: ThrottleKeys) {
  const db = getDb();
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, keys.address))
      .for("update");
    if (!row) return;
    const failures = Math.max(0, row.failures - 1);
    const delay = backoffDelayMs(failures - addressFreeFailures());
    await tx
      .update(loginThrottle)
      .set({ failures, blocked_until: delay > 0 ? sql`now() + make_interval(secs => ${delay / 1000})` : null })
      .where(eq(loginThrottle.key, keys.address));
  });
}

/**
 * Housekeeping: counters that have been quiet for the reset period and block nothing.
 * Wrong-code counters ("code:…", code-throttle.server.ts) are kept for their own, longer lifetime.
 */
export async function deleteStaleThrottleRows() {
  const resetAfter = THROTTLE_RESET_AFTER_MS / 1000;
  const codeLifetime = CODE_COUNT_LIFETIME_MS / 1000;
  const deleted = await getDb()
    .delete(loginThrottle)
    .where(
      sql`${loginThrottle.updated_at} < now() - make_interval(secs => case when ${loginThrottle.key} like 'code:%' then ${codeLifetime}::double precision else ${resetAfter}::double precision end) and (${loginThrottle.blocked_until} is null or ${loginThrottle.blocked_until} < now())`,
    )
    .returning({ key: loginThrottle.key });
  return deleted.length;
}
