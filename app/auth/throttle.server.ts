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

export const THROTTLE_BASE_DELAY_MS = 1000;
export const THROTTLE_MAX_DELAY_MS = 60_000;
export const THROTTLE_RESET_AFTER_MS = 15 * 60 * 1000;
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

/** How long the caller must still wait (0 when none of the keys is blocked). */
export async function throttleWaitMs(keys: ThrottleKeys): Promise<number> {
  const rows = await getDb()
    .select({
      wait: sql<number>`greatest(0, ceil(extract(epoch from (${loginThrottle.blocked_until} - now())) * 1000))`.mapWith(Number),
    })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [keys.account, keys.address]));
  return rows.reduce((max, row) => Math.max(max, row.wait || 0), 0);
}

async function countFailure(key: string, freeFailures: number) {
  const db = getDb();
  const resetAfter = THROTTLE_RESET_AFTER_MS / 1000;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, updated_at: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.updated_at} < now() - make_interval(secs => ${resetAfter}) then 1 else ${loginThrottle.failures} + 1 end`,
        updated_at: sql`now()`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const delay = backoffDelayMs(row.failures - freeFailures);
  await db
    .update(loginThrottle)
    .set({ blocked_until: delay > 0 ? sql`now() + make_interval(secs => ${delay / 1000})` : null })
    .where(eq(loginThrottle.key, key));
  return { failures: row.failures, delayMs: delay };
}

/** Counts one failed sign-in against the account and the address. */
export async function recordLoginFailure(keys: ThrottleKeys) {
  const account = await countFailure(keys.account, 0);
  const address = await countFailure(keys.address, addressFreeFailures());
  return { retryAfterMs: Math.max(account.delayMs, address.delayMs) };
}

/** After a successful sign-in: the account starts again from zero. */
export async function clearAccountThrottle(keys: ThrottleKeys) {
  await getDb().delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
}
