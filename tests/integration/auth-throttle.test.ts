import { reloadConfig } from "../../app/lib/config.server.ts";
import { randomBytes, scryptSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { signIn } from "../../app/features/sign-in/login.server.ts";
import { ADDRESS_FREE_FAILURES, throttleKeys } from "../../app/auth/throttle.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, loginThrottle, rateCounters, sessions, users } from "../../app/db/schema.ts";
import { runHousekeeping } from "../../app/domain/limits/housekeeping.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { createTestAccount, TEST_PASSWORD } from "../helpers/staff.ts";

setupTestDatabase();

/** Pretends the current wait is over (instead of sleeping in the test). */
const endWait = (key: string) =>
  getDb().update(loginThrottle).set({ blocked_until: sql`now() - interval '1 millisecond'` }).where(eq(loginThrottle.key, key));

describe("sign-in throttling per account", () => {
  it("backs off 1 s, 2 s, 4 s ... after each failure and answers 'busy' while blocked", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const key = throttleKeys(email, "x").account;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const failed = await signIn({ email, password: "wrong password!!", ip: `192.0.2.${i + 1}` });
      expect(failed).toMatchObject({ ok: false, reason: "invalid" });
      waits.push(failed.ok ? 0 : failed.retryAfterMs);
      // While blocked, even the right password is not checked.
      const blocked = await signIn({ email, password: TEST_PASSWORD, ip: `192.0.2.${i + 1}` });
      expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
      await endWait(key);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it("caps the wait at 60 s", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const key = throttleKeys(email, "x").account;
    let last = 0;
    for (let i = 0; i < 9; i++) {
      const failed = await signIn({ email, password: "wrong password!!", ip: `192.0.2.${50 + i}` });
      last = failed.ok ? 0 : failed.retryAfterMs;
      await endWait(key);
    }
    expect(last).toBe(60_000);
  });

  it("lets a throttled account sign in once the wait has passed, and then starts again from zero", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const key = throttleKeys(email, "x").account;
    for (let i = 0; i < 3; i++) {
      await signIn({ email, password: "wrong password!!", ip: "192.0.2.100" });
      await endWait(key);
    }
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.100" })).ok).toBe(true);
    expect(await getDb().select().from(loginThrottle).where(eq(loginThrottle.key, key))).toHaveLength(0);
    const next = await signIn({ email, password: "wrong password!!", ip: "192.0.2.101" });
    expect(next).toMatchObject({ reason: "invalid", retryAfterMs: 1000 });
  });

  it("really waits: blocked now, allowed after the wait", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    await signIn({ email, password: "wrong password!!", ip: "192.0.2.150" });
    expect(await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.150" })).toMatchObject({ reason: "throttled" });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.150" })).ok).toBe(true);
  });

  it("throttles an unknown email the same way (no hint that it does not exist)", async () => {
    const email = "ghost@example.org";
    // Sent together: the second is refused while the first is being checked.
    const results = await Promise.all([
      signIn({ email, password: "guess number one", ip: "192.0.2.200" }),
      signIn({ email, password: "guess number two", ip: "192.0.2.201" }),
    ]);
    expect(results.map((r) => (r.ok ? "ok" : r.reason)).sort()).toEqual(["invalid", "throttled"]);
  });

  it("audits throttled attempts", async () => {
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_throttled"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].ip).toMatch(/^192\.0\.2\./);
  });
});

describe("parallel guesses", () => {
  it("checks one of 100 parallel wrong passwords for an account and refuses the others unchecked", async () => {
    const { email, user } = await createTestAccount({ role: "editor" });
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn({ email, password: `wrong guess ${i}!!!`, ip: `203.0.113.${(i % 200) + 1}` })),
    );
    const elapsed = Date.now() - started;
    // One check, then a 1 s block (then 2 s, 4 s...): on a slow machine the 100 requests may
    // take longer than the first block, and one more check is then due.
    let allowed = 1;
    for (let next = 1000; next <= elapsed; next += 2 ** allowed * 1000) allowed++;
    const checked = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(allowed);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(100 - checked);
    // Each check is audited; the refusals made one entry.
    const failed = await getDb().select().from(auditLog).where(sql`${auditLog.action} = 'auth.sign_in_failed' and ${auditLog.actor_user_id} = ${user.id}`);
    expect(failed).toHaveLength(checked);
    const throttled = await getDb().select().from(auditLog).where(sql`${auditLog.action} = 'auth.sign_in_throttled' and ${auditLog.actor_user_id} = ${user.id}`);
    expect(throttled).toHaveLength(1);
  });

  it("checks the right password of 20 parallel attempts only once as well", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const results = await Promise.all(Array.from({ length: 20 }, () => signIn({ email, password: TEST_PASSWORD, ip: "203.0.113.240" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("what a failed sign-in records", () => {
  it("never stores an unknown email as typed (it may be a password)", async () => {
    const typed = "my secret password typed in the wrong box";
    await signIn({ email: typed, password: "whatever at all", ip: "192.0.2.230" });
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.ip, "192.0.2.230"));
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_email).toBe("unknown account");
    expect(JSON.stringify(rows)).not.toContain("secret password");
  });

  it("names a known account", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    await signIn({ email, password: "wrong password!!", ip: "192.0.2.231" });
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.ip, "192.0.2.231"));
    expect(rows[0].actor_email).toBe(email);
  });
});

describe("password hash cost", () => {
  it("re-hashes a password stored with the old cost (N=2^15) at the next sign-in", async () => {
    const { email, user } = await createTestAccount({ role: "editor" });
    // The production cost (the other tests hash at 2^15 to save time).
    const testCost = process.env.PASSWORD_HASH_LOG_N;
    delete process.env.PASSWORD_HASH_LOG_N;
    reloadConfig();
    onTestFinished(() => {
      process.env.PASSWORD_HASH_LOG_N = testCost;
      reloadConfig();
    });
    const oldHash = await scryptHash(TEST_PASSWORD, 2 ** 15);
    await getDb().update(users).set({ password_hash: oldHash }).where(eq(users.id, user.id));
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.232" })).ok).toBe(true);
    const [row] = await getDb().select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id));
    expect(row.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.233" })).ok).toBe(true);
  });
});

describe("housekeeping", () => {
  it("deletes throttle rows quiet for 15 minutes, keeps recent and blocking ones", async () => {
    await getDb().insert(loginThrottle).values([
      { key: "email:old@example.org", failures: 3, updated_at: sql`now() - interval '16 minutes'` },
      { key: "email:recent@example.org", failures: 1 },
      { key: "email:blocked@example.org", failures: 9, updated_at: sql`now() - interval '16 minutes'`, blocked_until: sql`now() + interval '1 minute'` },
    ]);
    await runHousekeeping();
    const keys = (await getDb().select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
    expect(keys).not.toContain("email:old@example.org");
    expect(keys).toContain("email:recent@example.org");
    expect(keys).toContain("email:blocked@example.org");
  });

  it("deletes expired sessions", async () => {
    const { user } = await createTestAccount({ role: "editor" });
    await getDb().insert(sessions).values({ token_hash: `expired-${user.id}`, user_id: user.id, expires_at: sql`now() - interval '1 minute'` });
    await runHousekeeping();
    expect(await getDb().select().from(sessions).where(eq(sessions.user_id, user.id))).toHaveLength(0);
  });

  it("writes one summary entry for the repeats of an aggregated period when it is over", async () => {
    const { email, user } = await createTestAccount({ role: "editor" });
    await signIn({ email, password: "wrong password!!", ip: "192.0.2.234" });
    for (let i = 0; i < 5; i++) await signIn({ email, password: "wrong password!!", ip: "192.0.2.234" });
    await getDb().update(rateCounters).set({ window_start: sql`now() - interval '16 minutes'` }).where(sql`${rateCounters.key} like ${`audit:auth.sign_in_throttled:email:${email}`}`);
    await runHousekeeping();
    const rows = await getDb().select().from(auditLog).where(sql`${auditLog.action} = 'auth.sign_in_throttled' and ${auditLog.actor_user_id} = ${user.id}`).orderBy(auditLog.id);
    expect(rows).toHaveLength(2);
    expect(rows[1].details).toMatchObject({ repeated: 4 });
    expect(await getDb().select().from(rateCounters).where(sql`${rateCounters.key} like ${`%${email}`}`)).toHaveLength(0);
  });
});

async function scryptHash(password: string, N: number) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N, r: 8, p: 1, maxmem: 128 * N * 8 * 2 });
  return ["scrypt", N, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("sign-in throttling per address", () => {
  it(`backs off an address that fails for many accounts (after ${ADDRESS_FREE_FAILURES} free failures)`, async () => {
    const ip = "198.51.100.77";
    // Made first: the block after the sixth failure lasts 1 s, so nothing slow may sit between them.
    const { email } = await createTestAccount({ role: "editor" });
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      const result = await signIn({ email: `spray-${i}@example.org`, password: "Winter2025!!!!", ip });
      expect(result).toMatchObject({ reason: "invalid", retryAfterMs: 1000 });
    }
    const sixth = await signIn({ email: "spray-x@example.org", password: "Winter2025!!!!", ip });
    expect(sixth).toMatchObject({ reason: "invalid", retryAfterMs: 1000 });
    // Now the address itself is blocked, for any account, even a right password.
    expect(await signIn({ email, password: TEST_PASSWORD, ip })).toMatchObject({ reason: "throttled" });
    // Another address is not affected.
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "198.51.100.78" })).ok).toBe(true);
  });

  it("treats one IPv6 /64 as one address", async () => {
    const prefix = "2001:db8:aa:bb";
    const { email } = await createTestAccount({ role: "editor" });
    for (let i = 0; i <= ADDRESS_FREE_FAILURES; i++) {
      await signIn({ email: `v6-${i}@example.org`, password: "Winter2025!!!!", ip: `${prefix}::${i + 1}` });
    }
    expect(await signIn({ email, password: TEST_PASSWORD, ip: `${prefix}:1234:5678:9abc:def0` })).toMatchObject({ reason: "throttled" });
  });
});
